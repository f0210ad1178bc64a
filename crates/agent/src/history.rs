//! What the model sees: the request built from the session log.
//!
//! This is the one place where the history sent to the model is assembled. The layout is a
//! stable prefix (system prompt and tool schemas, identical at every step), the history in log
//! order (the task first, verbatim; every assistant tool call followed by its result), and a
//! small dynamic tail (step and token budget, the todo list) that is rebuilt at every step and
//! never stored. A context manager (masking, summarising) plugs in by transforming the
//! message list between [`history_messages`] and [`dynamic_tail`].

use loopwright_context::condense::Item;
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::{Message, ModelRequest, Role};
use loopwright_protocol::tool::ToolSpec;

use crate::state::State;

/// The system prompt, built once per run.
pub fn system_prompt(workspace: &str, verify: Option<&str>) -> String {
    let mut s = String::from(
        "You are an autonomous software engineer working in a repository. Work step by step: \
inspect, change, check. Use the tools; every tool call gets a result. Keep outputs small \
(filter with grep, read files by range). Large outputs are cut to head and tail and the full \
text is saved to a file you can read with read_file. Some commands are denied by policy; \
when that happens, find another way. When the task is complete, call `finish` with a short summary.",
    );
    s.push_str(&format!("\n\nWorkspace: {workspace}"));
    if let Some(v) = verify {
        s.push_str(&format!(
            "\nThe run only ends when the verify command `{v}` exits 0 after you call finish."
        ));
    }
    s
}

/// The history in log order: task, assistant messages, tool results, harness messages.
pub fn history_messages(events: &[Event]) -> Vec<Message> {
    history_items(events)
        .into_iter()
        .map(|i| i.message)
        .collect()
}

/// The history with the event sequence number of each message (its recall id).
pub fn history_items(events: &[Event]) -> Vec<Item> {
    let mut out = Vec::with_capacity(events.len());
    for e in events {
        let message = match &e.kind {
            EventKind::SessionStart { task, .. } => Message::text(Role::User, task.clone()),
            EventKind::User { text } => Message::text(Role::User, text.clone()),
            EventKind::Assistant {
                text, tool_calls, ..
            } => Message {
                role: Role::Assistant,
                content: text.clone(),
                tool_calls: tool_calls.clone(),
                tool_call_id: None,
            },
            EventKind::ToolResult(r) => Message::tool(r.call_id.clone(), r.content.clone()),
            _ => continue,
        };
        out.push(Item { id: e.seq, message });
    }
    out
}

/// The dynamic tail: budget left and the todo list.
pub fn dynamic_tail(state: &State, max_steps: u64, max_tokens: Option<u64>) -> Message {
    let mut s = format!("[loop] step {} of {max_steps}", state.steps + 1);
    match max_tokens {
        Some(m) => s.push_str(&format!("; tokens used {} of {m}", state.usage.total())),
        None => s.push_str(&format!("; tokens used {}", state.usage.total())),
    }
    if state.todo.is_empty() {
        s.push_str("\nTodo list: empty (use the todo tool to plan multi-step work)");
    } else {
        s.push_str("\nTodo list:");
        for item in &state.todo {
            let mark = match item.status.as_str() {
                "done" => "[x]",
                "in_progress" => "[~]",
                _ => "[ ]",
            };
            s.push_str(&format!("\n{mark} {}", item.text));
        }
    }
    Message::text(Role::User, s)
}

/// The complete request for the next model call.
pub fn build_request(
    system: &str,
    tools: &[ToolSpec],
    events: &[Event],
    state: &State,
    max_steps: u64,
    max_tokens: Option<u64>,
) -> ModelRequest {
    build_request_from(
        system,
        tools,
        history_messages(events),
        state,
        max_steps,
        max_tokens,
    )
}

/// The request for the next model call from an already condensed history.
pub fn build_request_from(
    system: &str,
    tools: &[ToolSpec],
    mut messages: Vec<Message>,
    state: &State,
    max_steps: u64,
    max_tokens: Option<u64>,
) -> ModelRequest {
    messages.push(dynamic_tail(state, max_steps, max_tokens));
    ModelRequest {
        system: system.to_string(),
        tools: tools.to_vec(),
        messages,
    }
}

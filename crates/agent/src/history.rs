//! What the model sees: the request built from the session log.
//!
//! This is the one place where the history sent to the model is assembled. The layout is a
//! stable prefix (system prompt and tool schemas, identical at every step), the history in log
//! order (the task first, verbatim; every assistant tool call followed by its result), and a
//! small dynamic tail (step and token budget, the todo list) that is rebuilt at every step and
//! never stored. The context manager ([`crate::context`]: masking, summarising) transforms the
//! message list between [`history_items`] and [`dynamic_tail`].

use loopwright_context::condense::Item;
use loopwright_context::prompt::Tail;
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::{Message, ModelRequest, Role};
use loopwright_protocol::tool::ToolSpec;

use crate::config::Prices;
use crate::context::todo_items;
use crate::state::State;

/// The system prompt, built once per run.
pub fn system_prompt(workspace: &str, verify: Option<&str>) -> String {
    let mut s = String::from(
        "You are an autonomous software engineer working in a repository. Work step by step: \
inspect, change, check. Use the tools; every tool call gets a result. Keep outputs small \
(filter with grep, read files by range). Large outputs are cut to head and tail and the full \
text is saved to a file you can read with read_file. Old tool results may be shown as a \
one-line stub, and older history as a summary; the recall tool returns any of them in full by \
its recall id. Some commands are denied by policy; \
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
    events.iter().filter_map(history_item).collect()
}

/// The history message an event contributes, if any, with its recall id.
pub fn history_item(e: &Event) -> Option<Item> {
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
        _ => return None,
    };
    Some(Item { id: e.seq, message })
}

/// The budget the tail reports.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TailBudget {
    /// Step budget.
    pub max_steps: u64,
    /// Token budget.
    pub max_tokens: Option<u64>,
    /// Cost budget in USD.
    pub max_cost: Option<f64>,
    /// Prices, to show the cost so far.
    pub prices: Option<Prices>,
}

/// The dynamic tail: step, token and cost budget used and left, and the todo list.
pub fn dynamic_tail(state: &State, budget: &TailBudget) -> Message {
    let tail = Tail {
        step: state.steps + 1,
        max_steps: budget.max_steps,
        tokens_used: state.usage.total(),
        max_tokens: budget.max_tokens,
        cost_usd: budget.prices.map(|p| p.cost(&state.usage)),
        max_cost_usd: budget.max_cost,
        todo: todo_items(state),
    };
    let mut s = tail.render();
    if state.todo.is_empty() {
        s.push_str(" (use the todo tool to plan multi-step work)");
    }
    Message::text(Role::User, s)
}

/// The complete request for the next model call, from the full (uncondensed) history.
pub fn build_request(
    system: &str,
    tools: &[ToolSpec],
    events: &[Event],
    state: &State,
    budget: &TailBudget,
) -> ModelRequest {
    build_request_from(system, tools, history_messages(events), state, budget)
}

/// The request for the next model call from an already condensed history.
pub fn build_request_from(
    system: &str,
    tools: &[ToolSpec],
    mut messages: Vec<Message>,
    state: &State,
    budget: &TailBudget,
) -> ModelRequest {
    messages.push(dynamic_tail(state, budget));
    ModelRequest {
        system: system.to_string(),
        tools: tools.to_vec(),
        messages,
    }
}

//! Anthropic Messages (`POST {base}/v1/messages`): `tool_use` and `tool_result` content
//! blocks (a failed result marked `is_error`), thinking blocks sent back with their turn,
//! prompt-cache breakpoints (system prompt, end of the history), and an output bound on every
//! request. Reading replies is in [`crate::anthropic_stream`].

use loopwright_model::{Cancel, HistoryFacts, Provider, ProviderError};
use loopwright_protocol::message::{AssistantTurn, Message, ModelRequest, Role, StreamEvent};
use serde_json::{Value, json};

use crate::anthropic_stream::read_reply;
use crate::memory::TurnMemory;
use crate::openai::{DEFAULT_MAX_OUTPUT_TOKENS, Endpoint};
use crate::transport::{HttpRequest, Transport};

pub use crate::anthropic_stream::{EventAssembler, parse_full_reply};

/// The `anthropic-version` header sent with every request.
pub const API_VERSION: &str = "2023-06-01";

/// The Anthropic Messages provider.
#[derive(Debug)]
pub struct AnthropicProvider {
    endpoint: Endpoint,
    transport: Transport,
    /// `max_tokens` of each request.
    pub max_tokens: u64,
    /// Ask for a streamed reply (default).
    pub stream: bool,
    memory: TurnMemory,
}

impl AnthropicProvider {
    /// A provider for `endpoint` (base URL without `/v1`), sending through `transport`.
    pub fn new(endpoint: Endpoint, transport: Transport) -> Self {
        AnthropicProvider {
            endpoint,
            transport,
            max_tokens: DEFAULT_MAX_OUTPUT_TOKENS,
            stream: true,
            memory: TurnMemory::default(),
        }
    }
}

impl Provider for AnthropicProvider {
    fn name(&self) -> &str {
        "anthropic"
    }

    fn model(&self) -> Option<&str> {
        Some(&self.endpoint.model)
    }

    fn complete_with(
        &mut self,
        request: &ModelRequest,
        facts: &HistoryFacts,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        let mut headers = vec![("anthropic-version".to_string(), API_VERSION.to_string())];
        if let Some(key) = &self.endpoint.api_key {
            headers.push(("x-api-key".to_string(), key.clone()));
        }
        let req = HttpRequest {
            url: self.endpoint.url("v1/messages"),
            headers,
            body: request_body_with(
                &self.endpoint.model,
                request,
                (self.max_tokens, self.stream),
                facts,
                &self.memory,
            ),
            key_env: self.endpoint.key_env.clone(),
        };
        let turn = self
            .transport
            .send(&req, cancel, |b| read_reply(b, on_event))?;
        self.memory.remember(&turn);
        Ok(turn)
    }
}

/// The request body for `request`, with no history facts and no remembered turns.
pub fn request_body(model: &str, request: &ModelRequest, max_tokens: u64, stream: bool) -> Value {
    request_body_with(
        model,
        request,
        (max_tokens, stream),
        &HistoryFacts::default(),
        &TurnMemory::default(),
    )
}

/// The request body for `request` with `(max_tokens, stream)`; failed tool results (from
/// `facts`) are marked `is_error`, and remembered turns get their thinking blocks back.
pub fn request_body_with(
    model: &str,
    request: &ModelRequest,
    (max_tokens, stream): (u64, bool),
    facts: &HistoryFacts,
    memory: &TurnMemory,
) -> Value {
    let mut messages = messages_with(&request.messages, facts, memory);
    mark_history_end(&mut messages);
    let mut body = json!({
        "model": model,
        "max_tokens": max_tokens,
        "messages": messages,
        "stream": stream,
    });
    if !request.tools.is_empty() {
        let mut tools: Vec<Value> = request
            .tools
            .iter()
            .map(|t| json!({"name": t.name, "description": t.description, "input_schema": t.parameters}))
            .collect();
        if request.system.is_empty()
            && let Some(last) = tools.last_mut()
        {
            last["cache_control"] = ephemeral();
        }
        body["tools"] = Value::Array(tools);
    }
    if !request.system.is_empty() {
        // Tools come before the system prompt in the cached prefix: one breakpoint here
        // covers both.
        body["system"] =
            json!([{"type": "text", "text": request.system, "cache_control": ephemeral()}]);
    }
    drop_short_breakpoints(
        &mut body,
        loopwright_context::price::anthropic_min_cacheable(model),
    );
    body
}

/// Bytes per token assumed when deciding whether a prefix reaches the cache minimum: fewer
/// than any tokenizer gives for text or code, so a breakpoint that might reach it stays.
const BYTES_PER_TOKEN_AT_MOST: usize = 3;

/// Removes the cache breakpoints whose prefix (tools, system, messages, in the provider's
/// order, up to and including the marked block) is shorter than `min_tokens`: the provider
/// caches nothing there, and each request has only four breakpoints.
fn drop_short_breakpoints(body: &mut Value, min_tokens: u64) {
    let min_bytes = usize::try_from(min_tokens)
        .unwrap_or(usize::MAX)
        .saturating_mul(BYTES_PER_TOKEN_AT_MOST);
    let mut seen = 0usize;
    let mut visit = |block: &mut Value| {
        seen += block.to_string().len();
        if seen < min_bytes
            && let Some(o) = block.as_object_mut()
        {
            o.remove("cache_control");
        }
    };
    for key in ["tools", "system"] {
        if let Some(list) = body.get_mut(key).and_then(Value::as_array_mut) {
            list.iter_mut().for_each(&mut visit);
        }
    }
    if let Some(msgs) = body.get_mut("messages").and_then(Value::as_array_mut) {
        for m in msgs {
            if let Some(blocks) = m.get_mut("content").and_then(Value::as_array_mut) {
                blocks.iter_mut().for_each(&mut visit);
            }
        }
    }
}

/// An ephemeral cache breakpoint.
fn ephemeral() -> Value {
    json!({"type": "ephemeral"})
}

/// Puts a prompt-cache breakpoint at the end of the history: on the last block, or on the
/// block before it when the request ends with a user text block (the loop's dynamic tail, or the
/// summary instruction), which changes every step. The next request repeats the history, so the
/// provider serves it from the entry written here (Anthropic caches only at breakpoints).
fn mark_history_end(messages: &mut [Value]) {
    let mut blocks: Vec<&mut Value> = messages
        .iter_mut()
        .filter_map(|m| m.get_mut("content").and_then(Value::as_array_mut))
        .flat_map(|c| c.iter_mut())
        .collect();
    let n = blocks.len();
    let ends_with_text = blocks
        .last()
        .is_some_and(|b| b.get("type").and_then(Value::as_str) == Some("text"));
    let at = if ends_with_text && n >= 2 {
        n - 2
    } else {
        n.saturating_sub(1)
    };
    if let Some(b) = blocks.get_mut(at) {
        b["cache_control"] = ephemeral();
    }
}

/// The `messages` array. Tool results become `tool_result` blocks of a user message, and
/// consecutive messages of the same side are merged, as the API requires alternation.
pub fn messages_json(messages: &[Message]) -> Vec<Value> {
    messages_with(messages, &HistoryFacts::default(), &TurnMemory::default())
}

fn messages_with(messages: &[Message], facts: &HistoryFacts, memory: &TurnMemory) -> Vec<Value> {
    let mut out: Vec<(String, Vec<Value>)> = Vec::new();
    for m in messages {
        let (role, blocks) = match m.role {
            Role::User | Role::System => ("user", vec![json!({"type": "text", "text": m.content})]),
            Role::Tool => {
                let id = m.tool_call_id.clone().unwrap_or_default();
                let mut block =
                    json!({"type": "tool_result", "tool_use_id": id, "content": m.content});
                if facts.failed_calls.contains(&id) {
                    block["is_error"] = json!(true);
                }
                ("user", vec![block])
            }
            Role::Assistant => {
                // Thinking blocks come first, verbatim (their signatures are checked).
                let mut blocks: Vec<Value> = memory
                    .recall(m)
                    .map(|r| r.replay.clone())
                    .unwrap_or_default();
                if !m.content.is_empty() {
                    blocks.push(json!({"type": "text", "text": m.content}));
                }
                for c in &m.tool_calls {
                    let input = match &c.arguments {
                        Value::Object(_) => c.arguments.clone(),
                        _ => json!({}),
                    };
                    blocks.push(
                        json!({"type": "tool_use", "id": c.id, "name": c.name, "input": input}),
                    );
                }
                ("assistant", blocks)
            }
        };
        if blocks.is_empty() {
            continue;
        }
        match out.last_mut() {
            Some((r, b)) if r == role => b.extend(blocks),
            _ => out.push((role.to_string(), blocks)),
        }
    }
    out.into_iter()
        .map(|(role, content)| json!({"role": role, "content": content}))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_protocol::tool::{ToolCall, ToolSpec};

    /// Indices (over all content blocks) that carry a cache breakpoint.
    fn breakpoints(body: &Value) -> Vec<usize> {
        body["messages"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|m| m["content"].as_array().unwrap().iter())
            .enumerate()
            .filter(|(_, b)| b.get("cache_control").is_some())
            .map(|(i, _)| i)
            .collect()
    }

    fn request(messages: Vec<Message>, system: &str) -> ModelRequest {
        ModelRequest {
            system: system.into(),
            tools: vec![ToolSpec {
                name: "shell".into(),
                description: "run".into(),
                parameters: json!({"type": "object"}),
                role: Default::default(),
            }],
            messages,
        }
    }

    #[test]
    fn cache_breakpoints_mark_the_prefix_and_the_end_of_the_history() {
        let call = Message {
            role: Role::Assistant,
            content: String::new(),
            tool_calls: vec![ToolCall {
                id: "c1".into(),
                name: "shell".into(),
                arguments: json!({"command": "ls"}),
            }],
            tool_call_id: None,
        };
        // Long enough a prefix that every breakpoint reaches the cache minimum.
        let sys = "s".repeat(4000);
        let task = Message::text(Role::User, "task ".repeat(800));
        let result = Message::tool("c1", "a.txt");
        let tail = Message::text(Role::User, "[loop] step 2 of 40");
        // A dynamic tail at the end: the breakpoint goes on the block before it (the result).
        let with_tail = request(vec![task.clone(), call.clone(), result.clone(), tail], &sys);
        let b = request_body("m", &with_tail, 100, false);
        assert_eq!(breakpoints(&b), vec![2]);
        assert_eq!(b["system"][0]["cache_control"]["type"], "ephemeral");
        assert!(
            b["tools"][0].get("cache_control").is_none(),
            "system covers tools"
        );
        // Ending with a tool result: on the result itself.
        let b = request_body(
            "m",
            &request(vec![task.clone(), call, result], &sys),
            100,
            false,
        );
        assert_eq!(breakpoints(&b), vec![2]);
        // The first request (task only): on the task.
        let b = request_body("m", &request(vec![task], ""), 100, false);
        assert_eq!(breakpoints(&b), vec![0]);
        // No system prompt: the last tool would carry the prefix breakpoint, but one short
        // tool is below the cache minimum, so it has none.
        assert!(b["tools"][0].get("cache_control").is_none());
        assert!(b.get("system").is_none());
        let mut big = request(Vec::new(), "");
        big.tools[0].description = "d".repeat(4000);
        big.messages.push(Message::text(Role::User, "task"));
        let b = request_body("m", &big, 100, false);
        assert_eq!(b["tools"][0]["cache_control"]["type"], "ephemeral");
    }

    #[test]
    fn breakpoints_below_the_models_cache_minimum_are_left_out() {
        let task = Message::text(Role::User, "task");
        let short = request_body("claude-sonnet-4-5", &request(vec![task], "sys"), 100, false);
        assert!(breakpoints(&short).is_empty());
        assert!(short["system"][0].get("cache_control").is_none());
        // About 1,700 tokens: past Sonnet's 1,024 minimum, short of Haiku 4.5's 4,096.
        let long = request(vec![Message::text(Role::User, "word ".repeat(1400))], "sys");
        let sonnet = request_body("claude-sonnet-4-5", &long, 100, false);
        assert_eq!(breakpoints(&sonnet), vec![0]);
        let haiku = request_body("claude-haiku-4-5", &long, 100, false);
        assert!(breakpoints(&haiku).is_empty());
    }
}

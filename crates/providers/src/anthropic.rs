//! Anthropic Messages (`POST {base}/v1/messages`): streamed events, `tool_use` and
//! `tool_result` content blocks, prompt-cache breakpoints (system prompt, end of the history),
//! and usage including prompt-cache reads and writes.

use std::collections::BTreeMap;

use loopwright_agent::provider::TurnBuilder;
use loopwright_agent::{Cancel, Provider, ProviderError};
use loopwright_protocol::message::{AssistantTurn, Message, ModelRequest, Role, StreamEvent};
use loopwright_protocol::usage::Usage;
use serde_json::{Value, json};

use crate::openai::Endpoint;
use crate::transport::{Body, HttpRequest, ReadError, Transport};

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
}

impl AnthropicProvider {
    /// A provider for `endpoint` (base URL without `/v1`), sending through `transport`.
    pub fn new(endpoint: Endpoint, transport: Transport) -> Self {
        AnthropicProvider {
            endpoint,
            transport,
            max_tokens: 8192,
            stream: true,
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

    fn complete(
        &mut self,
        request: &ModelRequest,
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
            body: request_body(&self.endpoint.model, request, self.max_tokens, self.stream),
            key_env: self.endpoint.key_env.clone(),
        };
        self.transport
            .send(&req, cancel, |b| read_reply(b, on_event))
    }
}

/// The request body for `request`.
pub fn request_body(model: &str, request: &ModelRequest, max_tokens: u64, stream: bool) -> Value {
    let mut messages = messages_json(&request.messages);
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
    body
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
    let mut out: Vec<(String, Vec<Value>)> = Vec::new();
    for m in messages {
        let (role, blocks) = match m.role {
            Role::User | Role::System => ("user", vec![json!({"type": "text", "text": m.content})]),
            Role::Tool => (
                "user",
                vec![json!({"type": "tool_result",
                    "tool_use_id": m.tool_call_id.clone().unwrap_or_default(),
                    "content": m.content})],
            ),
            Role::Assistant => {
                let mut blocks = Vec::new();
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

fn read_reply(
    body: &mut Body<'_>,
    on_event: &mut dyn FnMut(&StreamEvent),
) -> Result<AssistantTurn, ReadError> {
    if body.is_event_stream() {
        let mut asm = EventAssembler::default();
        while let Some(ev) = body.next_event()? {
            asm.push(ev.event.as_deref(), &ev.data, on_event)?;
            if asm.stopped {
                break;
            }
        }
        if !asm.stopped {
            return Err(ReadError::Retry(
                "the stream ended before message_stop".into(),
            ));
        }
        return Ok(asm.finish());
    }
    let ct = body.content_type().to_string();
    let text = body.read_all()?;
    let v: Value = serde_json::from_str(&text).map_err(|_| {
        ReadError::Fatal(format!(
            "expected an event stream or JSON, got content type `{ct}`: {}",
            crate::transport::excerpt(&text)
        ))
    })?;
    parse_full_reply(&v, on_event)
}

/// Assembles a reply from Anthropic stream events.
#[derive(Default)]
pub struct EventAssembler {
    builder: TurnBuilder,
    /// Content-block index to tool-use id.
    tools: BTreeMap<u64, String>,
    usage: Usage,
    stopped: bool,
}

impl EventAssembler {
    fn emit(&mut self, ev: StreamEvent, on_event: &mut dyn FnMut(&StreamEvent)) {
        self.builder.push(&ev);
        on_event(&ev);
    }

    /// Feeds one event (`event:` name and `data:` payload).
    pub fn push(
        &mut self,
        event: Option<&str>,
        data: &str,
        on_event: &mut dyn FnMut(&StreamEvent),
    ) -> Result<(), ReadError> {
        let v: Value = serde_json::from_str(data).map_err(|e| {
            ReadError::Retry(format!(
                "malformed stream event ({e}): {}",
                crate::transport::excerpt(data)
            ))
        })?;
        let kind = v
            .get("type")
            .and_then(Value::as_str)
            .or(event)
            .unwrap_or("");
        match kind {
            "message_start" => {
                if let Some(u) = v.pointer("/message/usage") {
                    add_usage(&mut self.usage, u);
                }
            }
            "content_block_start" => {
                let index = v.get("index").and_then(Value::as_u64).unwrap_or(0);
                let block = v.get("content_block").unwrap_or(&Value::Null);
                match block.get("type").and_then(Value::as_str) {
                    Some("tool_use") => {
                        let id = block
                            .get("id")
                            .and_then(Value::as_str)
                            .map(str::to_string)
                            .unwrap_or_else(|| format!("toolu_{index}"));
                        let name = block.get("name").and_then(Value::as_str).unwrap_or("");
                        self.tools.insert(index, id.clone());
                        self.emit(
                            StreamEvent::ToolCallStart {
                                id,
                                name: name.into(),
                            },
                            on_event,
                        );
                    }
                    Some("text") => {
                        if let Some(t) = block.get("text").and_then(Value::as_str)
                            && !t.is_empty()
                        {
                            self.emit(StreamEvent::TextDelta { text: t.into() }, on_event);
                        }
                    }
                    _ => {}
                }
            }
            "content_block_delta" => {
                let index = v.get("index").and_then(Value::as_u64).unwrap_or(0);
                let delta = v.get("delta").unwrap_or(&Value::Null);
                match delta.get("type").and_then(Value::as_str) {
                    Some("text_delta") => {
                        let t = delta.get("text").and_then(Value::as_str).unwrap_or("");
                        self.emit(StreamEvent::TextDelta { text: t.into() }, on_event);
                    }
                    Some("input_json_delta") => {
                        let part = delta
                            .get("partial_json")
                            .and_then(Value::as_str)
                            .unwrap_or("");
                        if let Some(id) = self.tools.get(&index).cloned() {
                            self.emit(
                                StreamEvent::ToolCallDelta {
                                    id,
                                    arguments: part.into(),
                                },
                                on_event,
                            );
                        }
                    }
                    _ => {}
                }
            }
            "message_delta" => {
                if let Some(u) = v.get("usage") {
                    // The output count here is cumulative: it replaces the start value.
                    if let Some(o) = u.get("output_tokens").and_then(Value::as_u64) {
                        self.usage.output_tokens = o;
                    }
                }
            }
            "message_stop" => {
                let usage = self.usage;
                self.emit(StreamEvent::Usage { usage }, on_event);
                self.stopped = true;
            }
            "error" => {
                let etype = v
                    .pointer("/error/type")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let msg = v
                    .pointer("/error/message")
                    .and_then(Value::as_str)
                    .unwrap_or(data);
                let text = format!("the server reported {etype}: {msg}");
                return Err(if etype == "overloaded_error" || etype == "api_error" {
                    ReadError::Retry(text)
                } else {
                    ReadError::Fatal(text)
                });
            }
            _ => {}
        }
        Ok(())
    }

    /// The assembled turn.
    pub fn finish(self) -> AssistantTurn {
        self.builder.finish()
    }
}

/// Adds an Anthropic usage object: `input_tokens` excludes cache reads and writes, so all
/// three are summed into [`Usage::input_tokens`]; cache reads are also [`Usage::cached_tokens`].
fn add_usage(usage: &mut Usage, u: &Value) {
    let n = |k: &str| u.get(k).and_then(Value::as_u64).unwrap_or(0);
    let read = n("cache_read_input_tokens");
    usage.input_tokens = n("input_tokens") + read + n("cache_creation_input_tokens");
    usage.cached_tokens = read;
    usage.output_tokens = n("output_tokens");
}

/// Reads a non-streamed Messages reply, reporting its pieces as events.
pub fn parse_full_reply(
    v: &Value,
    on_event: &mut dyn FnMut(&StreamEvent),
) -> Result<AssistantTurn, ReadError> {
    if v.get("type").and_then(Value::as_str) == Some("error") {
        return Err(ReadError::Fatal(format!(
            "the server reported an error: {v}"
        )));
    }
    let content = v
        .get("content")
        .and_then(Value::as_array)
        .ok_or_else(|| ReadError::Fatal("the reply has no content array".into()))?;
    let mut b = TurnBuilder::default();
    let mut emit = |ev: StreamEvent| {
        b.push(&ev);
        on_event(&ev);
    };
    for (i, block) in content.iter().enumerate() {
        match block.get("type").and_then(Value::as_str) {
            Some("text") => {
                let t = block.get("text").and_then(Value::as_str).unwrap_or("");
                emit(StreamEvent::TextDelta { text: t.into() });
            }
            Some("tool_use") => {
                let id = block
                    .get("id")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .unwrap_or_else(|| format!("toolu_{i}"));
                let name = block.get("name").and_then(Value::as_str).unwrap_or("");
                let input = block.get("input").cloned().unwrap_or(json!({}));
                emit(StreamEvent::ToolCallStart {
                    id: id.clone(),
                    name: name.into(),
                });
                emit(StreamEvent::ToolCallDelta {
                    id,
                    arguments: input.to_string(),
                });
            }
            _ => {}
        }
    }
    let mut usage = Usage::default();
    if let Some(u) = v.get("usage") {
        add_usage(&mut usage, u);
    }
    emit(StreamEvent::Usage { usage });
    Ok(b.finish())
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
        let task = Message::text(Role::User, "task");
        let result = Message::tool("c1", "a.txt");
        let tail = Message::text(Role::User, "[loop] step 2 of 40");
        // A dynamic tail at the end: the breakpoint goes on the block before it (the result).
        let with_tail = request(
            vec![task.clone(), call.clone(), result.clone(), tail],
            "sys",
        );
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
            &request(vec![task.clone(), call, result], "sys"),
            100,
            false,
        );
        assert_eq!(breakpoints(&b), vec![2]);
        // The first request (task only): on the task.
        let b = request_body("m", &request(vec![task], ""), 100, false);
        assert_eq!(breakpoints(&b), vec![0]);
        // No system prompt: the last tool carries the prefix breakpoint.
        assert_eq!(b["tools"][0]["cache_control"]["type"], "ephemeral");
        assert!(b.get("system").is_none());
    }

    #[test]
    fn event_sequence_assembles_text_tools_and_cache_usage() {
        let events = [
            r#"{"type":"message_start","message":{"id":"m","usage":{"input_tokens":10,"cache_read_input_tokens":200,"cache_creation_input_tokens":5,"output_tokens":1}}}"#,
            r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#,
            r#"{"type":"ping"}"#,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Checking."}}"#,
            r#"{"type":"content_block_stop","index":0}"#,
            r#"{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"shell","input":{}}}"#,
            r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"command\": "}}"#,
            r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"\"ls\"}"}}"#,
            r#"{"type":"content_block_stop","index":1}"#,
            r#"{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":42}}"#,
            r#"{"type":"message_stop"}"#,
        ];
        let mut asm = EventAssembler::default();
        for e in events {
            asm.push(None, e, &mut |_| {}).unwrap();
        }
        assert!(asm.stopped);
        let t = asm.finish();
        assert_eq!(t.text, "Checking.");
        assert_eq!(t.tool_calls[0].id, "toolu_1");
        assert_eq!(t.tool_calls[0].arguments, json!({"command": "ls"}));
        let u = t.usage.unwrap();
        assert_eq!(
            (u.input_tokens, u.cached_tokens, u.output_tokens),
            (215, 200, 42)
        );
    }

    #[test]
    fn overloaded_is_retryable_other_errors_fatal() {
        let mut asm = EventAssembler::default();
        let over = r#"{"type":"error","error":{"type":"overloaded_error","message":"busy"}}"#;
        assert!(matches!(
            asm.push(None, over, &mut |_| {}),
            Err(ReadError::Retry(_))
        ));
        let bad = r#"{"type":"error","error":{"type":"invalid_request_error","message":"no"}}"#;
        assert!(matches!(
            asm.push(None, bad, &mut |_| {}),
            Err(ReadError::Fatal(_))
        ));
    }
}

//! OpenAI Chat Completions (`POST {base}/chat/completions`), the protocol spoken by OpenAI and
//! most compatible servers (DeepSeek, OpenRouter, vLLM, llama.cpp, Ollama).
//!
//! Streams with `stream_options.include_usage`, assembles tool calls from argument deltas
//! (several per turn, keyed by `index`), and falls back to reading a plain JSON reply when the
//! server answers without an event stream. It never sends `tool_choice` and never sends
//! `content: null` (both break some compatible servers).

use std::collections::BTreeMap;

use loopwright_agent::provider::{TurnBuilder, estimate_tokens};
use loopwright_agent::{Cancel, Provider, ProviderError};
use loopwright_protocol::message::{AssistantTurn, Message, ModelRequest, Role, StreamEvent};
use loopwright_protocol::usage::Usage;
use serde_json::{Value, json};

use crate::transport::{Body, HttpRequest, ReadError, Transport};

/// Where and how to reach a server.
#[derive(Debug, Clone, PartialEq)]
pub struct Endpoint {
    /// Base URL, e.g. `https://api.openai.com/v1` (no trailing slash needed).
    pub base_url: String,
    /// Model name sent in the request.
    pub model: String,
    /// The API key, when one is needed.
    pub api_key: Option<String>,
    /// The environment variable the key came from (named in error messages).
    pub key_env: Option<String>,
}

impl Endpoint {
    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}/{}", self.base_url.trim_end_matches('/'), path)
    }
}

/// The OpenAI Chat Completions provider.
#[derive(Debug)]
pub struct OpenAiProvider {
    endpoint: Endpoint,
    transport: Transport,
    /// Ask for a streamed reply (default); `false` asks for one JSON reply.
    pub stream: bool,
}

impl OpenAiProvider {
    /// A provider for `endpoint`, sending through `transport`.
    pub fn new(endpoint: Endpoint, transport: Transport) -> Self {
        OpenAiProvider {
            endpoint,
            transport,
            stream: true,
        }
    }

    /// Sends a ready chat-completions body and returns the assembled turn (used by the
    /// JSON-action provider too).
    pub fn chat(
        &mut self,
        body: Value,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        let mut headers = Vec::new();
        if let Some(key) = &self.endpoint.api_key {
            headers.push(("authorization".to_string(), format!("Bearer {key}")));
        }
        let req = HttpRequest {
            url: self.endpoint.url("chat/completions"),
            headers,
            body,
            key_env: self.endpoint.key_env.clone(),
        };
        let estimate_in = estimate_tokens(&req.body.to_string());
        let mut turn = self
            .transport
            .send(&req, cancel, |b| read_reply(b, on_event))?;
        if turn.usage.is_none() {
            let out: usize = turn.text.len()
                + turn
                    .tool_calls
                    .iter()
                    .map(|c| c.arguments.to_string().len())
                    .sum::<usize>();
            turn.usage = Some(Usage {
                input_tokens: estimate_in,
                output_tokens: (out as u64).div_ceil(4),
                cached_tokens: 0,
                estimated: true,
            });
        }
        Ok(turn)
    }
}

impl Provider for OpenAiProvider {
    fn name(&self) -> &str {
        "openai"
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
        let body = request_body(&self.endpoint.model, request, self.stream);
        self.chat(body, on_event, cancel)
    }
}

/// The request body for `request`.
pub fn request_body(model: &str, request: &ModelRequest, stream: bool) -> Value {
    let mut body = json!({
        "model": model,
        "messages": messages_json(&request.system, &request.messages),
    });
    if !request.tools.is_empty() {
        body["tools"] = request
            .tools
            .iter()
            .map(|t| {
                json!({"type": "function", "function": {
                    "name": t.name, "description": t.description, "parameters": t.parameters}})
            })
            .collect();
    }
    set_stream(&mut body, stream);
    body
}

/// Sets `stream` (and `stream_options.include_usage` when streaming).
pub fn set_stream(body: &mut Value, stream: bool) {
    body["stream"] = json!(stream);
    if stream {
        body["stream_options"] = json!({"include_usage": true});
    }
}

/// The `messages` array: the system prompt first, then the history.
pub fn messages_json(system: &str, messages: &[Message]) -> Vec<Value> {
    let mut out = Vec::with_capacity(messages.len() + 1);
    if !system.is_empty() {
        out.push(json!({"role": "system", "content": system}));
    }
    for m in messages {
        out.push(match m.role {
            Role::System => json!({"role": "system", "content": m.content}),
            Role::User => json!({"role": "user", "content": m.content}),
            Role::Tool => json!({
                "role": "tool",
                "tool_call_id": m.tool_call_id.clone().unwrap_or_default(),
                "content": m.content,
            }),
            Role::Assistant => {
                let mut v = json!({"role": "assistant", "content": m.content});
                if !m.tool_calls.is_empty() {
                    v["tool_calls"] = m
                        .tool_calls
                        .iter()
                        .map(|c| {
                            json!({"id": c.id, "type": "function", "function": {
                                "name": c.name, "arguments": arguments_text(&c.arguments)}})
                        })
                        .collect();
                }
                v
            }
        });
    }
    out
}

fn arguments_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "{}".to_string(),
        other => other.to_string(),
    }
}

fn read_reply(
    body: &mut Body<'_>,
    on_event: &mut dyn FnMut(&StreamEvent),
) -> Result<AssistantTurn, ReadError> {
    if body.is_event_stream() {
        return read_stream(body, on_event);
    }
    let ct = body.content_type().to_string();
    let text = body.read_all()?;
    if ct.contains("json") || text.trim_start().starts_with('{') {
        let v: Value = serde_json::from_str(&text)
            .map_err(|e| ReadError::Retry(format!("the JSON reply does not parse: {e}")))?;
        parse_full_reply(&v, on_event)
    } else {
        Err(ReadError::Fatal(format!(
            "expected an event stream or JSON, got content type `{ct}`: {}",
            crate::transport::excerpt(&text)
        )))
    }
}

#[derive(Default)]
struct Slot {
    id: String,
    name: String,
    started: bool,
    pending: String,
}

/// Assembles a streamed reply from chat-completion chunks.
#[derive(Default)]
pub struct ChunkAssembler {
    builder: TurnBuilder,
    slots: BTreeMap<u64, Slot>,
    finished: bool,
    done: bool,
}

impl ChunkAssembler {
    fn emit(&mut self, ev: StreamEvent, on_event: &mut dyn FnMut(&StreamEvent)) {
        self.builder.push(&ev);
        on_event(&ev);
    }

    /// Feeds one `data:` payload; `[DONE]` marks the end.
    pub fn push_data(
        &mut self,
        data: &str,
        on_event: &mut dyn FnMut(&StreamEvent),
    ) -> Result<(), ReadError> {
        if data.trim() == "[DONE]" {
            self.done = true;
            return Ok(());
        }
        let v: Value = serde_json::from_str(data).map_err(|e| {
            ReadError::Retry(format!(
                "malformed stream chunk ({e}): {}",
                crate::transport::excerpt(data)
            ))
        })?;
        if let Some(err) = v.get("error") {
            return Err(ReadError::Fatal(format!(
                "the server reported an error: {err}"
            )));
        }
        if let Some(u) = v.get("usage").filter(|u| u.is_object()) {
            let usage = usage_from(u);
            self.emit(StreamEvent::Usage { usage }, on_event);
        }
        let Some(choice) = v.get("choices").and_then(|c| c.get(0)) else {
            return Ok(());
        };
        let delta = choice.get("delta").unwrap_or(&Value::Null);
        if let Some(text) = delta.get("content").and_then(Value::as_str)
            && !text.is_empty()
        {
            self.emit(StreamEvent::TextDelta { text: text.into() }, on_event);
        }
        if let Some(calls) = delta.get("tool_calls").and_then(Value::as_array) {
            for (pos, call) in calls.iter().enumerate() {
                let index = call
                    .get("index")
                    .and_then(Value::as_u64)
                    .unwrap_or(pos as u64);
                let f = call.get("function").unwrap_or(&Value::Null);
                let mut evs = Vec::new();
                {
                    let slot = self.slots.entry(index).or_default();
                    if let Some(id) = call.get("id").and_then(Value::as_str)
                        && slot.id.is_empty()
                    {
                        slot.id = id.to_string();
                    }
                    if let Some(name) = f.get("name").and_then(Value::as_str) {
                        slot.name.push_str(name);
                    }
                    if let Some(args) = f.get("arguments").and_then(Value::as_str) {
                        slot.pending.push_str(args);
                    }
                    if !slot.started && !slot.name.is_empty() {
                        if slot.id.is_empty() {
                            slot.id = format!("call_{index}");
                        }
                        slot.started = true;
                        evs.push(StreamEvent::ToolCallStart {
                            id: slot.id.clone(),
                            name: slot.name.clone(),
                        });
                    }
                    if slot.started && !slot.pending.is_empty() {
                        evs.push(StreamEvent::ToolCallDelta {
                            id: slot.id.clone(),
                            arguments: std::mem::take(&mut slot.pending),
                        });
                    }
                }
                for ev in evs {
                    self.emit(ev, on_event);
                }
            }
        }
        if choice.get("finish_reason").is_some_and(|r| !r.is_null()) {
            self.finished = true;
        }
        Ok(())
    }

    /// True once `[DONE]` or a finish reason arrived.
    pub fn complete(&self) -> bool {
        self.done || self.finished
    }

    /// The assembled turn.
    pub fn finish(self) -> AssistantTurn {
        self.builder.finish()
    }
}

fn read_stream(
    body: &mut Body<'_>,
    on_event: &mut dyn FnMut(&StreamEvent),
) -> Result<AssistantTurn, ReadError> {
    let mut asm = ChunkAssembler::default();
    while let Some(ev) = body.next_event()? {
        asm.push_data(&ev.data, on_event)?;
        if asm.done {
            break;
        }
    }
    if !asm.complete() {
        return Err(ReadError::Retry(
            "the stream ended before the reply was complete".into(),
        ));
    }
    Ok(asm.finish())
}

/// Reads a non-streamed chat completion, reporting its pieces as events.
pub fn parse_full_reply(
    v: &Value,
    on_event: &mut dyn FnMut(&StreamEvent),
) -> Result<AssistantTurn, ReadError> {
    if let Some(err) = v.get("error") {
        return Err(ReadError::Fatal(format!(
            "the server reported an error: {err}"
        )));
    }
    let msg = v
        .get("choices")
        .and_then(|c| c.get(0))
        .and_then(|c| c.get("message"))
        .ok_or_else(|| ReadError::Fatal("the reply has no choices[0].message".into()))?;
    let mut b = TurnBuilder::default();
    let mut emit = |ev: StreamEvent| {
        b.push(&ev);
        on_event(&ev);
    };
    if let Some(text) = msg.get("content").and_then(Value::as_str)
        && !text.is_empty()
    {
        emit(StreamEvent::TextDelta { text: text.into() });
    }
    if let Some(calls) = msg.get("tool_calls").and_then(Value::as_array) {
        for (i, c) in calls.iter().enumerate() {
            let id = c
                .get("id")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| format!("call_{i}"));
            let f = c.get("function").unwrap_or(&Value::Null);
            let name = f
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let args = match f.get("arguments") {
                Some(Value::String(s)) => s.clone(),
                Some(other) => other.to_string(),
                None => String::new(),
            };
            emit(StreamEvent::ToolCallStart {
                id: id.clone(),
                name,
            });
            emit(StreamEvent::ToolCallDelta {
                id,
                arguments: args,
            });
        }
    }
    if let Some(u) = v.get("usage").filter(|u| u.is_object()) {
        emit(StreamEvent::Usage {
            usage: usage_from(u),
        });
    }
    Ok(b.finish())
}

fn usage_from(u: &Value) -> Usage {
    let n = |v: Option<&Value>| v.and_then(Value::as_u64).unwrap_or(0);
    Usage {
        input_tokens: n(u.get("prompt_tokens")),
        output_tokens: n(u.get("completion_tokens")),
        cached_tokens: n(u.pointer("/prompt_tokens_details/cached_tokens")),
        estimated: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_call_deltas_split_across_chunks_assemble() {
        let chunks = [
            r#"{"choices":[{"index":0,"delta":{"role":"assistant","content":"Let me "}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"content":"look."}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"shell","arguments":""}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"comm"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","function":{"name":"read_file","arguments":"{\"path\":"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"and\":\"ls\"}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"\"a.txt\"}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
            r#"{"choices":[],"usage":{"prompt_tokens":100,"completion_tokens":20,"prompt_tokens_details":{"cached_tokens":64}}}"#,
            "[DONE]",
        ];
        let mut asm = ChunkAssembler::default();
        let mut seen = Vec::new();
        for c in chunks {
            asm.push_data(c, &mut |e| seen.push(e.clone())).unwrap();
        }
        assert!(asm.complete());
        let t = asm.finish();
        assert_eq!(t.text, "Let me look.");
        assert_eq!(t.tool_calls.len(), 2);
        assert_eq!(t.tool_calls[0].id, "call_a");
        assert_eq!(t.tool_calls[0].arguments, json!({"command": "ls"}));
        assert_eq!(t.tool_calls[1].name, "read_file");
        assert_eq!(t.tool_calls[1].arguments, json!({"path": "a.txt"}));
        assert_eq!(
            t.usage,
            Some(Usage {
                input_tokens: 100,
                output_tokens: 20,
                cached_tokens: 64,
                estimated: false
            })
        );
        assert!(matches!(seen[0], StreamEvent::TextDelta { .. }));
    }

    #[test]
    fn malformed_chunk_is_retryable_and_error_object_is_fatal() {
        let mut asm = ChunkAssembler::default();
        assert!(matches!(
            asm.push_data("{nope", &mut |_| {}),
            Err(ReadError::Retry(_))
        ));
        assert!(matches!(
            asm.push_data(r#"{"error":{"message":"bad"}}"#, &mut |_| {}),
            Err(ReadError::Fatal(_))
        ));
    }

    #[test]
    fn full_reply_parses_tool_calls_and_null_content() {
        let v = json!({"choices":[{"message":{"role":"assistant","content":null,
            "tool_calls":[{"id":"x","type":"function","function":{"name":"shell","arguments":"{\"command\":\"pwd\"}"}}]}}],
            "usage":{"prompt_tokens":5,"completion_tokens":3}});
        let t = parse_full_reply(&v, &mut |_| {}).unwrap();
        assert_eq!(t.text, "");
        assert_eq!(t.tool_calls[0].arguments, json!({"command": "pwd"}));
        assert_eq!(t.usage.unwrap().total(), 8);
    }
}

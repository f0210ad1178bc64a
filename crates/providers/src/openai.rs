//! OpenAI Chat Completions (`POST {base}/chat/completions`), the protocol spoken by OpenAI and
//! most compatible servers (DeepSeek, OpenRouter, vLLM, llama.cpp, Ollama, Groq, Mistral).
//!
//! Streams (with `stream_options.include_usage` unless switched off) or asks for one JSON
//! reply; assembles tool calls from argument deltas (several per turn, keyed by `index`; a
//! name resent whole in each chunk is kept once); reads text given as a string or as an array
//! of parts, `delta.refusal`, reasoning (`reasoning_content`, `reasoning`), the finish reason,
//! and usage (`usage`, else llama.cpp's `timings`). Every request carries an output bound.
//! Messages are normalised ([`messages_json`]): consecutive messages of one role are merged,
//! so chat templates that require alternating roles accept the history. It never sends
//! `tool_choice` and never sends `content: null` (both break some compatible servers).

use loopwright_model::{
    Cancel, HistoryFacts, Provider, ProviderError, TurnBuilder, estimate_tokens,
    tokens::estimate_bytes,
};
use loopwright_protocol::message::{AssistantTurn, Message, ModelRequest, StreamEvent};
use loopwright_protocol::usage::Usage;
use serde_json::{Value, json};

use crate::chunks::{ChunkAssembler, parse_full_reply};
use crate::memory::TurnMemory;
use crate::normalise::{Side, merge_turns};
use crate::transport::{Body, HttpRequest, ReadError, Transport};

/// The output bound sent when none is configured.
pub const DEFAULT_MAX_OUTPUT_TOKENS: u64 = 4096;

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

/// How requests are shaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestOptions {
    /// Ask for a streamed reply; `false` asks for one JSON reply.
    pub stream: bool,
    /// Send `stream_options.include_usage` with a streamed request (some gateways reject it).
    pub stream_options: bool,
    /// The most tokens the model may generate per reply.
    pub max_output_tokens: u64,
    /// The field that carries the bound: `max_completion_tokens` for OpenAI's own API (its
    /// reasoning models reject `max_tokens`), `max_tokens` for compatible servers.
    pub max_tokens_field: &'static str,
}

impl Default for RequestOptions {
    fn default() -> Self {
        RequestOptions {
            stream: true,
            stream_options: true,
            max_output_tokens: DEFAULT_MAX_OUTPUT_TOKENS,
            max_tokens_field: "max_tokens",
        }
    }
}

impl RequestOptions {
    /// The defaults for a base URL (OpenAI's own API gets `max_completion_tokens`).
    pub fn for_base_url(base_url: &str) -> Self {
        RequestOptions {
            max_tokens_field: if base_url.contains("api.openai.com") {
                "max_completion_tokens"
            } else {
                "max_tokens"
            },
            ..RequestOptions::default()
        }
    }
}

/// The OpenAI Chat Completions provider.
#[derive(Debug)]
pub struct OpenAiProvider {
    endpoint: Endpoint,
    transport: Transport,
    /// How requests are shaped.
    pub options: RequestOptions,
    /// Ask for a streamed reply (default); `false` asks for one JSON reply.
    pub stream: bool,
    memory: TurnMemory,
}

impl OpenAiProvider {
    /// A provider for `endpoint`, sending through `transport`.
    pub fn new(endpoint: Endpoint, transport: Transport) -> Self {
        let options = RequestOptions::for_base_url(&endpoint.base_url);
        OpenAiProvider {
            endpoint,
            transport,
            stream: options.stream,
            options,
            memory: TurnMemory::default(),
        }
    }

    /// Sets how requests are shaped.
    pub fn with_options(mut self, options: RequestOptions) -> Self {
        self.stream = options.stream;
        self.options = options;
        self
    }

    /// The options in force (`stream` as last set).
    pub fn current_options(&self) -> RequestOptions {
        RequestOptions {
            stream: self.stream,
            ..self.options
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
                output_tokens: estimate_bytes(out),
                estimated: true,
                ..Usage::default()
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

    fn complete_with(
        &mut self,
        request: &ModelRequest,
        facts: &HistoryFacts,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        let mut body = request_body_with(
            &self.endpoint.model,
            request,
            &self.current_options(),
            &self.memory,
        );
        // Requests of one session share a cache key, so the provider routes them to the
        // machine that holds their prefix.
        if let Some(key) = &facts.cache_key {
            body["prompt_cache_key"] = serde_json::json!(key);
        }
        let turn = self.chat(body, on_event, cancel)?;
        self.memory.remember(&turn);
        Ok(turn)
    }
}

/// The request body for `request` with default options (`stream` as given).
pub fn request_body(model: &str, request: &ModelRequest, stream: bool) -> Value {
    let options = RequestOptions {
        stream,
        ..RequestOptions::default()
    };
    request_body_with(model, request, &options, &TurnMemory::default())
}

/// The request body for `request`; assistant turns found in `memory` get their reasoning.
pub fn request_body_with(
    model: &str,
    request: &ModelRequest,
    options: &RequestOptions,
    memory: &TurnMemory,
) -> Value {
    let mut body = json!({
        "model": model,
        "messages": messages_with(&request.system, &request.messages, memory),
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
    apply_options(&mut body, options);
    body
}

/// Sets the output bound, `stream` and (when streaming and allowed) `stream_options`.
pub fn apply_options(body: &mut Value, options: &RequestOptions) {
    body[options.max_tokens_field] = json!(options.max_output_tokens);
    body["stream"] = json!(options.stream);
    if options.stream && options.stream_options {
        body["stream_options"] = json!({"include_usage": true});
    }
}

/// Sets `stream` (and `stream_options.include_usage` when streaming).
pub fn set_stream(body: &mut Value, stream: bool) {
    body["stream"] = json!(stream);
    if stream {
        body["stream_options"] = json!({"include_usage": true});
    }
}

/// The `messages` array: the system prompt first, then the normalised history.
pub fn messages_json(system: &str, messages: &[Message]) -> Vec<Value> {
    messages_with(system, messages, &TurnMemory::default())
}

fn messages_with(system: &str, messages: &[Message], memory: &TurnMemory) -> Vec<Value> {
    let mut out = Vec::with_capacity(messages.len() + 1);
    if !system.is_empty() {
        out.push(json!({"role": "system", "content": system}));
    }
    for turn in merge_turns(messages) {
        out.push(match turn.side {
            Side::User => json!({"role": "user", "content": turn.message.content}),
            Side::Tool => json!({
                "role": "tool",
                "tool_call_id": turn.message.tool_call_id.clone().unwrap_or_default(),
                "content": turn.message.content,
            }),
            Side::Assistant => {
                let m = &turn.message;
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
                let reasoning: String = turn
                    .parts
                    .iter()
                    .filter_map(|p| memory.recall(p))
                    .map(|r| r.reasoning.as_str())
                    .collect();
                if !reasoning.is_empty() {
                    v["reasoning_content"] = json!(reasoning);
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

fn read_stream(
    body: &mut Body<'_>,
    on_event: &mut dyn FnMut(&StreamEvent),
) -> Result<AssistantTurn, ReadError> {
    let mut asm = ChunkAssembler::default();
    while let Some(ev) = body.next_event()? {
        asm.push_data(&ev.data, on_event)?;
        if asm.done() {
            break;
        }
    }
    if !asm.complete() {
        return Err(ReadError::Retry(
            "the stream ended before the reply was complete".into(),
        ));
    }
    Ok(asm.finish(on_event))
}

/// A [`TurnBuilder`] that also reports each event.
pub(crate) fn emit_to(
    b: &mut TurnBuilder,
    on_event: &mut dyn FnMut(&StreamEvent),
    ev: StreamEvent,
) {
    b.push(&ev);
    on_event(&ev);
}

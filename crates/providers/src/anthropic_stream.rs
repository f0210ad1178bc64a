//! Reading Anthropic Messages replies: stream events ([`EventAssembler`]) and whole replies
//! ([`parse_full_reply`]).
//!
//! - text blocks after the first are separated by a blank line (they are separate paragraphs);
//! - `thinking` / `redacted_thinking` blocks are kept whole, with their signature, to be sent
//!   back with the turn; their text is reported as reasoning;
//! - usage: `message_start` gives the first counts, and each `message_delta` gives cumulative
//!   counts that replace them (input included, which grows with server tools);
//! - the stop reason of `message_delta` is kept (`refusal`, `max_tokens`, ...);
//! - `error` events: `overloaded_error`, `api_error` and `rate_limit_error` are retried;
//! - a second `message_start` (a reply restarted by a gateway) starts the turn afresh.

use std::collections::BTreeMap;

use loopwright_model::TurnBuilder;
use loopwright_protocol::message::{AssistantTurn, StopReason, StreamEvent};
use loopwright_protocol::usage::Usage;
use serde_json::{Value, json};

use crate::openai::emit_to;
use crate::transport::{Body, ReadError, excerpt, is_context_too_long};

pub(crate) fn read_reply(
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
            excerpt(&text)
        ))
    })?;
    parse_full_reply(&v, on_event)
}

/// Anthropic's usage counts, as last reported.
#[derive(Debug, Default, Clone, Copy)]
struct Counts {
    input: u64,
    read: u64,
    write: u64,
    output: u64,
}

impl Counts {
    /// Takes the counts present in `u`. Later reports are cumulative, so each count is the
    /// largest seen: a `message_delta` that repeats a count as 0 (some gateways and SDK
    /// serialisations do) never lowers it.
    fn update(&mut self, u: &Value) {
        let n = |k: &str, old: u64| u.get(k).and_then(Value::as_u64).map_or(old, |v| v.max(old));
        self.input = n("input_tokens", self.input);
        self.read = n("cache_read_input_tokens", self.read);
        self.write = n("cache_creation_input_tokens", self.write);
        self.output = n("output_tokens", self.output);
    }

    /// `input_tokens` excludes cache reads and writes: all three are summed into
    /// [`Usage::input_tokens`].
    fn usage(&self) -> Usage {
        Usage {
            input_tokens: self.input + self.read + self.write,
            output_tokens: self.output,
            cached_tokens: self.read,
            cache_write_tokens: self.write,
            estimated: false,
        }
    }
}

/// A thinking block being streamed.
#[derive(Debug, Default)]
struct Thinking {
    block: Value,
}

/// Assembles a reply from Anthropic stream events.
#[derive(Default)]
pub struct EventAssembler {
    builder: TurnBuilder,
    /// Content-block index to tool-use id.
    tools: BTreeMap<u64, String>,
    /// Tool-use blocks whose `input` came whole in `content_block_start` (programmatic tool
    /// calling, some gateways): sent as the arguments at `content_block_stop` unless
    /// `input_json_delta`s came instead.
    start_inputs: BTreeMap<u64, Value>,
    thinking: BTreeMap<u64, Thinking>,
    counts: Counts,
    text_blocks: usize,
    stop: Option<StopReason>,
    /// A `message_start` arrived.
    started: bool,
    stopped: bool,
}

impl EventAssembler {
    fn emit(&mut self, ev: StreamEvent, on_event: &mut dyn FnMut(&StreamEvent)) {
        emit_to(&mut self.builder, on_event, ev);
    }

    /// True once `message_stop` arrived.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Feeds one event (`event:` name and `data:` payload).
    pub fn push(
        &mut self,
        event: Option<&str>,
        data: &str,
        on_event: &mut dyn FnMut(&StreamEvent),
    ) -> Result<(), ReadError> {
        let v: Value = serde_json::from_str(data).map_err(|e| {
            ReadError::Retry(format!("malformed stream event ({e}): {}", excerpt(data)))
        })?;
        let kind = v
            .get("type")
            .and_then(Value::as_str)
            .or(event)
            .unwrap_or("");
        let index = v.get("index").and_then(Value::as_u64).unwrap_or(0);
        match kind {
            "message_start" => {
                if self.started {
                    // A second message spliced into the stream (a gateway or proxy that
                    // restarted the reply): the reply is the new message, not both.
                    *self = EventAssembler::default();
                }
                self.started = true;
                if let Some(u) = v.pointer("/message/usage") {
                    self.counts.update(u);
                }
            }
            "content_block_start" => {
                let block = v.get("content_block").unwrap_or(&Value::Null);
                self.block_start(index, block, on_event);
            }
            "content_block_delta" => {
                let delta = v.get("delta").unwrap_or(&Value::Null);
                self.block_delta(index, delta, on_event);
            }
            "content_block_stop" => {
                if let (Some(input), Some(id)) =
                    (self.start_inputs.remove(&index), self.tools.get(&index))
                {
                    let ev = StreamEvent::ToolCallDelta {
                        id: id.clone(),
                        arguments: input.to_string(),
                    };
                    self.emit(ev, on_event);
                }
                if let Some(t) = self.thinking.remove(&index) {
                    self.builder.push_replay(t.block);
                }
            }
            "message_delta" => {
                if let Some(u) = v.get("usage") {
                    self.counts.update(u);
                }
                if let Some(r) = v.pointer("/delta/stop_reason").and_then(Value::as_str) {
                    self.stop = Some(StopReason::from_wire(r));
                }
            }
            "message_stop" => {
                let usage = self.counts.usage();
                self.emit(StreamEvent::Usage { usage }, on_event);
                if let Some(reason) = self.stop.take() {
                    self.emit(StreamEvent::Stop { reason }, on_event);
                }
                self.stopped = true;
            }
            "error" => return Err(error_event(&v, data)),
            _ => {}
        }
        Ok(())
    }

    fn text_start(&mut self, on_event: &mut dyn FnMut(&StreamEvent)) {
        self.text_blocks += 1;
        if self.text_blocks > 1 && !self.builder.text().is_empty() {
            self.emit(
                StreamEvent::TextDelta {
                    text: "\n\n".into(),
                },
                on_event,
            );
        }
    }

    fn block_start(&mut self, index: u64, block: &Value, on_event: &mut dyn FnMut(&StreamEvent)) {
        match block.get("type").and_then(Value::as_str) {
            Some("tool_use") => {
                let id = block
                    .get("id")
                    .and_then(Value::as_str)
                    .map_or_else(|| format!("toolu_{index}"), str::to_string);
                let name = block.get("name").and_then(Value::as_str).unwrap_or("");
                self.tools.insert(index, id.clone());
                if let Some(input) = block
                    .get("input")
                    .filter(|i| i.as_object().is_some_and(|o| !o.is_empty()))
                {
                    self.start_inputs.insert(index, input.clone());
                }
                let name = name.to_string();
                self.emit(StreamEvent::ToolCallStart { id, name }, on_event);
            }
            Some("text") => {
                self.text_start(on_event);
                if let Some(t) = block.get("text").and_then(Value::as_str)
                    && !t.is_empty()
                {
                    self.emit(StreamEvent::TextDelta { text: t.into() }, on_event);
                }
            }
            Some("thinking") | Some("redacted_thinking") => {
                if let Some(t) = block.get("thinking").and_then(Value::as_str)
                    && !t.is_empty()
                {
                    self.emit(StreamEvent::ReasoningDelta { text: t.into() }, on_event);
                }
                self.thinking.insert(
                    index,
                    Thinking {
                        block: block.clone(),
                    },
                );
            }
            _ => {}
        }
    }

    fn block_delta(&mut self, index: u64, delta: &Value, on_event: &mut dyn FnMut(&StreamEvent)) {
        let field = |k: &str| delta.get(k).and_then(Value::as_str).unwrap_or("");
        match delta.get("type").and_then(Value::as_str) {
            Some("text_delta") => {
                let text = field("text").to_string();
                self.emit(StreamEvent::TextDelta { text }, on_event);
            }
            Some("input_json_delta") => {
                self.start_inputs.remove(&index);
                if let Some(id) = self.tools.get(&index).cloned() {
                    let arguments = field("partial_json").to_string();
                    self.emit(StreamEvent::ToolCallDelta { id, arguments }, on_event);
                }
            }
            Some("thinking_delta") => {
                let text = field("thinking").to_string();
                if let Some(t) = self.thinking.get_mut(&index) {
                    let before = t
                        .block
                        .get("thinking")
                        .and_then(Value::as_str)
                        .unwrap_or("");
                    t.block["thinking"] = json!(format!("{before}{text}"));
                }
                self.emit(StreamEvent::ReasoningDelta { text }, on_event);
            }
            Some("signature_delta") => {
                if let Some(t) = self.thinking.get_mut(&index) {
                    let before = t
                        .block
                        .get("signature")
                        .and_then(Value::as_str)
                        .unwrap_or("");
                    t.block["signature"] = json!(format!("{before}{}", field("signature")));
                }
            }
            _ => {}
        }
    }

    /// The assembled turn.
    pub fn finish(self) -> AssistantTurn {
        self.builder.finish()
    }
}

fn error_event(v: &Value, data: &str) -> ReadError {
    let etype = v
        .pointer("/error/type")
        .and_then(Value::as_str)
        .unwrap_or("");
    let msg = v
        .pointer("/error/message")
        .and_then(Value::as_str)
        .unwrap_or(data);
    let text = format!("the server reported {etype}: {msg}");
    match etype {
        "overloaded_error" | "api_error" | "rate_limit_error" => ReadError::Retry(text),
        _ if is_context_too_long(msg) => ReadError::ContextTooLong(text),
        _ => ReadError::Fatal(text),
    }
}

/// Reads a non-streamed Messages reply, reporting its pieces as events.
pub fn parse_full_reply(
    v: &Value,
    on_event: &mut dyn FnMut(&StreamEvent),
) -> Result<AssistantTurn, ReadError> {
    if v.get("type").and_then(Value::as_str) == Some("error") {
        return Err(error_event(v, &v.to_string()));
    }
    let content = v
        .get("content")
        .and_then(Value::as_array)
        .ok_or_else(|| ReadError::Fatal("the reply has no content array".into()))?;
    let mut b = TurnBuilder::default();
    let mut texts = 0;
    for (i, block) in content.iter().enumerate() {
        let mut emit = |ev: StreamEvent| emit_to(&mut b, on_event, ev);
        match block.get("type").and_then(Value::as_str) {
            Some("text") => {
                let t = block.get("text").and_then(Value::as_str).unwrap_or("");
                texts += 1;
                let text = if texts > 1 {
                    format!("\n\n{t}")
                } else {
                    t.to_string()
                };
                emit(StreamEvent::TextDelta { text });
            }
            Some("tool_use") => {
                let id = block
                    .get("id")
                    .and_then(Value::as_str)
                    .map_or_else(|| format!("toolu_{i}"), str::to_string);
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
            Some("thinking") | Some("redacted_thinking") => {
                if let Some(t) = block.get("thinking").and_then(Value::as_str) {
                    emit(StreamEvent::ReasoningDelta { text: t.into() });
                }
                b.push_replay(block.clone());
            }
            _ => {}
        }
    }
    let mut counts = Counts::default();
    if let Some(u) = v.get("usage") {
        counts.update(u);
    }
    emit_to(
        &mut b,
        on_event,
        StreamEvent::Usage {
            usage: counts.usage(),
        },
    );
    if let Some(r) = v.get("stop_reason").and_then(Value::as_str) {
        let reason = StopReason::from_wire(r);
        emit_to(&mut b, on_event, StreamEvent::Stop { reason });
    }
    Ok(b.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(asm.stopped());
        let t = asm.finish();
        assert_eq!(t.text, "Checking.");
        assert_eq!(t.tool_calls[0].id, "toolu_1");
        assert_eq!(t.tool_calls[0].arguments, json!({"command": "ls"}));
        assert_eq!(t.stop_reason, Some(StopReason::ToolUse));
        let u = t.usage.unwrap();
        assert_eq!(
            (
                u.input_tokens,
                u.cached_tokens,
                u.cache_write_tokens,
                u.output_tokens
            ),
            (215, 200, 5, 42)
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

    #[test]
    fn text_blocks_are_separated_by_a_blank_line() {
        let events = [
            r#"{"type":"message_start","message":{"usage":{"input_tokens":5,"output_tokens":1}}}"#,
            r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"First."}}"#,
            r#"{"type":"content_block_stop","index":0}"#,
            r#"{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}"#,
            r#"{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Second."}}"#,
            r#"{"type":"content_block_stop","index":1}"#,
            r#"{"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":4}}"#,
            r#"{"type":"message_stop"}"#,
        ];
        let mut asm = EventAssembler::default();
        for e in events {
            asm.push(None, e, &mut |_| {}).unwrap();
        }
        let t = asm.finish();
        assert_eq!(t.text, "First.\n\nSecond.");
        assert_eq!(t.stop_reason, Some(StopReason::Length));
        let full = json!({"content":[{"type":"text","text":"A"},{"type":"text","text":"B"}],
            "stop_reason":"refusal","usage":{"input_tokens":1,"output_tokens":1}});
        let t = parse_full_reply(&full, &mut |_| {}).unwrap();
        assert_eq!(t.text, "A\n\nB");
        assert_eq!(t.stop_reason, Some(StopReason::Refusal));
    }
}

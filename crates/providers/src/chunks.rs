//! Reading Chat Completions replies: streamed chunks ([`ChunkAssembler`]) and whole replies
//! ([`parse_full_reply`]), as the servers really send them.
//!
//! - text is a string or an array of parts (`[{"type": "text", "text": "3"}]`, Mistral);
//! - `refusal` (OpenAI) is shown as text and makes the stop reason a refusal;
//! - reasoning comes as `reasoning_content` (DeepSeek) or `reasoning` (OpenRouter, vLLM,
//!   Ollama);
//! - a tool name may come in pieces or whole in every chunk (MiniMax, some gateways);
//! - usage is `usage` (with `prompt_tokens_details.cached_tokens`, or DeepSeek's
//!   `prompt_cache_hit_tokens`) or Groq's `x_groq.usage`, else llama.cpp's `timings`;
//! - an error object inside the stream is retried when the server says it is transient
//!   (Groq's `tool_use_failed`, server errors, overload), else it ends the call.

use std::collections::BTreeMap;

use loopwright_model::TurnBuilder;
use loopwright_protocol::message::{AssistantTurn, StopReason, StreamEvent};
use loopwright_protocol::usage::Usage;
use serde_json::Value;

use crate::openai::emit_to;
use crate::transport::{ReadError, excerpt, is_context_too_long};

#[derive(Default)]
struct Slot {
    id: String,
    /// The id came from the server (not made up here).
    given_id: bool,
    name: String,
    started: bool,
    pending: String,
}

/// Assembles a streamed reply from chat-completion chunks.
#[derive(Default)]
pub struct ChunkAssembler {
    builder: TurnBuilder,
    slots: BTreeMap<u64, Slot>,
    /// The wire `index` of a tool call to the slot it fills now: a new id at the same index
    /// is a new call (servers that send each whole call at index 0, or with no index).
    current: BTreeMap<u64, u64>,
    finished: bool,
    done: bool,
    refused: bool,
    saw_usage: bool,
    timings: Option<Usage>,
    stop: Option<StopReason>,
}

/// The texts of a `content` (or `refusal`) value: a string, or an array of parts.
pub fn content_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| match p {
                Value::String(s) => Some(s.as_str()),
                _ => p.get("text").and_then(Value::as_str).filter(|_| {
                    p.get("type")
                        .and_then(Value::as_str)
                        .is_none_or(|t| t == "text")
                }),
            })
            .collect(),
        _ => String::new(),
    }
}

/// The reasoning inside a `content` array: Mistral's `{"type": "thinking", "thinking":
/// [{"type": "text", "text": ...}]}` parts.
fn thinking_text(v: &Value) -> String {
    let Value::Array(parts) = v else {
        return String::new();
    };
    parts
        .iter()
        .filter(|p| p.get("type").and_then(Value::as_str) == Some("thinking"))
        .filter_map(|p| p.get("thinking"))
        .map(content_text)
        .collect()
}

/// The reasoning text of a delta or message.
fn reasoning_text(v: &Value) -> Option<&str> {
    v.get("reasoning_content")
        .or_else(|| v.get("reasoning"))
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
}

/// The error an `error` object inside a reply stands for.
pub fn error_event(err: &Value) -> ReadError {
    let field = |k: &str| err.get(k).and_then(Value::as_str).unwrap_or("");
    let text = format!("the server reported an error: {err}");
    let transient = [
        "tool_use_failed",
        "server_error",
        "overloaded_error",
        "api_error",
    ];
    if transient.contains(&field("code")) || transient.contains(&field("type")) {
        ReadError::Retry(text)
    } else if is_context_too_long(&err.to_string()) {
        ReadError::ContextTooLong(excerpt(&err.to_string()))
    } else {
        ReadError::Fatal(text)
    }
}

/// A usage object of Chat Completions.
pub fn usage_from(u: &Value) -> Usage {
    let n = |v: Option<&Value>| v.and_then(Value::as_u64).unwrap_or(0);
    let cached = u
        .pointer("/prompt_tokens_details/cached_tokens")
        .or_else(|| u.get("prompt_cache_hit_tokens"));
    Usage {
        input_tokens: n(u.get("prompt_tokens")),
        output_tokens: n(u.get("completion_tokens")),
        cached_tokens: n(cached),
        ..Usage::default()
    }
}

/// llama.cpp's `timings` as usage: `prompt_n` tokens evaluated plus `cache_n` reused.
pub fn usage_from_timings(t: &Value) -> Option<Usage> {
    let n = |k: &str| t.get(k).and_then(Value::as_u64);
    let prompt = n("prompt_n")?;
    let cached = n("cache_n").unwrap_or(0);
    Some(Usage {
        input_tokens: prompt + cached,
        output_tokens: n("predicted_n").unwrap_or(0),
        cached_tokens: cached,
        ..Usage::default()
    })
}

impl ChunkAssembler {
    fn emit(&mut self, ev: StreamEvent, on_event: &mut dyn FnMut(&StreamEvent)) {
        emit_to(&mut self.builder, on_event, ev);
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
            ReadError::Retry(format!("malformed stream chunk ({e}): {}", excerpt(data)))
        })?;
        if let Some(err) = v.get("error") {
            return Err(error_event(err));
        }
        // Groq sent usage inside `x_groq` before it moved to the top level (and still does
        // for some models, e.g. `groq/compound`).
        let usage = v
            .get("usage")
            .filter(|u| u.is_object())
            .or_else(|| v.pointer("/x_groq/usage").filter(|u| u.is_object()));
        if let Some(u) = usage {
            self.saw_usage = true;
            self.emit(
                StreamEvent::Usage {
                    usage: usage_from(u),
                },
                on_event,
            );
        }
        if let Some(t) = v.get("timings") {
            self.timings = usage_from_timings(t).or(self.timings);
        }
        let Some(choice) = v.get("choices").and_then(|c| c.get(0)) else {
            return Ok(());
        };
        let delta = choice.get("delta").unwrap_or(&Value::Null);
        if let Some(r) = reasoning_text(delta) {
            self.emit(StreamEvent::ReasoningDelta { text: r.into() }, on_event);
        }
        let thinking = delta.get("content").map(thinking_text).unwrap_or_default();
        if !thinking.is_empty() {
            self.emit(StreamEvent::ReasoningDelta { text: thinking }, on_event);
        }
        let text = delta.get("content").map(content_text).unwrap_or_default();
        if !text.is_empty() {
            self.emit(StreamEvent::TextDelta { text }, on_event);
        }
        let refusal = delta.get("refusal").map(content_text).unwrap_or_default();
        if !refusal.is_empty() {
            self.refused = true;
            self.emit(StreamEvent::TextDelta { text: refusal }, on_event);
        }
        if let Some(calls) = delta.get("tool_calls").and_then(Value::as_array) {
            for (pos, call) in calls.iter().enumerate() {
                self.push_call(call, pos as u64, on_event);
            }
        }
        if let Some(r) = choice.get("finish_reason").and_then(Value::as_str) {
            self.stop = Some(StopReason::from_wire(r));
            self.finished = true;
        }
        Ok(())
    }

    fn push_call(&mut self, call: &Value, pos: u64, on_event: &mut dyn FnMut(&StreamEvent)) {
        let index = call.get("index").and_then(Value::as_u64).unwrap_or(pos);
        let id = call
            .get("id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty());
        let key = self.slot_key(index, id);
        let f = call.get("function").unwrap_or(&Value::Null);
        let mut evs = Vec::new();
        let slot = self.slots.entry(key).or_default();
        if let Some(id) = id
            && !slot.given_id
            && !slot.started
        {
            slot.id = id.to_string();
            slot.given_id = true;
        }
        if let Some(name) = f.get("name").and_then(Value::as_str) {
            // A name resent whole (or growing) replaces; a piece of a name is appended.
            if slot.name.is_empty() || name.starts_with(slot.name.as_str()) {
                slot.name = name.to_string();
            } else {
                slot.name.push_str(name);
            }
        }
        match f.get("arguments") {
            Some(Value::String(args)) => slot.pending.push_str(args),
            // Arguments sent as a JSON object rather than a string (some local servers).
            Some(args @ Value::Object(_)) => slot.pending.push_str(&args.to_string()),
            _ => {}
        }
        if !slot.started && !slot.name.is_empty() {
            if slot.id.is_empty() {
                slot.id = format!("call_{key}");
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
        for ev in evs {
            self.emit(ev, on_event);
        }
    }

    /// The slot a tool-call delta at wire `index` with `id` belongs to.
    fn slot_key(&mut self, index: u64, id: Option<&str>) -> u64 {
        if let Some(&key) = self.current.get(&index)
            && let Some(slot) = self.slots.get(&key)
            && id.is_none_or(|id| !slot.given_id || slot.id == id)
        {
            return key;
        }
        let key = self.slots.len() as u64;
        self.current.insert(index, key);
        self.slots.insert(key, Slot::default());
        key
    }

    /// True once `[DONE]` arrived.
    pub fn done(&self) -> bool {
        self.done
    }

    /// True once `[DONE]` or a finish reason arrived.
    pub fn complete(&self) -> bool {
        self.done || self.finished
    }

    /// The assembled turn; the usage from `timings` and the stop reason are reported here.
    pub fn finish(mut self, on_event: &mut dyn FnMut(&StreamEvent)) -> AssistantTurn {
        if !self.saw_usage
            && let Some(usage) = self.timings
        {
            self.emit(StreamEvent::Usage { usage }, on_event);
        }
        let stop = if self.refused {
            Some(StopReason::Refusal)
        } else {
            self.stop.take()
        };
        if let Some(reason) = stop {
            self.emit(StreamEvent::Stop { reason }, on_event);
        }
        let names: BTreeMap<String, String> =
            self.slots.into_values().map(|s| (s.id, s.name)).collect();
        let mut turn = self.builder.finish();
        for c in &mut turn.tool_calls {
            if let Some(n) = names.get(&c.id) {
                c.name.clone_from(n);
            }
        }
        turn
    }
}

/// Reads a non-streamed chat completion, reporting its pieces as events.
pub fn parse_full_reply(
    v: &Value,
    on_event: &mut dyn FnMut(&StreamEvent),
) -> Result<AssistantTurn, ReadError> {
    if let Some(err) = v.get("error") {
        return Err(error_event(err));
    }
    let choice = v
        .get("choices")
        .and_then(|c| c.get(0))
        .ok_or_else(|| ReadError::Fatal("the reply has no choices[0].message".into()))?;
    let msg = choice
        .get("message")
        .ok_or_else(|| ReadError::Fatal("the reply has no choices[0].message".into()))?;
    let mut b = TurnBuilder::default();
    let mut emit = |ev: StreamEvent| emit_to(&mut b, on_event, ev);
    if let Some(r) = reasoning_text(msg) {
        emit(StreamEvent::ReasoningDelta { text: r.into() });
    }
    let text = msg.get("content").map(content_text).unwrap_or_default();
    if !text.is_empty() {
        emit(StreamEvent::TextDelta { text });
    }
    let refusal = msg.get("refusal").map(content_text).unwrap_or_default();
    if !refusal.is_empty() {
        emit(StreamEvent::TextDelta {
            text: refusal.clone(),
        });
    }
    for (i, c) in msg
        .get("tool_calls")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let id = c
            .get("id")
            .and_then(Value::as_str)
            .map_or_else(|| format!("call_{i}"), str::to_string);
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
    let usage = match v.get("usage").filter(|u| u.is_object()) {
        Some(u) => Some(usage_from(u)),
        None => v.get("timings").and_then(usage_from_timings),
    };
    if let Some(usage) = usage {
        emit(StreamEvent::Usage { usage });
    }
    let stop = if refusal.is_empty() {
        choice
            .get("finish_reason")
            .and_then(Value::as_str)
            .map(StopReason::from_wire)
    } else {
        Some(StopReason::Refusal)
    };
    if let Some(reason) = stop {
        emit(StreamEvent::Stop { reason });
    }
    Ok(b.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(chunks: &[&str]) -> AssistantTurn {
        let mut asm = ChunkAssembler::default();
        for c in chunks {
            asm.push_data(c, &mut |_| {}).unwrap();
        }
        assert!(asm.complete());
        asm.finish(&mut |_| {})
    }

    #[test]
    fn tool_call_deltas_split_across_chunks_assemble() {
        let t = run(&[
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
        ]);
        assert_eq!(t.text, "Let me look.");
        assert_eq!(t.tool_calls[0].arguments, json!({"command": "ls"}));
        assert_eq!(t.tool_calls[1].name, "read_file");
        assert_eq!(t.tool_calls[1].arguments, json!({"path": "a.txt"}));
        assert_eq!(t.stop_reason, Some(StopReason::ToolUse));
        let u = t.usage.unwrap();
        assert_eq!(
            (u.input_tokens, u.output_tokens, u.cached_tokens),
            (100, 20, 64)
        );
    }

    #[test]
    fn a_name_resent_whole_in_each_chunk_is_kept_once_and_pieces_join() {
        // The shape reported for MiniMax via NIM and GPT-5.x gateways: every chunk repeats the
        // id and the whole name.
        let t = run(&[
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"read_file","arguments":"{\"path\""}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"read_file","arguments":": \"a\"}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"c2","function":{"name":"sh","arguments":""}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"name":"ell","arguments":"{}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
        ]);
        assert_eq!(t.tool_calls[0].name, "read_file");
        assert_eq!(t.tool_calls[0].arguments, json!({"path": "a"}));
        assert_eq!(t.tool_calls[1].name, "shell");
    }

    #[test]
    fn whole_calls_at_the_same_index_with_new_ids_are_separate_calls() {
        // Servers that send each complete call in its own chunk at index 0 (or with no
        // index, the Gemini OpenAI-compatible shape): a new id starts a new call.
        let t = run(&[
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"x\"}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"b","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"y\"}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"id":"c","type":"function","function":{"name":"shell","arguments":"{}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
        ]);
        let got: Vec<(&str, &str, Value)> = t
            .tool_calls
            .iter()
            .map(|c| (c.id.as_str(), c.name.as_str(), c.arguments.clone()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("a", "read_file", json!({"path": "x"})),
                ("b", "read_file", json!({"path": "y"})),
                ("c", "shell", json!({})),
            ]
        );
    }

    #[test]
    fn thinking_parts_are_reasoning_and_object_arguments_are_kept() {
        let t = run(&[
            r#"{"choices":[{"index":0,"delta":{"role":"assistant","content":[{"type":"thinking","thinking":[{"type":"text","text":"Sum it."}]}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"content":[{"type":"text","text":"4"}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","function":{"name":"shell","arguments":{"command":"ls"}}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
        ]);
        assert_eq!((t.reasoning.as_str(), t.text.as_str()), ("Sum it.", "4"));
        assert_eq!(t.tool_calls[0].arguments, json!({"command": "ls"}));
    }

    #[test]
    fn malformed_chunk_is_retryable_and_error_objects_are_classified() {
        let mut asm = ChunkAssembler::default();
        assert!(matches!(
            asm.push_data("{nope", &mut |_| {}),
            Err(ReadError::Retry(_))
        ));
        assert!(matches!(
            asm.push_data(r#"{"error":{"message":"bad"}}"#, &mut |_| {}),
            Err(ReadError::Fatal(_))
        ));
        assert!(matches!(
            asm.push_data(
                r#"{"error":{"code":"tool_use_failed","message":"x"}}"#,
                &mut |_| {}
            ),
            Err(ReadError::Retry(_))
        ));
        assert!(matches!(
            asm.push_data(
                r#"{"error":{"code":"context_length_exceeded","message":"maximum context length is 8192"}}"#,
                &mut |_| {}
            ),
            Err(ReadError::ContextTooLong(_))
        ));
    }

    #[test]
    fn full_reply_parses_tool_calls_null_content_and_refusal() {
        let v = json!({"choices":[{"message":{"role":"assistant","content":null,
            "tool_calls":[{"id":"x","type":"function","function":{"name":"shell","arguments":"{\"command\":\"pwd\"}"}}]},
            "finish_reason":"tool_calls"}],
            "usage":{"prompt_tokens":5,"completion_tokens":3}});
        let t = parse_full_reply(&v, &mut |_| {}).unwrap();
        assert_eq!(t.text, "");
        assert_eq!(t.tool_calls[0].arguments, json!({"command": "pwd"}));
        assert_eq!(t.usage.unwrap().total(), 8);
        let v = json!({"choices":[{"message":{"role":"assistant","content":null,"refusal":"No."},"finish_reason":"stop"}]});
        let t = parse_full_reply(&v, &mut |_| {}).unwrap();
        assert_eq!(
            (t.text.as_str(), t.stop_reason),
            ("No.", Some(StopReason::Refusal))
        );
    }
}

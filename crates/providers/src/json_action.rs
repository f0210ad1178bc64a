//! The JSON-action text protocol, for models without reliable native tool calling.
//!
//! The system prompt lists the tools with their schemas and asks for exactly one JSON object
//! per reply: `{"tool": NAME, "arguments": {...}}` to call a tool, or `{"final": TEXT}` to
//! finish. The reply is parsed leniently ([`parse_action`]: the first JSON object, fenced or
//! bare, repaired when truncated). On a format error the error goes back to the model (only
//! the latest one is kept in the history); after [`MAX_FORMAT_ERRORS`] in a row the call fails.
//! Only the final, well-formed action is returned, so the session log never holds a bad reply.

use loopwright_model::{Cancel, HistoryFacts, Provider, ProviderError};
use loopwright_protocol::message::{AssistantTurn, Message, ModelRequest, Role, StreamEvent};
use loopwright_protocol::tool::{ToolCall, ToolSpec};
use loopwright_protocol::usage::Usage;
use serde_json::{Map, Value, json};

use crate::openai::{OpenAiProvider, RequestOptions, apply_options, messages_json};

/// Consecutive format errors after which the call fails.
pub const MAX_FORMAT_ERRORS: usize = 3;

/// One parsed action.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Call a tool.
    Tool {
        /// Tool name.
        name: String,
        /// Arguments object.
        arguments: Value,
    },
    /// Finish with this answer.
    Final(String),
}

/// How to ask the server for JSON output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonMode {
    /// Send nothing extra.
    Off,
    /// `response_format: {"type": "json_object"}` (the only mode llama.cpp accepts).
    JsonObject,
    /// `response_format` with a JSON schema of the action.
    JsonSchema,
}

impl JsonMode {
    /// The mode's name, as cached per server: `json_schema`, `json_object`, `off`.
    pub fn as_str(self) -> &'static str {
        match self {
            JsonMode::Off => "off",
            JsonMode::JsonObject => "json_object",
            JsonMode::JsonSchema => "json_schema",
        }
    }

    /// Reads a mode's name ([`JsonMode::as_str`]).
    pub fn parse(s: &str) -> Option<JsonMode> {
        match s {
            "off" => Some(JsonMode::Off),
            "json_object" => Some(JsonMode::JsonObject),
            "json_schema" => Some(JsonMode::JsonSchema),
            _ => None,
        }
    }
}

/// Called with the weaker mode each time the server rejects the current one.
pub type FallbackHook = Box<dyn FnMut(JsonMode)>;

/// The JSON-action provider, over an OpenAI-compatible transport.
pub struct JsonActionProvider {
    inner: OpenAiProvider,
    /// How to ask for JSON output.
    pub mode: JsonMode,
    on_fallback: Option<FallbackHook>,
}

impl std::fmt::Debug for JsonActionProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonActionProvider")
            .field("inner", &self.inner)
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

impl JsonActionProvider {
    /// Wraps an OpenAI-compatible provider.
    pub fn new(inner: OpenAiProvider, mode: JsonMode) -> Self {
        JsonActionProvider {
            inner,
            mode,
            on_fallback: None,
        }
    }

    /// Calls `hook` with the new mode whenever the server rejects the current one (to cache
    /// what the server accepts, per base URL).
    pub fn with_fallback_hook(mut self, hook: FallbackHook) -> Self {
        self.on_fallback = Some(hook);
        self
    }
}

/// The system prompt: the loop's own prompt, then the protocol, the tools and an example.
pub fn system_prompt(system: &str, tools: &[ToolSpec]) -> String {
    let mut s = String::new();
    if !system.is_empty() {
        s.push_str(system);
        s.push_str("\n\n");
    }
    s.push_str(
        "You act by replying with exactly one JSON object and nothing else.\n\
         To call a tool: {\"tool\": \"<name>\", \"arguments\": {<arguments>}}\n\
         When the task is done: {\"final\": \"<short answer>\"}\n\nTools:\n",
    );
    for t in tools {
        s.push_str(&format!(
            "- {}: {}\n  arguments schema: {}\n",
            t.name, t.description, t.parameters
        ));
    }
    let example = match tools.iter().find(|t| t.name == "shell").or(tools.first()) {
        Some(t) if t.name == "shell" => {
            r#"{"tool": "shell", "arguments": {"command": "ls"}}"#.to_string()
        }
        Some(t) => json!({"tool": t.name, "arguments": {}}).to_string(),
        None => r#"{"final": "done"}"#.to_string(),
    };
    s.push_str(&format!("\nExample reply:\n{example}\n"));
    s
}

/// The history in text form: assistant tool calls become their JSON action, tool results
/// become user messages.
pub fn text_history(messages: &[Message]) -> Vec<Message> {
    messages
        .iter()
        .map(|m| match m.role {
            Role::Assistant if !m.tool_calls.is_empty() => Message::text(
                Role::Assistant,
                m.tool_calls
                    .iter()
                    .map(|c| json!({"tool": c.name, "arguments": c.arguments}).to_string())
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            Role::Assistant => {
                Message::text(Role::Assistant, json!({"final": m.content}).to_string())
            }
            Role::Tool => Message::text(
                Role::User,
                format!(
                    "Result of {}:\n{}",
                    m.tool_call_id.as_deref().unwrap_or("the tool"),
                    m.content
                ),
            ),
            _ => m.clone(),
        })
        .collect()
}

/// The `response_format` for a mode: with [`JsonMode::JsonSchema`], a schema whose `oneOf`
/// has one branch per tool (its name as a constant, its own argument schema) plus
/// `{"final": string}`, so a server with grammar-constrained decoding (llama.cpp, vLLM,
/// Ollama, OpenAI) can only produce a valid action.
pub fn response_format(mode: JsonMode, tools: &[ToolSpec]) -> Option<Value> {
    match mode {
        JsonMode::Off => None,
        JsonMode::JsonObject => Some(json!({"type": "json_object"})),
        JsonMode::JsonSchema => Some(json!({"type": "json_schema", "json_schema": {
            "name": "action", "schema": action_schema(tools)}})),
    }
}

/// The JSON schema of one action for `tools`.
pub fn action_schema(tools: &[ToolSpec]) -> Value {
    let mut branches: Vec<Value> = tools
        .iter()
        .map(|t| {
            let arguments = match &t.parameters {
                Value::Object(m) if !m.is_empty() => t.parameters.clone(),
                _ => json!({"type": "object"}),
            };
            json!({"type": "object",
                "properties": {"tool": {"type": "string", "const": t.name}, "arguments": arguments},
                "required": ["tool", "arguments"], "additionalProperties": false})
        })
        .collect();
    branches.push(json!({"type": "object",
        "properties": {"final": {"type": "string"}},
        "required": ["final"], "additionalProperties": false}));
    json!({"oneOf": branches})
}

/// The next, weaker mode after the server rejected `mode`, if any.
pub fn weaker(mode: JsonMode) -> Option<JsonMode> {
    match mode {
        JsonMode::JsonSchema => Some(JsonMode::JsonObject),
        JsonMode::JsonObject => Some(JsonMode::Off),
        JsonMode::Off => None,
    }
}

/// The request body for `request` with `extra` messages (the latest format error) appended.
pub fn request_body(
    model: &str,
    request: &ModelRequest,
    extra: &[Message],
    mode: JsonMode,
    stream: bool,
) -> Value {
    let options = RequestOptions {
        stream,
        ..RequestOptions::default()
    };
    request_body_with(model, request, extra, mode, &options)
}

/// [`request_body`] with every request option.
pub fn request_body_with(
    model: &str,
    request: &ModelRequest,
    extra: &[Message],
    mode: JsonMode,
    options: &RequestOptions,
) -> Value {
    let mut history = text_history(&request.messages);
    history.extend_from_slice(extra);
    let mut body = json!({
        "model": model,
        "messages": messages_json(&system_prompt(&request.system, &request.tools), &history),
    });
    if let Some(rf) = response_format(mode, &request.tools) {
        body["response_format"] = rf;
    }
    apply_options(&mut body, options);
    body
}

impl JsonActionProvider {
    /// One request; when the server rejects the `response_format` (HTTP 400 or 422), the
    /// request is sent again with the next weaker mode, which is kept for later calls.
    fn chat_with_fallback(
        &mut self,
        model: &str,
        request: &ModelRequest,
        extra: &[Message],
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        loop {
            let options = self.inner.current_options();
            let body = request_body_with(model, request, extra, self.mode, &options);
            match self.inner.chat(body, &mut |_| {}, cancel) {
                Err(ProviderError::Rejected {
                    status: 400 | 422, ..
                }) if weaker(self.mode).is_some() => {
                    if let Some(m) = weaker(self.mode) {
                        self.mode = m;
                        if let Some(hook) = self.on_fallback.as_mut() {
                            hook(m);
                        }
                    }
                }
                other => return other,
            }
        }
    }
}

impl Provider for JsonActionProvider {
    fn name(&self) -> &str {
        "json"
    }

    fn model(&self) -> Option<&str> {
        self.inner.model()
    }

    fn complete_with(
        &mut self,
        request: &ModelRequest,
        _facts: &HistoryFacts,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        let model = self.inner.model().unwrap_or_default().to_string();
        let mut extra: Vec<Message> = Vec::new();
        let mut usage = Usage::default();
        let mut last_error = String::new();
        for _ in 0..MAX_FORMAT_ERRORS {
            // Text is shown only once it parses as an action; usage passes through.
            let reply = self.chat_with_fallback(&model, request, &extra, cancel)?;
            if let Some(u) = &reply.usage {
                usage.add(u);
            }
            let names: Vec<&str> = request.tools.iter().map(|t| t.name.as_str()).collect();
            match parse_action(&reply.text).and_then(|a| check_action(a, &names)) {
                Ok(action) => {
                    let turn = action_turn(action, request, usage);
                    emit_turn(&turn, on_event);
                    return Ok(turn);
                }
                Err(FormatError(e)) => {
                    last_error = e.clone();
                    extra = vec![
                        Message::text(Role::Assistant, reply.text),
                        Message::text(Role::User, format_error_message(&e)),
                    ];
                }
            }
        }
        Err(ProviderError::Format {
            replies: MAX_FORMAT_ERRORS,
            last: last_error,
        })
    }
}

/// The message that tells the model what was wrong with its reply.
pub fn format_error_message(error: &str) -> String {
    format!(
        "Format error: {error}. Reply with exactly one JSON object: \
         {{\"tool\": \"<name>\", \"arguments\": {{...}}}} or {{\"final\": \"<answer>\"}}."
    )
}

/// Why a reply is not a valid JSON action (sent back to the model).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FormatError(pub String);

fn check_action(action: Action, tools: &[&str]) -> Result<Action, FormatError> {
    if let Action::Tool { name, .. } = &action
        && !tools.contains(&name.as_str())
    {
        return Err(FormatError(format!(
            "unknown tool `{name}` (the tools are: {})",
            tools.join(", ")
        )));
    }
    Ok(action)
}

fn action_turn(action: Action, request: &ModelRequest, usage: Usage) -> AssistantTurn {
    match action {
        Action::Final(text) => AssistantTurn {
            text,
            tool_calls: Vec::new(),
            usage: Some(usage),
            ..AssistantTurn::default()
        },
        Action::Tool { name, arguments } => {
            let n = request
                .messages
                .iter()
                .map(|m| m.tool_calls.len())
                .sum::<usize>()
                + 1;
            AssistantTurn {
                text: String::new(),
                tool_calls: vec![ToolCall {
                    id: format!("json-{n}"),
                    name,
                    arguments,
                }],
                usage: Some(usage),
                ..AssistantTurn::default()
            }
        }
    }
}

fn emit_turn(turn: &AssistantTurn, on_event: &mut dyn FnMut(&StreamEvent)) {
    if !turn.text.is_empty() {
        on_event(&StreamEvent::TextDelta {
            text: turn.text.clone(),
        });
    }
    for c in &turn.tool_calls {
        on_event(&StreamEvent::ToolCallStart {
            id: c.id.clone(),
            name: c.name.clone(),
        });
        on_event(&StreamEvent::ToolCallDelta {
            id: c.id.clone(),
            arguments: c.arguments.to_string(),
        });
    }
    if let Some(usage) = turn.usage {
        on_event(&StreamEvent::Usage { usage });
    }
}

/// Parses the first JSON object in `text` as an action, repairing a truncated object.
pub fn parse_action(text: &str) -> Result<Action, FormatError> {
    let v = first_object(text)?;
    let Value::Object(mut obj) = v else {
        return Err(FormatError("the reply is not a JSON object".into()));
    };
    if let Some(f) = obj.remove("final") {
        return Ok(Action::Final(match f {
            Value::String(s) => s,
            other => other.to_string(),
        }));
    }
    let name = match obj.remove("tool").or_else(|| obj.remove("name")) {
        Some(Value::String(s)) if !s.is_empty() => s,
        Some(_) => return Err(FormatError("`tool` must be a tool name (a string)".into())),
        None => {
            return Err(FormatError(
                "the object has neither `tool` nor `final`".into(),
            ));
        }
    };
    let arguments = match obj.remove("arguments") {
        Some(Value::Object(m)) => Value::Object(m),
        None | Some(Value::Null) => Value::Object(Map::new()),
        Some(Value::String(s)) => match serde_json::from_str::<Value>(&s) {
            Ok(v @ Value::Object(_)) => v,
            _ => return Err(FormatError("`arguments` must be a JSON object".into())),
        },
        Some(_) => return Err(FormatError("`arguments` must be a JSON object".into())),
    };
    Ok(Action::Tool { name, arguments })
}

/// The first JSON object in `text` (prose and code fences around it are ignored); a truncated
/// object is closed (open string, open arrays and objects; a dangling key or comma is dropped).
pub fn first_object(text: &str) -> Result<Value, FormatError> {
    let start = text
        .find('{')
        .ok_or_else(|| FormatError("the reply contains no JSON object (no `{`)".to_string()))?;
    let s = &text[start..];
    match scan(s)? {
        Scan::Complete(end) => serde_json::from_str(&s[..end])
            .map_err(|e| FormatError(format!("the JSON object does not parse: {e}"))),
        Scan::Truncated(t) => {
            // A closing code fence after a truncated object is not part of it.
            if let Some(fence) = s.find("```")
                && let Ok(Scan::Truncated(tf)) = scan(&s[..fence])
                && let Some(v) = repair(&s[..fence], &tf)
            {
                return Ok(v);
            }
            repair(s, &t).ok_or_else(|| {
                FormatError("the JSON object is truncated and cannot be repaired".into())
            })
        }
    }
}

struct Truncated {
    stack: Vec<char>,
    in_str: bool,
    escaped: bool,
    /// Byte offset of the last `,` outside strings, with the open brackets there.
    cut: Option<(usize, Vec<char>)>,
}

enum Scan {
    /// The object ends before this byte offset.
    Complete(usize),
    Truncated(Truncated),
}

fn scan(s: &str) -> Result<Scan, FormatError> {
    let mut stack: Vec<char> = Vec::new();
    let mut in_str = false;
    let mut escaped = false;
    let mut cut = None;
    for (i, ch) in s.char_indices() {
        if in_str {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == '"' {
                in_str = false;
            }
            continue;
        }
        match ch {
            '"' => in_str = true,
            '{' => stack.push('}'),
            '[' => stack.push(']'),
            '}' | ']' => {
                if stack.pop() != Some(ch) {
                    return Err(FormatError(format!("unbalanced `{ch}` in the JSON object")));
                }
                if stack.is_empty() {
                    return Ok(Scan::Complete(i + 1));
                }
            }
            ',' => cut = Some((i, stack.clone())),
            _ => {}
        }
    }
    Ok(Scan::Truncated(Truncated {
        stack,
        in_str,
        escaped,
        cut,
    }))
}

/// Closes a truncated object where the text ends, or else at its last comma.
fn repair(s: &str, t: &Truncated) -> Option<Value> {
    let mut head = s.to_string();
    if t.in_str {
        if t.escaped {
            head.pop();
        }
        head.push('"');
    }
    let mut attempt = head.trim_end().trim_end_matches(',').to_string();
    if attempt.ends_with(':') {
        attempt.push_str("null");
    }
    if let Ok(v) = serde_json::from_str(&close(&attempt, &t.stack)) {
        return Some(v);
    }
    let (at, stack) = t.cut.as_ref()?;
    serde_json::from_str(&close(&s[..*at], stack)).ok()
}

fn close(head: &str, stack: &[char]) -> String {
    let mut out = head.to_string();
    out.extend(stack.iter().rev());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn finds_object_in_fence_and_prose() {
        let t = "Sure!\n```json\n{\"tool\": \"shell\", \"arguments\": {\"command\": \"ls {a}\"}}\n```\nthen {\"x\":1}";
        assert_eq!(
            parse_action(t).unwrap(),
            Action::Tool {
                name: "shell".into(),
                arguments: json!({"command": "ls {a}"})
            }
        );
        assert_eq!(
            parse_action("{\"final\": \"done\"}").unwrap(),
            Action::Final("done".into())
        );
    }

    #[test]
    fn repairs_truncated_objects() {
        assert_eq!(
            first_object("{\"tool\": \"shell\", \"arguments\": {\"command\": \"ls -l").unwrap(),
            json!({"tool": "shell", "arguments": {"command": "ls -l"}})
        );
        assert_eq!(
            first_object("{\"tool\": \"shell\", \"arguments\": {\"command\": \"ls\", \"time")
                .unwrap(),
            json!({"tool": "shell", "arguments": {"command": "ls"}})
        );
        assert_eq!(
            first_object("{\"tool\": \"shell\", \"arguments\":").unwrap(),
            json!({"tool": "shell", "arguments": null})
        );
        assert_eq!(
            first_object("{\"a\": [1, 2,").unwrap(),
            json!({"a": [1, 2]})
        );
    }

    #[test]
    fn format_errors_are_clear() {
        assert!(
            parse_action("no json here")
                .unwrap_err()
                .0
                .contains("no JSON object")
        );
        assert!(
            parse_action("{\"foo\": 1}")
                .unwrap_err()
                .0
                .contains("neither")
        );
        assert!(
            parse_action("{\"tool\": 3}")
                .unwrap_err()
                .0
                .contains("string")
        );
        assert!(
            check_action(
                Action::Tool {
                    name: "rm".into(),
                    arguments: json!({})
                },
                &["shell"]
            )
            .unwrap_err()
            .0
            .contains("unknown tool `rm`")
        );
    }

    #[test]
    fn history_turns_tool_calls_into_actions() {
        let mut a = Message::text(Role::Assistant, "");
        a.tool_calls.push(ToolCall {
            id: "json-1".into(),
            name: "shell".into(),
            arguments: json!({"command": "ls"}),
        });
        let h = text_history(&[a, Message::tool("json-1", "a.txt")]);
        assert_eq!(
            h[0].content,
            r#"{"tool":"shell","arguments":{"command":"ls"}}"#
        );
        assert_eq!(h[1].role, Role::User);
        assert!(h[1].content.contains("a.txt"));
    }

    proptest! {
        #[test]
        fn parser_never_panics(s in "\\PC{0,200}") {
            let _ = parse_action(&s);
        }

        #[test]
        fn parser_never_panics_on_json_like(s in "[{}\\[\\]\",:\\\\a-c0-9 ]{0,80}") {
            let _ = parse_action(&s);
        }

        #[test]
        fn every_truncation_of_an_action_parses_or_errors(cut in 0usize..200) {
            let full = r#"Here: {"tool": "shell", "arguments": {"command": "echo \"hi\" é", "timeout": [1, 2.5, {"x": null}]}} bye"#;
            let mut at = cut.min(full.len());
            while !full.is_char_boundary(at) { at -= 1; }
            let r = parse_action(&full[..at]);
            if at >= full.len() - 4 {
                prop_assert!(r.is_ok());
            }
        }
    }
}

//! Trajectory formats -> [`Trajectory`].

use std::collections::HashSet;

use loopwright_protocol::message::{Message, Role};
use loopwright_protocol::tool::{ToolCall, ToolSpec};
use serde_json::{Map, Value, json};

use crate::ContextError;
use crate::condense::{Item, ToolRoles};
use crate::prompt::{Prefix, ProjectInstructions};

/// One recorded run as our history: the stable prefix and the items (the task first).
#[derive(Debug, Clone, PartialEq)]
pub struct Trajectory {
    /// Display name (file name, `#n` for runs after the first in one file).
    pub name: String,
    /// System prompt (and demonstrations, as instructions).
    pub prefix: Prefix,
    /// Task first, then assistant messages, tool results and user messages.
    pub items: Vec<Item>,
    /// When each item was recorded (seconds since the Unix epoch), where the format says.
    pub times: Vec<Option<f64>>,
    /// Tool calls without a recorded result, given the synthetic [`INTERRUPTED_TEXT`] result
    /// right after their call's turn (as the agent repairs its own log on resume).
    pub repaired: usize,
    /// The role of each tool the run called, judged from the shape of its arguments (a
    /// recorded run does not say which of its tools read or edit files).
    pub roles: ToolRoles,
}

/// The result given to a recorded tool call that has none (same text as the session log's
/// repair on resume).
pub const INTERRUPTED_TEXT: &str = "interrupted: the run stopped before this tool call completed, \
and it was not run again. Check the state of the workspace before retrying it.";

struct Builder {
    items: Vec<Item>,
    times: Vec<Option<f64>>,
    repaired: usize,
    /// Open calls: (id as recorded, id used here). Some servers reuse ids across turns
    /// (`call_0` every time); each call gets a unique id so results pair with the right call.
    pending: Vec<(String, String)>,
    used: HashSet<String>,
    next_call: u64,
}

impl Builder {
    fn new(task: String) -> Self {
        Builder {
            items: vec![Item {
                id: 0,
                message: Message::text(Role::User, task),
            }],
            times: vec![None],
            repaired: 0,
            pending: Vec::new(),
            used: HashSet::new(),
            next_call: 0,
        }
    }
    /// Appends a message; a message that is not a tool result first closes every call still
    /// open (a crashed or cut turn), so no request ever holds an unanswered call.
    fn push(&mut self, message: Message) {
        if message.role != Role::Tool {
            self.close_open();
        }
        self.append(message);
    }
    fn append(&mut self, message: Message) {
        let id = self.items.len() as u64;
        self.items.push(Item { id, message });
        self.times.push(None);
    }
    /// Gives every open call the synthetic interrupted result.
    fn close_open(&mut self) {
        for (_, id) in std::mem::take(&mut self.pending) {
            self.repaired += 1;
            self.append(Message::tool(id, INTERRUPTED_TEXT));
        }
    }
    /// Records when the last item was written.
    fn stamp(&mut self, t: Option<f64>) {
        if let Some(last) = self.times.last_mut() {
            *last = t;
        }
    }
    /// An assistant message with at most one tool call `(name, id, arguments)`.
    fn assistant(&mut self, text: &str, call: Option<(String, Option<String>, Value)>) {
        let calls = call
            .map(|(name, id, args)| (id.unwrap_or_default(), name, args))
            .into_iter()
            .collect();
        self.assistant_calls(text, calls);
    }
    /// An assistant message with several tool calls `(id, name, arguments)`; an empty id gets
    /// a generated one.
    fn assistant_calls(&mut self, text: &str, calls: Vec<(String, String, Value)>) {
        self.close_open();
        let mut tool_calls = Vec::new();
        for (recorded, name, arguments) in calls {
            let mut id = recorded.clone();
            while id.is_empty() || self.used.contains(&id) {
                self.next_call += 1;
                id = if recorded.is_empty() {
                    format!("call-{}", self.next_call)
                } else {
                    format!("{recorded}~{}", self.next_call)
                };
            }
            self.used.insert(id.clone());
            self.pending.push((recorded, id.clone()));
            tool_calls.push(ToolCall {
                id,
                name,
                arguments,
            });
        }
        self.append(Message {
            role: Role::Assistant,
            content: text.to_string(),
            tool_calls,
            tool_call_id: None,
        });
    }
    /// A result for the oldest open call, or a user message when none is open.
    fn observation(&mut self, content: &str, call_id: Option<&str>) {
        let pos = match call_id {
            Some(c) => self.pending.iter().position(|(r, _)| r == c),
            None => (!self.pending.is_empty()).then_some(0),
        };
        match pos {
            Some(i) => {
                let (_, id) = self.pending.remove(i);
                self.push(Message::tool(id, content));
            }
            None => self.push(Message::text(Role::User, content)),
        }
    }
    /// True when a call recorded with `id` is waiting for its result.
    fn is_open(&self, id: &str) -> bool {
        self.pending.iter().any(|(r, _)| r == id)
    }
    /// Every call still open gets the interrupted result; the run as a trajectory.
    fn finish(mut self, name: &str, prefix: Prefix) -> Trajectory {
        self.close_open();
        let roles = super::roles::of_calls(self.items.iter().flat_map(|i| &i.message.tool_calls));
        Trajectory {
            name: name.to_string(),
            prefix,
            items: self.items,
            times: self.times,
            repaired: self.repaired,
            roles,
        }
    }
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or("")
}

fn err(name: &str, what: &str) -> ContextError {
    ContextError::Trajectory(format!("{name}: {what}"))
}

fn prefix(system: String, demos: Vec<String>) -> Prefix {
    Prefix {
        system,
        instructions: demos
            .into_iter()
            .map(|text| ProjectInstructions {
                name: "demonstration".into(),
                text,
            })
            .collect(),
        tools: Vec::new(),
    }
}

fn sweagent(name: &str, v: &Value) -> Result<Trajectory, ContextError> {
    let hist = v
        .get("history")
        .and_then(Value::as_array)
        .ok_or_else(|| err(name, "`history` is not a list"))?;
    let mut system = String::new();
    let mut demos = Vec::new();
    let mut b: Option<Builder> = None;
    for h in hist {
        let demo = h.get("is_demo").is_some_and(|d| d == true || d == "True");
        let role = s(h, "role");
        let content = s(h, "content");
        match (role, b.as_mut()) {
            ("system", _) => system = content.to_string(),
            (_, _) if demo => demos.push(content.to_string()),
            ("user", None) => b = Some(Builder::new(content.to_string())),
            ("assistant", Some(b)) => {
                let fc = h
                    .get("tool_calls")
                    .and_then(Value::as_array)
                    .and_then(|c| c.first())
                    .map(|c| {
                        let f = c.get("function").cloned().unwrap_or(Value::Null);
                        let args = serde_json::from_str(s(&f, "arguments"))
                            .unwrap_or_else(|_| json!({"command": s(&f, "arguments")}));
                        (
                            s(&f, "name").to_string(),
                            Some(s(c, "id").to_string()),
                            args,
                        )
                    });
                let call = fc.or_else(|| {
                    let a = s(h, "action");
                    (!a.is_empty())
                        .then(|| ("bash".to_string(), None, json!({"command": a.trim_end()})))
                });
                let text = h.get("thought").and_then(Value::as_str).unwrap_or(content);
                b.assistant(text, call);
            }
            ("tool" | "user", Some(b)) => {
                let cid = h
                    .get("tool_call_ids")
                    .and_then(Value::as_array)
                    .and_then(|a| a.first())
                    .and_then(Value::as_str);
                b.observation(content, cid);
            }
            _ => {}
        }
    }
    let b = b.ok_or_else(|| err(name, "no task message"))?;
    Ok(b.finish(name, prefix(system, demos)))
}

fn args_without_thought(v: &Value) -> Value {
    let mut m: Map<String, Value> = v.as_object().cloned().unwrap_or_default();
    for k in [
        "thought",
        "is_confirmed",
        "confirmation_state",
        "security_risk",
        "kernel_init_code",
    ] {
        m.remove(k);
    }
    Value::Object(m)
}

/// OpenHands event list (`source`, `action`/`observation`, `args`, `cause`) or the older flat
/// variant (action fields at top level, observations answer the previous action).
fn openhands(name: &str, task: Option<&str>, events: &[Value]) -> Result<Trajectory, ContextError> {
    let mut b: Option<Builder> = task.map(|t| Builder::new(t.to_string()));
    for (i, e) in events.iter().enumerate() {
        let args = e.get("args").cloned().unwrap_or_else(|| e.clone());
        if let Some(action) = e.get("action").and_then(Value::as_str) {
            let user = s(e, "source") == "user" || (i == 0 && action == "message");
            match (action, b.as_mut()) {
                ("message", None) if user => {
                    let t = s(&args, "content");
                    b = Some(Builder::new(
                        if t.is_empty() { s(e, "message") } else { t }.into(),
                    ));
                }
                (_, None) => return Err(err(name, "first event is not the task message")),
                ("message", Some(_)) if i == 0 => {}
                ("message", Some(b)) if user => {
                    b.push(Message::text(Role::User, s(&args, "content")))
                }
                ("message" | "finish", Some(b)) => {
                    let t = [s(&args, "thought"), s(&args, "content"), s(e, "message")]
                        .into_iter()
                        .find(|t| !t.is_empty())
                        .unwrap_or("");
                    b.assistant(t, None);
                    b.stamp(timestamp(e));
                }
                (_, Some(b)) => {
                    let meta = e.get("tool_call_metadata");
                    let tname = meta
                        .map(|m| s(m, "function_name"))
                        .filter(|n| !n.is_empty());
                    let cid = meta.map(|m| s(m, "tool_call_id")).filter(|n| !n.is_empty());
                    b.assistant(
                        s(&args, "thought"),
                        Some((
                            tname.unwrap_or(action).to_string(),
                            cid.map(str::to_string)
                                .or_else(|| e.get("id").map(|i| format!("ev-{i}"))),
                            args_without_thought(&args),
                        )),
                    );
                    b.stamp(timestamp(e));
                }
            }
        } else if e.get("observation").is_some() {
            let Some(b) = b.as_mut() else { continue };
            let meta_id = e
                .get("tool_call_metadata")
                .map(|m| s(m, "tool_call_id"))
                .filter(|n| !n.is_empty())
                .map(str::to_string)
                .or_else(|| {
                    e.get("cause").map(|c| {
                        format!(
                            "ev-{}",
                            c.as_str().map_or_else(|| c.to_string(), str::to_string)
                        )
                    })
                });
            b.observation(
                s(e, "content"),
                meta_id.as_deref().filter(|id| b.is_open(id)),
            );
        }
    }
    let b = b.ok_or_else(|| err(name, "no task message"))?;
    Ok(b.finish(name, prefix(String::new(), Vec::new())))
}

fn fenced_command(text: &str) -> Option<(String, String)> {
    let start = text.find("```")?;
    let after = &text[start + 3..];
    let body_start = after.find('\n')? + 1;
    let body = &after[body_start..];
    let end = body.find("```")?;
    Some((
        text[..start].trim_end().to_string(),
        body[..end].trim_end().to_string(),
    ))
}

/// Message text: a string, or a list of content parts (`{"type": "text", "text": ...}`).
fn text_of(m: &Value) -> String {
    match m.get("content") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// OpenAI-style tool calls of an assistant message: `(id, name, arguments)`.
fn chat_tool_calls(m: &Value) -> Vec<(String, String, Value)> {
    let Some(calls) = m.get("tool_calls").and_then(Value::as_array) else {
        return Vec::new();
    };
    calls
        .iter()
        .filter_map(|c| {
            let f = c.get("function")?;
            let name = f.get("name").and_then(Value::as_str)?.to_string();
            let args = match f.get("arguments") {
                Some(Value::String(raw)) => {
                    serde_json::from_str(raw).unwrap_or_else(|_| Value::String(raw.clone()))
                }
                Some(v) => v.clone(),
                None => json!({}),
            };
            let id = c
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            Some((id, name, args))
        })
        .collect()
}

/// OpenAI-style tool schemas (`{"type": "function", "function": {name, description,
/// parameters}}`), as recorded with a completion request.
fn chat_tools(tools: &Value) -> Vec<ToolSpec> {
    tools
        .as_array()
        .map_or(&[][..], |a| a)
        .iter()
        .filter_map(|t| {
            let f = t.get("function").unwrap_or(t);
            Some(ToolSpec {
                name: f.get("name")?.as_str()?.to_string(),
                description: s(f, "description").to_string(),
                parameters: f.get("parameters").cloned().unwrap_or_else(|| json!({})),
                role: Default::default(),
            })
        })
        .collect()
}

/// A chat message list: mini-swe-agent's linear history (commands in fenced blocks, outputs as
/// user messages) or OpenAI-style tool calling (`tool_calls` + `tool` messages), as written by
/// mini-swe-agent 1.1+ trajectories and OpenHands completion logs.
fn chat(name: &str, msgs: &[Value]) -> Result<Trajectory, ContextError> {
    let mut system = String::new();
    let mut b: Option<Builder> = None;
    for m in msgs {
        let content = text_of(m);
        match (s(m, "role"), b.as_mut()) {
            ("system", _) => system = content,
            ("user", None) => b = Some(Builder::new(content)),
            ("assistant", Some(b)) => {
                let calls = chat_tool_calls(m);
                if !calls.is_empty() {
                    b.assistant_calls(&content, calls);
                } else {
                    match fenced_command(&content) {
                        Some((thought, cmd)) => b.assistant(
                            &thought,
                            Some(("bash".into(), None, json!({"command": cmd}))),
                        ),
                        None => b.assistant(&content, None),
                    }
                }
                b.stamp(timestamp(m));
            }
            ("tool", Some(b)) => {
                let id = m.get("tool_call_id").and_then(Value::as_str);
                b.observation(&content, id.filter(|id| b.is_open(id)));
            }
            ("user", Some(b)) => b.observation(&content, None),
            _ => {}
        }
    }
    let b = b.ok_or_else(|| err(name, "no task message"))?;
    Ok(b.finish(name, prefix(system, Vec::new())))
}

/// When a record was written: a number of seconds since the epoch (`timestamp` or
/// `extra.timestamp`) or an RFC 3339 UTC time (`2024-05-01T12:00:00.5`, `Z` or no offset).
fn timestamp(v: &Value) -> Option<f64> {
    let t = v
        .get("timestamp")
        .or_else(|| v.pointer("/extra/timestamp"))?;
    match t {
        Value::Number(n) => n.as_f64().filter(|x| x.is_finite()),
        Value::String(s) => rfc3339(s),
        _ => None,
    }
}

/// Seconds since the epoch of `YYYY-MM-DDTHH:MM:SS[.frac][Z]` (offsets other than UTC: none).
fn rfc3339(s: &str) -> Option<f64> {
    let s = s.strip_suffix('Z').unwrap_or(s);
    let (date, time) = s.split_once(['T', ' '])?;
    let mut d = date.splitn(3, '-').map(|p| p.parse::<i64>().ok());
    let (y, m, day) = (d.next()??, d.next()??, d.next()??);
    let mut t = time.splitn(3, ':');
    let (h, min) = (
        t.next()?.parse::<i64>().ok()?,
        t.next()?.parse::<i64>().ok()?,
    );
    let sec: f64 = t.next()?.parse().ok()?;
    if !(1..=12).contains(&m) || !(1..=31).contains(&day) || h > 23 || min > 59 {
        return None;
    }
    // Days from the civil date (proleptic Gregorian), as in Howard Hinnant's algorithm.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some((days * 86_400 + h * 3600 + min * 60) as f64 + sec)
}

/// One parsed JSON document: a run in any recognised format.
fn parse_value(name: &str, v: &Value) -> Result<Trajectory, ContextError> {
    match v {
        Value::Object(o) if o.contains_key("trajectory") && o.contains_key("history") => {
            sweagent(name, v)
        }
        Value::Object(o) if o.contains_key("history") => {
            let h = o
                .get("history")
                .and_then(Value::as_array)
                .ok_or_else(|| err(name, "`history` is not a list"))?;
            openhands(name, o.get("instruction").and_then(Value::as_str), h)
        }
        Value::Array(a) if a.first().is_some_and(|m| m.get("role").is_some()) => chat(name, a),
        Value::Object(o) if o.get("messages").is_some_and(Value::is_array) => {
            let mut msgs: Vec<Value> = o
                .get("messages")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            // A completion log: the request's messages plus the reply it got.
            if let Some(reply) = v.pointer("/response/choices/0/message") {
                msgs.push(reply.clone());
            }
            let mut t = chat(name, &msgs)?;
            let tools = v.pointer("/kwargs/tools").or_else(|| v.get("tools"));
            t.prefix.tools = tools.map(chat_tools).unwrap_or_default();
            Ok(t)
        }
        Value::Array(a) => openhands(name, None, a),
        _ => Err(err(name, "unrecognised trajectory format")),
    }
}

/// Parses a trajectory file's text; the format is recognised from its shape. A JSON-lines file
/// gives one run per line (`name`, `name#2`, ...). An unreadable record is an error naming its
/// line.
pub fn parse(name: &str, text: &str) -> Result<Vec<Trajectory>, ContextError> {
    let doc_error = match serde_json::from_str::<Value>(text) {
        Ok(v) => return Ok(vec![parse_value(name, &v)?]),
        Err(e) => e,
    };
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.is_empty() {
        return Err(err(name, "empty file"));
    }
    // A document spread over several lines that does not parse is one broken record.
    if serde_json::from_str::<Value>(lines[0].1).is_err() {
        return Err(err(
            name,
            &format!(
                "line {}, column {}: {doc_error}",
                doc_error.line(),
                doc_error.column()
            ),
        ));
    }
    let mut out = Vec::new();
    for (k, (i, line)) in lines.iter().enumerate() {
        let v: Value =
            serde_json::from_str(line).map_err(|e| err(name, &format!("line {}: {e}", i + 1)))?;
        let n = if k == 0 {
            name.to_string()
        } else {
            format!("{name}#{}", k + 1)
        };
        out.push(parse_value(&n, &v).map_err(|e| match e {
            ContextError::Trajectory(m) => {
                let what = m.strip_prefix(&format!("{n}: ")).unwrap_or(&m).to_string();
                err(name, &format!("line {}: {what}", i + 1))
            }
            other => other,
        })?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_times() {
        assert_eq!(rfc3339("1970-01-01T00:00:00"), Some(0.0));
        assert_eq!(rfc3339("2024-03-01T00:00:01.5Z"), Some(1_709_251_201.5));
        assert_eq!(rfc3339("2024-13-01T00:00:00"), None);
        assert_eq!(rfc3339("yesterday"), None);
    }

    #[test]
    fn cut_turns_are_repaired_before_the_next_message() {
        let msgs = serde_json::json!([
            {"role": "user", "content": "task"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "a", "function": {"name": "bash", "arguments": "{}"}},
                {"id": "b", "function": {"name": "bash", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "a", "content": "ok"},
            {"role": "assistant", "content": "the run was cut and resumed"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "c", "function": {"name": "bash", "arguments": "{}"}}]}
        ]);
        let t = parse("t", &msgs.to_string()).unwrap().remove(0);
        assert_eq!(t.repaired, 2);
        let roles: Vec<_> = t.items.iter().map(|i| i.message.role).collect();
        use Role::*;
        assert_eq!(
            roles,
            [User, Assistant, Tool, Tool, Assistant, Assistant, Tool]
        );
        assert_eq!(t.items[3].message.content, INTERRUPTED_TEXT);
        assert_eq!(t.items.len(), t.times.len());
    }

    #[test]
    fn unreadable_records_name_their_line() {
        let good = serde_json::json!({"instruction": "t", "history": []}).to_string();
        let e = parse("f", &format!("{good}\n{{oops\n"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("f: line 2"), "{e}");
        let e = parse("f", "{\n \"a\": [1,\n 2,,]\n}")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3"), "{e}");
        let e = parse("f", &format!("{good}\n{}\n", "[1]"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2"), "{e}");
    }
}

//! Trajectory formats -> [`Trajectory`].

use std::collections::HashSet;

use loopwright_protocol::message::{Message, Role};
use loopwright_protocol::tool::{ToolCall, ToolSpec};
use serde_json::{Map, Value, json};

use crate::ContextError;
use crate::condense::Item;
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
}

struct Builder {
    items: Vec<Item>,
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
            pending: Vec::new(),
            used: HashSet::new(),
            next_call: 0,
        }
    }
    fn push(&mut self, message: Message) {
        let id = self.items.len() as u64;
        self.items.push(Item { id, message });
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
        self.push(Message {
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
    /// Every call still open gets an explicit result, as after an interrupt.
    fn finish(mut self) -> Vec<Item> {
        for (_, id) in std::mem::take(&mut self.pending) {
            self.push(Message::tool(id, "(no result recorded)"));
        }
        self.items
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
    Ok(Trajectory {
        name: name.to_string(),
        prefix: prefix(system, demos),
        items: b.finish(),
    })
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
    Ok(Trajectory {
        name: name.to_string(),
        prefix: prefix(String::new(), Vec::new()),
        items: b.finish(),
    })
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
    Ok(Trajectory {
        name: name.to_string(),
        prefix: prefix(system, Vec::new()),
        items: b.finish(),
    })
}

/// Parses a trajectory file's text; the format is recognised from its shape. A JSON-lines file
/// of OpenHands runs gives one trajectory per line.
pub fn parse(name: &str, text: &str) -> Result<Vec<Trajectory>, ContextError> {
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        return match &v {
            Value::Object(o) if o.contains_key("trajectory") && o.contains_key("history") => {
                Ok(vec![sweagent(name, &v)?])
            }
            Value::Object(o) if o.contains_key("history") => {
                let h = o
                    .get("history")
                    .and_then(Value::as_array)
                    .map_or(&[][..], |a| a);
                Ok(vec![openhands(
                    name,
                    o.get("instruction").and_then(Value::as_str),
                    h,
                )?])
            }
            Value::Array(a) if a.first().is_some_and(|m| m.get("role").is_some()) => {
                Ok(vec![chat(name, a)?])
            }
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
                Ok(vec![t])
            }
            Value::Array(a) => Ok(vec![openhands(name, None, a)?]),
            _ => Err(err(name, "unrecognised trajectory format")),
        };
    }
    let mut out = Vec::new();
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let v: Value =
            serde_json::from_str(line).map_err(|e| err(name, &format!("line {}: {e}", i + 1)))?;
        let h = v
            .get("history")
            .and_then(Value::as_array)
            .ok_or_else(|| err(name, &format!("line {}: no `history` list", i + 1)))?;
        let n = if i == 0 {
            name.to_string()
        } else {
            format!("{name}#{}", i + 1)
        };
        out.push(openhands(
            &n,
            v.get("instruction").and_then(Value::as_str),
            h,
        )?);
    }
    if out.is_empty() {
        return Err(err(name, "empty file"));
    }
    Ok(out)
}

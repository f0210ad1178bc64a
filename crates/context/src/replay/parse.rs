//! Trajectory formats -> [`Trajectory`].

use loopwright_protocol::message::{Message, Role};
use loopwright_protocol::tool::ToolCall;
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
    pending: Vec<String>,
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
            next_call: 0,
        }
    }
    fn push(&mut self, message: Message) {
        let id = self.items.len() as u64;
        self.items.push(Item { id, message });
    }
    fn assistant(&mut self, text: &str, call: Option<(String, Option<String>, Value)>) {
        let mut tool_calls = Vec::new();
        if let Some((name, id, arguments)) = call {
            let id = id.unwrap_or_else(|| {
                self.next_call += 1;
                format!("call-{}", self.next_call)
            });
            self.pending.push(id.clone());
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
            Some(c) => self.pending.iter().position(|p| p == c),
            None => (!self.pending.is_empty()).then_some(0),
        };
        match pos {
            Some(i) => {
                let id = self.pending.remove(i);
                self.push(Message::tool(id, content));
            }
            None => self.push(Message::text(Role::User, content)),
        }
    }
    /// Every call still open gets an explicit result, as after an interrupt.
    fn finish(mut self) -> Vec<Item> {
        for id in std::mem::take(&mut self.pending) {
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
                meta_id
                    .as_deref()
                    .filter(|id| b.pending.iter().any(|p| p == id)),
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

fn miniswe(name: &str, msgs: &[Value]) -> Result<Trajectory, ContextError> {
    let mut system = String::new();
    let mut b: Option<Builder> = None;
    for m in msgs {
        let content = s(m, "content");
        match (s(m, "role"), b.as_mut()) {
            ("system", _) => system = content.to_string(),
            ("user", None) => b = Some(Builder::new(content.to_string())),
            ("assistant", Some(b)) => match fenced_command(content) {
                Some((thought, cmd)) => b.assistant(
                    &thought,
                    Some(("bash".into(), None, json!({"command": cmd}))),
                ),
                None => b.assistant(content, None),
            },
            ("user", Some(b)) => b.observation(content, None),
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
                Ok(vec![miniswe(name, a)?])
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

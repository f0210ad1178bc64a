//! The `recall` tool: the full text of any earlier event of the session, by its recall id (the
//! event's sequence number, shown in every mask stub and summary). Nothing masked or
//! summarised is lost to the model. Read-only: it reads the session log and nothing else.

use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::tool::{ToolCall, ToolStatus};

use crate::tools::ToolOutput;

/// Runs a validated `recall` call over the session's events.
pub fn recall(call: &ToolCall, events: &[Event]) -> ToolOutput {
    let Some(id) = call.arguments.get("id").and_then(serde_json::Value::as_u64) else {
        return ToolOutput::text(
            ToolStatus::Invalid,
            "invalid arguments for `recall`: `id` must be a non-negative integer",
        );
    };
    match events.iter().find(|e| e.seq == id) {
        Some(e) => ToolOutput::text(ToolStatus::Ok, event_text(e, events)),
        None => ToolOutput::text(
            ToolStatus::Error,
            format!(
                "no event with recall id {id} (this session's ids run from 0 to {}); use an id shown in a masked result or a summary",
                events.last().map_or(0, |e| e.seq)
            ),
        ),
    }
}

/// The full text of one event as the model reads it back.
pub fn event_text(e: &Event, events: &[Event]) -> String {
    let id = e.seq;
    match &e.kind {
        EventKind::SessionStart { task, .. } => format!("[recall id {id}: the task]\n{task}"),
        EventKind::User { text } => format!("[recall id {id}: harness message]\n{text}"),
        EventKind::Assistant {
            text, tool_calls, ..
        } => {
            let mut s = format!("[recall id {id}: your message]\n{text}");
            for c in tool_calls {
                s.push_str(&format!("\n-> {} [{}] {}", c.name, c.id, c.arguments));
            }
            s
        }
        EventKind::ToolResult(r) => {
            let call = events.iter().find_map(|ev| match &ev.kind {
                EventKind::Assistant { tool_calls, .. } => {
                    tool_calls.iter().find(|c| c.id == r.call_id)
                }
                _ => None,
            });
            let what =
                call.map_or_else(|| r.name.clone(), |c| format!("{} {}", c.name, c.arguments));
            let mut s = format!(
                "[recall id {id}: result of {what} [{}], {}",
                r.call_id,
                r.status.as_str()
            );
            if let Some(code) = r.exit_code {
                s.push_str(&format!(", exit {code}"));
            }
            if let Some(p) = &r.spill {
                s.push_str(&format!("; complete output in {p}"));
            }
            s.push_str("]\n");
            s.push_str(&r.content);
            s
        }
        other => format!(
            "[recall id {id}: a `{}` event, not a message]\n{}",
            other.type_name(),
            serde_json::to_string(other).unwrap_or_default()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_protocol::tool::ToolResult;
    use serde_json::json;

    fn ev(seq: u64, kind: EventKind) -> Event {
        Event {
            seq,
            ts_ms: 0,
            kind,
        }
    }

    fn call(id: serde_json::Value) -> ToolCall {
        ToolCall {
            id: "r".into(),
            name: "recall".into(),
            arguments: json!({ "id": id }),
        }
    }

    fn log() -> Vec<Event> {
        vec![
            ev(
                0,
                EventKind::User {
                    text: "hello".into(),
                },
            ),
            ev(
                1,
                EventKind::Assistant {
                    text: "look".into(),
                    tool_calls: vec![ToolCall {
                        id: "c1".into(),
                        name: "shell".into(),
                        arguments: json!({"command": "ls"}),
                    }],
                    usage: None,
                },
            ),
            ev(
                2,
                EventKind::ToolResult(ToolResult {
                    call_id: "c1".into(),
                    name: "shell".into(),
                    status: ToolStatus::Ok,
                    content: "a\nb\n".into(),
                    exit_code: Some(0),
                    spill: None,
                    raw_bytes: 4,
                    duration_ms: 1,
                }),
            ),
        ]
    }

    #[test]
    fn returns_results_and_messages_in_full() {
        let events = log();
        let out = recall(&call(json!(2)), &events);
        assert_eq!(out.status, ToolStatus::Ok);
        assert_eq!(
            out.text,
            "[recall id 2: result of shell {\"command\":\"ls\"} [c1], ok, exit 0]\na\nb\n"
        );
        let out = recall(&call(json!(1)), &events);
        assert_eq!(
            out.text,
            "[recall id 1: your message]\nlook\n-> shell [c1] {\"command\":\"ls\"}"
        );
    }

    #[test]
    fn unknown_ids_are_a_clear_error() {
        let out = recall(&call(json!(9)), &log());
        assert_eq!(out.status, ToolStatus::Error);
        assert!(
            out.text.starts_with("no event with recall id 9"),
            "{}",
            out.text
        );
        assert!(out.text.contains("from 0 to 2"), "{}", out.text);
        assert_eq!(
            recall(&call(json!("x")), &log()).status,
            ToolStatus::Invalid
        );
    }
}

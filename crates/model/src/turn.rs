//! Assembling streamed events into one assistant turn.

use loopwright_protocol::message::{AssistantTurn, StreamEvent};
use loopwright_protocol::tool::ToolCall;

/// Assembles streamed events into a turn (for providers that only stream).
#[derive(Debug, Default)]
pub struct TurnBuilder {
    turn: AssistantTurn,
    args: Vec<String>,
}

impl TurnBuilder {
    /// Feeds one event.
    pub fn push(&mut self, ev: &StreamEvent) {
        match ev {
            StreamEvent::TextDelta { text } => self.turn.text.push_str(text),
            StreamEvent::ReasoningDelta { text } => self.turn.reasoning.push_str(text),
            StreamEvent::ToolCallStart { id, name } => {
                self.turn.tool_calls.push(ToolCall {
                    id: id.clone(),
                    name: name.clone(),
                    arguments: serde_json::Value::Null,
                });
                self.args.push(String::new());
            }
            StreamEvent::ToolCallDelta { id, arguments } => {
                if let Some(i) = self.turn.tool_calls.iter().rposition(|c| &c.id == id) {
                    self.args[i].push_str(arguments);
                }
            }
            StreamEvent::Usage { usage } => self.turn.usage = Some(*usage),
            StreamEvent::Stop { reason } => self.turn.stop_reason = Some(reason.clone()),
        }
    }

    /// Adds a provider-specific block to send back verbatim with this turn.
    pub fn push_replay(&mut self, block: serde_json::Value) {
        self.turn.replay.push(block);
    }

    /// The text assembled so far.
    pub fn text(&self) -> &str {
        &self.turn.text
    }

    /// The complete turn. Arguments that are not valid JSON are kept as a JSON string, so the
    /// schema check reports them to the model instead of the loop failing.
    pub fn finish(mut self) -> AssistantTurn {
        for (call, raw) in self.turn.tool_calls.iter_mut().zip(self.args) {
            call.arguments = if raw.trim().is_empty() {
                serde_json::Value::Object(serde_json::Map::new())
            } else {
                serde_json::from_str(&raw).unwrap_or(serde_json::Value::String(raw))
            };
        }
        self.turn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_protocol::message::StopReason;

    #[test]
    fn builder_joins_argument_fragments() {
        let mut b = TurnBuilder::default();
        b.push(&StreamEvent::TextDelta { text: "hi ".into() });
        b.push(&StreamEvent::ToolCallStart {
            id: "1".into(),
            name: "shell".into(),
        });
        b.push(&StreamEvent::ToolCallDelta {
            id: "1".into(),
            arguments: "{\"command\":".into(),
        });
        b.push(&StreamEvent::ToolCallDelta {
            id: "1".into(),
            arguments: "\"ls\"}".into(),
        });
        b.push(&StreamEvent::TextDelta {
            text: "there".into(),
        });
        b.push(&StreamEvent::ReasoningDelta {
            text: "think".into(),
        });
        b.push(&StreamEvent::Stop {
            reason: StopReason::ToolUse,
        });
        let t = b.finish();
        assert_eq!(t.text, "hi there");
        assert_eq!(t.reasoning, "think");
        assert_eq!(t.stop_reason, Some(StopReason::ToolUse));
        assert_eq!(
            t.tool_calls[0].arguments,
            serde_json::json!({"command": "ls"})
        );
    }

    #[test]
    fn broken_arguments_stay_a_string() {
        let mut b = TurnBuilder::default();
        b.push(&StreamEvent::ToolCallStart {
            id: "1".into(),
            name: "shell".into(),
        });
        b.push(&StreamEvent::ToolCallDelta {
            id: "1".into(),
            arguments: "{\"comm".into(),
        });
        assert_eq!(
            b.finish().tool_calls[0].arguments,
            serde_json::json!("{\"comm")
        );
    }
}

//! The model side of the loop: the [`Provider`] trait.
//!
//! A provider turns a [`ModelRequest`] (system prompt, tool schemas, history) into one
//! assistant turn, reporting the reply piece by piece as [`StreamEvent`]s while it arrives.
//! HTTP providers (OpenAI chat completions, Anthropic messages) implement the same trait; the
//! loop only runs a tool once the complete turn is in the session log, so a provider may retry
//! a request freely.

use loopwright_protocol::message::{AssistantTurn, ModelRequest, StreamEvent};
use loopwright_protocol::tool::ToolCall;

use crate::cancel::Cancel;

/// Why a model call failed.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The call was cancelled (Ctrl+C).
    #[error("cancelled")]
    Cancelled,
    /// A scripted provider has no turn left to play.
    #[error("the script has no turn {0} (it has {1} turns)")]
    ScriptExhausted(usize, usize),
    /// Any other failure, with a message for the user.
    #[error("{0}")]
    Other(String),
}

/// A model.
pub trait Provider {
    /// Short name stored in the session (`scripted`, `openai`, `anthropic`).
    fn name(&self) -> &str;

    /// Model name, when there is one.
    fn model(&self) -> Option<&str> {
        None
    }

    /// Runs one model call. Every piece of the reply is passed to `on_event` as it arrives;
    /// the assembled turn is returned. Implementations check `cancel` while waiting.
    fn complete(
        &mut self,
        request: &ModelRequest,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError>;

    /// Runs the summary call of context compaction: `request` is the current request with the
    /// summary instruction as its last user message; only the reply's text is used. By default
    /// this is an ordinary [`Provider::complete`] call (nothing is streamed to the user).
    fn summarize(
        &mut self,
        request: &ModelRequest,
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        self.complete(request, &mut |_| {}, cancel)
    }
}

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
        }
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

/// A rough token estimate for text without a tokenizer: one token per 4 bytes, rounded up.
pub fn estimate_tokens(text: &str) -> u64 {
    (text.len() as u64).div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let t = b.finish();
        assert_eq!(t.text, "hi there");
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

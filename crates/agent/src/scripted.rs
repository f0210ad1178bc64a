//! The scripted provider: replays a file of assistant turns, offline.
//!
//! The script is a JSON array of turns, or an object `{"turns": [...]}`:
//!
//! ```json
//! [{"text": "Let me look.", "tool_calls": [{"name": "shell", "arguments": {"command": "ls"}}]},
//!  {"text": "Done.", "tool_calls": [{"name": "finish", "arguments": {"summary": "listed"}}]}]
//! ```
//!
//! Which turn is played is decided from the request, not from provider state: turn `n` is
//! played when the history already holds `n` assistant messages. A resumed run therefore
//! continues the script exactly where the crashed one stopped.

use loopwright_protocol::message::{AssistantTurn, ModelRequest, Role, StreamEvent};
use loopwright_protocol::tool::ToolCall;
use loopwright_protocol::usage::Usage;
use serde::Deserialize;

use crate::cancel::Cancel;
use crate::provider::{Provider, ProviderError, estimate_tokens};

/// One scripted tool call.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptedCall {
    /// Tool name.
    pub name: String,
    /// Arguments (any JSON; validated by the tool like a real model's).
    #[serde(default)]
    pub arguments: serde_json::Value,
}

/// One scripted assistant turn.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptedTurn {
    /// Assistant text.
    #[serde(default)]
    pub text: String,
    /// Tool calls; a turn without any ends the run (unless verification fails).
    #[serde(default)]
    pub tool_calls: Vec<ScriptedCall>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ScriptFile {
    Turns(Vec<ScriptedTurn>),
    Object { turns: Vec<ScriptedTurn> },
}

/// Why a script could not be read.
#[derive(Debug, thiserror::Error)]
#[error("invalid script: {0}")]
pub struct ScriptError(String);

/// Replays scripted turns.
#[derive(Debug, Clone)]
pub struct ScriptedProvider {
    turns: Vec<ScriptedTurn>,
}

impl ScriptedProvider {
    /// A provider playing `turns`.
    pub fn new(turns: Vec<ScriptedTurn>) -> Self {
        ScriptedProvider { turns }
    }

    /// Parses a script (a JSON array of turns, or `{"turns": [...]}`).
    pub fn from_json(text: &str) -> Result<Self, ScriptError> {
        let file: ScriptFile = serde_json::from_str(text).map_err(|e| {
            ScriptError(format!(
                "{e} (expected a JSON array of turns like [{{\"text\": \"...\", \"tool_calls\": [{{\"name\": \"shell\", \"arguments\": {{\"command\": \"ls\"}}}}]}}])"
            ))
        })?;
        let turns = match file {
            ScriptFile::Turns(t) | ScriptFile::Object { turns: t } => t,
        };
        if turns.is_empty() {
            return Err(ScriptError("the script has no turns".into()));
        }
        Ok(ScriptedProvider { turns })
    }

    /// Number of turns.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// True when there are no turns.
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }
}

impl Provider for ScriptedProvider {
    fn name(&self) -> &str {
        "scripted"
    }

    fn complete(
        &mut self,
        request: &ModelRequest,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        if cancel.is_cancelled() {
            return Err(ProviderError::Cancelled);
        }
        let index = request
            .messages
            .iter()
            .filter(|m| m.role == Role::Assistant)
            .count();
        let turn = self
            .turns
            .get(index)
            .ok_or(ProviderError::ScriptExhausted(index + 1, self.turns.len()))?;
        let tool_calls: Vec<ToolCall> = turn
            .tool_calls
            .iter()
            .enumerate()
            .map(|(i, c)| ToolCall {
                id: format!("call_{}_{}", index + 1, i + 1),
                name: c.name.clone(),
                arguments: c.arguments.clone(),
            })
            .collect();
        if !turn.text.is_empty() {
            on_event(&StreamEvent::TextDelta {
                text: turn.text.clone(),
            });
        }
        let mut out_chars = turn.text.len();
        for c in &tool_calls {
            on_event(&StreamEvent::ToolCallStart {
                id: c.id.clone(),
                name: c.name.clone(),
            });
            let args = c.arguments.to_string();
            out_chars += args.len() + c.name.len();
            on_event(&StreamEvent::ToolCallDelta {
                id: c.id.clone(),
                arguments: args,
            });
        }
        let input: u64 = estimate_tokens(&request.system)
            + request
                .messages
                .iter()
                .map(|m| estimate_tokens(&m.content) + 4)
                .sum::<u64>()
            + request
                .messages
                .iter()
                .flat_map(|m| &m.tool_calls)
                .map(|c| estimate_tokens(&c.arguments.to_string()))
                .sum::<u64>();
        let usage = Usage {
            input_tokens: input,
            output_tokens: (out_chars as u64).div_ceil(4),
            cached_tokens: 0,
            estimated: true,
        };
        on_event(&StreamEvent::Usage { usage });
        Ok(AssistantTurn {
            text: turn.text.clone(),
            tool_calls,
            usage: Some(usage),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_protocol::message::Message;

    #[test]
    fn plays_the_turn_matching_the_history() {
        let mut p = ScriptedProvider::from_json(
            r#"[{"text":"a","tool_calls":[{"name":"shell","arguments":{"command":"ls"}}]},{"text":"b"}]"#,
        )
        .unwrap();
        let mut req = ModelRequest {
            system: String::new(),
            tools: vec![],
            messages: vec![],
        };
        let t = p.complete(&req, &mut |_| {}, &Cancel::new()).unwrap();
        assert_eq!(t.tool_calls[0].id, "call_1_1");
        req.messages.push(Message::text(Role::Assistant, "a"));
        let t = p.complete(&req, &mut |_| {}, &Cancel::new()).unwrap();
        assert_eq!(t.text, "b");
        req.messages.push(Message::text(Role::Assistant, "b"));
        assert!(matches!(
            p.complete(&req, &mut |_| {}, &Cancel::new()),
            Err(ProviderError::ScriptExhausted(3, 2))
        ));
    }

    #[test]
    fn rejects_bad_scripts_with_a_hint() {
        let e = ScriptedProvider::from_json(r#"[{"txt":"a"}]"#).unwrap_err();
        assert!(e.to_string().contains("expected a JSON array"), "{e}");
        assert!(ScriptedProvider::from_json("[]").is_err());
    }
}

//! What a provider must send back with a turn it produced, that the session log does not keep:
//! DeepSeek's `reasoning_content` and Anthropic's signed thinking blocks.
//!
//! A turn is recognised by its text and tool calls (names and arguments), not by its call ids
//! (the loop may rename those). The memory lives as long as the provider: a resumed run sends
//! the history without the reasoning of turns made before the resume.

use std::collections::VecDeque;

use loopwright_protocol::message::{AssistantTurn, Message};
use loopwright_protocol::tool::ToolCall;
use serde_json::Value;

/// Turns remembered at most (the oldest are forgotten first).
pub const MAX_TURNS: usize = 64;

/// What was sent with one turn.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Remembered {
    /// Reasoning text.
    pub reasoning: String,
    /// Provider blocks to resend verbatim.
    pub replay: Vec<Value>,
}

/// The remembered turns, newest last.
#[derive(Debug, Clone, Default)]
pub struct TurnMemory {
    turns: VecDeque<(String, Remembered)>,
}

fn key(text: &str, calls: &[ToolCall]) -> String {
    let mut k = text.trim().to_string();
    for c in calls {
        k.push('\u{0}');
        k.push_str(&c.name);
        k.push('\u{0}');
        k.push_str(&c.arguments.to_string());
    }
    k
}

impl TurnMemory {
    /// Remembers what `turn` must be sent back with (nothing when it has neither).
    pub fn remember(&mut self, turn: &AssistantTurn) {
        if turn.reasoning.is_empty() && turn.replay.is_empty() {
            return;
        }
        if self.turns.len() == MAX_TURNS {
            self.turns.pop_front();
        }
        self.turns.push_back((
            key(&turn.text, &turn.tool_calls),
            Remembered {
                reasoning: turn.reasoning.clone(),
                replay: turn.replay.clone(),
            },
        ));
    }

    /// What to send back with the assistant message `m`, when it is a remembered turn.
    pub fn recall(&self, m: &Message) -> Option<&Remembered> {
        let k = key(&m.content, &m.tool_calls);
        self.turns
            .iter()
            .rev()
            .find(|(t, _)| *t == k)
            .map(|(_, r)| r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_protocol::message::Role;

    #[test]
    fn recognises_a_turn_by_text_and_calls_not_ids() {
        let mut mem = TurnMemory::default();
        let call = ToolCall {
            id: "a".into(),
            name: "shell".into(),
            arguments: serde_json::json!({"command": "ls"}),
        };
        mem.remember(&AssistantTurn {
            text: "Looking.".into(),
            tool_calls: vec![call.clone()],
            reasoning: "think".into(),
            ..AssistantTurn::default()
        });
        let mut m = Message::text(Role::Assistant, "Looking.");
        m.tool_calls.push(ToolCall {
            id: "renamed".into(),
            ..call
        });
        assert_eq!(mem.recall(&m).map(|r| r.reasoning.as_str()), Some("think"));
        assert!(
            mem.recall(&Message::text(Role::Assistant, "other"))
                .is_none()
        );
    }

    #[test]
    fn forgets_the_oldest_past_the_bound() {
        let mut mem = TurnMemory::default();
        for i in 0..=MAX_TURNS {
            mem.remember(&AssistantTurn {
                text: i.to_string(),
                reasoning: "r".into(),
                ..AssistantTurn::default()
            });
        }
        assert!(mem.recall(&Message::text(Role::Assistant, "0")).is_none());
        assert!(mem.recall(&Message::text(Role::Assistant, "1")).is_some());
    }
}

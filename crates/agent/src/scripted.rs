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
//! played at step `n + 1`, as the loop's dynamic tail says (`[loop] step N of M`; without a
//! tail, when the history holds `n` assistant messages). A resumed run therefore continues the
//! script exactly where the crashed one stopped, and compaction does not rewind it.
//!
//! The object form may also hold `"summaries": ["..."]`: the replies to the summary calls of
//! context compaction, played in order; once they are used up (or when there are none) a
//! summary call fails, and the loop falls back to its extractive summary.
//!
//! It may also hold `"subagents": [[...turns...], {"turns": [...], "summaries": [...]}]`: the
//! scripts of the sub-agents, in the order they are spawned (a child's `summaries` also answer
//! its salvage turn). Any turn may carry `"sleep_s": N`: the model call blocks N seconds first,
//! ending at once (as cancelled) when the run is cancelled — a hung model, for tests.

use loopwright_protocol::message::{AssistantTurn, ModelRequest, Role, StreamEvent};
use loopwright_protocol::tool::ToolCall;
use loopwright_protocol::usage::Usage;
use serde::Deserialize;

use loopwright_model::{Cancel, HistoryFacts};
use loopwright_model::{Provider, ProviderError, estimate_tokens};

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
    /// The model call blocks this many seconds before answering (a hung model); a cancel
    /// ends it at once.
    #[serde(default)]
    pub sleep_s: Option<f64>,
}

/// The script of one sub-agent: its turns, and the replies to its summary calls (which also
/// answer the salvage turn after a timeout).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChildScript {
    /// The turns.
    pub turns: Vec<ScriptedTurn>,
    /// The summary (and salvage) replies.
    pub summaries: Vec<String>,
}

impl ChildScript {
    /// A provider playing this script.
    pub fn provider(&self) -> ScriptedProvider {
        ScriptedProvider::new(self.turns.clone()).with_summaries(self.summaries.clone())
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ChildFile {
    Turns(Vec<ScriptedTurn>),
    Object {
        turns: Vec<ScriptedTurn>,
        #[serde(default)]
        summaries: Vec<String>,
    },
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ScriptFile {
    Turns(Vec<ScriptedTurn>),
    Object {
        turns: Vec<ScriptedTurn>,
        #[serde(default)]
        summaries: Vec<String>,
        #[serde(default)]
        subagents: Vec<ChildFile>,
    },
}

/// Why a script could not be read.
#[derive(Debug, thiserror::Error)]
#[error("invalid script: {0}")]
pub struct ScriptError(String);

/// Replays scripted turns.
#[derive(Debug, Clone)]
pub struct ScriptedProvider {
    turns: Vec<ScriptedTurn>,
    summaries: Vec<String>,
    summaries_played: usize,
    subagents: Vec<ChildScript>,
}

impl ScriptedProvider {
    /// A provider playing `turns`.
    pub fn new(turns: Vec<ScriptedTurn>) -> Self {
        ScriptedProvider {
            turns,
            summaries: Vec::new(),
            summaries_played: 0,
            subagents: Vec::new(),
        }
    }

    /// The same provider answering summary calls with `summaries`, in order.
    pub fn with_summaries(mut self, summaries: Vec<String>) -> Self {
        self.summaries = summaries;
        self
    }

    /// Parses a script (a JSON array of turns, or `{"turns": [...]}`).
    pub fn from_json(text: &str) -> Result<Self, ScriptError> {
        let file: ScriptFile = serde_json::from_str(text).map_err(|e| {
            ScriptError(format!(
                "{e} (expected a JSON array of turns like [{{\"text\": \"...\", \"tool_calls\": [{{\"name\": \"shell\", \"arguments\": {{\"command\": \"ls\"}}}}]}}])"
            ))
        })?;
        let (turns, summaries, subagents) = match file {
            ScriptFile::Turns(t) => (t, Vec::new(), Vec::new()),
            ScriptFile::Object {
                turns,
                summaries,
                subagents,
            } => (turns, summaries, subagents),
        };
        if turns.is_empty() {
            return Err(ScriptError("the script has no turns".into()));
        }
        let mut children = Vec::new();
        for (i, child) in subagents.into_iter().enumerate() {
            let (turns, summaries) = match child {
                ChildFile::Turns(t) => (t, Vec::new()),
                ChildFile::Object { turns, summaries } => (turns, summaries),
            };
            if turns.is_empty() {
                return Err(ScriptError(format!("subagents[{i}] has no turns")));
            }
            children.push(ChildScript { turns, summaries });
        }
        let mut p = ScriptedProvider::new(turns).with_summaries(summaries);
        p.subagents = children;
        Ok(p)
    }

    /// The scripts of the sub-agents, in the order they are spawned.
    pub fn subagents(&self) -> &[ChildScript] {
        &self.subagents
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

    fn summarize(
        &mut self,
        request: &ModelRequest,
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        if cancel.is_cancelled() {
            return Err(ProviderError::Cancelled);
        }
        let text = self.summaries.get(self.summaries_played).cloned().ok_or(
            ProviderError::ScriptNoSummary(self.summaries_played + 1, self.summaries.len()),
        )?;
        self.summaries_played += 1;
        let usage = Usage {
            input_tokens: request_tokens(request),
            output_tokens: estimate_tokens(&text),
            cached_tokens: 0,
            cache_write_tokens: 0,
            estimated: true,
        };
        Ok(AssistantTurn {
            text,
            tool_calls: Vec::new(),
            usage: Some(usage),
            ..AssistantTurn::default()
        })
    }

    fn complete_with(
        &mut self,
        request: &ModelRequest,
        _facts: &HistoryFacts,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        if cancel.is_cancelled() {
            return Err(ProviderError::Cancelled);
        }
        let index = turn_index(request);
        let turn = self
            .turns
            .get(index)
            .ok_or(ProviderError::ScriptExhausted(index + 1, self.turns.len()))?;
        if let Some(secs) = turn.sleep_s {
            sleep_unless_cancelled(secs, cancel)?;
        }
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
        let usage = Usage {
            input_tokens: request_tokens(request),
            output_tokens: loopwright_model::tokens::estimate_bytes(out_chars),
            cached_tokens: 0,
            cache_write_tokens: 0,
            estimated: true,
        };
        on_event(&StreamEvent::Usage { usage });
        Ok(AssistantTurn {
            text: turn.text.clone(),
            tool_calls,
            usage: Some(usage),
            ..AssistantTurn::default()
        })
    }
}

/// Blocks `secs` seconds in short slices, returning early (as cancelled) when `cancel` is set.
fn sleep_unless_cancelled(secs: f64, cancel: &Cancel) -> Result<(), ProviderError> {
    let total = std::time::Duration::from_secs_f64(secs.clamp(0.0, 86_400.0));
    let start = std::time::Instant::now();
    while start.elapsed() < total {
        if cancel.is_cancelled() {
            return Err(ProviderError::Cancelled);
        }
        let left = total.saturating_sub(start.elapsed());
        std::thread::sleep(left.min(std::time::Duration::from_millis(20)));
    }
    Ok(())
}

/// The turn to play: the step number of the loop's dynamic tail (`[loop] step N of M`) less
/// one, which stays right when compaction has summarised earlier assistant messages; else the
/// number of assistant messages in the request.
fn turn_index(request: &ModelRequest) -> usize {
    let from_tail = request
        .messages
        .iter()
        .rev()
        .find(|m| m.role == Role::User)
        .and_then(|m| m.content.strip_prefix("[loop] step "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| *n >= 1);
    match from_tail {
        Some(n) => n - 1,
        None => request
            .messages
            .iter()
            .filter(|m| m.role == Role::Assistant)
            .count(),
    }
}

/// The estimated prompt tokens of a request.
fn request_tokens(request: &ModelRequest) -> u64 {
    estimate_tokens(&request.system)
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
            .sum::<u64>()
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
    fn the_tail_step_wins_over_counting_assistant_messages() {
        let mut p = ScriptedProvider::from_json(r#"[{"text": "a"}, {"text": "b"}, {"text": "c"}]"#)
            .unwrap();
        // A compacted history: one assistant message left, but the tail says step 3.
        let req = ModelRequest {
            system: String::new(),
            tools: vec![],
            messages: vec![
                Message::text(Role::User, "task"),
                Message::text(Role::Assistant, "b"),
                Message::text(Role::User, "[loop] step 3 of 9; tokens used 5"),
            ],
        };
        let t = p.complete(&req, &mut |_| {}, &Cancel::new()).unwrap();
        assert_eq!(t.text, "c");
    }

    #[test]
    fn summaries_are_played_in_order_then_fail() {
        let mut p =
            ScriptedProvider::from_json(r#"{"turns": [{"text": "a"}], "summaries": ["Goal: x"]}"#)
                .unwrap();
        let req = ModelRequest {
            system: String::new(),
            tools: vec![],
            messages: vec![],
        };
        let t = p.summarize(&req, &Cancel::new()).unwrap();
        assert_eq!(t.text, "Goal: x");
        assert!(t.tool_calls.is_empty());
        let e = p.summarize(&req, &Cancel::new()).unwrap_err();
        assert!(e.to_string().contains("no summary 2"), "{e}");
        // Summary calls do not move the turns.
        assert_eq!(
            p.complete(&req, &mut |_| {}, &Cancel::new()).unwrap().text,
            "a"
        );
    }

    #[test]
    fn rejects_bad_scripts_with_a_hint() {
        let e = ScriptedProvider::from_json(r#"[{"txt":"a"}]"#).unwrap_err();
        assert!(e.to_string().contains("expected a JSON array"), "{e}");
        assert!(ScriptedProvider::from_json("[]").is_err());
    }
}

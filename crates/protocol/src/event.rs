//! Session events: the append-only log an agent run is made of.
//!
//! One [`Event`] per line of `.loop/sessions/<id>.jsonl`. The loop decides every step from
//! these events, so a crashed or interrupted run can be resumed from its log.

use serde::{Deserialize, Serialize};

use crate::condensation::Condensation;
use crate::tool::{ToolCall, ToolResult};
use crate::usage::Usage;

/// One line of a session log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Position in the log, from 0, without gaps.
    pub seq: u64,
    /// Wall-clock time of the append, milliseconds since the Unix epoch.
    pub ts_ms: u64,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The model finished (and the verify command passed, when one was given).
    Done,
    /// A guard tripped twice: the run stopped and a hand-off report was written.
    Escalated,
    /// A limit (steps, tokens, cost, time) was reached.
    Limit,
    /// The harness failed (provider error, IO error).
    Error,
    /// The model refused the task, or the server's content filter withheld its reply.
    Refused,
}

impl Outcome {
    /// Lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Done => "done",
            Outcome::Escalated => "escalated",
            Outcome::Limit => "limit",
            Outcome::Error => "error",
            Outcome::Refused => "refused",
        }
    }
}

/// A project instructions file (`AGENTS.md`, `CLAUDE.md`) as read at the start of a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstructionsFile {
    /// File name as shown to the model, e.g. `AGENTS.md`.
    pub name: String,
    /// The text put in the prompt (cut at a size cap, with a note saying so).
    pub text: String,
    /// Size of the file in bytes (larger than `text` when it was cut).
    #[serde(default)]
    pub bytes: u64,
}

/// What a parent records about one sub-agent when it ends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubagentRecord {
    /// The parent's call that ran it.
    pub call_id: String,
    /// The child's session id.
    pub session: String,
    /// The brief, verbatim.
    pub task: String,
    /// How the child ended (`None`: interrupted or never finished).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The answer came from the salvage turn after a timeout.
    #[serde(default)]
    pub salvaged: bool,
    /// Every token the child used (its steps, summaries and the salvage turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// The task-graph node it was an attempt of (`plan`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// A later attempt of the same node replaced this one: its result settles nothing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub superseded: bool,
}

/// The kinds of session event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// The first event of every session.
    SessionStart {
        /// The task, verbatim.
        task: String,
        /// Absolute workspace directory.
        workspace: String,
        /// Provider name (`scripted`, `openai`, ...).
        provider: String,
        /// Model name, when known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        model: Option<String>,
        /// Verify command, when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        verify: Option<String>,
    },
    /// The run was resumed by a new process.
    Resumed {
        /// Number of dangling tool calls that were given an "interrupted" result on load.
        repaired: u32,
    },
    /// A message from the harness on the user's side (verify output, nudges, operator notes).
    User {
        /// Text shown to the model.
        text: String,
    },
    /// A complete assistant message (written before any of its tool calls runs).
    Assistant {
        /// Assistant text.
        text: String,
        /// Proposed tool calls.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tool_calls: Vec<ToolCall>,
        /// Token usage of the model call.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        usage: Option<Usage>,
    },
    /// A tool call is about to run (written before the side effect).
    ToolStart {
        /// The call.
        call_id: String,
    },
    /// A tool call's result.
    ToolResult(ToolResult),
    /// The verify command ran after `finish`.
    Verify {
        /// The command.
        command: String,
        /// Exit code (`None` when it was killed).
        exit_code: Option<i32>,
        /// True when it exited 0.
        passed: bool,
    },
    /// A guard tripped (breaker, stuck detector, consecutive timeouts).
    GuardTrip {
        /// Which guard: `breaker`, `stuck`, `timeouts`.
        guard: String,
        /// Human-readable reason.
        reason: String,
        /// What the harness did: `nudge` or `escalate`.
        action: String,
    },
    /// The project instructions of the run, read once at its start: a resumed run reuses
    /// these bytes even if the files changed since.
    ProjectInstructions {
        /// The files found, in prompt order (may be empty).
        #[serde(default)]
        files: Vec<InstructionsFile>,
    },
    /// A context condenser changed what the model sees from now on (appended before the model
    /// call it applies to; re-applied, never redone, on resume).
    Condensation {
        /// What it did.
        record: Condensation,
        /// Tokens of the summary model call, when one was made (counted in the run's budget).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        usage: Option<Usage>,
    },
    /// The run was interrupted (Ctrl+C); it can be resumed.
    Interrupted {
        /// Why.
        reason: String,
    },
    /// A sub-agent's session: the second event of a child's log, naming its parent.
    ChildOf {
        /// The parent session.
        parent_id: String,
        /// The parent's `spawn_agent` (or plan node) call that started it.
        call_id: String,
        /// 1 for a child of a top-level run.
        depth: u32,
        /// The parent's nth sub-agent (from 0): which scripted child plays it.
        #[serde(default)]
        ordinal: u32,
    },
    /// A sub-agent ended: written in the parent's log just before the result of the call that
    /// ran it; its tokens count in the parent's budget, ledger and breaker.
    Subagent(SubagentRecord),
    /// The run ended.
    End {
        /// How.
        outcome: Outcome,
        /// Summary (from `finish`) or the reason for stopping.
        #[serde(default)]
        summary: String,
    },
}

impl EventKind {
    /// The `type` tag of this kind, as in the JSON form.
    pub fn type_name(&self) -> &'static str {
        match self {
            EventKind::SessionStart { .. } => "session_start",
            EventKind::Resumed { .. } => "resumed",
            EventKind::User { .. } => "user",
            EventKind::Assistant { .. } => "assistant",
            EventKind::ToolStart { .. } => "tool_start",
            EventKind::ToolResult(_) => "tool_result",
            EventKind::Verify { .. } => "verify",
            EventKind::GuardTrip { .. } => "guard_trip",
            EventKind::ProjectInstructions { .. } => "project_instructions",
            EventKind::Condensation { .. } => "condensation",
            EventKind::Interrupted { .. } => "interrupted",
            EventKind::ChildOf { .. } => "child_of",
            EventKind::Subagent(_) => "subagent",
            EventKind::End { .. } => "end",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::ToolStatus;

    #[test]
    fn event_is_flat_json_with_type_tag() {
        let e = Event {
            seq: 3,
            ts_ms: 7,
            kind: EventKind::User { text: "hi".into() },
        };
        let j = serde_json::to_string(&e).unwrap();
        assert_eq!(j, r#"{"seq":3,"ts_ms":7,"type":"user","text":"hi"}"#);
        let back: Event = serde_json::from_str(&j).unwrap();
        assert_eq!(back, e);
    }

    #[test]
    fn condensation_event_round_trips() {
        use crate::condensation::{MaskReason, SummarySource};
        let e = Event {
            seq: 9,
            ts_ms: 1,
            kind: EventKind::Condensation {
                record: Condensation::Mask {
                    step: 4,
                    reason: MaskReason::Old,
                    ids: vec![2, 4],
                },
                usage: None,
            },
        };
        let j = serde_json::to_string(&e).unwrap();
        assert_eq!(
            j,
            r#"{"seq":9,"ts_ms":1,"type":"condensation","record":{"type":"mask","step":4,"reason":"old","ids":[2,4]}}"#
        );
        assert_eq!(serde_json::from_str::<Event>(&j).unwrap(), e);
        let s = EventKind::Condensation {
            record: Condensation::Summary {
                step: 7,
                first_id: 1,
                last_id: 5,
                source: SummarySource::Model,
                tokens_before: 900,
                text: "Goal: x".into(),
            },
            usage: Some(Usage {
                input_tokens: 10,
                output_tokens: 3,
                cached_tokens: 8,
                cache_write_tokens: 0,
                estimated: false,
            }),
        };
        let j = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<EventKind>(&j).unwrap(), s);
        assert_eq!(s.type_name(), "condensation");
    }

    #[test]
    fn project_instructions_event_round_trips() {
        let k = EventKind::ProjectInstructions {
            files: vec![InstructionsFile {
                name: "AGENTS.md".into(),
                text: "Run cargo test.".into(),
                bytes: 15,
            }],
        };
        let j = serde_json::to_string(&k).unwrap();
        assert!(j.starts_with(r#"{"type":"project_instructions","files":[{"name":"AGENTS.md""#));
        assert_eq!(serde_json::from_str::<EventKind>(&j).unwrap(), k);
        assert_eq!(k.type_name(), "project_instructions");
    }

    #[test]
    fn tool_result_event_round_trips() {
        let e = Event {
            seq: 1,
            ts_ms: 2,
            kind: EventKind::ToolResult(ToolResult {
                call_id: "c".into(),
                name: "shell".into(),
                status: ToolStatus::Timeout,
                content: "x".into(),
                exit_code: None,
                spill: None,
                raw_bytes: 1,
                duration_ms: 5,
            }),
        };
        let j = serde_json::to_string(&e).unwrap();
        assert!(j.contains(r#""type":"tool_result""#), "{j}");
        let back: Event = serde_json::from_str(&j).unwrap();
        assert_eq!(back, e);
        assert_eq!(back.kind.type_name(), "tool_result");
    }
}

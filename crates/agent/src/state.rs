//! The run state, folded from the session log, and the decision of the next step.
//!
//! [`State::apply`] is the only way state changes, and it reads nothing but events, so a
//! resumed run rebuilds exactly the state the crashed one had.

use loopwright_protocol::event::{Event, EventKind, Outcome};
use loopwright_protocol::tool::{ToolCall, ToolResult, ToolStatus};
use loopwright_protocol::usage::Usage;
use serde::{Deserialize, Serialize};

use crate::tools::builtin::{FINISH, TODO};
use crate::tools::describe_call;

/// One entry of the `todo` list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TodoItem {
    /// What to do.
    pub text: String,
    /// `pending`, `in_progress` or `done`.
    pub status: String,
}

/// One result of a step, as the guards see it.
#[derive(Debug, Clone, PartialEq)]
pub struct StepResult {
    /// `name` + canonical arguments of the call.
    pub call_key: String,
    /// Short description of the call (`shell: cargo test`).
    pub action: String,
    /// How it ended.
    pub status: ToolStatus,
    /// The observation text.
    pub content: String,
}

/// One step: an assistant message and the results of its tool calls.
#[derive(Debug, Clone, PartialEq)]
pub struct StepRecord {
    /// 1-based step number.
    pub step: u64,
    /// Assistant text.
    pub text: String,
    /// Keys of the proposed calls, in order.
    pub call_keys: Vec<String>,
    /// Results received so far.
    pub results: Vec<StepResult>,
    /// Tokens of the model call.
    pub tokens: u64,
}

impl StepRecord {
    /// Every call of the step has its result.
    pub fn is_complete(&self) -> bool {
        self.results.len() >= self.call_keys.len()
    }

    /// The first failing result, if any.
    pub fn first_failure(&self) -> Option<&StepResult> {
        self.results.iter().find(|r| r.status.is_failure())
    }

    /// All call keys joined: identifies "the same action".
    pub fn action_key(&self) -> String {
        self.call_keys.join("\u{1f}")
    }
}

/// What the loop does next.
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    /// Ask the model for the next assistant message.
    Infer,
    /// Run this tool call (the first one of the last assistant message without a result).
    RunTool(ToolCall),
    /// `finish` was called: run the verify command.
    Verify,
    /// End the run.
    End(Outcome, String),
    /// The run has ended; nothing to do.
    Stopped(Outcome),
}

/// Everything the loop needs to know, derived from the events.
#[derive(Debug, Clone, Default)]
pub struct State {
    /// The task, verbatim.
    pub task: String,
    /// Verify command stored at the start.
    pub verify: Option<String>,
    /// Assistant messages so far.
    pub steps: u64,
    /// Token usage so far.
    pub usage: Usage,
    /// Tool calls of the last assistant message that have no result yet, in order.
    pub pending: Vec<ToolCall>,
    /// A finish was requested in the last step (its summary), not yet verified.
    pub finish: Option<String>,
    /// The verify command passed for the pending finish.
    pub verified: bool,
    /// How the run ended, if it did.
    pub ended: Option<Outcome>,
    /// Guard trips answered with a nudge since the start (or the last resume).
    pub nudges: u32,
    /// Steps before this one are outside the guards' window (moved on nudge and resume).
    pub window_start: u64,
    /// Consecutive tool results that timed out.
    pub consecutive_timeouts: u32,
    /// The todo list.
    pub todo: Vec<TodoItem>,
    /// Every step, oldest first.
    pub records: Vec<StepRecord>,
    /// Policy denials so far.
    pub denials: u32,
    /// Tool results whose full output was spilled to a file.
    pub spills: u32,
    /// Every tool-call id of the session (ids must be unique).
    pub call_ids: std::collections::HashSet<String>,
}

/// `name` plus canonical (sorted-key) arguments.
pub fn call_key(call: &ToolCall) -> String {
    format!("{}({})", call.name, call.arguments)
}

impl State {
    /// Folds a whole log.
    pub fn from_events(events: &[Event]) -> Self {
        let mut s = State::default();
        for e in events {
            s.apply(e);
        }
        s
    }

    /// Applies one event.
    pub fn apply(&mut self, event: &Event) {
        match &event.kind {
            EventKind::SessionStart { task, verify, .. } => {
                self.task.clone_from(task);
                self.verify.clone_from(verify);
            }
            EventKind::Resumed { .. } => {
                self.ended = None;
                self.nudges = 0;
                self.window_start = self.steps;
                self.consecutive_timeouts = 0;
            }
            EventKind::Assistant {
                text,
                tool_calls,
                usage,
            } => {
                self.steps += 1;
                let tokens = usage.map_or(0, |u| u.total());
                if let Some(u) = usage {
                    self.usage.add(u);
                }
                self.pending = tool_calls.clone();
                self.call_ids
                    .extend(tool_calls.iter().map(|c| c.id.clone()));
                self.finish = if tool_calls.is_empty() {
                    Some(text.clone())
                } else {
                    None
                };
                self.verified = false;
                self.records.push(StepRecord {
                    step: self.steps,
                    text: text.clone(),
                    call_keys: tool_calls.iter().map(call_key).collect(),
                    results: Vec::new(),
                    tokens,
                });
            }
            EventKind::ToolResult(r) => self.apply_result(r),
            EventKind::Verify { passed, .. } => {
                if *passed {
                    self.verified = true;
                } else {
                    self.finish = None;
                }
            }
            EventKind::GuardTrip { action, .. } => {
                if action == "nudge" {
                    self.nudges += 1;
                    self.window_start = self.steps;
                }
            }
            EventKind::End { outcome, .. } => self.ended = Some(*outcome),
            // A summary model call counts in the run's token and cost budget.
            EventKind::Condensation { usage, .. } => {
                if let Some(u) = usage {
                    self.usage.add(u);
                }
            }
            // A harness message after a reply asks for another one (a cut reply goes on).
            EventKind::User { .. } => self.finish = None,
            // A sub-agent's tokens count in the parent's budget, and in the ledger's step.
            EventKind::Subagent(sub) => {
                if let Some(u) = &sub.usage {
                    self.usage.add(u);
                    if let Some(rec) = self.records.last_mut() {
                        rec.tokens += u.total();
                    }
                }
            }
            EventKind::ProjectInstructions { .. }
            | EventKind::ChildOf { .. }
            | EventKind::ToolStart { .. }
            | EventKind::Interrupted { .. } => {}
        }
    }

    fn apply_result(&mut self, r: &ToolResult) {
        let Some(pos) = self.pending.iter().position(|c| c.id == r.call_id) else {
            return;
        };
        let call = self.pending.remove(pos);
        match r.status {
            ToolStatus::Timeout => self.consecutive_timeouts += 1,
            _ => self.consecutive_timeouts = 0,
        }
        if r.status == ToolStatus::Denied {
            self.denials += 1;
        }
        if r.spill.is_some() {
            self.spills += 1;
        }
        if r.status == ToolStatus::Ok {
            match call.name.as_str() {
                FINISH => {
                    let summary = call.arguments.get("summary").and_then(|v| v.as_str());
                    self.finish = Some(summary.unwrap_or_default().to_string());
                }
                TODO => {
                    if let Some(items) = call.arguments.get("items")
                        && let Ok(list) = serde_json::from_value(items.clone())
                    {
                        self.todo = list;
                    }
                }
                _ => {}
            }
        }
        if let Some(rec) = self.records.last_mut() {
            rec.results.push(StepResult {
                call_key: call_key(&call),
                action: describe_call(&call),
                status: r.status,
                content: r.content.clone(),
            });
        }
    }

    /// The next thing to do, from the state alone.
    pub fn next(&self) -> Next {
        if let Some(o) = self.ended {
            return Next::Stopped(o);
        }
        if let Some(c) = self.pending.first() {
            return Next::RunTool(c.clone());
        }
        match &self.finish {
            Some(summary) if self.verified || self.verify.is_none() => {
                Next::End(Outcome::Done, summary.clone())
            }
            Some(_) => Next::Verify,
            None => Next::Infer,
        }
    }

    /// The steps inside the guards' window.
    pub fn window(&self) -> &[StepRecord] {
        let start = usize::try_from(self.window_start)
            .unwrap_or(usize::MAX)
            .min(self.records.len());
        &self.records[start..]
    }
}

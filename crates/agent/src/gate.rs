//! The permission seam: a verdict before every tool call, and what to do with `ask`.

use loopwright_protocol::tool::ToolCall;

/// A permission verdict for one tool call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Run it.
    Allow,
    /// Do not run it; the reason goes to the model.
    Deny(String),
    /// A person must decide; the reason is shown to them.
    Ask(String),
}

/// Decides whether a tool call may run, before it runs.
pub trait Gate {
    /// The verdict for `call` in `workspace`.
    fn verdict(&self, call: &ToolCall, workspace: &std::path::Path) -> Verdict;
}

/// A gate that allows everything (for embedding with an external policy, and for tests).
#[derive(Debug, Clone, Copy, Default)]
pub struct AllowAll;

impl Gate for AllowAll {
    fn verdict(&self, _call: &ToolCall, _workspace: &std::path::Path) -> Verdict {
        Verdict::Allow
    }
}

/// A person's answer to an `ask` verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Approval {
    /// Run this call.
    Once,
    /// Run this call and identical ones for the rest of the run.
    Always,
    /// Do not run it.
    Deny,
}

/// Answers `ask` verdicts.
pub trait Approver {
    /// The answer for `call`; `reason` says why the gate asks.
    fn approve(&mut self, call: &ToolCall, reason: &str) -> Approval;
}

/// Answers every `ask` with deny: unattended runs never hang on a question.
#[derive(Debug, Clone, Copy, Default)]
pub struct DenyAsks;

impl Approver for DenyAsks {
    fn approve(&mut self, _call: &ToolCall, _reason: &str) -> Approval {
        Approval::Deny
    }
}

/// Answers every `ask` with allow (`--yolo`). Denies still deny.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApproveAsks;

impl Approver for ApproveAsks {
    fn approve(&mut self, _call: &ToolCall, _reason: &str) -> Approval {
        Approval::Once
    }
}

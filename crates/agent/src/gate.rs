//! The permission seam: a decision before every tool call, and what to do with `ask`.
//!
//! The verdict and decision types are the policy crate's ([`Verdict`], [`Decision`]): there is
//! one of each in loopwright.

use loopwright_protocol::tool::ToolCall;

pub use loopwright_policy::{Decision, Request, Verdict};

/// Decides whether a tool call may run, before it runs. The call is given as the policy
/// [`Request`] its tool built (see `Tool::request`), so every tool source is judged the same
/// way; the answer is the policy's own [`Decision`].
pub trait Gate {
    /// The decision for `request`.
    fn decide(&self, request: &Request) -> Decision;
}

/// A decision with no rule behind it.
pub fn plain_decision(verdict: Verdict, reason: impl Into<String>) -> Decision {
    Decision {
        verdict,
        reason: reason.into(),
        rule: None,
        parts: Vec::new(),
    }
}

/// A gate that allows everything (for embedding with an external policy, and for tests).
#[derive(Debug, Clone, Copy, Default)]
pub struct AllowAll;

impl Gate for AllowAll {
    fn decide(&self, _request: &Request) -> Decision {
        plain_decision(Verdict::Allow, "every call is allowed")
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

//! Sub-agents: the `spawn_agent` tool, a source of the tool registry.
//!
//! A child is a real loop ([`crate::Agent`]) with a fresh context and its own session log
//! (`<parent>-sub-<call>`, whose second event, `child_of`, names the parent, the call and the
//! depth). It gets the parent's tools minus `spawn_agent` (depth 1, also checked explicitly),
//! the same policy through [`ChildFactory::gate`], and a budget reserved from what the parent
//! has left; what it used is recorded in the parent's log (a `subagent` event before the
//! call's result), so it counts in the parent's budget, ledger and breaker, and the unspent
//! part of the reservation is simply never used.
//!
//! Several `spawn_agent` calls of one assistant turn run concurrently (up to
//! [`Settings::max`]): the first call of the turn starts every child of the turn, each call
//! then waits for its own. Each child has a watchdog ([`watchdog`]) outside its loop; on a
//! timeout the child is cancelled (its commands' process groups are killed) and one salvage
//! turn without tools gives its answer, labelled `[salvaged]`. Every wait is bounded and a
//! slot is released whatever happens. A parent killed while children ran resumes them from
//! their logs ([`Subagents::recover`]); no tool of any child runs twice.

mod brief;
mod child;
pub mod plan;
mod recover;
mod spawn;
pub mod watchdog;

use std::path::Path;
use std::sync::Arc;

use loopwright_model::Provider;

pub use brief::{BRIEF_KEY_CHARS, MAX_DEPTH, MAX_FAILURES, Refusal, brief_key, failures};
pub use spawn::{SPAWN_AGENT, Subagents};
pub use watchdog::Timeouts;

use crate::config::RunConfig;
use crate::gate::{Approver, Gate};
use crate::tools::{Tool, ToolSource};

/// Settings of a run's sub-agents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// At most this many children at once (`--subagent-max`, 4).
    pub max: usize,
    /// The watchdog's limits.
    pub timeouts: Timeouts,
    /// The child's answer is cut to this many estimated tokens (head and tail kept).
    pub answer_tokens: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max: 4,
            timeouts: Timeouts::default(),
            answer_tokens: 2000,
        }
    }
}

/// The parent run, as its children see it.
pub struct Parent {
    /// The parent's session id.
    pub session: String,
    /// The parent's depth (0 for a top-level run).
    pub depth: u32,
    /// The parent's settings: the children's workspace, state directory and limits.
    pub cfg: RunConfig,
    /// The tools a child may get (the parent's, without `spawn_agent`).
    pub tools: Vec<Arc<dyn Tool>>,
}

/// Why a child could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpawnError {
    /// No model for the child.
    #[error("no model for sub-agent {ordinal}: {message}")]
    Provider {
        /// The child's ordinal.
        ordinal: u32,
        /// Why.
        message: String,
    },
    /// The permission rules could not be loaded.
    #[error("permission rules: {0}")]
    Rules(String),
}

/// Makes what each child needs, on the child's own thread.
pub trait ChildFactory: Send + Sync {
    /// The model of the parent's `ordinal`-th child (from 0).
    ///
    /// # Errors
    /// When no model can be made (a script without that child, a bad profile).
    fn provider(&self, ordinal: u32) -> Result<Box<dyn Provider>, SpawnError>;
    /// The permission gate for a child working in `workspace` (the parent's policy).
    ///
    /// # Errors
    /// When the rules cannot be loaded.
    fn gate(&self, workspace: &Path) -> Result<Box<dyn Gate>, SpawnError>;
    /// Who answers a child's `ask` verdicts.
    fn approver(&self) -> Box<dyn Approver>;
}

/// A fixed list of tools as a registry source.
pub struct ToolList(pub Vec<Arc<dyn Tool>>);

impl ToolSource for ToolList {
    fn name(&self) -> &str {
        "parent tools"
    }
    fn tools(&self) -> Vec<Arc<dyn Tool>> {
        self.0.clone()
    }
}

/// The child session id of the parent's call `call_id`.
pub fn child_id(parent: &str, call_id: &str) -> String {
    format!("{parent}-sub-{}", crate::tools::spill_stem(call_id))
}

#[cfg(test)]
mod tests {
    use loopwright_protocol::event::{Event, EventKind, Outcome, SubagentRecord};
    use loopwright_protocol::usage::Usage;

    use crate::state::State;

    fn usage(n: u64) -> Usage {
        Usage {
            input_tokens: n,
            output_tokens: 0,
            cached_tokens: 0,
            cache_write_tokens: 0,
            estimated: false,
        }
    }

    #[test]
    fn a_childs_tokens_count_in_the_parents_budget_and_ledger_step() {
        let ev = |kind| Event {
            seq: 0,
            ts_ms: 0,
            kind,
        };
        let events = vec![
            ev(EventKind::Assistant {
                text: String::new(),
                tool_calls: Vec::new(),
                usage: Some(usage(10)),
            }),
            ev(EventKind::Subagent(SubagentRecord {
                call_id: "c".into(),
                session: "p-sub-c".into(),
                task: "t".into(),
                outcome: Some(Outcome::Done),
                salvaged: false,
                usage: Some(usage(100)),
                node: None,
                superseded: false,
            })),
        ];
        let s = State::from_events(&events);
        assert_eq!(s.usage.total(), 110);
        assert_eq!(s.records[0].tokens, 110);
    }

    #[test]
    fn child_ids_are_plain_file_names() {
        assert_eq!(super::child_id("p", "call_1_2"), "p-sub-call_1_2");
        assert_eq!(super::child_id("p", "../x"), "p-sub-___x");
    }
}

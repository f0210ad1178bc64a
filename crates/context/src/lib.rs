//! Context management for loopwright: what the model sees at each step.
//!
//! Pure (no IO, no clock, no async): token counting ([`tokens`]), prompt assembly with a
//! byte-stable prefix and a dynamic tail ([`prompt`]), composable condensers that leave records
//! the caller persists ([`condense`]), and replay of recorded trajectories from other agents
//! to measure what each strategy costs ([`replay`]).

pub mod condense;
pub mod meter;
pub mod price;
pub mod prompt;
pub mod replay;
pub mod tokens;

pub use condense::{Condensation, Config, Item, StepInput, condense, recall, view};
pub use prompt::{Prefix, ProjectInstructions, Tail, TodoItem, assemble};
pub use tokens::{TokenCounter, Tokenizer};

/// Errors of this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContextError {
    /// A strategy name that is not `none`, `mask`, `summary` or `mask+summary`.
    #[error("unknown condenser strategy `{0}` (expected none, mask, summary or mask+summary)")]
    UnknownStrategy(String),
    /// A setting out of range.
    #[error("invalid context setting: {0}")]
    InvalidSetting(String),
    /// A trajectory file that could not be read.
    #[error("trajectory: {0}")]
    Trajectory(String),
}

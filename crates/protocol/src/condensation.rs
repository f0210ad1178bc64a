//! Context-condensation records: what a condenser did to the history, persisted in the
//! session log so a resumed run re-applies it instead of redoing it (no second summary call).
//!
//! The condensers themselves live in `loopwright-context`; the records live here because the
//! session log (`event`) stores them.

use serde::{Deserialize, Serialize};

/// Why tool results were masked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MaskReason {
    /// Older than the last M tool results.
    Old,
    /// A file read superseded by a later read or edit of the same file.
    StaleRead,
    /// A tool result identical to an earlier one still shown in full.
    Duplicate,
}

/// Who wrote a summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SummarySource {
    /// The summary model call.
    Model,
    /// The extractive fallback (no model call).
    Extractive,
}

/// What one condenser did: the record the caller persists so resume never redoes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Condensation {
    /// Tool results replaced by one-line stubs.
    Mask {
        /// Step at which it was decided.
        step: u64,
        /// Why.
        reason: MaskReason,
        /// Item ids of the masked tool results.
        ids: Vec<u64>,
    },
    /// A run of history replaced by a summary (the task message is never part of it).
    Summary {
        /// Step at which it was decided.
        step: u64,
        /// First summarised item id.
        first_id: u64,
        /// Last summarised item id.
        last_id: u64,
        /// Who wrote it.
        source: SummarySource,
        /// Prompt tokens that triggered it.
        tokens_before: u64,
        /// The summary text.
        text: String,
    },
}

//! Observation shaping for agent loops, as pure functions over bytes and strings.
//!
//! - [`compress`] / [`Compressor`]: log compression. Lines are classified (errors, warnings,
//!   failures, messages, project stack frames, summaries of common tools; `--keep` patterns; the
//!   search pattern of a grep-like command), anchors are kept verbatim with their context, noise
//!   runs fold into one marker line naming the folded line range, near-identical runs fold into
//!   one line with a `×N` count, ANSI codes are stripped and `\r` redraws collapsed.
//! - [`cap_head_tail`]: head+tail truncation by characters or estimated tokens.
//! - [`plan_turn_budget`]: which outputs of a turn to spill, largest first.
//! - [`shape_output`]: compress then cap one tool output, leaving room for the caller's pointer.
//! - [`plan`]: the one observation pipeline (compress, cap, per-turn budget largest first, spill
//!   decision) and the one pointer format, used by `loop compress`, `loop run` and external tools.
//!
//! No IO: writing the spill file is the caller's job (`loopwright-store`'s `spill` module).

mod budget;
mod cap;
mod clean;
mod compress;
#[cfg(test)]
mod corpus_logs;
mod fold;
mod generic;
mod grep;
mod group;
mod normalize;
mod options;
pub mod plan;
mod prefilter;
pub mod recall;
mod repeat;
mod rules;
mod shape;

pub use budget::{Budget, CHARS_PER_TOKEN, Limit, TurnPlan, plan_turn_budget};
pub use cap::{Cap, Capped, cap_head_tail, estimate_tokens};
pub use clean::{clean_line, clean_text, strip_ansi_into};
pub use compress::{Compressed, Compressor, Stats, Unchanged, compress, count_lines};
pub use grep::{Search, parse as parse_grep_command};
pub use options::CompressOptions;
pub use plan::{
    CommandEnd, Output, Planned, Pointer, Spill, TurnPlanner, folding_pays, plan_output,
};
pub use rules::{Kind, TOOL_FAMILIES};
pub use shape::{Shaped, shape_output};

/// Errors of this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ObserveError {
    /// A `--keep` pattern is not a valid regular expression.
    #[error("--keep pattern `{pattern}` is not a valid regular expression: {message}")]
    InvalidKeep {
        /// The pattern as given.
        pattern: String,
        /// Why it does not compile.
        message: String,
    },
}

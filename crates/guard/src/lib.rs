//! Pure loop guards: everything that decides whether an agent loop may go on.
//!
//! - [`signature`]: normalised error signatures.
//! - [`similarity`]: character-trigram Jaccard similarity over UTF-16 code units.
//! - [`breaker`]: the circuit breaker over a ledger (stagnation, frustration, no progress,
//!   token budget, iteration cap).
//! - [`prune`], [`summary`], [`report`]: the pruned ledger, the run summary and the texts
//!   (status, check line, injection block) built from them.
//!
//! No IO, no clock, no async: callers read files and pass data in.

pub mod breaker;
pub mod cost;
pub mod grouping;
pub mod jsnum;
mod normalize;
pub mod prune;
pub mod report;
pub mod signature;
pub mod similarity;
pub mod summary;
pub mod text;

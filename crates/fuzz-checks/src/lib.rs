//! Invariant checks behind loopwright's fuzz targets, one function per target.
//!
//! Each check takes arbitrary bytes and panics when the code under test panics or breaks an
//! invariant; the libFuzzer targets in `fuzz/` are one-line calls of these functions, and
//! `tests/replay.rs` runs them over the seed and regression corpora on stable Rust, so CI
//! replays every crash ever found without nightly. Only public APIs of the crates are used and
//! each target's glue is one small function, so a refactor of a crate touches one place here.
//!
//! This crate is a development tool (`publish = false`): its functions panic by design.

pub mod compress;
pub mod ledger;
pub mod mcp;
pub mod policy;
pub mod session;
pub mod split;
pub mod sse;
pub mod text;
pub mod toml_files;
pub mod trajectory;

/// A check: panics on a failed invariant.
pub type Check = fn(&[u8]);

/// Every target by name (the names of `fuzz/fuzz_targets/*.rs` and of the corpus folders).
pub const TARGETS: &[(&str, Check)] = &[
    ("ledger", ledger::check),
    ("policy_shell", policy::shell),
    ("rules_toml", toml_files::rules),
    ("config_toml", toml_files::config),
    ("sse_openai", sse::openai),
    ("sse_anthropic", sse::anthropic),
    ("json_action", text::json_action),
    ("compress", compress::check),
    ("session_log", session::check),
    ("trajectory", trajectory::check),
    ("mcp", mcp::check),
];

/// The check named `name`.
pub fn target(name: &str) -> Option<Check> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
}

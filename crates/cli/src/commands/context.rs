//! `loop context`.

use std::ffi::OsString;
use std::process::ExitCode;

/// clap description of `loop context` (help and completions only; parsing is done by hand).
pub fn command() -> clap::Command {
    clap::Command::new("context").about("Loop ledger analysis: circuit breaker, prune, summary, inject")
}

/// Runs `loop context`.
pub fn main(_args: &[OsString]) -> ExitCode {
    ExitCode::from(1)
}

//! `loop context`: the command of `loopwright-context-cmd`, served by this binary's PostgreSQL
//! store for `--ledger pg:NAME` and the daily spend of `--store`.

mod pg_ledger;

use std::ffi::OsString;
use std::process::ExitCode;

/// clap description of `loop context` (help and completions only; parsing is done by hand).
pub fn command() -> clap::Command {
    loopwright_context_cmd::command()
}

/// Runs `loop context` (or `loop` invoked as `loop-context`) with the arguments after the
/// command name.
pub fn main(args: &[OsString]) -> ExitCode {
    loopwright_context_cmd::main(args, &pg_ledger::Store)
}

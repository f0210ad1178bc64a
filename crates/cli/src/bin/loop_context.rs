//! `loop-context`: the lean `loop context`, a drop-in for the `loop-context` npm tool that starts
//! like a bare Rust program. It links the ledger command, the guards and the file store only; an
//! invocation that names a database store is handed to the `loop` binary next to it.

use std::ffi::{OsStr, OsString};
use std::process::ExitCode;

use loopwright_context_cmd::{DailyRecord, Postgres, StoreError};
use loopwright_protocol::ledger::Ledger;
use loopwright_store::daily::AttemptSpend;
use loopwright_store::ledger_file::NewAttempt;

/// The variable that names a database store when `--store` is absent.
const STORE_ENV: &str = "LOOP_STORE_URL";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if names_a_store(&args) {
        return hand_to_loop(&args);
    }
    loopwright_context_cmd::main(&args, &NoDatabase)
}

/// Whether the arguments or the environment name a database store: `--store`, a `pg:` ledger,
/// or a non-empty `$LOOP_STORE_URL` (which the daily budget would use).
fn names_a_store(args: &[OsString]) -> bool {
    let env_store = std::env::var_os(STORE_ENV).is_some_and(|v| !v.is_empty());
    env_store
        || args.iter().any(|a| {
            let a = a.to_string_lossy();
            a == "--store"
                || a.starts_with("--store=")
                || a.starts_with("pg:")
                || a.starts_with("--ledger=pg:")
        })
}

/// Runs `loop context ARGS` (the `loop` binary beside this one, else `loop` on the `PATH`) in
/// place of this process.
fn hand_to_loop(args: &[OsString]) -> ExitCode {
    use std::os::unix::process::CommandExt as _;
    let beside = std::env::current_exe()
        .ok()
        .map(|exe| exe.with_file_name("loop"))
        .filter(|p| p.is_file());
    let program = beside
        .as_deref()
        .map_or(OsStr::new("loop"), |p| p.as_os_str());
    let err = std::process::Command::new(program)
        .arg("context")
        .args(args)
        .exec();
    eprintln!(
        "Error: loop-context hands ledgers in a database store to `loop`, which could not be run: {err}"
    );
    ExitCode::FAILURE
}

/// The store seam of a binary with no database code: every call names what to run instead.
/// Reached only if an invocation names a store in a way [`names_a_store`] did not see.
struct NoDatabase;

fn no_database() -> StoreError {
    StoreError(
        "loop-context has no database store: run `loop context` for --ledger pg:NAME or --store"
            .to_owned(),
    )
}

impl Postgres for NoDatabase {
    fn load_ledger(&self, _: &str, _: Option<&str>) -> Result<String, StoreError> {
        Err(no_database())
    }

    fn append_attempt(
        &self,
        _: &str,
        _: Option<&str>,
        _: Option<&str>,
        _: &str,
        _: &NewAttempt,
    ) -> Result<Ledger, StoreError> {
        Err(no_database())
    }

    fn record_daily(
        &self,
        store: Option<&str>,
        _: &str,
        _: &str,
        _: &[AttemptSpend],
        _: f64,
    ) -> Result<Option<DailyRecord>, StoreError> {
        match store {
            Some(s) if !s.is_empty() => Err(no_database()),
            _ => Ok(None),
        }
    }
}

//! `loop context record`: append one attempt to a ledger, atomically and under a lock, and
//! optionally run `--check` on the result in the same process.

use std::path::Path;
use std::process::ExitCode;

use loopwright_guard::jsnum::parse_js_number;
use loopwright_protocol::ledger::Outcome;
use loopwright_store::ledger_file::{NewAttempt, append_attempt};

use super::args::{self, Operation};
use super::output::fail;
use super::store::{Postgres, pg_ledger_name};

/// What `record` itself takes; everything else goes to the `--check` flags.
#[derive(Debug, Default)]
struct RecordArgs {
    goal: Option<String>,
    action: Option<String>,
    outcome: Option<String>,
    error: Option<String>,
    error_file: Option<String>,
    tokens: Option<String>,
}

/// Runs `loop context record ARGS`.
pub fn main(argv: &[String], pg: &dyn Postgres) -> ExitCode {
    match run(argv, pg) {
        Ok(code) => code,
        Err(msg) => fail(&msg),
    }
}

fn run(argv: &[String], pg: &dyn Postgres) -> Result<ExitCode, String> {
    let Some((r, rest)) = scan(argv)? else {
        super::output::Out::text(HELP);
        return Ok(ExitCode::SUCCESS);
    };
    let check_args = args::parse(&rest)?;
    let path = check_args
        .ledger
        .clone()
        .ok_or("record needs the ledger file: --ledger FILE (stdin cannot be appended to).")?;
    let action = r.action.ok_or("record needs --action TEXT.")?;
    let outcome_raw = r
        .outcome
        .ok_or("record needs --outcome success|failure|noop.")?;
    let outcome = Outcome::parse(&outcome_raw).ok_or_else(|| {
        format!("--outcome must be one of success, failure, noop; got \"{outcome_raw}\".")
    })?;
    let error = error_text(r.error, r.error_file)?;
    let tokens_used = r.tokens.map(|raw| tokens(&raw)).transpose()?;
    let now = loopwright_store::ledger_file::now_iso();
    let attempt = NewAttempt {
        action,
        outcome,
        error,
        tokens_used,
        timestamp: now.clone(),
    };
    let ledger = match pg_ledger_name(&path) {
        Some(name) => pg
            .append_attempt(
                name,
                check_args.budget.store.as_deref(),
                r.goal.as_deref(),
                &now,
                &attempt,
            )
            .map_err(|e| e.to_string())?,
        None => {
            append_attempt(Path::new(&path), r.goal.as_deref(), &now, &attempt)
                .map_err(|e| match &e {
                    loopwright_store::ledger_file::LedgerFileError::Io { source, .. }
                        if matches!(
                            source.kind(),
                            std::io::ErrorKind::FileTooLarge | std::io::ErrorKind::InvalidInput
                        ) =>
                    {
                        format!("--ledger {path}: {source}")
                    }
                    _ => e.to_string(),
                })?
                .ledger
        }
    };
    if check_args.operation == Operation::Check {
        let budget = match check_args.token_budget {
            Some(b) => Some(b),
            None => super::budget::resolve_token_budget(&check_args.budget)?,
        };
        return super::check(&check_args, &ledger, budget, pg);
    }
    Ok(ExitCode::SUCCESS)
}

/// Splits `argv` into `record`'s own flags and the rest (the `--check` flags); `None` for
/// `--help`.
fn scan(argv: &[String]) -> Result<Option<(RecordArgs, Vec<String>)>, String> {
    let mut r = RecordArgs::default();
    let mut rest: Vec<String> = Vec::new();
    let mut args = argv.iter();
    while let Some(arg) = args.next() {
        let slot = match arg.as_str() {
            "--goal" => &mut r.goal,
            "--action" => &mut r.action,
            "--outcome" => &mut r.outcome,
            "--error" => &mut r.error,
            "--error-file" => &mut r.error_file,
            "--tokens" => &mut r.tokens,
            "-h" | "--help" => return Ok(None),
            _ => {
                rest.push(arg.to_owned());
                continue;
            }
        };
        let v = args
            .next()
            .ok_or_else(|| format!("{arg} requires a value."))?;
        *slot = Some(v.clone());
    }
    Ok(Some((r, rest)))
}

/// The attempt's error text: `--error TEXT`, `--error -` (stdin) or `--error-file PATH`.
fn error_text(error: Option<String>, file: Option<String>) -> Result<Option<String>, String> {
    Ok(match (error, file) {
        (Some(_), Some(_)) => return Err("give either --error or --error-file, not both.".into()),
        (Some(e), None) if e == "-" => {
            let buf = loopwright_store::input::read_capped_from(
                std::io::stdin(),
                loopwright_store::input::INPUT_CAP,
            )
            .map_err(|e| format!("cannot read stdin: {e}"))?;
            Some(String::from_utf8_lossy(&buf).into_owned())
        }
        (Some(e), None) => Some(e),
        (None, Some(f)) => Some(
            loopwright_store::input::read(Path::new(&f))
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .map_err(|e| format!("--error-file {f}: {e}"))?,
        ),
        (None, None) => None,
    })
}

/// `--tokens`: a non-negative number, parsed with JavaScript `Number()`.
fn tokens(raw: &str) -> Result<f64, String> {
    let n = parse_js_number(raw);
    if raw.trim().is_empty() || !n.is_finite() || n < 0.0 {
        return Err(format!(
            "--tokens must be a non-negative number; got \"{raw}\"."
        ));
    }
    Ok(n)
}

const HELP: &str = "\
loop context record — append one attempt to a ledger file

Usage:
  loop context record --ledger FILE --action TEXT --outcome success|failure|noop
                      [--error TEXT | --error - | --error-file PATH] [--tokens N]
                      [--goal TEXT] [--check [breaker flags...]]

The attempt gets iteration = attempts so far + 1 and a timestamp. The file is created when it
does not exist and --goal is given. The write is atomic (temp file, fsync, rename) under an
exclusive lock, so concurrent recorders lose nothing. With --check, the circuit breaker runs on
the new ledger and the exit code is --check's (0 continue, 2 escalate).";

//! `loop context`: the loop ledger tool, a drop-in for the `loop-context` npm tool, shared by
//! the `loop` binary and the lean `loop-context` binary (which starts like a bare Rust program:
//! no database, TLS, tree-sitter or regex code is linked into it).
//!
//! Same ledger, flags, outputs and exit codes (0 continue, 2 escalate, 1 error), with the
//! deliberate improvements documented in the README: typed ledger validation, strict flags,
//! thresholds in (0, 1], `--summary`/`--status` honour `--similarity-threshold`, a UTF-8 BOM is
//! accepted. `loop context record` appends an attempt safely.

mod args;
mod budget;
mod help;
mod output;
mod record;
mod store;

use std::ffi::OsString;
use std::io::IsTerminal;
use std::process::ExitCode;

use loopwright_guard::breaker::{BreakerConfig, decide};
use loopwright_guard::prune::{PruneConfig, prune, prune_attempts};
use loopwright_guard::report;
use loopwright_guard::summary::summarize;
use loopwright_protocol::json;
use loopwright_protocol::ledger::Ledger;
use loopwright_store::ledger_file::decode;

pub use args::{ContextArgs, Operation};
use output::{Out, fail};
pub use store::{DailyRecord, Postgres, StoreError, pg_ledger_name};

/// clap description of `loop context` (help and completions only; parsing is done by hand).
pub fn command() -> clap::Command {
    help::command()
}

/// Runs `loop context` (or `loop-context`) with the arguments after the command name; `pg`
/// serves the ledgers and daily spend kept in a database store.
pub fn main(args: &[OsString], pg: &dyn Postgres) -> ExitCode {
    let args: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if args.first().map(String::as_str) == Some("record") {
        return record::main(&args[1..], pg);
    }
    let parsed = match args::parse(&args) {
        Ok(p) => p,
        Err(msg) => return fail(&msg),
    };
    if parsed.help {
        Out::text(help::TEXT.trim_end_matches('\n'));
        return ExitCode::SUCCESS;
    }
    match run(&parsed, pg) {
        Ok(code) => code,
        Err(msg) => fail(&msg),
    }
}

/// Reads the ledger named by the arguments (or stdin) and validates it.
fn read_ledger(
    path: Option<&str>,
    store: Option<&str>,
    pg: &dyn Postgres,
) -> Result<Ledger, String> {
    let bytes = match path {
        Some(p) if pg_ledger_name(p).is_some() => pg
            .load_ledger(pg_ledger_name(p).unwrap_or_default(), store)
            .map_err(|e| e.to_string())?
            .into_bytes(),
        Some(p) => {
            loopwright_store::input::read(std::path::Path::new(p)).map_err(|e| match e.kind() {
                std::io::ErrorKind::FileTooLarge => format!("--ledger {p}: {e}"),
                _ => format!("cannot read ledger {p}: {}", io_reason(&e)),
            })?
        }
        None => {
            let stdin = std::io::stdin();
            if stdin.is_terminal() {
                return Err(NO_LEDGER.to_owned());
            }
            loopwright_store::input::read_capped_from(stdin, loopwright_store::input::INPUT_CAP)
                .map_err(|e| format!("cannot read stdin: {e}"))?
        }
    };
    let text = decode(bytes);
    if loopwright_guard::text::js_trim(&text).is_empty() {
        return Err(NO_LEDGER.to_owned());
    }
    let value = json::parse(&text).map_err(|e| format!("ledger is not valid JSON: {e}"))?;
    drop(text);
    Ledger::from_owned(value).map_err(|e| e.to_string())
}

const NO_LEDGER: &str = "No ledger provided. Pass --ledger <file.json> or pipe JSON on stdin.";

/// An OS error without Rust's "(os error N)" suffix noise.
fn io_reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}

/// The breaker configuration from the flags and a resolved token budget.
fn breaker_config(a: &ContextArgs, token_budget: Option<f64>) -> BreakerConfig {
    BreakerConfig {
        max_iterations: a.max_iterations,
        stagnation_threshold: a.stagnation,
        no_progress_threshold: a.no_progress,
        token_budget,
        similarity_threshold: a.similarity_threshold,
        ..BreakerConfig::default()
    }
}

fn prune_config(a: &ContextArgs) -> PruneConfig {
    PruneConfig {
        window: a.window,
        max_trace_lines: a.max_trace_lines,
        similarity_threshold: a.similarity_threshold,
    }
}

/// Runs one operation; `Err` is the one-line failure message.
fn run(a: &ContextArgs, pg: &dyn Postgres) -> Result<ExitCode, String> {
    let token_budget = match a.token_budget {
        Some(b) => Some(b),
        None if a.operation.uses_breaker() => budget::resolve_token_budget(&a.budget)?,
        None => None,
    };
    // The process ends right after printing: freeing a multi-megabyte tree of small
    // allocations would only cost time (about a tenth of a `--check` on 15 MB).
    let ledger = std::mem::ManuallyDrop::new(read_ledger(
        a.ledger.as_deref(),
        a.budget.store.as_deref(),
        pg,
    )?);
    match a.operation {
        Operation::Check => check(a, &ledger, token_budget, pg),
        Operation::Prune => {
            Out::json(&prune(&ledger, &prune_config(a)));
            Ok(ExitCode::SUCCESS)
        }
        Operation::Summary => {
            let s = summarize(&ledger, a.similarity_threshold);
            if a.json {
                Out::json(&s.to_json());
            } else {
                Out::text(&report::summary_text(&s));
            }
            Ok(ExitCode::SUCCESS)
        }
        Operation::Status => {
            let s = summarize(&ledger, a.similarity_threshold);
            let d = decide(&ledger, &breaker_config(a, token_budget));
            Out::text(&report::status_text(&s, &d));
            Ok(exit_for(d.escalate))
        }
        Operation::Inject => {
            let s = summarize(&ledger, a.similarity_threshold);
            let d = decide(&ledger, &breaker_config(a, token_budget));
            let pruned = prune_attempts(&ledger, &prune_config(a));
            Out::text(&report::inject_text(
                &ledger.goal,
                &s,
                &d,
                &pruned,
                a.max_iterations,
            ));
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `--check`: the breaker, then the daily budget and the hook; prints the decision.
fn check(
    a: &ContextArgs,
    ledger: &Ledger,
    token_budget: Option<f64>,
    pg: &dyn Postgres,
) -> Result<ExitCode, String> {
    let d = decide(ledger, &breaker_config(a, token_budget));
    let d = budget::apply_daily_budget(&a.budget, a.ledger.as_deref(), ledger, d, pg)?;
    if d.escalate {
        budget::run_on_exceed(&a.budget, &d);
    }
    if a.json {
        Out::json(&report::decision_json(&d));
    } else {
        Out::text(&report::check_line(&d));
    }
    Ok(exit_for(d.escalate))
}

fn exit_for(escalate: bool) -> ExitCode {
    if escalate {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

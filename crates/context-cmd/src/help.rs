//! The help text and clap description of `loop context`.

use clap::{Arg, ArgAction, Command};

/// `loop context --help`.
pub const TEXT: &str = "\
loop context — keep an agent loop's context lean and stop it before it burns tokens

Reads a loop ledger ({ goal, attempts: [{ iteration, action, outcome, error, tokensUsed }] })
from a file or stdin and runs one operation on it. Drop-in for `loop-context`: the same binary
invoked as `loop-context` behaves the same.

Usage:
  loop context [OPERATION] [--ledger FILE | FILE] [OPTIONS]
  loop context record --ledger FILE --action TEXT --outcome success|failure|noop [...]
  cat run.json | loop context --check

Operations (the last one given wins; default --status):
  --check      Circuit breaker verdict. Exit 0 = go on, 2 = stop and escalate.
  --prune      The ledger cut to its recent window, traces shortened, repeats collapsed (JSON).
  --inject     A Markdown block for the next prompt: goal, progress, what failed, verdict.
  --summary    Counts, token total, distinct errors, actions tried.
  --status     Summary plus breaker verdict. Exit 0 / 2 like --check.

Options:
  -f, --ledger FILE             Ledger file (default: stdin; a single bare argument also works)
      --json                    JSON output for --check and --summary
      --max-iterations N        Escalate at N attempts (default 10)
      --stagnation N            Escalate when the same error repeats N times in a row (default 3)
      --no-progress N           Escalate after N consecutive failures (default 5)
      --token-budget N          Escalate when the ledger's token total reaches N
      --similarity-threshold F  0 < F <= 1: how alike two errors or actions must be to count
                                as the same (default 0.85)
      --window N                Attempts kept by --prune and --inject (default 5)
      --max-trace-lines N       Error lines kept by --prune and --inject (default 8)

Budgets from a loop pattern's cost profile (see `loop cost --list`):
      --budget-from-pattern ID  Per-run token budget from the pattern (an explicit
                                --token-budget wins)
      --budget-level L1|L2|L3   Readiness level for the estimate (default L1)
      --budget-scenario S       realistic | action | report | caching (default realistic)
      --budget-cadence SPEC     Cadence override, e.g. 15m or 1h-1d
      --budget-conservative     Use the slower end of a cadence range
      --daily-budget-from-pattern ID
                                With --check: count tokens across runs per UTC day and
                                escalate (trigger daily-budget) at the pattern's daily cap
      --daily-state-dir DIR     Where the daily counters live (default .loop-context)
      --on-exceed CMD           With --check: on escalation run CMD through the shell with
                                the decision as JSON on its stdin
      --on-exceed-timeout SECS  Kill the hook after SECS seconds (default 30)

Exit codes: 0 ok / continue, 2 escalate (--check, --status), 1 error (one line on stderr).
";

fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .action(ArgAction::SetTrue)
        .help(help)
}

fn value(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name).long(name).value_name("VALUE").help(help)
}

/// The clap description, for `loop --help` and shell completions.
pub fn command() -> Command {
    Command::new("context")
        .about("Loop ledger: circuit breaker, prune, summary, inject (drop-in for loop-context)")
        .disable_help_flag(true)
        .arg(
            Arg::new("ledger")
                .short('f')
                .long("ledger")
                .value_name("FILE")
                .value_hint(clap::ValueHint::FilePath),
        )
        .args([
            flag("check", "Circuit breaker verdict"),
            flag("prune", "Pruned ledger"),
            flag("inject", "Context block for the next prompt"),
            flag("summary", "Run summary"),
            flag("status", "Summary and verdict"),
            flag("json", "JSON output"),
            flag("budget-conservative", "Slower end of a cadence range"),
            flag("help", "Print help"),
        ])
        .args([
            value("max-iterations", "Iteration cap"),
            value("stagnation", "Same-error repeat limit"),
            value("no-progress", "Consecutive-failure limit"),
            value("token-budget", "Token cap"),
            value("similarity-threshold", "Similarity in (0, 1]"),
            value("window", "Attempts kept when pruning"),
            value("max-trace-lines", "Error lines kept"),
            value("budget-from-pattern", "Token budget from a pattern"),
            value("budget-level", "L1, L2 or L3"),
            value("budget-scenario", "realistic, action, report or caching"),
            value("budget-cadence", "Cadence override"),
            value("daily-budget-from-pattern", "Daily cap from a pattern"),
            value("daily-state-dir", "Daily counter directory"),
            value("on-exceed", "Hook run on escalation"),
            value("on-exceed-timeout", "Hook timeout in seconds"),
        ])
        .subcommand(
            Command::new("record")
                .about("Append one attempt to a ledger (atomic, locked)")
                .arg(
                    Arg::new("ledger")
                        .short('f')
                        .long("ledger")
                        .value_name("FILE")
                        .value_hint(clap::ValueHint::FilePath),
                )
                .args([
                    value("goal", "Goal, when creating the ledger"),
                    value("action", "What the loop did"),
                    value("outcome", "success, failure or noop"),
                    value("error", "Error text, or - for stdin"),
                    value("error-file", "File holding the error text"),
                    value("tokens", "Tokens used"),
                    flag("check", "Run the breaker after recording"),
                ]),
        )
}

//! Argument scanning for `loop context`, compatible with the reference tool's left-to-right scan
//! (last operation wins, a value flag consumes the next argument whatever it is, JavaScript
//! `Number()` parsing), minus its unsafe leniency: unknown flags, missing values and
//! out-of-range thresholds are errors.

use loopwright_guard::jsnum::parse_js_number;

/// The operation to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// `--check`: breaker decision, exit 2 on escalate.
    Check,
    /// `--prune`: pruned ledger JSON.
    Prune,
    /// `--inject`: the context block for the next prompt.
    Inject,
    /// `--summary`: the run summary.
    Summary,
    /// `--status` (default): summary and breaker decision.
    Status,
}

impl Operation {
    /// Whether the operation runs the circuit breaker (and so needs a token budget).
    pub fn uses_breaker(self) -> bool {
        matches!(
            self,
            Operation::Check | Operation::Status | Operation::Inject
        )
    }
}

/// Everything `loop context` was told.
#[derive(Debug, Clone, PartialEq)]
pub struct ContextArgs {
    /// `--help` was given.
    pub help: bool,
    /// Ledger path (`--ledger`, `-f`, or the one positional argument); `None` = stdin.
    pub ledger: Option<String>,
    /// The operation.
    pub operation: Operation,
    /// `--json`.
    pub json: bool,
    /// `--max-iterations`.
    pub max_iterations: f64,
    /// `--stagnation`.
    pub stagnation: f64,
    /// `--no-progress`.
    pub no_progress: f64,
    /// `--token-budget`.
    pub token_budget: Option<f64>,
    /// `--window`.
    pub window: f64,
    /// `--max-trace-lines`.
    pub max_trace_lines: f64,
    /// `--similarity-threshold`.
    pub similarity_threshold: f64,
    /// Budget flags, resolved by the budget module.
    pub budget: BudgetArgs,
}

/// Flags that size budgets from a loop pattern's cost profile.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BudgetArgs {
    /// `--budget-from-pattern` (empty = off).
    pub from_pattern: Option<String>,
    /// `--budget-level`.
    pub level: Option<String>,
    /// `--budget-scenario`.
    pub scenario: Option<String>,
    /// `--budget-cadence`.
    pub cadence: Option<String>,
    /// `--budget-conservative`.
    pub conservative: bool,
    /// `--daily-budget-from-pattern`.
    pub daily_from_pattern: Option<String>,
    /// `--daily-state-dir`.
    pub daily_state_dir: Option<String>,
    /// `--store URL` (a `postgres://` store; `LOOP_STORE_URL` without it; files otherwise).
    pub store: Option<String>,
    /// `--on-exceed`.
    pub on_exceed: Option<String>,
    /// `--on-exceed-timeout` in seconds.
    pub on_exceed_timeout: Option<f64>,
}

impl Default for ContextArgs {
    fn default() -> Self {
        ContextArgs {
            help: false,
            ledger: None,
            operation: Operation::Status,
            json: false,
            max_iterations: 10.0,
            stagnation: 3.0,
            no_progress: 5.0,
            token_budget: None,
            window: 5.0,
            max_trace_lines: 8.0,
            similarity_threshold: 0.85,
            budget: BudgetArgs::default(),
        }
    }
}

/// Scans `args` (after `context`). Errors are the message of the first bad argument, left to
/// right.
pub fn parse(args: &[String]) -> Result<ContextArgs, String> {
    let mut out = ContextArgs::default();
    let mut positional: Option<String> = None;
    let mut rest = args.iter().map(String::as_str);
    while let Some(arg) = rest.next() {
        if matches!(arg, "-h" | "--help") {
            out.help = true;
            return Ok(out);
        }
        if breaker_flag(&mut out, arg, &mut rest)? || budget_flag(&mut out.budget, arg, &mut rest)?
        {
            continue;
        }
        if arg.starts_with('-') && arg != "-" {
            return Err(format!(
                "unknown flag {arg:?}. Run `loop context --help` for the flags."
            ));
        }
        if positional.is_some() {
            return Err(format!(
                "unexpected argument {arg:?}: only one ledger path may be given."
            ));
        }
        positional = Some(arg.to_owned());
    }
    if let Some(p) = positional {
        if out.ledger.is_some() {
            return Err(format!(
                "ledger given twice: --ledger and the argument {p:?}."
            ));
        }
        if p != "-" {
            out.ledger = Some(p);
        }
    }
    Ok(out)
}

/// The ledger, operation and circuit-breaker flags: `Ok(false)` when `arg` is none of them. A
/// value flag takes the next argument from `rest`, whatever it is.
fn breaker_flag<'a>(
    out: &mut ContextArgs,
    arg: &str,
    rest: &mut impl Iterator<Item = &'a str>,
) -> Result<bool, String> {
    match arg {
        "-f" | "--ledger" => out.ledger = non_empty(required(arg, rest.next())?),
        "--check" => out.operation = Operation::Check,
        "--prune" => out.operation = Operation::Prune,
        "--inject" => out.operation = Operation::Inject,
        "--summary" => out.operation = Operation::Summary,
        "--status" => out.operation = Operation::Status,
        "--json" => out.json = true,
        "--max-iterations" => out.max_iterations = positive_int(arg, rest.next())?,
        "--stagnation" => out.stagnation = positive_int(arg, rest.next())?,
        "--no-progress" => out.no_progress = positive_int(arg, rest.next())?,
        "--token-budget" => out.token_budget = Some(positive_int(arg, rest.next())?),
        "--window" => out.window = positive_int(arg, rest.next())?,
        "--max-trace-lines" => out.max_trace_lines = positive_int(arg, rest.next())?,
        "--similarity-threshold" => out.similarity_threshold = fraction(arg, rest.next())?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// The budget flags: `Ok(false)` when `arg` is none of them.
fn budget_flag<'a>(
    budget: &mut BudgetArgs,
    arg: &str,
    rest: &mut impl Iterator<Item = &'a str>,
) -> Result<bool, String> {
    if arg == "--budget-conservative" {
        budget.conservative = true;
        return Ok(true);
    }
    let slot = match arg {
        "--budget-level" => {
            budget.level = Some(required(arg, rest.next())?);
            return Ok(true);
        }
        "--budget-scenario" => {
            budget.scenario = Some(required(arg, rest.next())?);
            return Ok(true);
        }
        "--on-exceed-timeout" => {
            budget.on_exceed_timeout = Some(seconds(arg, rest.next())?);
            return Ok(true);
        }
        "--budget-from-pattern" => &mut budget.from_pattern,
        "--budget-cadence" => &mut budget.cadence,
        "--daily-budget-from-pattern" => &mut budget.daily_from_pattern,
        "--daily-state-dir" => &mut budget.daily_state_dir,
        "--store" => &mut budget.store,
        "--on-exceed" => &mut budget.on_exceed,
        _ => return Ok(false),
    };
    *slot = non_empty(required(arg, rest.next())?);
    Ok(true)
}

/// `--on-exceed-timeout`: a positive number of seconds.
fn seconds(flag: &str, raw: Option<&str>) -> Result<f64, String> {
    let raw = required(flag, raw)?;
    let n = parse_js_number(&raw);
    if n.is_finite() && n > 0.0 {
        Ok(n)
    } else {
        Err(format!(
            "{flag} must be a positive number of seconds; got \"{raw}\"."
        ))
    }
}

/// The value of a flag that needs one.
fn required(flag: &str, raw: Option<&str>) -> Result<String, String> {
    raw.map(str::to_owned)
        .ok_or_else(|| format!("{flag} requires a value."))
}

fn non_empty(s: String) -> Option<String> {
    if s.is_empty() { None } else { Some(s) }
}

/// A positive integer flag value, parsed with JavaScript `Number()` like the reference.
fn positive_int(flag: &str, raw: Option<&str>) -> Result<f64, String> {
    let raw = raw
        .filter(|r| !r.is_empty())
        .ok_or_else(|| format!("{flag} requires a positive integer value."))?;
    let n = parse_js_number(raw);
    if n.is_finite() && n.fract() == 0.0 && n >= 1.0 {
        Ok(n)
    } else {
        Err(format!("{flag} must be a positive integer; got \"{raw}\"."))
    }
}

/// The similarity threshold: a number in (0, 1].
fn fraction(flag: &str, raw: Option<&str>) -> Result<f64, String> {
    let raw = raw.filter(|r| !r.is_empty()).ok_or_else(|| {
        format!("{flag} requires a number greater than 0 and at most 1 (e.g. 0.85).")
    })?;
    let n = parse_js_number(raw);
    if n > 0.0 && n <= 1.0 {
        Ok(n)
    } else {
        let mut msg =
            format!("{flag} must be a number greater than 0 and at most 1; got \"{raw}\".");
        if n > 1.0 && n <= 100.0 && n.fract() == 0.0 {
            msg.push_str(&format!(
                " For {raw}%, pass {}.",
                loopwright_guard::jsnum::number_to_string(n / 100.0)
            ));
        }
        Err(msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<ContextArgs, String> {
        parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn last_operation_wins_and_defaults_hold() {
        let a = p(&["--check", "--summary"]).unwrap();
        assert_eq!(a.operation, Operation::Summary);
        assert_eq!(p(&[]).unwrap().operation, Operation::Status);
        assert_eq!(p(&[]).unwrap().similarity_threshold, 0.85);
    }

    #[test]
    fn value_flags_consume_the_next_argument() {
        assert_eq!(
            p(&["--ledger", "--check"]).unwrap().ledger.as_deref(),
            Some("--check")
        );
        assert_eq!(
            p(&["--stagnation", "--json"]).unwrap_err(),
            "--stagnation must be a positive integer; got \"--json\"."
        );
    }

    #[test]
    fn rejects_what_would_silently_disable_the_breaker() {
        assert!(
            p(&["--check", "--stagnaton", "2"])
                .unwrap_err()
                .contains("--stagnaton")
        );
        assert!(
            p(&["--check", "--stagnation"])
                .unwrap_err()
                .contains("requires")
        );
        assert!(
            p(&["--similarity-threshold", "95"])
                .unwrap_err()
                .contains("0.95")
        );
        assert!(p(&["--similarity-threshold", "0"]).is_err());
        assert!(p(&["--similarity-threshold", "Infinity"]).is_err());
        assert!(p(&["--window", "2.5"]).is_err());
        assert!(p(&["--window", "0"]).is_err());
    }

    #[test]
    fn numeric_flags_accept_javascript_syntax() {
        assert_eq!(
            p(&["--max-iterations", "0x10"]).unwrap().max_iterations,
            16.0
        );
        assert_eq!(
            p(&["--max-iterations", "1e21"]).unwrap().max_iterations,
            1e21
        );
        assert_eq!(
            p(&["--similarity-threshold", ".5"])
                .unwrap()
                .similarity_threshold,
            0.5
        );
    }

    #[test]
    fn one_positional_is_the_ledger() {
        assert_eq!(
            p(&["run.json", "--check"]).unwrap().ledger.as_deref(),
            Some("run.json")
        );
        assert!(p(&["a.json", "b.json"]).is_err());
        assert!(p(&["a.json", "--ledger", "b.json"]).is_err());
        assert_eq!(p(&["-"]).unwrap().ledger, None);
    }

    #[test]
    fn help_stops_scanning_but_earlier_errors_win() {
        assert!(p(&["--help", "--stagnation", "nope"]).unwrap().help);
        assert!(p(&["--stagnation", "nope", "--help"]).is_err());
    }
}

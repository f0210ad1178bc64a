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
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        let mut next = || -> Option<&str> {
            let v = args.get(i).map(String::as_str);
            if v.is_some() {
                i += 1;
            }
            v
        };
        match arg {
            "-h" | "--help" => {
                out.help = true;
                return Ok(out);
            }
            "-f" | "--ledger" => out.ledger = non_empty(required(arg, next())?),
            "--check" => out.operation = Operation::Check,
            "--prune" => out.operation = Operation::Prune,
            "--inject" => out.operation = Operation::Inject,
            "--summary" => out.operation = Operation::Summary,
            "--status" => out.operation = Operation::Status,
            "--json" => out.json = true,
            "--max-iterations" => out.max_iterations = positive_int(arg, next())?,
            "--stagnation" => out.stagnation = positive_int(arg, next())?,
            "--no-progress" => out.no_progress = positive_int(arg, next())?,
            "--token-budget" => out.token_budget = Some(positive_int(arg, next())?),
            "--window" => out.window = positive_int(arg, next())?,
            "--max-trace-lines" => out.max_trace_lines = positive_int(arg, next())?,
            "--similarity-threshold" => out.similarity_threshold = fraction(arg, next())?,
            "--budget-from-pattern" => out.budget.from_pattern = non_empty(required(arg, next())?),
            "--budget-level" => out.budget.level = Some(required(arg, next())?),
            "--budget-scenario" => out.budget.scenario = Some(required(arg, next())?),
            "--budget-cadence" => out.budget.cadence = non_empty(required(arg, next())?),
            "--budget-conservative" => out.budget.conservative = true,
            "--daily-budget-from-pattern" => {
                out.budget.daily_from_pattern = non_empty(required(arg, next())?);
            }
            "--daily-state-dir" => out.budget.daily_state_dir = non_empty(required(arg, next())?),
            "--store" => out.budget.store = non_empty(required(arg, next())?),
            "--on-exceed" => out.budget.on_exceed = non_empty(required(arg, next())?),
            "--on-exceed-timeout" => {
                let raw = required(arg, next())?;
                let n = parse_js_number(&raw);
                if !(n.is_finite() && n > 0.0) {
                    return Err(format!(
                        "--on-exceed-timeout must be a positive number of seconds; got \"{raw}\"."
                    ));
                }
                out.budget.on_exceed_timeout = Some(n);
            }
            a if a.starts_with('-') && a != "-" => {
                return Err(format!(
                    "unknown flag {a:?}. Run `loop context --help` for the flags."
                ));
            }
            a => {
                if positional.is_some() {
                    return Err(format!(
                        "unexpected argument {a:?}: only one ledger path may be given."
                    ));
                }
                positional = Some(a.to_owned());
            }
        }
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

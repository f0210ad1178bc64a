//! The daily budget of `loop run`: `--daily-budget-from-pattern ID` makes every model call
//! reserve its estimated cost from the pattern's daily cap (the registry's, or `--daily-cap`)
//! before it is made and settle what it spent after it. The spend is shared with every loop of
//! the pattern: through `--store` / `$LOOP_STORE_URL` across machines, else through the files of
//! `--daily-state-dir` (the same files `loop context --daily-budget-from-pattern` keeps). A
//! refused reservation escalates (exit 2) before the call.

use anyhow::{Result, anyhow};
use clap::{Arg, ArgMatches, Command};
use loopwright_agent::DailyBudget;
use loopwright_guard::cost::{BudgetRequest, Registry, daily_cap};
use loopwright_store::daily::{DailySpend, validate_pattern_id};

/// Where daily-spend files go without `--daily-state-dir` (as for `loop context`).
const DEFAULT_STATE_DIR: &str = ".loop-context";

/// Adds the daily-budget flags to `loop run`.
pub fn args(c: Command) -> Command {
    c.arg(
        Arg::new("daily-budget-from-pattern")
            .long("daily-budget-from-pattern")
            .value_name("ID")
            .help("Reserve every model call from the daily token cap of pattern ID, shared by all its loops (the store of --store, else the files of --daily-state-dir); a refusal escalates (exit 2)"),
    )
    .arg(
        Arg::new("daily-cap")
            .long("daily-cap")
            .value_name("TOKENS")
            .requires("daily-budget-from-pattern")
            .value_parser(clap::value_parser!(u64).range(1..))
            .help("The daily cap in tokens instead of the pattern registry's"),
    )
    .arg(
        Arg::new("daily-state-dir")
            .long("daily-state-dir")
            .value_name("DIR")
            .requires("daily-budget-from-pattern")
            .help("Daily-spend files without a database store (default: .loop-context, as for loop context)"),
    )
}

/// The daily budget asked for, checked before the session is created; `None` without
/// `--daily-budget-from-pattern`.
pub fn budget(m: &ArgMatches) -> Result<Option<DailyBudget>> {
    let Some(id) = m
        .get_one::<String>("daily-budget-from-pattern")
        .filter(|s| !s.is_empty())
    else {
        return Ok(None);
    };
    validate_pattern_id(id).map_err(|e| anyhow!("--daily-budget-from-pattern: {e}"))?;
    let cap = match m.get_one::<u64>("daily-cap") {
        Some(c) => *c as f64,
        None => {
            let registry =
                Registry::embedded().map_err(|e| anyhow!("built-in pattern registry: {e}"))?;
            let req = BudgetRequest {
                pattern: id,
                level: None,
                scenario: None,
                cadence: None,
                conservative: false,
            };
            daily_cap(&registry, &req).map_err(|e| {
                anyhow!("--daily-budget-from-pattern {id}: {e} (or give the cap with --daily-cap)")
            })?
        }
    };
    let flag = m.get_one::<String>("store").map(String::as_str);
    let store: Box<dyn loopwright_store::DailyReservations> =
        match loopwright_store_pg::resolve(flag) {
            Some(url) => Box::new(loopwright_store_pg::PgStore::connect(&url)?),
            None => Box::new(DailySpend::new(
                m.get_one::<String>("daily-state-dir")
                    .map_or(DEFAULT_STATE_DIR, String::as_str),
            )),
        };
    let mut b = DailyBudget::new(store, id.clone(), cap);
    if let Some(n) = m.get_one::<u64>("max-output-tokens") {
        b.output_allowance = *n;
    }
    Ok(Some(b))
}

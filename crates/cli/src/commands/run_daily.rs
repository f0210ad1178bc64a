//! The daily budget of `loop run`: `--daily-budget-from-pattern ID` makes every model call
//! reserve its estimated cost from the pattern's daily cap (the registry's, or `--daily-cap`)
//! before it is made and settle what it spent after it. The spend is shared with every loop of
//! the pattern: through `--store` / `$LOOP_STORE_URL` across machines, else through the files of
//! `--daily-state-dir` (the same files `loop context --daily-budget-from-pattern` keeps). A
//! refused reservation escalates (exit 2) before the call.

use anyhow::{Result, anyhow};
use loopwright_agent::DailyBudget;
use loopwright_guard::cost::{BudgetRequest, Registry, daily_cap};
use loopwright_store::daily::{DailySpend, validate_pattern_id};

/// Where daily-spend files go without `--daily-state-dir` (as for `loop context`).
const DEFAULT_STATE_DIR: &str = ".loop-context";

/// The daily-budget flags of `loop run`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct DailyArgs {
    /// Reserve every model call from the daily token cap of pattern ID, shared by all its loops (the store of --store, else the files of --daily-state-dir); a refusal escalates (exit 2)
    #[arg(long, value_name = "ID")]
    pub daily_budget_from_pattern: Option<String>,
    /// The daily cap in tokens instead of the pattern registry's
    #[arg(long, value_name = "TOKENS", requires = "daily_budget_from_pattern", value_parser = clap::value_parser!(u64).range(1..))]
    pub daily_cap: Option<u64>,
    /// Daily-spend files without a database store (default: .loop-context, as for loop context)
    #[arg(long, value_name = "DIR", requires = "daily_budget_from_pattern")]
    pub daily_state_dir: Option<String>,
}

/// The daily budget asked for, checked before the session is created; `None` without
/// `--daily-budget-from-pattern`.
pub fn budget(
    a: &DailyArgs,
    store: &super::run_store::StoreArgs,
    max_output_tokens: Option<u64>,
) -> Result<Option<DailyBudget>> {
    let Some(id) = a
        .daily_budget_from_pattern
        .as_ref()
        .filter(|s| !s.is_empty())
    else {
        return Ok(None);
    };
    validate_pattern_id(id).map_err(|e| anyhow!("--daily-budget-from-pattern: {e}"))?;
    let cap = match a.daily_cap {
        Some(c) => c as f64,
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
    let store: Box<dyn loopwright_store::DailyReservations> = match store.url() {
        Some(url) => Box::new(loopwright_store_pg::PgStore::connect(&url)?),
        None => Box::new(DailySpend::new(
            a.daily_state_dir.as_deref().unwrap_or(DEFAULT_STATE_DIR),
        )),
    };
    let mut b = DailyBudget::new(store, id.clone(), cap);
    if let Some(n) = max_output_tokens {
        b.output_allowance = n;
    }
    Ok(Some(b))
}

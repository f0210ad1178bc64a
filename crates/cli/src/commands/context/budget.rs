//! Budgets sized from a loop pattern's cost profile: the per-run token budget
//! (`--budget-from-pattern`), the daily cap shared by all runs (`--daily-budget-from-pattern`)
//! and the escalation hook (`--on-exceed`).

use loopwright_guard::breaker::Decision;
use loopwright_protocol::ledger::Ledger;

use super::args::BudgetArgs;

/// The per-run token budget from `--budget-from-pattern`, if one was asked for.
pub fn resolve_token_budget(b: &BudgetArgs) -> Result<Option<f64>, String> {
    match &b.from_pattern {
        None => Ok(None),
        Some(id) => Err(format!("--budget-from-pattern {id}: pattern budgets are not built yet")),
    }
}

/// Applies the daily cap of `--daily-budget-from-pattern` to a breaker decision.
pub fn apply_daily_budget(b: &BudgetArgs, _ledger: &Ledger, d: Decision) -> Result<Decision, String> {
    match &b.daily_from_pattern {
        None => Ok(d),
        Some(id) => Err(format!("--daily-budget-from-pattern {id}: daily budgets are not built yet")),
    }
}

/// Runs the `--on-exceed` hook for an escalation.
pub fn run_on_exceed(b: &BudgetArgs, _d: &Decision) {
    if let Some(cmd) = &b.on_exceed {
        eprintln!("loop-context: --on-exceed hook {cmd:?} not run: hooks are not built yet");
    }
}

//! Token cost of loop patterns: the estimator behind `loop cost` and the pattern budgets of
//! `loop context` (`--budget-from-pattern`, `--daily-budget-from-pattern`).
//!
//! Pure: the registry is data (embedded or parsed from text the caller read), the estimate is
//! plain arithmetic in doubles in the reference's order, so every number matches loop-cost 1.2.0.

mod budget;
mod cadence;
mod format;
mod orchestration;
mod registry;
mod report;

pub use budget::{BudgetError, BudgetRequest, BudgetScenario, daily_cap, per_run_budget};
pub use cadence::{CadenceError, runs_per_day, runs_per_day_of_interval};
pub use format::{fmt_tokens, js_round, to_fixed_1};
pub use orchestration::Orchestration;
pub use registry::{CostBlock, Pattern, Registry, RegistryError, RegistryFormat};

use crate::jsnum::number_to_string;

/// Why an estimate could not be made. `Display` is loop-cost's exact error text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CostError {
    /// No pattern with this id.
    #[error("Unknown pattern: {0}. Use --list for ids.")]
    UnknownPattern(String),
    /// Level other than `L1`, `L2`, `L3`.
    #[error("Invalid level: {0}. Valid: L1, L2, L3")]
    InvalidLevel(String),
    /// `parallel:N` with N < 2 (N as printed).
    #[error("Invalid orchestration: parallel:N needs N>=2 (got {0}).")]
    ParallelTooSmall(String),
    /// `debate:R` with R < 1 (R as printed).
    #[error("Invalid orchestration: debate:R needs R>=1 (got {0}).")]
    DebateTooSmall(String),
    /// Any other orchestration text.
    #[error("Invalid orchestration: {0}. Valid: single, maker-checker, parallel:N, debate:R")]
    InvalidOrchestration(String),
    /// The registry entry has no `cost` block.
    #[error("Pattern {0} has no cost block in registry.")]
    NoCostBlock(String),
    /// The cadence spec is malformed or zero.
    #[error(transparent)]
    Cadence(#[from] CadenceError),
}

/// Readiness level: how much the loop is allowed to do unattended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Report only.
    L1,
    /// Small fixes with verification.
    L2,
    /// Unattended action.
    L3,
}

impl Level {
    /// Parses `L1`, `L2` or `L3` (case-sensitive).
    ///
    /// # Errors
    /// [`CostError::InvalidLevel`] naming the value.
    pub fn parse(s: &str) -> Result<Self, CostError> {
        match s {
            "L1" => Ok(Self::L1),
            "L2" => Ok(Self::L2),
            "L3" => Ok(Self::L3),
            _ => Err(CostError::InvalidLevel(s.to_owned())),
        }
    }

    /// `L1`, `L2` or `L3`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::L1 => "L1",
            Self::L2 => "L2",
            Self::L3 => "L3",
        }
    }

    /// Share of no-op, report and action runs, and how the report describes that mix.
    fn mix(self, early_exit: bool) -> (f64, f64, f64, &'static str) {
        match (self, early_exit) {
            (Self::L1, true) => (0.9, 0.1, 0.0, "L1: 90% early-exit, 10% full triage"),
            (Self::L1, false) => (0.6, 0.4, 0.0, "L1: 60% no-op, 40% full triage"),
            (Self::L2, true) => (
                0.85,
                0.1,
                0.05,
                "L2: 85% early-exit, 10% triage, 5% implementer+verifier",
            ),
            (Self::L2, false) => (0.5, 0.3, 0.2, "L2: 50% no-op, 30% triage, 20% action"),
            (Self::L3, _) => (
                0.4,
                0.35,
                0.25,
                "L3: 40% no-op, 35% triage, 25% action (unattended — monitor closely)",
            ),
        }
    }
}

/// What to estimate.
#[derive(Debug, Clone, Default)]
pub struct EstimateRequest<'a> {
    /// Pattern id.
    pub pattern: &'a str,
    /// Level text (`L1`…`L3`); `None` is `L1`.
    pub level: Option<&'a str>,
    /// Cadence override; `None` or empty uses the pattern's cadence.
    pub cadence: Option<&'a str>,
    /// Use the slowest part of a cadence range instead of the fastest.
    pub conservative: bool,
    /// Orchestration mode text; `None` is `single`.
    pub orchestration: Option<&'a str>,
    /// Add the prompt-caching scenario (when the pattern has a stable fraction).
    pub with_caching: bool,
}

/// Tokens per run and per day of one scenario.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scenario {
    /// Tokens of one run.
    pub tokens_per_run: f64,
    /// Tokens of one day at the cadence.
    pub tokens_per_day: f64,
}

/// The prompt-caching scenario.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Caching {
    /// Tokens of one realistic run with the stable part cached (cached tokens count 10%).
    pub tokens_per_run: f64,
    /// Tokens of one day.
    pub tokens_per_day: f64,
    /// Percent saved against the realistic blend (NaN when the blend is 0).
    pub savings_percent: f64,
}

/// A cost estimate, field for field loop-cost's JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Pattern id.
    pub pattern_id: String,
    /// Pattern display name.
    pub pattern_name: String,
    /// The cadence spec used (the override if one was given).
    pub cadence: String,
    /// Readiness level.
    pub level: Level,
    /// Runs per day at that cadence (fractional below one run a day).
    pub runs_per_day: f64,
    /// Registry cost tier.
    pub token_cost_tier: String,
    /// The pattern's suggested daily cap.
    pub suggested_daily_cap: f64,
    /// Whether early exit is required.
    pub early_exit_required: bool,
    /// Orchestration mode and multiplier.
    pub orchestration: Orchestration,
    /// Every run exits early.
    pub noop: Scenario,
    /// Every run writes a report.
    pub report: Scenario,
    /// Every run acts (action cost × orchestration multiplier).
    pub action: Scenario,
    /// The level's mix of the three (per-run value rounded).
    pub realistic: Scenario,
    /// How the realistic mix was assumed.
    pub assumptions: &'static str,
    /// The caching scenario, when asked for and the pattern has a stable fraction.
    pub caching: Option<Caching>,
    /// Warnings, in the reference order.
    pub warnings: Vec<String>,
}

/// Estimates the token cost of a pattern.
///
/// Checks run in loop-cost's order: pattern, level, orchestration, cost block, cadence.
///
/// # Errors
/// [`CostError`] with loop-cost's message.
pub fn estimate(registry: &Registry, req: &EstimateRequest<'_>) -> Result<Estimate, CostError> {
    let pattern = registry
        .get(req.pattern)
        .ok_or_else(|| CostError::UnknownPattern(req.pattern.to_owned()))?;
    let level = Level::parse(req.level.unwrap_or("L1"))?;
    let orchestration = Orchestration::parse(req.orchestration)?;
    let c = pattern
        .cost
        .as_ref()
        .ok_or_else(|| CostError::NoCostBlock(pattern.id.clone()))?;
    let cadence = match req.cadence {
        Some(s) if !s.is_empty() => s,
        _ => pattern.cadence.as_str(),
    };
    let runs = runs_per_day(cadence, req.conservative)?;
    let m = orchestration.multiplier;
    // Whole runs keep the reference's exact products; fractional runs round to whole tokens.
    let per_day = |tokens: f64| {
        let t = tokens * runs;
        if runs.fract() == 0.0 { t } else { js_round(t) }
    };

    let action_per_run = js_round(c.tokens_action * m);
    let (mix_noop, mix_report, mix_action, assumptions) = level.mix(c.early_exit_required);
    let real_per_run =
        (c.tokens_noop * mix_noop + c.tokens_report * mix_report) + action_per_run * mix_action;
    let real_day = js_round(real_per_run * runs);
    let caching = if req.with_caching {
        caching(c, real_per_run, runs)
    } else {
        None
    };
    let action_day = per_day(action_per_run);

    let cap = c.suggested_daily_cap;
    let warnings = warnings(c, runs, action_day, real_day, &orchestration);

    Ok(Estimate {
        pattern_id: pattern.id.clone(),
        pattern_name: pattern.name.clone(),
        cadence: cadence.to_owned(),
        level,
        runs_per_day: runs,
        token_cost_tier: pattern.token_cost.clone(),
        suggested_daily_cap: cap,
        early_exit_required: c.early_exit_required,
        orchestration,
        noop: Scenario {
            tokens_per_run: c.tokens_noop,
            tokens_per_day: per_day(c.tokens_noop),
        },
        report: Scenario {
            tokens_per_run: c.tokens_report,
            tokens_per_day: per_day(c.tokens_report),
        },
        action: Scenario {
            tokens_per_run: action_per_run,
            tokens_per_day: action_day,
        },
        realistic: Scenario {
            tokens_per_run: js_round(real_per_run),
            tokens_per_day: real_day,
        },
        assumptions,
        caching,
        warnings,
    })
}

/// The prompt-caching scenario of a realistic run, when the pattern has a stable fraction.
fn caching(c: &CostBlock, real_per_run: f64, runs: f64) -> Option<Caching> {
    let f = c.stable_fraction.filter(|f| *f != 0.0)?;
    let stable = real_per_run * f;
    let variable = real_per_run - stable;
    let cached_run = js_round(variable + stable * 0.1);
    Some(Caching {
        tokens_per_run: cached_run,
        tokens_per_day: js_round(cached_run * runs),
        savings_percent: js_round((1.0 - cached_run / real_per_run) * 100.0),
    })
}

/// The estimate's warnings, in the reference order.
fn warnings(
    c: &CostBlock,
    runs: f64,
    action_day: f64,
    real_day: f64,
    orchestration: &Orchestration,
) -> Vec<String> {
    let cap = c.suggested_daily_cap;
    let m = orchestration.multiplier;
    let mut warnings = Vec::new();
    if c.early_exit_required {
        warnings.push(
            "Early-exit triage is required — empty watchlist should exit in <5k tokens.".to_owned(),
        );
    }
    if action_day > cap {
        warnings.push(format!(
            "Worst case (action every run) exceeds suggested cap ({}/day).",
            fmt_tokens(cap)
        ));
    }
    if real_day > cap {
        warnings.push(
            "Realistic estimate exceeds suggested daily cap — slow cadence or tighten scope."
                .to_owned(),
        );
    }
    if runs >= 96.0 {
        warnings.push(format!(
            "High cadence ({} runs/day) — verify early-exit is working.",
            number_to_string(runs)
        ));
    }
    if m > 2.0 {
        warnings.push(format!(
            "Orchestration {} multiplies action cost {}x — confirm the fan-out or debate depth is justified.",
            orchestration.mode,
            number_to_string(m)
        ));
    }
    warnings
}

#[cfg(test)]
mod tests;

//! Token budgets derived from a pattern: the per-run budget of `--budget-from-pattern` and the
//! daily cap of `--daily-budget-from-pattern`, computed in-process.

use super::{CostError, EstimateRequest, Registry, estimate};

/// Which scenario's tokens-per-run becomes the per-run budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BudgetScenario {
    /// The level's realistic blend (rounded), the default.
    Realistic,
    /// An action run.
    Action,
    /// A report run.
    Report,
    /// The realistic blend with prompt caching.
    Caching,
}

impl BudgetScenario {
    /// Parses `realistic`, `action`, `report` or `caching`; `None` is `realistic`.
    ///
    /// # Errors
    /// [`BudgetError::InvalidScenario`].
    pub fn parse(s: Option<&str>) -> Result<Self, BudgetError> {
        match s {
            None | Some("realistic") => Ok(Self::Realistic),
            Some("action") => Ok(Self::Action),
            Some("report") => Ok(Self::Report),
            Some("caching") => Ok(Self::Caching),
            Some(other) => Err(BudgetError::InvalidScenario(other.to_owned())),
        }
    }

    /// The scenario's name in loop-cost's JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Realistic => "realistic",
            Self::Action => "action",
            Self::Report => "report",
            Self::Caching => "caching",
        }
    }
}

/// Why a pattern budget could not be resolved. `Display` is loop-context's message (without the
/// `loop-context failed: ` prefix).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BudgetError {
    /// `--budget-scenario` is not one of the four.
    #[error("Invalid --budget-scenario: {0}. Valid: realistic, action, report, caching")]
    InvalidScenario(String),
    /// The estimate failed (unknown pattern, level, cadence…), with loop-cost's message.
    #[error(transparent)]
    Cost(#[from] CostError),
    /// The caching scenario was asked for but the pattern has no stable fraction.
    #[error(
        "loop-cost output missing scenarios.caching.tokensPerRun. This pattern may be missing stable_fraction in registry.yaml."
    )]
    NoCachingScenario,
}

/// A pattern budget lookup, as the `--budget-*` flags of `loop context` give it.
#[derive(Debug, Clone, Copy, Default)]
pub struct BudgetRequest<'a> {
    /// `--budget-from-pattern` / `--daily-budget-from-pattern` id.
    pub pattern: &'a str,
    /// `--budget-level` (`None` is `L1`).
    pub level: Option<&'a str>,
    /// `--budget-scenario` (`None` is `realistic`; ignored by [`daily_cap`]).
    pub scenario: Option<&'a str>,
    /// `--budget-cadence` (`None`/empty: the pattern's cadence). Only validated: the per-run
    /// values do not depend on it.
    pub cadence: Option<&'a str>,
    /// `--budget-conservative`.
    pub conservative: bool,
}

/// Per-run token budget: `scenarios[scenario].tokensPerRun` of the pattern's estimate.
///
/// # Errors
/// [`BudgetError`]; the scenario is checked before the pattern.
pub fn per_run_budget(registry: &Registry, req: &BudgetRequest<'_>) -> Result<f64, BudgetError> {
    let scenario = BudgetScenario::parse(req.scenario)?;
    let est = estimate(
        registry,
        &EstimateRequest {
            pattern: req.pattern,
            level: req.level,
            cadence: req.cadence,
            conservative: req.conservative,
            orchestration: None,
            with_caching: scenario == BudgetScenario::Caching,
        },
    )?;
    Ok(match scenario {
        BudgetScenario::Realistic => est.realistic.tokens_per_run,
        BudgetScenario::Action => est.action.tokens_per_run,
        BudgetScenario::Report => est.report.tokens_per_run,
        BudgetScenario::Caching => {
            est.caching
                .ok_or(BudgetError::NoCachingScenario)?
                .tokens_per_run
        }
    })
}

/// Daily token cap of a pattern (`suggestedDailyCap`), after the same checks as a per-run lookup
/// (pattern, level, cadence; never the caching scenario).
///
/// # Errors
/// [`BudgetError::Cost`].
pub fn daily_cap(registry: &Registry, req: &BudgetRequest<'_>) -> Result<f64, BudgetError> {
    let est = estimate(
        registry,
        &EstimateRequest {
            pattern: req.pattern,
            level: req.level,
            cadence: req.cadence,
            conservative: req.conservative,
            orchestration: None,
            with_caching: false,
        },
    )?;
    Ok(est.suggested_daily_cap)
}

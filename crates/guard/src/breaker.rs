//! The circuit breaker: decides from a ledger whether a loop may try again or must escalate.
//!
//! Checks run in a fixed order and the first hit wins: stagnation (the same error again and
//! again), frustration (the same action again and again), no progress (a long run of failures),
//! token budget, iteration cap. A daily budget (checked by the caller, across runs) has the
//! lowest priority.

use std::borrow::Cow;
use std::collections::HashMap;

use loopwright_protocol::ledger::{Attempt, Ledger, Outcome};

use crate::jsnum::number_to_string as num;
use crate::signature::signature;
use crate::similarity::TrigramCache;

/// The frustration threshold: fixed at 3, as in the reference (it has no flag).
pub const FRUSTRATION_THRESHOLD: f64 = 3.0;

/// Breaker limits. Counts are doubles because the command line accepts any JavaScript number.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakerConfig {
    /// Escalate once the ledger has this many attempts.
    pub max_iterations: f64,
    /// Escalate when the same error signature repeats this many times in a row.
    pub stagnation_threshold: f64,
    /// Escalate when similar actions repeat this many times in a failing run.
    pub frustration_threshold: f64,
    /// Escalate after this many consecutive failures.
    pub no_progress_threshold: f64,
    /// Escalate once the token total reaches this budget.
    pub token_budget: Option<f64>,
    /// Two signatures or actions are "the same" when their similarity is at least this.
    pub similarity_threshold: f64,
}

impl Default for BreakerConfig {
    fn default() -> Self {
        BreakerConfig {
            max_iterations: 10.0,
            stagnation_threshold: 3.0,
            frustration_threshold: FRUSTRATION_THRESHOLD,
            no_progress_threshold: 5.0,
            token_budget: None,
            similarity_threshold: 0.85,
        }
    }
}

/// Why the breaker decided what it decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trigger {
    /// Within limits.
    Ok,
    /// The same error repeated.
    Stagnation,
    /// The same action repeated.
    Frustration,
    /// Too many consecutive failures.
    NoProgress,
    /// The per-run token budget is spent.
    TokenBudget,
    /// The daily token cap of a pattern is spent.
    DailyBudget,
    /// The iteration cap is reached.
    MaxIterations,
}

impl Trigger {
    /// The ledger/CLI spelling (`ok`, `stagnation`, `no-progress`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Trigger::Ok => "ok",
            Trigger::Stagnation => "stagnation",
            Trigger::Frustration => "frustration",
            Trigger::NoProgress => "no-progress",
            Trigger::TokenBudget => "token-budget",
            Trigger::DailyBudget => "daily-budget",
            Trigger::MaxIterations => "max-iterations",
        }
    }
}

/// The breaker's decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// Number of attempts in the ledger.
    pub iterations: usize,
    /// Token total of the ledger.
    pub tokens_used: f64,
    /// `!escalate`.
    pub should_continue: bool,
    /// Whether the loop must stop and escalate to a human.
    pub escalate: bool,
    /// What decided.
    pub trigger: Trigger,
    /// A sentence for humans and prompts.
    pub reason: String,
}

impl Decision {
    fn new(ledger: &Ledger, tokens: f64, trigger: Trigger, reason: String) -> Self {
        let escalate = trigger != Trigger::Ok;
        Decision {
            iterations: ledger.attempts.len(),
            tokens_used: tokens,
            should_continue: !escalate,
            escalate,
            trigger,
            reason,
        }
    }
}

/// Sum of `tokensUsed` (missing counts 0), folded left to right like the reference.
pub fn token_total(attempts: &[Attempt]) -> f64 {
    attempts
        .iter()
        .fold(0.0, |acc, a| acc + a.tokens_used.unwrap_or(0.0))
}

/// The longest suffix of attempts whose outcome is `failure`.
pub fn trailing_failures(attempts: &[Attempt]) -> &[Attempt] {
    let start = attempts
        .iter()
        .rposition(|a| a.outcome != Outcome::Failure)
        .map_or(0, |i| i + 1);
    &attempts[start..]
}

/// Counts how many leading keys (walking a failure run from its end) are similar to the first
/// one; returns the count and that first key.
fn similar_tail<'a>(
    mut keys: impl Iterator<Item = Cow<'a, str>>,
    threshold: f64,
) -> (usize, String) {
    let Some(target) = keys.next() else {
        return (0, String::new());
    };
    let target = target.into_owned();
    let mut cache = TrigramCache::new();
    let mut verdicts: HashMap<Cow<'a, str>, bool> = HashMap::new();
    let mut count = usize::from(cache.similar(&target, &target, threshold));
    if count == 0 {
        return (0, target);
    }
    for k in keys {
        let same = match verdicts.get(&k) {
            Some(v) => *v,
            None => {
                let v = cache.similar(&k, &target, threshold);
                verdicts.insert(k, v);
                v
            }
        };
        if !same {
            break;
        }
        count += 1;
    }
    (count, target)
}

/// Decides whether the loop may continue.
pub fn decide(ledger: &Ledger, config: &BreakerConfig) -> Decision {
    let tokens = token_total(&ledger.attempts);
    let run = trailing_failures(&ledger.attempts);
    let run_len = run.len() as f64;
    let threshold = config.similarity_threshold;

    if run_len >= config.stagnation_threshold {
        let mut sigs: HashMap<&str, String> = HashMap::new();
        let keys = run
            .iter()
            .rev()
            .map(|a| Cow::Owned(sigs_get(&mut sigs, a.error_text())));
        let (count, last_sig) = similar_tail(keys, threshold);
        if count as f64 >= config.stagnation_threshold {
            let reason = format!(
                "Same error repeated {}× in a row (threshold {}): \"{last_sig}\". Escalating instead of retrying.",
                count,
                num(config.stagnation_threshold)
            );
            return Decision::new(ledger, tokens, Trigger::Stagnation, reason);
        }
    }
    if run_len >= config.frustration_threshold {
        let keys = run.iter().rev().map(|a| Cow::Borrowed(a.action()));
        let (count, last_action) = similar_tail(keys, threshold);
        if count as f64 >= config.frustration_threshold {
            let reason = format!(
                "Semantic looping detected: agent repeated highly similar action {}× in a row (threshold {}): \"{last_action}\". Escalating.",
                count,
                num(config.frustration_threshold)
            );
            return Decision::new(ledger, tokens, Trigger::Frustration, reason);
        }
    }
    if run_len >= config.no_progress_threshold {
        let reason = format!(
            "{} consecutive failures with no progress (threshold {}). Escalating.",
            run.len(),
            num(config.no_progress_threshold)
        );
        return Decision::new(ledger, tokens, Trigger::NoProgress, reason);
    }
    if let Some(budget) = config.token_budget
        && tokens >= budget
    {
        let reason = format!(
            "Token budget reached ({} ≥ {}). Escalating to avoid cost blowup.",
            num(tokens),
            num(budget)
        );
        return Decision::new(ledger, tokens, Trigger::TokenBudget, reason);
    }
    let n = ledger.attempts.len() as f64;
    if n >= config.max_iterations {
        let reason = format!(
            "Iteration cap reached ({} ≥ {}). Escalating.",
            num(n),
            num(config.max_iterations)
        );
        return Decision::new(ledger, tokens, Trigger::MaxIterations, reason);
    }
    Decision::new(
        ledger,
        tokens,
        Trigger::Ok,
        "Within limits — cleared to continue.".to_owned(),
    )
}

/// Signature of `error`, memoised per distinct error text.
fn sigs_get<'a>(memo: &mut HashMap<&'a str, String>, error: &'a str) -> String {
    memo.entry(error)
        .or_insert_with(|| signature(error))
        .clone()
}

#[cfg(test)]
mod tests;

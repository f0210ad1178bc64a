//! The run ledger beside the session, the circuit breaker over it, nudges and hand-off reports.
//!
//! Each step becomes one attempt of a loop-context ledger
//! (`.loop/sessions/<id>.ledger.json`: action, outcome, error, tokens), so
//! `loop context --status --ledger` works on any run. The breaker of `loopwright-guard` looks
//! at the attempts since the last nudge.

use loopwright_guard::breaker::{BreakerConfig, Decision, decide};
use loopwright_guard::prune::{PruneConfig, prune_attempts};
use loopwright_guard::report::{inject_text, summary_text};
use loopwright_guard::summary::summarize;
use loopwright_protocol::json::to_string_pretty;
use loopwright_protocol::ledger::{Attempt, Ledger, Outcome};
use loopwright_store::{LedgerStore, LedgerStoreError};

use crate::state::StepRecord;
use crate::tools::clip;

/// Most steps handed to the breaker (every threshold must be below this).
pub const BREAKER_TAIL: usize = 64;

/// Longest error text stored per attempt.
const MAX_ERROR_CHARS: usize = 1_500;

/// The ledger attempt of one step.
pub fn attempt(rec: &StepRecord) -> Attempt {
    let action = if rec.results.is_empty() {
        if rec.call_keys.is_empty() {
            format!("reply: {}", clip(rec.text.trim(), 120))
        } else {
            String::from("(no result)")
        }
    } else {
        rec.results
            .iter()
            .map(|r| r.action.as_str())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let (outcome, error) = match rec.first_failure() {
        Some(f) => (Outcome::Failure, Some(error_excerpt(&f.content))),
        None if rec.call_keys.is_empty() => (Outcome::Noop, None),
        None => (Outcome::Success, None),
    };
    Attempt::new(rec.step, action, outcome, error, rec.tokens)
}

/// The lines of an observation that say what went wrong: those naming an error, a failure,
/// a denial or a timeout (at most 20), or else the last 10 lines.
pub fn error_excerpt(content: &str) -> String {
    let marks = [
        "error",
        "fail",
        "denied",
        "not approved",
        "not found",
        "panic",
        "exception",
        "timed out",
        "invalid",
        "cannot",
        "no such",
        "interrupted",
        "exit code",
    ];
    let picked: Vec<&str> = content
        .lines()
        .filter(|l| {
            let low = l.to_ascii_lowercase();
            marks.iter().any(|m| low.contains(m))
        })
        .take(20)
        .collect();
    let text = if picked.is_empty() {
        let lines: Vec<&str> = content.lines().collect();
        lines[lines.len().saturating_sub(10)..].join("\n")
    } else {
        picked.join("\n")
    };
    clip(&text, MAX_ERROR_CHARS)
}

/// The run ledger of `records`, built from typed attempts.
pub fn ledger(goal: &str, records: &[StepRecord]) -> Ledger {
    Ledger {
        goal: goal.to_string(),
        started_at: None,
        attempts: records.iter().map(attempt).collect(),
    }
}

/// Saves the ledger of session `id`. It is derived from the session log and rewritten after
/// every step; after a failed write or a crash the next step rewrites it.
///
/// # Errors
/// When the store cannot write it.
pub fn write_ledger(
    store: &dyn LedgerStore,
    id: &str,
    goal: &str,
    records: &[StepRecord],
) -> Result<(), LedgerStoreError> {
    let mut text = to_string_pretty(&ledger(goal, records).to_value());
    text.push('\n');
    store.save_run_ledger(id, &text)
}

/// The breaker configuration of a run: the loop's own limits handle steps and tokens.
pub fn run_breaker_config() -> BreakerConfig {
    BreakerConfig {
        max_iterations: f64::INFINITY,
        token_budget: None,
        ..BreakerConfig::default()
    }
}

/// The breaker's decision over the steps of the window.
///
/// Only the trailing run of failing steps (and the step before it) can trip the breaker when
/// the iteration cap and token budget are off (as in [`run_breaker_config`]), so at most the
/// last [`BREAKER_TAIL`] steps are handed to it: the cost per step stays flat as a run grows.
pub fn check(goal: &str, window: &[StepRecord], config: &BreakerConfig) -> Option<Decision> {
    let complete: Vec<&StepRecord> = window.iter().filter(|r| r.is_complete()).collect();
    let failing = complete
        .iter()
        .rev()
        .take_while(|r| r.first_failure().is_some())
        .count();
    let keep = (failing + 1).min(BREAKER_TAIL).min(complete.len());
    let tail: Vec<StepRecord> = complete[complete.len() - keep..]
        .iter()
        .map(|r| (*r).clone())
        .collect();
    Some(decide(&ledger(goal, &tail), config))
}

/// The one nudge the model gets on the first trip: the reason and the loop-context block.
pub fn nudge_text(
    goal: &str,
    reason: &str,
    records: &[StepRecord],
    config: &BreakerConfig,
) -> String {
    let mut s = format!(
        "[loop guard] Your run looks stuck: {reason}.\nStop repeating what failed. Re-read the errors, change your approach, and if the task cannot be done, call finish and say why. Another trip stops the run.\n"
    );
    {
        let l = ledger(goal, records);
        let summary = summarize(&l, config.similarity_threshold);
        let decision = decide(&l, config);
        let pruned = prune_attempts(&l, &PruneConfig::default());
        s.push('\n');
        s.push_str(&inject_text(
            goal,
            &summary,
            &decision,
            &pruned,
            records.len() as f64,
        ));
    }
    s
}

/// The hand-off report written when a run escalates or hits a limit.
pub fn handoff_report(
    id: &str,
    goal: &str,
    why: &str,
    records: &[StepRecord],
    resume: &str,
) -> String {
    let mut s = format!(
        "# loop run stopped: {why}\n\nSession: {id}\nResume: {resume}\n\n## Goal\n\n{goal}\n\n## What was tried\n\n"
    );
    let l = ledger(goal, records);
    if l.attempts.is_empty() {
        s.push_str("Nothing yet.\n");
    } else {
        s.push_str(&summary_text(&summarize(&l, 0.85)));
        s.push('\n');
    }
    if let Some(f) = records.iter().rev().find_map(StepRecord::first_failure) {
        s.push_str(&format!(
            "\n## Last error\n\n`{}`\n\n```\n{}\n```\n",
            f.action,
            clip(&f.content, 3_000)
        ));
    }
    s
}

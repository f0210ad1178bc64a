//! The summary of a run: counts, token total, distinct error groups, actions tried.

use std::collections::HashMap;

use loopwright_protocol::json::{Object, Value};
use loopwright_protocol::ledger::{Ledger, Outcome};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::breaker::token_total;
use crate::grouping::first_fit_groups;
use crate::signature::signature;
use crate::text::js_trim;

/// A group of similar errors.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorGroup {
    /// Signature of the first error of the group.
    pub signature: String,
    /// How many failures fell into the group.
    pub count: u64,
    /// First line of the first error of the group, trimmed.
    pub sample: String,
}

/// The summary of a ledger.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Number of attempts.
    pub total_attempts: usize,
    /// Attempts that succeeded.
    pub successes: usize,
    /// Attempts that failed.
    pub failures: usize,
    /// Attempts that found nothing to do.
    pub noops: usize,
    /// Token total.
    pub tokens_used: f64,
    /// Error groups, most frequent first (ties keep the order they were first seen in).
    pub distinct_errors: Vec<ErrorGroup>,
    /// Distinct actions in the order first tried.
    pub actions_tried: Vec<String>,
}

/// Summarises a ledger; errors join the first group (in creation order) whose signature is at
/// least `similarity_threshold` similar to theirs.
pub fn summarize(ledger: &Ledger, similarity_threshold: f64) -> Summary {
    let mut seen_actions: FxHashSet<&str> = FxHashSet::default();
    let mut actions_tried = Vec::new();
    let (mut successes, mut failures, mut noops) = (0, 0, 0);
    // Distinct signatures, and for each failure with an error: (signature index, error).
    let mut sig_index: FxHashMap<String, usize> = FxHashMap::default();
    let mut signatures: Vec<String> = Vec::new();
    let mut sequence: Vec<usize> = Vec::new();
    let mut errors: Vec<&str> = Vec::new();
    for a in &ledger.attempts {
        if seen_actions.insert(a.action()) {
            actions_tried.push(a.action().to_owned());
        }
        match a.outcome {
            Outcome::Success => successes += 1,
            Outcome::Noop => noops += 1,
            Outcome::Failure => {
                failures += 1;
                let Some(error) = a.error().filter(|e| !e.is_empty()) else {
                    continue;
                };
                let sig = signature(error);
                let id = match sig_index.get(&sig) {
                    Some(&id) => id,
                    None => {
                        let id = signatures.len();
                        sig_index.insert(sig.clone(), id);
                        signatures.push(sig);
                        id
                    }
                };
                sequence.push(id);
                errors.push(error);
            }
        }
    }
    let mut groups: Vec<ErrorGroup> = Vec::new();
    if similarity_threshold <= 1.0 {
        let (assigned, _) = first_fit_groups(&signatures, &sequence, similarity_threshold);
        for (g, (&sig, error)) in assigned.iter().zip(sequence.iter().zip(&errors)) {
            if *g == groups.len() {
                groups.push(new_group(signatures[sig].clone(), error));
            } else {
                groups[*g].count += 1;
            }
        }
    } else {
        // Nothing is similar enough; a repeated signature restarts its group in place.
        let mut slot: HashMap<usize, usize> = HashMap::new();
        for (&sig, error) in sequence.iter().zip(&errors) {
            let group = new_group(signatures[sig].clone(), error);
            match slot.get(&sig) {
                Some(&i) => groups[i] = group,
                None => {
                    slot.insert(sig, groups.len());
                    groups.push(group);
                }
            }
        }
    }
    groups.sort_by_key(|g| std::cmp::Reverse(g.count));
    Summary {
        total_attempts: ledger.attempts.len(),
        successes,
        failures,
        noops,
        tokens_used: token_total(&ledger.attempts),
        distinct_errors: groups,
        actions_tried,
    }
}

fn new_group(signature: String, error: &str) -> ErrorGroup {
    let first = error.split('\n').next().unwrap_or("");
    ErrorGroup {
        signature,
        count: 1,
        sample: js_trim(first).to_owned(),
    }
}

impl Summary {
    /// The JSON the reference prints for `--summary --json`.
    pub fn to_json(&self) -> Value {
        let mut o = Object::new();
        o.insert("totalAttempts", Value::Number(self.total_attempts as f64));
        o.insert("successes", Value::Number(self.successes as f64));
        o.insert("failures", Value::Number(self.failures as f64));
        o.insert("noops", Value::Number(self.noops as f64));
        o.insert("tokensUsed", Value::Number(self.tokens_used));
        let groups = self
            .distinct_errors
            .iter()
            .map(|g| {
                let mut e = Object::new();
                e.insert("signature", Value::String(g.signature.clone()));
                e.insert("count", Value::Number(g.count as f64));
                e.insert("sample", Value::String(g.sample.clone()));
                Value::Object(e)
            })
            .collect();
        o.insert("distinctErrors", Value::Array(groups));
        o.insert(
            "actionsTried",
            Value::Array(
                self.actions_tried
                    .iter()
                    .cloned()
                    .map(Value::String)
                    .collect(),
            ),
        );
        Value::Object(o)
    }
}

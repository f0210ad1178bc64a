//! Pruning: the last few attempts, long traces cut, repeated failures collapsed into one entry.

use loopwright_protocol::json::{Object, Value};
use loopwright_protocol::ledger::{Ledger, Outcome};

use crate::jsnum::number_to_string as num;
use crate::signature::signature;
use crate::similarity::TrigramCache;
use crate::text::{js_trim, js_trim_end};

/// Pruning limits.
#[derive(Debug, Clone, PartialEq)]
pub struct PruneConfig {
    /// Attempts kept (the most recent ones).
    pub window: f64,
    /// Lines of an error kept.
    pub max_trace_lines: f64,
    /// Consecutive failures whose pruned error signatures are at least this similar collapse.
    pub similarity_threshold: f64,
}

impl Default for PruneConfig {
    fn default() -> Self {
        PruneConfig {
            window: 5.0,
            max_trace_lines: 8.0,
            similarity_threshold: 0.85,
        }
    }
}

/// Cuts a trace to its first `max_lines` lines (split on `\n`), saying how many were dropped.
/// A trace that fits is trimmed at both ends; a cut one keeps its leading indentation.
///
/// ```
/// use loopwright_guard::prune::prune_trace;
/// assert_eq!(prune_trace("a\nb\nc", 2.0), "a\nb\n  … (1 more line pruned)");
/// assert_eq!(prune_trace("  a\n", 8.0), "a");
/// ```
pub fn prune_trace(trace: &str, max_lines: f64) -> String {
    let pieces = trace.split('\n').count();
    if pieces as f64 <= max_lines {
        return js_trim(trace).to_owned();
    }
    // max_lines < pieces, so it fits in usize.
    let keep = max_lines as usize;
    let head_end = trace
        .match_indices('\n')
        .nth(keep.saturating_sub(1))
        .map_or(trace.len(), |(i, _)| i);
    let head = if keep == 0 { "" } else { &trace[..head_end] };
    let more = pieces - keep;
    let s = if more == 1 { "" } else { "s" };
    format!(
        "{}\n  … ({} more line{s} pruned)",
        js_trim_end(head),
        num(more as f64)
    )
}

/// The pruned ledger as JSON: `goal`, `startedAt` (when present), `attempts`.
pub fn prune(ledger: &Ledger, config: &PruneConfig) -> Value {
    let mut top = Object::new();
    top.insert("goal", Value::String(ledger.goal.clone()));
    if let Some(started) = &ledger.started_at {
        top.insert("startedAt", started.clone());
    }
    top.insert(
        "attempts",
        Value::Array(
            prune_attempts(ledger, config)
                .into_iter()
                .map(Value::Object)
                .collect(),
        ),
    );
    Value::Object(top)
}

/// The pruned, collapsed window of attempts, each as its (shallow-copied) JSON object.
pub fn prune_attempts(ledger: &Ledger, config: &PruneConfig) -> Vec<Object> {
    let n = ledger.attempts.len();
    let keep = if config.window >= n as f64 {
        n
    } else {
        config.window.max(0.0) as usize
    };
    let mut cache = TrigramCache::new();
    let mut out: Vec<(Object, Outcome)> = Vec::new();
    let mut prev_sig: Option<String> = None;
    for a in &ledger.attempts[n - keep..] {
        let mut copy = a.fields.clone();
        if let Some(Value::String(e)) = copy.get("error") {
            let pruned = prune_trace(e, config.max_trace_lines);
            copy.insert("error", Value::String(pruned));
        }
        let sig = signature(error_of(&copy));
        let collapse = match (out.last(), &prev_sig) {
            (Some((_, Outcome::Failure)), Some(ps)) if a.outcome == Outcome::Failure => {
                cache.similar(ps, &sig, config.similarity_threshold)
            }
            _ => false,
        };
        if let (true, Some((prev, _))) = (collapse, out.last_mut()) {
            let repeated = prev.get("repeated").and_then(Value::as_f64).unwrap_or(1.0);
            prev.insert("repeated", Value::Number(repeated + 1.0));
            match copy.get("iteration") {
                Some(it) => prev.insert("iteration", it.clone()),
                None => {
                    prev.remove("iteration");
                }
            }
        } else {
            out.push((copy, a.outcome));
            prev_sig = Some(sig);
        }
    }
    out.into_iter().map(|(o, _)| o).collect()
}

/// The error text of a (pruned) attempt object, `""` when missing or null.
pub fn error_of(attempt: &Object) -> &str {
    attempt.get("error").and_then(Value::as_str).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prune_trace_boundaries() {
        assert_eq!(prune_trace("a\nb", 2.0), "a\nb");
        assert_eq!(prune_trace("a\nb\n", 2.0), "a\nb\n  … (1 more line pruned)");
        assert_eq!(
            prune_trace("a\nb\nc\nd", 1.0),
            "a\n  … (3 more lines pruned)"
        );
        assert_eq!(
            prune_trace("  x  \n y\nz", 2.0),
            "  x  \n y\n  … (1 more line pruned)"
        );
        assert_eq!(
            prune_trace("a\r\nb\r\nc", 2.0),
            "a\r\nb\n  … (1 more line pruned)"
        );
        assert_eq!(prune_trace("x", 1e21), "x");
    }
}

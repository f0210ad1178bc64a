//! The texts people and models read: the summary, the status view, the check line and the
//! injection block for the next prompt. Lone surrogates are left in place; the writer decides
//! how to print them.

use loopwright_protocol::json::{Object, Value};

use crate::breaker::Decision;
use crate::jsnum::number_to_string as num;
use crate::prune::error_of;
use crate::summary::Summary;

/// The human summary (`--summary`), lines joined with `\n`, no trailing newline.
pub fn summary_text(s: &Summary) -> String {
    let mut lines = vec![format!(
        "Attempts: {}  ({} ok · {} failed · {} no-op)",
        s.total_attempts, s.successes, s.failures, s.noops
    )];
    if s.tokens_used != 0.0 && !s.tokens_used.is_nan() {
        lines.push(format!("Tokens used: {}", num(s.tokens_used)));
    }
    if !s.distinct_errors.is_empty() {
        lines.push("Distinct errors (most frequent first):".to_owned());
        for g in &s.distinct_errors {
            lines.push(format!("  ({}×) {}", g.count, g.sample));
        }
    }
    if !s.actions_tried.is_empty() {
        lines.push("Actions tried:".to_owned());
        for a in &s.actions_tried {
            lines.push(format!("  - {a}"));
        }
    }
    lines.join("\n")
}

/// The status view (`--status`): summary, blank line, breaker verdict and reason.
pub fn status_text(s: &Summary, d: &Decision) -> String {
    format!(
        "{}\n\nCircuit breaker: {} [{}]\n  {}",
        summary_text(s),
        verdict_word(d),
        d.trigger.as_str(),
        d.reason
    )
}

/// `ESCALATE` or `CONTINUE`.
pub fn verdict_word(d: &Decision) -> &'static str {
    if d.escalate { "ESCALATE" } else { "CONTINUE" }
}

/// The one-line result of `--check`.
pub fn check_line(d: &Decision) -> String {
    format!(
        "{} [{}] — {}",
        verdict_word(d),
        d.trigger.as_str(),
        d.reason
    )
}

/// The decision as JSON, keys in the reference order.
pub fn decision_json(d: &Decision) -> Value {
    let mut o = Object::new();
    o.insert("iterations", Value::Number(d.iterations as f64));
    o.insert("tokensUsed", Value::Number(d.tokens_used));
    o.insert("shouldContinue", Value::Bool(d.should_continue));
    o.insert("escalate", Value::Bool(d.escalate));
    o.insert("trigger", Value::String(d.trigger.as_str().to_owned()));
    o.insert("reason", Value::String(d.reason.clone()));
    Value::Object(o)
}

/// The context block injected into the next prompt (`--inject`), without trailing newline.
pub fn inject_text(
    goal: &str,
    s: &Summary,
    d: &Decision,
    pruned: &[Object],
    max_iterations: f64,
) -> String {
    let mut lines: Vec<String> = vec!["## Loop Context (managed)".into(), String::new()];
    lines.push(format!("**Goal:** {goal}"));
    let tokens = if s.tokens_used != 0.0 && !s.tokens_used.is_nan() {
        format!(" · {} tokens", num(s.tokens_used))
    } else {
        String::new()
    };
    lines.push(format!(
        "**Progress:** iteration {} · {} ok · {} failed{tokens}",
        s.total_attempts, s.successes, s.failures
    ));
    lines.push(String::new());
    if !s.actions_tried.is_empty() {
        lines.push("**Already tried (do NOT repeat):**".into());
        lines.extend(s.actions_tried.iter().map(|a| format!("- {a}")));
        lines.push(String::new());
    }
    if !s.distinct_errors.is_empty() {
        lines.push("**Failure patterns:**".into());
        lines.extend(
            s.distinct_errors
                .iter()
                .map(|g| format!("- ({}×) {}", g.count, g.sample)),
        );
        lines.push(String::new());
    }
    let last_failure = pruned
        .iter()
        .rev()
        .find(|a| a.get("outcome").and_then(Value::as_str) == Some("failure"));
    if let Some(err) = last_failure.map(error_of).filter(|e| !e.is_empty()) {
        lines.push("**Most recent error (pruned):**".into());
        lines.push("```".into());
        lines.push(err.to_owned());
        lines.push("```".into());
        lines.push(String::new());
    }
    if d.escalate {
        lines.push(format!(
            "> STOP — circuit breaker tripped ({}). {}",
            d.trigger.as_str(),
            d.reason
        ));
    } else {
        lines.push(format!(
            "> Circuit breaker: OK ({}/{} iterations used).",
            d.iterations,
            num(max_iterations)
        ));
    }
    lines.join("\n")
}

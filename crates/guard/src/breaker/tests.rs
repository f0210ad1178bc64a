//! Breaker tests: each trigger, their order, and the reasons' exact text.

use loopwright_protocol::json::parse;
use loopwright_protocol::ledger::Ledger;

use super::*;

fn ledger(attempts: &[(&str, &str, Option<&str>, Option<f64>)]) -> Ledger {
    let items: Vec<String> = attempts
        .iter()
        .enumerate()
        .map(|(i, (action, outcome, error, tokens))| {
            let mut s = format!(
                r#"{{"iteration":{},"action":{action:?},"outcome":{outcome:?}"#,
                i + 1
            );
            if let Some(e) = error {
                s.push_str(&format!(r#","error":{e:?}"#));
            }
            if let Some(t) = tokens {
                s.push_str(&format!(r#","tokensUsed":{t}"#));
            }
            s.push('}');
            s
        })
        .collect();
    let text = format!(r#"{{"goal":"g","attempts":[{}]}}"#, items.join(","));
    Ledger::from_value(&parse(&text).unwrap()).unwrap()
}

#[test]
fn empty_ledger_continues() {
    let d = decide(&ledger(&[]), &BreakerConfig::default());
    assert_eq!(d.trigger, Trigger::Ok);
    assert!(d.should_continue && !d.escalate);
    assert_eq!(d.reason, "Within limits — cleared to continue.");
}

#[test]
fn stagnation_counts_the_whole_similar_run() {
    let e = "Error: connect ECONNREFUSED 127.0.0.1:5432";
    let l = ledger(&[
        ("a", "failure", Some("other thing entirely"), None),
        ("b", "failure", Some(e), None),
        (
            "c",
            "failure",
            Some("Error: connect ECONNREFUSED 10.0.0.1:6543"),
            None,
        ),
        ("d", "failure", Some(e), None),
        ("e", "failure", Some(e), None),
    ]);
    let d = decide(
        &l,
        &BreakerConfig {
            no_progress_threshold: 99.0,
            ..BreakerConfig::default()
        },
    );
    assert_eq!(d.trigger, Trigger::Stagnation);
    assert_eq!(
        d.reason,
        "Same error repeated 4× in a row (threshold 3): \"Error: connect ECONNREFUSED #.#.#.#\". Escalating instead of retrying."
    );
}

#[test]
fn a_success_resets_the_failure_run() {
    let e = Some("boom");
    let l = ledger(&[
        ("a", "failure", e, None),
        ("b", "failure", e, None),
        ("c", "success", None, None),
        ("d", "failure", e, None),
        ("e", "failure", e, None),
    ]);
    assert_eq!(decide(&l, &BreakerConfig::default()).trigger, Trigger::Ok);
}

#[test]
fn a_noop_also_ends_the_failure_run() {
    let l = ledger(&[
        ("a", "failure", Some("x"), None),
        ("a", "failure", Some("x"), None),
        ("a", "noop", None, None),
    ]);
    assert!(trailing_failures(&l.attempts).is_empty());
}

#[test]
fn frustration_when_errors_differ_but_actions_repeat() {
    let l = ledger(&[
        (
            "run the migration",
            "failure",
            Some("alpha failure one"),
            None,
        ),
        (
            "run the migration",
            "failure",
            Some("beta breaks twice"),
            None,
        ),
        (
            "Run the migration",
            "failure",
            Some("gamma third kind"),
            None,
        ),
    ]);
    let d = decide(&l, &BreakerConfig::default());
    assert_eq!(d.trigger, Trigger::Frustration);
    assert!(d.reason.starts_with(
        "Semantic looping detected: agent repeated highly similar action 3× in a row (threshold 3)"
    ));
}

#[test]
fn triggers_fire_in_priority_order() {
    // Every trigger would fire; peel them off one by one by raising the limits.
    let e = Some("same error");
    let rows: Vec<_> = (0..6)
        .map(|_| ("same action", "failure", e, Some(100.0)))
        .collect();
    let l = ledger(&rows);
    let mut c = BreakerConfig {
        max_iterations: 6.0,
        token_budget: Some(600.0),
        ..BreakerConfig::default()
    };
    assert_eq!(decide(&l, &c).trigger, Trigger::Stagnation);
    c.stagnation_threshold = 99.0;
    assert_eq!(decide(&l, &c).trigger, Trigger::Frustration);
    c.similarity_threshold = 1.0;
    let l2 = ledger(
        &(0..6)
            .map(|i| (["a", "b"][i % 2], "failure", e, Some(100.0)))
            .collect::<Vec<_>>(),
    );
    assert_eq!(decide(&l2, &c).trigger, Trigger::NoProgress);
    c.no_progress_threshold = 99.0;
    assert_eq!(decide(&l2, &c).trigger, Trigger::TokenBudget);
    assert_eq!(
        decide(&l2, &c).reason,
        "Token budget reached (600 ≥ 600). Escalating to avoid cost blowup."
    );
    c.token_budget = None;
    assert_eq!(decide(&l2, &c).trigger, Trigger::MaxIterations);
    assert_eq!(
        decide(&l2, &c).reason,
        "Iteration cap reached (6 ≥ 6). Escalating."
    );
    c.max_iterations = 1e21;
    assert_eq!(decide(&l2, &c).trigger, Trigger::Ok);
}

#[test]
fn missing_errors_share_the_empty_signature() {
    let l = ledger(&[
        ("a", "failure", None, None),
        ("b", "failure", None, None),
        ("c", "failure", None, None),
    ]);
    let d = decide(&l, &BreakerConfig::default());
    assert_eq!(d.trigger, Trigger::Stagnation);
    assert!(d.reason.contains(": \"\". Escalating"));
}

#[test]
fn token_totals_fold_left_like_javascript() {
    let l = ledger(&[
        ("a", "success", None, Some(0.1)),
        ("b", "success", None, Some(0.2)),
    ]);
    assert_eq!(token_total(&l.attempts), 0.30000000000000004);
}

proptest::proptest! {
    /// Whatever the ledger, the decision is consistent and a higher limit never turns
    /// "continue" into "escalate".
    #[test]
    fn decisions_are_consistent_and_monotone(
        rows in proptest::collection::vec((0usize..3, 0usize..3, 0usize..4), 0..30),
        max in 1u32..40,
    ) {
        let actions = ["build", "build again", "rewrite module"];
        let outcomes = ["success", "failure", "noop"];
        let errors = [None, Some("E1: disk full"), Some("TypeError: x is undefined at /a/b.js:3:4"), Some("timeout after 30s")];
        let attempts: Vec<_> = rows.iter().map(|(a, o, e)| (actions[*a], outcomes[*o], errors[*e], Some(10.0))).collect();
        let l = ledger(&attempts);
        let c = BreakerConfig { max_iterations: f64::from(max), ..BreakerConfig::default() };
        let d = decide(&l, &c);
        proptest::prop_assert_eq!(d.should_continue, !d.escalate);
        proptest::prop_assert_eq!(d.escalate, d.trigger != Trigger::Ok);
        proptest::prop_assert_eq!(d.iterations, l.attempts.len());
        if !d.escalate {
            let looser = BreakerConfig { max_iterations: f64::from(max) + 5.0, ..c.clone() };
            proptest::prop_assert!(!decide(&l, &looser).escalate);
        }
    }
}

//! The ledger JSON parser and ledger validation, and the guards that read a valid ledger.

use loopwright_guard::breaker::{BreakerConfig, decide};
use loopwright_guard::prune::{PruneConfig, prune};
use loopwright_guard::summary::summarize;
use loopwright_protocol::json::{self, Object, Value};
use loopwright_protocol::ledger::Ledger;

/// A parse that succeeds round-trips (`JSON.stringify` of the value parses back to the same
/// text, compact and pretty); a ledger that validates re-validates to the same ledger from its
/// own JSON; the breaker, summary and pruning run on it without panicking.
pub fn check(data: &[u8]) {
    let text = loopwright_store::ledger_file::decode(data.to_vec());
    let Ok(value) = json::parse(&text) else {
        return;
    };
    let compact = json::to_string_compact(&value);
    let again = json::parse(&compact).unwrap_or_else(|e| panic!("own output {compact:?}: {e}"));
    assert_eq!(
        json::to_string_compact(&again),
        compact,
        "compact round trip"
    );
    let pretty = json::to_string_pretty(&value);
    let from_pretty = json::parse(&pretty).unwrap_or_else(|e| panic!("own pretty output: {e}"));
    assert_eq!(
        json::to_string_compact(&from_pretty),
        compact,
        "pretty round trip"
    );
    if all_finite(&value) {
        assert!(same_value(&value, &again), "value round trip of {text:?}");
    }
    let Ok(ledger) = Ledger::from_owned(value) else {
        return;
    };
    let own = json::to_string_compact(&ledger_json(&ledger));
    let reparsed = json::parse(&own).unwrap_or_else(|e| panic!("own ledger JSON: {e}"));
    let rebuilt = Ledger::from_owned(reparsed)
        .unwrap_or_else(|e| panic!("a valid ledger no longer validates from its own JSON: {e}"));
    assert_eq!(
        json::to_string_compact(&ledger_json(&rebuilt)),
        own,
        "ledger round trip"
    );
    let d = decide(&ledger, &BreakerConfig::default());
    assert_eq!(d.escalate, !d.should_continue);
    assert_eq!(d.iterations, ledger.attempts.len());
    let s = summarize(&ledger, 0.85);
    assert_eq!(s.successes + s.failures + s.noops, ledger.attempts.len());
    let grouped: u64 = s.distinct_errors.iter().map(|g| g.count).sum();
    assert!(
        grouped <= s.failures as u64,
        "more grouped errors than failures"
    );
    let pruned = prune(&ledger, &PruneConfig::default());
    assert!(matches!(pruned, Value::Object(_)), "prune gives an object");
}

/// The ledger as JSON: goal, startedAt when present, attempts as read.
fn ledger_json(l: &Ledger) -> Value {
    let mut o = Object::new();
    o.insert("goal", Value::String(l.goal.clone()));
    if let Some(s) = &l.started_at {
        o.insert("startedAt", s.clone());
    }
    let attempts = l
        .attempts
        .iter()
        .map(|a| Value::Object(a.fields.clone()))
        .collect();
    o.insert("attempts", Value::Array(attempts));
    Value::Object(o)
}

/// Whether every number is finite (infinities print as `null`, as in JavaScript).
fn all_finite(v: &Value) -> bool {
    match v {
        Value::Number(n) => n.is_finite(),
        Value::Array(items) => items.iter().all(all_finite),
        Value::Object(o) => o.iter().all(|(_, v)| all_finite(v)),
        _ => true,
    }
}

/// Equality up to JavaScript key order (which the writer applies) and the sign of zero.
fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_value(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            let (x, y) = (x.ordered(), y.ordered());
            x.len() == y.len()
                && x.iter()
                    .zip(&y)
                    .all(|((kx, vx), (ky, vy))| kx == ky && same_value(vx, vy))
        }
        _ => a == b,
    }
}

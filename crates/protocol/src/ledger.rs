//! The loop ledger: what a loop tried, what happened, what it cost.
//!
//! ```json
//! { "goal": "…", "startedAt": "…", "attempts": [
//!   { "iteration": 1, "action": "…", "outcome": "failure", "error": "…", "tokensUsed": 1200 } ] }
//! ```
//!
//! [`Ledger::from_value`] validates every field loopwright uses and keeps each attempt's original
//! object, so pruning can echo fields it does not know about.

use crate::json::{Object, Value};

/// How an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The attempt succeeded.
    Success,
    /// The attempt failed.
    Failure,
    /// The attempt found nothing to do.
    Noop,
}

impl Outcome {
    /// The ledger spelling: `success`, `failure` or `noop`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Success => "success",
            Outcome::Failure => "failure",
            Outcome::Noop => "noop",
        }
    }

    /// Parses the ledger spelling (exact, case-sensitive).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "success" => Some(Outcome::Success),
            "failure" => Some(Outcome::Failure),
            "noop" => Some(Outcome::Noop),
            _ => None,
        }
    }
}

/// One validated attempt. The text fields are read from the original object, which is kept
/// whole (for echoing) and not copied.
#[derive(Debug, Clone, PartialEq)]
pub struct Attempt {
    /// How it ended.
    pub outcome: Outcome,
    /// Tokens the attempt used; `None` when missing or `null`.
    pub tokens_used: Option<f64>,
    /// The attempt object exactly as read, for echoing.
    pub fields: Object,
}

impl Attempt {
    /// What the loop did (validated to be a string).
    pub fn action(&self) -> &str {
        self.fields
            .get("action")
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// The error text; `None` when the key is missing or `null`.
    pub fn error(&self) -> Option<&str> {
        self.fields.get("error").and_then(Value::as_str)
    }

    /// The error text, or `""` when there is none (how the breaker sees a missing error).
    pub fn error_text(&self) -> &str {
        self.error().unwrap_or("")
    }
}

/// A validated ledger.
#[derive(Debug, Clone, PartialEq)]
pub struct Ledger {
    /// What the loop is trying to achieve.
    pub goal: String,
    /// `startedAt` as read (any JSON value), when present.
    pub started_at: Option<Value>,
    /// The attempts, oldest first.
    pub attempts: Vec<Attempt>,
}

/// Why a JSON value is not a usable ledger.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LedgerError {
    /// The top level is not `{ goal: string, attempts: [...] }`.
    #[error("Invalid ledger: expected {{ goal: string, attempts: Attempt[] }}.")]
    Shape,
    /// An attempt is not an object.
    #[error("Invalid ledger: attempts[{index}] must be an object; got {found}.")]
    AttemptNotObject {
        /// 0-based index of the attempt.
        index: usize,
        /// The JSON type found.
        found: &'static str,
    },
    /// A field of an attempt has the wrong type or value.
    #[error("Invalid ledger: attempts[{index}].{field} must be {expected}; got {found}.")]
    Field {
        /// 0-based index of the attempt.
        index: usize,
        /// The field name as spelled in the ledger.
        field: &'static str,
        /// What the field must be.
        expected: &'static str,
        /// What was found, shortened.
        found: String,
    },
}

/// Describes a value for an error message: strings quoted and shortened, other types by name.
fn describe(v: Option<&Value>) -> String {
    match v {
        None => "nothing (the field is missing)".to_owned(),
        Some(Value::String(s)) => {
            let short: String = s.chars().take(40).collect();
            let ell = if short.len() < s.len() { "…" } else { "" };
            format!("\"{}{ell}\"", crate::json::display_text(&short))
        }
        Some(Value::Number(n)) => format!("the number {}", crate::json::number_to_string(*n)),
        Some(Value::Bool(b)) => format!("{b}"),
        Some(v) => v.type_name().to_owned(),
    }
}

impl Ledger {
    /// Validates a parsed ledger. Every field loopwright reads is type-checked, so a typo'd
    /// outcome or a string token count is an error instead of a silently disabled breaker.
    pub fn from_value(v: &Value) -> Result<Ledger, LedgerError> {
        Ledger::from_owned(v.clone())
    }

    /// The JSON form: `goal`, `startedAt` (when present) and every attempt as its object.
    pub fn to_value(&self) -> Value {
        let mut top = Object::new();
        top.insert("goal", Value::String(self.goal.clone()));
        if let Some(s) = &self.started_at {
            top.insert("startedAt", s.clone());
        }
        top.insert(
            "attempts",
            Value::Array(
                self.attempts
                    .iter()
                    .map(|a| Value::Object(a.fields.clone()))
                    .collect(),
            ),
        );
        Value::Object(top)
    }

    /// Like [`Ledger::from_value`], taking the value by move so nothing is copied.
    pub fn from_owned(v: Value) -> Result<Ledger, LedgerError> {
        let Value::Object(mut top) = v else {
            return Err(LedgerError::Shape);
        };
        let goal = match top.get("goal") {
            Some(Value::String(g)) => g.clone(),
            _ => return Err(LedgerError::Shape),
        };
        let Some(Value::Array(raw_attempts)) = top.remove("attempts") else {
            return Err(LedgerError::Shape);
        };
        let attempts = raw_attempts
            .into_iter()
            .enumerate()
            .map(|(index, a)| Attempt::from_owned(index, a))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Ledger {
            goal,
            started_at: top.remove("startedAt"),
            attempts,
        })
    }
}

impl Attempt {
    /// A typed attempt (valid by construction): `iteration`, `action`, `outcome`, `error`
    /// and `tokensUsed`, in that order when serialized.
    pub fn new(
        iteration: u64,
        action: impl Into<String>,
        outcome: Outcome,
        error: Option<String>,
        tokens_used: u64,
    ) -> Attempt {
        let mut fields = Object::new();
        fields.insert("iteration", Value::Number(iteration as f64));
        fields.insert("action", Value::String(action.into()));
        fields.insert("outcome", Value::String(outcome.as_str().into()));
        fields.insert("error", error.map_or(Value::Null, Value::String));
        fields.insert("tokensUsed", Value::Number(tokens_used as f64));
        Attempt {
            outcome,
            tokens_used: Some(tokens_used as f64),
            fields,
        }
    }

    /// Validates attempt number `index` (0-based, for messages).
    pub fn from_value(index: usize, v: &Value) -> Result<Attempt, LedgerError> {
        Attempt::from_owned(index, v.clone())
    }

    /// Like [`Attempt::from_value`], taking the value by move.
    pub fn from_owned(index: usize, v: Value) -> Result<Attempt, LedgerError> {
        let Value::Object(obj) = v else {
            return Err(LedgerError::AttemptNotObject {
                index,
                found: v.type_name(),
            });
        };
        let field_err = |field, expected, found: Option<&Value>| LedgerError::Field {
            index,
            field,
            expected,
            found: describe(found),
        };
        match obj.get("action") {
            Some(Value::String(_)) => {}
            other => return Err(field_err("action", "a string", other)),
        }
        let outcome = match obj.get("outcome") {
            Some(Value::String(s)) => Outcome::parse(s),
            _ => None,
        }
        .ok_or_else(|| {
            field_err(
                "outcome",
                "one of \"success\", \"failure\", \"noop\"",
                obj.get("outcome"),
            )
        })?;
        match obj.get("error") {
            None | Some(Value::Null | Value::String(_)) => {}
            other => return Err(field_err("error", "a string or null", other)),
        }
        let tokens_used = match obj.get("tokensUsed") {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) if n.is_finite() && *n >= 0.0 => Some(*n),
            other => {
                return Err(field_err(
                    "tokensUsed",
                    "a non-negative finite number or null",
                    other,
                ));
            }
        };
        match obj.get("repeated") {
            None | Some(Value::Null) => {}
            Some(Value::Number(n)) if n.is_finite() => {}
            other => return Err(field_err("repeated", "a finite number or null", other)),
        }
        Ok(Attempt {
            outcome,
            tokens_used,
            fields: obj,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_attempts_round_trip() {
        let l = Ledger {
            goal: "g".into(),
            started_at: None,
            attempts: vec![
                Attempt::new(1, "shell: ls", Outcome::Success, None, 10),
                Attempt::new(2, "shell: x", Outcome::Failure, Some("boom".into()), 0),
            ],
        };
        assert_eq!(Ledger::from_value(&l.to_value()).unwrap(), l);
    }
    use crate::json::parse;

    fn ledger(text: &str) -> Result<Ledger, LedgerError> {
        Ledger::from_value(&parse(text).unwrap())
    }

    #[test]
    fn accepts_a_well_formed_ledger() {
        let l = ledger(
            r#"{"goal":"g","attempts":[{"iteration":1,"action":"a","outcome":"failure","error":null,"tokensUsed":3,"x":[1]}]}"#,
        )
        .unwrap();
        assert_eq!(l.attempts[0].outcome, Outcome::Failure);
        assert_eq!(l.attempts[0].error(), None);
        assert_eq!(l.attempts[0].action(), "a");
        assert_eq!(l.attempts[0].tokens_used, Some(3.0));
        assert!(l.attempts[0].fields.contains_key("x"));
    }

    #[test]
    fn rejects_top_level_shapes() {
        for bad in [
            "null",
            "[]",
            r#"{"goal":1,"attempts":[]}"#,
            r#"{"goal":"g"}"#,
            "\"s\"",
        ] {
            assert_eq!(ledger(bad), Err(LedgerError::Shape), "{bad}");
        }
    }

    #[test]
    fn names_the_attempt_and_field() {
        let e = ledger(r#"{"goal":"g","attempts":[{"action":"a","outcome":"success"},{"action":"a","outcome":"FAILURE"}]}"#)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "Invalid ledger: attempts[1].outcome must be one of \"success\", \"failure\", \"noop\"; got \"FAILURE\"."
        );
        let e = ledger(
            r#"{"goal":"g","attempts":[{"action":"a","outcome":"success","tokensUsed":"100"}]}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("attempts[0].tokensUsed"), "{e}");
        let e = ledger(r#"{"goal":"g","attempts":[{"outcome":"success"}]}"#).unwrap_err();
        assert!(
            e.to_string()
                .contains("attempts[0].action must be a string; got nothing"),
            "{e}"
        );
        let e = ledger(r#"{"goal":"g","attempts":[null]}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Invalid ledger: attempts[0] must be an object; got null."
        );
        let e = ledger(r#"{"goal":"g","attempts":[{"action":"a","outcome":"failure","error":7}]}"#)
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("attempts[0].error must be a string or null; got the number 7")
        );
    }
}

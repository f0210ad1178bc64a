//! The pattern registry: which loop patterns exist and what a run of each costs.

use serde::Deserialize;

/// The registry compiled into the binary (`registry.yaml` beside this file).
const EMBEDDED: &str = include_str!("registry.yaml");

/// The text format of a registry file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegistryFormat {
    /// YAML, the shape of loop-engineering's `patterns/registry.yaml`.
    Yaml,
    /// The same document as JSON.
    Json,
}

impl RegistryFormat {
    /// JSON for a file name ending in `.json` (any case), YAML otherwise.
    pub fn from_file_name(name: &str) -> Self {
        if name.to_ascii_lowercase().ends_with(".json") {
            Self::Json
        } else {
            Self::Yaml
        }
    }
}

/// Why a registry text was rejected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RegistryError {
    /// The text is not a YAML / JSON document of the expected shape.
    #[error("not a pattern registry: {0}")]
    Syntax(String),
    /// The document has no patterns.
    #[error("the registry lists no patterns")]
    Empty,
    /// Two patterns share an id.
    #[error("pattern id `{0}` appears more than once")]
    DuplicateId(String),
    /// A pattern id is empty.
    #[error("pattern #{0} has an empty id")]
    EmptyId(usize),
    /// A number in a cost block is negative, not finite, or out of range.
    #[error("pattern `{id}`: cost.{field} must be {expected}; got {value}")]
    BadNumber {
        /// Pattern id.
        id: String,
        /// Field name inside `cost`.
        field: &'static str,
        /// What the field must be.
        expected: &'static str,
        /// The offending value.
        value: f64,
    },
}

/// The per-pattern cost profile (`cost:` block of a registry entry).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct CostBlock {
    /// Tokens of a run that exits early (nothing to do).
    pub tokens_noop: f64,
    /// Tokens of a run that writes a report / triage.
    pub tokens_report: f64,
    /// Tokens of a run that acts (implements and verifies a change).
    pub tokens_action: f64,
    /// Share of a run's prompt that is stable enough for prompt caching (0..=1), if known.
    #[serde(default)]
    pub stable_fraction: Option<f64>,
    /// Suggested cap on tokens per day; the daily budget of `loop context`.
    pub suggested_daily_cap: f64,
    /// Whether the pattern must exit early on an empty watchlist.
    pub early_exit_required: bool,
}

/// One registry entry (only the fields the estimator uses; others are ignored).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Pattern {
    /// Pattern id, e.g. `ci-sweeper`.
    pub id: String,
    /// Display name, e.g. `CI Sweeper`.
    pub name: String,
    /// Default cadence spec, e.g. `5m-15m`.
    pub cadence: String,
    /// Registry cost tier, e.g. `very-high`.
    pub token_cost: String,
    /// Cost profile; a pattern without one cannot be estimated.
    #[serde(default)]
    pub cost: Option<CostBlock>,
}

#[derive(Deserialize)]
struct RegistryDoc {
    patterns: Vec<Pattern>,
}

/// An ordered list of patterns (the order is the `--list` order).
#[derive(Debug, Clone, PartialEq)]
pub struct Registry {
    patterns: Vec<Pattern>,
}

impl Registry {
    /// The registry compiled into the binary.
    ///
    /// # Errors
    /// Only if the embedded file were broken (a unit test proves it is not).
    pub fn embedded() -> Result<Self, RegistryError> {
        Self::from_text(EMBEDDED, RegistryFormat::Yaml)
    }

    /// Parses and validates a registry document.
    ///
    /// # Errors
    /// [`RegistryError`] naming what is wrong.
    pub fn from_text(text: &str, format: RegistryFormat) -> Result<Self, RegistryError> {
        let doc: RegistryDoc = match format {
            RegistryFormat::Yaml => {
                serde_norway::from_str(text).map_err(|e| RegistryError::Syntax(e.to_string()))?
            }
            RegistryFormat::Json => {
                serde_json::from_str(text).map_err(|e| RegistryError::Syntax(e.to_string()))?
            }
        };
        Self::new(doc.patterns)
    }

    /// Builds a registry from patterns, validating ids and cost numbers.
    ///
    /// # Errors
    /// [`RegistryError`] naming the offending pattern and field.
    pub fn new(patterns: Vec<Pattern>) -> Result<Self, RegistryError> {
        if patterns.is_empty() {
            return Err(RegistryError::Empty);
        }
        for (i, p) in patterns.iter().enumerate() {
            if p.id.is_empty() {
                return Err(RegistryError::EmptyId(i + 1));
            }
            if patterns[..i].iter().any(|q| q.id == p.id) {
                return Err(RegistryError::DuplicateId(p.id.clone()));
            }
            if let Some(c) = &p.cost {
                validate_cost(&p.id, c)?;
            }
        }
        Ok(Self { patterns })
    }

    /// Every pattern, in registry order.
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// The pattern with exactly this id.
    pub fn get(&self, id: &str) -> Option<&Pattern> {
        self.patterns.iter().find(|p| p.id == id)
    }
}

fn validate_cost(id: &str, c: &CostBlock) -> Result<(), RegistryError> {
    let counts = [
        ("tokens_noop", c.tokens_noop),
        ("tokens_report", c.tokens_report),
        ("tokens_action", c.tokens_action),
        ("suggested_daily_cap", c.suggested_daily_cap),
    ];
    for (field, value) in counts {
        if !value.is_finite() || value < 0.0 {
            return Err(RegistryError::BadNumber {
                id: id.to_owned(),
                field,
                expected: "a finite number >= 0",
                value,
            });
        }
    }
    if let Some(f) = c.stable_fraction
        && !(0.0..=1.0).contains(&f)
    {
        return Err(RegistryError::BadNumber {
            id: id.to_owned(),
            field: "stable_fraction",
            expected: "between 0 and 1",
            value: f,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_registry_has_the_seven_reference_patterns_in_order() {
        let r = Registry::embedded().unwrap();
        let ids: Vec<&str> = r.patterns().iter().map(|p| p.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "pr-babysitter",
                "daily-triage",
                "ci-sweeper",
                "post-merge-cleanup",
                "dependency-sweeper",
                "changelog-drafter",
                "issue-triage"
            ]
        );
        let ci = r.get("ci-sweeper").unwrap();
        assert_eq!(ci.cost.as_ref().unwrap().suggested_daily_cap, 1_000_000.0);
    }

    #[test]
    fn json_and_extra_keys_are_accepted() {
        let text = r#"{"patterns":[{"id":"a","name":"A","cadence":"1h","token_cost":"low",
            "goal":"ignored","tools":["x"],
            "cost":{"tokens_noop":1,"tokens_report":2,"tokens_action":3,
                    "suggested_daily_cap":4,"early_exit_required":false}}]}"#;
        let r = Registry::from_text(text, RegistryFormat::Json).unwrap();
        assert_eq!(
            r.get("a").unwrap().cost.as_ref().unwrap().stable_fraction,
            None
        );
    }

    #[test]
    fn bad_registries_are_rejected_with_the_reason() {
        let dup = "patterns:\n  - {id: a, name: A, cadence: 1h, token_cost: low}\n  - {id: a, name: B, cadence: 1h, token_cost: low}\n";
        assert_eq!(
            Registry::from_text(dup, RegistryFormat::Yaml),
            Err(RegistryError::DuplicateId("a".into()))
        );
        let neg = "patterns:\n  - id: a\n    name: A\n    cadence: 1h\n    token_cost: low\n    cost: {tokens_noop: -1, tokens_report: 1, tokens_action: 1, suggested_daily_cap: 1, early_exit_required: true}\n";
        let e = Registry::from_text(neg, RegistryFormat::Yaml).unwrap_err();
        assert!(e.to_string().contains("cost.tokens_noop"), "{e}");
        assert!(matches!(
            Registry::from_text("patterns: []", RegistryFormat::Yaml),
            Err(RegistryError::Empty)
        ));
        assert!(matches!(
            Registry::from_text("nope: 1", RegistryFormat::Yaml),
            Err(RegistryError::Syntax(_))
        ));
        assert_eq!(
            RegistryFormat::from_file_name("x.JSON"),
            RegistryFormat::Json
        );
        assert_eq!(
            RegistryFormat::from_file_name("x.yaml"),
            RegistryFormat::Yaml
        );
    }
}

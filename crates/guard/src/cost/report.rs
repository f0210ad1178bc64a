//! Output of an estimate: loop-cost's JSON document and its human report.

use loopwright_protocol::json::{Object, Value, to_string_pretty};

use super::format::{fmt_tokens, js_round};
use super::{Estimate, Registry, Scenario};
use crate::jsnum::number_to_string;

fn num(n: f64) -> Value {
    Value::Number(n)
}

fn text(s: &str) -> Value {
    Value::String(s.to_owned())
}

fn obj<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect::<Object>(),
    )
}

fn scenario(s: &Scenario) -> Value {
    obj([
        ("tokensPerRun", num(s.tokens_per_run)),
        ("tokensPerDay", num(s.tokens_per_day)),
    ])
}

impl Estimate {
    /// The estimate as loop-cost's JSON value (same keys, same order).
    pub fn to_json_value(&self) -> Value {
        let mut scenarios = Object::new();
        scenarios.insert("noop", scenario(&self.noop));
        scenarios.insert("report", scenario(&self.report));
        scenarios.insert("action", scenario(&self.action));
        scenarios.insert(
            "realistic",
            obj([
                ("tokensPerRun", num(self.realistic.tokens_per_run)),
                ("tokensPerDay", num(self.realistic.tokens_per_day)),
                ("assumptions", text(self.assumptions)),
            ]),
        );
        if let Some(c) = &self.caching {
            scenarios.insert(
                "caching",
                obj([
                    ("tokensPerRun", num(c.tokens_per_run)),
                    ("tokensPerDay", num(c.tokens_per_day)),
                    ("savingsPercent", num(c.savings_percent)),
                ]),
            );
        }
        obj([
            ("patternId", text(&self.pattern_id)),
            ("patternName", text(&self.pattern_name)),
            ("cadence", text(&self.cadence)),
            ("level", text(self.level.as_str())),
            ("runsPerDay", num(self.runs_per_day)),
            ("tokenCostTier", text(&self.token_cost_tier)),
            ("suggestedDailyCap", num(self.suggested_daily_cap)),
            ("earlyExitRequired", Value::Bool(self.early_exit_required)),
            (
                "orchestration",
                obj([
                    ("mode", text(&self.orchestration.mode)),
                    ("multiplier", num(self.orchestration.multiplier)),
                ]),
            ),
            ("scenarios", Value::Object(scenarios)),
            (
                "warnings",
                Value::Array(self.warnings.iter().map(|w| text(w)).collect()),
            ),
        ])
    }

    /// `JSON.stringify(estimate, null, 2)` (no trailing newline).
    pub fn to_json(&self) -> String {
        to_string_pretty(&self.to_json_value())
    }

    /// The human report, ending with a newline (print it as is).
    pub fn to_text(&self) -> String {
        let runs = if self.runs_per_day < 1.0 && self.runs_per_day > 0.0 {
            // Fractional rates (slower than daily) read better with three decimals.
            number_to_string(js_round(self.runs_per_day * 1000.0) / 1000.0)
        } else {
            number_to_string(self.runs_per_day)
        };
        let mut lines = vec![
            String::new(),
            format!(
                "Loop Cost Estimate — {} ({})",
                self.pattern_name, self.pattern_id
            ),
            "═".repeat(50),
            format!("Cadence: {}  →  {} runs/day", self.cadence, runs),
            format!(
                "Level: {}  ·  Registry tier: {}",
                self.level.as_str(),
                self.token_cost_tier
            ),
        ];
        let m = self.orchestration.multiplier;
        if m > 1.0 {
            lines.push(format!(
                "Orchestration: {}  ·  action x{}",
                self.orchestration.mode,
                number_to_string(m)
            ));
        }
        lines.push(format!(
            "Suggested daily cap: {} tokens",
            fmt_tokens(self.suggested_daily_cap)
        ));
        lines.push(String::new());
        lines.push("Daily token estimates:".to_owned());
        let row = |label: &str, s: &Scenario| {
            format!(
                "  {label:<21}{}  ({}/run)",
                fmt_tokens(s.tokens_per_day),
                fmt_tokens(s.tokens_per_run)
            )
        };
        lines.push(row("Early-exit / no-op:", &self.noop));
        lines.push(row("Full triage:", &self.report));
        lines.push(row("Action every run:", &self.action));
        lines.push(format!(
            "  {:<21}{}  ({})",
            "Realistic blend:",
            fmt_tokens(self.realistic.tokens_per_day),
            self.assumptions
        ));
        if let Some(c) = &self.caching {
            lines.push(format!(
                "  {:<21}{}  ({}% reduction vs. realistic blend)",
                "With prompt caching:",
                fmt_tokens(c.tokens_per_day),
                number_to_string(c.savings_percent)
            ));
        }
        if !self.warnings.is_empty() {
            lines.push(String::new());
            lines.push("Warnings:".to_owned());
            for w in &self.warnings {
                lines.push(format!("  ! {w}"));
            }
        }
        lines.push(String::new());
        lines.push(
            "Docs: docs/operating-loops.md · Scaffold: npx @cobusgreyling/loop-init".to_owned(),
        );
        lines.push(String::new());
        let mut out = lines.join("\n");
        out.push('\n');
        out
    }
}

impl Registry {
    /// `--list` text: `id<TAB>token_cost<TAB>cadence`, one line per pattern.
    pub fn list_text(&self) -> String {
        self.patterns()
            .iter()
            .map(|p| format!("{}\t{}\t{}\n", p.id, p.token_cost, p.cadence))
            .collect()
    }

    /// `--list --json`: an array of `{id, name, cadence, tokenCostTier, suggestedDailyCap,
    /// earlyExitRequired}` (the last two `null` for a pattern without a cost block).
    pub fn list_json(&self) -> String {
        let items = self
            .patterns()
            .iter()
            .map(|p| {
                let (cap, early) = match &p.cost {
                    Some(c) => (
                        num(c.suggested_daily_cap),
                        Value::Bool(c.early_exit_required),
                    ),
                    None => (Value::Null, Value::Null),
                };
                obj([
                    ("id", text(&p.id)),
                    ("name", text(&p.name)),
                    ("cadence", text(&p.cadence)),
                    ("tokenCostTier", text(&p.token_cost)),
                    ("suggestedDailyCap", cap),
                    ("earlyExitRequired", early),
                ])
            })
            .collect();
        to_string_pretty(&Value::Array(items))
    }
}

//! Stuck detection over the steps of a run (pure).
//!
//! Three patterns, checked after every complete step: the same tool call failing twice with
//! the same output, an A/B alternation over the last 6 steps, and 3 identical assistant
//! messages in a row. The engine adds a fourth from the context records: compaction at 3
//! consecutive steps ([`crate::context::ContextState::compaction_stuck`]).

use crate::state::StepRecord;

/// The reason given when context compaction runs at consecutive steps without freeing room.
pub const COMPACTION_REASON: &str = "the history was compacted at 3 consecutive steps without freeing room (the context is not getting smaller)";

/// Why the run looks stuck, or `None`.
pub fn detect(window: &[StepRecord]) -> Option<String> {
    let last = window.last()?;
    if let Some(f) = last.results.iter().find(|r| r.status.is_failure()) {
        let seen_before = window[..window.len() - 1].iter().any(|s| {
            s.results.iter().any(|r| {
                r.status.is_failure() && r.call_key == f.call_key && r.content == f.content
            })
        });
        if seen_before {
            return Some(format!(
                "the same tool call failed twice with the same output: `{}`",
                f.action
            ));
        }
    }
    if window.len() >= 6 {
        let k: Vec<String> = window[window.len() - 6..]
            .iter()
            .map(StepRecord::action_key)
            .collect();
        if k[0] != k[1] && k[0] == k[2] && k[2] == k[4] && k[1] == k[3] && k[3] == k[5] {
            return Some("the last 6 steps alternate between the same two actions".to_string());
        }
    }
    if window.len() >= 3 {
        let t = &window[window.len() - 3..];
        let same = |a: &StepRecord, b: &StepRecord| a.text == b.text && a.call_keys == b.call_keys;
        if same(&t[0], &t[1]) && same(&t[1], &t[2]) {
            return Some("3 identical assistant messages in a row".to_string());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::StepResult;
    use loopwright_protocol::tool::ToolStatus;

    fn step(n: u64, key: &str, status: ToolStatus, out: &str) -> StepRecord {
        StepRecord {
            step: n,
            text: format!("t{n}"),
            call_keys: vec![key.into()],
            results: vec![StepResult {
                call_key: key.into(),
                action: key.into(),
                status,
                content: out.into(),
            }],
            tokens: 0,
        }
    }

    #[test]
    fn same_failure_twice_is_stuck_but_different_output_is_not() {
        let a = step(1, "test", ToolStatus::Error, "boom");
        let b = step(2, "edit", ToolStatus::Ok, "ok");
        assert_eq!(detect(&[a.clone(), b.clone()]), None);
        let c = step(3, "test", ToolStatus::Error, "boom");
        assert!(
            detect(&[a.clone(), b.clone(), c])
                .unwrap()
                .contains("failed twice")
        );
        let d = step(3, "test", ToolStatus::Error, "other");
        assert_eq!(detect(&[a, b, d]), None);
    }

    #[test]
    fn alternation_over_six_steps() {
        let w: Vec<StepRecord> = (0..6)
            .map(|i| {
                step(
                    i,
                    if i % 2 == 0 { "a" } else { "b" },
                    ToolStatus::Ok,
                    &i.to_string(),
                )
            })
            .collect();
        assert!(detect(&w).unwrap().contains("alternate"));
        assert_eq!(detect(&w[1..]), None);
    }

    #[test]
    fn three_identical_messages() {
        let mut w: Vec<StepRecord> = (0..3)
            .map(|i| step(i, "a", ToolStatus::Ok, &i.to_string()))
            .collect();
        for s in &mut w {
            s.text = "same".into();
        }
        assert!(detect(&w).unwrap().contains("identical"));
        w[2].text = "different".into();
        assert_eq!(detect(&w), None);
    }
}

//! Which `spawn_agent` calls are refused, decided from the parent's log and the running
//! children only. Every refusal has its own reason, and says whether a retry can help.

use loopwright_protocol::event::{Event, EventKind, Outcome};

/// How many characters of a brief identify it.
pub const BRIEF_KEY_CHARS: usize = 240;

/// After this many failed children a brief is refused.
pub const MAX_FAILURES: usize = 3;

/// The deepest a sub-agent may be (a child never spawns).
pub const MAX_DEPTH: u32 = 1;

/// The key of a brief: its first 240 characters, lower-cased, whitespace runs as one space.
pub fn brief_key(task: &str) -> String {
    let words: Vec<&str> = task.split_whitespace().collect();
    words
        .join(" ")
        .to_lowercase()
        .chars()
        .take(BRIEF_KEY_CHARS)
        .collect()
}

/// Why a `spawn_agent` call is refused (its text is what the parent model reads).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The caller is a sub-agent itself.
    #[error(
        "refused: sub-agents cannot start sub-agents (the depth limit is {MAX_DEPTH}). Do not retry; do the work yourself."
    )]
    Depth,
    /// As many children run as the cap allows.
    #[error(
        "refused: {running} sub-agents are running and the cap is {max} (--subagent-max). Do not retry this call; wait for their results, or do the work yourself."
    )]
    OverCap {
        /// Children running now.
        running: usize,
        /// The cap.
        max: usize,
    },
    /// The same brief is running.
    #[error(
        "refused: the same brief is already running as sub-agent call {call_id}. Do not retry; its result will come back to you."
    )]
    Duplicate {
        /// The running call.
        call_id: String,
    },
    /// The brief failed too often.
    #[error(
        "refused: this brief already failed {failures} times in sub-agents. Do not retry it; change the approach or do the work yourself."
    )]
    Failed {
        /// How many times.
        failures: usize,
    },
    /// Nothing of the parent's budget is left for a child.
    #[error(
        "refused: only {left} tokens of the run's budget are left, too few for a sub-agent. Do not retry; finish with what you have."
    )]
    Budget {
        /// Tokens left.
        left: u64,
    },
    /// The brief is empty.
    #[error("refused: the task is empty. Give the sub-agent a complete brief.")]
    Empty,
}

/// How many children with this brief key ended other than done, per the parent's log.
pub fn failures(events: &[Event], key: &str) -> usize {
    events
        .iter()
        .filter(|e| match &e.kind {
            EventKind::Subagent(r) => r.outcome != Some(Outcome::Done) && brief_key(&r.task) == key,
            _ => false,
        })
        .count()
}

/// The refusal of a new child with brief `key`, if any: `depth` is the caller's, `running`
/// the (call id, brief key) of the running children.
pub fn refusal(
    depth: u32,
    key: &str,
    running: &[(String, String)],
    max: usize,
    events: &[Event],
) -> Option<Refusal> {
    if depth >= MAX_DEPTH {
        return Some(Refusal::Depth);
    }
    if key.is_empty() {
        return Some(Refusal::Empty);
    }
    if let Some((call_id, _)) = running.iter().find(|(_, k)| k == key) {
        return Some(Refusal::Duplicate {
            call_id: call_id.clone(),
        });
    }
    let failures = failures(events, key);
    if failures >= MAX_FAILURES {
        return Some(Refusal::Failed { failures });
    }
    if running.len() >= max {
        return Some(Refusal::OverCap {
            running: running.len(),
            max,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_protocol::event::SubagentRecord;

    fn failed(task: &str, outcome: Option<Outcome>) -> Event {
        Event {
            seq: 0,
            ts_ms: 0,
            kind: EventKind::Subagent(SubagentRecord {
                call_id: "c".into(),
                session: "s".into(),
                task: task.into(),
                outcome,
                salvaged: false,
                usage: None,
                node: None,
                superseded: false,
            }),
        }
    }

    #[test]
    fn keys_ignore_case_spacing_and_the_tail() {
        assert_eq!(brief_key("  Fix   the\n\tTEST "), "fix the test");
        let long = "a".repeat(300);
        assert_eq!(brief_key(&long).len(), 240);
        assert_eq!(
            brief_key(&format!("{long}x")),
            brief_key(&format!("{long}y"))
        );
    }

    #[test]
    fn each_refusal_has_its_reason() {
        let running = vec![("call_1_1".to_string(), "fix a".to_string())];
        assert_eq!(refusal(1, "fix b", &[], 4, &[]), Some(Refusal::Depth));
        assert_eq!(refusal(0, "", &[], 4, &[]), Some(Refusal::Empty));
        assert!(matches!(
            refusal(0, "fix a", &running, 4, &[]),
            Some(Refusal::Duplicate { .. })
        ));
        assert_eq!(
            refusal(0, "fix b", &running, 1, &[]),
            Some(Refusal::OverCap { running: 1, max: 1 })
        );
        assert_eq!(refusal(0, "fix b", &running, 2, &[]), None);
        let events: Vec<Event> = (0..3)
            .map(|_| failed("Fix  B", Some(Outcome::Limit)))
            .collect();
        assert_eq!(
            refusal(0, "fix b", &[], 4, &events),
            Some(Refusal::Failed { failures: 3 })
        );
        assert_eq!(refusal(0, "fix b", &[], 4, &events[..2]), None);
        let done = vec![failed("fix b", Some(Outcome::Done)); 5];
        assert_eq!(refusal(0, "fix b", &[], 4, &done), None);
        for r in [
            Refusal::Depth,
            Refusal::OverCap { running: 4, max: 4 },
            Refusal::Duplicate {
                call_id: "x".into(),
            },
            Refusal::Failed { failures: 3 },
            Refusal::Budget { left: 10 },
        ] {
            assert!(r.to_string().contains("Do not retry"), "{r}");
        }
    }
}

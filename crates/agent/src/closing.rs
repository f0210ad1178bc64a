//! The closing report of a session: what each guard did (observation, policy, stuck and
//! breaker, context management, verification), read from the session events alone. Printed by
//! `loop demo` at its end and by `loop sessions show` after the transcript.

use std::fmt::Write as _;
use std::path::PathBuf;

use loopwright_protocol::condensation::{Condensation, MaskReason};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::tool::ToolStatus;
use loopwright_store::StateDir;

use crate::tools::describe_call;

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What the session events say each guard did.
#[derive(Default)]
struct Tally {
    outputs: u64,
    raw: u64,
    shown: u64,
    compressed: Vec<String>,
    spilled: Vec<String>,
    denied: Vec<String>,
    trips: Vec<String>,
    verify: Vec<String>,
    steps: u64,
    tokens: u64,
    outcome: String,
}

fn tally(events: &[Event]) -> Tally {
    let mut t = Tally {
        outcome: String::from("open"),
        ..Tally::default()
    };
    let mut calls = std::collections::HashMap::new();
    for e in events {
        match &e.kind {
            EventKind::Assistant {
                tool_calls, usage, ..
            } => {
                t.steps += 1;
                t.tokens += usage.map_or(0, |u| u.total());
                for c in tool_calls {
                    calls.insert(c.id.clone(), describe_call(c));
                }
            }
            EventKind::ToolResult(r) => {
                t.outputs += 1;
                t.raw += r.raw_bytes;
                t.shown += r.content.len() as u64;
                let what = calls
                    .get(&r.call_id)
                    .cloned()
                    .unwrap_or_else(|| r.name.clone());
                // A recalled result repeats an earlier one's text: not a new compression.
                if let Some(line) = r
                    .content
                    .lines()
                    .find(|l| l.starts_with("[log compressed:"))
                    .filter(|_| !r.content.starts_with("[recall id "))
                {
                    t.compressed.push(format!(
                        "{what} {}",
                        line.trim_start_matches("[log compressed: ")
                            .trim_end_matches(']')
                    ));
                }
                if let Some(s) = &r.spill {
                    t.spilled.push(format!(
                        "{what}: {} bytes -> {} shown, full text in {s}",
                        thousands(r.raw_bytes),
                        thousands(r.content.len() as u64)
                    ));
                }
                if r.status == ToolStatus::Denied {
                    t.denied.push(format!(
                        "{what}: {}",
                        r.content.lines().next().unwrap_or_default()
                    ));
                }
            }
            EventKind::GuardTrip {
                guard,
                reason,
                action,
            } => t.trips.push(format!("{guard}: {reason} -> {action}")),
            EventKind::Verify {
                command, passed, ..
            } => {
                t.verify.push(format!(
                    "`{command}` {}",
                    if *passed { "passed" } else { "failed" }
                ));
            }
            EventKind::End { outcome: o, .. } => t.outcome = o.as_str().to_string(),
            _ => {}
        }
    }
    t
}

/// What each guard did, from the events of session `id`, with the commands that inspect it.
pub fn closing_report(events: &[Event], id: &str) -> String {
    let ws = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::SessionStart { workspace, .. } => Some(PathBuf::from(workspace)),
            _ => None,
        })
        .unwrap_or_default();
    let Tally {
        outputs,
        raw,
        shown,
        compressed,
        spilled,
        denied,
        trips,
        verify,
        steps,
        tokens,
        outcome,
    } = tally(events);
    let mut s = String::from("What the guards did\n");
    let _ = writeln!(
        s,
        "  outcome      {outcome} after {steps} steps, {} tool results, ~{} tokens (estimated)",
        outputs,
        thousands(tokens)
    );
    let _ = writeln!(
        s,
        "  observation  {} bytes of tool output, {} bytes shown to the model ({} kept out of the context, nothing lost)",
        thousands(raw),
        thousands(shown),
        thousands(raw.saturating_sub(shown))
    );
    for c in &compressed {
        let _ = writeln!(s, "    compressed  {c}");
    }
    for c in &spilled {
        let _ = writeln!(s, "    spilled     {c}");
    }
    if denied.is_empty() {
        let _ = writeln!(s, "  policy       nothing denied");
    }
    for d in &denied {
        let _ = writeln!(s, "  policy       denied {d}");
    }
    if trips.is_empty() {
        let _ = writeln!(s, "  stuck/breaker no trip");
    }
    for t in &trips {
        let _ = writeln!(s, "  stuck/breaker {t}");
    }
    let _ = writeln!(s, "  context      {}", context_line(events));
    for v in &verify {
        let _ = writeln!(s, "  verify       {v}");
    }
    let _ = writeln!(s, "\nInspect it:");
    let _ = writeln!(s, "  loop sessions show {id} --workspace {}", ws.display());
    let _ = writeln!(
        s,
        "  loop context --status --ledger {}",
        StateDir::of_workspace(&ws).run_ledger(id).display()
    );
    s
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn id_list(ids: &[u64]) -> String {
    let ids: Vec<String> = ids.iter().map(u64::to_string).collect();
    format!(
        "recall {} {}",
        if ids.len() == 1 { "id" } else { "ids" },
        ids.join(", ")
    )
}

/// What context management did, from the session events: the instruction files in the prompt
/// prefix, the tool results masked (by reason, with their recall ids), the summaries, and the
/// successful `recall` calls.
pub fn context_line(events: &[Event]) -> String {
    let results: std::collections::HashSet<u64> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ToolResult(_)))
        .map(|e| e.seq)
        .collect();
    let mut parts = Vec::new();
    let files: Vec<String> = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ProjectInstructions { files } => {
                Some(files.iter().map(|f| f.name.clone()).collect())
            }
            _ => None,
        })
        .unwrap_or_default();
    parts.push(if files.is_empty() {
        "no AGENTS.md or CLAUDE.md".to_string()
    } else {
        format!("{} in the prefix", files.join(" + "))
    });
    let masked = masked(events, &results);
    if masked.is_empty() {
        parts.push("nothing masked".into());
    }
    parts.extend(masked);
    for e in events {
        if let EventKind::Condensation {
            record: Condensation::Summary {
                first_id, last_id, ..
            },
            ..
        } = &e.kind
        {
            parts.push(format!("events {first_id}..{last_id} summarised"));
        }
    }
    let recalled = recalled(events);
    parts.push(if recalled.is_empty() {
        "nothing recalled".into()
    } else {
        format!(
            "{} in full ({})",
            plural(recalled.len(), "recalled", "recalled"),
            id_list(&recalled)
        )
    });
    parts.join("; ")
}

/// One phrase per mask reason: how many tool results (of `results`) were masked, in how many
/// batches, with their recall ids.
fn masked(events: &[Event], results: &std::collections::HashSet<u64>) -> Vec<String> {
    let mut masked = Vec::new();
    for (reason, one, many) in [
        (MaskReason::Old, "old tool result", "old tool results"),
        (MaskReason::StaleRead, "stale read", "stale reads"),
        (
            MaskReason::Duplicate,
            "duplicate result",
            "duplicate results",
        ),
    ] {
        let mut batches = 0;
        let mut ids = Vec::new();
        for e in events {
            if let EventKind::Condensation {
                record:
                    Condensation::Mask {
                        reason: r, ids: i, ..
                    },
                ..
            } = &e.kind
                && *r == reason
            {
                batches += 1;
                ids.extend(i.iter().copied().filter(|id| results.contains(id)));
            }
        }
        if !ids.is_empty() {
            masked.push(format!(
                "{} masked in {} ({})",
                plural(ids.len(), one, many),
                plural(batches, "batch", "batches"),
                id_list(&ids)
            ));
        }
    }
    masked
}

/// The recall ids of the successful `recall` calls, in order.
fn recalled(events: &[Event]) -> Vec<u64> {
    // The recall tool, by the name its one declaration gives it.
    let recall = loopwright_context::condense::recall_tool_spec().name;
    let mut asked = std::collections::HashMap::new();
    let mut recalled = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::Assistant { tool_calls, .. } => {
                for c in tool_calls.iter().filter(|c| c.name == recall) {
                    if let Some(id) = c.arguments.get("id").and_then(serde_json::Value::as_u64) {
                        asked.insert(c.id.clone(), id);
                    }
                }
            }
            EventKind::ToolResult(r) if r.name == recall && r.status == ToolStatus::Ok => {
                if let Some(id) = asked.get(&r.call_id) {
                    recalled.push(*id);
                }
            }
            _ => {}
        }
    }
    recalled
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(lines: &[&str]) -> Vec<Event> {
        lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["seq"] = i.into();
                v["ts_ms"] = 0.into();
                serde_json::from_value(v).unwrap()
            })
            .collect()
    }

    const START: &str =
        r#"{"type":"session_start","task":"t","workspace":"/w","provider":"scripted"}"#;

    fn result(call: &str, name: &str, status: &str) -> String {
        format!(
            r#"{{"type":"tool_result","call_id":"{call}","name":"{name}","status":"{status}","content":"x","raw_bytes":1,"duration_ms":0}}"#
        )
    }

    #[test]
    fn nothing_done_says_so() {
        let ev = events(&[START, r#"{"type":"project_instructions","files":[]}"#]);
        assert_eq!(
            context_line(&ev),
            "no AGENTS.md or CLAUDE.md; nothing masked; nothing recalled"
        );
    }

    #[test]
    fn masks_by_reason_count_only_tool_results_and_recalls_only_successes() {
        let call = |id: &str, args: &str| {
            format!(
                r#"{{"type":"assistant","text":"","tool_calls":[{{"id":"{id}","name":"recall","arguments":{args}}}]}}"#
            )
        };
        let ev = events(&[
            START,
            r#"{"type":"project_instructions","files":[{"name":"AGENTS.md","text":"a","bytes":1},{"name":"CLAUDE.md","text":"c","bytes":1}]}"#,
            &result("a", "shell", "ok"),
            &result("b", "shell", "ok"),
            &result("c", "read_file", "ok"),
            // 1 is not a tool result (an assistant message's arguments): not counted.
            r#"{"type":"condensation","record":{"type":"mask","step":3,"reason":"old","ids":[1,2,3]}}"#,
            r#"{"type":"condensation","record":{"type":"mask","step":4,"reason":"stale_read","ids":[4]}}"#,
            &call("r1", r#"{"id":2}"#),
            &result("r1", "recall", "ok"),
            &call("r2", r#"{"id":99}"#),
            &result("r2", "recall", "error"),
        ]);
        assert_eq!(
            context_line(&ev),
            "AGENTS.md + CLAUDE.md in the prefix; 2 old tool results masked in 1 batch \
             (recall ids 2, 3); 1 stale read masked in 1 batch (recall id 4); \
             1 recalled in full (recall id 2)"
        );
    }

    #[test]
    fn the_context_line_is_in_the_report() {
        let ev = events(&[START]);
        let report = closing_report(&ev, "s1");
        assert!(
            report.contains(
                "\n  context      no AGENTS.md or CLAUDE.md; nothing masked; nothing recalled\n"
            ),
            "{report}"
        );
        assert!(
            report.contains("loop sessions show s1 --workspace /w\n"),
            "{report}"
        );
        assert!(
            report.contains("/w/.loop/sessions/s1.ledger.json"),
            "{report}"
        );
    }
}

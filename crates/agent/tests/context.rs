//! Context management in the loop: old tool results are masked in batches, the task stays,
//! every call keeps its result, and a resumed run rebuilds the same history.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Run, assert_every_call_answered_once};
use loopwright_agent::context::ContextState;
use loopwright_context::condense::Config;
use loopwright_protocol::event::EventKind;
use loopwright_protocol::message::{ModelRequest, Role};

fn script(steps: usize) -> String {
    let mut turns: Vec<String> = (0..steps)
        .map(|i| {
            format!(
                r#"{{"text": "look {i}", "tool_calls": [{{"name": "shell", "arguments": {{"command": "seq {i} 300"}}}}]}}"#
            )
        })
        .collect();
    turns.push(r#"{"text": "Done."}"#.into());
    format!("[{}]", turns.join(",\n"))
}

fn paired(r: &ModelRequest) -> bool {
    let calls: Vec<&str> = r
        .messages
        .iter()
        .flat_map(|m| m.tool_calls.iter().map(|c| c.id.as_str()))
        .collect();
    let results: Vec<&str> = r
        .messages
        .iter()
        .filter_map(|m| m.tool_call_id.as_deref())
        .collect();
    calls == results
}

fn masked(r: &ModelRequest) -> usize {
    r.messages
        .iter()
        .filter(|m| m.role == Role::Tool && m.content.starts_with("[masked tool result: shell"))
        .count()
}

#[test]
fn old_results_are_masked_in_batches_and_resume_rebuilds_the_same_history() {
    let ws = tempfile::tempdir().unwrap();
    let s = script(20);
    let out = Run::new(ws.path(), &s).go();
    assert_every_call_answered_once(&out.events);
    assert_eq!(out.requests.len(), 21);
    for r in &out.requests {
        assert_eq!(r.messages[0].content, "fix the bug");
        assert!(paired(r));
    }
    // 15 results: 5 older than the last 10 -> the first batch; then nothing until 20.
    let counts: Vec<usize> = out.requests.iter().map(masked).collect();
    assert_eq!(counts[14], 0);
    assert_eq!(counts[15], 5);
    assert_eq!(counts[19], 5);
    assert_eq!(counts[20], 10);
    // Between batches the request grows only at the end (the tail excepted).
    let (a, b) = (&out.requests[16], &out.requests[17]);
    let body = a.messages.len() - 1;
    assert_eq!(a.messages[..body], b.messages[..body]);
    // A fresh process rebuilds the same history from the log alone.
    let last = out
        .events
        .iter()
        .rposition(|e| matches!(e.kind, EventKind::Assistant { .. }))
        .unwrap();
    let r = out.requests.last().unwrap();
    let mut fresh = ContextState::new(Config::mask_and_summary(128_000));
    let rebuilt = fresh.update(&out.events[..last], &r.system, &r.tools);
    assert_eq!(rebuilt[..], r.messages[..r.messages.len() - 1]);
    assert_eq!(fresh.records().len(), 2);
}

#[test]
fn condenser_none_sends_the_full_history() {
    let ws = tempfile::tempdir().unwrap();
    let s = script(16);
    let mut run = Run::new(ws.path(), &s);
    run.configure = Some(Box::new(|c| {
        c.context = Config::from_strategy("none", 128_000).unwrap();
    }));
    let out = run.go();
    assert!(out.requests.iter().all(|r| masked(r) == 0));
}

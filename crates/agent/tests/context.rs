//! Context management in the loop: old tool results are masked in batches, the task stays,
//! every call keeps its result, each condensation is stored in the log before the model call
//! it applies to, and a resumed run rebuilds the same history from those records.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{
    Run, assert_context_invariants, assert_every_call_answered_once, paired, render_history,
    shell_script,
};
use loopwright_agent::context::ContextState;
use loopwright_context::condense::{Config, MaskConfig};
use loopwright_protocol::condensation::{Condensation, MaskReason};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::{ModelRequest, Role};
use loopwright_protocol::tool::ToolStatus;

fn script(steps: usize) -> String {
    shell_script(steps, &|i| format!("seq {i} 300"), &[])
}

fn masked(r: &ModelRequest) -> usize {
    r.messages
        .iter()
        .filter(|m| m.role == Role::Tool && m.content.starts_with("[masked tool result: shell"))
        .count()
}

fn records(events: &[Event]) -> Vec<(u64, Condensation)> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Condensation { record, .. } => Some((e.seq, record.clone())),
            _ => None,
        })
        .collect()
}

/// Masking only, keeping the last 2 results and masking in batches of 2.
fn mask_only(c: &mut loopwright_agent::RunConfig) {
    c.context = Config {
        mask: Some(MaskConfig {
            keep_last: 2,
            batch: 2,
            ..MaskConfig::default()
        }),
        ..Config::from_strategy("none", 1).unwrap()
    };
}

#[test]
fn old_results_are_masked_in_batches_and_resume_rebuilds_the_same_history() {
    let ws = tempfile::tempdir().unwrap();
    let s = script(20);
    let out = Run::new(ws.path(), &s).go();
    assert_every_call_answered_once(&out.events);
    assert_eq!(out.requests.len(), 21);
    assert_context_invariants(&out, "fix the bug");
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
    // A fresh process rebuilds the same history from the log's records alone.
    let last = out
        .events
        .iter()
        .rposition(|e| matches!(e.kind, EventKind::Assistant { .. }))
        .unwrap();
    let r = out.requests.last().unwrap();
    let fresh = ContextState::from_events(
        Config::from_strategy("none", 1).unwrap(),
        &out.events[..last],
    );
    assert_eq!(
        fresh.view(&out.events[..last])[..],
        r.messages[..r.messages.len() - 1]
    );
    assert_eq!(fresh.records().len(), 2);
}

#[test]
fn each_record_is_stored_before_the_model_call_it_applies_to() {
    let ws = tempfile::tempdir().unwrap();
    let s = script(6);
    let mut run = Run::new(ws.path(), &s);
    run.configure = Some(Box::new(mask_only));
    let out = run.go();
    let recs = records(&out.events);
    assert_eq!(recs.len(), 2, "{recs:?}");
    for (seq, rec) in &recs {
        let Condensation::Mask { step, reason, ids } = rec else {
            panic!("{rec:?}")
        };
        assert_eq!(*reason, MaskReason::Old);
        assert!(!ids.is_empty());
        // The next event is the assistant message of that step: the record came first.
        let next = &out.events[*seq as usize + 1];
        assert!(
            matches!(next.kind, EventKind::Assistant { .. }),
            "{:?}",
            next.kind
        );
        let steps_before = out.events[..*seq as usize]
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Assistant { .. }))
            .count() as u64;
        assert_eq!(*step, steps_before + 1);
    }
    assert_context_invariants(&out, "fix the bug");
}

#[test]
fn request_layout_before_and_after_a_mask_batch() {
    let ws = tempfile::tempdir().unwrap();
    let s = shell_script(5, &|i| format!("seq {i} 100"), &[]);
    let mut run = Run::new(ws.path(), &s);
    run.configure = Some(Box::new(mask_only));
    let out = run.go();
    assert_eq!(masked(&out.requests[3]), 0);
    assert_eq!(masked(&out.requests[4]), 2);
    // Everything before the batch point is untouched, and after it the request only grows.
    assert_eq!(out.requests[4].messages[..2], out.requests[3].messages[..2]);
    let (a, b) = (&out.requests[4], &out.requests[5]);
    assert_eq!(
        a.messages[..a.messages.len() - 1],
        b.messages[..a.messages.len() - 1]
    );
    insta::assert_snapshot!(
        "mask_batch",
        render_history(&out.requests, ws.path(), &[3, 4])
    );
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
    assert!(records(&out.events).is_empty());
    assert!(out.requests.iter().all(paired));
}

#[test]
fn the_recall_tool_returns_a_masked_result_in_full_through_the_policy_gate() {
    let ws = tempfile::tempdir().unwrap();
    // Results: seq 4 is the first tool result (0 start, 1 instructions, 2 assistant,
    // 3 tool start). After 4 results the first 2 are masked; then the model recalls seq 4.
    // `cat` is allowed by the default policy (`seq` would be asked about, and so denied).
    for i in 0..4 {
        let text: String = (0..60).map(|n| format!("file {i} line {n}\n")).collect();
        std::fs::write(ws.path().join(format!("f{i}.txt")), text).unwrap();
    }
    let mut turns: Vec<serde_json::Value> = (0..4)
        .map(|i| {
            serde_json::json!({"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": format!("cat f{i}.txt")}}]})
        })
        .collect();
    turns.push(serde_json::json!({"text": "", "tool_calls": [
        {"name": "recall", "arguments": {"id": 4}},
        {"name": "recall", "arguments": {"id": 999}}]}));
    turns.push(serde_json::json!({"text": "Done."}));
    let s = serde_json::Value::Array(turns).to_string();
    let mut run = Run::new(ws.path(), &s);
    run.configure = Some(Box::new(mask_only));
    // The default policy, with nobody to answer an `ask`: recall must still run.
    let policy =
        loopwright_policy::Policy::load(vec![loopwright_policy::Layer::builtin().unwrap()]);
    run.gate = Some(Box::new(loopwright_agent::policy_gate::PolicyGate::new(
        policy,
    )));
    let out = run.go();
    let first = match &out.events[4].kind {
        EventKind::ToolResult(r) => r.content.clone(),
        other => panic!("{other:?}"),
    };
    assert!(masked(&out.requests[4]) >= 1);
    let recalled: Vec<_> = out
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ToolResult(r) if r.name == "recall" => Some(r.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(recalled.len(), 2);
    assert_eq!(
        recalled[0].status,
        ToolStatus::Ok,
        "{}",
        recalled[0].content
    );
    assert!(
        recalled[0]
            .content
            .starts_with("[recall id 4: result of shell"),
        "{}",
        recalled[0].content
    );
    assert!(recalled[0].content.ends_with(&first));
    assert_eq!(recalled[1].status, ToolStatus::Error);
    assert!(
        recalled[1]
            .content
            .starts_with("no event with recall id 999")
    );
    assert_context_invariants(&out, "fix the bug");
}

#[test]
fn project_instructions_are_in_the_prefix_and_a_resume_keeps_their_bytes() {
    let ws = tempfile::tempdir().unwrap();
    std::fs::write(ws.path().join("CLAUDE.md"), "Prefer small diffs.\n").unwrap();
    std::fs::write(
        ws.path().join("AGENTS.md"),
        "Run `make check` before finish.\n",
    )
    .unwrap();
    let s = script(2);
    let mut run = Run::new(ws.path(), &s);
    run.configure = Some(Box::new(|c| c.max_steps = 1));
    let out = run.go();
    assert!(matches!(out.end, loopwright_agent::RunEnd::Limit(_)));
    let system = &out.requests[0].system;
    let a = system
        .find("# Project instructions (AGENTS.md)\n\nRun `make check` before finish.")
        .expect("AGENTS.md in the system prompt");
    let c = system
        .find("# Project instructions (CLAUDE.md)\n\nPrefer small diffs.")
        .expect("CLAUDE.md in the system prompt");
    assert!(a < c, "AGENTS.md comes first");
    assert!(matches!(
        &out.events[1].kind,
        EventKind::ProjectInstructions { files } if files.len() == 2
    ));
    // The file changes; the resumed run still sends the bytes stored at the start.
    std::fs::write(ws.path().join("AGENTS.md"), "Something else.\n").unwrap();
    let again = common::resume(ws.path(), &s, |_| {});
    assert!(matches!(again.end, loopwright_agent::RunEnd::Done(_)));
    assert!(again.requests.iter().all(|r| &r.system == system));
    let stored = again
        .events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ProjectInstructions { .. }))
        .count();
    assert_eq!(stored, 1);
}

#[test]
fn the_tail_shows_the_step_token_and_cost_budget_left_and_the_todo_list() {
    let ws = tempfile::tempdir().unwrap();
    let s = r#"[
      {"text": "", "tool_calls": [{"name": "todo", "arguments": {"items": [
        {"text": "read", "status": "done"}, {"text": "fix", "status": "in_progress"}]}}]},
      {"text": "done"}
    ]"#;
    let mut run = Run::new(ws.path(), s);
    run.configure = Some(Box::new(|c| {
        c.max_steps = 7;
        c.max_tokens = Some(100_000);
        c.max_cost = Some(5.0);
        c.prices = Some(loopwright_agent::Prices::new(1000.0, 2000.0));
    }));
    let out = run.go();
    let tail = &out.requests[1].messages.last().unwrap().content;
    let used = loopwright_agent::state::State::from_events(&out.events[..5])
        .usage
        .total();
    assert!(used > 0);
    let re = regex::Regex::new(
        r"^\[loop\] step 2 of 7; tokens used (\d+) of 100000 \((\d+) left\); cost \$(\d+\.\d\d) of \$5\.00\nTodo list:\n\[x\] read\n\[~\] fix$",
    )
    .unwrap();
    let caps = re.captures(tail).unwrap_or_else(|| panic!("{tail}"));
    let n: u64 = caps[1].parse().unwrap();
    let left: u64 = caps[2].parse().unwrap();
    assert_eq!(n + left, 100_000);
    assert!(caps[3].parse::<f64>().unwrap() > 0.0);
}

#[test]
fn a_large_recall_goes_through_the_observation_pipeline_and_spills_in_full() {
    let ws = tempfile::tempdir().unwrap();
    // Event 2 is an assistant message whose write_file arguments hold 8,000 characters; the
    // model recalls it, and the recall output is larger than one output may be.
    let big: String = (0..400)
        .map(|n| format!("row {n:04} of the table\n"))
        .collect();
    let s = serde_json::json!([
        {"text": "", "tool_calls": [{"name": "write_file", "arguments": {"path": "t.txt", "content": big}}]},
        {"text": "", "tool_calls": [{"name": "recall", "arguments": {"id": 2}}]},
        {"text": "Done."}
    ])
    .to_string();
    let mut run = Run::new(ws.path(), &s);
    run.configure = Some(Box::new(|c| {
        c.budget = loopwright_observe::Budget {
            per_output: loopwright_observe::Limit::Chars(4_000),
            per_turn: loopwright_observe::Limit::Chars(100_000),
        };
    }));
    let out = run.go();
    let (call, recalled) = out
        .events
        .iter()
        .enumerate()
        .find_map(|(i, e)| match &e.kind {
            EventKind::ToolResult(r) if r.name == "recall" => Some((i, r.clone())),
            _ => None,
        })
        .unwrap();
    let spill = recalled
        .spill
        .clone()
        .expect("the recall output was cut and spilled");
    assert!(recalled.content.len() < 5_000, "{}", recalled.content.len());
    let full = std::fs::read_to_string(ws.path().join(&spill)).unwrap();
    let recall_call = match &out.events[call - 2].kind {
        EventKind::Assistant { tool_calls, .. } => tool_calls[0].clone(),
        other => panic!("{other:?}"),
    };
    let want = loopwright_agent::recall::recall(&recall_call, &out.events[..call]);
    assert_eq!(full, want.text);
    assert!(full.contains("row 0399 of the table"));
}

//! `loop demo`: the offline showcase, including context management (project instructions in
//! the prefix, observation masking in batches, and a recall of a masked result).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test helpers outside #[test] functions

use std::path::Path;

use loopwright_protocol::condensation::{Condensation, MaskReason};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::tool::ToolStatus;

/// The masked result the scripted model recalls: the `bash test.sh --verbose` output.
const RECALLED: u64 = 15;

fn run_demo(ws: &Path) -> String {
    let out = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .args(["demo", "--dir", ws.to_str().unwrap()])
        .assert()
        .code(0)
        .get_output()
        .clone();
    String::from_utf8(out.stderr).unwrap()
}

fn events(ws: &Path) -> Vec<Event> {
    std::fs::read_to_string(ws.join(".loop/sessions/demo.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The closing report, with what varies from run to run (the workspace path, and the token
/// estimate that counts it) replaced.
fn report(stderr: &str, ws: &Path) -> String {
    let start = stderr
        .find("What the guards did")
        .expect("a closing report");
    let text = stderr[start..].replace(ws.to_str().unwrap(), "[WS]");
    regex::Regex::new(r"~[0-9,]+ tokens")
        .unwrap()
        .replace(&text, "~[N] tokens")
        .into_owned()
}

#[test]
fn demo_shows_every_guard_and_context_management() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("demo");
    let stderr = run_demo(&ws);
    for want in [
        "compressed  shell: bash build.sh",
        "spilled     shell: bash test.sh --verbose",
        "policy       denied shell: rm -rf ~/.cache/textstats",
        "stuck/breaker stuck: the same tool call failed twice",
        "verify       `bash test.sh` passed",
        // Live, in the transcript: the two mask batches and the recall call.
        "    context: 2 old result(s) masked",
        "    recall: 15 (ok",
        "\n  context      AGENTS.md in the prefix; 4 old tool results masked in 2 batches \
         (recall ids 9, 15, 18, 21); 1 recalled in full (recall id 15)\n",
    ] {
        assert!(stderr.contains(want), "missing {want:?} in:\n{stderr}");
    }
    insta::assert_snapshot!("demo_closing_report", report(&stderr, &ws));
}

#[test]
fn agents_md_is_stored_for_the_prefix_and_old_results_are_masked_in_batches() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("demo");
    run_demo(&ws);
    let events = events(&ws);
    let files = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ProjectInstructions { files } => Some(files.clone()),
            _ => None,
        })
        .expect("a project_instructions event");
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].name, "AGENTS.md");
    assert_eq!(files[0].text, include_str!("../demo/project/AGENTS.md"));
    assert!(
        files[0]
            .text
            .contains("Run `bash test.sh` before finishing")
    );

    let masks: Vec<(u64, MaskReason, Vec<u64>)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Condensation {
                record: Condensation::Mask { step, reason, ids },
                ..
            } => Some((*step, *reason, ids.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        masks,
        vec![
            (9, MaskReason::Old, vec![9, 15]),
            (10, MaskReason::Old, vec![18, 21]),
        ]
    );
    // Every masked id is a tool result of the session (a recall id the model can use).
    for id in masks.iter().flat_map(|m| m.2.iter()) {
        assert!(
            matches!(events[*id as usize].kind, EventKind::ToolResult(_)),
            "{id}"
        );
    }
}

#[test]
fn the_recall_returns_the_masked_result_in_full() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("demo");
    run_demo(&ws);
    let events = events(&ws);
    // The recalled event is the verbose test run's result, and it was masked before the recall.
    let EventKind::ToolResult(original) = &events[RECALLED as usize].kind else {
        panic!("event {RECALLED} is not a tool result");
    };
    assert_eq!(original.call_id, "call_4_1");
    let call = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Assistant { tool_calls, .. } => {
                tool_calls.iter().find(|c| c.name == "recall").cloned()
            }
            _ => None,
        })
        .expect("a recall call");
    assert_eq!(call.arguments["id"], RECALLED);
    let (seq, recalled) = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ToolResult(r) if r.call_id == call.id => Some((e.seq, r.clone())),
            _ => None,
        })
        .expect("the recall's result");
    let masked_at = events
        .iter()
        .find(|e| {
            matches!(&e.kind, EventKind::Condensation { record: Condensation::Mask { ids, .. }, .. }
                if ids.contains(&RECALLED))
        })
        .expect("the recalled result was masked")
        .seq;
    assert!(masked_at < seq);
    assert_eq!(recalled.status, ToolStatus::Ok);
    let (header, body) = recalled.content.split_once('\n').unwrap();
    assert!(
        header.starts_with(
            "[recall id 15: result of shell {\"command\":\"bash test.sh --verbose\"} [call_4_1]"
        ),
        "{header}"
    );
    assert_eq!(body, original.content);
    assert!(body.contains("FAIL word_count double space"));
}

//! `loop run --daily-budget-from-pattern` on the file store: every model call reserves from the
//! daily cap first and settles what it spent; the day's total is exactly the tokens of the runs;
//! a run that would pass the cap escalates (exit 2) before its call, and runs no tool.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use loopwright_protocol::event::EventKind;
use loopwright_protocol::tool::ToolStatus;
use loopwright_store::session::FileSessionStore;

const STEPS: usize = 4;

fn script() -> String {
    let mut turns: Vec<String> = (1..=STEPS)
        .map(|k| format!(r#"{{"text": "step {k}", "tool_calls": [{{"name": "shell", "arguments": {{"command": "echo s{k} >> side-effects.log"}}}}]}}"#))
        .collect();
    turns.push(
        r#"{"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "all steps ran"}}]}"#
            .into(),
    );
    format!("[{}]", turns.join(",\n"))
}

fn run(ws: &Path, id: &str, cap: u64) -> std::process::Output {
    fs::write(ws.join("script.json"), script()).unwrap();
    Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .args([
            "run",
            "--script",
            "script.json",
            "--yolo",
            "--session-id",
            id,
        ])
        .args(["--daily-budget-from-pattern", "test-pattern", "--daily-cap"])
        .arg(cap.to_string())
        .args(["--max-output-tokens", "200", "do the steps"])
        .env_remove("LOOP_STORE_URL")
        .current_dir(ws)
        .output()
        .unwrap()
}

/// Tokens a session used, from its log.
fn used(ws: &Path, id: &str) -> u64 {
    FileSessionStore::new(&ws.join(".loop"))
        .load(id)
        .unwrap()
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Assistant { usage, .. } => usage.map(|u| u.total()),
            _ => None,
        })
        .sum()
}

fn spent(ws: &Path) -> f64 {
    let v: serde_json::Value = serde_json::from_slice(
        &fs::read(ws.join(".loop-context/daily-spend.test-pattern.json")).unwrap(),
    )
    .unwrap();
    v["tokensUsedToday"].as_f64().unwrap()
}

#[test]
fn model_calls_reserve_and_settle_and_a_refusal_escalates() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    let out = run(ws, "first", 1_000_000);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let first = used(ws, "first");
    assert!(first > 0);
    assert_eq!(
        spent(ws),
        first as f64,
        "settled exactly what the calls used"
    );

    // A cap just above today's spend: the next call's reservation is refused.
    let out = run(ws, "second", first + 10);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Daily token spend for pattern \"test-pattern\" would pass its cap"),
        "{stderr}"
    );
    assert_eq!(used(ws, "second"), 0, "no model call was made");
    let events = FileSessionStore::new(&ws.join(".loop"))
        .load("second")
        .unwrap()
        .events;
    assert!(events.iter().any(|e| matches!(
        &e.kind,
        EventKind::GuardTrip { guard, .. } if guard == "daily-budget"
    )));
    let lines = fs::read_to_string(ws.join("side-effects.log")).unwrap();
    assert_eq!(lines.lines().count(), STEPS, "the refused run ran no tool");
    assert_eq!(spent(ws), first as f64);

    // `loop budget status` shows the day, with nothing left reserved.
    let status = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .args(["budget", "status", "--json", "--pattern", "test-pattern"])
        .env_remove("LOOP_STORE_URL")
        .current_dir(ws)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(v[0]["spent"].as_f64(), Some(first as f64));
    assert_eq!(v[0]["openReservations"], 0);
}

#[test]
fn bad_daily_budget_flags_leave_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    fs::write(ws.join("script.json"), script()).unwrap();
    for (args, want) in [
        (
            vec!["--daily-budget-from-pattern", "../x", "--daily-cap", "5"],
            "--daily-budget-from-pattern",
        ),
        (
            vec!["--daily-budget-from-pattern", "no-such-pattern"],
            "--daily-cap",
        ),
        (vec!["--daily-cap", "5"], "--daily-budget-from-pattern"),
    ] {
        let out = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
            .args(["run", "--script", "script.json", "--yolo"])
            .args(&args)
            .arg("task")
            .env_remove("LOOP_STORE_URL")
            .current_dir(ws)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(want), "{args:?}: {stderr}");
        assert!(!ws.join(".loop/sessions").exists(), "{args:?}");
    }
}

#[test]
fn a_loop_cannot_approve_a_budget_extension_even_with_yolo() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    let calls = [
        r#"{"name": "shell", "arguments": {"command": "loop budget approve 1"}}"#,
        r#"{"name": "shell", "arguments": {"command": "env FOO=1 /opt/bin/loop budget refuse 1"}}"#,
        r#"{"name": "write_file", "arguments": {"path": "loop-budget.md", "content": "Daily token cap: 999999999\n"}}"#,
    ];
    let mut turns: Vec<String> = calls
        .iter()
        .map(|c| format!(r#"{{"text": "", "tool_calls": [{c}]}}"#))
        .collect();
    turns.push(
        r#"{"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "tried"}}]}"#
            .into(),
    );
    fs::write(ws.join("script.json"), format!("[{}]", turns.join(","))).unwrap();
    let out = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .args([
            "run",
            "--script",
            "script.json",
            "--yolo",
            "--session-id",
            "s",
        ])
        .arg("approve my own budget")
        .env_remove("LOOP_STORE_URL")
        .current_dir(ws)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let events = FileSessionStore::new(&ws.join(".loop"))
        .load("s")
        .unwrap()
        .events;
    let denied: Vec<&str> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ToolResult(r) if r.status == ToolStatus::Denied => Some(r.content.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(denied.len(), 3, "{denied:?}");
    assert!(
        denied[0].contains("only a person approves"),
        "{}",
        denied[0]
    );
    assert!(denied[2].contains("loop-budget.md"), "{}", denied[2]);
    assert!(!ws.join("loop-budget.md").exists());
}

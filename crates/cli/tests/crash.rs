//! Crash safety: `loop run` killed with SIGKILL at many points, then resumed.
//!
//! Each trial starts a real `loop run` whose every step appends a unique token to a file,
//! kills it after a different delay, resumes it to completion, and checks that the log loads,
//! every tool call has exactly one result, and no tool call ran twice.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use loopwright_protocol::event::EventKind;
use loopwright_protocol::tool::ToolStatus;
use loopwright_store::session::FileSessionStore;

const STEPS: usize = 8;
const TRIALS: u64 = 50;

fn script() -> String {
    let mut turns: Vec<String> = (1..=STEPS)
        .map(|k| format!(r#"{{"text": "step {k}", "tool_calls": [{{"name": "shell", "arguments": {{"command": "echo s{k} >> runs.log; sleep 0.02"}}}}]}}"#))
        .collect();
    turns.push(r#"{"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "all steps ran"}}]}"#.into());
    // A kill while `finish` itself runs leaves it `interrupted`, and the resumed run asks the model
    // again: the script needs a spare turn for that.
    turns.push(r#"{"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "all steps ran"}}]}"#.into());
    format!("[{}]", turns.join(",\n"))
}

fn run_args(ws: &Path, script: &Path) -> Vec<String> {
    vec![
        "--workspace".into(),
        ws.to_string_lossy().into_owned(),
        "--script".into(),
        script.to_string_lossy().into_owned(),
        "--yolo".into(),
    ]
}

/// Checks one trial; returns how many calls were repaired as `interrupted`.
fn check(ws: &Path, trial: u64) -> usize {
    let store = FileSessionStore::new(&ws.join(".loop"));
    let events = store
        .load("c")
        .unwrap_or_else(|e| panic!("trial {trial}: log does not load: {e}"))
        .events;
    let mut calls = Vec::new();
    let mut results: HashMap<String, (usize, ToolStatus)> = HashMap::new();
    let mut done = false;
    for e in &events {
        match &e.kind {
            EventKind::Assistant { tool_calls, .. } => {
                calls.extend(tool_calls.iter().map(|c| c.id.clone()))
            }
            EventKind::ToolResult(r) => {
                let entry = results.entry(r.call_id.clone()).or_insert((0, r.status));
                entry.0 += 1;
            }
            EventKind::End { outcome, .. } => done = outcome.as_str() == "done",
            _ => {}
        }
    }
    assert!(done, "trial {trial}: the resumed run must finish");
    for c in &calls {
        assert_eq!(
            results.get(c).map(|r| r.0),
            Some(1),
            "trial {trial}: call {c} needs exactly one result"
        );
    }
    let ran = std::fs::read_to_string(ws.join("runs.log")).unwrap_or_default();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for tok in ran.lines() {
        *seen.entry(tok).or_default() += 1;
    }
    for (tok, n) in &seen {
        assert_eq!(*n, 1, "trial {trial}: {tok} ran {n} times");
    }
    // Every call that completed normally ran exactly once.
    for (id, (_, status)) in &results {
        if *status == ToolStatus::Ok && id.starts_with("call_") {
            let step: usize = id
                .trim_start_matches("call_")
                .split('_')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            if step <= STEPS {
                assert_eq!(
                    seen.get(format!("s{step}").as_str()),
                    Some(&1),
                    "trial {trial}: {id} ok but did not run"
                );
            }
        }
    }
    results
        .values()
        .filter(|(_, s)| *s == ToolStatus::Interrupted)
        .count()
}

#[test]
fn sigkill_at_many_points_then_resume() {
    let bin = assert_cmd::cargo::cargo_bin!("loop");
    let root = tempfile::tempdir().unwrap();
    let script_path = root.path().join("script.json");
    std::fs::write(&script_path, script()).unwrap();
    let mut killed_mid_run = 0;
    let mut repaired = 0;
    for trial in 0..TRIALS {
        let ws = root.path().join(format!("w{trial}"));
        std::fs::create_dir_all(&ws).unwrap();
        let mut child = Command::new(bin)
            .arg("run")
            .args(run_args(&ws, &script_path))
            .args(["--session-id", "c", "count the steps"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Spread the kill points over the whole run (about 8 steps of ~25 ms each).
        let delay = (trial * 7919) % 320;
        std::thread::sleep(Duration::from_millis(delay));
        let finished_before_kill = child.try_wait().unwrap().is_some();
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        if !finished_before_kill {
            killed_mid_run += 1;
        }
        if !ws.join(".loop/sessions/c.jsonl").exists() {
            // Killed before the session existed: start again, as a user would.
            let st = Command::new(bin)
                .arg("run")
                .args(run_args(&ws, &script_path))
                .args(["--session-id", "c", "count the steps"])
                .output()
                .unwrap();
            assert_eq!(
                st.status.code(),
                Some(0),
                "trial {trial}: {}",
                String::from_utf8_lossy(&st.stderr)
            );
        } else {
            let st = Command::new(bin)
                .arg("run")
                .arg("--resume")
                .arg("c")
                .args(run_args(&ws, &script_path))
                .output()
                .unwrap();
            assert_eq!(
                st.status.code(),
                Some(0),
                "trial {trial}: {}",
                String::from_utf8_lossy(&st.stderr)
            );
        }
        repaired += check(&ws, trial);
    }
    assert!(
        killed_mid_run >= TRIALS / 2,
        "most trials must kill a running process ({killed_mid_run})"
    );
    assert!(
        repaired >= 5,
        "kills in the middle of a tool call must happen ({repaired})"
    );
    eprintln!(
        "{TRIALS} trials, {killed_mid_run} killed mid-run, {repaired} calls repaired as interrupted"
    );
}

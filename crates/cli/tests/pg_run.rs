//! `loop run --store postgres://...`: a session started on one "machine" (its own HOME, working
//! and state directories) is killed or interrupted mid-run, then resumed with `--resume` on
//! another machine with the same store: it completes, and no tool runs twice (each tool call
//! appends a line to a marker file in the workspace of the machine that ran it: the side effects
//! of both machines together are every step exactly once).
//! Run inside `pg_virtualenv` (`.ci/pg-tests.sh`); skipped without `PGHOST` unless `CI` is set.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

mod common;
use common::{bin, pg_url};

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use loopwright_protocol::event::{EventKind, Outcome};
use loopwright_protocol::tool::ToolStatus;

const STEPS: usize = 5;
/// The step during which the first machine is stopped.
const STOP_AT: usize = 3;

const MARKER: &str = "side-effects.log";

/// STEPS shell steps, each appending `sK` to MARKER; step STOP_AT then waits long enough to be
/// stopped in the middle.
fn script() -> String {
    let m = MARKER;
    let mut turns: Vec<String> = (1..=STEPS)
        .map(|k| {
            let cmd = if k == STOP_AT {
                format!("echo s{k} >> {m}; sleep 8")
            } else {
                format!("echo s{k} >> {m}")
            };
            format!(
                r#"{{"text": "step {k}", "tool_calls": [{{"name": "shell", "arguments": {{"command": "{cmd}"}}}}]}}"#
            )
        })
        .collect();
    turns.push(
        r#"{"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "all steps ran"}}]}"#
            .into(),
    );
    format!("[{}]", turns.join(",\n"))
}

/// A machine: HOME, a workspace (also the working directory) with the default state directory.
fn machine(root: &Path, name: &str) -> (PathBuf, PathBuf) {
    let home = root.join(name).join("home");
    let ws = root.join(name).join("ws");
    fs::create_dir_all(&home).unwrap();
    fs::create_dir_all(&ws).unwrap();
    (home, ws)
}

fn loop_run(url: Option<&str>, home: &Path, ws: &Path, script: &Path, rest: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.arg("run")
        .args(rest)
        .arg("--script")
        .arg(script)
        .arg("--yolo")
        .env("HOME", home)
        .env_remove("LOOP_STORE_URL")
        .current_dir(ws)
        .stdin(Stdio::null());
    if let Some(u) = url {
        c.args(["--store", u]);
    }
    c
}

fn wait_for_line(marker: &Path, line: &str, child: &mut Child) {
    for _ in 0..1200 {
        if fs::read_to_string(marker).is_ok_and(|t| t.lines().any(|l| l == line)) {
            return;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "loop run ended before {line}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("{line} never appeared in {}", marker.display());
}

fn signal(sig: &str, target: &str) {
    let _ = Command::new("kill").args([sig, target]).status();
}

/// Starts the run on machine A, stops it during step STOP_AT with `sig`, resumes it on machine
/// B, and checks the store's log and the side effects.
fn resume_on_another_machine(test: &str, sig: &str) {
    let Some(url) = pg_url(test) else { return };
    let root = tempfile::tempdir().unwrap();
    let script_text = script();
    let (home_a, ws_a) = machine(root.path(), "a");
    let (home_b, ws_b) = machine(root.path(), "b");
    // Each machine has its own copy of the script, as a CI job has its own checkout.
    for ws in [&ws_a, &ws_b] {
        fs::write(ws.join("script.json"), &script_text).unwrap();
    }

    let mut first = loop_run(
        Some(&url),
        &home_a,
        &ws_a,
        &ws_a.join("script.json"),
        &["--session-id", "fleet-1", "do the steps"],
    )
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    wait_for_line(&ws_a.join(MARKER), &format!("s{STOP_AT}"), &mut first);
    signal(sig, &first.id().to_string());
    let status = first.wait().unwrap();
    // After a SIGKILL the tool's own process group lives on (as on a dead runner its work
    // would simply stop); its `sleep` ends by itself and writes nothing more.
    assert!(!status.success(), "the first run was stopped: {status:?}");

    // The files of machine B know nothing of the session; the store does.
    let files = loop_run(
        None,
        &home_b,
        &ws_b,
        &ws_b.join("script.json"),
        &["--resume", "fleet-1"],
    )
    .output()
    .unwrap();
    assert_eq!(files.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&files.stderr).contains("no session \"fleet-1\""));

    let resumed = loop_run(
        Some(&url),
        &home_b,
        &ws_b,
        &ws_b.join("script.json"),
        &["--resume", "fleet-1"],
    )
    .output()
    .unwrap();
    let stderr = String::from_utf8_lossy(&resumed.stderr);
    assert_eq!(resumed.status.code(), Some(0), "resume failed:\n{stderr}");
    assert!(stderr.contains("done: all steps ran"), "{stderr}");

    // Every step's side effect happened exactly once, the first STOP_AT on machine A and the
    // rest on B: the interrupted step was not run again.
    let lines = |ws: &Path| -> Vec<String> {
        fs::read_to_string(ws.join(MARKER))
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let want = |ks: std::ops::RangeInclusive<usize>| -> Vec<String> {
        ks.map(|k| format!("s{k}")).collect()
    };
    assert_eq!(lines(&ws_a), want(1..=STOP_AT), "side effects on machine A");
    assert_eq!(
        lines(&ws_b),
        want(STOP_AT + 1..=STEPS),
        "side effects on machine B"
    );

    // The log lives in the store, not in either machine's files.
    for ws in [&ws_a, &ws_b] {
        assert!(!ws.join(".loop/sessions/fleet-1.jsonl").exists());
    }
    let store = loopwright_store_pg::session_store(Some(&url), Path::new("/nonexistent")).unwrap();
    let events = store.load_session("fleet-1").unwrap().events;
    let mut calls = 0;
    let mut results = Vec::new();
    for e in &events {
        match &e.kind {
            EventKind::Assistant { tool_calls, .. } => calls += tool_calls.len(),
            EventKind::ToolResult(r) => results.push((r.call_id.clone(), r.status)),
            _ => {}
        }
    }
    assert_eq!(results.len(), calls, "one result per tool call");
    let mut ids: Vec<&String> = results.iter().map(|(id, _)| id).collect();
    ids.dedup();
    assert_eq!(ids.len(), calls, "no call answered twice");
    let interrupted = results
        .iter()
        .filter(|(_, s)| *s == ToolStatus::Interrupted)
        .count();
    assert_eq!(
        interrupted, 1,
        "the stopped step is marked interrupted once"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Resumed { .. }))
    );
    assert!(matches!(
        events.last().map(|e| &e.kind),
        Some(EventKind::End {
            outcome: Outcome::Done,
            ..
        })
    ));
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e.seq, i as u64, "events are numbered without gaps");
    }
}

#[test]
fn a_run_killed_on_one_machine_resumes_on_another_without_rerunning_a_tool() {
    resume_on_another_machine("run_kill", "-KILL");
}

#[test]
fn a_run_interrupted_on_one_machine_resumes_on_another_without_rerunning_a_tool() {
    resume_on_another_machine("run_int", "-INT");
}

//! `loop run --daily-budget-from-pattern --store postgres://...`: eight runs on four "machines"
//! (own HOME and workspace) share one daily cap in the database. Every model call reserves
//! first and settles after, so the day's spend is exactly the tokens of every session, never
//! passes the cap, and the runs refused a reservation escalate (exit 2). Run inside
//! `pg_virtualenv` (`.ci/pg-tests.sh`); skipped without `PGHOST` unless `CI` is set.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

mod common;
use common::{bin, pg_url};

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use loopwright_protocol::event::EventKind;

const STEPS: usize = 6;

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

/// `loop run` of session `id` on machine `m` under `pattern`'s cap.
fn run(url: &str, m: &Path, id: &str, pattern: &str, cap: u64) -> Command {
    let ws = m.join("ws");
    fs::create_dir_all(&ws).unwrap();
    fs::write(ws.join("script.json"), script()).unwrap();
    let mut c = Command::new(bin());
    c.args([
        "run",
        "--script",
        "script.json",
        "--yolo",
        "--session-id",
        id,
    ])
    .args(["--daily-budget-from-pattern", pattern, "--daily-cap"])
    .arg(cap.to_string())
    .args(["--max-output-tokens", "200", "--store", url, "do the steps"])
    .env("HOME", m)
    .env_remove("LOOP_STORE_URL")
    .current_dir(&ws)
    .stdin(Stdio::null());
    c
}

/// Tokens session `id` used, from its log in the store.
fn used(url: &str, id: &str) -> u64 {
    let store = loopwright_store_pg::session_store(Some(url), Path::new("/nonexistent")).unwrap();
    store
        .load_session(id)
        .unwrap()
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Assistant { usage, .. } => usage.map(|u| u.total()),
            _ => None,
        })
        .sum()
}

#[test]
fn runs_on_four_machines_share_one_exact_daily_cap() {
    let Some(url) = pg_url("run_budget") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // One run alone, to size the cap: enough for about three and a half runs.
    let calib = run(
        &url,
        &dir.path().join("calib"),
        "calib",
        "calib",
        10_000_000,
    )
    .output()
    .unwrap();
    assert_eq!(calib.status.code(), Some(0), "{calib:?}");
    let one = used(&url, "calib");
    let cap = one * 7 / 2;

    let children: Vec<_> = (0..8)
        .map(|i| {
            let m = dir.path().join(format!("machine-{}", i % 4));
            run(&url, &m, &format!("run-{i}"), "fleet", cap)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outs: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let codes: Vec<Option<i32>> = outs.iter().map(|o| o.status.code()).collect();
    assert!(
        codes.iter().all(|c| matches!(c, Some(0 | 2))),
        "done or escalated: {outs:?}"
    );
    assert!(
        codes.iter().filter(|c| **c == Some(2)).count() >= 4,
        "the cap stops at least half of the runs: {codes:?}"
    );
    for o in outs.iter().filter(|o| o.status.code() == Some(2)) {
        assert!(String::from_utf8_lossy(&o.stderr).contains("would pass its cap"));
    }

    let total: u64 = (0..8).map(|i| used(&url, &format!("run-{i}"))).sum();
    let status = Command::new(bin())
        .args([
            "budget",
            "status",
            "--json",
            "--pattern",
            "fleet",
            "--store",
            &url,
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    let spent = v[0]["spent"].as_f64().unwrap();
    assert_eq!(spent, total as f64, "spent is exactly what the calls used");
    assert!(spent <= cap as f64, "spent {spent} within the cap {cap}");
    assert_eq!(v[0]["openReservations"], 0, "every reservation settled");
}

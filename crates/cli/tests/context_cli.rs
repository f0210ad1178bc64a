//! `loop context` as a user runs it: exit codes, the `loop-context` name, `record`, errors.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

use predicates::prelude::*;

const BIN: &str = env!("CARGO_BIN_EXE_loop");

fn loop_cmd() -> assert_cmd::Command {
    assert_cmd::Command::new(BIN)
}

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

const STAGNANT: &str = r#"{"goal":"g","attempts":[
 {"iteration":1,"action":"a","outcome":"failure","error":"Error: boom at /x/y.js:1:2"},
 {"iteration":2,"action":"b","outcome":"failure","error":"Error: boom at /r/y.js:3:4"},
 {"iteration":3,"action":"c","outcome":"failure","error":"Error: boom at /q/y.js:5:6"}]}"#;

#[test]
fn check_exits_2_on_escalation_and_0_otherwise() {
    let d = tempfile::tempdir().unwrap();
    let l = write(d.path(), "l.json", STAGNANT);
    loop_cmd()
        .args(["context", "--check", "--ledger"])
        .arg(&l)
        .assert()
        .code(2)
        .stdout("ESCALATE [stagnation] — Same error repeated 3× in a row (threshold 3): \"Error: boom at y.js\". Escalating instead of retrying.\n");
    loop_cmd()
        .args(["context", "--check", "--stagnation", "4", "--ledger"])
        .arg(&l)
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("CONTINUE [ok]"));
}

#[test]
fn invoked_as_loop_context_it_is_the_same_tool() {
    let d = tempfile::tempdir().unwrap();
    let link = d.path().join("loop-context");
    std::os::unix::fs::symlink(BIN, &link).unwrap();
    let l = write(d.path(), "l.json", STAGNANT);
    let a = Command::new(&link)
        .args(["--check", "--json", "-f"])
        .arg(&l)
        .output()
        .unwrap();
    let b = loop_cmd()
        .args(["context", "--check", "--json", "-f"])
        .arg(&l)
        .output()
        .unwrap();
    assert_eq!(a.status.code(), Some(2));
    assert_eq!(a.stdout, b.stdout);
    let v: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    assert_eq!(v["trigger"], "stagnation");
}

#[test]
fn reads_stdin_and_a_bare_path() {
    let d = tempfile::tempdir().unwrap();
    let l = write(d.path(), "l.json", STAGNANT);
    loop_cmd()
        .args(["context", "--summary"])
        .pipe_stdin(&l)
        .unwrap()
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Attempts: 3"));
    loop_cmd()
        .args(["context"])
        .arg(&l)
        .arg("--summary")
        .assert()
        .success();
}

#[test]
fn errors_are_one_line_and_name_the_problem() {
    let d = tempfile::tempdir().unwrap();
    let typo = write(
        d.path(),
        "t.json",
        r#"{"goal":"g","attempts":[{"action":"a","outcome":"fail"}]}"#,
    );
    let out = loop_cmd()
        .args(["context", "--check", "-f"])
        .arg(&typo)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("attempts[0].outcome"), "{err}");
    loop_cmd()
        .args(["context", "--check", "--stagnaton", "2"])
        .arg(&typo)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--stagnaton"));
    loop_cmd()
        .args(["context", "--check", "-f", "/nonexistent/l.json"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("/nonexistent/l.json"));
}

#[test]
fn record_creates_appends_and_checks() {
    let d = tempfile::tempdir().unwrap();
    let l = d.path().join("run.json");
    loop_cmd()
        .args([
            "context",
            "record",
            "--action",
            "x",
            "--outcome",
            "success",
            "--ledger",
        ])
        .arg(&l)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--goal"));
    loop_cmd()
        .args([
            "context",
            "record",
            "--goal",
            "ship it",
            "--action",
            "build",
            "--outcome",
            "failure",
            "--error",
            "E1: oops",
            "--tokens",
            "120",
            "--ledger",
        ])
        .arg(&l)
        .assert()
        .success()
        .stdout("");
    loop_cmd()
        .args([
            "context",
            "record",
            "--action",
            "build",
            "--outcome",
            "failure",
            "--error",
            "-",
            "--ledger",
        ])
        .arg(&l)
        .write_stdin("E1: oops\n  at frame")
        .assert()
        .success();
    // The third identical failure trips the breaker: record + check in one process.
    loop_cmd()
        .args([
            "context",
            "record",
            "--action",
            "build",
            "--outcome",
            "failure",
            "--error",
            "E1: oops",
            "--check",
            "--json",
            "--ledger",
        ])
        .arg(&l)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("\"trigger\": \"stagnation\""));
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&l).unwrap()).unwrap();
    assert_eq!(v["goal"], "ship it");
    let attempts = v["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 3);
    assert_eq!(attempts[1]["error"], "E1: oops\n  at frame");
    assert_eq!(attempts[2]["iteration"], 3);
    assert_eq!(attempts[0]["tokensUsed"], 120);
    loop_cmd()
        .args([
            "context",
            "record",
            "--action",
            "x",
            "--outcome",
            "FAILURE",
            "--ledger",
        ])
        .arg(&l)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--outcome"));
}

#[test]
fn concurrent_recorders_lose_nothing() {
    let d = tempfile::tempdir().unwrap();
    let l = d.path().join("shared.json");
    write(d.path(), "shared.json", r#"{"goal":"race","attempts":[]}"#);
    let procs: Vec<_> = (0..16)
        .map(|p| {
            let script = format!(
                "for i in $(seq 1 25); do \"$0\" context record --ledger \"$1\" --action \"p{p} i$i\" --outcome noop --tokens 1 || exit 1; done"
            );
            Command::new("bash").args(["-c", &script, BIN]).arg(&l).spawn().unwrap()
        })
        .collect();
    for mut c in procs {
        assert!(c.wait().unwrap().success());
    }
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&l).unwrap()).unwrap();
    let attempts = v["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 400);
    let mut iterations: Vec<u64> = attempts
        .iter()
        .map(|a| a["iteration"].as_u64().unwrap())
        .collect();
    iterations.sort_unstable();
    assert_eq!(iterations, (1..=400).collect::<Vec<u64>>());
    let mut actions: Vec<&str> = attempts
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .collect();
    actions.sort_unstable();
    actions.dedup();
    assert_eq!(actions.len(), 400);
}

#[test]
fn completions_cover_context() {
    loop_cmd()
        .args(["completions", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--similarity-threshold"));
}

#[test]
fn help_is_ours_and_exits_0() {
    let out = loop_cmd().args(["context", "--help"]).output().unwrap();
    assert!(out.status.success());
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

/// The lean `loop-context` binary.
const LEAN: &str = env!("CARGO_BIN_EXE_loop-context");

#[test]
fn the_lean_binary_answers_like_loop_context() {
    let d = tempfile::tempdir().unwrap();
    let l = write(d.path(), "l.json", STAGNANT);
    for args in [
        vec!["--check", "--json"],
        vec!["--summary"],
        vec!["--status"],
        vec!["--inject"],
        vec!["--prune"],
        vec!["--help"],
        vec!["--bogus-flag"],
    ] {
        let lean = Command::new(LEAN)
            .args(&args)
            .arg("--ledger")
            .arg(&l)
            .output()
            .unwrap();
        let full = loop_cmd()
            .arg("context")
            .args(&args)
            .arg("--ledger")
            .arg(&l)
            .output()
            .unwrap();
        assert_eq!(lean.status.code(), full.status.code(), "{args:?}");
        assert_eq!(lean.stdout, full.stdout, "{args:?}");
        assert_eq!(lean.stderr, full.stderr, "{args:?}");
    }
}

#[test]
fn the_lean_binary_hands_database_ledgers_to_loop() {
    // No store is configured: `loop context` refuses `pg:NAME` with its own message, so the
    // same message from `loop-context` shows the invocation reached `loop`.
    for (args, env) in [
        (vec!["--check", "--ledger", "pg:l1"], None),
        (vec!["--check", "--ledger=pg:l1"], None),
        (
            vec![
                "record",
                "--ledger",
                "pg:l1",
                "--action",
                "a",
                "--outcome",
                "noop",
            ],
            None,
        ),
        (
            vec!["--check", "--ledger", "pg:l1"],
            Some("postgres://127.0.0.1:1/none"),
        ),
    ] {
        let run = |mut c: Command| {
            c.env_remove("LOOP_STORE_URL");
            if let Some(url) = env {
                c.env("LOOP_STORE_URL", url);
            }
            c.args(&args).output().unwrap()
        };
        let lean = run(Command::new(LEAN));
        let mut full = Command::new(BIN);
        full.arg("context");
        let full = run(full);
        assert_eq!(lean.status.code(), Some(1), "{args:?}");
        assert_eq!(lean.status.code(), full.status.code(), "{args:?}");
        assert_eq!(lean.stdout, full.stdout, "{args:?}");
        assert_eq!(lean.stderr, full.stderr, "{args:?}");
        assert!(!lean.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn the_lean_binary_links_no_database_tls_or_parser_code() {
    const MARKERS: [&str; 3] = ["tokio_postgres", "rustls", "tree_sitter"];
    let found = |path: &str| -> std::collections::BTreeSet<String> {
        let bytes = std::fs::read(path).unwrap();
        let re = regex::bytes::Regex::new(&MARKERS.join("|")).unwrap();
        re.find_iter(&bytes)
            .map(|m| String::from_utf8_lossy(m.as_bytes()).into_owned())
            .collect()
    };
    // Each marker must be found in `loop`, or the test proves nothing.
    assert_eq!(found(BIN).len(), MARKERS.len(), "markers missing from loop");
    let lean = found(LEAN);
    assert!(lean.is_empty(), "loop-context links {lean:?}");
}

//! `loop run` contains what it runs (issue 13): a scripted adversary's shell calls that fork,
//! `setsid`, double-fork and hold the output pipe open all end at `--tool-timeout`, the run
//! ends at `--timeout`, and no process is left behind, also after a `SIGKILL` of the loop.
//!
//! Every test process has a unique argv marker (`sleep <N>` with N unique to the test run),
//! found afterwards by reading `/proc/*/cmdline`. Bounds are generous (no timing assertion
//! can flake): the run must end within its timeout + 10 s, survivors are polled for up to 10 s.
#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use assert_cmd::Command;

fn loop_bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin!("loop").to_path_buf()
}

/// A number unlikely to be any other process's argument: `9` + pid + a per-test tag.
fn marker(tag: u32) -> String {
    format!("9{}{tag:03}", std::process::id())
}

/// Pids of live processes whose command line contains `needle` as one argument.
fn survivors(needle: &str) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmd) = std::fs::read(e.path().join("cmdline")) else {
            continue;
        };
        let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
        let zombie = stat
            .rfind(')')
            .is_some_and(|i| stat[i + 1..].trim_start().starts_with('Z'));
        if !zombie && cmd.split(|&b| b == 0).any(|a| a == needle.as_bytes()) {
            out.push((pid, String::from_utf8_lossy(&cmd).replace('\0', " ")));
        }
    }
    out
}

/// Waits (bounded) until no process carries `needle`; returns those still alive after 10 s.
fn survivors_after_wait(needle: &str) -> Vec<(u32, String)> {
    let start = Instant::now();
    loop {
        let s = survivors(needle);
        if s.is_empty() || start.elapsed() > Duration::from_secs(10) {
            return s;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn script(dir: &Path, commands: &[String]) -> String {
    let turns: Vec<serde_json::Value> = commands
        .iter()
        .map(|c| {
            serde_json::json!({"text": "", "tool_calls": [
                {"name": "shell", "arguments": {"command": c}}]})
        })
        .chain([serde_json::json!({"text": "done"})])
        .collect();
    let p = dir.join("script.json");
    std::fs::write(&p, serde_json::to_string(&turns).unwrap()).unwrap();
    p.to_string_lossy().into_owned()
}

fn run(ws: &Path, script: &str, extra: &[&str]) -> std::process::Output {
    Command::new(loop_bin())
        .args(["run", "--script", script, "--workspace"])
        .arg(ws)
        .args(["--yolo", "--no-stream", "--json"])
        .args(extra)
        .arg("contain test")
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap()
}

#[test]
fn every_escape_ends_at_the_tool_timeout_and_leaves_nothing() {
    let ws = tempfile::tempdir().unwrap();
    let m = marker(1);
    let commands = [
        // Double fork into a new session, then a foreground wait.
        format!("(setsid sleep {m} &); sleep {m}"),
        // A new session that double-forks again.
        format!("setsid bash -c 'sleep {m} & sleep {m} &' ; sleep {m}"),
        // A setsid'd background job that keeps the pipe open; the call itself ends at once
        // (and breaks the run of timeouts, which would stop the run at three).
        format!("setsid sleep {m} & echo hi"),
        // Clears its environment (no marker) and leaves the group.
        format!("env -i setsid /bin/sleep {m} & nohup sleep {m} >/dev/null 2>&1 & sleep {m}"),
    ];
    let script = script(ws.path(), &commands);
    let start = Instant::now();
    let out = run(
        ws.path(),
        &script,
        &["--tool-timeout", "2", "--timeout", "60"],
    );
    let took = start.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Four calls of at most 2 s each (+ a 2 s pipe grace): far below the 15 s sleeps'
    // marker, generous bound.
    assert!(took < Duration::from_secs(4 * 4 + 10), "took {took:?}");
    assert_eq!(
        stdout.matches("\"status\":\"timeout\"").count(),
        3,
        "{stdout}"
    );
    let left = survivors_after_wait(&m);
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn a_call_holding_the_pipe_ends_at_the_run_timeout() {
    let ws = tempfile::tempdir().unwrap();
    let m = marker(2);
    let commands = [format!("(setsid sleep {m} &); sleep {m}")];
    let script = script(ws.path(), &commands);
    let start = Instant::now();
    let out = run(
        ws.path(),
        &script,
        &["--tool-timeout", "100", "--timeout", "3"],
    );
    let took = start.elapsed();
    assert_ne!(out.status.code(), Some(0));
    assert!(took < Duration::from_secs(3 + 10), "took {took:?}");
    let left = survivors_after_wait(&m);
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn a_sigkilled_loop_leaves_no_tool_running() {
    let ws = tempfile::tempdir().unwrap();
    let m = marker(3);
    let commands = [format!(
        "(setsid sleep {m} &); setsid bash -c 'sleep {m} & sleep {m}' & sleep {m}"
    )];
    let script = script(ws.path(), &commands);
    let mut child = std::process::Command::new(loop_bin())
        .args(["run", "--script", &script, "--workspace"])
        .arg(ws.path())
        .args(["--yolo", "--tool-timeout", "600", "contain test"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait (bounded) until the whole tree is up: four sleeps.
    let start = Instant::now();
    while survivors(&m).len() < 4 && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(survivors(&m).len(), 4, "the tool's tree did not start");
    child.kill().unwrap();
    child.wait().unwrap();
    let left = survivors_after_wait(&m);
    assert!(left.is_empty(), "left running after SIGKILL: {left:?}");
}

#[test]
fn provider_keys_and_secrets_are_not_visible_to_tools() {
    let ws = tempfile::tempdir().unwrap();
    let commands = [
        "echo key=[$OPENAI_API_KEY] aws=[$AWS_SECRET_ACCESS_KEY] own=[$MY_LLM] gh=[$GH_TOKEN] path=[${PATH:+set}]"
            .to_string(),
        "env | grep -c sk-test-secre[t] || true".to_string(),
    ];
    let script = script(ws.path(), &commands);
    let out = Command::new(loop_bin())
        .args(["run", "--script", &script, "--workspace"])
        .arg(ws.path())
        .args(["--yolo", "--json", "--pass-env", "GH_TOKEN", "contain test"])
        .env("OPENAI_API_KEY", "sk-test-secret")
        .env("AWS_SECRET_ACCESS_KEY", "sk-test-secret")
        .env("GH_TOKEN", "passed-through")
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("key=[] aws=[] own=[] gh=[passed-through] path=[set]"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\"content\":\"0\\n[exit code 0]\""),
        "{stdout}"
    );
    assert!(!stdout.contains("sk-test-secret"), "{stdout}");
}

/// Ctrl+C in the middle of a tool call, then `--resume` at once: the session is never busy
/// (many rounds, each with a fresh process tree).
#[test]
fn ctrl_c_then_immediate_resume_is_never_busy() {
    for round in 0..8u32 {
        let ws = tempfile::tempdir().unwrap();
        let m = marker(100 + round);
        let script = script(ws.path(), &[format!("setsid sleep {m} & sleep {m}")]);
        let id = format!("r{round}");
        let mut child = std::process::Command::new(loop_bin())
            .args(["run", "--script", &script, "--workspace"])
            .arg(ws.path())
            .args(["--yolo", "--session-id", &id, "contain test"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while survivors(&m).len() < 2 && start.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let killed = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        assert_eq!(child.wait().unwrap().code(), Some(130), "round {round}");
        let out = Command::new(loop_bin())
            .args(["run", "--script", &script, "--workspace"])
            .arg(ws.path())
            .args(["--yolo", "--resume", &id])
            .timeout(Duration::from_secs(120))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("in use"), "round {round}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "round {round}: {stderr}");
        let left = survivors_after_wait(&m);
        assert!(left.is_empty(), "round {round}: left running: {left:?}");
    }
}

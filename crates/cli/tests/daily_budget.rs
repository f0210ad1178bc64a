//! `loop context --check` with pattern budgets, as separate processes: the daily cap shared by
//! concurrent loops, and the `--on-exceed` hook.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

mod common;
use common::{bin, write_ledger};

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;
use std::time::Duration;

use assert_cmd::Command;

fn state_total(dir: &Path, id: &str) -> f64 {
    let v: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.join(format!("daily-spend.{id}.json"))).unwrap())
            .unwrap();
    v["tokensUsedToday"].as_f64().unwrap()
}

/// Runs `workers` threads, each starting `calls` `--check` processes one after the other;
/// `ledger(w, i)` names the ledger of call `i` of worker `w`.
fn hammer(
    state: &Path,
    workers: usize,
    calls: usize,
    ledger: impl Fn(usize, usize) -> PathBuf + Sync,
) {
    let bin = bin();
    std::thread::scope(|s| {
        for w in 0..workers {
            let (bin, ledger) = (&bin, &ledger);
            s.spawn(move || {
                for i in 0..calls {
                    let out = StdCommand::new(bin)
                        .args([
                            "context",
                            "--check",
                            "--daily-budget-from-pattern",
                            "ci-sweeper",
                        ])
                        .arg("--daily-state-dir")
                        .arg(state)
                        .arg("--ledger")
                        .arg(ledger(w, i))
                        .output()
                        .unwrap();
                    assert_eq!(
                        out.status.code(),
                        Some(0),
                        "{}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
            });
        }
    });
}

#[test]
fn thirty_two_processes_times_twenty_checks_add_exactly_their_tokens() {
    let dir = tempfile::tempdir().unwrap();
    let ledgers = dir.path().join("ledgers");
    fs::create_dir(&ledgers).unwrap();
    for w in 0..32 {
        for i in 0..20 {
            write_ledger(&ledgers.join(format!("{w}-{i}.json")), &[100]);
        }
    }
    // Each of the 640 checks has its own ledger whose last attempt used 100 tokens.
    let state = dir.path().join("state");
    hammer(&state, 32, 20, |w, i| ledgers.join(format!("{w}-{i}.json")));
    assert_eq!(state_total(&state, "ci-sweeper"), 64_000.0);

    // Again, each process re-checking its own ledger 20 times: every attempt counts once.
    let state2 = dir.path().join("state2");
    hammer(&state2, 32, 20, |w, _| ledgers.join(format!("{w}-0.json")));
    assert_eq!(state_total(&state2, "ci-sweeper"), 3_200.0);
}

#[test]
fn attempts_appended_between_checks_all_count_and_rechecks_add_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let l = dir.path().join("l.json");
    let s = dir.path().join("s");
    let check = || {
        Command::new(bin())
            .args([
                "context",
                "--check",
                "--daily-budget-from-pattern",
                "daily-triage",
            ])
            .arg("--daily-state-dir")
            .arg(&s)
            .arg("--ledger")
            .arg(&l)
            .assert()
    };
    write_ledger(&l, &[10]);
    check().code(0);
    check().code(0);
    assert_eq!(state_total(&s, "daily-triage"), 10.0);
    write_ledger(&l, &[10, 20, 30, 40]);
    check().code(0);
    assert_eq!(state_total(&s, "daily-triage"), 100.0);
    // 99,950 more tokens reach the 100k cap of daily-triage: daily-budget trips.
    write_ledger(&l, &[10, 20, 30, 40, 99_950]);
    let out = check().code(2).get_output().stdout.clone();
    let line = String::from_utf8(out).unwrap();
    assert_eq!(
        line,
        "ESCALATE [daily-budget] — Daily token spend for pattern \"daily-triage\" reached 100050 (cap 100000). Escalating to avoid cost blowup.\n"
    );
}

#[test]
fn corrupt_state_and_bad_ids_are_errors_that_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let l = dir.path().join("l.json");
    write_ledger(&l, &[5]);
    let s = dir.path().join("s");
    fs::create_dir(&s).unwrap();
    let state = s.join("daily-spend.ci-sweeper.json");
    fs::write(
        &state,
        "{\"date\":\"2026-01-01\",\"tokensUsedToday\":\"12\"}",
    )
    .unwrap();
    let run = |id: &str| {
        Command::new(bin())
            .args(["context", "--check", "--daily-budget-from-pattern", id])
            .arg("--daily-state-dir")
            .arg(&s)
            .arg("--ledger")
            .arg(&l)
            .assert()
            .code(1)
            .get_output()
            .stderr
            .clone()
    };
    let err = String::from_utf8(run("ci-sweeper")).unwrap();
    assert!(
        err.contains(&state.display().to_string()) && err.contains("tokensUsedToday"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(&state).unwrap(),
        "{\"date\":\"2026-01-01\",\"tokensUsedToday\":\"12\"}"
    );
    let err = String::from_utf8(run("x/../../escaped")).unwrap();
    assert!(err.contains("Unknown pattern: x/../../escaped."), "{err}");
    // Only the state file (untouched) and the lock file taken to read it.
    let mut names: Vec<_> = fs::read_dir(&s)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".daily-spend.ci-sweeper.json.lock",
            "daily-spend.ci-sweeper.json"
        ]
    );
    assert!(!dir.path().join("escaped.json").exists());
}

fn stagnant_ledger(dir: &Path) -> PathBuf {
    let l = dir.join("stagnant.json");
    let a = r#"{"action":"fix","outcome":"failure","error":"Error: boom","tokensUsed":100}"#;
    fs::write(&l, format!(r#"{{"goal":"g","attempts":[{a},{a},{a}]}}"#)).unwrap();
    l
}

#[test]
fn hooks_that_fail_or_ignore_stdin_never_change_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let l = stagnant_ledger(dir.path());
    // The reference crashed with EPIPE (exit 1, no decision) in about 60% of such runs.
    for hook in ["true", "exit 3", "no-such-command-xyz", "kill -9 $$"] {
        for _ in 0..10 {
            let out = Command::new(bin())
                .args(["context", "--check", "--json", "--on-exceed", hook])
                .arg("--ledger")
                .arg(&l)
                .timeout(Duration::from_secs(60))
                .assert()
                .code(2)
                .get_output()
                .clone();
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["trigger"], "stagnation", "{hook}");
            if hook != "true" {
                assert!(!out.stderr.is_empty(), "{hook}: failure should be reported");
            }
        }
    }
}

#[test]
fn hook_gets_the_decision_and_its_stdout_goes_to_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let l = stagnant_ledger(dir.path());
    let got = dir.path().join("hook.json");
    let hook = format!("cat > '{}'; echo HOOK-SAYS-HI", got.display());
    let out = Command::new(bin())
        .args(["context", "--check", "--json", "--on-exceed", &hook])
        .arg("--ledger")
        .arg(&l)
        .assert()
        .code(2)
        .get_output()
        .clone();
    // stdout is exactly one JSON document; the hook's output is on stderr.
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["escalate"], true);
    assert!(String::from_utf8_lossy(&out.stderr).contains("HOOK-SAYS-HI"));
    let payload = fs::read_to_string(&got).unwrap();
    assert!(
        payload.starts_with("{\"iterations\":3,\"tokensUsed\":300,\"shouldContinue\":false"),
        "{payload}"
    );
    assert!(!payload.ends_with('\n'));
}

#[test]
fn a_hanging_hook_is_killed_with_its_children() {
    let dir = tempfile::tempdir().unwrap();
    let l = stagnant_ledger(dir.path());
    // `sleep` runs as a grandchild that keeps our stderr open; it must be killed too, or
    // reading our output would wait for it (the assert_cmd timeout turns that into a failure).
    let out = Command::new(bin())
        .args([
            "context",
            "--check",
            "--on-exceed",
            "sleep 600; echo never",
            "--on-exceed-timeout",
            "1",
        ])
        .arg("--ledger")
        .arg(&l)
        .timeout(Duration::from_secs(120))
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("timed out after 1 s"), "{err}");
    assert!(!err.contains("never"));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("ESCALATE [stagnation]"));
}

#[test]
fn hook_does_not_run_when_the_loop_may_continue() {
    let dir = tempfile::tempdir().unwrap();
    let l = dir.path().join("ok.json");
    write_ledger(&l, &[1]);
    let marker = dir.path().join("ran");
    Command::new(bin())
        .args([
            "context",
            "--check",
            "--on-exceed",
            &format!("touch '{}'", marker.display()),
        ])
        .arg("--ledger")
        .arg(&l)
        .assert()
        .code(0);
    assert!(!marker.exists());
}

#[test]
fn a_hook_that_never_reads_a_large_decision_is_still_killed_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let l = dir.path().join("big.json");
    // A 300 KB error text makes the decision JSON larger than a pipe buffer.
    let err = "E".repeat(300_000);
    let a = format!(r#"{{"action":"fix","outcome":"failure","error":"{err}","tokensUsed":1}}"#);
    fs::write(&l, format!(r#"{{"goal":"g","attempts":[{a},{a},{a}]}}"#)).unwrap();
    let out = Command::new(bin())
        .args([
            "context",
            "--check",
            "--on-exceed",
            "sleep 600",
            "--on-exceed-timeout",
            "1",
        ])
        .arg("--ledger")
        .arg(&l)
        .timeout(Duration::from_secs(120))
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert!(String::from_utf8_lossy(&out.stderr).contains("timed out after 1 s"));
}

#[test]
fn a_ledger_piped_on_stdin_is_also_counted_once() {
    let dir = tempfile::tempdir().unwrap();
    let l = dir.path().join("l.json");
    write_ledger(&l, &[250, 750]);
    let s = dir.path().join("s");
    for _ in 0..3 {
        Command::new(bin())
            .args([
                "context",
                "--check",
                "--daily-budget-from-pattern",
                "issue-triage",
            ])
            .arg("--daily-state-dir")
            .arg(&s)
            .pipe_stdin(&l)
            .unwrap()
            .assert()
            .code(0);
    }
    assert_eq!(state_total(&s, "issue-triage"), 1000.0);
}

#[test]
fn hook_output_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let l = stagnant_ledger(dir.path());
    let out = Command::new(bin())
        .args([
            "context",
            "--check",
            "--json",
            "--on-exceed",
            "yes | head -c 50000000",
        ])
        .arg("--ledger")
        .arg(&l)
        .timeout(Duration::from_secs(120))
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.stderr.len() < 70 * 1024,
        "{} bytes on stderr",
        out.stderr.len()
    );
    assert!(
        err.contains("[--on-exceed output cut: 49934464 of 50000000 bytes not shown]"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["escalate"], true);
}

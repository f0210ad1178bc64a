//! The small ones of issue 13: terminal escapes, non-finite limits, unreadable session logs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use assert_cmd::Command;
use predicates::prelude::*;

fn loop_cmd() -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("loop"));
    c.timeout(Duration::from_secs(120));
    c
}

#[test]
fn non_finite_and_negative_money_limits_are_refused() {
    for flag in ["--max-cost", "--price-input", "--price-output"] {
        for bad in ["NaN", "inf", "-inf", "-1"] {
            loop_cmd()
                .args([
                    "run",
                    "--script",
                    "/nonexistent.json",
                    &format!("{flag}={bad}"),
                    "task",
                ])
                .assert()
                .failure()
                .stderr(predicate::str::contains(flag).and(predicate::str::contains("finite")));
        }
    }
}

#[test]
fn model_text_with_terminal_escapes_is_printed_escaped() {
    let ws = tempfile::tempdir().unwrap();
    let script = ws.path().join("s.json");
    std::fs::write(
        &script,
        serde_json::json!([
            {"text": "look \u{1b}[2J", "tool_calls": [{"name": "shell", "arguments": {"command": "printf 'x\\033]0;TITLE\\007y'"}}]},
            {"text": "done \u{1b}]0;TITLE\u{7} \u{202e}"}
        ])
        .to_string(),
    )
    .unwrap();
    let run = loop_cmd()
        .args(["run", "--script"])
        .arg(&script)
        .arg("--workspace")
        .arg(ws.path())
        .args(["--yolo", "--session-id", "esc", "task"])
        .assert()
        .code(0);
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{7}'),
        "{stderr:?}"
    );
    assert!(
        stderr.contains("done: done \\x1b]0;TITLE\\x07 \\u{202e}"),
        "{stderr}"
    );
    let show = loop_cmd()
        .args(["sessions", "show", "esc", "--state-dir"])
        .arg(ws.path().join(".loop"))
        .assert()
        .code(0);
    let stdout = String::from_utf8_lossy(&show.get_output().stdout).into_owned();
    assert!(
        !stdout.contains('\u{1b}') && !stdout.contains('\u{7}'),
        "{stdout:?}"
    );
    assert!(stdout.contains("\\x1b]0;TITLE\\x07"), "{stdout}");
}

#[test]
fn corrupt_and_empty_logs_are_listed_with_a_warning_and_show_fails() {
    let ws = tempfile::tempdir().unwrap();
    let sessions = ws.path().join(".loop/sessions");
    std::fs::create_dir_all(&sessions).unwrap();
    std::fs::write(sessions.join("empty.jsonl"), "").unwrap();
    std::fs::write(sessions.join("bad.jsonl"), "not json\n{\"also\": 1}\n").unwrap();
    let state = ws.path().join(".loop");
    loop_cmd()
        .args(["sessions", "list", "--state-dir"])
        .arg(&state)
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("empty ")
                .and(predicate::str::contains("bad "))
                .and(predicate::str::contains("unreadable")),
        )
        .stderr(
            predicate::str::contains("warning: session empty: the log is empty")
                .and(predicate::str::contains("warning: session bad:")),
        );
    loop_cmd()
        .args(["sessions", "show", "empty", "--state-dir"])
        .arg(&state)
        .assert()
        .failure()
        .stderr(predicate::str::contains("empty"));
    loop_cmd()
        .args(["sessions", "show", "bad", "--state-dir"])
        .arg(&state)
        .assert()
        .failure()
        .stderr(predicate::str::contains("bad.jsonl:1"));
}

/// `loop compress` whose spill cannot be written (a file size limit stands in for a full disk)
/// still prints the compressed text, with a warning, and leaves no temporary file.
#[test]
fn compress_prints_the_text_when_the_spill_fails() {
    let dir = tempfile::tempdir().unwrap();
    let spill = dir.path().join("spill");
    let out = std::process::Command::new("bash")
        .args([
            "-c",
            "ulimit -f 64; trap '' XFSZ; seq 1 200000 | \"$0\" compress --spill-dir \"$1\"",
        ])
        .arg(assert_cmd::cargo::cargo_bin!("loop"))
        .arg(&spill)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("200000"), "{stdout}");
    assert!(stdout.contains("could not be saved"), "{stdout}");
    assert!(
        stderr.contains("warning: the full output could not be saved"),
        "{stderr}"
    );
    let left: Vec<_> = std::fs::read_dir(&spill)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A ledger given as a symlink is written through it: the link stays, the target changes.
#[test]
fn a_symlinked_ledger_is_written_through() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("data")).unwrap();
    let real = dir.path().join("data/ledger.json");
    std::fs::write(&real, r#"{"goal":"g","attempts":[]}"#).unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink("data/ledger.json", &link).unwrap();
    loop_cmd()
        .current_dir(dir.path())
        .args([
            "context",
            "record",
            "--ledger",
            "link.json",
            "--action",
            "build",
            "--outcome",
            "failure",
        ])
        .assert()
        .success();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let text = std::fs::read_to_string(&real).unwrap();
    assert!(text.contains("\"build\""), "{text}");
}

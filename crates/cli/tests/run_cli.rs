//! `loop run`, `loop sessions` and `loop demo` from the command line.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

fn write_script(dir: &Path, json: &str) -> String {
    let p = dir.join("script.json");
    std::fs::write(&p, json).unwrap();
    p.to_string_lossy().into_owned()
}

fn loop_cmd() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin!("loop"))
}

const FIX: &str = r#"[
  {"text": "Look.", "tool_calls": [{"name": "shell", "arguments": {"command": "cat note.txt"}}]},
  {"text": "Fix.", "tool_calls": [{"name": "edit_file", "arguments": {"path": "note.txt", "old_text": "bad", "new_text": "good"}}]},
  {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "note fixed"}}]}
]"#;

#[test]
fn run_done_prints_the_session_and_exits_0() {
    let ws = tempfile::tempdir().unwrap();
    std::fs::write(ws.path().join("note.txt"), "bad\n").unwrap();
    let script = write_script(ws.path(), FIX);
    let ws_s = ws.path().to_str().unwrap();
    loop_cmd()
        .args([
            "run",
            "--provider",
            "scripted",
            "--script",
            &script,
            "--workspace",
            ws_s,
            "--yolo",
        ])
        .args([
            "--session-id",
            "s1",
            "--verify",
            "grep -q good note.txt",
            "make the note good",
        ])
        .assert()
        .code(0)
        .stderr(
            predicate::str::contains("session s1")
                .and(predicate::str::contains("done: note fixed")),
        );
    assert_eq!(
        std::fs::read_to_string(ws.path().join("note.txt")).unwrap(),
        "good\n"
    );
    assert!(ws.path().join(".loop/sessions/s1.jsonl").exists());
    assert!(ws.path().join(".loop/sessions/s1.ledger.json").exists());

    // sessions list / show / export
    loop_cmd()
        .args(["sessions", "list", "--workspace", ws_s])
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("s1")
                .and(predicate::str::contains("3 steps"))
                .and(predicate::str::contains("done")),
        );
    loop_cmd()
        .args(["sessions", "show", "s1", "--workspace", ws_s])
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("## result edit_file [call_2_1] ok")
                .and(predicate::str::contains(
                    "## verify `grep -q good note.txt`: passed (exit 0)",
                ))
                .and(predicate::str::contains("What the guards did"))
                .and(predicate::str::contains(
                    "  verify       `grep -q good note.txt` passed",
                )),
        );
    let out = loop_cmd()
        .args(["sessions", "export", "s1", "--json", "--workspace", ws_s])
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["outcome"], "done");
    assert_eq!(doc["task"], "make the note good");
    assert_eq!(doc["events"][0]["type"], "session_start");
    // Resuming a finished session does nothing.
    loop_cmd()
        .args([
            "run",
            "--resume",
            "s1",
            "--workspace",
            ws_s,
            "--script",
            &script,
        ])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("already done"));
}

#[test]
fn json_streams_every_event_on_stdout() {
    let ws = tempfile::tempdir().unwrap();
    std::fs::write(ws.path().join("note.txt"), "bad\n").unwrap();
    let script = write_script(ws.path(), FIX);
    let out = loop_cmd()
        .args([
            "run",
            "--script",
            &script,
            "--workspace",
            ws.path().to_str().unwrap(),
            "--yolo",
            "--json",
            "task",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let types: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(types.first().map(String::as_str), Some("session_start"));
    // The project instructions (none here) are stored before the first model call.
    assert_eq!(
        types.get(1).map(String::as_str),
        Some("project_instructions")
    );
    assert_eq!(types.get(2).map(String::as_str), Some("assistant"));
    assert_eq!(types.last().map(String::as_str), Some("end"));
    assert!(types.iter().any(|t| t == "tool_result"));
}

#[test]
fn unattended_asks_are_denied_with_a_reason() {
    let ws = tempfile::tempdir().unwrap();
    let script = write_script(
        ws.path(),
        r#"[{"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "touch made-it"}}]}, {"text": "gave up"}]"#,
    );
    loop_cmd()
        .args([
            "run",
            "--script",
            &script,
            "--workspace",
            ws.path().to_str().unwrap(),
            "task",
        ])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("denied").and(predicate::str::contains("not approved")));
    assert!(!ws.path().join("made-it").exists());
}

#[test]
fn escalation_exits_2_and_prints_the_report() {
    let ws = tempfile::tempdir().unwrap();
    let fail = r#"{"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo nope; exit 1"}}]}"#;
    let script = write_script(ws.path(), &format!("[{fail},{fail},{fail},{fail},{fail}]"));
    loop_cmd()
        .args([
            "run",
            "--script",
            &script,
            "--workspace",
            ws.path().to_str().unwrap(),
            "--yolo",
            "--session-id",
            "e",
            "task",
        ])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("# loop run stopped")
                .and(predicate::str::contains("report: ")),
        );
    assert!(ws.path().join(".loop/sessions/e.report.md").exists());
}

#[test]
fn step_limit_exits_2() {
    let ws = tempfile::tempdir().unwrap();
    let script = write_script(
        ws.path(),
        r#"[{"text": "a", "tool_calls": [{"name": "todo", "arguments": {"items": []}}]}, {"text": "b"}]"#,
    );
    loop_cmd()
        .args([
            "run",
            "--script",
            &script,
            "--workspace",
            ws.path().to_str().unwrap(),
            "--max-steps",
            "1",
            "task",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("step limit reached"));
}

#[test]
fn bad_input_is_a_clear_error() {
    let ws = tempfile::tempdir().unwrap();
    let w = ws.path().to_str().unwrap();
    loop_cmd()
        .args(["run", "--workspace", w, "task"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--script FILE"));
    loop_cmd()
        .args(["run", "--provider", "openai", "--workspace", w, "task"])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("--provider openai")
                .and(predicate::str::contains("loop demo")),
        );
    let bad = write_script(ws.path(), r#"[{"txt": "x"}]"#);
    loop_cmd()
        .args(["run", "--script", &bad, "--workspace", w, "task"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("invalid script"));
    loop_cmd()
        .args([
            "run",
            "--script",
            &bad,
            "--workspace",
            "/nonexistent/x",
            "task",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--workspace"));
    loop_cmd()
        .args([
            "run",
            "--script",
            &bad,
            "--workspace",
            w,
            "--max-steps",
            "0",
            "task",
        ])
        .assert()
        .code(1);
    let good = write_script(ws.path(), FIX);
    loop_cmd()
        .args([
            "run",
            "--script",
            &good,
            "--workspace",
            w,
            "--resume",
            "nope",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no session \"nope\""));
    loop_cmd()
        .args(["sessions", "show", "nope", "--workspace", w])
        .assert()
        .code(1);
}

#[test]
fn demo_runs_offline_and_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("demo");
    loop_cmd()
        .args(["demo", "--dir", ws.to_str().unwrap()])
        .assert()
        .code(0)
        .stderr(
            predicate::str::contains("What the guards did")
                .and(predicate::str::contains("compressed  shell: bash build.sh"))
                .and(predicate::str::contains(
                    "spilled     shell: bash test.sh --verbose",
                ))
                .and(predicate::str::contains(
                    "policy       denied shell: rm -rf ~/.cache/textstats",
                ))
                .and(predicate::str::contains(
                    "stuck/breaker stuck: the same tool call failed twice",
                ))
                .and(predicate::str::contains(
                    "verify       `bash test.sh` passed",
                )),
        );
    // The ledger beside the session works with `loop context`.
    assert!(ws.join(".loop/sessions/demo.ledger.json").exists());
}

#[test]
fn ctrl_c_interrupts_with_exit_130_and_the_run_resumes_to_completion() {
    let ws = tempfile::tempdir().unwrap();
    let script = write_script(
        ws.path(),
        r#"[
          {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "sleep 60"}},
                                      {"name": "shell", "arguments": {"command": "touch second-ran"}}]},
          {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "resumed and finished"}}]}
        ]"#,
    );
    let w = ws.path().to_str().unwrap();
    let bin = assert_cmd::cargo::cargo_bin!("loop");
    let child = std::process::Command::new(bin)
        .args([
            "run",
            "--script",
            &script,
            "--workspace",
            w,
            "--yolo",
            "--session-id",
            "i",
            "task",
        ])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the first tool call is running, then press Ctrl+C.
    let log = ws.path().join(".loop/sessions/i.jsonl");
    while !std::fs::read_to_string(&log)
        .unwrap_or_default()
        .contains("tool_start")
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let st = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("resume with: loop run --resume i"), "{err}");
    assert!(!ws.path().join("second-ran").exists());
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        text.matches("\"status\":\"interrupted\"").count(),
        2,
        "{text}"
    );
    loop_cmd()
        .args([
            "run",
            "--resume",
            "i",
            "--script",
            &script,
            "--workspace",
            w,
            "--yolo",
        ])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("done: resumed and finished"));
}

//! `loop run` context-management settings, and how `loop sessions` shows condensations.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn loop_cmd() -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("loop"));
    for v in [
        "OPENAI_API_KEY",
        "ANTHROPIC_API_KEY",
        "LOOP_MODEL",
        "LOOP_BASE_URL",
        "LOOP_PROFILE",
    ] {
        c.env_remove(v);
    }
    c
}

fn script(steps: usize) -> String {
    let mut turns: Vec<serde_json::Value> = (0..steps)
        .map(|i| serde_json::json!({"text": format!("step {i}"), "tool_calls": [{"name": "shell", "arguments": {"command": format!("seq {i} 80")}}]}))
        .collect();
    turns.push(serde_json::json!({"text": "Done."}));
    serde_json::Value::Array(turns).to_string()
}

#[test]
fn bad_thresholds_exit_2_naming_the_flag_and_leave_no_session() {
    let ws = tempfile::tempdir().unwrap();
    let w = ws.path().to_str().unwrap();
    let s = ws.path().join("s.json");
    std::fs::write(&s, script(1)).unwrap();
    let s = s.to_str().unwrap();
    for (flag, value) in [
        ("--mask-keep", "0"),
        ("--mask-batch", "many"),
        ("--summary-threshold", "1.5"),
        ("--summary-threshold", "0"),
        ("--summary-keep", "-3"),
    ] {
        loop_cmd()
            .args(["run", "--script", s, "--workspace", w, flag, value, "task"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("{flag}: `{value}`")));
    }
    assert!(!ws.path().join(".loop/sessions").exists());
}

#[test]
fn a_bad_profile_setting_exits_2_naming_it() {
    let ws = tempfile::tempdir().unwrap();
    let cfg = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(cfg.path().join("loopwright")).unwrap();
    std::fs::write(
        cfg.path().join("loopwright/config.toml"),
        "default = \"p\"\n[profiles.p]\nprovider = \"openai\"\nmodel = \"m\"\nbase_url = \"http://127.0.0.1:9/v1\"\nsummary_threshold = 2.0\n",
    )
    .unwrap();
    loop_cmd()
        .env("XDG_CONFIG_HOME", cfg.path())
        .args(["run", "--workspace", ws.path().to_str().unwrap(), "task"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "profile setting summary_threshold",
        ));
}

#[test]
fn sessions_show_and_export_the_condensations_and_instructions() {
    let ws = tempfile::tempdir().unwrap();
    let w = ws.path().to_str().unwrap();
    std::fs::write(ws.path().join("AGENTS.md"), "Keep it short.\n").unwrap();
    let s = ws.path().join("s.json");
    std::fs::write(&s, script(5)).unwrap();
    loop_cmd()
        .args([
            "run",
            "--script",
            s.to_str().unwrap(),
            "--workspace",
            w,
            "--yolo",
        ])
        .args([
            "--mask-keep",
            "1",
            "--mask-batch",
            "1",
            "--session-id",
            "c1",
            "count",
        ])
        .assert()
        .code(0);
    loop_cmd()
        .args(["sessions", "show", "c1", "--workspace", w])
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains(
                "## project instructions AGENTS.md (15 bytes)\n    Keep it short.",
            )
            .and(predicate::str::contains(
                "## context: masked 1 old tool results before step 3 (recall ids ",
            )),
        );
    let out = loop_cmd()
        .args(["sessions", "export", "c1", "--json", "--workspace", w])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let kinds: Vec<&str> = doc["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == "condensation").count(), 4);
    assert_eq!(kinds[1], "project_instructions");
    assert_eq!(doc["steps"], 6);
}

//! A short `loop run --provider json` against a real local model server (ignored: run it with
//! `LOOP_LOCAL_MODEL_URL=$(scripts/local-model.sh start) cargo test -p loopwright-cli --test
//! local_model -- --ignored`). It checks the protocol end to end: a tool call parsed and run, its
//! result sent back, usage recorded, and the session loads.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use assert_cmd::Command;
use serde_json::Value;

#[test]
#[ignore = "needs a local model server: LOOP_LOCAL_MODEL_URL"]
fn json_run_against_a_local_model_ends_cleanly() {
    let url = std::env::var("LOOP_LOCAL_MODEL_URL").expect("set LOOP_LOCAL_MODEL_URL");
    let ws = tempfile::tempdir().unwrap();
    std::fs::write(
        ws.path().join("notes.txt"),
        "The secret word is pineapple.\n",
    )
    .unwrap();
    let out = Command::cargo_bin("loop")
        .unwrap()
        .current_dir(ws.path())
        .args([
            "run",
            "--provider",
            "json",
            "--model",
            "local",
            "--base-url",
            &url,
        ])
        .args(["--max-steps", "3", "--max-output-tokens", "256"])
        .arg("Read notes.txt and tell me what it says.")
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .unwrap();
    let code = out.status.code();
    assert!(
        matches!(code, Some(0 | 2)),
        "the run must end done (0) or stopped by a guard (2), not {code:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dir = ws.path().join(".loop/sessions");
    let log = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .expect("a session log");
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let has = |needle: &str| lines.iter().any(|v| v.to_string().contains(needle));
    assert!(has("\"tool_calls\":[{"), "a tool call was parsed: {text}");
    let result = lines
        .iter()
        .position(|v| v["type"] == "tool_result" && v["call_id"] == "json-1")
        .unwrap_or_else(|| panic!("the tool ran and its result was logged: {text}"));
    assert!(
        lines[result..].iter().any(|v| v["type"] == "assistant"),
        "the result went back to the model, which answered again: {text}"
    );
    assert!(has("\"output_tokens\":"), "usage was recorded: {text}");
    let id = log.file_stem().unwrap().to_str().unwrap().to_string();
    Command::cargo_bin("loop")
        .unwrap()
        .current_dir(ws.path())
        .args(["sessions", "show", &id])
        .assert()
        .success();
}

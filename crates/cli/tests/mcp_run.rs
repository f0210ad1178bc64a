//! `loop run` with an MCP server configured in `.loop/mcp.toml`: the reference filesystem
//! server (from `.ci/mcp-deps.sh`; `LOOP_MCP_TOOLS`, default `<repo>/target/ci-tools`; missing,
//! the test is skipped, except with `CI=true`, where it fails) reads a 2 MB file through
//! `mcp__fs__read_text_file`, a registry tool like any other: the policy asks first, the model
//! sees a capped text with a pointer, and the spill file holds all of it.

#![allow(clippy::unwrap_used)]

mod common;
use common::mcp_tool;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The events of a session log.
fn events(log: &Path) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .collect()
}

/// The events of `kind`.
fn of_type<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|v| v["type"] == kind).collect()
}

/// The position of the first event of `kind` for call `id`.
fn position(events: &[Value], kind: &str, id: &str) -> usize {
    events
        .iter()
        .position(|v| v["type"] == kind && v["call_id"] == id)
        .unwrap_or_else(|| panic!("no {kind} for {id}"))
}

#[test]
fn loop_run_reads_a_2_mb_file_through_mcp_asked_capped_and_spilled() {
    let Some(fs) = mcp_tool("npm/node_modules/.bin/mcp-server-filesystem") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(dir.path()).unwrap();
    let data = root.join("data");
    std::fs::create_dir_all(root.join(".loop")).unwrap();
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(
        root.join(".loop/mcp.toml"),
        format!(
            "[servers.fs]\ncommand = \"{}\"\nargs = [\"{}\"]\n",
            fs.display(),
            data.display()
        ),
    )
    .unwrap();
    let mut big = String::new();
    let mut i = 0;
    while big.len() < 2 * 1024 * 1024 {
        big.push_str(&format!("record {i:07} {}\n", "payload ".repeat(8)));
        i += 1;
    }
    std::fs::write(data.join("big.txt"), &big).unwrap();
    let script = serde_json::json!([
        {"text": "Read it.", "tool_calls": [{"name": "mcp__fs__read_text_file",
            "arguments": {"path": data.join("big.txt")}}]},
        {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "read"}}]}
    ]);
    let script_file = root.join("script.json");
    std::fs::write(&script_file, script.to_string()).unwrap();
    let run = |id: &str, extra: &[&str]| {
        let out = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
            .args(["run", "--provider", "scripted", "--script"])
            .arg(&script_file)
            .arg("--workspace")
            .arg(&root)
            .args(["--session-id", id])
            .args(extra)
            .arg("read big.txt")
            .env("HOME", &root)
            .env("XDG_CONFIG_HOME", root.join("xdg"))
            .output()
            .unwrap();
        let log = root.join(format!(".loop/sessions/{id}.jsonl"));
        (out, events(&log))
    };

    // No rule covers MCP tools: the policy asks (recorded), and an unattended run denies
    // what it asks; the server is never called.
    let (out, events) = run("asked", &["--no-prompt"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let results = of_type(&events, "tool_result");
    let first = results
        .first()
        .unwrap_or_else(|| panic!("no tool result: {stderr}"));
    assert_eq!(first["name"], "mcp__fs__read_text_file", "{first}");
    assert_eq!(first["status"], "denied", "{first}");
    assert!(
        first["content"].as_str().unwrap().contains("not approved"),
        "{first}"
    );
    let id = first["call_id"].as_str().unwrap();
    let asked = of_type(&events, "permission");
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert_eq!(asked[0]["tool"], "mcp__fs__read_text_file");
    assert_eq!(asked[0]["verdict"], "ask");
    assert_eq!(asked[0]["approval"], "denied");
    assert!(position(&events, "permission", id) < position(&events, "tool_result", id));
    assert!(
        !events
            .iter()
            .any(|v| v["type"] == "tool_start" && v["call_id"] == id)
    );

    // Approved (`--yolo` approves what the policy asks about): asked first, then read,
    // capped, spilled.
    let (out, events) = run("allowed", &["--yolo"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let results = of_type(&events, "tool_result");
    let first = results
        .first()
        .unwrap_or_else(|| panic!("no tool result: {stderr}"));
    assert_eq!(first["status"], "ok", "{first} {stderr}");
    let id = first["call_id"].as_str().unwrap();
    let asked = of_type(&events, "permission");
    assert_eq!(asked[0]["tool"], "mcp__fs__read_text_file");
    assert_eq!(asked[0]["verdict"], "ask", "{}", asked[0]);
    assert_eq!(asked[0]["approval"], "once", "{}", asked[0]);
    assert!(position(&events, "permission", id) < position(&events, "tool_start", id));
    let content = first["content"].as_str().unwrap();
    assert!(content.len() < big.len() / 10, "{}", content.len());
    assert!(content.contains("record 0000000"), "{}", &content[..200]);
    assert!(content.contains("[full output: "), "{content}");
    let spill = first["spill"].as_str().unwrap();
    let spill = if Path::new(spill).is_absolute() {
        PathBuf::from(spill)
    } else {
        root.join(spill)
    };
    assert_eq!(std::fs::read_to_string(spill).unwrap(), big);
    assert_eq!(first["raw_bytes"].as_u64().unwrap(), big.len() as u64);
}

/// An MCP server runs outside the tool supervisor's read-only mount, so a call naming the
/// state directory is denied by the built-in rule, even under `--yolo`: the file is never
/// written.
#[test]
fn an_mcp_write_into_the_state_directory_is_denied_even_with_yolo() {
    let Some(fs) = mcp_tool("npm/node_modules/.bin/mcp-server-filesystem") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(dir.path()).unwrap();
    std::fs::create_dir_all(root.join(".loop")).unwrap();
    std::fs::write(
        root.join(".loop/mcp.toml"),
        format!(
            "[servers.fs]\ncommand = \"{}\"\nargs = [\"{}\"]\n",
            fs.display(),
            root.display()
        ),
    )
    .unwrap();
    let planted = root.join(".loop/planted.txt");
    // A link to the state directory, made by a tool earlier: the path does not spell `.loop`.
    std::os::unix::fs::symlink(".loop", root.join("state")).unwrap();
    let script = serde_json::json!([
        {"text": "Plant it.", "tool_calls": [{"name": "mcp__fs__write_file",
            "arguments": {"path": planted, "content": "x"}}]},
        {"text": "Again.", "tool_calls": [{"name": "mcp__fs__write_file",
            "arguments": {"path": root.join("state/linked.txt"), "content": "x"}}]},
        {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "done"}}]}
    ]);
    let script_file = root.join("script.json");
    std::fs::write(&script_file, script.to_string()).unwrap();
    let out = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .args(["run", "--provider", "scripted", "--script"])
        .arg(&script_file)
        .arg("--workspace")
        .arg(&root)
        .args(["--session-id", "plant", "--yolo"])
        .arg("plant a file")
        .env("HOME", &root)
        .env("XDG_CONFIG_HOME", root.join("xdg"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let events = events(&root.join(".loop/sessions/plant.jsonl"));
    let results = of_type(&events, "tool_result");
    let first = results
        .first()
        .unwrap_or_else(|| panic!("no tool result: {stderr}"));
    assert_eq!(first["name"], "mcp__fs__write_file", "{first}");
    assert_eq!(first["status"], "denied", "{first} {stderr}");
    assert!(!planted.exists(), "the server wrote into .loop/");
    let second = results
        .get(1)
        .unwrap_or_else(|| panic!("no second tool result: {stderr}"));
    assert_eq!(second["status"], "denied", "{second} {stderr}");
    assert!(
        !root.join(".loop/linked.txt").exists(),
        "the server wrote into .loop/ through a link"
    );
}

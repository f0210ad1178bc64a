//! `loop run` with an MCP server configured in `.loop/mcp.toml`: the reference filesystem
//! server (from `.ci/mcp-deps.sh`; `LOOP_MCP_TOOLS`, default `<repo>/target/ci-tools`; missing,
//! the test is skipped, except with `CI=true`, where it fails) reads a 2 MB file through
//! `mcp__fs__read_text_file`, a registry tool like any other: the policy asks first, the model
//! sees a capped text with a pointer, and the spill file holds all of it.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn tool(rel: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("LOOP_MCP_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/ci-tools"));
    let p = dir.join(rel);
    if p.exists() {
        return Some(p);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!(
            "{} is missing: run .ci/mcp-deps.sh (or set LOOP_MCP_TOOLS)",
            p.display()
        );
    }
    eprintln!("skipped: {} is missing (run .ci/mcp-deps.sh)", p.display());
    None
}

/// The `tool_result` events of a session log.
fn tool_results(log: &Path) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| {
            if v["type"] == "tool_result" {
                Some(v)
            } else if v["kind"]["type"] == "tool_result" {
                Some(v["kind"].clone())
            } else {
                None
            }
        })
        .collect()
}

#[test]
fn loop_run_reads_a_2_mb_file_through_mcp_asked_capped_and_spilled() {
    let Some(fs) = tool("npm/node_modules/.bin/mcp-server-filesystem") else {
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
        (out, tool_results(&log))
    };

    // No rule covers MCP tools: the policy asks, and an unattended run denies what it asks.
    let (out, results) = run("asked", &["--no-prompt"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first = results
        .first()
        .unwrap_or_else(|| panic!("no tool result: {stderr}"));
    assert_eq!(first["name"], "mcp__fs__read_text_file", "{first}");
    assert_eq!(first["status"], "denied", "{first}");
    assert!(
        first["content"].as_str().unwrap().contains("not approved"),
        "{first}"
    );

    // Approved (`--yolo` approves what the policy asks about): read, capped, spilled.
    let (out, results) = run("allowed", &["--yolo"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first = results
        .first()
        .unwrap_or_else(|| panic!("no tool result: {stderr}"));
    assert_eq!(first["status"], "ok", "{first} {stderr}");
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

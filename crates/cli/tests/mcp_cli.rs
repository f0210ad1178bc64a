//! `loop mcp` against MCP software nobody here wrote: the Python SDK's client and the MCP
//! Inspector CLI against `loop mcp serve`; `loop mcp call` through the reference filesystem
//! server. The tools come from `.ci/mcp-deps.sh` (`LOOP_MCP_TOOLS`, default
//! `<repo>/target/ci-tools`); missing, a test is skipped, except with `CI=true`, where it fails.

#![allow(clippy::unwrap_used)]

mod common;
use common::mcp_tool;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const RULES: &str = r#"
[[rule]]
verdict = "deny"
command = "git push"
reason = "pushing is for humans"

[[rule]]
verdict = "allow"
command = ["git status"]
"#;

fn loop_bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("loop")
}

fn workspace() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, RULES).unwrap();
    (dir, rules)
}

fn python_client(mode: Option<&str>) -> Option<Value> {
    let py = mcp_tool("venv/bin/python")?;
    let (dir, rules) = workspace();
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/py_client.py");
    let mut cmd = Command::new(py);
    cmd.arg(script).arg(loop_bin()).arg(dir.path()).arg(&rules);
    if let Some(m) = mode {
        cmd.arg(m);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "python client failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

fn check_python_view(v: &Value) {
    let tools: Vec<&str> = v["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(
        tools,
        [
            "loop_check_breaker",
            "loop_compress",
            "loop_context_inject",
            "loop_estimate_cost",
            "loop_gate_check",
            "loop_ledger_record",
            "loop_spill_read"
        ]
    );
    assert_eq!(v["output_schemas"], true);
    assert_eq!(v["gate"]["verdict"], "deny");
    assert_eq!(v["gate"]["parts"][0]["verdict"], "allow");
    assert_eq!(v["gate"]["parts"][1]["verdict"], "deny");
    let text = v["compress_text"].as_str().unwrap();
    assert!(text.contains("error[E0425]"), "{text}");
    assert!(
        text.len() * 10 < v["compress_in"].as_u64().unwrap() as usize,
        "{}",
        text.len()
    );
    assert!(text.contains("[full output: "), "{text}");
    assert_eq!(v["bad_is_error"], true);
    assert!(v["bad_text"].as_str().unwrap().contains("comand"), "{v}");
}

#[test]
fn python_sdk_client_over_stdio() {
    if let Some(v) = python_client(None) {
        check_python_view(&v);
    }
}

#[test]
fn python_sdk_client_over_streamable_http() {
    if let Some(v) = python_client(Some("http")) {
        check_python_view(&v);
    }
}

fn inspector(dir: &Path, rules: &Path, extra: &[&str]) -> Option<Value> {
    let insp = mcp_tool("npm/node_modules/.bin/mcp-inspector")?;
    let out = Command::new(insp)
        .arg("--cli")
        .arg(loop_bin())
        .args(["mcp", "serve", "--workspace"])
        .arg(dir)
        .arg("--rules")
        .arg(rules)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "inspector failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

#[test]
fn inspector_cli_lists_and_calls() {
    let (dir, rules) = workspace();
    let Some(list) = inspector(dir.path(), &rules, &["--method", "tools/list"]) else {
        return;
    };
    let names: Vec<&str> = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"loop_gate_check") && names.len() == 7,
        "{names:?}"
    );
    let r = inspector(
        dir.path(),
        &rules,
        &[
            "--method",
            "tools/call",
            "--tool-name",
            "loop_gate_check",
            "--tool-arg",
            "command=git status && git push",
        ],
    )
    .unwrap();
    assert_eq!(r["structuredContent"]["verdict"], "deny", "{r}");
}

#[test]
fn loop_mcp_call_reads_a_2_mb_file_capped_spilled_and_asked_first() {
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
    let args = format!("{{\"path\": \"{}\"}}", data.join("big.txt").display());
    let run = |extra: &[&str]| {
        Command::new(loop_bin())
            .args(["mcp", "call", "mcp__fs__read_text_file", "--workspace"])
            .arg(&root)
            .args(["--config", "/nonexistent/config.toml", "--args", &args])
            .args(extra)
            .env("HOME", &root)
            .output()
            .unwrap()
    };
    // the policy is asked first: MCP tools are `ask` by default
    let asked = run(&[]);
    assert_eq!(
        asked.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&asked.stderr)
    );
    assert!(
        String::from_utf8_lossy(&asked.stderr).contains("policy for mcp__fs__read_text_file: ask")
    );
    let out = run(&["--yes", "--max-chars", "20000"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = String::from_utf8(out.stdout).unwrap();
    assert!(shown.chars().count() <= 20_000, "{}", shown.len());
    let pointer = shown.lines().last().unwrap();
    assert!(pointer.starts_with("[full output: "), "{pointer}");
    let path = pointer
        .trim_start_matches("[full output: ")
        .split(" (")
        .next()
        .unwrap();
    assert_eq!(std::fs::read_to_string(path).unwrap(), big);
}

#[test]
fn bad_flags_and_non_loopback_addresses_are_refused() {
    let out = Command::new(loop_bin())
        .args(["mcp", "serve", "--http", "0.0.0.0:0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("loopback"));
    let out = Command::new(loop_bin())
        .args(["mcp", "call", "x", "--args", "[1]"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--args must be a JSON object"));
    let out = Command::new(loop_bin())
        .args(["mcp", "bogus"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

//! Progressive disclosure in `loop run`, against real MCP servers (server-everything and
//! server-filesystem from npm, mcp-server-git from PyPI, installed by `.ci/mcp-deps.sh`;
//! `LOOP_MCP_TOOLS`, default `<repo>/target/ci-tools`; missing, the test is skipped, except
//! with `CI=true`, where it fails) and a model on 127.0.0.1 that records every request.
//!
//! With `[disclosure] mode = "always"` the MCP tools are not in the `tools` array: the
//! catalogue is in the system prompt, `tool_search` finds a tool with its schema and
//! `tool_call` runs it, judged by the policy as the target tool. The `tools` array of every
//! request is byte-identical, and smaller than with `mode = "never"`.

#![allow(clippy::unwrap_used)]

mod common;
use common::mcp_tool;

use std::path::{Path, PathBuf};
use std::process::Command;

use loopwright_testkit::scenario::openai;
use loopwright_testkit::{MockServer, Reply};
use serde_json::{Value, json};

/// The raw bytes of the top-level `"tools"` array of a JSON request body.
fn raw_tools(body: &str) -> &str {
    let start = body.find("\"tools\":").unwrap() + "\"tools\":".len();
    let bytes = body.as_bytes();
    let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        if in_str {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_str = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_str = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return &body[start..=i];
                }
            }
            _ => {}
        }
    }
    panic!("unterminated tools array")
}

struct Setup {
    root: PathBuf,
    data: PathBuf,
}

fn setup(mode: &str) -> Option<(tempfile::TempDir, Setup)> {
    let everything = mcp_tool("npm/node_modules/.bin/mcp-server-everything")?;
    let fs = mcp_tool("npm/node_modules/.bin/mcp-server-filesystem")?;
    let git = mcp_tool("venv/bin/mcp-server-git")?;
    let dir = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(dir.path()).unwrap();
    let data = root.join("data");
    std::fs::create_dir_all(root.join(".loop")).unwrap();
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("note.txt"), "the note says hello\n").unwrap();
    let ok = Command::new("git")
        .args(["init", "-q"])
        .arg(&root)
        .status()
        .unwrap();
    assert!(ok.success());
    let q = |p: &Path| json!(p.to_str().unwrap()).to_string();
    std::fs::write(
        root.join(".loop/mcp.toml"),
        format!(
            "[servers.everything]\ncommand = {}\nargs = [\"stdio\"]\n\n\
             [servers.fs]\ncommand = {}\nargs = [{}]\n\n\
             [servers.git]\ncommand = {}\nargs = [\"--repository\", {}]\n\n\
             [disclosure]\nmode = \"{mode}\"\n",
            q(&everything),
            q(&fs),
            q(&data),
            q(&git),
            q(&root),
        ),
    )
    .unwrap();
    Some((dir, Setup { root, data }))
}

/// Runs `loop run` against a model that plays `replies`; returns the requests and events.
fn run(s: &Setup, replies: Vec<Reply>) -> (Vec<String>, Vec<Value>, String) {
    let model = MockServer::start(replies);
    let out = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .args(["run", "--provider", "openai", "--model", "m", "--base-url"])
        .arg(model.url("/v1"))
        .args([
            "--api-key-env",
            "LOOPTEST_KEY",
            "--yolo",
            "--session-id",
            "s",
        ])
        .arg("--workspace")
        .arg(&s.root)
        .arg("use the tools")
        .env("LOOPTEST_KEY", "k")
        .env("HOME", &s.root)
        .env("XDG_CONFIG_HOME", s.root.join("xdg"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let log = std::fs::read_to_string(s.root.join(".loop/sessions/s.jsonl"))
        .unwrap_or_else(|e| panic!("no session log ({e}): {stderr}"));
    let events = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let bodies = model.requests().into_iter().map(|r| r.raw).collect();
    (bodies, events, stderr)
}

fn result_of<'a>(events: &'a [Value], id: &str) -> &'a Value {
    events
        .iter()
        .find(|e| e["type"] == "tool_result" && e["call_id"] == id)
        .unwrap_or_else(|| panic!("no result for {id}"))
}

#[test]
fn deferred_mcp_tools_keep_the_tools_array_identical_and_smaller() {
    let Some((_dir, full)) = setup("never") else {
        return;
    };
    let finish = json!({"summary": "done"});
    let (bodies, _, stderr) = run(&full, vec![openai::tool_call("c1", "finish", &finish)]);
    assert_eq!(bodies.len(), 1, "{stderr}");
    let all_tools = raw_tools(&bodies[0]).to_owned();
    let full_first = bodies[0].clone();
    assert!(all_tools.contains("mcp__everything__echo"), "{stderr}");
    assert!(all_tools.contains("mcp__fs__read_text_file"));
    assert!(all_tools.contains("mcp__git__git_status"));

    let Some((_dir2, s)) = setup("always") else {
        return;
    };
    let note = s.data.join("note.txt");
    let replies = vec![
        openai::tool_call(
            "c1",
            "tool_search",
            &json!({"query": "echo a message back"}),
        ),
        openai::tool_call(
            "c2",
            "tool_call",
            &json!({"name": "mcp__everything__echo", "arguments": {"message": "hi from the proxy"}}),
        ),
        openai::tool_call("c3", "tool_search", &json!({"query": "read a text file"})),
        openai::tool_call(
            "c4",
            "tool_call",
            &json!({"name": "mcp__fs__read_text_file", "arguments": {"path": note}}),
        ),
        openai::tool_call(
            "c5",
            "tool_call",
            &json!({"name": "mcp__fs__read_text_file", "arguments": {"path": 7}}),
        ),
        openai::tool_call("c6", "finish", &finish),
    ];
    let (bodies, events, stderr) = run(&s, replies);
    assert_eq!(bodies.len(), 6, "{stderr}");
    let first = raw_tools(&bodies[0]);
    for (i, b) in bodies.iter().enumerate() {
        assert_eq!(raw_tools(b), first, "request {i}: the tools array changed");
    }
    assert!(!first.contains("mcp__"), "{first}");
    assert!(first.contains("\"tool_search\"") && first.contains("\"tool_call\""));
    println!(
        "tools array: {} bytes without deferral, {} bytes with deferral ({} requests, all identical); \
         first request (tools + system prompt with the catalogue): {} -> {} bytes",
        all_tools.len(),
        first.len(),
        bodies.len(),
        full_first.len(),
        bodies[0].len()
    );
    assert!(first.len() < all_tools.len());
    assert!(bodies[0].len() < full_first.len());
    // The catalogue is in the system prompt of every request.
    for b in &bodies {
        assert!(b.contains("- mcp__git__git_status"), "no catalogue");
    }

    // tool_search: the target's full schema as a tool result.
    let found = result_of(&events, "c1")["content"].as_str().unwrap();
    assert!(found.contains("\"mcp__everything__echo\""), "{found}");
    assert!(found.contains("input_schema"), "{found}");
    // tool_call: judged as the target tool (asked, then approved by --yolo), result through
    // the pipeline.
    let echoed = result_of(&events, "c2");
    assert_eq!(echoed["status"], "ok", "{echoed}");
    assert!(
        echoed["content"]
            .as_str()
            .unwrap()
            .contains("hi from the proxy")
    );
    let asked: Vec<&Value> = events
        .iter()
        .filter(|e| e["type"] == "permission")
        .collect();
    assert_eq!(asked[0]["call_id"], "c2");
    assert_eq!(asked[0]["tool"], "mcp__everything__echo");
    assert_eq!(asked[0]["verdict"], "ask");
    let read = result_of(&events, "c4");
    assert!(
        read["content"]
            .as_str()
            .unwrap()
            .contains("the note says hello"),
        "{read}"
    );
    assert_eq!(asked[1]["tool"], "mcp__fs__read_text_file");
    // Arguments that do not match the target's schema: refused before anything runs.
    let bad = result_of(&events, "c5");
    assert_eq!(bad["status"], "invalid", "{bad}");
    assert!(bad["content"].as_str().unwrap().contains("/path"), "{bad}");
    assert!(!asked.iter().any(|e| e["call_id"] == "c5"));
}

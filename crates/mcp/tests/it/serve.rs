//! `loop mcp serve`'s tools, called in-process the way the MCP handler calls them.

use loopwright_mcp::server::definitions;
use loopwright_mcp::{LoopServer, LoopTools};
use loopwright_policy::{Layer, LayerKind, Policy, ToolRole};
use serde_json::{Map, Value, json};

const RULES: &str = r#"
[[rule]]
verdict = "deny"
command = "git push"
reason = "pushing is for humans"

[[rule]]
verdict = "allow"
command = ["git status"]

[[rule]]
verdict = "allow"
tool = "mcp__git__git_status"
"#;

fn server(ws: &std::path::Path) -> LoopServer {
    let layers = vec![
        Layer::builtin().unwrap(),
        Layer::parse(LayerKind::Rules, "rules.toml", RULES).unwrap(),
    ];
    LoopServer::new(LoopTools {
        workspace: std::fs::canonicalize(ws).unwrap(),
        policy: Policy::load(layers),
        home: None,
        spill_dir: ws.join(".loop/spill"),
        role_of: |name| match name {
            "read_file" => ToolRole::Read,
            _ => ToolRole::Other,
        },
    })
}

fn obj(v: Value) -> Map<String, Value> {
    v.as_object().unwrap().clone()
}

fn call(s: &LoopServer, name: &str, args: Value) -> Value {
    let r = s.call(name, Some(&obj(args))).unwrap();
    serde_json::to_value(r).unwrap()
}

#[test]
fn lists_seven_tools_with_output_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path());
    let names: Vec<&str> = s.tools().iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(
        names,
        [
            "loop_compress",
            "loop_spill_read",
            "loop_gate_check",
            "loop_check_breaker",
            "loop_ledger_record",
            "loop_context_inject",
            "loop_estimate_cost"
        ]
    );
    assert_eq!(definitions().len(), 7);
    assert!(s.tools().iter().all(|t| t.output_schema.is_some()));
}

#[test]
fn gate_check_judges_every_part() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path());
    let r = call(
        &s,
        "loop_gate_check",
        json!({"command": "git status && git push"}),
    );
    let sc = &r["structuredContent"];
    assert_eq!(sc["verdict"], "deny");
    assert_eq!(sc["reason"], "pushing is for humans");
    let parts: Vec<(&str, &str)> = sc["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["text"].as_str().unwrap(), p["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(parts, [("git status", "allow"), ("git push", "deny")]);
    assert!(
        r["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("deny: pushing is for humans")
    );
    // a tool call is judged by the tool's name
    let r = call(
        &s,
        "loop_gate_check",
        json!({"tool": "mcp__git__git_status"}),
    );
    assert_eq!(r["structuredContent"]["verdict"], "allow");
    let r = call(&s, "loop_gate_check", json!({"tool": "mcp__git__git_push"}));
    assert_eq!(r["structuredContent"]["verdict"], "ask");
    // a file tool is judged by its role: the server's `role_of`, or `role` given
    let verdict =
        |args: Value| call(&s, "loop_gate_check", args)["structuredContent"]["verdict"].clone();
    assert_eq!(
        verdict(json!({"tool": "read_file", "path": "src/a.rs"})),
        "allow"
    );
    assert_eq!(
        verdict(json!({"tool": "read_file", "path": ".env"})),
        "deny"
    );
    assert_eq!(
        verdict(json!({"tool": "fetch_doc", "path": "src/a.rs"})),
        "ask"
    );
    let read = json!({"tool": "fetch_doc", "role": "read", "path": "src/a.rs"});
    assert_eq!(verdict(read), "allow");
    let write = json!({"tool": "patch", "role": "write", "path": "/etc/hosts"});
    assert_eq!(verdict(write), "deny");
    let shell = json!({"tool": "Bash", "role": "shell", "command": "git push"});
    assert_eq!(verdict(shell), "deny");
}

#[test]
fn bad_arguments_are_invalid_params_naming_the_argument() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path());
    let e = s
        .call("loop_gate_check", Some(&obj(json!({"comand": "ls"}))))
        .unwrap_err();
    assert_eq!(e.code.0, -32602);
    assert!(
        e.message.contains("unknown field `comand`"),
        "{}",
        e.message
    );
    let e = s.call("loop_compress", None).unwrap_err();
    assert!(e.message.contains("missing field `text`"), "{}", e.message);
    let e = s
        .call(
            "loop_compress",
            Some(&obj(json!({"text": "x", "max_chars": 5}))),
        )
        .unwrap_err();
    assert!(e.message.contains("max_chars"), "{}", e.message);
    let e = s.call("loop_nope", None).unwrap_err();
    assert!(e.message.contains("unknown tool"), "{}", e.message);
    let e = s
        .call(
            "loop_ledger_record",
            Some(&obj(json!({"action": "a", "outcome": "meh"}))),
        )
        .unwrap_err();
    assert!(e.message.contains("`outcome`"), "{}", e.message);
}

#[test]
fn compress_folds_caps_and_spills_and_spill_read_reads_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path());
    let mut log = String::new();
    for i in 0..3000 {
        log.push_str(&format!("   Compiling crate-{i} v0.1.{i}\n"));
    }
    log.push_str("error[E0308]: mismatched types\n  --> src/main.rs:3:5\n");
    let r = call(
        &s,
        "loop_compress",
        json!({"text": log, "command": "cargo build"}),
    );
    let sc = &r["structuredContent"];
    let text = sc["text"].as_str().unwrap();
    assert!(text.contains("error[E0308]: mismatched types"), "{text}");
    assert!(text.len() < log.len() / 10, "{}", text.len());
    assert!(sc["folded_lines"].as_u64().unwrap() > 1000);
    let path = sc["spill"]["path"].as_str().unwrap();
    assert_eq!(std::fs::read_to_string(path).unwrap(), log);
    let r = call(
        &s,
        "loop_spill_read",
        json!({"path": path, "lines": "3001:3001"}),
    );
    assert_eq!(
        r["structuredContent"]["text"],
        "error[E0308]: mismatched types\n"
    );
    // nothing outside the spill directory can be read
    std::fs::write(dir.path().join("secret.txt"), "x").unwrap();
    let e = s
        .call("loop_spill_read", Some(&obj(json!({"path": "secret.txt"}))))
        .unwrap_err();
    assert!(e.message.contains("not a spill file"), "{}", e.message);
}

#[test]
fn ledger_record_breaker_and_inject() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path());
    for _ in 0..3 {
        let r = call(
            &s,
            "loop_ledger_record",
            json!({
                "goal": "fix the build", "action": "cargo build", "outcome": "failure",
                "error": "error[E0308]: mismatched types at src/main.rs:3"
            }),
        );
        assert!(r["structuredContent"]["iteration"].as_u64().unwrap() >= 1);
    }
    let r = call(&s, "loop_check_breaker", json!({}));
    assert_eq!(r["structuredContent"]["escalate"], true, "{r}");
    let r = call(&s, "loop_context_inject", json!({}));
    let text = r["structuredContent"]["text"].as_str().unwrap();
    assert!(text.contains("**Goal:** fix the build"), "{text}");
    // ledgers stay inside the workspace
    let e = s
        .call(
            "loop_check_breaker",
            Some(&obj(json!({"ledger": "/etc/passwd"}))),
        )
        .unwrap_err();
    assert!(e.message.contains("inside the workspace"), "{}", e.message);
    let r = call(&s, "loop_check_breaker", json!({"ledger": "missing.json"}));
    assert_eq!(r["isError"], true);
}

#[test]
fn estimate_cost_uses_the_pattern_registry() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path());
    let r = call(
        &s,
        "loop_estimate_cost",
        json!({"patternId": "daily-triage", "level": "L2"}),
    );
    assert!(r["structuredContent"].is_object());
    assert!(
        r["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("Daily Triage")
            || r["content"][0]["text"]
                .as_str()
                .unwrap()
                .contains("daily-triage")
    );
    let e = s
        .call(
            "loop_estimate_cost",
            Some(&obj(json!({"patternId": "nope"}))),
        )
        .unwrap_err();
    assert!(e.message.contains("Unknown pattern"), "{}", e.message);
}

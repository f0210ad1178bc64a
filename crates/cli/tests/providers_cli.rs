//! `loop run` with the HTTP providers, against a scripted server on 127.0.0.1.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use assert_cmd::Command;
use loopwright_testkit::{MockServer, Reply};
use predicates::prelude::*;

/// Serves `replies` (status, content type, body, extra header line) one per connection with
/// the testkit's mock server; returns the base URL and the server (request bodies recorded).
fn serve(replies: Vec<(u16, &'static str, String, &'static str)>) -> (String, Bodies) {
    let replies = replies
        .into_iter()
        .map(|(status, ctype, body, extra)| {
            let mut headers = vec![("content-type".to_string(), ctype.to_string())];
            if let Some((k, v)) = extra.trim_end().split_once(':') {
                headers.push((k.trim().to_string(), v.trim().to_string()));
            }
            Reply::Full {
                status,
                headers,
                body,
            }
        })
        .collect();
    let server = MockServer::start(replies);
    (server.url("/v1"), Bodies(server))
}

/// The request bodies a server received.
struct Bodies(MockServer);

impl Bodies {
    fn all(&self) -> Vec<String> {
        self.0.requests().into_iter().map(|r| r.raw).collect()
    }
}

fn sse(datas: &[&str]) -> String {
    datas.iter().map(|d| format!("data: {d}\n\n")).collect()
}

fn loop_cmd(home: &Path) -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("loop"));
    c.env("HOME", home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("OPENAI_API_KEY")
        .env_remove("ANTHROPIC_API_KEY")
        .env_remove("LOOP_MODEL")
        .env_remove("LOOP_BASE_URL")
        .env_remove("LOOP_PROFILE");
    c
}

fn chat_json(content: &str) -> String {
    serde_json::json!({"choices":[{"message":{"role":"assistant","content":content}}],
        "usage":{"prompt_tokens":20,"completion_tokens":5}})
    .to_string()
}

#[test]
fn openai_run_survives_a_rate_limit_and_runs_the_tool_once() {
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let call = sse(&[
        r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"shell","arguments":"{\"command\": \"echo hi >> out.txt\"}"}}]}}]}"#,
        r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
        r#"{"choices":[],"usage":{"prompt_tokens":900,"completion_tokens":12}}"#,
        "[DONE]",
    ]);
    let done = sse(&[
        r#"{"choices":[{"index":0,"delta":{"content":"Done: wrote out.txt."},"finish_reason":"stop"}]}"#,
        "[DONE]",
    ]);
    let (base, bodies) = serve(vec![
        (429, "application/json", "{}".into(), "retry-after: 0\r\n"),
        (200, "text/event-stream", call, ""),
        (200, "text/event-stream", done, ""),
    ]);
    loop_cmd(home.path())
        .env("LOOPTEST_KEY", "k")
        .args([
            "run",
            "--provider",
            "openai",
            "--model",
            "test-model",
            "--base-url",
            &base,
        ])
        .args([
            "--api-key-env",
            "LOOPTEST_KEY",
            "--yolo",
            "--session-id",
            "s",
        ])
        .args(["--price-input", "1", "--price-output", "2"])
        .args(["--workspace", ws.path().to_str().unwrap(), "write hi"])
        .assert()
        .code(0);
    assert_eq!(
        std::fs::read_to_string(ws.path().join("out.txt")).unwrap(),
        "hi\n"
    );
    assert_eq!(bodies.all().len(), 3);
    let log = std::fs::read_to_string(ws.path().join(".loop/sessions/s.jsonl")).unwrap();
    assert!(log.contains(r#""provider":"openai""#), "{log}");
    assert!(log.contains(r#""model":"test-model""#), "{log}");
    assert!(log.contains(r#""input_tokens":900"#), "{log}");
}

#[test]
fn json_protocol_run_with_a_non_streaming_server() {
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let (base, bodies) = serve(vec![
        (
            200,
            "application/json",
            chat_json("I think I should run echo."),
            "",
        ),
        (
            200,
            "application/json",
            chat_json(r#"{"tool": "shell", "arguments": {"command": "echo hi >> out.txt"}}"#),
            "",
        ),
        (
            200,
            "application/json",
            chat_json(r#"{"final": "Done."}"#),
            "",
        ),
    ]);
    loop_cmd(home.path())
        .args([
            "run",
            "--provider",
            "json",
            "--model",
            "small",
            "--base-url",
            &base,
        ])
        .args([
            "--yolo",
            "--workspace",
            ws.path().to_str().unwrap(),
            "write hi",
        ])
        .assert()
        .code(0);
    assert_eq!(
        std::fs::read_to_string(ws.path().join("out.txt")).unwrap(),
        "hi\n"
    );
    let bodies = bodies.all();
    assert_eq!(bodies.len(), 3);
    assert!(bodies[1].contains("Format error"), "{}", bodies[1]);
    // The reply format is constrained by a JSON schema with one branch per tool.
    assert!(
        bodies[0].contains(r#""response_format":{"type":"json_schema""#),
        "{}",
        bodies[0]
    );
}

#[test]
fn unauthorized_names_the_variable() {
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let (base, _) = serve(vec![(
        401,
        "application/json",
        r#"{"error":"bad key"}"#.into(),
        "",
    )]);
    loop_cmd(home.path())
        .env("MY_KEY", "wrong")
        .args([
            "run",
            "--provider",
            "anthropic",
            "--model",
            "c",
            "--base-url",
            &base,
        ])
        .args([
            "--api-key-env",
            "MY_KEY",
            "--workspace",
            ws.path().to_str().unwrap(),
            "task",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("MY_KEY").and(predicate::str::contains("401")));
}

#[test]
fn nothing_configured_explains_how_and_points_at_demo() {
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    loop_cmd(home.path())
        .args(["run", "--workspace", ws.path().to_str().unwrap(), "task"])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("no model provider is configured")
                .and(predicate::str::contains("loop demo"))
                .and(predicate::str::contains(".config/loopwright/config.toml")),
        );
    loop_cmd(home.path())
        .args(["run", "--provider", "openai", "--model", "m"])
        .args(["--workspace", ws.path().to_str().unwrap(), "task"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("OPENAI_API_KEY: not set"));
}

#[test]
fn profile_supplies_provider_model_and_prices() {
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let done = sse(&[
        r#"{"choices":[{"index":0,"delta":{"content":"Nothing to do."},"finish_reason":"stop"}]}"#,
        r#"{"choices":[],"usage":{"prompt_tokens":1000000,"completion_tokens":0}}"#,
        "[DONE]",
    ]);
    let (base, bodies) = serve(vec![(200, "text/event-stream", done, "")]);
    let cfg = home.path().join(".config/loopwright");
    std::fs::create_dir_all(&cfg).unwrap();
    std::fs::write(
        cfg.join("config.toml"),
        format!(
            "default = \"local\"\n[profiles.local]\nprovider = \"openai\"\nmodel = \"from-profile\"\nbase_url = \"{base}\"\nprices = {{ input = 3.0, output = 15.0 }}\n"
        ),
    )
    .unwrap();
    loop_cmd(home.path())
        .args(["run", "--max-cost", "100", "--session-id", "p"])
        .args(["--workspace", ws.path().to_str().unwrap(), "task"])
        .assert()
        .code(0);
    assert!(bodies.all()[0].contains(r#""model":"from-profile""#));
}

#[test]
fn a_refusal_ends_refused_with_exit_3_and_every_request_has_an_output_bound() {
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    // Event shapes of a real Anthropic stream ending with `stop_reason: refusal` (see
    // crates/providers/tests/data/SOURCES.md).
    let refusal = loopwright_testkit::sse_named(&[
        (
            "message_start",
            r#"{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"usage":{"input_tokens":12,"output_tokens":1}}}"#,
        ),
        (
            "content_block_start",
            r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#,
        ),
        (
            "content_block_delta",
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"I can't help with that."}}"#,
        ),
        (
            "content_block_stop",
            r#"{"type":"content_block_stop","index":0}"#,
        ),
        (
            "message_delta",
            r#"{"type":"message_delta","delta":{"stop_reason":"refusal","stop_sequence":null},"usage":{"output_tokens":9}}"#,
        ),
        ("message_stop", r#"{"type":"message_stop"}"#),
    ]);
    let (base, bodies) = serve(vec![(200, "text/event-stream", refusal, "")]);
    loop_cmd(home.path())
        .env("MY_KEY", "k")
        .args([
            "run",
            "--provider",
            "anthropic",
            "--model",
            "c",
            "--base-url",
            &base,
        ])
        .args(["--api-key-env", "MY_KEY", "--max-output-tokens", "777"])
        .args(["--workspace", ws.path().to_str().unwrap(), "task"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("refused"));
    let sent = bodies.all();
    assert!(sent[0].contains(r#""max_tokens":777"#), "{}", sent[0]);
}

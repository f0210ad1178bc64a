//! `loop run --provider json` remembers, per base URL, the JSON reply mode the server accepts.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use assert_cmd::Command;
use loopwright_testkit::{MockServer, Reply, scenario};

fn run_json(home: &Path, base: &str, extra_env: &[(&str, &str)]) {
    let ws = tempfile::tempdir().unwrap();
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("loop"));
    c.env("HOME", home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_CACHE_HOME")
        .env_remove("LOOP_NO_CAPABILITY_CACHE")
        .env_remove("LOOP_MODEL")
        .env_remove("LOOP_BASE_URL")
        .env_remove("LOOP_PROFILE");
    for (k, v) in extra_env {
        c.env(k, v);
    }
    c.args([
        "run",
        "--provider",
        "json",
        "--model",
        "small",
        "--base-url",
        base,
    ])
    .args([
        "--yolo",
        "--workspace",
        ws.path().to_str().unwrap(),
        "say hi",
    ])
    .assert()
    .code(0);
}

fn modes(server: &MockServer) -> Vec<String> {
    server
        .requests()
        .iter()
        .map(|r| {
            r.body["response_format"]["type"]
                .as_str()
                .unwrap_or("none")
                .to_string()
        })
        .collect()
}

#[test]
fn a_rejected_json_mode_is_not_tried_again_on_the_next_run() {
    let home = tempfile::tempdir().unwrap();
    let rejected = r#"{"error":{"message":"response_format json_schema is not supported"}}"#;
    let server = MockServer::start(vec![
        Reply::status(400, rejected),
        scenario::openai::json_reply(r#"{"final": "hi"}"#),
        scenario::openai::json_reply(r#"{"final": "hi"}"#),
        scenario::openai::json_reply(r#"{"final": "hi"}"#),
    ]);
    let base = server.url("/v1");
    run_json(home.path(), &base, &[]);
    assert_eq!(modes(&server), ["json_schema", "json_object"]);
    let cache = home.path().join(".cache/loopwright/capabilities.json");
    let text = std::fs::read_to_string(&cache).unwrap();
    assert!(
        text.contains(&base) && text.contains("json_object"),
        "{text}"
    );

    run_json(home.path(), &base, &[]);
    assert_eq!(
        modes(&server),
        ["json_schema", "json_object", "json_object"]
    );

    // Switched off, the run starts from the strongest mode again.
    run_json(home.path(), &base, &[("LOOP_NO_CAPABILITY_CACHE", "1")]);
    assert_eq!(
        modes(&server),
        ["json_schema", "json_object", "json_object", "json_schema"]
    );
}

//! The Anthropic provider against a scripted local server.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;
use loopwright_model::{Cancel, Provider};
use loopwright_providers::anthropic::{AnthropicProvider, request_body};
use loopwright_providers::openai::Endpoint;
use serde_json::json;

const EVENTS: &[(&str, &str)] = &[
    (
        "message_start",
        r#"{"type":"message_start","message":{"id":"msg_1","usage":{"input_tokens":12,"cache_read_input_tokens":300,"cache_creation_input_tokens":20,"output_tokens":1}}}"#,
    ),
    (
        "content_block_start",
        r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#,
    ),
    (
        "content_block_delta",
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Two files."}}"#,
    ),
    (
        "content_block_stop",
        r#"{"type":"content_block_stop","index":0}"#,
    ),
    (
        "content_block_start",
        r#"{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_a","name":"shell","input":{}}}"#,
    ),
    (
        "content_block_delta",
        r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"command\":"}}"#,
    ),
    (
        "content_block_delta",
        r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":" \"wc -l\"}"}}"#,
    ),
    (
        "content_block_stop",
        r#"{"type":"content_block_stop","index":1}"#,
    ),
    (
        "content_block_start",
        r#"{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_b","name":"shell","input":{}}}"#,
    ),
    (
        "content_block_delta",
        r#"{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"command\": \"ls\"}"}}"#,
    ),
    (
        "content_block_stop",
        r#"{"type":"content_block_stop","index":2}"#,
    ),
    (
        "message_delta",
        r#"{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":30}}"#,
    ),
    ("message_stop", r#"{"type":"message_stop"}"#),
];

fn provider(server: &MockServer, pause: &Recorded) -> AnthropicProvider {
    AnthropicProvider::new(
        Endpoint {
            base_url: server.base.clone(),
            model: "claude-test".into(),
            api_key: Some("ak-test".into()),
            key_env: Some("TEST_ANTHROPIC_KEY".into()),
        },
        transport(pause),
    )
}

#[test]
fn streams_text_two_tool_uses_and_cache_usage() {
    let server = MockServer::start(vec![Reply::Stream(sse_named(EVENTS))]);
    let pause = Recorded::default();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(turn.text, "Two files.");
    assert_eq!(turn.tool_calls.len(), 2);
    assert_eq!(turn.tool_calls[0].arguments, json!({"command": "wc -l"}));
    assert_eq!(turn.tool_calls[1].id, "toolu_b");
    let u = turn.usage.unwrap();
    assert_eq!(
        (u.input_tokens, u.cached_tokens, u.output_tokens),
        (332, 300, 30)
    );
    let r = &server.requests()[0];
    assert_eq!(r.path, "/v1/messages");
    assert_eq!(r.header("x-api-key"), Some("ak-test"));
    assert_eq!(r.header("anthropic-version"), Some("2023-06-01"));
}

#[test]
fn cut_stream_and_overload_are_retried_without_duplicate_calls() {
    let overloaded = sse_named(&[
        EVENTS[0],
        (
            "error",
            r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#,
        ),
    ]);
    let server = MockServer::start(vec![
        Reply::Stream(sse_named(&EVENTS[..6])),
        Reply::Stream(overloaded),
        Reply::status(529, r#"{"type":"error"}"#),
        Reply::Stream(sse_named(EVENTS)),
    ]);
    let pause = Recorded::default();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(turn.tool_calls.len(), 2);
    assert_eq!(turn.text, "Two files.");
    assert_eq!(pause.delays().len(), 3);
}

#[test]
fn unauthorized_names_the_key_variable() {
    let server = MockServer::start(vec![Reply::status(
        401,
        r#"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}"#,
    )]);
    let pause = Recorded::default();
    let err = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("TEST_ANTHROPIC_KEY"), "{err}");
}

#[test]
fn non_streamed_reply_is_read() {
    let body = json!({"type":"message","content":[{"type":"text","text":"ok"},
        {"type":"tool_use","id":"t1","name":"shell","input":{"command":"pwd"}}],
        "usage":{"input_tokens":3,"output_tokens":4}});
    let server = MockServer::start(vec![Reply::status(200, &body.to_string())]);
    let pause = Recorded::default();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(turn.tool_calls[0].arguments, json!({"command": "pwd"}));
    assert_eq!(turn.usage.unwrap().total(), 7);
}

#[test]
fn request_body_of_a_resumed_history() {
    let body = request_body("claude-test", &resumed_request(), 1024, true);
    insta::assert_snapshot!(serde_json::to_string_pretty(&body).unwrap());
}

//! The OpenAI provider against a scripted local server with injected faults.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Duration;

use common::*;
use loopwright_model::{Cancel, Provider, ProviderError};
use loopwright_providers::openai::{Endpoint, OpenAiProvider, request_body};
use serde_json::json;

const TOOL_STREAM: &[&str] = &[
    r#"{"choices":[{"index":0,"delta":{"role":"assistant","content":"Checking."}}]}"#,
    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_9","type":"function","function":{"name":"shell","arguments":"{\"comm"}}]}}]}"#,
    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"and\": \"ls\"}"}}]}}]}"#,
    r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
    r#"{"choices":[],"usage":{"prompt_tokens":50,"completion_tokens":9,"prompt_tokens_details":{"cached_tokens":32}}}"#,
    "[DONE]",
];

fn provider(server: &MockServer, pause: &Recorded) -> OpenAiProvider {
    OpenAiProvider::new(
        Endpoint {
            base_url: format!("{}/v1", server.base),
            model: "test-model".into(),
            api_key: Some("sk-test".into()),
            key_env: Some("TEST_OPENAI_KEY".into()),
        },
        transport(pause),
    )
}

fn ok_stream() -> Reply {
    Reply::Stream(sse(TOOL_STREAM))
}

#[test]
fn streams_a_tool_call_and_sends_auth_and_usage_options() {
    let server = MockServer::start(vec![ok_stream()]);
    let pause = Recorded::default();
    let (seen, mut on) = collect();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut on, &Cancel::new())
        .unwrap();
    assert_eq!(turn.text, "Checking.");
    assert_eq!(turn.tool_calls.len(), 1);
    assert_eq!(turn.tool_calls[0].arguments, json!({"command": "ls"}));
    assert_eq!(turn.usage.unwrap().cached_tokens, 32);
    let reqs = server.requests();
    assert_eq!(reqs[0].path, "/v1/chat/completions");
    assert_eq!(reqs[0].header("authorization"), Some("Bearer sk-test"));
    assert_eq!(
        reqs[0].body["stream_options"],
        json!({"include_usage": true})
    );
    assert!(seen.lock().unwrap().len() >= 4);
}

#[test]
fn rate_limit_honours_retry_after_then_succeeds() {
    let server = MockServer::start(vec![
        Reply::status(429, r#"{"error":"slow down"}"#).with_header("retry-after", "7"),
        ok_stream(),
    ]);
    let pause = Recorded::default();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(turn.tool_calls.len(), 1);
    assert_eq!(pause.delays(), vec![Duration::from_secs(7)]);
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn server_errors_back_off_exponentially_with_jitter() {
    let server = MockServer::start(vec![
        Reply::status(500, "boom"),
        Reply::status(503, "busy"),
        Reply::status(408, "slow"),
        ok_stream(),
    ]);
    let pause = Recorded::default();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(turn.tool_calls.len(), 1);
    // base 100ms, random 0.5: half + half*0.5.
    assert_eq!(
        pause.delays(),
        vec![
            Duration::from_millis(75),
            Duration::from_millis(150),
            Duration::from_millis(300)
        ]
    );
}

#[test]
fn gives_up_after_max_attempts_with_the_last_error() {
    let server = MockServer::start(vec![Reply::status(502, "bad gateway"); 4]);
    let pause = Recorded::default();
    let err = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("gave up after 4 attempts"), "{err}");
    assert!(err.contains("HTTP 502: bad gateway"), "{err}");
    assert_eq!(server.requests().len(), 4);
}

#[test]
fn stream_cut_in_the_middle_of_arguments_is_retried_without_a_duplicate_call() {
    let cut = sse(&TOOL_STREAM[..2]);
    let server = MockServer::start(vec![Reply::Stream(cut), ok_stream()]);
    let pause = Recorded::default();
    let (seen, mut on) = collect();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut on, &Cancel::new())
        .unwrap();
    assert_eq!(turn.tool_calls.len(), 1, "{turn:?}");
    assert_eq!(turn.tool_calls[0].id, "call_9");
    assert_eq!(turn.tool_calls[0].arguments, json!({"command": "ls"}));
    assert_eq!(turn.text, "Checking.");
    assert_eq!(pause.delays().len(), 1);
    // The first attempt's events were shown, but the turn holds only the second attempt.
    assert!(seen.lock().unwrap().len() > 4);
}

#[test]
fn unauthorized_names_the_key_variable_and_is_not_retried() {
    let server = MockServer::start(vec![
        Reply::status(401, r#"{"error":"invalid key"}"#),
        ok_stream(),
    ]);
    let pause = Recorded::default();
    let err = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("TEST_OPENAI_KEY"), "{err}");
    assert!(err.contains("401"), "{err}");
    assert_eq!(server.requests().len(), 1);
    assert!(pause.delays().is_empty());
}

#[test]
fn other_client_errors_are_not_retried() {
    let server = MockServer::start(vec![
        Reply::status(400, r#"{"error":"bad tools"}"#),
        ok_stream(),
    ]);
    let pause = Recorded::default();
    let err = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("HTTP 400") && err.contains("bad tools"),
        "{err}"
    );
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn stall_longer_than_the_idle_timeout_is_retried() {
    let stall = Reply::Stall {
        body: sse(&TOOL_STREAM[..1]),
        stall: Duration::from_secs(3),
    };
    let server = MockServer::start(vec![stall, ok_stream()]);
    let pause = Recorded::default();
    let mut p = OpenAiProvider::new(
        Endpoint {
            base_url: server.base.clone(),
            model: "m".into(),
            api_key: None,
            key_env: None,
        },
        transport_with(&pause, Duration::from_millis(300)),
    );
    let turn = p
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(turn.tool_calls.len(), 1);
    assert_eq!(server.requests().len(), 2);
    assert!(server.requests()[0].header("authorization").is_none());
}

#[test]
fn malformed_sse_line_is_retried() {
    let bad = "data: {\"choices\":[{\"delta\":{\"content\":\"x\"\n\n".to_string();
    let server = MockServer::start(vec![Reply::Stream(bad), ok_stream()]);
    let pause = Recorded::default();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(turn.text, "Checking.");
}

#[test]
fn wrong_content_type_is_a_clear_error() {
    let server = MockServer::start(vec![Reply::Full {
        status: 200,
        headers: vec![("content-type".into(), "text/html".into())],
        body: "<html>login</html>".into(),
    }]);
    let pause = Recorded::default();
    let err = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("text/html"), "{err}");
}

#[test]
fn json_reply_to_a_stream_request_is_read_as_a_full_reply() {
    let body = json!({"choices":[{"message":{"role":"assistant","content":"Done.","tool_calls":[]}}],
        "usage":{"prompt_tokens":7,"completion_tokens":2}});
    let server = MockServer::start(vec![Reply::status(200, &body.to_string())]);
    let pause = Recorded::default();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(turn.text, "Done.");
    assert_eq!(turn.usage.unwrap().total(), 9);
    assert!(!turn.usage.unwrap().estimated);
}

#[test]
fn non_streaming_mode_sends_stream_false_and_estimates_missing_usage() {
    let body = json!({"choices":[{"message":{"role":"assistant","content":"Done."}}]});
    let server = MockServer::start(vec![Reply::status(200, &body.to_string())]);
    let pause = Recorded::default();
    let mut p = provider(&server, &pause);
    p.stream = false;
    let turn = p
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(server.requests()[0].body["stream"], json!(false));
    assert!(server.requests()[0].body.get("stream_options").is_none());
    assert!(turn.usage.unwrap().estimated);
}

#[test]
fn cancel_before_sending_stops() {
    let server = MockServer::start(vec![ok_stream()]);
    let pause = Recorded::default();
    let cancel = Cancel::new();
    cancel.cancel();
    let err = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &cancel)
        .unwrap_err();
    assert!(matches!(err, ProviderError::Cancelled));
}

#[test]
fn request_body_of_a_resumed_history() {
    let body = request_body("gpt-test", &resumed_request(), true);
    insta::assert_snapshot!(serde_json::to_string_pretty(&body).unwrap());
}

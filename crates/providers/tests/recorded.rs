//! Replays of real recorded streams (tests/data, sources in tests/data/SOURCES.md) through the
//! providers over HTTP: each turn is assembled as the stream gives it (text, calls, reasoning,
//! stop reason, usage), and what must go back to the server goes back.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;
use loopwright_model::{Cancel, HistoryFacts, Provider, ProviderError};
use loopwright_protocol::message::{Message, ModelRequest, Role, StopReason};
use loopwright_protocol::tool::ToolCall;
use loopwright_providers::anthropic::AnthropicProvider;
use loopwright_providers::openai::{Endpoint, OpenAiProvider};
use serde_json::{Value, json};

fn data(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// An Anthropic event stream: `event:` is each payload's `type`.
fn anthropic_sse(name: &str) -> Reply {
    let lines = data(name);
    let pairs: Vec<(String, String)> = lines
        .iter()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["type"].as_str().unwrap().to_string(), l.clone())
        })
        .collect();
    let refs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    Reply::Stream(sse_named(&refs))
}

/// A Chat Completions event stream ending with `[DONE]`.
fn openai_sse(name: &str) -> Reply {
    let mut lines = data(name);
    lines.push("[DONE]".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    Reply::Stream(sse(&refs))
}

fn endpoint(server: &MockServer, path: &str) -> Endpoint {
    Endpoint {
        base_url: server.url(path),
        model: "m".into(),
        api_key: Some("k".into()),
        key_env: Some("K".into()),
    }
}

fn anthropic(server: &MockServer, pause: &Recorded) -> AnthropicProvider {
    AnthropicProvider::new(endpoint(server, ""), transport(pause))
}

fn openai(server: &MockServer, pause: &Recorded) -> OpenAiProvider {
    OpenAiProvider::new(endpoint(server, "/v1"), transport(pause))
}

fn ask(task: &str) -> ModelRequest {
    ModelRequest {
        system: "sys".into(),
        tools: Vec::new(),
        messages: vec![
            Message::text(Role::User, task),
            Message::text(Role::User, "[loop] step 1 of 3"),
        ],
    }
}

/// The request after `turn`: the history with the assistant reply and a new user message.
fn after(turn_text: &str, calls: Vec<ToolCall>) -> ModelRequest {
    let mut r = ask("hey");
    let mut a = Message::text(Role::Assistant, turn_text);
    a.tool_calls = calls;
    r.messages.push(a);
    r.messages.push(Message::text(Role::User, "thanks"));
    r
}

#[test]
fn anthropic_refusal_keeps_its_stop_reason() {
    let server = MockServer::start(vec![anthropic_sse("anthropic-refusal.jsonl")]);
    let pause = Recorded::default();
    let t = anthropic(&server, &pause)
        .complete(&ask("x"), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(t.stop_reason, Some(StopReason::Refusal));
    assert_eq!(t.text, "");
    assert_eq!(t.usage.unwrap().output_tokens, 5);
}

#[test]
fn anthropic_message_delta_usage_is_cumulative_and_never_lowered() {
    let server = MockServer::start(vec![
        anthropic_sse("anthropic-message-delta-input-tokens.jsonl"),
        anthropic_sse("anthropic-tool-use-zero-input-delta.jsonl"),
    ]);
    let pause = Recorded::default();
    let mut p = anthropic(&server, &pause);
    let t = p
        .complete(&ask("ping"), &mut |_| {}, &Cancel::new())
        .unwrap();
    let u = t.usage.unwrap();
    assert_eq!(
        (t.text.as_str(), u.input_tokens, u.output_tokens),
        ("pong", 61, 2)
    );
    let t = p
        .complete(&ask("search"), &mut |_| {}, &Cancel::new())
        .unwrap();
    let u = t.usage.unwrap();
    assert_eq!((u.input_tokens, u.output_tokens), (471, 80));
    assert_eq!(t.tool_calls[0].name, "google_search");
    assert_eq!(t.tool_calls[0].arguments, json!({"query": "Foo Fighters"}));
    assert_eq!(t.stop_reason, Some(StopReason::ToolUse));
}

#[test]
fn anthropic_thinking_is_kept_and_sent_back_with_its_signature() {
    let server = MockServer::start(vec![
        anthropic_sse("anthropic-thinking.jsonl"),
        anthropic_sse("anthropic-message-delta-input-tokens.jsonl"),
    ]);
    let pause = Recorded::default();
    let mut p = anthropic(&server, &pause);
    let t = p
        .complete(&ask("hey"), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert!(
        t.reasoning.starts_with("The user has simply said \"hey\""),
        "{}",
        t.reasoning
    );
    assert!(t.text.starts_with("Hello! I'm Assistant"), "{}", t.text);
    assert_eq!(t.replay.len(), 1);
    p.complete(&after(&t.text, Vec::new()), &mut |_| {}, &Cancel::new())
        .unwrap();
    let sent = &server.requests()[1].body;
    let assistant = &sent["messages"][1];
    assert_eq!(assistant["role"], "assistant");
    assert_eq!(assistant["content"][0]["type"], "thinking");
    assert!(
        assistant["content"][0]["signature"]
            .as_str()
            .unwrap()
            .starts_with("ErUBCkYIARgC")
    );
    assert_eq!(assistant["content"][1]["type"], "text");
}

#[test]
fn anthropic_failed_tool_results_are_marked_is_error() {
    let server = MockServer::start(vec![anthropic_sse(
        "anthropic-message-delta-input-tokens.jsonl",
    )]);
    let pause = Recorded::default();
    let call = ToolCall {
        id: "toolu_1".into(),
        name: "shell".into(),
        arguments: json!({"command": "false"}),
    };
    let mut r = after("", vec![call]);
    r.messages
        .insert(3, Message::tool("toolu_1", "exit code 1"));
    let facts = HistoryFacts {
        failed_calls: ["toolu_1".to_string()].into(),
        ..HistoryFacts::default()
    };
    anthropic(&server, &pause)
        .complete_with(&r, &facts, &mut |_| {}, &Cancel::new())
        .unwrap();
    let sent = &server.requests()[0].body;
    let result = &sent["messages"][2]["content"][0];
    assert_eq!(result["type"], "tool_result");
    assert_eq!(result["is_error"], true);
}

#[test]
fn mistral_text_inside_content_arrays_is_kept() {
    let server = MockServer::start(vec![openai_sse("mistral-content-array.jsonl")]);
    let pause = Recorded::default();
    let t = openai(&server, &pause)
        .complete(&ask("2+2"), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(t.text, "2 + 2 = 4");
    assert_eq!(t.stop_reason, Some(StopReason::EndTurn));
    assert_eq!(t.usage.unwrap().output_tokens, 46);
}

#[test]
fn deepseek_reasoning_is_sent_back_and_roles_alternate() {
    let server = MockServer::start(vec![
        openai_sse("deepseek-reasoning.jsonl"),
        openai_sse("deepseek-reasoning.jsonl"),
    ]);
    let pause = Recorded::default();
    let mut p = openai(&server, &pause);
    let t = p
        .complete(&ask("hello"), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!((t.text.as_str(), t.reasoning.as_str()), ("你好", "好的，"));
    p.complete(&after(&t.text, Vec::new()), &mut |_| {}, &Cancel::new())
        .unwrap();
    let sent = server.requests();
    let roles = |b: &Value| -> Vec<String> {
        b["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["role"].as_str().unwrap().to_string())
            .collect()
    };
    // The task and the loop's tail go as one user message.
    assert_eq!(roles(&sent[0].body), ["system", "user"]);
    assert_eq!(
        roles(&sent[1].body),
        ["system", "user", "assistant", "user"]
    );
    assert_eq!(sent[1].body["messages"][2]["reasoning_content"], "好的，");
    assert_eq!(sent[0].body["max_tokens"], 4096);
}

#[test]
fn llamacpp_timings_are_usage_and_a_length_stop_is_kept() {
    let server = MockServer::start(vec![openai_sse("llamacpp-timings.jsonl")]);
    let pause = Recorded::default();
    let t = openai(&server, &pause)
        .complete(&ask("LoRA?"), &mut |_| {}, &Cancel::new())
        .unwrap();
    let u = t.usage.unwrap();
    assert_eq!(
        (u.input_tokens, u.output_tokens, u.estimated),
        (6, 20, false)
    );
    assert_eq!(t.stop_reason, Some(StopReason::Length));
}

#[test]
fn openai_refusal_deltas_are_read() {
    let server = MockServer::start(vec![openai_sse("openai-refusal.jsonl")]);
    let pause = Recorded::default();
    let t = openai(&server, &pause)
        .complete(&ask("x"), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(t.text, "I can't help with that.");
    assert_eq!(t.stop_reason, Some(StopReason::Refusal));
}

#[test]
fn groq_tool_use_failed_inside_a_stream_is_retried() {
    let server = MockServer::start(vec![
        openai_sse("groq-tool-use-failed.jsonl"),
        openai_sse("mistral-content-array.jsonl"),
    ]);
    let pause = Recorded::default();
    let t = openai(&server, &pause)
        .complete(&ask("book"), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(t.text, "2 + 2 = 4");
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn stream_options_can_be_switched_off_and_the_non_streaming_path_chosen() {
    let server = MockServer::start(vec![
        openai_sse("mistral-content-array.jsonl"),
        Reply::json(
            r#"{"choices":[{"message":{"role":"assistant","content":[{"type":"text","text":"391"}]},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1}}"#,
        ),
    ]);
    let pause = Recorded::default();
    let mut p = openai(&server, &pause);
    p.options.stream_options = false;
    p.complete(&ask("a"), &mut |_| {}, &Cancel::new()).unwrap();
    p.stream = false;
    let t = p.complete(&ask("b"), &mut |_| {}, &Cancel::new()).unwrap();
    assert_eq!(t.text, "391");
    let sent = server.requests();
    assert!(sent[0].body.get("stream_options").is_none());
    assert_eq!(sent[0].body["stream"], true);
    assert_eq!(sent[1].body["stream"], false);
}

#[test]
fn a_context_length_answer_is_typed() {
    let server = MockServer::start(vec![Reply::status(
        400,
        r#"{"error":{"message":"This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}"#,
    )]);
    let pause = Recorded::default();
    let err = openai(&server, &pause)
        .complete(&ask("x"), &mut |_| {}, &Cancel::new())
        .unwrap_err();
    assert!(
        matches!(err, ProviderError::ContextTooLong { .. }),
        "{err:?}"
    );
}

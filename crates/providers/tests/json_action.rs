//! The JSON-action protocol against a scripted local server.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;
use loopwright_model::{Cancel, Provider};
use loopwright_providers::json_action::{JsonActionProvider, JsonMode, request_body};
use loopwright_providers::openai::{Endpoint, OpenAiProvider};
use serde_json::json;

fn reply(text: &str) -> Reply {
    let body = json!({"choices":[{"message":{"role":"assistant","content":text}}],
        "usage":{"prompt_tokens":10,"completion_tokens":5}});
    Reply::status(200, &body.to_string())
}

fn provider(server: &MockServer, pause: &Recorded) -> JsonActionProvider {
    let mut inner = OpenAiProvider::new(
        Endpoint {
            base_url: server.base.clone(),
            model: "small".into(),
            api_key: None,
            key_env: None,
        },
        transport(pause),
    );
    inner.stream = false;
    JsonActionProvider::new(inner, JsonMode::JsonObject)
}

#[test]
fn format_errors_go_back_to_the_model_keeping_only_the_latest() {
    let server = MockServer::start(vec![
        reply("I will list the files."),
        reply("{\"tool\": \"rm\", \"arguments\": {}}"),
        reply("```json\n{\"tool\": \"shell\", \"arguments\": {\"command\": \"ls\"\n```"),
    ]);
    let pause = Recorded::default();
    let (seen, mut on) = collect();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut on, &Cancel::new())
        .unwrap();
    assert_eq!(turn.tool_calls.len(), 1);
    assert_eq!(turn.tool_calls[0].name, "shell");
    assert_eq!(turn.tool_calls[0].id, "json-2");
    assert_eq!(turn.tool_calls[0].arguments, json!({"command": "ls"}));
    assert_eq!(turn.usage.unwrap().input_tokens, 30);
    let reqs = server.requests();
    assert_eq!(reqs.len(), 3);
    let n0 = reqs[0].body["messages"].as_array().unwrap().len();
    let last = reqs[2].body["messages"].as_array().unwrap();
    assert_eq!(last.len(), n0 + 2, "only the latest format error is kept");
    assert!(
        last[n0 + 1]["content"]
            .as_str()
            .unwrap()
            .contains("unknown tool `rm`")
    );
    assert_eq!(
        reqs[0].body["response_format"],
        json!({"type": "json_object"})
    );
    assert!(reqs[0].body.get("tools").is_none());
    // Only the accepted action was shown.
    assert_eq!(seen.lock().unwrap().len(), 3);
}

#[test]
fn three_format_errors_in_a_row_stop() {
    let server = MockServer::start(vec![
        reply("no"),
        reply("still no"),
        reply("{\"x\":1}"),
        reply("{\"final\":\"late\"}"),
    ]);
    let pause = Recorded::default();
    let err = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("3 replies in a row"), "{err}");
    assert!(err.contains("neither"), "{err}");
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn final_action_is_plain_text() {
    let server = MockServer::start(vec![reply("{\"final\": \"There are 2 files.\"}")]);
    let pause = Recorded::default();
    let turn = provider(&server, &pause)
        .complete(&resumed_request(), &mut |_| {}, &Cancel::new())
        .unwrap();
    assert_eq!(turn.text, "There are 2 files.");
    assert!(turn.tool_calls.is_empty());
}

#[test]
fn request_body_of_a_resumed_history() {
    let body = request_body("small", &resumed_request(), &[], JsonMode::JsonObject, true);
    insta::assert_snapshot!(serde_json::to_string_pretty(&body).unwrap());
}

#[test]
fn json_schema_lists_each_tool_and_falls_back_when_rejected() {
    // A server without grammar support answers 400 to `json_schema` (the shape of llama.cpp's
    // and OpenAI's errors); the next request uses `json_object`, and later calls keep it.
    let server = MockServer::start(vec![
        Reply::status(
            400,
            r#"{"error":{"code":400,"message":"response_format type not supported","type":"invalid_request_error"}}"#,
        ),
        reply("{\"tool\": \"shell\", \"arguments\": {\"command\": \"ls\"}}"),
        reply("{\"final\": \"done\"}"),
    ]);
    let pause = Recorded::default();
    let (_seen, mut on) = collect();
    let mut p = provider(&server, &pause);
    p.mode = JsonMode::JsonSchema;
    let turn = p
        .complete(&resumed_request(), &mut on, &Cancel::new())
        .unwrap();
    assert_eq!(turn.tool_calls[0].name, "shell");
    let turn = p
        .complete(&resumed_request(), &mut on, &Cancel::new())
        .unwrap();
    assert_eq!(turn.text, "done");
    assert_eq!(p.mode, JsonMode::JsonObject);
    let reqs = server.requests();
    assert_eq!(reqs.len(), 3);
    let rf = &reqs[0].body["response_format"];
    assert_eq!(rf["type"], "json_schema");
    let branches = rf["json_schema"]["schema"]["oneOf"].as_array().unwrap();
    let tools = resumed_request().tools;
    assert_eq!(branches.len(), tools.len() + 1);
    for (b, t) in branches.iter().zip(&tools) {
        assert_eq!(b["properties"]["tool"]["const"], json!(t.name));
        assert_eq!(b["required"], json!(["tool", "arguments"]));
    }
    assert_eq!(branches[tools.len()]["required"], json!(["final"]));
    assert_eq!(
        reqs[1].body["response_format"],
        json!({"type": "json_object"})
    );
    assert_eq!(
        reqs[2].body["response_format"],
        json!({"type": "json_object"})
    );
}

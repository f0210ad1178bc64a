//! A whole agent run over HTTP with faults injected between and inside model calls: the run
//! completes, every tool call has one result, and the tool ran exactly once.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;
use loopwright_agent::{Agent, Cancel, RunConfig, RunEnd};
use loopwright_protocol::event::EventKind;
use loopwright_providers::openai::{Endpoint, OpenAiProvider};
use loopwright_store::session::FileSessionStore;

const CALL: &[&str] = &[
    r#"{"choices":[{"index":0,"delta":{"role":"assistant","content":"Counting."}}]}"#,
    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_x","type":"function","function":{"name":"shell","arguments":"{\"command\": \"echo ran"}}]}}]}"#,
    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":" >> runs.txt\"}"}}]}}]}"#,
    r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
    r#"{"choices":[],"usage":{"prompt_tokens":100,"completion_tokens":10}}"#,
    "[DONE]",
];

const DONE: &[&str] = &[
    r#"{"choices":[{"index":0,"delta":{"content":"Done: ran once."},"finish_reason":"stop"}]}"#,
    r#"{"choices":[],"usage":{"prompt_tokens":150,"completion_tokens":5}}"#,
    "[DONE]",
];

#[test]
fn faults_end_in_a_completed_run_with_each_tool_run_once() {
    let ws = tempfile::tempdir().unwrap();
    let server = MockServer::start(vec![
        Reply::status(429, "{}").with_header("retry-after", "1"),
        Reply::Stream(sse(&CALL[..2])), // cut inside the tool-call arguments
        Reply::status(500, "oops"),
        Reply::Stream(sse(CALL)),
        Reply::Stream(sse(&DONE[..1])[..20].to_string()), // cut inside an SSE line
        Reply::Stream(sse(DONE)),
    ]);
    let pause = Recorded::default();
    let provider = OpenAiProvider::new(
        Endpoint {
            base_url: server.base.clone(),
            model: "m".into(),
            api_key: Some("k".into()),
            key_env: Some("K".into()),
        },
        transport(&pause),
    );
    let store = FileSessionStore::new(&ws.path().join(".loop"));
    let log = store
        .create(
            "s",
            EventKind::SessionStart {
                task: "count".into(),
                workspace: ws.path().to_string_lossy().into_owned(),
                provider: "openai".into(),
                model: Some("m".into()),
                verify: None,
            },
        )
        .unwrap();
    let cfg = RunConfig::new(ws.path().to_path_buf());
    let mut agent = Agent::new(log, cfg, Box::new(provider), Cancel::new()).unwrap();
    let end = agent.run().unwrap();
    drop(agent);
    assert_eq!(end, RunEnd::Done("Done: ran once.".into()));
    assert_eq!(
        std::fs::read_to_string(ws.path().join("runs.txt")).unwrap(),
        "ran\n",
        "the tool ran exactly once"
    );
    let events = store.load("s").unwrap().events;
    let calls: usize = events
        .iter()
        .map(|e| match &e.kind {
            EventKind::Assistant { tool_calls, .. } => tool_calls.len(),
            _ => 0,
        })
        .sum();
    let results = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ToolResult(_)))
        .count();
    assert_eq!((calls, results), (1, 1));
    assert_eq!(server.requests().len(), 6);
    assert_eq!(pause.delays().len(), 4);
}

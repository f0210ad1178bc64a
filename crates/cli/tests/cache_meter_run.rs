//! The cache-waste meter in a whole agent run against the mock provider: OpenAI requests carry
//! the session id as `prompt_cache_key`, Anthropic requests carry cache breakpoints once the
//! prefix reaches the model's minimum, the request prefix is byte-stable from step to step, and
//! every answered request leaves a `cache` event whose totals the session reports.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use loopwright_agent::{Agent, Cancel, RunConfig, RunEnd};
use loopwright_protocol::cache::Break;
use loopwright_protocol::event::{Event, EventKind};
use loopwright_providers::anthropic::AnthropicProvider;
use loopwright_providers::openai::{Endpoint, OpenAiProvider};
use loopwright_providers::transport::{Pause, RetryPolicy, Timeouts, Transport};
use loopwright_store::session::FileSessionStore;
use loopwright_testkit::{MockServer, Reply, sse, sse_named};
use serde_json::Value;

/// An OpenAI streamed reply calling `shell` with `command`, then its usage.
fn openai_call(id: &str, command: &str, prompt: u64, cached: u64) -> Reply {
    let args = serde_json::json!({ "command": command }).to_string();
    let call = serde_json::json!({"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":id,"type":"function","function":{"name":"shell","arguments":args}}]}}]}).to_string();
    let usage = serde_json::json!({"choices":[],"usage":{"prompt_tokens":prompt,"completion_tokens":5,"prompt_tokens_details":{"cached_tokens":cached}}}).to_string();
    Reply::Stream(sse(&[
        &call,
        r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
        &usage,
        "[DONE]",
    ]))
}

fn openai_done(prompt: u64, cached: u64) -> Reply {
    let usage = serde_json::json!({"choices":[],"usage":{"prompt_tokens":prompt,"completion_tokens":5,"prompt_tokens_details":{"cached_tokens":cached}}}).to_string();
    Reply::Stream(sse(&[
        r#"{"choices":[{"index":0,"delta":{"content":"Done."},"finish_reason":"stop"}]}"#,
        &usage,
        "[DONE]",
    ]))
}

struct NoPause;

impl Pause for NoPause {
    fn pause(&mut self, _d: Duration, _cancel: &Cancel) {}
    fn random(&mut self) -> f64 {
        0.5
    }
}

fn transport() -> Transport {
    let retry = RetryPolicy {
        max_attempts: 1,
        base_delay: Duration::from_millis(1),
        max_delay: Duration::from_millis(1),
        max_retry_after: Duration::from_secs(1),
    };
    let timeouts = Timeouts {
        connect: Duration::from_secs(5),
        idle: Duration::from_secs(20),
        request: Duration::from_secs(30),
    };
    Transport::new(retry, timeouts, Box::new(NoPause)).unwrap()
}

fn endpoint(server: &MockServer, model: &str) -> Endpoint {
    Endpoint {
        base_url: server.base.clone(),
        model: model.into(),
        api_key: Some("k".into()),
        key_env: Some("K".into()),
    }
}

/// Runs the agent with `provider` on a task in a fresh workspace; returns the end and the
/// session's events.
fn run(
    provider: Box<dyn loopwright_agent::provider::Provider>,
    name: &str,
) -> (RunEnd, Vec<Event>) {
    let ws = tempfile::tempdir().unwrap();
    let store = FileSessionStore::new(&ws.path().join(".loop"));
    let log = store
        .create(
            "sess-42",
            EventKind::SessionStart {
                task: "list the files, twice".into(),
                workspace: ws.path().to_string_lossy().into_owned(),
                provider: name.into(),
                model: None,
                verify: None,
            },
        )
        .unwrap();
    let cfg = RunConfig::new(ws.path().to_path_buf());
    let mut agent = Agent::new(log, cfg, provider, Cancel::new()).unwrap();
    let end = agent.run().unwrap();
    let totals = agent.cache_totals();
    drop(agent);
    let events = store.load("sess-42").unwrap().events;
    assert_eq!(
        totals,
        loopwright_agent::cache_meter::totals(&events),
        "the run's totals are the log's"
    );
    (end, events)
}

fn readings(events: &[Event]) -> Vec<loopwright_protocol::cache::Reading> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Cache(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// The JSON of `messages` without its last entry (the dynamic tail).
fn history_prefix(body: &Value) -> String {
    let msgs = body["messages"].as_array().unwrap();
    let all: Vec<String> = msgs[..msgs.len() - 1]
        .iter()
        .map(|m| m.to_string())
        .collect();
    all.join(",")
}

#[test]
fn openai_requests_share_the_session_cache_key_and_a_stable_prefix() {
    let server = MockServer::start(vec![
        openai_call("c1", "ls", 1200, 0),
        openai_call("c2", "ls -a", 1300, 1152),
        openai_done(1400, 1280),
    ]);
    let provider = OpenAiProvider::new(endpoint(&server, "gpt-4o"), transport());
    let (end, events) = run(Box::new(provider), "openai");
    assert_eq!(end, RunEnd::Done("Done.".into()));
    let sent = server.requests();
    assert_eq!(sent.len(), 3);
    for r in &sent {
        assert_eq!(r.body["prompt_cache_key"], "sess-42");
    }
    // Each request begins with the previous one's system prompt, tools and history.
    for w in sent.windows(2) {
        assert_eq!(w[0].body["tools"], w[1].body["tools"]);
        assert!(history_prefix(&w[1].body).starts_with(&history_prefix(&w[0].body)));
    }
    let rs = readings(&events);
    assert_eq!(rs.len(), 3, "one reading per answered request");
    assert_eq!(rs[0].first_break, None);
    assert_eq!(rs[1].first_break, Some(Break::Tail));
    assert_eq!((rs[1].cached, rs[1].uncached), (1152, 148));
    let totals = loopwright_agent::cache_meter::totals(&events);
    assert_eq!((totals.requests, totals.breaks_before_tail), (3, 0));
    assert!(totals.line().contains("served from cache"));
}

/// An Anthropic streamed reply: a `shell` call or a final text, with cache usage.
fn anthropic_reply(call: Option<(&str, &str)>, read: u64, write: u64) -> Reply {
    let start = serde_json::json!({"type":"message_start","message":{"id":"m","usage":{"input_tokens":10,"cache_read_input_tokens":read,"cache_creation_input_tokens":write,"output_tokens":1}}}).to_string();
    let (block, delta, stop) = match call {
        Some((id, cmd)) => (
            serde_json::json!({"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":id,"name":"shell","input":{}}}).to_string(),
            serde_json::json!({"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":serde_json::json!({"command":cmd}).to_string()}}).to_string(),
            "tool_use",
        ),
        None => (
            r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#.to_string(),
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Done."}}"#.to_string(),
            "end_turn",
        ),
    };
    let end = serde_json::json!({"type":"message_delta","delta":{"stop_reason":stop},"usage":{"output_tokens":3}}).to_string();
    Reply::Stream(sse_named(&[
        ("message_start", &start),
        ("content_block_start", &block),
        ("content_block_delta", &delta),
        (
            "content_block_stop",
            r#"{"type":"content_block_stop","index":0}"#,
        ),
        ("message_delta", &end),
        ("message_stop", r#"{"type":"message_stop"}"#),
    ]))
}

/// Where a body carries `cache_control`: `system`, `tools`, or `message N`.
fn breakpoints(body: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for key in ["tools", "system"] {
        if let Some(list) = body[key].as_array()
            && list.iter().any(|b| b.get("cache_control").is_some())
        {
            out.push(key.to_string());
        }
    }
    for (i, m) in body["messages"].as_array().unwrap().iter().enumerate() {
        if let Some(blocks) = m["content"].as_array()
            && blocks.iter().any(|b| b.get("cache_control").is_some())
        {
            out.push(format!("message {i}"));
        }
    }
    out
}

#[test]
fn anthropic_breakpoints_only_where_the_prefix_reaches_the_models_minimum() {
    let replies = |_| {
        vec![
            anthropic_reply(Some(("t1", "ls")), 0, 3000),
            anthropic_reply(Some(("t2", "ls -a")), 3000, 200),
            anthropic_reply(None, 3200, 100),
        ]
    };
    // Sonnet caches prefixes of 1,024+ tokens: the agent's system prompt and tools reach it.
    let server = MockServer::start(replies(()));
    let provider = AnthropicProvider::new(endpoint(&server, "claude-sonnet-4-5"), transport());
    let (end, events) = run(Box::new(provider), "anthropic");
    assert_eq!(end, RunEnd::Done("Done.".into()));
    let sent = server.requests();
    let system_bytes =
        sent[0].body["system"].to_string().len() + sent[0].body["tools"].to_string().len();
    for r in &sent {
        let marks = breakpoints(&r.body);
        assert!(marks.len() <= 4, "{marks:?}");
        if system_bytes >= 1024 * 3 {
            assert!(marks.contains(&"system".to_string()), "{marks:?}");
        }
    }
    let rs = readings(&events);
    assert_eq!(rs.len(), 3);
    assert_eq!(rs[1].first_break, Some(Break::Tail));
    assert_eq!((rs[1].cached, rs[1].written), (3000, 200));
    // Opus 4.5 needs 4,096 tokens: a prefix below that carries no breakpoint at all.
    let server = MockServer::start(replies(()));
    let provider = AnthropicProvider::new(endpoint(&server, "claude-opus-4-5"), transport());
    run(Box::new(provider), "anthropic");
    for r in server.requests() {
        let bytes = r.raw.len();
        if bytes < 4096 * 3 {
            assert!(breakpoints(&r.body).is_empty(), "{bytes} bytes");
        }
    }
}

//! The loop's answer to what the model server says beyond the turn itself: a request too
//! long for the context window is compacted and sent once more; a reply cut at the output
//! limit is continued; a refusal or a filtered reply ends the run as refused, never as done.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use loopwright_agent::{Agent, Cancel, Provider, ProviderError, RunConfig, RunEnd};
use loopwright_protocol::event::{EventKind, Outcome};
use loopwright_protocol::message::{AssistantTurn, ModelRequest, StopReason, StreamEvent};
use loopwright_protocol::tool::ToolCall;
use loopwright_store::session::FileSessionStore;

type Reply = Result<AssistantTurn, ProviderError>;

/// Plays `replies` in order and records every request (summary calls included).
struct Played {
    replies: VecDeque<Reply>,
    summaries: usize,
    seen: Arc<Mutex<Vec<ModelRequest>>>,
}

impl Provider for Played {
    fn name(&self) -> &str {
        "played"
    }

    fn complete_with(
        &mut self,
        request: &ModelRequest,
        _facts: &loopwright_model::HistoryFacts,
        _on_event: &mut dyn FnMut(&StreamEvent),
        _cancel: &Cancel,
    ) -> Reply {
        self.seen.lock().unwrap().push(request.clone());
        self.replies
            .pop_front()
            .unwrap_or(Err(ProviderError::ScriptExhausted(0, 0)))
    }

    fn summarize(&mut self, request: &ModelRequest, _cancel: &Cancel) -> Reply {
        self.summaries += 1;
        self.seen.lock().unwrap().push(request.clone());
        Ok(text("Summary: listed the files.", None))
    }
}

fn text(t: &str, stop: Option<StopReason>) -> AssistantTurn {
    AssistantTurn {
        text: t.into(),
        stop_reason: stop,
        ..AssistantTurn::default()
    }
}

fn call(n: usize) -> AssistantTurn {
    AssistantTurn {
        text: format!("step {n}"),
        tool_calls: vec![ToolCall {
            id: format!("c{n}"),
            name: "shell".into(),
            arguments: serde_json::json!({"command": format!("echo {n}")}),
        }],
        stop_reason: Some(StopReason::ToolUse),
        ..AssistantTurn::default()
    }
}

fn too_long() -> Reply {
    Err(ProviderError::ContextTooLong {
        url: "http://127.0.0.1/v1/chat/completions".into(),
        detail: "HTTP 400: maximum context length is 8192 tokens".into(),
    })
}

struct Out {
    end: RunEnd,
    events: Vec<EventKind>,
    requests: Vec<ModelRequest>,
}

fn run(replies: Vec<Reply>) -> Out {
    let ws = tempfile::tempdir().unwrap();
    let store = FileSessionStore::new(&ws.path().join(".loop"));
    let log = store
        .create(
            "s",
            EventKind::SessionStart {
                task: "list the files".into(),
                workspace: ws.path().to_string_lossy().into_owned(),
                provider: "played".into(),
                model: None,
                verify: None,
            },
        )
        .unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let provider = Played {
        replies: replies.into(),
        summaries: 0,
        seen: seen.clone(),
    };
    let cfg = RunConfig::new(ws.path().to_path_buf());
    let mut agent = Agent::new(log, cfg, Box::new(provider), Cancel::new()).unwrap();
    let end = agent.run().unwrap();
    drop(agent);
    let events = store
        .load("s")
        .unwrap()
        .events
        .into_iter()
        .map(|e| e.kind)
        .collect();
    let requests = seen.lock().unwrap().clone();
    Out {
        end,
        events,
        requests,
    }
}

#[test]
fn context_too_long_compacts_and_retries_once() {
    let out = run(vec![
        Ok(call(1)),
        Ok(call(2)),
        Ok(call(3)),
        too_long(),
        Ok(text("Done.", Some(StopReason::EndTurn))),
    ]);
    assert_eq!(out.end, RunEnd::Done("Done.".into()));
    let summaries = out
        .events
        .iter()
        .filter(|e| {
            matches!(
                e,
                EventKind::Condensation {
                    record: loopwright_protocol::condensation::Condensation::Summary { .. },
                    ..
                }
            )
        })
        .count();
    assert_eq!(summaries, 1, "one forced compaction");
    // The retried request shows the summary instead of the old steps.
    let last = out.requests.last().unwrap();
    assert!(
        last.messages
            .iter()
            .any(|m| m.content.starts_with("[context summary")),
        "{:?}",
        last.messages
    );
}

#[test]
fn context_too_long_twice_fails_the_run() {
    let out = run(vec![
        Ok(call(1)),
        Ok(call(2)),
        Ok(call(3)),
        too_long(),
        too_long(),
    ]);
    assert!(
        matches!(&out.end, RunEnd::Error(e) if e.contains("context window")),
        "{:?}",
        out.end
    );
}

#[test]
fn a_reply_cut_at_the_output_limit_is_continued_not_done() {
    let out = run(vec![
        Ok(text("The files are a.txt, b", Some(StopReason::Length))),
        Ok(text(".txt and c.txt.", Some(StopReason::EndTurn))),
    ]);
    assert_eq!(out.end, RunEnd::Done(".txt and c.txt.".into()));
    assert_eq!(out.requests.len(), 2);
    let asked = &out.requests[1].messages;
    assert!(
        asked
            .iter()
            .any(|m| m.content.contains("cut at the output limit")),
        "{asked:?}"
    );
}

#[test]
fn a_refusal_or_a_filtered_reply_ends_refused_with_its_own_exit_code() {
    for stop in [StopReason::Refusal, StopReason::ContentFilter] {
        let out = run(vec![Ok(text("I can't help with that.", Some(stop)))]);
        assert!(matches!(out.end, RunEnd::Refused(_)), "{:?}", out.end);
        assert_eq!(out.end.exit_code(), 3);
        assert!(out.events.iter().any(|e| matches!(
            e,
            EventKind::End {
                outcome: Outcome::Refused,
                ..
            }
        )));
    }
}

//! Summarising compaction in the loop: the summary model call (scripted here), the extractive
//! fallback when it fails, resume without a second call, and the stuck guard on compaction loops.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use common::{Run, assert_context_invariants, render_history, resume};
use loopwright_agent::RunEnd;
use loopwright_context::condense::{Config, SummaryConfig};
use loopwright_protocol::condensation::{Condensation, SummarySource};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::ModelRequest;

const WORDS: [&str; 12] = [
    "parser", "token", "lexer", "buffer", "cursor", "span", "frame", "node", "tree", "visit",
    "emit", "scope",
];

/// Files `f0.txt`.. with distinct lines (nothing for the log compressor to fold).
fn files(ws: &Path, n: usize) {
    for i in 0..n {
        let text: String = (0..30)
            .map(|k| {
                format!(
                    "{i}.{k} {} {} {}\n",
                    WORDS[(k * 7 + i) % 12],
                    WORDS[(k * 5 + i * 3) % 12],
                    WORDS[(k + i * 11) % 12]
                )
            })
            .collect();
        std::fs::write(ws.join(format!("f{i}.txt")), text).unwrap();
    }
}

fn script(steps: usize, summaries: &[&str]) -> String {
    script_ending(steps, summaries, true)
}

/// `steps` reads, then (with `end`) a reply that ends the run.
fn script_ending(steps: usize, summaries: &[&str], end: bool) -> String {
    let mut turns: Vec<serde_json::Value> = (0..steps)
        .map(|i| serde_json::json!({"text": format!("reading f{i}"), "tool_calls": [{"name": "read_file", "arguments": {"path": format!("f{i}.txt")}}]}))
        .collect();
    if end {
        turns.push(serde_json::json!({"text": "Done."}));
    }
    serde_json::json!({"turns": turns, "summaries": summaries}).to_string()
}

/// A window where the six reads cross the summary threshold once (at step 5) and the run ends
/// before they cross it again.
const WINDOW: u64 = 4400;

fn summary_only(window: u64) -> Config {
    Config {
        summary: Some(SummaryConfig {
            threshold: 0.5,
            keep_last: 4,
            min_gain: 0.05,
            ..SummaryConfig::for_window(window)
        }),
        ..Config::from_strategy("none", 1).unwrap()
    }
}

fn summaries(
    events: &[Event],
) -> Vec<(u64, Condensation, Option<loopwright_protocol::usage::Usage>)> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Condensation {
                record: r @ Condensation::Summary { .. },
                usage,
            } => Some((e.seq, r.clone(), *usage)),
            _ => None,
        })
        .collect()
}

const SUMMARY: &str = "Goal and constraints: fix the bug\nDone: read f0..f3\nPending: the rest\nFiles touched: none\nFailing tests: none\nDead ends (do not retry): none\nTodo list: empty";

/// The index of the first request that carries a summary.
fn first_compacted(requests: &[ModelRequest]) -> usize {
    requests
        .iter()
        .position(|r| {
            r.messages
                .iter()
                .any(|m| m.content.starts_with("[context summary"))
        })
        .expect("a compaction")
}

fn total_usage(events: &[Event]) -> u64 {
    events
        .iter()
        .map(|e| match &e.kind {
            EventKind::Assistant { usage, .. } | EventKind::Condensation { usage, .. } => {
                usage.map_or(0, |u| u.total())
            }
            _ => 0,
        })
        .sum()
}

#[test]
fn compaction_with_a_model_summary_reuses_the_cached_request() {
    let ws = tempfile::tempdir().unwrap();
    files(ws.path(), 6);
    let s = script(6, &[SUMMARY]);
    let mut run = Run::new(ws.path(), &s);
    run.configure = Some(Box::new(|c| c.context = summary_only(WINDOW)));
    let out = run.go();
    assert!(matches!(out.end, RunEnd::Done(_)), "{:?}", out.end);
    let sums = summaries(&out.events);
    assert_eq!(sums.len(), 1, "{sums:?}");
    let (seq, rec, usage) = &sums[0];
    let Condensation::Summary {
        source,
        text,
        first_id,
        ..
    } = rec
    else {
        unreachable!()
    };
    assert_eq!(*source, SummarySource::Model);
    assert_eq!(text, SUMMARY);
    assert_eq!(*first_id, 2, "the task (event 0) is never summarised");
    // The summary call's tokens count in the run's budget.
    let usage = usage.expect("the summary call's usage");
    assert!(usage.total() > 0);
    let state = loopwright_agent::state::State::from_events(&out.events);
    assert_eq!(state.usage.total(), total_usage(&out.events));
    // One summary call, made before the model call of the compacted request; it repeats the
    // previous request (without its tail) so a prompt cache serves it, then asks for the summary.
    assert_eq!(out.summary_requests.len(), 1);
    let k = first_compacted(&out.requests);
    assert!(matches!(
        out.events[*seq as usize + 1].kind,
        EventKind::Assistant { .. }
    ));
    let prev = &out.requests[k - 1];
    let sr = &out.summary_requests[0];
    let body = prev.messages.len() - 1;
    assert_eq!(sr.messages[..body], prev.messages[..body]);
    assert_eq!((&sr.system, &sr.tools), (&prev.system, &prev.tools));
    let ask = sr.messages.last().unwrap();
    assert!(
        ask.content.starts_with("Summarise the conversation"),
        "{}",
        ask.content
    );
    assert_context_invariants(&out, "fix the bug");
    insta::assert_snapshot!(
        "after_model_summary",
        render_history(&out.requests, ws.path(), &[k])
    );
}

#[test]
fn a_failed_summary_call_falls_back_to_the_extractive_summary() {
    let ws = tempfile::tempdir().unwrap();
    files(ws.path(), 6);
    let s = script(6, &[]);
    let mut run = Run::new(ws.path(), &s);
    run.configure = Some(Box::new(|c| c.context = summary_only(WINDOW)));
    let out = run.go();
    assert!(matches!(out.end, RunEnd::Done(_)), "{:?}", out.end);
    let sums = summaries(&out.events);
    assert_eq!(sums.len(), 1, "{sums:?}");
    let Condensation::Summary { source, text, .. } = &sums[0].1 else {
        unreachable!()
    };
    assert_eq!(*source, SummarySource::Extractive);
    assert!(
        text.starts_with("Goal and constraints: fix the bug"),
        "{text}"
    );
    assert_eq!(sums[0].2, None, "no tokens were spent");
    assert_eq!(out.summary_requests.len(), 1, "the call was tried once");
    assert_context_invariants(&out, "fix the bug");
    let k = first_compacted(&out.requests);
    insta::assert_snapshot!(
        "after_extractive_summary",
        render_history(&out.requests, ws.path(), &[k])
    );
}

#[test]
fn resume_after_a_compaction_reuses_the_stored_summary_byte_for_byte() {
    // The uninterrupted run, for reference.
    let ws_ref = tempfile::tempdir().unwrap();
    files(ws_ref.path(), 6);
    let full = script(6, &[SUMMARY]);
    let mut run = Run::new(ws_ref.path(), &full);
    run.configure = Some(Box::new(|c| c.context = summary_only(WINDOW)));
    let reference = run.go();
    let k = first_compacted(&reference.requests);

    // The same run, crashing right after the summary was stored: the model call of request k
    // fails (the script has only k turns), so the summary is in the log but never used.
    let ws = tempfile::tempdir().unwrap();
    files(ws.path(), 6);
    let short = script_ending(k, &[SUMMARY], false);
    let mut run = Run::new(ws.path(), &short);
    run.configure = Some(Box::new(|c| c.context = summary_only(WINDOW)));
    let first = run.go();
    assert!(matches!(first.end, RunEnd::Error(_)), "{:?}", first.end);
    assert_eq!(summaries(&first.events).len(), 1);
    assert_eq!(first.requests.len(), k + 1);

    // Resume with a provider that has no summaries left: a second summary call would fall back
    // to the extractive summary and change every request. None is made.
    let again = resume(ws.path(), &script(6, &[]), |c| {
        c.context = summary_only(WINDOW)
    });
    assert!(matches!(again.end, RunEnd::Done(_)), "{:?}", again.end);
    assert!(again.summary_requests.is_empty());
    assert_eq!(summaries(&again.events).len(), 1);
    assert_eq!(again.requests.len(), reference.requests.len() - k);
    let same_ws = |r: &ModelRequest, from: &Path| ModelRequest {
        system: r.system.replace(&*from.to_string_lossy(), "<ws>"),
        ..r.clone()
    };
    for (i, r) in again.requests.iter().enumerate() {
        assert_eq!(
            same_ws(r, ws.path()),
            same_ws(&reference.requests[k + i], ws_ref.path()),
            "request {} after resume",
            i + 1
        );
    }
    let out = common::Outcome {
        end: again.end.clone(),
        events: again.events.clone(),
        requests: again.requests.clone(),
        summary_requests: again.summary_requests.clone(),
    };
    assert_context_invariants(&out, "fix the bug");
    insta::assert_snapshot!(
        "after_resume_with_summary",
        render_history(&again.requests, ws.path(), &[0])
    );
}

#[test]
fn compaction_at_consecutive_steps_trips_the_stuck_guard() {
    let ws = tempfile::tempdir().unwrap();
    files(ws.path(), 14);
    let s = script(14, &[]);
    let mut run = Run::new(ws.path(), &s);
    run.configure = Some(Box::new(|c| {
        c.context = Config {
            summary: Some(SummaryConfig {
                threshold: 0.5,
                keep_last: 2,
                min_gain: 0.05,
                ..SummaryConfig::for_window(2200)
            }),
            ..Config::from_strategy("none", 1).unwrap()
        }
    }));
    let out = run.go();
    let trips: Vec<(String, String, String)> = out
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::GuardTrip {
                guard,
                reason,
                action,
            } => Some((guard.clone(), reason.clone(), action.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(trips.len(), 2, "{trips:?}");
    for (t, action) in trips.iter().zip(["nudge", "escalate"]) {
        assert_eq!(t.0, "stuck");
        assert_eq!(t.1, loopwright_agent::stuck::COMPACTION_REASON);
        assert_eq!(t.2, action);
    }
    assert!(matches!(out.end, RunEnd::Escalated(_)), "{:?}", out.end);
    assert_context_invariants(&out, "fix the bug");
}

/// Ctrl+C arrives while the summary call runs.
struct CancelDuringSummary {
    inner: loopwright_agent::ScriptedProvider,
    cancel: loopwright_agent::Cancel,
}

impl loopwright_agent::Provider for CancelDuringSummary {
    fn name(&self) -> &str {
        "scripted"
    }
    fn complete_with(
        &mut self,
        request: &ModelRequest,
        facts: &loopwright_model::HistoryFacts,
        on_event: &mut dyn FnMut(&loopwright_protocol::message::StreamEvent),
        cancel: &loopwright_agent::Cancel,
    ) -> Result<loopwright_protocol::message::AssistantTurn, loopwright_agent::ProviderError> {
        self.inner.complete_with(request, facts, on_event, cancel)
    }
    fn summarize(
        &mut self,
        _request: &ModelRequest,
        _cancel: &loopwright_agent::Cancel,
    ) -> Result<loopwright_protocol::message::AssistantTurn, loopwright_agent::ProviderError> {
        self.cancel.cancel();
        Err(loopwright_agent::ProviderError::Cancelled)
    }
}

#[test]
fn ctrl_c_during_the_summary_call_stores_nothing_and_the_resume_summarises() {
    let ws = tempfile::tempdir().unwrap();
    files(ws.path(), 6);
    let store = loopwright_store::session::FileSessionStore::new(&ws.path().join(".loop"));
    let log = store
        .create("t", common::start("fix the bug", ws.path(), None))
        .unwrap();
    let cancel = loopwright_agent::Cancel::new();
    let provider = CancelDuringSummary {
        inner: loopwright_agent::ScriptedProvider::from_json(&script(6, &[])).unwrap(),
        cancel: cancel.clone(),
    };
    let mut cfg = loopwright_agent::RunConfig::new(ws.path().to_path_buf());
    cfg.context = summary_only(WINDOW);
    let mut agent = loopwright_agent::Agent::new(log, cfg, Box::new(provider), cancel).unwrap();
    assert_eq!(agent.run().unwrap(), RunEnd::Interrupted);
    drop(agent);
    let events = store.load("t").unwrap().events;
    assert!(summaries(&events).is_empty(), "no fallback summary stored");
    let again = resume(ws.path(), &script(6, &[SUMMARY]), |c| {
        c.context = summary_only(WINDOW)
    });
    assert!(matches!(again.end, RunEnd::Done(_)), "{:?}", again.end);
    let sums = summaries(&again.events);
    assert_eq!(sums.len(), 1);
    assert!(matches!(
        sums[0].1,
        Condensation::Summary {
            source: SummarySource::Model,
            ..
        }
    ));
}

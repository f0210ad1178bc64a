//! The loop end to end with the scripted provider: every way to end and every guard.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Run, assert_every_call_answered_once, render_requests, types};
use loopwright_agent::gate::{Decision, Gate, Request, Verdict, plain_decision};
use loopwright_agent::{Reporter, RunEnd};
use loopwright_protocol::event::{Event, EventKind, Outcome};
use loopwright_protocol::tool::ToolStatus;

fn results(events: &[Event]) -> Vec<(String, ToolStatus, String)> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ToolResult(r) => Some((r.name.clone(), r.status, r.content.clone())),
            _ => None,
        })
        .collect()
}

fn last_end(events: &[Event]) -> (Outcome, String) {
    events
        .iter()
        .rev()
        .find_map(|e| match &e.kind {
            EventKind::End { outcome, summary } => Some((*outcome, summary.clone())),
            _ => None,
        })
        .unwrap()
}

#[test]
fn done_without_verify_and_request_snapshot() {
    let ws = tempfile::tempdir().unwrap();
    std::fs::write(ws.path().join("a.txt"), "one\ntwo\n").unwrap();
    let script = r#"[
      {"text": "Look first.", "tool_calls": [{"name": "shell", "arguments": {"command": "cat a.txt"}}]},
      {"text": "Change it.", "tool_calls": [{"name": "edit_file", "arguments": {"path": "a.txt", "old_text": "two", "new_text": "three"}}]},
      {"text": "Done: a.txt now says three."}
    ]"#;
    let out = Run::new(ws.path(), script).go();
    assert_eq!(out.end, RunEnd::Done("Done: a.txt now says three.".into()));
    assert_eq!(
        std::fs::read_to_string(ws.path().join("a.txt")).unwrap(),
        "one\nthree\n"
    );
    assert_every_call_answered_once(&out.events);
    assert_eq!(out.requests.len(), 3);
    // The task is the first message of every request, verbatim.
    for r in &out.requests {
        assert_eq!(r.messages[0].content, "fix the bug");
    }
    insta::assert_snapshot!(
        "requests_done",
        render_requests(&out.requests, ws.path(), &[0, 2])
    );
}

#[test]
fn verify_failed_then_passed() {
    let ws = tempfile::tempdir().unwrap();
    let script = r#"[
      {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "too early"}}]},
      {"text": "", "tool_calls": [{"name": "write_file", "arguments": {"path": "ok", "content": "yes\n"}}]},
      {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "now it is there"}}]}
    ]"#;
    let mut run = Run::new(ws.path(), script);
    run.verify = Some("test -f ok && echo present || { echo 'missing file ok'; exit 4; }");
    let out = run.go();
    assert_eq!(out.end, RunEnd::Done("now it is there".into()));
    let verifies: Vec<bool> = out
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Verify { passed, .. } => Some(*passed),
            _ => None,
        })
        .collect();
    assert_eq!(verifies, vec![false, true]);
    insta::assert_snapshot!(
        "requests_verify_failed",
        render_requests(&out.requests, ws.path(), &[1])
    );
}

#[test]
fn reply_without_tool_calls_is_verified_too() {
    let ws = tempfile::tempdir().unwrap();
    let script = r#"[{"text": "I think it is done."}, {"text": "Really done."}]"#;
    let mut run = Run::new(ws.path(), script);
    run.verify = Some("exit 1");
    let out = run.go();
    // Both replies were rejected by the verify command, then the script ran out: an error.
    assert!(
        matches!(out.end, RunEnd::Error(ref e) if e.contains("no turn 3")),
        "{:?}",
        out.end
    );
    assert_eq!(last_end(&out.events).0, Outcome::Error);
}

const FAILING_TWICE: &str = r#"[
  {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo broken; exit 1"}}]},
  {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo broken; exit 1"}}]},
  {"text": "different idea", "tool_calls": [{"name": "write_file", "arguments": {"path": "fixed", "content": "x"}}]},
  {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "recovered"}}]}
]"#;

#[test]
fn nudged_then_recovered() {
    let ws = tempfile::tempdir().unwrap();
    let out = Run::new(ws.path(), FAILING_TWICE).go();
    assert_eq!(out.end, RunEnd::Done("recovered".into()));
    let trips: Vec<(String, String)> = out
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::GuardTrip { guard, action, .. } => Some((guard.clone(), action.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(trips, vec![("stuck".to_string(), "nudge".to_string())]);
    // The nudge is in the third request, with the loop-context block.
    let last_user = out.requests[2].messages.iter().rev().nth(1).unwrap();
    assert!(
        last_user.content.starts_with("[loop guard]"),
        "{}",
        last_user.content
    );
    assert!(last_user.content.contains("## Loop Context (managed)"));
    insta::assert_snapshot!("nudge", last_user.content.clone());
}

#[test]
fn escalated_on_the_second_trip_with_a_report() {
    let ws = tempfile::tempdir().unwrap();
    let script = r#"[
      {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo broken; exit 1"}}]},
      {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo broken; exit 1"}}]},
      {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo broken; exit 1"}}]},
      {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo broken; exit 1"}}]},
      {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "never reached"}}]}
    ]"#;
    let out = Run::new(ws.path(), script).go();
    assert!(
        matches!(out.end, RunEnd::Escalated(ref r) if r.contains("failed twice")),
        "{:?}",
        out.end
    );
    assert_eq!(out.end.exit_code(), 2);
    assert_eq!(last_end(&out.events).0, Outcome::Escalated);
    let report = std::fs::read_to_string(ws.path().join(".loop/sessions/t.report.md")).unwrap();
    assert!(report.contains("## Goal\n\nfix the bug"), "{report}");
    assert!(report.contains("## Last error"), "{report}");
    let ledger = std::fs::read_to_string(ws.path().join(".loop/sessions/t.ledger.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&ledger).unwrap();
    assert_eq!(v["goal"], "fix the bug");
    assert_eq!(v["attempts"].as_array().unwrap().len(), 4);
    assert_eq!(v["attempts"][0]["outcome"], "failure");
}

#[test]
fn breaker_trips_on_repeated_error_signatures() {
    let ws = tempfile::tempdir().unwrap();
    // Different commands, different outputs (so the stuck detector stays quiet), same error.
    let script = r#"[
      {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo 'error: disk full at 1'; exit 1"}}]},
      {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo 'error: disk full at 2' ; exit 1"}}]},
      {"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "echo 'error: disk full at 3'  ; exit 1"}}]},
      {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "ok"}}]}
    ]"#;
    let out = Run::new(ws.path(), script).go();
    let trip = out.events.iter().find_map(|e| match &e.kind {
        EventKind::GuardTrip { guard, reason, .. } => Some((guard.clone(), reason.clone())),
        _ => None,
    });
    let (guard, reason) = trip.expect("a trip");
    assert_eq!(guard, "breaker");
    assert!(reason.contains("Same error repeated"), "{reason}");
    assert_eq!(out.end, RunEnd::Done("ok".into()));
}

#[test]
fn step_limit() {
    let ws = tempfile::tempdir().unwrap();
    let script = r#"[
      {"text": "a", "tool_calls": [{"name": "shell", "arguments": {"command": "echo 1"}}]},
      {"text": "b", "tool_calls": [{"name": "shell", "arguments": {"command": "echo 2"}}]},
      {"text": "c", "tool_calls": [{"name": "shell", "arguments": {"command": "echo 3"}}]}
    ]"#;
    let mut run = Run::new(ws.path(), script);
    run.configure = Some(Box::new(|c| c.max_steps = 2));
    let out = run.go();
    assert!(
        matches!(out.end, RunEnd::Limit(ref r) if r.contains("step limit")),
        "{:?}",
        out.end
    );
    assert_eq!(out.requests.len(), 2);
}

#[test]
fn token_limit() {
    let ws = tempfile::tempdir().unwrap();
    let script = r#"[
      {"text": "a", "tool_calls": [{"name": "shell", "arguments": {"command": "echo 1"}}]},
      {"text": "b", "tool_calls": [{"name": "shell", "arguments": {"command": "echo 2"}}]}
    ]"#;
    let mut run = Run::new(ws.path(), script);
    run.configure = Some(Box::new(|c| c.max_tokens = Some(10)));
    let out = run.go();
    assert!(
        matches!(out.end, RunEnd::Limit(ref r) if r.contains("token limit")),
        "{:?}",
        out.end
    );
    assert_eq!(out.requests.len(), 1);
}

#[test]
fn three_consecutive_timeouts_stop_the_run() {
    let ws = tempfile::tempdir().unwrap();
    let call = r#"{"text": "", "tool_calls": [{"name": "shell", "arguments": {"command": "sleep 30", "timeout_s": 1}}]}"#;
    let script = format!("[{call},{call},{call},{call}]").replace("sleep 30\"", "sleep 30 # x\"");
    let out = Run::new(ws.path(), &script).go();
    // Identical calls with identical output would trip the stuck detector first; it nudges
    // once, then the third timeout is a limit.
    assert!(
        matches!(out.end, RunEnd::Limit(ref r) if r.contains("timed out")),
        "{:?}",
        out.end
    );
    let r = results(&out.events);
    assert_eq!(r.len(), 3);
    assert!(
        r.iter()
            .all(|(_, s, c)| *s == ToolStatus::Timeout && c.contains("[timed out"))
    );
}

/// Cancels the run as soon as a tool starts (a deterministic Ctrl+C in the middle of a step).
struct CancelOnToolStart(loopwright_agent::Cancel);

impl Reporter for CancelOnToolStart {
    fn event(&mut self, event: &Event, _state: &loopwright_agent::state::State) {
        if matches!(event.kind, EventKind::ToolStart { .. }) {
            self.0.cancel();
        }
    }
}

#[test]
fn interrupted_mid_step_gives_every_call_a_result_and_resumes() {
    let ws = tempfile::tempdir().unwrap();
    let script = r#"[
      {"text": "", "tool_calls": [
        {"name": "shell", "arguments": {"command": "sleep 30"}},
        {"name": "shell", "arguments": {"command": "echo never >> ran.txt"}}]},
      {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "resumed fine"}}]}
    ]"#;
    let mut run = Run::new(ws.path(), script);
    run.reporter = Some(Box::new(CancelOnToolStart(run.cancel.clone())));
    let out = run.go();
    assert_eq!(out.end, RunEnd::Interrupted);
    assert_eq!(out.end.exit_code(), 130);
    assert_every_call_answered_once(&out.events);
    let r = results(&out.events);
    assert_eq!(r[0].1, ToolStatus::Interrupted);
    assert!(
        r[0].2.contains("[interrupted: the command was killed"),
        "{}",
        r[0].2
    );
    assert_eq!(r[1].1, ToolStatus::Interrupted);
    assert!(
        !ws.path().join("ran.txt").exists(),
        "the second call never ran"
    );
    assert_eq!(types(&out.events).last(), Some(&"interrupted"));

    // Resume: reopen, record the resume, run to the end.
    let store = loopwright_store::session::FileSessionStore::new(&ws.path().join(".loop"));
    let mut log = store.open("t").unwrap();
    assert_eq!(log.repaired, 0);
    log.append(EventKind::Resumed { repaired: 0 }).unwrap();
    let provider = loopwright_agent::ScriptedProvider::from_json(script).unwrap();
    let cfg = loopwright_agent::RunConfig::new(ws.path().to_path_buf());
    let mut agent = loopwright_agent::Agent::new(
        log,
        cfg,
        Box::new(provider),
        loopwright_agent::Cancel::new(),
    )
    .unwrap();
    // What the model sees after the resume: both calls answered, nothing dangling.
    insta::assert_snapshot!(
        "request_after_resume",
        render_requests(&[agent.request()], ws.path(), &[0])
    );
    assert_eq!(agent.run().unwrap(), RunEnd::Done("resumed fine".into()));
}

struct DenyShell;

impl Gate for DenyShell {
    fn decide(&self, req: &Request) -> Decision {
        match req.command.as_deref() {
            Some(c) if c.contains("rm ") => plain_decision(Verdict::Deny, "rm is not allowed here"),
            Some(c) if c.contains("curl") => plain_decision(Verdict::Ask, "network access"),
            _ => plain_decision(Verdict::Allow, "ok"),
        }
    }
}

#[test]
fn gate_denies_and_unanswered_asks_deny_before_anything_runs() {
    let ws = tempfile::tempdir().unwrap();
    let script = r#"[
      {"text": "", "tool_calls": [
        {"name": "shell", "arguments": {"command": "rm -rf x; touch rm-ran"}},
        {"name": "shell", "arguments": {"command": "curl example.invalid; touch curl-ran"}},
        {"name": "shell", "arguments": {"command": "touch allowed-ran"}}]},
      {"text": "ok"}
    ]"#;
    let mut run = Run::new(ws.path(), script);
    run.gate = Some(Box::new(DenyShell));
    let out = run.go();
    let r = results(&out.events);
    assert_eq!(r[0].1, ToolStatus::Denied);
    assert!(r[0].2.contains("rm is not allowed here"));
    assert_eq!(r[1].1, ToolStatus::Denied);
    assert!(
        r[1].2.starts_with("not approved: network access"),
        "{}",
        r[1].2
    );
    assert_eq!(r[2].1, ToolStatus::Ok);
    assert!(!ws.path().join("rm-ran").exists());
    assert!(!ws.path().join("curl-ran").exists());
    assert!(ws.path().join("allowed-ran").exists());
    insta::assert_snapshot!(
        "denied_observations",
        format!("{}\n---\n{}", r[0].2, r[1].2)
    );
}

#[test]
fn invalid_arguments_and_unknown_tools_go_back_to_the_model() {
    let ws = tempfile::tempdir().unwrap();
    let script = r#"[
      {"text": "", "tool_calls": [
        {"name": "shell", "arguments": {"cmd": "ls"}},
        {"name": "read_file", "arguments": {"path": "x", "limit": "ten"}},
        {"name": "browse", "arguments": {}}]},
      {"text": "ok"}
    ]"#;
    let out = Run::new(ws.path(), script).go();
    let r = results(&out.events);
    assert!(r.iter().all(|(_, s, _)| *s == ToolStatus::Invalid));
    let text: Vec<String> = r.into_iter().map(|(_, _, c)| c).collect();
    insta::assert_snapshot!("invalid_observations", text.join("\n---\n"));
}

#[test]
fn todo_list_is_shown_every_step() {
    let ws = tempfile::tempdir().unwrap();
    let script = r#"[
      {"text": "", "tool_calls": [{"name": "todo", "arguments": {"items": [
        {"text": "read", "status": "done"}, {"text": "fix", "status": "in_progress"}, {"text": "test", "status": "pending"}]}}]},
      {"text": "done"}
    ]"#;
    let out = Run::new(ws.path(), script).go();
    let tail = &out.requests[1].messages.last().unwrap().content;
    let tail = regex::Regex::new(r"tokens used \d+")
        .unwrap()
        .replace(tail, "tokens used N");
    assert_eq!(
        tail,
        "[loop] step 2 of 50; tokens used N\nTodo list:\n[x] read\n[~] fix\n[ ] test"
    );
}

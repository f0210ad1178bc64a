//! After a crash: the children of a parent killed while they ran are resumed from their own
//! logs (their open tool calls were marked interrupted when the logs were reopened, so no tool
//! runs twice), and their results reach the parent as one harness message.

use std::sync::mpsc::Receiver;
use std::time::Duration;

use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::tool::{ToolCall, ToolStatus};
use loopwright_store::SessionWriter;
use loopwright_store::session::{FileSessionStore, SessionError};

use super::child::{ChildSpec, Report};
use super::child_id;
use super::spawn::{SPAWN_AGENT, SpawnArgs, Subagents, record};
use crate::state::State;

/// `spawn_agent` calls whose result is `interrupted` and that have no `subagent` record.
fn interrupted_spawns(events: &[Event]) -> Vec<ToolCall> {
    let recorded: Vec<&str> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Subagent(r) => Some(r.call_id.as_str()),
            _ => None,
        })
        .collect();
    let interrupted: Vec<&str> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ToolResult(r) if r.status == ToolStatus::Interrupted => {
                Some(r.call_id.as_str())
            }
            _ => None,
        })
        .collect();
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Assistant { tool_calls, .. } => Some(tool_calls),
            _ => None,
        })
        .flatten()
        .filter(|c| c.name == SPAWN_AGENT)
        .filter(|c| interrupted.contains(&c.id.as_str()) && !recorded.contains(&c.id.as_str()))
        .cloned()
        .collect()
}

impl Subagents {
    /// Resumes the children of interrupted `spawn_agent` calls of the parent's `log` (each
    /// under its watchdog, concurrently), waits for them (bounded), and appends their records
    /// and one message with their results. Returns how many children were recovered.
    ///
    /// # Errors
    /// When the parent's log cannot be appended to.
    pub fn recover(&self, log: &mut dyn SessionWriter) -> Result<usize, SessionError> {
        let inner = &self.0;
        let store = FileSessionStore::new(&inner.parent.cfg.state_dir);
        let mut waiting: Vec<(ToolCall, String, Receiver<Report>)> = Vec::new();
        let mut done: Vec<(ToolCall, String, Report)> = Vec::new();
        for call in interrupted_spawns(log.events()) {
            let id = child_id(&inner.parent.session, &call.id);
            let Ok(parsed) = store.load(&id) else {
                continue;
            };
            let task = serde_json::from_value::<SpawnArgs>(call.arguments.clone())
                .map(|a| a.task)
                .unwrap_or_default();
            let state = State::from_events(&parsed.events);
            if state.ended.is_some() {
                done.push((call, task, ended_report(&id, &parsed.events, &state)));
                continue;
            }
            let (ordinal, workspace) = child_facts(&parsed.events);
            let mut cfg = inner.parent.cfg.clone();
            cfg.timeout = None;
            if let Some(ws) = workspace {
                cfg.workspace = ws.into();
            }
            let tools = serde_json::from_value::<SpawnArgs>(call.arguments.clone())
                .ok()
                .and_then(|a| a.tools);
            let tools = inner.parent.tools.iter().filter(|t| {
                t.spec().name != SPAWN_AGENT
                    && tools.as_ref().is_none_or(|n| n.contains(&t.spec().name))
            });
            let spec = ChildSpec {
                id,
                task: task.clone(),
                ordinal,
                parent_id: inner.parent.session.clone(),
                call_id: call.id.clone(),
                depth: inner.parent.depth + 1,
                cfg,
                tools: tools.cloned().collect(),
                resume: true,
            };
            let rx = inner.launch(spec, crate::Cancel::new());
            waiting.push((call, task, rx));
        }
        let bound = inner.settings.timeouts.bound() + Duration::from_secs(30);
        for (call, task, rx) in waiting {
            if let Ok(r) = rx.recv_timeout(bound) {
                done.push((call, task, r));
            }
        }
        if done.is_empty() {
            return Ok(0);
        }
        let mut text = String::from(
            "[loop] this run was restarted while sub-agents were running. Their spawn_agent calls \
             above show `interrupted`, but each sub-agent was resumed from its own log (no tool \
             ran twice); their results:",
        );
        for (call, task, report) in &done {
            log.append(EventKind::Subagent(record(call, task, report)))?;
            let (_, result) = inner.result_text(report, None);
            text.push_str(&format!(
                "\n\n--- spawn_agent call {} ---\n{result}",
                call.id
            ));
        }
        log.append(EventKind::User { text })?;
        Ok(done.len())
    }
}

fn ended_report(id: &str, events: &[Event], state: &State) -> Report {
    let answer = events
        .iter()
        .rev()
        .find_map(|e| match &e.kind {
            EventKind::End { summary, .. } => Some(summary.clone()),
            _ => None,
        })
        .unwrap_or_default();
    Report {
        session: id.to_string(),
        outcome: state.ended,
        salvaged: answer.starts_with(crate::engine::SALVAGED),
        answer,
        stopped: None,
        interrupted: false,
        usage: state.usage,
        steps: state.steps,
    }
}

/// The ordinal and workspace of a child log.
fn child_facts(events: &[Event]) -> (u32, Option<String>) {
    let mut ordinal = 0;
    let mut workspace = None;
    for e in events {
        match &e.kind {
            EventKind::ChildOf { ordinal: o, .. } => ordinal = *o,
            EventKind::SessionStart { workspace: w, .. } => workspace = Some(w.clone()),
            _ => {}
        }
    }
    (ordinal, workspace)
}

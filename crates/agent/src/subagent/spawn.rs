//! The `spawn_agent` tool: dispatching the children of a turn, refusals, budget reservation,
//! waiting (bounded) and the result the parent reads.

use std::collections::HashMap;
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use loopwright_observe::{Cap, cap_head_tail};
use loopwright_policy::Request;
use loopwright_protocol::event::{Event, EventKind, Outcome, SubagentRecord};
use loopwright_protocol::tool::{ToolCall, ToolRole, ToolSpec, ToolStatus};
use loopwright_worktree::ChildWorktree;
use serde::Deserialize;
use serde_json::{Value, json};

use super::brief::{Refusal, brief_key, refusal};
use super::child::{ChildSpec, Report, launch};
use super::{ChildFactory, Parent, Settings, child_id};
use crate::state::State;
use crate::tools::{RunContext, Tool, ToolOutput, ToolSource};

/// The tool's name.
pub const SPAWN_AGENT: &str = "spawn_agent";

/// The smallest token budget a child is started with.
const MIN_CHILD_TOKENS: u64 = 1000;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SpawnArgs {
    pub task: String,
    #[serde(default)]
    pub tools: Option<Vec<String>>,
    #[serde(default)]
    pub isolation: Option<String>,
}

pub(super) struct Running {
    call_id: String,
    key: String,
    tokens: u64,
    cost: f64,
}

pub(super) enum Job {
    Ready(ToolStatus, String),
    Started {
        rx: Receiver<Report>,
        task: String,
        worktree: Option<Box<ChildWorktree>>,
    },
}

#[derive(Default)]
pub(super) struct Shared {
    pub(super) running: Vec<Running>,
    jobs: HashMap<String, Job>,
    pub(super) records: HashMap<String, Vec<EventKind>>,
    next_ordinal: Option<u32>,
}

pub(super) struct Inner {
    pub(super) parent: Parent,
    pub(super) settings: Settings,
    pub(super) factory: Arc<dyn ChildFactory>,
    spec: ToolSpec,
    shared: Arc<Mutex<Shared>>,
    pub(super) board: Mutex<Option<super::plan::Board>>,
}

/// The sub-agent tools of one run (a [`ToolSource`]): `spawn_agent`.
#[derive(Clone)]
pub struct Subagents(pub(super) Arc<Inner>);

impl std::fmt::Debug for Subagents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Subagents")
            .field("parent", &self.0.parent.session)
            .field("settings", &self.0.settings)
            .finish()
    }
}

fn spawn_spec(names: &[String]) -> ToolSpec {
    ToolSpec {
        name: SPAWN_AGENT.into(),
        description: "Start a sub-agent: a fresh agent with its own context that works on `task` \
            (a complete, self-contained brief) and returns its final message. Several calls in \
            one reply run at the same time. Optional `tools` picks a subset of your tools; \
            `isolation: worktree` gives it its own git worktree and returns its diff."
            .into(),
        parameters: json!({
            "type": "object",
            "properties": {
                "task": {"type": "string", "minLength": 1, "description": "The brief: everything the sub-agent needs to know."},
                "tools": {"type": "array", "items": {"type": "string", "enum": names}, "description": "The tools it may use (default: all of yours but spawn_agent)."},
                "isolation": {"type": "string", "enum": ["none", "worktree"], "description": "`worktree`: work in its own git worktree (default `none`)."}
            },
            "required": ["task"],
            "additionalProperties": false
        }),
        role: ToolRole::Other,
    }
}

impl Subagents {
    /// The sub-agent tools of `parent`'s run.
    pub fn new(parent: Parent, settings: Settings, factory: Arc<dyn ChildFactory>) -> Self {
        let names: Vec<String> = parent
            .tools
            .iter()
            .map(|t| t.spec().name.clone())
            .filter(|n| n != SPAWN_AGENT)
            .collect();
        Subagents(Arc::new(Inner {
            spec: spawn_spec(&names),
            parent,
            settings,
            factory,
            shared: Arc::new(Mutex::new(Shared::default())),
            board: Mutex::new(None),
        }))
    }
}

impl ToolSource for Subagents {
    fn name(&self) -> &str {
        "subagents"
    }
    fn tools(&self) -> Vec<Arc<dyn Tool>> {
        vec![
            Arc::new(SpawnTool(Arc::clone(&self.0))),
            Arc::new(super::plan::PlanTool::new(Arc::clone(&self.0))),
        ]
    }
}

struct SpawnTool(Arc<Inner>);

impl Tool for SpawnTool {
    fn spec(&self) -> &ToolSpec {
        &self.0.spec
    }

    fn request(&self, _args: &Value, _workspace: &Path) -> Option<Request> {
        // The child's own calls pass the same gate; starting one touches nothing itself.
        None
    }

    fn describe(&self, args: &Value) -> String {
        let task = args.get("task").and_then(Value::as_str).unwrap_or("");
        format!(
            "spawn_agent: {}",
            crate::tools::clip(&task.replace('\n', " "), 60)
        )
    }

    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput {
        self.0.dispatch(cx);
        let job = self.0.lock().jobs.remove(&call.id);
        let job = match job {
            Some(j) => j,
            None => match serde_json::from_value::<SpawnArgs>(call.arguments.clone()) {
                Ok(args) => self.0.start(call, &args, cx, 1),
                Err(e) => Job::Ready(
                    ToolStatus::Invalid,
                    format!("invalid arguments for `spawn_agent`: {e}"),
                ),
            },
        };
        match job {
            Job::Ready(status, text) => ToolOutput::text(status, text),
            Job::Started { rx, task, worktree } => self.0.finish(call, &task, &rx, worktree, cx),
        }
    }

    fn take_events(&self, call_id: &str) -> Vec<EventKind> {
        self.0.lock().records.remove(call_id).unwrap_or_default()
    }
}

/// The calls of the last assistant message with no result yet.
fn open_calls(events: &[Event]) -> Vec<&ToolCall> {
    let Some(pos) = events
        .iter()
        .rposition(|e| matches!(e.kind, EventKind::Assistant { .. }))
    else {
        return Vec::new();
    };
    let EventKind::Assistant { tool_calls, .. } = &events[pos].kind else {
        return Vec::new();
    };
    let answered: Vec<&str> = events[pos..]
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ToolResult(r) => Some(r.call_id.as_str()),
            _ => None,
        })
        .collect();
    tool_calls
        .iter()
        .filter(|c| !answered.contains(&c.id.as_str()))
        .collect()
}

impl Inner {
    pub(super) fn lock(&self) -> MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts (or refuses) every `spawn_agent` call of the current turn not started yet, in
    /// order, so the calls of one turn run concurrently.
    fn dispatch(&self, cx: &RunContext<'_>) {
        let calls: Vec<(&ToolCall, SpawnArgs)> = open_calls(cx.events)
            .into_iter()
            .filter(|c| c.name == SPAWN_AGENT)
            .filter(|c| !self.lock().jobs.contains_key(&c.id))
            .filter_map(|c| {
                serde_json::from_value::<SpawnArgs>(c.arguments.clone())
                    .ok()
                    .map(|a| (c, a))
            })
            .collect();
        let n = calls.len();
        for (i, (call, args)) in calls.into_iter().enumerate() {
            let job = self.start(call, &args, cx, n - i);
            self.lock().jobs.insert(call.id.clone(), job);
        }
    }

    fn ordinal(&self) -> u32 {
        let mut s = self.lock();
        let next = *s.next_ordinal.get_or_insert_with(|| {
            existing_children(&self.parent.cfg.state_dir, &self.parent.session)
        });
        s.next_ordinal = Some(next + 1);
        next
    }

    /// Refuses or launches one child; `share_of` children of this turn are still to start.
    pub(super) fn start(
        &self,
        call: &ToolCall,
        args: &SpawnArgs,
        cx: &RunContext<'_>,
        share_of: usize,
    ) -> Job {
        let key = brief_key(&args.task);
        let tools = match self.child_tools(args.tools.as_deref()) {
            Ok(t) => t,
            Err(text) => return Job::Ready(ToolStatus::Invalid, text),
        };
        let parent_state = State::from_events(cx.events);
        let mut shared = self.lock();
        let running: Vec<(String, String)> = shared
            .running
            .iter()
            .map(|r| (r.call_id.clone(), r.key.clone()))
            .collect();
        let refused = refusal(
            self.parent.depth,
            &key,
            &running,
            self.settings.max,
            cx.events,
        );
        if let Some(r) = refused {
            return Job::Ready(ToolStatus::Denied, r.to_string());
        }
        let share = u64::try_from(share_of.max(1)).unwrap_or(1);
        let pcfg = &self.parent.cfg;
        let mut cfg = pcfg.clone();
        cfg.timeout = None;
        cfg.max_steps = pcfg.max_steps.saturating_sub(parent_state.steps).max(1);
        let mut reserved = (0, 0.0);
        if let Some(max) = pcfg.max_tokens {
            let taken: u64 = shared.running.iter().map(|r| r.tokens).sum();
            let left = max.saturating_sub(parent_state.usage.total() + taken);
            if left / share < MIN_CHILD_TOKENS {
                return Job::Ready(ToolStatus::Denied, Refusal::Budget { left }.to_string());
            }
            reserved.0 = left / share;
            cfg.max_tokens = Some(reserved.0);
        }
        if let (Some(max), Some(p)) = (pcfg.max_cost, pcfg.prices) {
            let taken: f64 = shared.running.iter().map(|r| r.cost).sum();
            let left = (max - p.cost(&parent_state.usage) - taken).max(0.0);
            reserved.1 = left / share as f64;
            cfg.max_cost = Some(reserved.1);
        }
        let id = child_id(&self.parent.session, &call.id);
        let worktree = match args.isolation.as_deref() {
            Some("worktree") => {
                let now = time::OffsetDateTime::now_utc();
                match ChildWorktree::create(&pcfg.workspace, &id, SPAWN_AGENT, "HEAD", now) {
                    Ok(wt) => {
                        cfg.workspace = wt.path();
                        Some(Box::new(wt))
                    }
                    Err(e) => {
                        return Job::Ready(
                            ToolStatus::Error,
                            format!("isolation `worktree`: {e}. The sub-agent was not started."),
                        );
                    }
                }
            }
            _ => None,
        };
        shared.running.push(Running {
            call_id: call.id.clone(),
            key,
            tokens: reserved.0,
            cost: reserved.1,
        });
        drop(shared);
        let spec = ChildSpec {
            id,
            task: args.task.clone(),
            ordinal: self.ordinal(),
            parent_id: self.parent.session.clone(),
            call_id: call.id.clone(),
            depth: self.parent.depth + 1,
            cfg,
            tools,
            resume: false,
        };
        let rx = self.launch(spec, cx.tools.cancel.clone());
        Job::Started {
            rx,
            task: args.task.clone(),
            worktree,
        }
    }

    /// Launches a child whose slot is released by its supervisor when it ends.
    pub(super) fn launch(&self, spec: ChildSpec, cancel: crate::Cancel) -> Receiver<Report> {
        let call_id = spec.call_id.clone();
        let shared = Arc::clone(&self.shared);
        launch(
            spec,
            Arc::clone(&self.factory),
            self.settings.timeouts,
            cancel,
            Box::new(move || {
                shared
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .running
                    .retain(|r| r.call_id != call_id);
            }),
        )
    }

    fn child_tools(&self, names: Option<&[String]>) -> Result<Vec<Arc<dyn Tool>>, String> {
        let all = self
            .parent
            .tools
            .iter()
            .filter(|t| t.spec().name != SPAWN_AGENT);
        let Some(names) = names else {
            return Ok(all.cloned().collect());
        };
        let known: Vec<&str> = all.clone().map(|t| t.spec().name.as_str()).collect();
        let unknown: Vec<&str> = names
            .iter()
            .map(String::as_str)
            .filter(|n| !known.contains(n))
            .collect();
        if !unknown.is_empty() {
            return Err(format!(
                "invalid arguments for `spawn_agent`: unknown tool(s) {} in `tools`; a sub-agent may get: {}",
                unknown.join(", "),
                known.join(", ")
            ));
        }
        Ok(all
            .filter(|t| names.iter().any(|n| *n == t.spec().name))
            .cloned()
            .collect())
    }

    /// Waits (bounded) for the child's report and makes the parent's result.
    fn finish(
        &self,
        call: &ToolCall,
        task: &str,
        rx: &Receiver<Report>,
        worktree: Option<Box<ChildWorktree>>,
        cx: &RunContext<'_>,
    ) -> ToolOutput {
        let bound = self.settings.timeouts.bound() + Duration::from_secs(30);
        let started = Instant::now();
        let report = loop {
            match rx.recv_timeout(Duration::from_millis(200)) {
                Ok(r) => break Some(r),
                Err(RecvTimeoutError::Disconnected) => break None,
                Err(RecvTimeoutError::Timeout) if started.elapsed() >= bound => break None,
                Err(RecvTimeoutError::Timeout) => {}
            }
        };
        let Some(report) = report else {
            self.lock().running.retain(|r| r.call_id != call.id);
            return ToolOutput::text(
                ToolStatus::Error,
                format!(
                    "the sub-agent gave no report within {} s; its session is {}",
                    bound.as_secs(),
                    child_id(&self.parent.session, &call.id)
                ),
            );
        };
        let diff = worktree.map(|wt| {
            let diff = wt.diff().unwrap_or_else(|e| format!("(no diff: {e})"));
            let _ = wt.discard(true);
            diff
        });
        let _ = cx;
        let (status, text) = self.result_text(&report, diff.as_deref());
        self.lock()
            .records
            .entry(call.id.clone())
            .or_default()
            .push(EventKind::Subagent(record(call, task, &report)));
        ToolOutput::text(status, text)
    }

    pub(super) fn result_text(&self, r: &Report, diff: Option<&str>) -> (ToolStatus, String) {
        let status = if r.interrupted {
            ToolStatus::Interrupted
        } else if r.salvaged {
            ToolStatus::Timeout
        } else if r.outcome == Some(Outcome::Done) {
            ToolStatus::Ok
        } else {
            ToolStatus::Error
        };
        let how = match (&r.stopped, r.outcome) {
            (Some(why), _) => format!("stopped by the watchdog: {why}"),
            (None, Some(o)) => o.as_str().to_string(),
            (None, None) => "interrupted".to_string(),
        };
        let answer = cap_head_tail(r.answer.trim(), Cap::Tokens(self.settings.answer_tokens)).text;
        let mut text = format!(
            "sub-agent {} {how} after {} step(s), {} tokens\n{answer}",
            r.session,
            r.steps,
            r.usage.total()
        );
        if let Some(d) = diff {
            if d.trim().is_empty() {
                text.push_str("\n\nits worktree has no changes");
            } else {
                text.push_str("\n\ndiff of its worktree:\n");
                text.push_str(d);
            }
        }
        text.push_str(&format!("\n\n(full log: loop sessions show {})", r.session));
        (status, text)
    }
}

pub(super) fn record(call: &ToolCall, task: &str, r: &Report) -> SubagentRecord {
    SubagentRecord {
        call_id: call.id.clone(),
        session: r.session.clone(),
        task: task.to_string(),
        outcome: r.outcome,
        salvaged: r.salvaged,
        usage: Some(r.usage),
        node: None,
        superseded: false,
    }
}

/// How many child logs of `parent` exist (the next child's ordinal).
fn existing_children(state_dir: &Path, parent: &str) -> u32 {
    let prefix = format!("{parent}-sub-");
    let dir = loopwright_store::StateDir::new(state_dir).sessions_dir();
    let n = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .filter(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    name.starts_with(&prefix) && name.ends_with(".jsonl")
                })
                .count()
        })
        .unwrap_or(0);
    u32::try_from(n).unwrap_or(u32::MAX)
}

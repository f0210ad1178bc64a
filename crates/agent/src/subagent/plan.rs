//! The task graph (`plan`): nodes `{id, task, blocked_by}` run as sub-agents once every node
//! they are blocked by is done, as many at once as the sub-agent cap allows.
//!
//! A `plan` call adds or replaces nodes (and may `drop` some), dispatches the ready ones and
//! waits until no node can make progress, or until a node fails (so the model can re-plan).
//! Re-declaring a node starts a new attempt: only the latest attempt settles it, and a late
//! result of a superseded attempt is recorded (`superseded: true`) and ignored. `finish` is
//! refused while a node is open. What is declared and settled is folded from the session log
//! ([`fold`]), so a resumed run knows its graph; attempts a crash interrupted run again as new
//! attempts (their interrupted logs stay as they are).

use std::collections::HashSet;
use std::path::Path;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, MutexGuard};
use std::time::{Duration, Instant};

use loopwright_policy::Request;
use loopwright_protocol::event::{Event, EventKind, Outcome};
use loopwright_protocol::tool::{ToolCall, ToolRole, ToolSpec, ToolStatus};
use serde::Deserialize;
use serde_json::{Value, json};

use super::child::Report;
use super::spawn::{Inner, Job, SPAWN_AGENT, SpawnArgs, record};
use crate::tools::{RunContext, Tool, ToolOutput};

/// The tool's name.
pub const PLAN: &str = "plan";

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanArgs {
    #[serde(default)]
    nodes: Vec<NodeArg>,
    #[serde(default)]
    drop: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeArg {
    id: String,
    task: String,
    #[serde(default)]
    blocked_by: Vec<String>,
}

/// Where a node stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeState {
    /// Not started (maybe blocked).
    Waiting,
    /// Its latest attempt (this key) runs.
    Running(String),
    /// Its latest attempt finished; the sub-agent's answer.
    Done(String),
    /// Its latest attempt failed (or was refused); why.
    Failed(String),
    /// Dropped by the model; it unblocks its dependents.
    Dropped,
}

/// One node of the graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The id.
    pub id: String,
    /// The brief.
    pub task: String,
    /// Nodes that must be done (or dropped) first.
    pub blocked_by: Vec<String>,
    /// Where it stands.
    pub state: NodeState,
}

impl Node {
    fn open(&self) -> bool {
        !matches!(self.state, NodeState::Done(_) | NodeState::Dropped)
    }
}

struct Attempt {
    node: String,
    key: String,
    task: String,
    rx: Receiver<Report>,
}

/// The graph of a run and its running attempts.
pub struct Board {
    nodes: Vec<Node>,
    attempts: Vec<Attempt>,
}

/// Adds, replaces and drops nodes; the graph is unchanged when anything is wrong.
fn merge(nodes: &mut Vec<Node>, args: &PlanArgs) -> Result<(), String> {
    let mut next = nodes.clone();
    let mut seen = HashSet::new();
    for n in &args.nodes {
        if n.id.trim().is_empty() || n.task.trim().is_empty() {
            return Err("every node needs a non-empty `id` and `task`".into());
        }
        if !seen.insert(n.id.as_str()) {
            return Err(format!("node `{}` is declared twice", n.id));
        }
        let node = Node {
            id: n.id.clone(),
            task: n.task.clone(),
            blocked_by: n.blocked_by.clone(),
            state: NodeState::Waiting,
        };
        match next.iter_mut().find(|x| x.id == n.id) {
            Some(x) => *x = node,
            None => next.push(node),
        }
    }
    for id in &args.drop {
        match next.iter_mut().find(|x| x.id == *id) {
            Some(x) => x.state = NodeState::Dropped,
            None => return Err(format!("`drop`: no node `{id}`")),
        }
    }
    for n in &next {
        for b in &n.blocked_by {
            if !next.iter().any(|x| x.id == *b) {
                return Err(format!(
                    "node `{}` is blocked by `{b}`, which is not a node",
                    n.id
                ));
            }
        }
    }
    if let Some(id) = cycle(&next) {
        return Err(format!(
            "node `{id}` is blocked by itself through `blocked_by` (a cycle)"
        ));
    }
    *nodes = next;
    Ok(())
}

/// A node on a cycle of `blocked_by`, if any.
fn cycle(nodes: &[Node]) -> Option<String> {
    // Kahn's algorithm: whatever cannot be ordered is on (or behind) a cycle.
    let mut left: Vec<&Node> = nodes.iter().collect();
    let mut done: HashSet<&str> = HashSet::new();
    loop {
        let before = left.len();
        left.retain(|n| {
            let free = n.blocked_by.iter().all(|b| done.contains(b.as_str()));
            if free {
                done.insert(n.id.as_str());
            }
            !free
        });
        if left.is_empty() {
            return None;
        }
        if left.len() == before {
            return left.first().map(|n| n.id.clone());
        }
    }
}

/// The graph as the session log says: declarations from `plan` calls (applied when the model
/// made them; an invalid one declares nothing), settlements from the `subagent` records of
/// latest attempts.
pub fn fold(events: &[Event]) -> Vec<Node> {
    let mut nodes = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::Assistant { tool_calls, .. } => {
                for c in tool_calls.iter().filter(|c| c.name == PLAN) {
                    if let Ok(args) = serde_json::from_value::<PlanArgs>(c.arguments.clone()) {
                        let _ = merge(&mut nodes, &args);
                    }
                }
            }
            EventKind::Subagent(r) if !r.superseded => {
                if let Some(n) = r
                    .node
                    .as_ref()
                    .and_then(|id| nodes.iter_mut().find(|n| n.id == *id))
                    && n.state != NodeState::Dropped
                {
                    n.state = if r.outcome == Some(Outcome::Done) {
                        NodeState::Done(String::new())
                    } else {
                        NodeState::Failed(String::new())
                    };
                }
            }
            _ => {}
        }
    }
    nodes
}

/// Why `finish` is refused now: a node of the plan is open.
pub fn finish_refusal(events: &[Event]) -> Option<String> {
    let open: Vec<String> = fold(events)
        .iter()
        .filter(|n| n.open())
        .map(|n| {
            let how = match n.state {
                NodeState::Failed(_) => "failed",
                _ => "not done",
            };
            format!("`{}` ({how})", n.id)
        })
        .collect();
    (!open.is_empty()).then(|| {
        format!(
            "finish refused: plan node(s) {} are open. Call `plan` to run or wait for them, declare a failed node again to retry it, or drop it with `plan` {{\"drop\": [\"id\"]}}.",
            open.join(", ")
        )
    })
}

/// The `plan` tool.
pub struct PlanTool {
    inner: Arc<Inner>,
    spec: ToolSpec,
}

impl PlanTool {
    pub(super) fn new(inner: Arc<Inner>) -> Self {
        PlanTool {
            inner,
            spec: ToolSpec {
                name: PLAN.into(),
                description: "Run a task graph with sub-agents. `nodes` adds or replaces nodes \
                    {id, task, blocked_by}; a node runs as a sub-agent once every node it is \
                    blocked by is done, several at once. The call returns when nothing more can \
                    run or a node failed, with every node's state and answers. Declaring a node \
                    again retries it; `drop` removes nodes. `finish` is refused while nodes are \
                    open. Call with no nodes to wait for running ones."
                    .into(),
                parameters: json!({
                    "type": "object",
                    "properties": {
                        "nodes": {"type": "array", "items": {
                            "type": "object",
                            "properties": {
                                "id": {"type": "string", "minLength": 1},
                                "task": {"type": "string", "minLength": 1},
                                "blocked_by": {"type": "array", "items": {"type": "string"}}
                            },
                            "required": ["id", "task"],
                            "additionalProperties": false
                        }},
                        "drop": {"type": "array", "items": {"type": "string"}}
                    },
                    "additionalProperties": false
                }),
                role: ToolRole::Other,
            },
        }
    }

    fn board(&self) -> MutexGuard<'_, Option<Board>> {
        self.inner.board.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Tool for PlanTool {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn request(&self, _args: &Value, _workspace: &Path) -> Option<Request> {
        None
    }

    fn describe(&self, args: &Value) -> String {
        let n = args
            .get("nodes")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        format!("plan: {n} node(s)")
    }

    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput {
        let args = match serde_json::from_value::<PlanArgs>(call.arguments.clone()) {
            Ok(a) => a,
            Err(e) => {
                return ToolOutput::text(
                    ToolStatus::Invalid,
                    format!("invalid arguments for `plan`: {e}"),
                );
            }
        };
        let mut guard = self.board();
        let board = guard.get_or_insert_with(|| Board {
            // Before this call: what the log declared and settled (after a resume, attempts
            // that were running are waiting again).
            nodes: fold(&cx.events[..cx.events.len().saturating_sub(1)])
                .into_iter()
                .map(|mut n| {
                    if matches!(n.state, NodeState::Running(_)) {
                        n.state = NodeState::Waiting;
                    }
                    n
                })
                .collect(),
            attempts: Vec::new(),
        });
        if let Err(e) = merge(&mut board.nodes, &args) {
            return ToolOutput::text(
                ToolStatus::Invalid,
                format!("invalid plan: {e}. Nothing changed."),
            );
        }
        let failed = self.drive(board, call, cx);
        let status = if failed {
            ToolStatus::Error
        } else {
            ToolStatus::Ok
        };
        ToolOutput::text(status, render(&board.nodes))
    }

    fn take_events(&self, call_id: &str) -> Vec<EventKind> {
        self.inner
            .lock()
            .records
            .remove(call_id)
            .unwrap_or_default()
    }
}

impl PlanTool {
    /// Dispatches and waits until nothing can make progress or a node fails; true when one did.
    fn drive(&self, board: &mut Board, call: &ToolCall, cx: &RunContext<'_>) -> bool {
        let bound = self.inner.settings.timeouts.bound() + Duration::from_secs(30);
        let mut failed = false;
        loop {
            failed |= self.dispatch(board, call, cx);
            let running = board
                .nodes
                .iter()
                .any(|n| matches!(n.state, NodeState::Running(_)));
            if failed || !running {
                return failed;
            }
            let Some((i, report)) = wait_any(&board.attempts, bound) else {
                return failed;
            };
            let attempt = board.attempts.remove(i);
            failed |= self.settle(board, attempt, &report, call);
        }
    }

    /// Starts every ready node the cap allows; true when one was refused.
    fn dispatch(&self, board: &mut Board, call: &ToolCall, cx: &RunContext<'_>) -> bool {
        let mut refused = false;
        let done = |nodes: &[Node], id: &str| {
            nodes
                .iter()
                .any(|n| n.id == id && matches!(n.state, NodeState::Done(_) | NodeState::Dropped))
        };
        let ready: Vec<usize> = (0..board.nodes.len())
            .filter(|&i| {
                let n = &board.nodes[i];
                n.state == NodeState::Waiting && n.blocked_by.iter().all(|b| done(&board.nodes, b))
            })
            .collect();
        let total = ready.len();
        for (k, i) in ready.into_iter().enumerate() {
            if self.inner.lock().running.len() >= self.inner.settings.max {
                break;
            }
            let node = &mut board.nodes[i];
            let key = format!("{}@{}", node.id, call.id);
            let synthetic = ToolCall {
                id: key.clone(),
                name: SPAWN_AGENT.into(),
                arguments: json!({"task": node.task}),
            };
            let args = SpawnArgs {
                task: node.task.clone(),
                tools: None,
                isolation: None,
            };
            match self.inner.start(&synthetic, &args, cx, total - k) {
                Job::Ready(_, why) => {
                    node.state = NodeState::Failed(why);
                    refused = true;
                }
                Job::Started { rx, .. } => {
                    node.state = NodeState::Running(key.clone());
                    board.attempts.push(Attempt {
                        node: node.id.clone(),
                        key,
                        task: node.task.clone(),
                        rx,
                    });
                }
            }
        }
        refused
    }

    /// Records an attempt's end; only the node's latest attempt settles it. True when it failed.
    fn settle(&self, board: &mut Board, a: Attempt, report: &Report, call: &ToolCall) -> bool {
        let synthetic = ToolCall {
            id: a.key.clone(),
            name: SPAWN_AGENT.into(),
            arguments: Value::Null,
        };
        let node = board.nodes.iter_mut().find(|n| n.id == a.node);
        let latest = node
            .as_ref()
            .is_some_and(|n| n.state == NodeState::Running(a.key.clone()));
        let mut rec = record(&synthetic, &a.task, report);
        rec.node = Some(a.node.clone());
        rec.superseded = !latest;
        self.inner
            .lock()
            .records
            .entry(call.id.clone())
            .or_default()
            .push(EventKind::Subagent(rec));
        let (status, text) = self.inner.result_text(report, None);
        match node {
            Some(n) if latest => {
                let ok = status == ToolStatus::Ok;
                n.state = if ok {
                    NodeState::Done(text)
                } else {
                    NodeState::Failed(text)
                };
                !ok
            }
            _ => false,
        }
    }
}

/// The first attempt to report, waiting at most `bound`.
fn wait_any(attempts: &[Attempt], bound: Duration) -> Option<(usize, Report)> {
    let start = Instant::now();
    loop {
        for (i, a) in attempts.iter().enumerate() {
            match a.rx.try_recv() {
                Ok(r) => return Some((i, r)),
                Err(TryRecvError::Disconnected) => {
                    let mut r = Report::lost(&a.key);
                    r.answer = "the sub-agent's watchdog ended without a report".into();
                    return Some((i, r));
                }
                Err(TryRecvError::Empty) => {}
            }
        }
        if attempts.is_empty() || start.elapsed() >= bound {
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn render(nodes: &[Node]) -> String {
    let count = |f: fn(&NodeState) -> bool| nodes.iter().filter(|n| f(&n.state)).count();
    let mut out = format!(
        "plan: {} node(s): {} done, {} failed, {} running, {} waiting, {} dropped",
        nodes.len(),
        count(|s| matches!(s, NodeState::Done(_))),
        count(|s| matches!(s, NodeState::Failed(_))),
        count(|s| matches!(s, NodeState::Running(_))),
        count(|s| matches!(s, NodeState::Waiting)),
        count(|s| matches!(s, NodeState::Dropped)),
    );
    for n in nodes {
        let line = match &n.state {
            NodeState::Done(t) => format!("## {}: done\n{t}", n.id),
            NodeState::Failed(t) => format!("## {}: failed\n{t}", n.id),
            NodeState::Running(_) => format!("## {}: running", n.id),
            NodeState::Dropped => format!("## {}: dropped", n.id),
            NodeState::Waiting if n.blocked_by.is_empty() => format!("## {}: waiting", n.id),
            NodeState::Waiting => format!("## {}: waiting for {}", n.id, n.blocked_by.join(", ")),
        };
        out.push_str("\n\n");
        out.push_str(&line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: Value) -> PlanArgs {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn merge_checks_ids_blockers_and_cycles() {
        let mut nodes = Vec::new();
        merge(&mut nodes, &args(json!({"nodes": [{"id": "a", "task": "x"}, {"id": "b", "task": "y", "blocked_by": ["a"]}]}))).unwrap();
        assert_eq!(nodes.len(), 2);
        let e = merge(
            &mut nodes,
            &args(json!({"nodes": [{"id": "c", "task": "z", "blocked_by": ["q"]}]})),
        )
        .unwrap_err();
        assert!(e.contains("`q`, which is not a node"), "{e}");
        let e = merge(
            &mut nodes,
            &args(json!({"nodes": [{"id": "a", "task": "x", "blocked_by": ["b"]}]})),
        )
        .unwrap_err();
        assert!(e.contains("cycle"), "{e}");
        let e = merge(&mut nodes, &args(json!({"drop": ["zz"]}))).unwrap_err();
        assert!(e.contains("no node `zz`"), "{e}");
        assert_eq!(nodes.len(), 2, "a failed merge changes nothing");
        merge(&mut nodes, &args(json!({"drop": ["a"]}))).unwrap();
        assert_eq!(nodes[0].state, NodeState::Dropped);
    }

    fn ev(kind: EventKind) -> Event {
        Event {
            seq: 0,
            ts_ms: 0,
            kind,
        }
    }

    fn rec(node: &str, outcome: Outcome, superseded: bool) -> Event {
        ev(EventKind::Subagent(
            loopwright_protocol::event::SubagentRecord {
                call_id: format!("{node}@c"),
                session: "s".into(),
                task: "t".into(),
                outcome: Some(outcome),
                salvaged: false,
                usage: None,
                node: Some(node.into()),
                superseded,
            },
        ))
    }

    #[test]
    fn only_the_latest_attempt_settles_and_finish_waits_for_open_nodes() {
        let plan = ev(EventKind::Assistant {
            text: String::new(),
            tool_calls: vec![ToolCall {
                id: "c".into(),
                name: PLAN.into(),
                arguments: json!({"nodes": [{"id": "a", "task": "x"}, {"id": "b", "task": "y", "blocked_by": ["a"]}]}),
            }],
            usage: None,
        });
        let mut events = vec![plan];
        let why = finish_refusal(&events).unwrap();
        assert!(
            why.contains("`a` (not done)") && why.contains("`b`"),
            "{why}"
        );
        events.push(rec("a", Outcome::Done, true));
        assert!(
            finish_refusal(&events).unwrap().contains("`a`"),
            "a superseded result settles nothing"
        );
        events.push(rec("a", Outcome::Done, false));
        events.push(rec("b", Outcome::Limit, false));
        let why = finish_refusal(&events).unwrap();
        assert!(
            why.contains("`b` (failed)") && !why.contains("`a`"),
            "{why}"
        );
        events.push(rec("b", Outcome::Done, false));
        assert_eq!(finish_refusal(&events), None);
    }
}

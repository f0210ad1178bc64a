//! Helpers shared by the agent integration tests.
#![allow(
    dead_code,
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::type_complexity
)]

use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

use loopwright_agent::gate::Gate;
use loopwright_agent::{
    Agent, Cancel, Provider, ProviderError, Reporter, RunConfig, RunEnd, ScriptedProvider,
};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::{AssistantTurn, ModelRequest, StreamEvent};
use loopwright_store::session::FileSessionStore;

/// A scripted provider that records every request it gets.
pub struct Recording {
    pub inner: ScriptedProvider,
    pub requests: Rc<RefCell<Vec<ModelRequest>>>,
    pub summary_requests: Rc<RefCell<Vec<ModelRequest>>>,
}

impl Recording {
    pub fn new(script: &str) -> Self {
        Recording {
            inner: ScriptedProvider::from_json(script).unwrap(),
            requests: Rc::default(),
            summary_requests: Rc::default(),
        }
    }
}

impl Provider for Recording {
    fn name(&self) -> &str {
        "scripted"
    }
    fn complete_with(
        &mut self,
        request: &ModelRequest,
        facts: &loopwright_model::HistoryFacts,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        self.requests.borrow_mut().push(request.clone());
        self.inner.complete_with(request, facts, on_event, cancel)
    }
    fn summarize(
        &mut self,
        request: &ModelRequest,
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        self.summary_requests.borrow_mut().push(request.clone());
        self.inner.summarize(request, cancel)
    }
}

pub struct Outcome {
    pub end: RunEnd,
    pub events: Vec<Event>,
    pub requests: Vec<ModelRequest>,
    pub summary_requests: Vec<ModelRequest>,
}

pub fn start(task: &str, ws: &Path, verify: Option<&str>) -> EventKind {
    EventKind::SessionStart {
        task: task.into(),
        workspace: ws.to_string_lossy().into_owned(),
        provider: "scripted".into(),
        model: None,
        verify: verify.map(str::to_string),
    }
}

pub struct Run<'a> {
    pub ws: &'a Path,
    pub script: &'a str,
    pub verify: Option<&'a str>,
    pub gate: Option<Box<dyn Gate>>,
    pub reporter: Option<Box<dyn Reporter>>,
    pub cancel: Cancel,
    pub configure: Option<Box<dyn FnOnce(&mut RunConfig)>>,
}

impl<'a> Run<'a> {
    pub fn new(ws: &'a Path, script: &'a str) -> Self {
        Run {
            ws,
            script,
            verify: None,
            gate: None,
            reporter: None,
            cancel: Cancel::new(),
            configure: None,
        }
    }

    pub fn go(self) -> Outcome {
        let store = FileSessionStore::new(&self.ws.join(".loop"));
        let log = store
            .create("t", start("fix the bug", self.ws, self.verify))
            .unwrap();
        let provider = Recording::new(self.script);
        let requests = provider.requests.clone();
        let summary_requests = provider.summary_requests.clone();
        let mut cfg = RunConfig::new(self.ws.to_path_buf());
        if let Some(f) = self.configure {
            f(&mut cfg);
        }
        let mut agent = Agent::new(log, cfg, Box::new(provider), self.cancel).unwrap();
        if let Some(g) = self.gate {
            agent = agent.with_gate(g);
        }
        if let Some(r) = self.reporter {
            agent = agent.with_reporter(r);
        }
        let end = agent.run().unwrap();
        drop(agent);
        let events = store.load("t").unwrap().events;
        let requests = requests.borrow().clone();
        let summary_requests = summary_requests.borrow().clone();
        Outcome {
            end,
            events,
            requests,
            summary_requests,
        }
    }
}

/// Every tool call of the log has exactly one result.
pub fn assert_every_call_answered_once(events: &[Event]) {
    let mut calls = Vec::new();
    let mut results = std::collections::HashMap::<String, usize>::new();
    for e in events {
        match &e.kind {
            EventKind::Assistant { tool_calls, .. } => {
                calls.extend(tool_calls.iter().map(|c| c.id.clone()))
            }
            EventKind::ToolResult(r) => *results.entry(r.call_id.clone()).or_default() += 1,
            _ => {}
        }
    }
    for c in &calls {
        assert_eq!(
            results.get(c),
            Some(&1),
            "call {c} must have exactly one result"
        );
    }
    assert_eq!(results.len(), calls.len(), "no result without a call");
}

pub fn types(events: &[Event]) -> Vec<&'static str> {
    events.iter().map(|e| e.kind.type_name()).collect()
}

/// The requests as readable text, with the workspace path replaced by `<ws>`.
pub fn render_requests(requests: &[ModelRequest], ws: &Path, which: &[usize]) -> String {
    let mut out = String::new();
    for &i in which {
        let r = &requests[i];
        out.push_str(&format!(
            "=== request {} ===\n[system]\n{}\n",
            i + 1,
            r.system
        ));
        for m in &r.messages {
            let role = serde_json::to_value(m.role).unwrap();
            out.push_str(&format!("[{}", role.as_str().unwrap()));
            if let Some(id) = &m.tool_call_id {
                out.push_str(&format!(" {id}"));
            }
            out.push_str("]\n");
            if !m.content.is_empty() {
                out.push_str(&m.content);
                out.push('\n');
            }
            for c in &m.tool_calls {
                out.push_str(&format!("-> {} {} {}\n", c.id, c.name, c.arguments));
            }
        }
    }
    let out = out.replace(&ws.to_string_lossy().into_owned(), "<ws>");
    // Estimated token counts depend on the length of the temporary path: redact them.
    regex::Regex::new(r"tokens used \d+")
        .unwrap()
        .replace_all(&out, "tokens used N")
        .into_owned()
}

/// A script of `steps` shell calls (`cmd(i)`), then a reply that ends the run; with
/// `summaries`, the object form that also answers summary calls.
pub fn shell_script(steps: usize, cmd: &dyn Fn(usize) -> String, summaries: &[&str]) -> String {
    let mut turns: Vec<String> = (0..steps)
        .map(|i| {
            serde_json::json!({"text": format!("step {i}"), "tool_calls": [{"name": "shell", "arguments": {"command": cmd(i)}}]})
                .to_string()
        })
        .collect();
    turns.push(r#"{"text": "Done."}"#.into());
    let turns = format!("[{}]", turns.join(",\n"));
    if summaries.is_empty() {
        turns
    } else {
        format!(
            r#"{{"turns": {turns}, "summaries": {}}}"#,
            serde_json::to_string(summaries).unwrap()
        )
    }
}

/// Every tool call in the request has its result and every result its call, in order.
pub fn paired(r: &ModelRequest) -> bool {
    let calls: Vec<&str> = r
        .messages
        .iter()
        .flat_map(|m| m.tool_calls.iter().map(|c| c.id.as_str()))
        .collect();
    let results: Vec<&str> = r
        .messages
        .iter()
        .filter_map(|m| m.tool_call_id.as_deref())
        .collect();
    calls == results
}

/// The invariants every request of a run keeps: the task verbatim first, every call with its
/// result, the system prompt and tools byte-identical; and every masked or summarised event of
/// the log can be read back in full with the recall tool.
pub fn assert_context_invariants(out: &Outcome, task: &str) {
    use loopwright_protocol::condensation::Condensation;
    let first = &out.requests[0];
    for (i, r) in out.requests.iter().chain(&out.summary_requests).enumerate() {
        assert_eq!(r.messages[0].content, task, "request {i}: task verbatim");
        assert!(paired(r), "request {i}: every call has its result");
        assert_eq!(r.system, first.system, "request {i}: system prompt");
        assert_eq!(r.tools, first.tools, "request {i}: tools");
    }
    let items = loopwright_agent::history::history_items(&out.events);
    for e in &out.events {
        let EventKind::Condensation { record, .. } = &e.kind else {
            continue;
        };
        let ids: Vec<u64> = match record {
            Condensation::Mask { ids, .. } => ids.clone(),
            Condensation::Summary {
                first_id, last_id, ..
            } => items
                .iter()
                .map(|i| i.id)
                .filter(|id| id >= first_id && id <= last_id)
                .collect(),
        };
        assert!(!ids.is_empty());
        for id in ids {
            let call = loopwright_protocol::tool::ToolCall {
                id: "r".into(),
                name: "recall".into(),
                arguments: serde_json::json!({ "id": id }),
            };
            let got = loopwright_agent::recall::recall(&call, &out.events);
            assert_eq!(
                got.status,
                loopwright_protocol::tool::ToolStatus::Ok,
                "{}",
                got.text
            );
            let item = items.iter().find(|i| i.id == id).expect("a history item");
            assert!(
                got.text.contains(&item.message.content),
                "recall {id} holds the full text"
            );
            for c in &item.message.tool_calls {
                assert!(got.text.contains(&c.arguments.to_string()));
            }
        }
    }
}

/// Like [`render_requests`], with the system prompt (the same in every request) left out.
pub fn render_history(requests: &[ModelRequest], ws: &Path, which: &[usize]) -> String {
    let reqs: Vec<ModelRequest> = requests
        .iter()
        .map(|r| ModelRequest {
            system: "(the run's system prompt)".into(),
            ..r.clone()
        })
        .collect();
    render_requests(&reqs, ws, which)
}

/// The outcome of a resumed run.
pub struct Resumed {
    pub end: RunEnd,
    pub requests: Vec<ModelRequest>,
    pub summary_requests: Vec<ModelRequest>,
    pub events: Vec<Event>,
}

/// Reopens session `t` of `ws`, records the resume and runs it to its end.
pub fn resume(ws: &Path, script: &str, configure: impl FnOnce(&mut RunConfig)) -> Resumed {
    let store = FileSessionStore::new(&ws.join(".loop"));
    let mut log = store.open("t").unwrap();
    let repaired = log.repaired;
    log.append(EventKind::Resumed { repaired }).unwrap();
    let provider = Recording::new(script);
    let (requests, summary_requests) =
        (provider.requests.clone(), provider.summary_requests.clone());
    let mut cfg = RunConfig::new(ws.to_path_buf());
    configure(&mut cfg);
    let mut agent = Agent::new(log, cfg, Box::new(provider), Cancel::new()).unwrap();
    let end = agent.run().unwrap();
    drop(agent);
    let (requests, summary_requests) =
        (requests.borrow().clone(), summary_requests.borrow().clone());
    Resumed {
        end,
        requests,
        summary_requests,
        events: store.load("t").unwrap().events,
    }
}

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
use loopwright_store::session::SessionStore;

/// A scripted provider that records every request it gets.
pub struct Recording {
    pub inner: ScriptedProvider,
    pub requests: Rc<RefCell<Vec<ModelRequest>>>,
}

impl Provider for Recording {
    fn name(&self) -> &str {
        "scripted"
    }
    fn complete(
        &mut self,
        request: &ModelRequest,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        self.requests.borrow_mut().push(request.clone());
        self.inner.complete(request, on_event, cancel)
    }
}

pub struct Outcome {
    pub end: RunEnd,
    pub events: Vec<Event>,
    pub requests: Vec<ModelRequest>,
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
        let store = SessionStore::new(&self.ws.join(".loop"));
        let log = store
            .create("t", start("fix the bug", self.ws, self.verify))
            .unwrap();
        let requests = Rc::new(RefCell::new(Vec::new()));
        let provider = Recording {
            inner: ScriptedProvider::from_json(self.script).unwrap(),
            requests: requests.clone(),
        };
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
        Outcome {
            end,
            events,
            requests,
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

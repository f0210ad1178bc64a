//! One sub-agent: a real loop on its own thread over its own session log, and its supervisor
//! thread (the watchdog) that cancels it, asks for the salvage turn and always reports, within
//! a bound, whatever the child does.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use loopwright_model::Cancel;
use loopwright_protocol::event::{EventKind, Outcome};
use loopwright_protocol::usage::Usage;
use loopwright_store::session::FileSessionStore;

use super::watchdog::{Beat, BeatReporter, PausingApprover, Timeouts, Verdict, check};
use super::{ChildFactory, ToolList};
use crate::config::{RunConfig, RunEnd};
use crate::engine::{Agent, SALVAGED};
use crate::state::State;
use crate::tools::{Tool, ToolRegistry};

/// Everything a child thread needs.
pub(crate) struct ChildSpec {
    pub id: String,
    pub task: String,
    pub ordinal: u32,
    pub parent_id: String,
    pub call_id: String,
    pub depth: u32,
    pub cfg: RunConfig,
    pub tools: Vec<Arc<dyn Tool>>,
    /// Continue an existing log (after the parent crashed) instead of creating one.
    pub resume: bool,
}

/// What the supervisor reports about a child.
#[derive(Debug, Clone)]
pub(crate) struct Report {
    pub session: String,
    pub outcome: Option<Outcome>,
    /// The child's final message, the salvage answer, or what went wrong.
    pub answer: String,
    /// Why the watchdog stopped it, when it did.
    pub stopped: Option<String>,
    /// The answer came from the salvage turn (or from the log, when there was none).
    pub salvaged: bool,
    /// The parent was cancelled: the child was interrupted and can be resumed.
    pub interrupted: bool,
    pub usage: Usage,
    pub steps: u64,
}

struct Control {
    cancel: Cancel,
    salvage: AtomicBool,
    why: Mutex<String>,
    salvage_cancel: Cancel,
}

struct ChildMsg {
    end: Result<RunEnd, String>,
    salvage: Option<Option<String>>,
    usage: Usage,
    steps: u64,
}

/// Starts the child and its supervisor; the report arrives on the receiver, always, within
/// [`Timeouts::bound`] (the supervisor never blocks longer than one tick at a time).
pub(crate) fn launch(
    spec: ChildSpec,
    factory: Arc<dyn ChildFactory>,
    timeouts: Timeouts,
    parent_cancel: Cancel,
    on_end: Box<dyn FnOnce() + Send>,
) -> Receiver<Report> {
    let (report_tx, report_rx) = mpsc::channel();
    let ctl = Arc::new(Control {
        cancel: Cancel::new(),
        salvage: AtomicBool::new(false),
        why: Mutex::new(String::new()),
        salvage_cancel: Cancel::new(),
    });
    let beat = Beat::new(Instant::now());
    let (msg_tx, msg_rx) = mpsc::channel();
    let session = spec.id.clone();
    let state_dir = spec.cfg.state_dir.clone();
    {
        let (ctl, beat) = (Arc::clone(&ctl), beat.clone());
        let spawned = std::thread::Builder::new()
            .name(format!("subagent {session}"))
            .spawn(move || child_main(spec, factory, &ctl, beat, &msg_tx));
        if let Err(e) = spawned {
            let _ = report_tx.send(Report::failed(
                &session,
                format!("cannot start a thread: {e}"),
            ));
            on_end();
            return report_rx;
        }
    }
    let sup = Supervisor {
        session: session.clone(),
        state_dir,
        ctl,
        beat,
        timeouts,
        parent_cancel,
    };
    let spawned = std::thread::Builder::new()
        .name(format!("watchdog {session}"))
        .spawn({
            let report_tx = report_tx.clone();
            move || {
                let report = sup.watch(&msg_rx);
                // The slot is released before the report is read: a waiting parent sees it free.
                on_end();
                let _ = report_tx.send(report);
            }
        });
    if let Err(e) = spawned {
        let _ = report_tx.send(Report::failed(
            &session,
            format!("cannot start a watchdog: {e}"),
        ));
    }
    report_rx
}

impl Report {
    /// The report of a child whose supervisor vanished.
    pub(crate) fn lost(session: &str) -> Self {
        Report::failed(session, String::new())
    }

    fn failed(session: &str, why: String) -> Self {
        Report {
            session: session.to_string(),
            outcome: Some(Outcome::Error),
            answer: why,
            stopped: None,
            salvaged: false,
            interrupted: false,
            usage: Usage::default(),
            steps: 0,
        }
    }
}

fn child_main(
    spec: ChildSpec,
    factory: Arc<dyn ChildFactory>,
    ctl: &Control,
    beat: Beat,
    tx: &Sender<ChildMsg>,
) {
    let mut agent = match build(spec, factory.as_ref(), ctl, beat) {
        Ok(a) => a,
        Err(e) => {
            let _ = tx.send(ChildMsg {
                end: Err(e),
                salvage: None,
                usage: Usage::default(),
                steps: 0,
            });
            return;
        }
    };
    let end = agent.run().map_err(|e| e.to_string());
    let salvage = if ctl.salvage.load(Ordering::SeqCst) && !matches!(end, Ok(RunEnd::Done(_))) {
        let why = ctl.why.lock().map(|w| w.clone()).unwrap_or_default();
        Some(agent.salvage(&why, &ctl.salvage_cancel).ok().flatten())
    } else {
        None
    };
    let state = agent.state();
    let _ = tx.send(ChildMsg {
        end,
        salvage,
        usage: state.usage,
        steps: state.steps,
    });
}

fn build(
    spec: ChildSpec,
    factory: &dyn ChildFactory,
    ctl: &Control,
    beat: Beat,
) -> Result<Agent, String> {
    let store = FileSessionStore::new(&spec.cfg.state_dir);
    let provider = factory.provider(spec.ordinal).map_err(|e| e.to_string())?;
    let log = if spec.resume {
        let mut log = store.open(&spec.id).map_err(|e| e.to_string())?;
        let repaired = log.repaired;
        log.append(EventKind::Resumed { repaired })
            .map_err(|e| e.to_string())?;
        log
    } else {
        let start = EventKind::SessionStart {
            task: spec.task.clone(),
            workspace: spec.cfg.workspace.to_string_lossy().into_owned(),
            provider: provider.name().to_string(),
            model: provider.model().map(str::to_string),
            verify: None,
        };
        let mut log = store.create(&spec.id, start).map_err(|e| e.to_string())?;
        log.append(EventKind::ChildOf {
            parent_id: spec.parent_id.clone(),
            call_id: spec.call_id.clone(),
            depth: spec.depth,
            ordinal: spec.ordinal,
        })
        .map_err(|e| e.to_string())?;
        log
    };
    let registry =
        ToolRegistry::from_sources(&[&ToolList(spec.tools)]).map_err(|e| e.to_string())?;
    let gate = factory
        .gate(&spec.cfg.workspace)
        .map_err(|e| e.to_string())?;
    let approver = PausingApprover {
        inner: factory.approver(),
        beat: beat.clone(),
    };
    let agent = Agent::with_tools(
        Box::new(log),
        registry,
        spec.cfg,
        provider,
        ctl.cancel.clone(),
    )
    .map_err(|e| e.to_string())?
    .with_gate(gate)
    .with_approver(Box::new(approver))
    .with_reporter(Box::new(BeatReporter(beat)));
    Ok(agent)
}

struct Supervisor {
    session: String,
    state_dir: std::path::PathBuf,
    ctl: Arc<Control>,
    beat: Beat,
    timeouts: Timeouts,
    parent_cancel: Cancel,
}

const TICK: Duration = Duration::from_millis(50);

impl Supervisor {
    fn watch(&self, rx: &Receiver<ChildMsg>) -> Report {
        let mut stopped_at: Option<Instant> = None;
        let mut why: Option<String> = None;
        let mut interrupted = false;
        loop {
            match rx.recv_timeout(TICK) {
                Ok(msg) => return self.report(msg, why, interrupted),
                Err(RecvTimeoutError::Disconnected) => {
                    return self.lost(why, "its thread ended without a result");
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            let now = Instant::now();
            if let Some(at) = stopped_at {
                let since = now.saturating_duration_since(at);
                if since >= self.timeouts.stop_grace + self.timeouts.salvage {
                    self.ctl.salvage_cancel.cancel();
                }
                if since >= self.timeouts.stop_grace * 2 + self.timeouts.salvage {
                    return self.lost(why, "it did not stop after it was cancelled");
                }
                continue;
            }
            if self.parent_cancel.is_cancelled() {
                self.ctl.cancel.cancel();
                stopped_at = Some(now);
                interrupted = true;
                continue;
            }
            match check(&self.timeouts, &self.beat.clock(now)) {
                Verdict::Wait => {}
                Verdict::Extend => self.beat.set_extended(),
                Verdict::Stop(expiry) => {
                    let text = expiry.to_string();
                    if let Ok(mut w) = self.ctl.why.lock() {
                        w.clone_from(&text);
                    }
                    self.ctl.salvage.store(true, Ordering::SeqCst);
                    self.ctl.cancel.cancel();
                    stopped_at = Some(now);
                    why = Some(text);
                }
            }
        }
    }

    fn report(&self, msg: ChildMsg, why: Option<String>, interrupted: bool) -> Report {
        let mut r = Report {
            session: self.session.clone(),
            outcome: None,
            answer: String::new(),
            stopped: why.clone(),
            salvaged: false,
            interrupted: false,
            usage: msg.usage,
            steps: msg.steps,
        };
        match (msg.end, msg.salvage) {
            (Err(e), _) => {
                r.outcome = Some(Outcome::Error);
                r.answer = format!("the sub-agent could not run: {e}");
            }
            (Ok(_), Some(answer)) => {
                r.outcome = Some(Outcome::Limit);
                r.salvaged = true;
                r.answer = answer.unwrap_or_else(|| self.log_answer(why.as_deref()));
            }
            (Ok(end), None) => {
                r.interrupted = interrupted || end == RunEnd::Interrupted;
                r.outcome = outcome_of(&end);
                r.answer = match end {
                    RunEnd::Done(s) => s,
                    RunEnd::Interrupted => {
                        "the sub-agent was interrupted; resuming the parent resumes it".into()
                    }
                    RunEnd::Escalated(s)
                    | RunEnd::Limit(s)
                    | RunEnd::Error(s)
                    | RunEnd::Refused(s) => s,
                };
            }
        }
        r
    }

    /// The report of a child whose thread gave no result: what its log shows.
    fn lost(&self, why: Option<String>, what: &str) -> Report {
        let store = FileSessionStore::new(&self.state_dir);
        let state = store
            .load(&self.session)
            .map(|p| State::from_events(&p.events))
            .unwrap_or_default();
        Report {
            session: self.session.clone(),
            outcome: Some(Outcome::Limit),
            answer: format!("{what}. {}", self.log_answer(why.as_deref())),
            stopped: why,
            salvaged: true,
            interrupted: false,
            usage: state.usage,
            steps: state.steps,
        }
    }

    /// An extractive salvage answer from the child's log: its last words and its tool calls.
    fn log_answer(&self, why: Option<&str>) -> String {
        let store = FileSessionStore::new(&self.state_dir);
        let state = store
            .load(&self.session)
            .map(|p| State::from_events(&p.events))
            .unwrap_or_default();
        let said = state
            .records
            .iter()
            .rev()
            .map(|r| r.text.trim())
            .find(|t| !t.is_empty())
            .unwrap_or("(nothing)");
        let actions: Vec<String> = state
            .records
            .iter()
            .flat_map(|r| r.results.iter())
            .map(|r| format!("{} ({})", r.action, r.status.as_str()))
            .collect();
        format!(
            "{SALVAGED} stopped ({}); no salvage answer. From its log: {} step(s); tool calls: {}; last said: {}",
            why.unwrap_or("timeout"),
            state.steps,
            if actions.is_empty() {
                "none".to_string()
            } else {
                actions.join(", ")
            },
            crate::tools::clip(said, 600)
        )
    }
}

fn outcome_of(end: &RunEnd) -> Option<Outcome> {
    match end {
        RunEnd::Done(_) => Some(Outcome::Done),
        RunEnd::Escalated(_) => Some(Outcome::Escalated),
        RunEnd::Limit(_) => Some(Outcome::Limit),
        RunEnd::Error(_) => Some(Outcome::Error),
        RunEnd::Refused(_) => Some(Outcome::Refused),
        RunEnd::Interrupted => None,
    }
}

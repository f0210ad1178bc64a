//! The loop: infer, gate, run tools, observe, guard, finish — each step decided from the log.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use loopwright_protocol::event::{EventKind, Outcome};
use loopwright_protocol::tool::{ToolCall, ToolResult, ToolSpec, ToolStatus};
use loopwright_protocol::usage::Usage;
use loopwright_store::session::{INTERRUPTED_TEXT, SessionLog};

use crate::cancel::Cancel;
use crate::config::{AgentError, Reporter, RunConfig, RunEnd, Silent};
use crate::dispatch::{self, shell_output};
use crate::gate::{AllowAll, Approval, Approver, DenyAsks, Gate, Verdict};
use crate::guards;
use crate::history;
use crate::observation::{ObservationPipeline, shown_path};
use crate::provider::{Provider, ProviderError, estimate_tokens};
use crate::state::{Next, State, call_key};
use crate::stuck;
use crate::tools::{self, ToolContext, ToolOutput, Validators};

/// One agent run over an open session log.
pub struct Agent {
    log: SessionLog,
    state: State,
    cfg: RunConfig,
    provider: Box<dyn Provider>,
    gate: Box<dyn Gate>,
    approver: Box<dyn Approver>,
    reporter: Box<dyn Reporter>,
    cancel: Cancel,
    validators: Validators,
    specs: Vec<ToolSpec>,
    system: String,
    pipeline: ObservationPipeline,
    always: HashSet<String>,
    started: Instant,
    ledger_len: Option<usize>,
    ctx: ToolContext,
    context: crate::context::ContextState,
}

impl std::fmt::Debug for Agent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Agent")
            .field("session", &self.log.id())
            .field("steps", &self.state.steps)
            .finish()
    }
}

impl Agent {
    /// An agent over `log` (new or reopened), allowing every call and denying every `ask`
    /// until [`Agent::with_gate`] / [`Agent::with_approver`] say otherwise.
    pub fn new(
        log: SessionLog,
        cfg: RunConfig,
        provider: Box<dyn Provider>,
        cancel: Cancel,
    ) -> Result<Self, AgentError> {
        let specs = tools::specs();
        let validators = Validators::new(&specs).map_err(AgentError::Setup)?;
        let state = State::from_events(log.events());
        let workspace = cfg.workspace.to_string_lossy().into_owned();
        let system = history::system_prompt(&workspace, state.verify.as_deref());
        let ctx = ToolContext {
            workspace: cfg.workspace.clone(),
            spill_dir: cfg.state_dir.join("spill").join(log.id()),
            shell_timeout: cfg.shell_timeout,
            cancel: cancel.clone(),
        };
        let context = crate::context::ContextState::new(cfg.context.clone());
        Ok(Agent {
            pipeline: ObservationPipeline::new(cfg.budget),
            log,
            state,
            cfg,
            provider,
            gate: Box::new(AllowAll),
            approver: Box::new(DenyAsks),
            reporter: Box::new(Silent),
            cancel,
            validators,
            specs,
            system,
            always: HashSet::new(),
            started: Instant::now(),
            ledger_len: None,
            ctx,
            context,
        })
    }

    /// Sets the permission gate.
    pub fn with_gate(mut self, gate: Box<dyn Gate>) -> Self {
        self.gate = gate;
        self
    }

    /// Sets who answers `ask` verdicts.
    pub fn with_approver(mut self, approver: Box<dyn Approver>) -> Self {
        self.approver = approver;
        self
    }

    /// Sets the progress reporter.
    pub fn with_reporter(mut self, reporter: Box<dyn Reporter>) -> Self {
        self.reporter = reporter;
        self
    }

    /// The state folded from the log.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The session log.
    pub fn log(&self) -> &SessionLog {
        &self.log
    }

    /// The request the model would get now (what the model sees).
    pub fn request(&self) -> loopwright_protocol::message::ModelRequest {
        let mut context = self.context.clone();
        let messages = context.update(self.log.events(), &self.system, &self.specs);
        history::build_request_from(
            &self.system,
            &self.specs,
            messages,
            &self.state,
            self.cfg.max_steps,
            self.cfg.max_tokens,
        )
    }

    fn push(&mut self, kind: EventKind) -> Result<(), AgentError> {
        // `tool_start` is informational: if a crash loses it, the repair on resume still gives
        // the call an `interrupted` result, so it does not need its own fsync.
        let ev = if matches!(kind, EventKind::ToolStart { .. }) {
            self.log.append_unsynced(kind)?
        } else {
            self.log.append(kind)?
        };
        self.state.apply(ev);
        self.reporter.event(ev, &self.state);
        Ok(())
    }

    /// Runs until the run ends, a limit is reached, or it is cancelled.
    pub fn run(&mut self) -> Result<RunEnd, AgentError> {
        loop {
            if self.cancel.is_cancelled() {
                return self.interrupt("interrupted by the user (Ctrl+C)");
            }
            match self.state.next() {
                Next::Stopped(o) => return Ok(self.end_of(o)),
                Next::End(outcome, summary) => {
                    self.write_ledger();
                    self.push(EventKind::End {
                        outcome,
                        summary: summary.clone(),
                    })?;
                    return Ok(RunEnd::Done(summary));
                }
                Next::RunTool(call) => self.run_tool(&call)?,
                Next::Verify => self.verify()?,
                Next::Infer => {
                    self.write_ledger();
                    if let Some(end) = self.check_limits()? {
                        return Ok(end);
                    }
                    if let Some(end) = self.check_guards()? {
                        return Ok(end);
                    }
                    if let Some(end) = self.infer()? {
                        return Ok(end);
                    }
                }
            }
        }
    }

    fn end_of(&self, o: Outcome) -> RunEnd {
        let summary = self.log.events().iter().rev().find_map(|e| match &e.kind {
            EventKind::End { summary, .. } => Some(summary.clone()),
            _ => None,
        });
        let s = summary.unwrap_or_default();
        match o {
            Outcome::Done => RunEnd::Done(s),
            Outcome::Escalated => RunEnd::Escalated(s),
            Outcome::Limit => RunEnd::Limit(s),
            Outcome::Error => RunEnd::Error(s),
        }
    }

    /// Gives every open tool call a result, records the interruption, and returns.
    fn interrupt(&mut self, reason: &str) -> Result<RunEnd, AgentError> {
        for call in self.state.pending.clone() {
            self.push(EventKind::ToolResult(ToolResult {
                call_id: call.id.clone(),
                name: call.name.clone(),
                status: ToolStatus::Interrupted,
                content: INTERRUPTED_TEXT.to_string(),
                exit_code: None,
                spill: None,
                raw_bytes: 0,
                duration_ms: 0,
            }))?;
        }
        self.write_ledger();
        self.push(EventKind::Interrupted {
            reason: reason.to_string(),
        })?;
        Ok(RunEnd::Interrupted)
    }

    fn write_ledger(&mut self) {
        let complete = self
            .state
            .records
            .iter()
            .filter(|r| r.is_complete())
            .count();
        if self.ledger_len == Some(complete) {
            return;
        }
        let path = self
            .cfg
            .state_dir
            .join("sessions")
            .join(format!("{}.ledger.json", self.log.id()));
        // The ledger is derived from the log and rewritten whole; a failed write is retried
        // at the next step and never stops the run.
        if guards::write_ledger(&path, &self.state.task, &self.state.records[..complete]).is_ok() {
            self.ledger_len = Some(complete);
        }
    }

    fn stop(&mut self, outcome: Outcome, why: String) -> Result<RunEnd, AgentError> {
        let report = guards::handoff_report(
            self.log.id(),
            &self.state.task,
            &why,
            &self.state.records,
            &self.cfg.resume_hint,
        );
        let path = self
            .cfg
            .state_dir
            .join("sessions")
            .join(format!("{}.report.md", self.log.id()));
        let _ = loopwright_store::atomic::write_atomic(&path, report.as_bytes());
        self.write_ledger();
        self.push(EventKind::End {
            outcome,
            summary: why.clone(),
        })?;
        Ok(if outcome == Outcome::Escalated {
            RunEnd::Escalated(why)
        } else {
            RunEnd::Limit(why)
        })
    }

    fn check_limits(&mut self) -> Result<Option<RunEnd>, AgentError> {
        let s = &self.state;
        let why = if s.steps >= self.cfg.max_steps {
            Some(format!(
                "step limit reached ({} steps; raise it with --max-steps)",
                self.cfg.max_steps
            ))
        } else if let Some(max) = self.cfg.max_tokens.filter(|m| s.usage.total() >= *m) {
            Some(format!(
                "token limit reached ({} of {max} tokens)",
                s.usage.total()
            ))
        } else if let (Some(max), Some(p)) = (self.cfg.max_cost, self.cfg.prices) {
            let cost = s.usage.input_tokens as f64 * p.input / 1e6
                + s.usage.output_tokens as f64 * p.output / 1e6;
            (cost >= max).then(|| format!("cost limit reached (${cost:.4} of ${max:.4})"))
        } else {
            None
        };
        let why = why.or_else(|| {
            self.cfg
                .timeout
                .filter(|t| self.started.elapsed() >= *t)
                .map(|t| format!("run time limit reached ({} s)", t.as_secs()))
        });
        let why = why.or_else(|| {
            (s.consecutive_timeouts >= self.cfg.max_consecutive_timeouts)
                .then(|| format!("{} tool calls in a row timed out", s.consecutive_timeouts))
        });
        match why {
            Some(w) => self.stop(Outcome::Limit, w).map(Some),
            None => Ok(None),
        }
    }

    fn check_guards(&mut self) -> Result<Option<RunEnd>, AgentError> {
        let window = self.state.window();
        if window.is_empty() {
            return Ok(None);
        }
        let trip = stuck::detect(window).map(|r| ("stuck", r)).or_else(|| {
            guards::check(&self.state.task, window, &self.cfg.breaker)
                .filter(|d| d.escalate)
                .map(|d| ("breaker", d.reason))
        });
        let Some((guard, reason)) = trip else {
            return Ok(None);
        };
        if self.state.nudges == 0 {
            let text = guards::nudge_text(
                &self.state.task,
                &reason,
                &self.state.records,
                &self.cfg.breaker,
            );
            self.push(EventKind::GuardTrip {
                guard: guard.into(),
                reason,
                action: "nudge".into(),
            })?;
            self.push(EventKind::User { text })?;
            Ok(None)
        } else {
            self.push(EventKind::GuardTrip {
                guard: guard.into(),
                reason: reason.clone(),
                action: "escalate".into(),
            })?;
            self.stop(
                Outcome::Escalated,
                format!("escalated after a nudge: {reason}"),
            )
            .map(Some)
        }
    }

    fn infer(&mut self) -> Result<Option<RunEnd>, AgentError> {
        self.context
            .update(self.log.events(), &self.system, &self.specs);
        let request = self.request();
        let reporter = &mut self.reporter;
        reporter.thinking(true);
        let result = self
            .provider
            .complete(&request, &mut |ev| reporter.stream(ev), &self.cancel);
        self.reporter.thinking(false);
        let mut turn = match result {
            Ok(t) => t,
            Err(ProviderError::Cancelled) => {
                return self.interrupt("interrupted by the user (Ctrl+C)").map(Some);
            }
            Err(e) => {
                let why = format!("model call failed: {e}");
                self.push(EventKind::End {
                    outcome: Outcome::Error,
                    summary: why.clone(),
                })?;
                return Ok(Some(RunEnd::Error(why)));
            }
        };
        let usage = turn.usage.unwrap_or_else(|| Usage {
            input_tokens: 0,
            output_tokens: estimate_tokens(&turn.text),
            cached_tokens: 0,
            estimated: true,
        });
        // Tool-call ids must be unique in the session: replace empty or repeated ones.
        let mut this_turn = HashSet::new();
        for (i, c) in turn.tool_calls.iter_mut().enumerate() {
            if c.id.is_empty()
                || self.state.call_ids.contains(&c.id)
                || !this_turn.insert(c.id.clone())
            {
                c.id = format!("call_{}_{}", self.state.steps + 1, i + 1);
                this_turn.insert(c.id.clone());
            }
        }
        self.push(EventKind::Assistant {
            text: turn.text,
            tool_calls: turn.tool_calls,
            usage: Some(usage),
        })?;
        self.pipeline.begin_turn();
        Ok(None)
    }

    fn result(
        &mut self,
        call: &ToolCall,
        status: ToolStatus,
        content: String,
        started: Instant,
    ) -> Result<(), AgentError> {
        self.push(EventKind::ToolResult(ToolResult {
            call_id: call.id.clone(),
            name: call.name.clone(),
            status,
            raw_bytes: content.len() as u64,
            content,
            exit_code: None,
            spill: None,
            duration_ms: millis(started.elapsed()),
        }))
    }

    fn run_tool(&mut self, call: &ToolCall) -> Result<(), AgentError> {
        let started = Instant::now();
        if let Err(msg) = self.validators.check(call) {
            return self.result(call, ToolStatus::Invalid, msg, started);
        }
        if !matches!(call.name.as_str(), "finish" | "todo") {
            match self.gate.verdict(call, &self.cfg.workspace) {
                Verdict::Allow => {}
                Verdict::Deny(reason) => {
                    let text = format!(
                        "denied by policy: {reason}. The call was not run; reach the goal another way."
                    );
                    return self.result(call, ToolStatus::Denied, text, started);
                }
                Verdict::Ask(reason) => {
                    let key = call_key(call);
                    if !self.always.contains(&key) {
                        match self.approver.approve(call, &reason) {
                            Approval::Once => {}
                            Approval::Always => {
                                self.always.insert(key);
                            }
                            Approval::Deny => {
                                let text = format!(
                                    "not approved: {reason}. Nobody approved this call (unattended runs deny what needs approval), so it was not run; reach the goal another way."
                                );
                                return self.result(call, ToolStatus::Denied, text, started);
                            }
                        }
                    }
                }
            }
        }
        self.push(EventKind::ToolStart {
            call_id: call.id.clone(),
        })?;
        let (out, command) = self.execute(call);
        let spill_file = self.ctx.spill_dir.join(format!("{}.log", call.id));
        let ws = self.cfg.workspace.clone();
        let obs = self
            .pipeline
            .observe(&out, command.as_deref(), &spill_file, &|p| {
                shown_path(&ws, p)
            });
        self.push(EventKind::ToolResult(ToolResult {
            call_id: call.id.clone(),
            name: call.name.clone(),
            status: out.status,
            content: obs.content,
            exit_code: out.exit_code,
            spill: obs.spill,
            raw_bytes: out.total_bytes,
            duration_ms: millis(started.elapsed()),
        }))
    }

    fn execute(&mut self, call: &ToolCall) -> (ToolOutput, Option<String>) {
        let left = self
            .cfg
            .timeout
            .map(|t| t.saturating_sub(self.started.elapsed()));
        dispatch::execute(call, &self.ctx, self.state.verify.as_deref(), left)
    }

    fn verify(&mut self) -> Result<(), AgentError> {
        let Some(command) = self.state.verify.clone() else {
            return Ok(());
        };
        let spill = self
            .ctx
            .spill_dir
            .join(format!("verify-{}.log", self.state.steps));
        let out = shell_output(&command, &self.ctx, self.cfg.shell_timeout, &spill);
        if out.status == ToolStatus::Interrupted {
            return Ok(()); // the loop sees the cancel flag next and records the interruption
        }
        let passed = out.exit_code == Some(0);
        let ws = self.cfg.workspace.clone();
        self.pipeline.begin_turn();
        let obs = self
            .pipeline
            .observe(&out, Some(&command), &spill, &|p| shown_path(&ws, p));
        self.push(EventKind::Verify {
            command: command.clone(),
            exit_code: out.exit_code,
            passed,
        })?;
        if !passed {
            self.push(EventKind::User {
                text: format!(
                    "[loop] finish was not accepted: the verify command `{command}` failed.\n{}\nFix the problem, then call finish again.",
                    obs.content
                ),
            })?;
        }
        Ok(())
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

//! The loop: infer, gate, run tools, observe, guard, finish — each step decided from the log.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use loopwright_context::condense::Condensation;
use loopwright_context::prompt::Prefix;
use loopwright_protocol::event::{EventKind, InstructionsFile, Outcome, PolicyVerdict};
use loopwright_protocol::message::{AssistantTurn, ModelRequest};
use loopwright_protocol::tool::{ToolCall, ToolResult, ToolSpec, ToolStatus};
use loopwright_protocol::usage::Usage;
use loopwright_store::session::INTERRUPTED_TEXT;
use loopwright_store::spill::SpillStore;
use loopwright_store::{SessionWriter, StateDir};

mod daily;
mod limits;
mod permission;
mod salvage;
mod stop;

pub use salvage::{SALVAGE_PROMPT, SALVAGED};

use crate::config::{AgentError, Reporter, RunConfig, RunEnd, Silent};
use crate::context::ContextState;
use crate::gate::{AllowAll, Approver, DenyAsks, Gate};
use crate::history::{self, TailBudget};
use crate::instructions;
use crate::observation::{ObservationPipeline, shown_path};
use crate::state::{Next, State};
use crate::summarize::ModelSummarizer;
use crate::tools::{RunContext, ToolContext, ToolOutput, ToolRegistry, shell_output, spill_stem};
use loopwright_model::Cancel;
use loopwright_model::{Provider, ProviderError, estimate_tokens};

/// One agent run over an open session log.
pub struct Agent {
    log: Box<dyn SessionWriter>,
    state: State,
    cfg: RunConfig,
    provider: Box<dyn Provider>,
    gate: Box<dyn Gate>,
    approver: Box<dyn Approver>,
    reporter: Box<dyn Reporter>,
    cancel: Cancel,
    registry: ToolRegistry,
    specs: Vec<ToolSpec>,
    system: String,
    pipeline: ObservationPipeline,
    always: HashSet<String>,
    started: Instant,
    ledger_len: Option<usize>,
    ctx: ToolContext,
    context: ContextState,
    /// Project instructions read at this start, to store when the log has none yet.
    unstored_instructions: Option<Vec<InstructionsFile>>,
    /// The cache-waste meter (the previous request of this process).
    meter: crate::cache_meter::CacheMeter,
    /// The meter's reading of the last model call, stored after its `assistant` event.
    metered: Option<loopwright_protocol::cache::Reading>,
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
    /// An agent over `log` (new or reopened) with the built-in tools, allowing every call and
    /// denying every `ask` until [`Agent::with_gate`] / [`Agent::with_approver`] say otherwise.
    pub fn new(
        log: impl SessionWriter + 'static,
        cfg: RunConfig,
        provider: Box<dyn Provider>,
        cancel: Cancel,
    ) -> Result<Self, AgentError> {
        Self::with_tools(
            Box::new(log),
            ToolRegistry::builtin()?,
            cfg,
            provider,
            cancel,
        )
    }

    /// An agent over `log` offering the tools of `registry`.
    pub fn with_tools(
        log: Box<dyn SessionWriter>,
        registry: ToolRegistry,
        cfg: RunConfig,
        provider: Box<dyn Provider>,
        cancel: Cancel,
    ) -> Result<Self, AgentError> {
        let specs = registry.specs();
        let state = State::from_events(log.events());
        let workspace = cfg.workspace.to_string_lossy().into_owned();
        // Project instructions: those stored in the log (a resumed run keeps the same bytes),
        // else read now and stored when the run starts.
        let (files, unstored_instructions) = match instructions::from_events(log.events()) {
            Some(files) => (files, None),
            None => {
                let files = instructions::read(&cfg.workspace);
                (files.clone(), Some(files))
            }
        };
        let prefix = Prefix {
            system: history::system_prompt(&workspace, state.verify.as_deref())
                + &registry.prefix_text(),
            instructions: instructions::for_prefix(&files),
            tools: specs.clone(),
        };
        let system = prefix.system_text();
        let ctx = ToolContext {
            workspace: cfg.workspace.clone(),
            spill: SpillStore::new(StateDir::new(&cfg.state_dir).session_spill_dir(log.id())),
            shell_timeout: cfg.shell_timeout,
            cancel: cancel.clone(),
            launch: cfg.launch.clone(),
        };
        let context = ContextState::from_events(cfg.context.clone(), log.events());
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
            registry,
            specs,
            system,
            always: HashSet::new(),
            started: Instant::now(),
            ledger_len: None,
            ctx,
            context,
            unstored_instructions,
            meter: Default::default(),
            metered: None,
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
    pub fn log(&self) -> &dyn SessionWriter {
        self.log.as_ref()
    }

    /// The tools of this run.
    pub fn tools(&self) -> &ToolRegistry {
        &self.registry
    }

    /// The condenser records applied so far.
    pub fn context(&self) -> &ContextState {
        &self.context
    }

    /// The cache-waste meter's readings of this session so far, summed.
    pub fn cache_totals(&self) -> loopwright_protocol::cache::Totals {
        crate::cache_meter::totals(self.log.events())
    }

    /// The request the model would get now (what the model sees), with the condensations
    /// recorded so far; those due before the next call are decided and stored when it is made.
    pub fn request(&self) -> ModelRequest {
        let messages = self.context.view(self.log.events());
        let budget = TailBudget {
            max_steps: self.cfg.max_steps,
            max_tokens: self.cfg.max_tokens,
            max_cost: self.cfg.max_cost,
            prices: self.cfg.prices,
        };
        history::build_request_from(&self.system, &self.specs, messages, &self.state, &budget)
    }

    fn push(&mut self, kind: EventKind) -> Result<(), AgentError> {
        // `tool_start` and `permission` are informational: if a crash loses them, the repair
        // on resume still gives the call an `interrupted` result, so they need no own fsync.
        let ev = if matches!(kind, EventKind::ToolStart { .. } | EventKind::Permission(_)) {
            self.log.append_unsynced(kind)?
        } else {
            self.log.append(kind)?
        };
        self.state.apply(ev);
        self.context.apply(ev);
        self.reporter.event(ev, &self.state);
        Ok(())
    }

    /// Runs until the run ends, a limit is reached, or it is cancelled.
    pub fn run(&mut self) -> Result<RunEnd, AgentError> {
        if self.state.ended.is_none()
            && let Some(files) = self.unstored_instructions.take()
        {
            self.push(EventKind::ProjectInstructions { files })?;
        }
        if self.state.ended.is_none()
            && let Some(why) = self.ctx.launch.guard_warning.clone()
        {
            self.push(EventKind::GuardTrip {
                guard: "state-dir".into(),
                reason: format!("tools are not fully kept out of the loop's files: {why}"),
                action: "warn".into(),
            })?;
        }
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
            Outcome::Refused => RunEnd::Refused(s),
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

    /// Runs the condensers due before the next model call and stores each record (fsynced)
    /// before that call; a summary model call is made only when compaction is due. `force`
    /// compacts now whatever the size (the server said the request is too long). Returns
    /// true when a summary was stored.
    fn condense(&mut self, force: bool) -> Result<bool, AgentError> {
        // The history as the model saw it at the last call: what the summary call repeats
        // (built only when a summary is due).
        let (context, log) = (&self.context, &self.log);
        let history = || context.view(log.events());
        let mut summarizer = ModelSummarizer::new(
            self.provider.as_mut(),
            &self.cancel,
            &self.system,
            &self.specs,
            &history,
        );
        let new = self.context.propose_with(
            force,
            self.log.events(),
            &self.state,
            &self.system,
            &self.specs,
            Some(&mut summarizer),
        );
        let mut usage = summarizer.usage.take();
        drop(summarizer);
        if self.cancel.is_cancelled() {
            // Ctrl+C during the summary call: store nothing (the resumed run decides again,
            // rather than keeping a fallback summary forever); the model call sees the cancel.
            return Ok(false);
        }
        let summarised = new
            .iter()
            .any(|r| matches!(r, Condensation::Summary { .. }));
        for record in new {
            let usage = match record {
                Condensation::Summary { .. } => usage.take(),
                Condensation::Mask { .. } => None,
            };
            self.push(EventKind::Condensation { record, usage })?;
        }
        Ok(summarised)
    }

    /// One model call; a request the server finds too long for the context window is
    /// compacted (a forced summary) and sent once more.
    fn call_model(&mut self) -> Result<Result<AssistantTurn, ProviderError>, AgentError> {
        let mut compacted = false;
        loop {
            let request = self.request();
            let mut facts = stop::history_facts(self.log.events());
            facts.cache_key = Some(self.log.id().to_string());
            let reporter = &mut self.reporter;
            reporter.thinking(true);
            let result = self.provider.complete_with(
                &request,
                &facts,
                &mut |ev| reporter.stream(ev),
                &self.cancel,
            );
            self.reporter.thinking(false);
            match result {
                Err(e) if e.is_context_too_long() && !compacted && self.condense(true)? => {
                    compacted = true;
                }
                Ok(turn) => {
                    self.metered = turn
                        .usage
                        .as_ref()
                        .and_then(|u| self.meter.observe(&request, u));
                    return Ok(Ok(turn));
                }
                other => return Ok(other),
            }
        }
    }

    /// One step of the model, between a daily-budget reservation and its settlement.
    fn infer(&mut self) -> Result<Option<RunEnd>, AgentError> {
        let ticket = match self.reserve_daily()? {
            Ok(t) => t,
            Err(end) => return Ok(Some(end)),
        };
        let end = self.infer_step()?;
        let settled = self.settle_daily(ticket, end.is_some())?;
        Ok(end.or(settled))
    }

    fn infer_step(&mut self) -> Result<Option<RunEnd>, AgentError> {
        self.condense(false)?;
        if self.cancel.is_cancelled() {
            return self.interrupt("interrupted by the user (Ctrl+C)").map(Some);
        }
        let result = self.call_model()?;
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
            cache_write_tokens: 0,
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
        let stop = turn.stop_reason.take();
        let calls = !turn.tool_calls.is_empty();
        self.push(EventKind::Assistant {
            text: turn.text,
            tool_calls: turn.tool_calls,
            usage: Some(usage),
        })?;
        if let Some(reading) = self.metered.take() {
            self.push(EventKind::Cache(reading))?;
        }
        self.pipeline.begin_turn();
        match stop::after_stop(stop.as_ref(), calls) {
            None => Ok(None),
            Some(stop::AfterStop::Continue(text)) => {
                self.push(EventKind::User { text })?;
                Ok(None)
            }
            Some(stop::AfterStop::Refused(why)) => {
                self.write_ledger();
                self.push(EventKind::End {
                    outcome: Outcome::Refused,
                    summary: why.clone(),
                })?;
                Ok(Some(RunEnd::Refused(why)))
            }
        }
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
        let request = match self.registry.check(call) {
            Ok(tool) => tool.request(&call.arguments, &self.cfg.workspace),
            Err(e) => return self.result(call, ToolStatus::Invalid, e.to_string(), started),
        };
        // A tool without a request touches nothing outside the session log: never gated.
        if let Some(request) = request {
            let (record, refusal) = self.permission(call, &request);
            // What the policy asked about or denied is recorded; plain allows are the common
            // case and would only grow the log.
            if record.verdict != PolicyVerdict::Allow {
                self.push(EventKind::Permission(record))?;
            }
            if let Some(text) = refusal {
                return self.result(call, ToolStatus::Denied, text, started);
            }
        }
        self.push(EventKind::ToolStart {
            call_id: call.id.clone(),
        })?;
        let out = self.execute(call);
        for kind in self
            .registry
            .get(&call.name)
            .map(|t| t.take_events(&call.id))
            .unwrap_or_default()
        {
            self.push(kind)?;
        }
        let ws = self.cfg.workspace.clone();
        let stem = spill_stem(&call.id);
        let obs = self
            .pipeline
            .observe(out.0, &self.ctx.spill, &stem, &|p| shown_path(&ws, p));
        self.push(EventKind::ToolResult(ToolResult {
            call_id: call.id.clone(),
            name: call.name.clone(),
            status: out.1,
            content: obs.content,
            exit_code: out.2,
            spill: obs.spill,
            raw_bytes: out.3,
            duration_ms: millis(started.elapsed()),
        }))
    }

    /// Runs a checked call: the output and its status, exit code and size.
    fn execute(&mut self, call: &ToolCall) -> (ToolOutput, ToolStatus, Option<i32>, u64) {
        let run_left = self
            .cfg
            .timeout
            .map(|t| t.saturating_sub(self.started.elapsed()));
        let cx = RunContext {
            tools: &self.ctx,
            verify: self.state.verify.as_deref(),
            run_left,
            events: self.log.events(),
        };
        let out = match self.registry.get(&call.name) {
            Some(tool) => tool.run(call, &cx),
            None => ToolOutput::text(ToolStatus::Invalid, format!("unknown tool `{}`", call.name)),
        };
        let (status, exit, total) = (out.status, out.exit_code, out.total_bytes);
        (out, status, exit, total)
    }

    fn verify(&mut self) -> Result<(), AgentError> {
        let Some(command) = self.state.verify.clone() else {
            return Ok(());
        };
        let stem = format!("verify-{}", self.state.steps);
        let out = shell_output(&command, &self.ctx, self.cfg.shell_timeout, &stem);
        if out.status == ToolStatus::Interrupted {
            return Ok(()); // the loop sees the cancel flag next and records the interruption
        }
        let passed = out.exit_code == Some(0);
        let exit_code = out.exit_code;
        let ws = self.cfg.workspace.clone();
        self.pipeline.begin_turn();
        let obs = self
            .pipeline
            .observe(out, &self.ctx.spill, &stem, &|p| shown_path(&ws, p));
        self.push(EventKind::Verify {
            command: command.clone(),
            exit_code,
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

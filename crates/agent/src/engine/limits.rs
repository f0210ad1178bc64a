//! The checks made before every model call: run limits (steps, tokens, cost, time, timeouts)
//! and guards (stuck detection, compaction loops, the circuit breaker), with the nudge, the
//! hand-off report and the ledger they use.

use loopwright_protocol::event::{EventKind, Outcome};

use loopwright_store::{FileLedgerStore, StateDir};

use super::Agent;
use crate::config::{AgentError, RunEnd};
use crate::{guards, stuck};

impl Agent {
    pub(super) fn write_ledger(&mut self) {
        let complete = self
            .state
            .records
            .iter()
            .filter(|r| r.is_complete())
            .count();
        if self.ledger_len == Some(complete) {
            return;
        }
        let store = FileLedgerStore::new(StateDir::new(&self.cfg.state_dir));
        // The ledger is derived from the log and rewritten whole; a failed write is retried
        // at the next step and never stops the run.
        let records = &self.state.records[..complete];
        if guards::write_ledger(&store, self.log.id(), &self.state.task, records).is_ok() {
            self.ledger_len = Some(complete);
        }
    }

    pub(super) fn stop(&mut self, outcome: Outcome, why: String) -> Result<RunEnd, AgentError> {
        let mut report = guards::handoff_report(
            self.log.id(),
            &self.state.task,
            &why,
            &self.state.records,
            &self.cfg.resume_hint,
        );
        let cache = self.cache_totals();
        if cache.requests > 0 {
            report.push_str(&format!("\n{}\n", cache.line()));
        }
        let path = StateDir::new(&self.cfg.state_dir).report(self.log.id());
        // The report is a convenience for people; the log holds everything it says.
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

    pub(super) fn check_limits(&mut self) -> Result<Option<RunEnd>, AgentError> {
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
            let cost = p.cost(&s.usage);
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

    pub(super) fn check_guards(&mut self) -> Result<Option<RunEnd>, AgentError> {
        let window = self.state.window();
        if window.is_empty() {
            return Ok(None);
        }
        let trip = stuck::detect(window)
            .or_else(|| {
                self.context
                    .compaction_stuck(self.state.window_start)
                    .then(|| stuck::COMPACTION_REASON.to_string())
            })
            .map(|r| ("stuck", r))
            .or_else(|| {
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
}

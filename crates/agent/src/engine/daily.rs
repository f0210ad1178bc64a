//! Reserve before a model call, settle after it: the daily budget of
//! [`RunConfig::daily`](crate::RunConfig::daily).

use loopwright_model::estimate_tokens;
use loopwright_protocol::event::{EventKind, Outcome};
use loopwright_store::daily::reserve::Reservation;

use super::Agent;
use crate::config::{AgentError, RunEnd};

/// A granted reservation, settled after the call.
pub(super) struct Ticket {
    id: String,
    tokens_before: u64,
}

fn tokens(n: f64) -> String {
    format!("{n:.0}")
}

impl Agent {
    /// Reserves the estimated cost of the next call: `Ok(Ok(None))` without a daily budget,
    /// `Ok(Err(end))` when the run stopped (refused: escalated; the store failed: error).
    pub(super) fn reserve_daily(&mut self) -> Result<Result<Option<Ticket>, RunEnd>, AgentError> {
        let Some(b) = self.cfg.daily.clone() else {
            return Ok(Ok(None));
        };
        let request = self.request();
        let input = serde_json::to_string(&request).map_or(0, |t| estimate_tokens(&t));
        let amount = (input + b.output_allowance) as f64;
        match b.store.reserve(&b.pattern, amount, b.cap, b.ttl) {
            Ok(Reservation::Granted { id, .. }) => Ok(Ok(Some(Ticket {
                id,
                tokens_before: self.state.usage.total(),
            }))),
            Ok(Reservation::Denied {
                spent,
                reserved,
                cap,
            }) => {
                let reason = format!(
                    "Daily token spend for pattern \"{}\" would pass its cap: {} spent + {} reserved + {} for the next call > cap {}. Escalating to avoid cost blowup.",
                    b.pattern,
                    tokens(spent),
                    tokens(reserved),
                    tokens(amount),
                    tokens(cap)
                );
                self.push(EventKind::GuardTrip {
                    guard: "daily-budget".into(),
                    reason: reason.clone(),
                    action: "escalate".into(),
                })?;
                self.stop(Outcome::Escalated, reason).map(Err)
            }
            Err(e) => self.store_failed(format!("daily budget: {e}")).map(Err),
        }
    }

    /// Settles `ticket` with the tokens used since it was taken (the call, and a summary call
    /// made before it). A store failure ends a run that has not ended yet as an error.
    pub(super) fn settle_daily(
        &mut self,
        ticket: Option<Ticket>,
        ended: bool,
    ) -> Result<Option<RunEnd>, AgentError> {
        let (Some(t), Some(b)) = (ticket, self.cfg.daily.clone()) else {
            return Ok(None);
        };
        let actual = self.state.usage.total().saturating_sub(t.tokens_before) as f64;
        match b.store.settle(&b.pattern, &t.id, actual) {
            Ok(_) => Ok(None),
            // An ended run keeps its outcome; the reservation expires.
            Err(_) if ended => Ok(None),
            Err(e) => self.store_failed(format!("daily budget: {e}")).map(Some),
        }
    }

    fn store_failed(&mut self, why: String) -> Result<RunEnd, AgentError> {
        self.write_ledger();
        self.push(EventKind::End {
            outcome: Outcome::Error,
            summary: why.clone(),
        })?;
        Ok(RunEnd::Error(why))
    }
}

//! The daily budget of a run: a pattern's daily token cap shared by every loop of the pattern
//! (on one machine through the files, across machines through a database store). Before each
//! model call the run reserves what the call may cost; after it, it settles what it spent. A
//! refused reservation ends the run as escalated, before the call is made.

use std::time::Duration;

use loopwright_store::DailyReservations;

/// The daily budget a run reserves from (see [`crate::RunConfig::daily`]).
#[derive(Debug)]
pub struct DailyBudget {
    /// Where the day's spend and reservations are kept.
    pub store: Box<dyn DailyReservations>,
    /// The pattern id whose daily cap this is.
    pub pattern: String,
    /// The cap in tokens (before any approved extension the store adds).
    pub cap: f64,
    /// Tokens reserved for the reply on top of the request's estimate (the output limit).
    pub output_allowance: u64,
    /// How long a reservation holds if the run dies before settling it.
    pub ttl: Duration,
}

impl DailyBudget {
    /// A budget of `cap` tokens a day for `pattern` in `store`, reserving 4096 output tokens per
    /// call for 15 minutes.
    pub fn new(store: Box<dyn DailyReservations>, pattern: impl Into<String>, cap: f64) -> Self {
        DailyBudget {
            store,
            pattern: pattern.into(),
            cap,
            output_allowance: 4096,
            ttl: Duration::from_secs(15 * 60),
        }
    }
}

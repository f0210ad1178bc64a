//! The seam to a PostgreSQL store: `--ledger pg:NAME` ledgers and the daily spend kept in the
//! database of `--store URL` / `$LOOP_STORE_URL`.
//!
//! The `loop` binary passes its store; the lean `loop-context` binary hands every invocation that
//! names a store to `loop` before it reaches this seam, so it links no database code.

use loopwright_protocol::ledger::Ledger;
use loopwright_store::daily::{AttemptSpend, Recorded};
use loopwright_store::ledger_file::NewAttempt;

/// A failure of the store, in words fit for the one-line error `loop context` prints.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StoreError(pub String);

/// Today's spend of a pattern as a store recorded it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DailyRecord {
    /// What this check recorded (today's total included).
    pub recorded: Recorded,
    /// Tokens granted on top of the cap for today (`loop budget extend`).
    pub extension: f64,
}

/// What `loop context` needs from a database store.
pub trait Postgres {
    /// The ledger `pg:NAME` as the JSON text a file would hold.
    ///
    /// # Errors
    /// No store configured, an unreachable database, or no such ledger.
    fn load_ledger(&self, name: &str, store: Option<&str>) -> Result<String, StoreError>;

    /// Appends `attempt` to the ledger `pg:NAME` (created with `goal` when missing) and returns
    /// the ledger after it.
    ///
    /// # Errors
    /// As [`Postgres::load_ledger`], or a missing ledger without `goal`.
    fn append_attempt(
        &self,
        name: &str,
        store: Option<&str>,
        goal: Option<&str>,
        started_at: &str,
        attempt: &NewAttempt,
    ) -> Result<Ledger, StoreError>;

    /// Records `attempts` in today's spend of `pattern` when a database store is configured
    /// (`store`, else `$LOOP_STORE_URL`); `Ok(None)` when none is, so the files keep the spend.
    ///
    /// # Errors
    /// A bad store URL, an unreachable database or a rejected record.
    fn record_daily(
        &self,
        store: Option<&str>,
        pattern: &str,
        ledger_key: &str,
        attempts: &[AttemptSpend],
        cap: f64,
    ) -> Result<Option<DailyRecord>, StoreError>;
}

/// The prefix of a ledger kept in a database store.
const PG_PREFIX: &str = "pg:";

/// The ledger name of `--ledger pg:NAME`.
pub fn pg_ledger_name(ledger: &str) -> Option<&str> {
    ledger.strip_prefix(PG_PREFIX)
}

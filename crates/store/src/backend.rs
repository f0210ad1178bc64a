//! The storage seams: session logs, run ledgers and daily spend behind traits, so a second
//! backend (PostgreSQL) is one more implementation and nothing else. The file implementations
//! are [`FileSessionStore`](crate::session::FileSessionStore), [`FileLedgerStore`] and
//! [`DailySpend`](crate::daily::DailySpend).
//!
//! The traits are synchronous: a database backend runs its own client inside.

use std::path::PathBuf;

use loopwright_protocol::event::{Event, EventKind};

use crate::daily::reserve::{Reservation, now_ms, utc_day};
use crate::daily::{AttemptSpend, DailyError, DailySpend, Recorded};
use crate::session::{Parsed, SessionError, SessionInfo};
use crate::state_dir::StateDir;

/// An open session log that only this process appends to (held under a lock or lease).
pub trait SessionWriter: std::fmt::Debug {
    /// Session id.
    fn id(&self) -> &str;
    /// Every event, oldest first.
    fn events(&self) -> &[Event];
    /// Appends one event durably (it survives a crash once this returns).
    fn append(&mut self, kind: EventKind) -> Result<&Event, SessionError>;
    /// Appends one event whose loss in a crash is harmless; the next
    /// [`append`](Self::append) makes it durable too. Defaults to `append`.
    fn append_unsynced(&mut self, kind: EventKind) -> Result<&Event, SessionError> {
        self.append(kind)
    }
    /// Dangling tool calls given an `interrupted` result when the log was opened.
    fn repaired(&self) -> u32;
    /// Bytes of a torn last event cut off when the log was opened (0 if none, or when the
    /// backend cannot tear an event).
    fn torn_bytes(&self) -> u64 {
        0
    }
}

/// A boxed writer is a writer, so `Box<dyn SessionWriter>` (what a [`SessionStore`] opens) goes
/// wherever a concrete log does.
impl<W: SessionWriter + ?Sized> SessionWriter for Box<W> {
    fn id(&self) -> &str {
        (**self).id()
    }
    fn events(&self) -> &[Event] {
        (**self).events()
    }
    fn append(&mut self, kind: EventKind) -> Result<&Event, SessionError> {
        (**self).append(kind)
    }
    fn append_unsynced(&mut self, kind: EventKind) -> Result<&Event, SessionError> {
        (**self).append_unsynced(kind)
    }
    fn repaired(&self) -> u32 {
        (**self).repaired()
    }
    fn torn_bytes(&self) -> u64 {
        (**self).torn_bytes()
    }
}

/// Session logs keyed by id.
pub trait SessionStore: std::fmt::Debug {
    /// Creates session `id` whose first event is `start`; fails when it exists.
    fn create_session(
        &self,
        id: &str,
        start: EventKind,
    ) -> Result<Box<dyn SessionWriter>, SessionError>;
    /// Opens session `id` for appending, repairing a torn tail and dangling tool calls.
    fn open_session(&self, id: &str) -> Result<Box<dyn SessionWriter>, SessionError>;
    /// Reads session `id` without changing it.
    fn load_session(&self, id: &str) -> Result<Parsed, SessionError>;
    /// Every session, oldest first.
    fn list_sessions(&self) -> Result<Vec<SessionInfo>, SessionError>;
}

/// Errors of a [`LedgerStore`].
#[derive(Debug, thiserror::Error)]
pub enum LedgerStoreError {
    /// The ledger could not be written.
    #[error("cannot write run ledger {path}: {source}")]
    Io {
        /// The file involved.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
}

/// The run ledger of each session (derived from its log, replaced whole after each step).
pub trait LedgerStore {
    /// Replaces the run ledger of session `id` with `json` (the loop-context ledger format).
    fn save_run_ledger(&self, id: &str, json: &str) -> Result<(), LedgerStoreError>;
}

/// Run ledgers as `sessions/<id>.ledger.json` files of a state directory.
#[derive(Debug, Clone)]
pub struct FileLedgerStore {
    dir: StateDir,
}

impl FileLedgerStore {
    /// The ledgers of `dir`.
    pub fn new(dir: StateDir) -> Self {
        FileLedgerStore { dir }
    }
}

impl LedgerStore for FileLedgerStore {
    fn save_run_ledger(&self, id: &str, json: &str) -> Result<(), LedgerStoreError> {
        let path = self.dir.run_ledger(id);
        crate::atomic::write_atomic(&path, json.as_bytes())
            .map_err(|source| LedgerStoreError::Io { path, source })
    }
}

/// Daily token spend per pattern id, safe when several loops record at once.
pub trait DailySpendStore {
    /// Tokens recorded for `today` under `id`.
    fn today_total(&self, id: &str, today: &str) -> Result<f64, DailyError>;
    /// Adds the attempts of the ledger `ledger_key` not counted yet (each attempt counts
    /// once, however often it is recorded) and returns today's total.
    fn record(
        &self,
        id: &str,
        today: &str,
        ledger_key: &str,
        attempts: &[AttemptSpend],
    ) -> Result<Recorded, DailyError>;
}

impl DailySpendStore for DailySpend {
    fn today_total(&self, id: &str, today: &str) -> Result<f64, DailyError> {
        DailySpend::today_total(self, id, today)
    }

    fn record(
        &self,
        id: &str,
        today: &str,
        ledger_key: &str,
        attempts: &[AttemptSpend],
    ) -> Result<Recorded, DailyError> {
        DailySpend::record(self, id, today, ledger_key, attempts)
    }
}

/// Budget held for an action in flight (a model call of `loop run`): reserved before it under
/// the daily cap of a pattern, settled with what it spent after it. A reservation never settled
/// expires after its time to live and stops holding budget.
pub trait DailyReservations: std::fmt::Debug + Send + Sync {
    /// Reserves `amount` tokens of today's budget of `pattern` for `ttl`, if spent + reserved +
    /// `amount` stays within `cap` (plus any approved extension the store knows of).
    fn reserve(
        &self,
        pattern: &str,
        amount: f64,
        cap: f64,
        ttl: std::time::Duration,
    ) -> Result<Reservation, DailyError>;
    /// Settles reservation `id` of `pattern` with the tokens `actual` spent; true when this call
    /// settled it (settling twice adds nothing).
    fn settle(&self, pattern: &str, id: &str, actual: f64) -> Result<bool, DailyError>;
}

impl DailyReservations for DailySpend {
    fn reserve(
        &self,
        pattern: &str,
        amount: f64,
        cap: f64,
        ttl: std::time::Duration,
    ) -> Result<Reservation, DailyError> {
        let now = now_ms();
        let ttl_ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX);
        DailySpend::reserve(self, pattern, &utc_day(now), now, amount, cap, ttl_ms)
    }

    fn settle(&self, pattern: &str, id: &str, actual: f64) -> Result<bool, DailyError> {
        let now = now_ms();
        DailySpend::settle(self, pattern, &utc_day(now), now, id, actual)
    }
}

//! The storage traits of `loopwright_store::backend` over a [`PgStore`]: session logs
//! ([`SessionStore`]), run ledgers ([`LedgerStore`]) and daily spend ([`DailySpendStore`]).
//!
//! Errors keep the trait's types: a database failure is the trait's `Io` error whose path is
//! the store URL (password removed), so every message names the store.
//!
//! The daily-spend methods ignore the caller's `today`: the UTC day is the server's.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use loopwright_protocol::event::{Event, EventKind};
use loopwright_store::backend::{
    DailyReservations, DailySpendStore, LedgerStore, LedgerStoreError, SessionStore, SessionWriter,
};
use loopwright_store::daily::reserve::Reservation;
use loopwright_store::daily::{AttemptSpend, DailyError, Recorded};
use loopwright_store::session::{
    Parsed, SessionError, SessionInfo, dangling_calls, interrupted_result, summarize,
};

use crate::{PgError, PgStore};

fn io(store: &PgStore, e: PgError) -> std::io::Error {
    let _ = store;
    std::io::Error::other(e.to_string())
}

fn session_err(store: &PgStore, e: PgError) -> SessionError {
    SessionError::Io {
        path: PathBuf::from(store.display()),
        source: io(store, e),
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn check_id(id: &str) -> Result<(), SessionError> {
    let ok = !id.is_empty()
        && id.len() <= 128
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
    if ok {
        Ok(())
    } else {
        Err(SessionError::InvalidId(id.to_owned()))
    }
}

/// Session logs in the database, shared by every machine of the fleet.
#[derive(Debug, Clone)]
pub struct PgSessionStore {
    store: Arc<PgStore>,
}

impl PgSessionStore {
    /// The sessions of `store`'s fleet.
    pub fn new(store: Arc<PgStore>) -> Self {
        PgSessionStore { store }
    }

    fn events(&self, id: &str) -> Result<Vec<Event>, SessionError> {
        check_id(id)?;
        let rows = self
            .store
            .load_events(id)
            .map_err(|e| session_err(&self.store, e))?
            .ok_or_else(|| SessionError::NotFound {
                id: id.to_owned(),
                dir: PathBuf::from(self.store.display()),
            })?;
        rows.iter()
            .enumerate()
            .map(|(i, text)| {
                serde_json::from_str::<Event>(text).map_err(|e| SessionError::Corrupt {
                    path: PathBuf::from(format!("{}#{id}", self.store.display())),
                    line: i + 1,
                    message: e.to_string(),
                })
            })
            .collect()
    }
}

/// An open session log in the database. Each append is one transaction that checks its number
/// is the next one, so a second writer fails instead of interleaving.
#[derive(Debug)]
pub struct PgSessionWriter {
    store: Arc<PgStore>,
    id: String,
    events: Vec<Event>,
    repaired: u32,
}

impl SessionWriter for PgSessionWriter {
    fn id(&self) -> &str {
        &self.id
    }

    fn events(&self) -> &[Event] {
        &self.events
    }

    fn append(&mut self, kind: EventKind) -> Result<&Event, SessionError> {
        let event = Event {
            seq: self.events.last().map_or(0, |e| e.seq + 1),
            ts_ms: now_ms(),
            kind,
        };
        let text =
            serde_json::to_string(&event).map_err(|e| SessionError::Serialize(e.to_string()))?;
        let seq = i64::try_from(event.seq).unwrap_or(i64::MAX);
        self.store
            .append_event(&self.id, seq, &text)
            .map_err(|e| session_err(&self.store, e))?;
        self.events.push(event);
        Ok(&self.events[self.events.len() - 1])
    }

    fn repaired(&self) -> u32 {
        self.repaired
    }
}

impl SessionStore for PgSessionStore {
    fn create_session(
        &self,
        id: &str,
        start: EventKind,
    ) -> Result<Box<dyn SessionWriter>, SessionError> {
        check_id(id)?;
        let created = self
            .store
            .create_session(id)
            .map_err(|e| session_err(&self.store, e))?;
        if !created {
            return Err(SessionError::Exists(id.to_owned()));
        }
        let mut w = PgSessionWriter {
            store: self.store.clone(),
            id: id.to_owned(),
            events: Vec::new(),
            repaired: 0,
        };
        w.append(start)?;
        Ok(Box::new(w))
    }

    fn open_session(&self, id: &str) -> Result<Box<dyn SessionWriter>, SessionError> {
        let events = self.events(id)?;
        if events.is_empty() {
            return Err(SessionError::Empty(PathBuf::from(format!(
                "{}#{id}",
                self.store.display()
            ))));
        }
        let mut w = PgSessionWriter {
            store: self.store.clone(),
            id: id.to_owned(),
            events,
            repaired: 0,
        };
        for (call_id, name) in dangling_calls(&w.events) {
            w.append(EventKind::ToolResult(interrupted_result(call_id, name)))?;
            w.repaired += 1;
        }
        Ok(Box::new(w))
    }

    fn load_session(&self, id: &str) -> Result<Parsed, SessionError> {
        Ok(Parsed {
            events: self.events(id)?,
            valid_len: 0,
            torn_bytes: 0,
        })
    }

    fn list_sessions(&self) -> Result<Vec<SessionInfo>, SessionError> {
        let ids = self
            .store
            .list_session_ids()
            .map_err(|e| session_err(&self.store, e))?;
        let mut out = Vec::new();
        for id in ids {
            if let Ok(events) = self.events(&id) {
                out.push(summarize(&id, &events));
            }
        }
        Ok(out)
    }
}

impl LedgerStore for PgStore {
    fn save_run_ledger(&self, id: &str, json: &str) -> Result<(), LedgerStoreError> {
        let fleet = self.fleet().to_owned();
        let run = || -> Result<(), PgError> {
            let mut c = self.client()?;
            c.execute(
                "INSERT INTO loop_sessions (fleet, id, run_ledger) VALUES ($1, $2, $3)
                 ON CONFLICT (fleet, id) DO UPDATE SET run_ledger = $3",
                &[&fleet, &id, &json],
            )
            .map_err(|e| self.db(e))?;
            Ok(())
        };
        run().map_err(|e| LedgerStoreError::Io {
            path: PathBuf::from(self.display()),
            source: io(self, e),
        })
    }
}

fn daily_err(store: &PgStore, e: PgError) -> DailyError {
    DailyError::Io {
        path: PathBuf::from(store.display()),
        source: io(store, e),
    }
}

impl DailySpendStore for PgStore {
    fn today_total(&self, id: &str, _today: &str) -> Result<f64, DailyError> {
        PgStore::today_total(self, id).map_err(|e| daily_err(self, e))
    }

    fn record(
        &self,
        id: &str,
        _today: &str,
        ledger_key: &str,
        attempts: &[AttemptSpend],
    ) -> Result<Recorded, DailyError> {
        PgStore::record(self, id, ledger_key, attempts, None).map_err(|e| daily_err(self, e))
    }
}

impl DailyReservations for PgStore {
    fn reserve(
        &self,
        pattern: &str,
        amount: f64,
        cap: f64,
        ttl: std::time::Duration,
    ) -> Result<Reservation, DailyError> {
        let r = PgStore::reserve(self, pattern, amount, cap, ttl.as_secs_f64())
            .map_err(|e| daily_err(self, e))?;
        Ok(match r {
            crate::daily::Reservation::Granted { id, committed } => Reservation::Granted {
                id: id.to_string(),
                committed,
            },
            crate::daily::Reservation::Denied {
                spent,
                reserved,
                cap,
            } => Reservation::Denied {
                spent,
                reserved,
                cap,
            },
        })
    }

    fn settle(&self, pattern: &str, id: &str, actual: f64) -> Result<bool, DailyError> {
        let _ = pattern; // the id names the reservation in the fleet
        let id = id.parse::<i64>().map_err(|_| {
            daily_err(
                self,
                self.invalid(format!("reservation id {id:?} is not a database id")),
            )
        })?;
        PgStore::settle(self, id, actual).map_err(|e| daily_err(self, e))
    }
}

//! PostgreSQL backend of loopwright's stores, for fleets of loops on many machines.
//!
//! - [`PgStore::connect`]: parses a `postgres://` store URL (plus loopwright's own `fleet=` and
//!   `schema=` parameters), connects with bounded retries and applies the embedded migrations on
//!   first use.
//! - [`daily`]: the daily spend of a pattern: checks of `loop context`, reserve/settle around an
//!   action, the UTC day computed by the server, expired reservations swept, extensions.
//! - [`ledger`]: loop ledgers kept as rows (`--ledger pg:NAME`).
//! - [`session`]: session events numbered per session; [`backend`]: the store traits
//!   (`SessionStore`, `LedgerStore`, `DailySpendStore`) over them.
//! - [`select`]: which store a `--store` value means; [`session_store`] opens the session logs
//!   of a run on the database or the files.
//! - [`locks`]: the path locks of `loop worktree lock` ([`loopwright_worktree::locks::LockStore`]).
//!
//! Every row is keyed by the fleet id, so several projects share one database. The API is
//! synchronous (the `postgres` client runs its own runtime), like the file stores.

pub mod backend;
pub mod daily;
pub mod extension;
pub mod ledger;
pub mod locks;
mod migrate;
pub mod select;
pub mod session;
mod url;

use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

pub use select::{resolve, session_store};
pub use url::StoreUrl;

/// The environment variable that selects a store when `--store` is not given.
pub const STORE_ENV: &str = "LOOP_STORE_URL";
/// The environment variable naming the fleet when the URL has no `fleet=`.
pub const FLEET_ENV: &str = "LOOP_FLEET";

/// How many times a connection is tried before giving up.
const CONNECT_ATTEMPTS: u32 = 3;
/// How long one connection attempt may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one statement may run before the server cancels it.
const STATEMENT_TIMEOUT_MS: u32 = 15_000;

/// Errors of the PostgreSQL store; each names the store (its URL without the password).
#[derive(Debug, thiserror::Error)]
pub enum PgError {
    /// The store URL cannot be used.
    #[error("store {url}: {problem}")]
    BadUrl {
        /// The URL, password removed.
        url: String,
        /// What is wrong.
        problem: String,
    },
    /// The database refused, failed or could not be reached.
    #[error("store {url}: {source}")]
    Db {
        /// The URL, password removed.
        url: String,
        /// The driver's error.
        #[source]
        source: postgres::Error,
    },
    /// A value in the database or given by the caller is not valid.
    #[error("store {url}: {problem}")]
    Invalid {
        /// The URL, password removed.
        url: String,
        /// What is wrong.
        problem: String,
    },
}

/// A connection to the store of one fleet.
pub struct PgStore {
    url: StoreUrl,
    client: Mutex<postgres::Client>,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("url", &self.url.display())
            .finish_non_exhaustive()
    }
}

impl PgStore {
    /// Connects to `url` (`postgres://user:pass@host:port/db?fleet=F&schema=S`), trying
    /// [`CONNECT_ATTEMPTS`] times, and applies the migrations not applied yet.
    ///
    /// # Errors
    /// A bad URL, or the database unreachable or failing.
    pub fn connect(url: &str) -> Result<Self, PgError> {
        let url = StoreUrl::parse(url)?;
        let mut last = None;
        for attempt in 0..CONNECT_ATTEMPTS {
            if attempt > 0 {
                std::thread::sleep(Duration::from_millis(200 << attempt));
            }
            let mut config = url.config.clone();
            config.connect_timeout(CONNECT_TIMEOUT);
            match config.connect(postgres::NoTls) {
                Ok(client) => {
                    let store = PgStore {
                        url,
                        client: Mutex::new(client),
                    };
                    store.prepare()?;
                    return Ok(store);
                }
                Err(e) => last = Some(e),
            }
        }
        match last {
            Some(source) => Err(PgError::Db {
                url: url.display(),
                source,
            }),
            None => Err(url.invalid("no connection attempt was made")),
        }
    }

    /// The fleet whose rows this store reads and writes.
    pub fn fleet(&self) -> &str {
        &self.url.fleet
    }

    /// The URL without its password, for messages.
    pub fn display(&self) -> String {
        self.url.display()
    }

    fn prepare(&self) -> Result<(), PgError> {
        let mut c = self.client()?;
        c.batch_execute(&format!(
            "SET statement_timeout = {STATEMENT_TIMEOUT_MS}; SET TIME ZONE 'UTC'"
        ))
        .map_err(|e| self.db(e))?;
        migrate::apply(&mut c, self.url.schema.as_deref()).map_err(|e| self.db(e))
    }

    /// The connection (a poisoned lock is still a usable connection: every change runs in a
    /// transaction that a panic rolled back).
    pub(crate) fn client(&self) -> Result<MutexGuard<'_, postgres::Client>, PgError> {
        Ok(self.client.lock().unwrap_or_else(|p| p.into_inner()))
    }

    pub(crate) fn db(&self, source: postgres::Error) -> PgError {
        PgError::Db {
            url: self.url.display(),
            source,
        }
    }

    pub(crate) fn invalid(&self, problem: impl Into<String>) -> PgError {
        self.url.invalid(problem)
    }
}

/// A store URL for the PostgreSQL of the libpq environment (`PGHOST`, `PGPORT`, `PGUSER`,
/// `PGPASSWORD`, `PGDATABASE`, as `pg_virtualenv` exports them) using `schema`; `None` when
/// `PGHOST` is not set. Tests use it to run each in a schema of its own.
pub fn env_url(schema: &str) -> Option<String> {
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let host = var("PGHOST")?;
    let enc = |s: &str| {
        s.bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') {
                    char::from(b).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect::<String>()
    };
    let user = var("PGUSER").unwrap_or_else(|| "postgres".into());
    let auth = match var("PGPASSWORD") {
        Some(p) => format!("{}:{}", enc(&user), enc(&p)),
        None => enc(&user),
    };
    let port = var("PGPORT").unwrap_or_else(|| "5432".into());
    let db = var("PGDATABASE").unwrap_or_else(|| user.clone());
    Some(format!(
        "postgres://{auth}@{}:{port}/{}?schema={schema}",
        enc(&host),
        enc(&db)
    ))
}

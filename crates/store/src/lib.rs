//! Storage for loopwright: the only crate that writes files.
//!
//! - [`state_dir`]: [`StateDir`](state_dir::StateDir) names every path under `.loop/`.
//! - [`atomic`]: the one atomic-write implementation (temp file, fsync, rename) and OS locks.
//! - [`backend`]: session logs, run ledgers and daily spend behind traits (file backend here).
//! - [`session`]: append-only, fsynced session logs.
//! - [`ledger_file`]: loop ledgers, appended under a lock.
//! - [`daily`]: daily spend counters, updated under a lock.
//! - [`spill`]: the one spill writer (full outputs, streamed, committed or discarded).
//! - [`input`]: user-given input files read whole, bounded.
//! - [`capabilities`]: what each model server was found to accept, cached per base URL.

pub mod atomic;
pub mod backend;
pub mod capabilities;
pub mod daily;
pub mod input;
pub mod ledger_file;
pub mod paths;
pub mod process_lock;
pub mod session;
pub mod spill;
pub mod state_dir;

pub use backend::{
    DailyReservations, DailySpendStore, FileLedgerStore, LedgerStore, LedgerStoreError,
    SessionStore, SessionWriter,
};
pub use capabilities::CapabilityCache;
pub use session::FileSessionStore;
pub use state_dir::StateDir;

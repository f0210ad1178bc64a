//! Where `loop worktree lock/unlock/locks` keep their path locks: `--store URL` (or
//! `$LOOP_STORE_URL`) puts them in a PostgreSQL store, so runners on different machines exclude
//! each other; the files under `.loop-worktrees/locks/` of the repository otherwise.

use std::path::Path;

use anyhow::{Result, bail};
use loopwright_store_pg::PgStore;
use loopwright_store_pg::locks::PgLockStore;
use loopwright_worktree::{FileLockStore, LockStore};

/// The lock store of one command.
pub enum LockBackend {
    /// `.loop-worktrees/locks/` of one repository.
    Files(FileLockStore),
    /// The path locks of a fleet in the database.
    Pg(Box<PgStore>),
}

impl LockBackend {
    /// The store for a `--store` value (else `$LOOP_STORE_URL`, else the files of `root`).
    pub fn open(root: &Path, flag: Option<&str>) -> Result<Self> {
        Ok(match loopwright_store_pg::resolve(flag) {
            Some(url) => LockBackend::Pg(Box::new(PgStore::connect(&url)?)),
            None => LockBackend::Files(FileLockStore::new(root)),
        })
    }

    /// Runs `f` over the store.
    pub fn with<T>(&self, f: impl FnOnce(&dyn LockStore) -> T) -> T {
        match self {
            LockBackend::Files(s) => f(s),
            LockBackend::Pg(p) => f(&PgLockStore::new(p)),
        }
    }

    /// Refuses `--pid` on a shared store: a process id names a process on one machine only, so
    /// another machine would take the lock for free.
    pub fn check_pid(&self, pid: Option<u32>) -> Result<()> {
        if pid.is_some() && matches!(self, LockBackend::Pg(_)) {
            bail!(
                "--pid: a process id means nothing on the other machines of a --store; use --ttl so the lock expires"
            );
        }
        Ok(())
    }
}

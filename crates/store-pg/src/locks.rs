//! The path locks of `loop worktree lock` in the database, so runners on different machines
//! exclude each other: [`PgLockStore`] runs each decision in one transaction that first takes a
//! transaction-scoped advisory lock of the fleet (released by the server when the transaction
//! ends or the client dies).
//!
//! A lock tied to a process id (`--pid`) is only meaningful on the machine that took it; across
//! machines use expiring locks (`--ttl`).

use loopwright_worktree::error::Error;
use loopwright_worktree::locks::{Change, LockRecord, LockStore, LockTable, WaitRecord};

use crate::PgStore;

/// A [`LockStore`] over the `loop_path_locks` table of one fleet.
#[derive(Debug)]
pub struct PgLockStore<'a> {
    store: &'a PgStore,
}

impl<'a> PgLockStore<'a> {
    /// The path locks of `store`'s fleet.
    pub fn new(store: &'a PgStore) -> Self {
        PgLockStore { store }
    }
}

fn err(e: impl std::fmt::Display) -> Error {
    Error::Invalid(e.to_string())
}

fn read_table<C: postgres::GenericClient>(c: &mut C, fleet: &str) -> Result<LockTable, Error> {
    let rows = c
        .query(
            "SELECT kind, owner, record FROM loop_path_locks WHERE fleet = $1 ORDER BY owner",
            &[&fleet],
        )
        .map_err(err)?;
    let mut table = LockTable::default();
    for r in rows {
        let (kind, owner, record): (&str, String, &str) = (r.get(0), r.get(1), r.get(2));
        let bad = |e: serde_json::Error| Error::Corrupt(format!("{kind} record of {owner}: {e}"));
        if kind == "wait" {
            let mut w: WaitRecord = serde_json::from_str(record).map_err(bad)?;
            w.owner = owner;
            table.waits.push(w);
        } else {
            let mut l: LockRecord = serde_json::from_str(record).map_err(bad)?;
            l.owner = owner;
            table.locks.push(l);
        }
    }
    Ok(table)
}

impl LockStore for PgLockStore<'_> {
    fn read(&self) -> Result<LockTable, Error> {
        let mut c = self.store.client().map_err(err)?;
        read_table(&mut *c, self.store.fleet())
    }

    fn update(
        &self,
        decide: &mut dyn FnMut(&LockTable) -> Result<Vec<Change>, Error>,
    ) -> Result<(), Error> {
        let fleet = self.store.fleet();
        let mut c = self.store.client().map_err(err)?;
        let mut tx = c.transaction().map_err(err)?;
        tx.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended('loop_path_locks:' || $1, 0))",
            &[&fleet],
        )
        .map_err(err)?;
        let table = read_table(&mut tx, fleet)?;
        for change in decide(&table)? {
            let (kind, owner, record) = match &change {
                Change::PutLock(l) => ("lock", &l.owner, Some(serde_json::to_string(l))),
                Change::RemoveLock(o) => ("lock", o, None),
                Change::PutWait(w) => ("wait", &w.owner, Some(serde_json::to_string(w))),
                Change::RemoveWait(o) => ("wait", o, None),
            };
            match record {
                Some(json) => tx.execute(
                    "INSERT INTO loop_path_locks (fleet, kind, owner, record) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (fleet, kind, owner) DO UPDATE SET record = $4",
                    &[&fleet, &kind, owner, &json.map_err(err)?],
                ),
                None => tx.execute(
                    "DELETE FROM loop_path_locks WHERE fleet = $1 AND kind = $2 AND owner = $3",
                    &[&fleet, &kind, owner],
                ),
            }
            .map_err(err)?;
        }
        tx.commit().map_err(err)
    }
}

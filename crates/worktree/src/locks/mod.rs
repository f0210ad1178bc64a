//! Advisory path locks: one record per owner, behind the [`LockStore`] trait.
//!
//! A lock records its owner, paths, time, optional expiry, the run that took it and optionally a
//! process id: it is free once expired or once that process is gone. Deciding is pure
//! ([`plan`]); a store only has to run a decision atomically over the current table
//! ([`LockStore::update`]): the file store under an OS lock, a database in a transaction.

pub mod file;
pub mod ops;
pub mod plan;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::Error;

/// What a lock and a wait record alike: the run behind it and what ends it on its own (an
/// expiry, the end of a process). Flattened into both records: the JSON fields stay
/// `expiresAt`, `runId`, `pid`, `pidStart`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Holder {
    /// When it expires on its own, if ever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<String>,
    /// The run; another run of the same owner is refused a lock while one is held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    /// A process whose end frees the lock or removes the wait.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pid: Option<u32>,
    /// When that process started (Linux clock ticks since boot), so a recycled pid is not it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pid_start: Option<u64>,
}

/// One owner's lock, field for field the reference's lock file plus `runId` and `pid`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LockRecord {
    /// Who holds it (typically the pattern name).
    pub owner: String,
    /// The paths and globs it covers, as given.
    pub paths: Vec<String>,
    /// When it was taken (ISO 8601).
    pub locked_at: String,
    /// Its run, expiry and process.
    #[serde(flatten)]
    pub holder: Holder,
    /// Fields other tools added.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A queued `lock --wait`: who waits for whom (for deadlock detection and `locks`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WaitRecord {
    /// The waiting owner.
    pub owner: String,
    /// The paths it wants.
    pub paths: Vec<String>,
    /// The owners it waits for.
    pub waiting_on: Vec<String>,
    /// When it started waiting.
    pub requested_at: String,
    /// The waiting run, when it gives up, and the process whose end removes the wait.
    #[serde(flatten)]
    pub holder: Holder,
    /// Fields other tools added.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Every lock and wait, sorted by owner.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LockTable {
    /// Current lock records.
    pub locks: Vec<LockRecord>,
    /// Current wait records.
    pub waits: Vec<WaitRecord>,
}

impl LockTable {
    /// The lock of `owner`, if any.
    pub fn lock_of(&self, owner: &str) -> Option<&LockRecord> {
        self.locks.iter().find(|l| l.owner == owner)
    }
}

/// One change a decision makes to the table.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Write (or replace) this owner's lock.
    PutLock(LockRecord),
    /// Delete this owner's lock.
    RemoveLock(String),
    /// Write (or replace) this owner's wait.
    PutWait(WaitRecord),
    /// Delete this owner's wait.
    RemoveWait(String),
}

/// Where locks live. Implementations make [`LockStore::update`] atomic with respect to every
/// other update, across processes, and never leave the mutual exclusion held by a dead process.
pub trait LockStore {
    /// The current table (a consistent snapshot).
    fn read(&self) -> Result<LockTable, Error>;

    /// Runs `decide` over the current table while no other update can run, then applies the
    /// changes it returns; nothing is applied when it fails.
    fn update(
        &self,
        decide: &mut dyn FnMut(&LockTable) -> Result<Vec<Change>, Error>,
    ) -> Result<(), Error>;
}

/// Whether process `pid` exists (on this machine). A process we may not signal still exists.
pub fn process_alive(pid: u32) -> bool {
    let Ok(raw) = i32::try_from(pid) else {
        return false;
    };
    let Some(p) = rustix::process::Pid::from_raw(raw) else {
        return false;
    };
    match rustix::process::test_kill_process(p) {
        Ok(()) => true,
        Err(e) => e != rustix::io::Errno::SRCH,
    }
}

/// When process `pid` started, in clock ticks since boot (`/proc/<pid>/stat` field 22); `None`
/// where that cannot be read (not Linux, or no such process).
pub fn process_start(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count after the last `)`.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(19)?.parse().ok()
}

/// Whether the process recorded as (`pid`, `start`) still runs: it exists and, when both start
/// times are known, started when it was recorded (a recycled pid is another process).
pub fn process_is(pid: u32, start: Option<u64>) -> bool {
    if !process_alive(pid) {
        return false;
    }
    match (start, process_start(pid)) {
        (Some(recorded), Some(now)) => recorded == now,
        _ => true,
    }
}

/// Checks an owner name: it names a file, so letters, digits, `.`, `_`, `-` only, at most 200
/// bytes, not starting with `.` and not ending in `.wait` (which would collide with wait files).
pub fn validate_owner(owner: &str) -> Result<(), Error> {
    let also = !owner.starts_with('.') && !owner.ends_with(".wait");
    crate::manifest::check_name(owner, also, || {
        format!(
            "Invalid --owner \"{owner}\". Use only letters, digits, \".\", \"_\", \"-\" (no path separators)."
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recycled_pid_is_not_the_recorded_process() {
        let me = std::process::id();
        assert!(process_alive(me));
        let start = process_start(me);
        assert!(process_is(me, start));
        if let Some(s) = start {
            assert!(!process_is(me, Some(s + 1)));
        }
        assert!(!process_alive(0));
        assert!(!process_is(u32::MAX, None));
    }
}

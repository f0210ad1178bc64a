//! `lock`, `unlock`, `locks --sweep` over any [`LockStore`], with the real clock and process table.

use std::thread::sleep;
use std::time::{Duration, Instant};

use time::OffsetDateTime;

use super::plan::{
    LockRequest, UnlockVerdict, Verdict, decide_lock, decide_unlock, find_deadlock, lock_is_free,
    release_changes, wait_is_over,
};
use super::{
    Change, Holder, LockRecord, LockStore, WaitRecord, process_alive, process_is, process_start,
    validate_owner,
};
use crate::clock::iso;
use crate::error::Error;
use crate::manifest::validate_run_id;

/// How often a `lock --wait` looks again.
pub const POLL: Duration = Duration::from_millis(200);

fn validate(req: &LockRequest) -> Result<(), Error> {
    validate_owner(&req.owner)?;
    if req.paths.is_empty() {
        return Err(Error::Invalid(
            "--paths requires at least one path or glob.".into(),
        ));
    }
    if let Some(r) = &req.run_id {
        validate_run_id(r)?;
    }
    if let Some(pid) = req.pid.filter(|&p| p == 0 || !process_alive(p)) {
        return Err(Error::Invalid(format!("--pid {pid}: no such process")));
    }
    if req.ttl.is_some_and(|t| t.is_zero()) {
        return Err(Error::Invalid(
            "Invalid --ttl: it must be longer than 0 (a lock that expires at once protects nothing)."
                .into(),
        ));
    }
    Ok(())
}

/// Takes the lock, or queues for up to `wait` (polling every [`POLL`], failing on a deadlock).
/// A refusal is [`Error::Held`].
pub fn lock(
    store: &dyn LockStore,
    req: &LockRequest,
    root: Option<&str>,
    wait: Option<Duration>,
) -> Result<LockRecord, Error> {
    validate(req)?;
    let mut req = req.clone();
    req.pid_start = req.pid.and_then(process_start);
    let req = &req;
    let me = std::process::id();
    let started = OffsetDateTime::now_utc();
    let deadline = wait.map(|w| Instant::now() + w);
    loop {
        let now = OffsetDateTime::now_utc();
        let mut outcome: Option<Result<LockRecord, Error>> = None;
        store.update(&mut |table| {
            let (by, message) = match decide_lock(table, req, root, now, &process_is)? {
                Verdict::Granted(rec) => {
                    outcome = Some(Ok(rec.clone()));
                    return Ok(vec![
                        Change::RemoveWait(req.owner.clone()),
                        Change::PutLock(rec),
                    ]);
                }
                Verdict::Blocked { by, message } => (by, message),
            };
            let Some(deadline) = deadline else {
                outcome = Some(Err(Error::Held(format!(
                    "{message}\nUse --paths that don't overlap, or wait for the lock to clear."
                ))));
                return Ok(Vec::new());
            };
            if Instant::now() >= deadline {
                outcome = Some(Err(Error::Held(format!(
                    "Timed out waiting for lock on paths: {}\n{message}",
                    req.paths.join(", ")
                ))));
                return Ok(vec![Change::RemoveWait(req.owner.clone())]);
            }
            if let Some(cycle) = find_deadlock(&req.owner, &by, &table.waits, now, &process_is) {
                outcome = Some(Err(Error::Held(format!(
                    "Deadlock detected: {}",
                    cycle.join(" -> ")
                ))));
                return Ok(vec![Change::RemoveWait(req.owner.clone())]);
            }
            Ok(vec![Change::PutWait(WaitRecord {
                owner: req.owner.clone(),
                paths: req.paths.clone(),
                waiting_on: by,
                requested_at: iso(started),
                holder: Holder {
                    expires_at: wait.map(|w| iso(started + w)),
                    run_id: req.run_id.clone(),
                    pid: Some(me),
                    pid_start: process_start(me),
                },
                extra: Default::default(),
            })])
        })?;
        if let Some(result) = outcome {
            return result;
        }
        sleep(POLL);
    }
}

/// Releases `owner`'s lock (`Ok(false)`: it held none). Another run's lock is refused with
/// [`Error::Held`] unless `run_id` names it or `force` is set.
pub fn unlock(
    store: &dyn LockStore,
    owner: &str,
    run_id: Option<&str>,
    force: bool,
) -> Result<bool, Error> {
    validate_owner(owner)?;
    let now = OffsetDateTime::now_utc();
    let mut released = Ok(false);
    store.update(&mut |table| {
        match decide_unlock(table, owner, run_id, force, now, &process_is) {
            UnlockVerdict::Release => released = Ok(true),
            UnlockVerdict::NotHeld => released = Ok(false),
            UnlockVerdict::Refused(msg) => {
                released = Err(Error::Held(msg));
                return Ok(Vec::new());
            }
        }
        Ok(release_changes(owner))
    })?;
    released
}

/// What `locks --sweep` found (and, with `force`, removed).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SweepReport {
    /// Locks past their expiry or whose process is gone.
    pub expired: Vec<LockRecord>,
    /// Owners whose lock was removed.
    pub removed: Vec<String>,
    /// Waits past their deadline or whose process is gone.
    pub expired_waits: Vec<WaitRecord>,
    /// Owners whose wait was removed.
    pub removed_waits: Vec<String>,
}

/// Reports (and with `force` deletes) locks and waits that no longer hold. Never touches a live one.
pub fn sweep(store: &dyn LockStore, force: bool) -> Result<SweepReport, Error> {
    let now = OffsetDateTime::now_utc();
    let mut report = SweepReport::default();
    store.update(&mut |table| {
        let alive = &process_is;
        report.expired = table
            .locks
            .iter()
            .filter(|l| lock_is_free(l, now, alive))
            .cloned()
            .collect();
        report.expired_waits = table
            .waits
            .iter()
            .filter(|w| wait_is_over(w, now, alive))
            .cloned()
            .collect();
        if !force {
            return Ok(Vec::new());
        }
        report.removed = report.expired.iter().map(|l| l.owner.clone()).collect();
        report.removed_waits = report
            .expired_waits
            .iter()
            .map(|w| w.owner.clone())
            .collect();
        let mut changes: Vec<Change> = report
            .removed
            .iter()
            .cloned()
            .map(Change::RemoveLock)
            .collect();
        changes.extend(report.removed_waits.iter().cloned().map(Change::RemoveWait));
        Ok(changes)
    })?;
    Ok(report)
}

//! Pure lock decisions over a [`LockTable`]: no IO, no clock (callers pass `now` and a liveness
//! test for process ids).

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use time::OffsetDateTime;

use super::{Change, Holder, LockRecord, LockTable, WaitRecord};
use crate::clock::{iso, parse_iso};
use crate::error::Error;
use crate::overlap::LockPath;

/// Whether a recorded process (pid, start time) still runs.
pub type Alive = dyn Fn(u32, Option<u64>) -> bool;

/// What `lock` asks for.
#[derive(Debug, Clone)]
pub struct LockRequest {
    /// The owner.
    pub owner: String,
    /// The paths, trimmed, none empty.
    pub paths: Vec<String>,
    /// The run taking the lock.
    pub run_id: Option<String>,
    /// A process whose end frees the lock.
    pub pid: Option<u32>,
    /// When that process started (see [`Holder::pid_start`](super::Holder::pid_start)).
    pub pid_start: Option<u64>,
    /// Optional expiry.
    pub ttl: Option<Duration>,
}

/// The outcome of one attempt to lock.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// The lock to write.
    Granted(LockRecord),
    /// Refused: the owners in the way and the message that explains it.
    Blocked {
        /// Owners holding an overlapping path (the request's own owner for another run).
        by: Vec<String>,
        /// One line per clash, as the reference words them.
        message: String,
    },
}

/// Whether an expiry time has passed (an unreadable one counts as passed, like the reference's
/// `Date.parse` NaN comparison does not: we prefer freeing a lock nobody can interpret).
fn passed(at: Option<&str>, now: OffsetDateTime) -> bool {
    match at {
        None => false,
        Some(s) => parse_iso(s).is_none_or(|t| t <= now),
    }
}

/// A lock that no longer holds: past its expiry, or its process is gone.
pub fn lock_is_free(l: &LockRecord, now: OffsetDateTime, alive: &Alive) -> bool {
    has_ended(&l.holder, now, alive)
}

/// A wait that no longer counts: past its deadline, or its process is gone.
pub fn wait_is_over(w: &WaitRecord, now: OffsetDateTime, alive: &Alive) -> bool {
    has_ended(&w.holder, now, alive)
}

/// Past its expiry, or its process is gone.
fn has_ended(h: &Holder, now: OffsetDateTime, alive: &Alive) -> bool {
    passed(h.expires_at.as_deref(), now) || h.pid.is_some_and(|p| !alive(p, h.pid_start))
}

fn held_note(l: &LockRecord) -> String {
    let mut s = format!("locked at {}", l.locked_at);
    if let Some(e) = &l.holder.expires_at {
        s.push_str(&format!(", expires at {e}"));
    }
    if let Some(r) = &l.holder.run_id {
        s.push_str(&format!(", run \"{r}\""));
    }
    s
}

/// Decides a lock request against the table.
pub fn decide_lock(
    table: &LockTable,
    req: &LockRequest,
    root: Option<&str>,
    now: OffsetDateTime,
    alive: &Alive,
) -> Result<Verdict, Error> {
    let wanted = req
        .paths
        .iter()
        .map(|p| LockPath::parse(p, root))
        .collect::<Result<Vec<_>, _>>()?;
    let mut by = Vec::new();
    let mut lines = Vec::new();
    for other in table.locks.iter().filter(|l| !lock_is_free(l, now, alive)) {
        if other.owner == req.owner {
            let same_run =
                matches!((&other.holder.run_id, &req.run_id), (Some(a), Some(b)) if a == b);
            if !same_run {
                by.push(other.owner.clone());
                lines.push(format!(
                    "Owner \"{}\" already holds a lock on {} ({}). Another run of the same owner is refused while it is held.",
                    other.owner,
                    other.paths.join(", "),
                    held_note(other)
                ));
            }
            continue;
        }
        let theirs: Vec<Option<LockPath>> = other
            .paths
            .iter()
            .map(|p| LockPath::parse(p, root).ok())
            .collect();
        let mut clashed = false;
        for (raw, mine) in req.paths.iter().zip(&wanted) {
            // A stored path we cannot read is taken to cover everything.
            if theirs
                .iter()
                .any(|t| t.as_ref().is_none_or(|t| t.overlaps(mine)))
            {
                clashed = true;
                lines.push(format!(
                    "Path \"{raw}\" is locked by owner \"{}\" ({}).",
                    other.owner,
                    held_note(other)
                ));
            }
        }
        if clashed {
            by.push(other.owner.clone());
        }
    }
    if !by.is_empty() {
        return Ok(Verdict::Blocked {
            by,
            message: lines.join("\n"),
        });
    }
    Ok(Verdict::Granted(LockRecord {
        owner: req.owner.clone(),
        paths: req.paths.clone(),
        locked_at: iso(now),
        holder: Holder {
            expires_at: req.ttl.map(|t| iso(now + t)),
            run_id: req.run_id.clone(),
            pid: req.pid,
            pid_start: req.pid_start,
        },
        extra: Default::default(),
    }))
}

/// The cycle `owner -> ... -> owner` in the wait-for graph, if waiting on `waiting_on` closes one.
/// Waits that are over and edges of an owner to itself (another run of it) are ignored.
pub fn find_deadlock(
    owner: &str,
    waiting_on: &[String],
    waits: &[WaitRecord],
    now: OffsetDateTime,
    alive: &Alive,
) -> Option<Vec<String>> {
    let mut graph: HashMap<&str, Vec<&str>> = HashMap::new();
    for w in waits
        .iter()
        .filter(|w| w.owner != owner && !wait_is_over(w, now, alive))
    {
        let edges = graph.entry(w.owner.as_str()).or_default();
        edges.extend(
            w.waiting_on
                .iter()
                .map(String::as_str)
                .filter(|o| *o != w.owner),
        );
    }
    // Depth-first search from each owner we would wait on, back to `owner`.
    let mut stack: Vec<(Vec<&str>, &str)> = waiting_on
        .iter()
        .filter(|o| o.as_str() != owner)
        .map(|o| (vec![owner], o.as_str()))
        .collect();
    let mut seen: HashSet<&str> = HashSet::new();
    while let Some((path, node)) = stack.pop() {
        let mut path = path;
        path.push(node);
        if node == owner {
            return Some(path.into_iter().map(String::from).collect());
        }
        if !seen.insert(node) {
            continue;
        }
        for next in graph.get(node).into_iter().flatten() {
            stack.push((path.clone(), next));
        }
    }
    None
}

/// What `unlock` decides.
#[derive(Debug, Clone, PartialEq)]
pub enum UnlockVerdict {
    /// Delete the lock (and the owner's wait).
    Release,
    /// The owner held no lock (its wait, if any, is still deleted).
    NotHeld,
    /// Another run holds it: the message says which and how to release it.
    Refused(String),
}

/// Decides `unlock --owner` (with `--run-id`, `--force`).
pub fn decide_unlock(
    table: &LockTable,
    owner: &str,
    run_id: Option<&str>,
    force: bool,
    now: OffsetDateTime,
    alive: &Alive,
) -> UnlockVerdict {
    let Some(l) = table.lock_of(owner) else {
        return UnlockVerdict::NotHeld;
    };
    match &l.holder.run_id {
        Some(held) if !force && run_id != Some(held.as_str()) && !lock_is_free(l, now, alive) => {
            UnlockVerdict::Refused(format!(
                "The lock of owner \"{owner}\" is held by run \"{held}\"{}; not released (pass --run-id {held}, or --force).",
                run_id.map(|r| format!(", not \"{r}\"")).unwrap_or_default()
            ))
        }
        _ => UnlockVerdict::Release,
    }
}

/// The changes that remove `owner`'s lock and wait.
pub fn release_changes(owner: &str) -> Vec<Change> {
    vec![
        Change::RemoveLock(owner.to_string()),
        Change::RemoveWait(owner.to_string()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t0() -> OffsetDateTime {
        OffsetDateTime::from_unix_timestamp(1_783_411_200).unwrap()
    }

    fn req(owner: &str, paths: &[&str], run: Option<&str>) -> LockRequest {
        LockRequest {
            owner: owner.into(),
            paths: paths.iter().map(|s| s.to_string()).collect(),
            run_id: run.map(String::from),
            pid: None,
            pid_start: None,
            ttl: None,
        }
    }

    fn grant(table: &mut LockTable, r: &LockRequest) {
        match decide_lock(table, r, None, t0(), &|_, _| true).unwrap() {
            Verdict::Granted(l) => {
                table.locks.retain(|x| x.owner != l.owner);
                table.locks.push(l);
            }
            v => panic!("{v:?}"),
        }
    }

    #[test]
    fn overlap_blocks_other_owners_and_names_the_clash() {
        let mut t = LockTable::default();
        grant(&mut t, &req("dep", &["package.json", "src/**"], None));
        let v = decide_lock(
            &t,
            &req("ci", &["./package.json"], None),
            None,
            t0(),
            &|_, _| true,
        );
        let Verdict::Blocked { by, message } = v.unwrap() else {
            panic!()
        };
        assert_eq!(by, ["dep"]);
        assert!(
            message.starts_with("Path \"./package.json\" is locked by owner \"dep\""),
            "{message}"
        );
        assert!(matches!(
            decide_lock(&t, &req("ci", &["docs"], None), None, t0(), &|_, _| true).unwrap(),
            Verdict::Granted(_)
        ));
    }

    #[test]
    fn same_owner_other_run_is_refused_same_run_renews() {
        let mut t = LockTable::default();
        grant(&mut t, &req("dep", &["a"], Some("r1")));
        for other in [Some("r2"), None] {
            let v =
                decide_lock(&t, &req("dep", &["zzz"], other), None, t0(), &|_, _| true).unwrap();
            assert!(matches!(v, Verdict::Blocked { .. }), "{other:?}");
        }
        grant(&mut t, &req("dep", &["a", "b"], Some("r1")));
        assert_eq!(t.locks[0].paths, ["a", "b"]);
        let u = decide_unlock(&t, "dep", Some("r2"), false, t0(), &|_, _| true);
        assert!(matches!(u, UnlockVerdict::Refused(_)));
        assert_eq!(
            decide_unlock(&t, "dep", None, true, t0(), &|_, _| true),
            UnlockVerdict::Release
        );
        assert_eq!(
            decide_unlock(&t, "dep", Some("r1"), false, t0(), &|_, _| true),
            UnlockVerdict::Release
        );
        assert_eq!(
            decide_unlock(&t, "x", None, false, t0(), &|_, _| true),
            UnlockVerdict::NotHeld
        );
    }

    #[test]
    fn expired_and_dead_locks_are_free() {
        let mut t = LockTable::default();
        let mut r = req("dep", &["a"], Some("r1"));
        r.ttl = Some(Duration::from_secs(60));
        r.pid = Some(42);
        grant(&mut t, &r);
        let l = &t.locks[0];
        assert!(!lock_is_free(l, t0(), &|_, _| true));
        assert!(lock_is_free(l, t0() + Duration::from_secs(60), &|_, _| {
            true
        }));
        assert!(lock_is_free(l, t0(), &|_, _| false));
        let v = decide_lock(&t, &req("ci", &["a"], None), None, t0(), &|_, _| false).unwrap();
        assert!(matches!(v, Verdict::Granted(_)));
    }

    #[test]
    fn deadlock_cycle_is_found() {
        let w = |o: &str, on: &[&str]| WaitRecord {
            owner: o.into(),
            paths: vec!["x".into()],
            waiting_on: on.iter().map(|s| s.to_string()).collect(),
            requested_at: iso(t0()),
            holder: Holder::default(),
            extra: Default::default(),
        };
        let waits = vec![w("b", &["c"]), w("c", &["a"]), w("d", &["d"])];
        let cycle = find_deadlock("a", &["b".into()], &waits, t0(), &|_, _| true).unwrap();
        assert_eq!(cycle, ["a", "b", "c", "a"]);
        assert!(find_deadlock("a", &["d".into()], &waits, t0(), &|_, _| true).is_none());
        assert!(find_deadlock("a", &["a".into()], &waits, t0(), &|_, _| true).is_none());
    }
}

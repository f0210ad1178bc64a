//! `loop worktree`: one git worktree per loop attempt, and advisory path locks between loops.
//! Same commands, flags, files and outputs as `loop-worktree` 1.2.0 (see the README section for
//! the differences). Exit codes: 0 done, 1 error, 2 held by another owner or run.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};
use loopwright_worktree::duration::parse_duration;
use loopwright_worktree::locks::ops;
use loopwright_worktree::locks::plan::{lock_is_free, wait_is_over};
use loopwright_worktree::locks::process_is;
use loopwright_worktree::{
    CreateRequest, Entry, Error, LockRecord, LockRequest, LockStore, Repo, Status,
};

use super::worktree_store::LockBackend;
use serde_json::{Value, json};
use time::OffsetDateTime;

/// Exit code when the paths or the owner are held by another owner or another run.
pub const EXIT_HELD: u8 = 2;

/// Manage isolated git worktrees for loop attempts, and advisory path locks between loops.
///
/// Worktrees live under .loop-worktrees/, tracked in .loop-worktrees/manifest.json; locks under
/// .loop-worktrees/locks/<owner>.json. Add .loop-worktrees/ to .gitignore.
/// Exit codes: 0 done, 1 error, 2 held by another owner or run.
#[derive(Debug, Parser)]
#[command(name = "worktree", arg_required_else_help = true)]
pub struct WorktreeArgs {
    /// Repo root to operate in (default: the current directory)
    #[arg(long, global = true, value_name = "DIR")]
    root: Option<PathBuf>,
    /// Keep the path locks in a postgres:// store shared by every machine (default:
    /// $LOOP_STORE_URL, else the files under .loop-worktrees/locks)
    #[arg(long, global = true, value_name = "URL")]
    store: Option<String>,
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// git worktree add -b loop/<id> .loop-worktrees/<id> <base>, and a manifest entry
    Create {
        /// Run id: names the directory and the loop/<id> branch
        #[arg(long, value_name = "ID")]
        run_id: String,
        /// Loop pattern that owns the attempt
        #[arg(long, value_name = "P")]
        pattern: String,
        /// Branch or commit to start from
        #[arg(long, value_name = "BRANCH", default_value = "main")]
        base: String,
    },
    /// Set an entry's status in the manifest (the worktree stays)
    Mark {
        /// Run id
        #[arg(long, value_name = "ID")]
        run_id: String,
        /// active, rejected, escalated, merged or stale
        #[arg(long, value_name = "STATUS")]
        status: String,
    },
    /// Remove matching worktrees and their branches (git refuses dirty ones without --force)
    Cleanup {
        /// Statuses to sweep, comma-separated (default: rejected,escalated)
        #[arg(long, value_name = "S1,S2")]
        status: Option<String>,
        /// Only entries created at least this long ago (30s, 30m, 24h, 7d)
        #[arg(long, value_name = "DUR")]
        older_than: Option<String>,
        /// Remove worktrees with uncommitted changes too (their changes are lost)
        #[arg(long)]
        force: bool,
    },
    /// Reconcile git's worktrees with the manifest (report-only unless --force)
    Gc {
        /// Remove orphans that have no uncommitted changes
        #[arg(long)]
        force: bool,
        /// Machine-readable output
        #[arg(long)]
        json: bool,
    },
    /// List tracked worktrees
    List {
        /// Only this status
        #[arg(long, value_name = "STATUS")]
        status: Option<String>,
        /// Machine-readable output
        #[arg(long)]
        json: bool,
    },
    /// Take an advisory lock on path globs (exit 2 when another owner or run holds an overlap)
    Lock(LockArgs),
    /// Release an owner's lock
    Unlock {
        /// Lock identity
        #[arg(long, value_name = "NAME")]
        owner: String,
        /// The run that took the lock (required when it recorded one)
        #[arg(long, value_name = "ID")]
        run_id: Option<String>,
        /// Release it whichever run holds it
        #[arg(long)]
        force: bool,
    },
    /// List locks and waits; --sweep reports expired ones (--force deletes them)
    Locks {
        /// Report locks past their --ttl or whose --pid is gone
        #[arg(long)]
        sweep: bool,
        /// With --sweep: delete what it reports
        #[arg(long)]
        force: bool,
        /// Machine-readable output
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Args)]
struct LockArgs {
    /// Comma-separated path globs this owner is about to touch
    #[arg(long, value_name = "GLOB1,GLOB2")]
    paths: String,
    /// Lock identity, typically the pattern name
    #[arg(long, value_name = "NAME")]
    owner: String,
    /// Expiry (30m, 6h, 1d); omit for none
    #[arg(long, value_name = "DUR")]
    ttl: Option<String>,
    /// Wait up to this long for the paths to clear (detects deadlocks)
    #[arg(long, value_name = "DUR")]
    wait: Option<String>,
    /// The run taking the lock: another run of the same owner is refused while it is held
    #[arg(long, value_name = "ID")]
    run_id: Option<String>,
    /// A process whose end frees the lock (e.g. the loop's own pid)
    #[arg(long, value_name = "PID")]
    pid: Option<u32>,
}

/// Runs `loop worktree`.
pub fn main(cli: WorktreeArgs) -> ExitCode {
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("loop worktree: {e:#}");
            let held = e.downcast_ref::<Error>().is_some_and(Error::is_held);
            ExitCode::from(if held { EXIT_HELD } else { 1 })
        }
    }
}

fn run(cli: WorktreeArgs) -> Result<()> {
    let root = match cli.root {
        Some(r) => r,
        None => std::env::current_dir().context("cannot read the current directory")?,
    };
    let repo = Repo::new(&root);
    let store = cli.store.as_deref();
    let now = OffsetDateTime::now_utc();
    match cli.command {
        Cmd::Create {
            run_id,
            pattern,
            base,
        } => {
            let req = CreateRequest {
                run_id,
                pattern,
                base,
            };
            let e = repo.create(&req, now)?;
            println!(
                "created worktree {} on branch {} (base {})",
                e.path, e.branch, e.base_branch
            );
        }
        Cmd::Mark { run_id, status } => {
            let e = repo.mark(&run_id, status.parse()?)?;
            println!("marked {} as {}", e.id, e.status);
        }
        Cmd::Cleanup {
            status,
            older_than,
            force,
        } => cleanup(&repo, status.as_deref(), older_than.as_deref(), force, now)?,
        Cmd::Gc { force, json } => gc(&repo, force, json)?,
        Cmd::List { status, json } => list(&repo, status.as_deref(), json)?,
        Cmd::Lock(a) => lock(&root, &LockBackend::open(&root, store)?, a)?,
        Cmd::Unlock {
            owner,
            run_id,
            force,
        } => {
            let released = LockBackend::open(&root, store)?
                .with(|s| ops::unlock(s, &owner, run_id.as_deref(), force))?;
            if released {
                println!("unlocked {owner}");
            } else {
                println!("{owner} held no lock");
            }
        }
        Cmd::Locks { sweep, force, json } => {
            LockBackend::open(&root, store)?.with(|s| locks(s, sweep, force, json))?;
        }
    }
    Ok(())
}

fn parse_statuses(csv: &str) -> Result<Vec<Status>, Error> {
    csv.split(',').map(str::parse).collect()
}

fn cleanup(
    repo: &Repo,
    status: Option<&str>,
    older_than: Option<&str>,
    force: bool,
    now: OffsetDateTime,
) -> Result<()> {
    let statuses = match status {
        Some(s) => parse_statuses(s)?,
        None => Status::CLEANUP_DEFAULT.to_vec(),
    };
    let older = older_than
        .map(|d| parse_duration(d, "--older-than"))
        .transpose()?;
    let report = repo.cleanup(&statuses, older, force, now)?;
    for r in &report.removed {
        println!("removed {} ({})", r.entry.path, r.entry.status);
        if let Some(commit) = &r.branch_deleted {
            let short = commit.get(..7).unwrap_or(commit);
            println!("deleted branch {} (was {short})", r.entry.branch);
        }
        if let Some(why) = &r.branch_kept {
            println!("kept branch {}: {why}", r.entry.branch);
        }
    }
    for (e, reason) in &report.skipped {
        println!("skipped {}: {reason}", e.path);
    }
    println!(
        "cleanup: {} removed, {} skipped",
        report.removed.len(),
        report.skipped.len()
    );
    Ok(())
}

fn print_json(v: &impl serde::Serialize) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

fn gc(repo: &Repo, force: bool, as_json: bool) -> Result<()> {
    let r = repo.gc(force)?;
    if as_json {
        let skipped: Vec<Value> = r
            .skipped_orphans
            .iter()
            .map(|(p, why)| json!({ "path": p, "reason": why }))
            .collect();
        return print_json(&json!({
            "orphans": r.orphans,
            "dropped": r.dropped,
            "removedOrphans": r.removed_orphans,
            "skippedOrphans": skipped,
        }));
    }
    for o in &r.orphans {
        if r.removed_orphans.contains(o) {
            println!("removed orphan {o}");
        } else if let Some((_, why)) = r.skipped_orphans.iter().find(|(p, _)| p == o) {
            println!("orphan {o} (not removed: {why})");
        } else {
            println!("orphan {o}");
        }
    }
    for d in &r.dropped {
        println!("dropped stale manifest entry {}", d.id);
    }
    let tail = if force {
        format!(", {} removed", r.removed_orphans.len())
    } else {
        " (report-only; use --force to remove orphans)".to_string()
    };
    println!(
        "gc: {} orphan(s), {} dropped{tail}",
        r.orphans.len(),
        r.dropped.len()
    );
    Ok(())
}

fn list(repo: &Repo, status: Option<&str>, as_json: bool) -> Result<()> {
    let status: Option<Status> = status.map(str::parse).transpose()?;
    let entries: Vec<Entry> = repo.list(status)?;
    if as_json {
        return print_json(&entries);
    }
    if entries.is_empty() {
        println!("no worktrees tracked");
    }
    for e in &entries {
        println!(
            "{:<9} {}  {}  ({})",
            e.status.as_str(),
            e.id,
            e.branch,
            e.pattern
        );
    }
    Ok(())
}

fn root_text(root: &Path) -> String {
    std::fs::canonicalize(root)
        .unwrap_or_else(|_| root.to_path_buf())
        .to_string_lossy()
        .into_owned()
}

fn lock(root: &Path, backend: &LockBackend, a: LockArgs) -> Result<()> {
    backend.check_pid(a.pid)?;
    let req = LockRequest {
        owner: a.owner,
        paths: a
            .paths
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(String::from)
            .collect(),
        run_id: a.run_id,
        pid: a.pid,
        pid_start: None,
        ttl: a
            .ttl
            .as_deref()
            .map(|t| parse_duration(t, "--ttl"))
            .transpose()?,
    };
    let wait = a
        .wait
        .as_deref()
        .map(|w| parse_duration(w, "--wait"))
        .transpose()?;
    let rec = backend.with(|s| ops::lock(s, &req, Some(&root_text(root)), wait))?;
    let expiry = rec
        .holder
        .expires_at
        .as_ref()
        .map(|e| format!(" (expires {e})"))
        .unwrap_or_default();
    println!("locked {} for {}{expiry}", rec.paths.join(", "), rec.owner);
    Ok(())
}

fn with_expired(v: &impl serde::Serialize, expired: bool) -> Result<Value> {
    let mut v = serde_json::to_value(v)?;
    if let Value::Object(m) = &mut v {
        m.insert("expired".into(), Value::Bool(expired));
    }
    Ok(v)
}

fn lock_line(l: &LockRecord, expired: bool) -> String {
    let mut note = format!("locked {}", l.locked_at);
    let h = &l.holder;
    if let Some(e) = &h.expires_at {
        note.push_str(&format!(", expires {e}"));
        if expired && h.pid.is_none_or(|p| process_is(p, h.pid_start)) {
            note.push_str(" (expired)");
        }
    }
    if let Some(r) = &h.run_id {
        note.push_str(&format!(", run {r}"));
    }
    if let Some(p) = h.pid {
        let gone = if process_is(p, h.pid_start) {
            ""
        } else {
            " (gone)"
        };
        note.push_str(&format!(", pid {p}{gone}"));
    }
    format!("{}  {}  ({note})", l.owner, l.paths.join(", "))
}

fn locks(store: &dyn LockStore, sweep: bool, force: bool, as_json: bool) -> Result<()> {
    if sweep {
        return locks_sweep(store, force, as_json);
    }
    let table = store.read()?;
    let now = OffsetDateTime::now_utc();
    if as_json {
        let locks: Vec<Value> = table
            .locks
            .iter()
            .map(|l| with_expired(l, lock_is_free(l, now, &process_is)))
            .collect::<Result<_>>()?;
        let waits: Vec<Value> = table
            .waits
            .iter()
            .map(|w| with_expired(w, wait_is_over(w, now, &process_is)))
            .collect::<Result<_>>()?;
        return print_json(&json!({ "locks": locks, "waits": waits }));
    }
    if table.locks.is_empty() && table.waits.is_empty() {
        println!("no active locks or waits");
    }
    for l in &table.locks {
        println!("{}", lock_line(l, lock_is_free(l, now, &process_is)));
    }
    for w in &table.waits {
        let mut note = format!("requested {}", w.requested_at);
        if let Some(e) = &w.holder.expires_at {
            note.push_str(&format!(", wait expires {e}"));
            if wait_is_over(w, now, &process_is) {
                note.push_str(" (expired)");
            }
        }
        println!(
            "{}  [WAITING ON: {}]  {}  ({note})",
            w.owner,
            w.waiting_on.join(", "),
            w.paths.join(", ")
        );
    }
    Ok(())
}

fn locks_sweep(store: &dyn LockStore, force: bool, as_json: bool) -> Result<()> {
    let r = ops::sweep(store, force)?;
    if as_json {
        return print_json(&json!({
            "expired": r.expired,
            "removed": r.removed,
            "expiredWaits": r.expired_waits,
            "removedWaits": r.removed_waits,
        }));
    }
    for l in &r.expired {
        let verb = if r.removed.contains(&l.owner) {
            "removed expired"
        } else {
            "expired"
        };
        println!("{verb} lock {}", l.owner);
    }
    for w in &r.expired_waits {
        let verb = if r.removed_waits.contains(&w.owner) {
            "removed expired"
        } else {
            "expired"
        };
        println!("{verb} wait {}", w.owner);
    }
    let tail = if force {
        format!(", {} removed", r.removed.len() + r.removed_waits.len())
    } else {
        " (report-only; use --force to remove)".to_string()
    };
    println!(
        "locks --sweep: {} lock(s), {} wait(s) expired{tail}",
        r.expired.len(),
        r.expired_waits.len()
    );
    Ok(())
}

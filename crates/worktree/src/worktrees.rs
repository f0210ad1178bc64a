//! The manifest operations: `create`, `mark`, `cleanup`, `gc`, `list`. Every change runs under an
//! OS lock on `.loop-worktrees/.manifest.json.lock`, held across the git commands it makes, and
//! ends with an atomic replace of the manifest, so concurrent processes lose nothing and a `gc`
//! never sees a half-made worktree.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::Duration;

use loopwright_store::atomic::{lock_path_for, write_atomic};
use time::OffsetDateTime;

use crate::clock::{iso, parse_iso};
use crate::error::Error;
use crate::git::{assert_repo, branch_commit, git, is_dirty, worktree_list};
use crate::manifest::{Entry, MANIFEST_DIR, MANIFEST_FILE, Manifest, Status, validate_run_id};
use crate::oslock::{MANIFEST_LOCK_BOUND, lock_bounded};

/// What `create` asks for.
#[derive(Debug, Clone)]
pub struct CreateRequest {
    /// The run id (names the directory and the `loop/<id>` branch).
    pub run_id: String,
    /// The loop pattern.
    pub pattern: String,
    /// The branch or commit to start from.
    pub base: String,
}

/// A worktree `cleanup` removed.
#[derive(Debug, Clone, PartialEq)]
pub struct Removed {
    /// Its manifest entry.
    pub entry: Entry,
    /// The commit its branch pointed at when the branch was deleted.
    pub branch_deleted: Option<String>,
    /// Why the branch was kept, if it was.
    pub branch_kept: Option<String>,
}

/// What `cleanup` did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CleanupReport {
    /// Removed worktrees.
    pub removed: Vec<Removed>,
    /// Entries left alone, with the reason (git's refusal for a dirty worktree).
    pub skipped: Vec<(Entry, String)>,
}

/// What `gc` found and did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GcReport {
    /// Worktrees under `.loop-worktrees/` that the manifest does not track.
    pub orphans: Vec<String>,
    /// Manifest entries whose directory is gone (dropped from the manifest).
    pub dropped: Vec<Entry>,
    /// Orphans removed (with `force`).
    pub removed_orphans: Vec<String>,
    /// Orphans `force` did not remove, with the reason (uncommitted changes, git's refusal).
    pub skipped_orphans: Vec<(String, String)>,
}

/// The worktrees of one repository root.
#[derive(Debug, Clone)]
pub struct Repo {
    root: PathBuf,
}

impl Repo {
    /// The repository whose root (where `.loop-worktrees/` lives) is `root`.
    pub fn new(root: impl Into<PathBuf>) -> Repo {
        Repo { root: root.into() }
    }

    /// The root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    fn manifest_path(&self) -> PathBuf {
        self.root.join(MANIFEST_FILE)
    }

    /// The manifest as it is now (empty when there is none).
    pub fn read_manifest(&self) -> Result<Manifest, Error> {
        let path = self.manifest_path();
        match fs::read_to_string(&path) {
            Ok(text) => Manifest::parse(&text),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(Manifest::default()),
            Err(e) => Err(Error::io(path, e)),
        }
    }

    /// Runs `f` on the manifest under the manifest lock; writes it back if `f` says it changed.
    fn with_manifest<T>(
        &self,
        f: impl FnOnce(&mut Manifest) -> Result<(T, bool), Error>,
    ) -> Result<T, Error> {
        let dir = self.root.join(MANIFEST_DIR);
        fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
        let path = self.manifest_path();
        let _held = lock_bounded(
            &lock_path_for(&path),
            "the manifest lock .loop-worktrees/.manifest.json.lock",
            MANIFEST_LOCK_BOUND,
        )?;
        let mut manifest = self.read_manifest()?;
        let (out, changed) = f(&mut manifest)?;
        if changed {
            write_atomic(&path, manifest.to_text().as_bytes()).map_err(|e| Error::io(&path, e))?;
        }
        Ok(out)
    }

    /// `git worktree add -b loop/<id> .loop-worktrees/<id> <base>` and a manifest entry.
    pub fn create(&self, req: &CreateRequest, now: OffsetDateTime) -> Result<Entry, Error> {
        validate_run_id(&req.run_id)?;
        if req.pattern.trim().is_empty() || req.pattern.len() > 200 {
            return Err(Error::Invalid(
                "--pattern must be a non-empty name of at most 200 bytes.".into(),
            ));
        }
        assert_repo(&self.root)?;
        self.with_manifest(|m| {
            let rel = format!("{MANIFEST_DIR}/{}", req.run_id);
            let branch = format!("loop/{}", req.run_id);
            if let Some(old) = m.get(&req.run_id) {
                if old.status == Status::Active {
                    return Err(Error::Invalid(format!(
                        "Run id \"{}\" already has an active worktree at {}.",
                        req.run_id, old.path
                    )));
                }
                if self.root.join(&old.path).exists() {
                    return Err(Error::Invalid(format!(
                        "Run id \"{}\" already has a {} worktree at {}; run cleanup first (or choose another --run-id).",
                        req.run_id, old.status, old.path
                    )));
                }
            }
            if branch_commit(&self.root, &branch).is_some() {
                return Err(Error::Invalid(format!(
                    "Branch {branch} already exists (from an earlier attempt?); delete it with `git branch -D {branch}` or choose another --run-id."
                )));
            }
            if self.root.join(&rel).exists() {
                return Err(Error::Invalid(format!(
                    "{rel} already exists and is not tracked; run gc, or choose another --run-id."
                )));
            }
            let commit = git(
                &self.root,
                &["rev-parse", "--verify", "--quiet", &format!("{}^{{commit}}", req.base)],
            )
            .map_err(|_| {
                Error::Invalid(format!(
                    "--base \"{}\" is not a branch or commit of this repository.",
                    req.base
                ))
            })?;
            git(&self.root, &["worktree", "add", "-b", &branch, &rel, &req.base])?;
            let entry = Entry {
                id: req.run_id.clone(),
                path: rel,
                branch,
                base_branch: req.base.clone(),
                pattern: req.pattern.clone(),
                created_at: iso(now),
                status: Status::Active,
                base_commit: Some(commit),
                extra: Default::default(),
            };
            m.worktrees.retain(|w| w.id != req.run_id);
            m.worktrees.push(entry.clone());
            Ok((entry, true))
        })
    }

    /// Sets an entry's status (the manifest only; the worktree stays).
    pub fn mark(&self, run_id: &str, status: Status) -> Result<Entry, Error> {
        self.with_manifest(|m| {
            let entry = m
                .worktrees
                .iter_mut()
                .find(|w| w.id == run_id)
                .ok_or_else(|| {
                    Error::Invalid(format!(
                        "No worktree with run id \"{run_id}\" in {MANIFEST_FILE}."
                    ))
                })?;
            entry.status = status;
            Ok((entry.clone(), true))
        })
    }

    /// The tracked entries, optionally of one status.
    pub fn list(&self, status: Option<Status>) -> Result<Vec<Entry>, Error> {
        let m = self.read_manifest()?;
        Ok(m.worktrees
            .into_iter()
            .filter(|w| status.is_none_or(|s| w.status == s))
            .collect())
    }

    /// Removes one entry's worktree (git refuses a dirty one unless `force`) and its branch.
    fn remove_entry(&self, entry: &Entry, force: bool) -> Result<Removed, String> {
        if self.root.join(&entry.path).exists() {
            let mut args = vec!["worktree", "remove", entry.path.as_str()];
            if force {
                args.push("--force");
            }
            git(&self.root, &args).map_err(|e| e.to_string())?;
        } else {
            // Removed by hand: drop git's record of it so the branch can go.
            let _ = git(&self.root, &["worktree", "prune"]);
        }
        let mut removed = Removed {
            entry: entry.clone(),
            branch_deleted: None,
            branch_kept: None,
        };
        if let Some(commit) = branch_commit(&self.root, &entry.branch) {
            match git(&self.root, &["branch", "-D", &entry.branch]) {
                Ok(_) => removed.branch_deleted = Some(commit),
                Err(e) => removed.branch_kept = Some(e.to_string()),
            }
        }
        Ok(removed)
    }

    /// Removes the worktrees (and branches) of entries with one of `statuses`, created at least
    /// `older_than` ago.
    pub fn cleanup(
        &self,
        statuses: &[Status],
        older_than: Option<Duration>,
        force: bool,
        now: OffsetDateTime,
    ) -> Result<CleanupReport, Error> {
        assert_repo(&self.root)?;
        let cutoff = older_than.map(|d| now - d);
        self.with_manifest(|m| {
            let mut report = CleanupReport::default();
            for entry in m.worktrees.iter().filter(|w| statuses.contains(&w.status)) {
                if let Some(cutoff) = cutoff {
                    match parse_iso(&entry.created_at) {
                        Some(t) if t > cutoff => continue,
                        Some(_) => {}
                        None => {
                            report.skipped.push((
                                entry.clone(),
                                format!("createdAt \"{}\" is not a timestamp", entry.created_at),
                            ));
                            continue;
                        }
                    }
                }
                match self.remove_entry(entry, force) {
                    Ok(r) => report.removed.push(r),
                    Err(reason) => report.skipped.push((entry.clone(), reason)),
                }
            }
            let gone: Vec<&str> = report.removed.iter().map(|r| r.entry.id.as_str()).collect();
            m.worktrees.retain(|w| !gone.contains(&w.id.as_str()));
            let changed = !report.removed.is_empty();
            Ok((report, changed))
        })
    }

    /// Removes one tracked worktree whatever its status (the sub-agent API); `Err` names why not.
    pub fn discard(&self, run_id: &str, force: bool) -> Result<Removed, Error> {
        self.with_manifest(|m| {
            let entry = m.get(run_id).cloned().ok_or_else(|| {
                Error::Invalid(format!(
                    "No worktree with run id \"{run_id}\" in {MANIFEST_FILE}."
                ))
            })?;
            let removed = self.remove_entry(&entry, force).map_err(Error::Invalid)?;
            m.worktrees.retain(|w| w.id != run_id);
            Ok((removed, true))
        })
    }

    /// Reconciles git's worktrees with the manifest; see [`GcReport`]. Directories removed by
    /// hand are dropped (and git's record of them pruned); with `force`, clean orphans are
    /// removed, and an orphan with uncommitted or untracked changes is never removed.
    pub fn gc(&self, force: bool) -> Result<GcReport, Error> {
        assert_repo(&self.root)?;
        let root_real = fs::canonicalize(&self.root).map_err(|e| Error::io(&self.root, e))?;
        self.with_manifest(|m| {
            let mut on_disk = Vec::new();
            let mut missing = false;
            for wt in worktree_list(&self.root)? {
                match fs::canonicalize(&wt.path) {
                    Ok(real) => on_disk.push(relative(&root_real, &real)),
                    Err(_) => missing = true,
                }
            }
            let tracked: Vec<&str> = m.worktrees.iter().map(|w| w.path.as_str()).collect();
            let mut report = GcReport {
                orphans: on_disk
                    .iter()
                    .filter(|p| p.starts_with(&format!("{MANIFEST_DIR}/")))
                    .filter(|p| !tracked.contains(&p.as_str()))
                    .cloned()
                    .collect(),
                dropped: m
                    .worktrees
                    .iter()
                    .filter(|w| !on_disk.contains(&w.path))
                    .cloned()
                    .collect(),
                ..GcReport::default()
            };
            if force {
                for orphan in &report.orphans {
                    match self.remove_orphan(orphan) {
                        Ok(()) => report.removed_orphans.push(orphan.clone()),
                        Err(reason) => report.skipped_orphans.push((orphan.clone(), reason)),
                    }
                }
            }
            if missing {
                let _ = git(&self.root, &["worktree", "prune"]);
            }
            let dropped: Vec<&str> = report.dropped.iter().map(|e| e.id.as_str()).collect();
            m.worktrees.retain(|w| !dropped.contains(&w.id.as_str()));
            let changed = !report.dropped.is_empty();
            Ok((report, changed))
        })
    }

    fn remove_orphan(&self, orphan: &str) -> Result<(), String> {
        match is_dirty(&self.root.join(orphan)) {
            Ok(false) => {}
            Ok(true) => {
                return Err(format!(
                    "has uncommitted or untracked changes; kept (`git worktree remove --force {orphan}` discards them)"
                ));
            }
            Err(e) => return Err(e.to_string()),
        }
        git(&self.root, &["worktree", "remove", orphan])
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// `path` relative to `root`, with `/` separators (absolute when it is not under `root`).
fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

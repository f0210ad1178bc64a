//! The library side of `spawn_agent` with `isolation: worktree`: a child gets its own worktree
//! (tracked in the same manifest as `loop worktree create`), the parent reads back everything the
//! child changed as one diff, then discards the worktree and its branch.

use std::fs;
use std::path::{Path, PathBuf};

use time::OffsetDateTime;

use crate::error::Error;
use crate::git::{git, git_env};
use crate::manifest::{Entry, Status};
use crate::worktrees::{CreateRequest, Removed, Repo};

/// A child's worktree.
#[derive(Debug, Clone)]
pub struct ChildWorktree {
    repo: Repo,
    entry: Entry,
}

impl ChildWorktree {
    /// Creates `.loop-worktrees/<run_id>` on branch `loop/<run_id>` from `base` (use `HEAD` for
    /// the parent's current commit; uncommitted changes of the parent are not in it).
    pub fn create(
        root: &Path,
        run_id: &str,
        pattern: &str,
        base: &str,
        now: OffsetDateTime,
    ) -> Result<ChildWorktree, Error> {
        let repo = Repo::new(root);
        let entry = repo.create(
            &CreateRequest {
                run_id: run_id.to_string(),
                pattern: pattern.to_string(),
                base: base.to_string(),
            },
            now,
        )?;
        Ok(ChildWorktree { repo, entry })
    }

    /// The manifest entry.
    pub fn entry(&self) -> &Entry {
        &self.entry
    }

    /// The worktree's directory (the child's working directory).
    pub fn path(&self) -> PathBuf {
        self.repo.root().join(&self.entry.path)
    }

    /// Everything the child changed since the worktree was made — commits, staged and unstaged
    /// edits and new files (ignored files aside) — as one `git diff --binary` patch. The child's
    /// own index is not touched (a temporary index is used).
    pub fn diff(&self) -> Result<String, Error> {
        let dir = self.path();
        let base = self
            .entry
            .base_commit
            .clone()
            .unwrap_or_else(|| self.entry.base_branch.clone());
        let index_rel = git(&dir, &["rev-parse", "--git-path", "loop-diff-index"])?;
        let index = if Path::new(&index_rel).is_absolute() {
            PathBuf::from(index_rel)
        } else {
            dir.join(index_rel)
        };
        let env = [("GIT_INDEX_FILE", index.as_path())];
        let result = git_env(&dir, &["read-tree", "HEAD"], &env)
            .and_then(|_| git_env(&dir, &["add", "-A"], &env))
            .and_then(|_| git_env(&dir, &["diff", "--cached", "--binary", &base], &env));
        let _ = fs::remove_file(&index);
        result.map(|mut d| {
            if !d.is_empty() {
                d.push('\n');
            }
            d
        })
    }

    /// Sets the child's status in the manifest (e.g. `merged` or `rejected`).
    pub fn mark(&mut self, status: Status) -> Result<(), Error> {
        self.entry = self.repo.mark(&self.entry.id, status)?;
        Ok(())
    }

    /// Removes the worktree and its branch. Without `force`, git refuses a worktree with
    /// uncommitted changes (read [`ChildWorktree::diff`] first).
    pub fn discard(self, force: bool) -> Result<Removed, Error> {
        self.repo.discard(&self.entry.id, force)
    }
}

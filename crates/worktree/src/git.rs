//! The git commands this crate runs (`git -C <dir> ...`), with git's own message on failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::Error;

/// Runs git in `dir` and returns its stdout with trailing whitespace trimmed.
pub fn git(dir: &Path, args: &[&str]) -> Result<String, Error> {
    git_env(dir, args, &[])
}

/// [`git`] with extra environment variables.
pub fn git_env(dir: &Path, args: &[&str], env: &[(&str, &Path)]) -> Result<String, Error> {
    let mut cmd = Command::new("git");
    cmd.arg("-C")
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .env("GIT_TERMINAL_PROMPT", "0");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().map_err(|e| Error::Git {
        args: args.join(" "),
        detail: format!("cannot run git: {e}"),
    })?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr).trim().to_string();
        return Err(Error::Git {
            args: args.join(" "),
            detail: if stderr.is_empty() {
                format!("exit status {}", out.status)
            } else {
                stderr
            },
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim_end().to_string())
}

/// Fails with [`Error::NotARepo`] unless `root` is inside a git work tree.
pub fn assert_repo(root: &Path) -> Result<(), Error> {
    match git(root, &["rev-parse", "--is-inside-work-tree"]) {
        Ok(out) if out.trim() == "true" => Ok(()),
        _ => Err(Error::NotARepo(root.to_path_buf())),
    }
}

/// One worktree as `git worktree list --porcelain` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GitWorktree {
    /// Its absolute path as git recorded it.
    pub path: PathBuf,
    /// `refs/heads/...` when a branch is checked out.
    pub branch: Option<String>,
}

/// Every worktree git knows about (the main one first).
pub fn worktree_list(root: &Path) -> Result<Vec<GitWorktree>, Error> {
    let out = git(root, &["worktree", "list", "--porcelain"])?;
    let mut list: Vec<GitWorktree> = Vec::new();
    for line in out.lines() {
        if let Some(p) = line.strip_prefix("worktree ") {
            list.push(GitWorktree {
                path: PathBuf::from(p),
                branch: None,
            });
        } else if let (Some(b), Some(last)) = (line.strip_prefix("branch "), list.last_mut()) {
            last.branch = Some(b.to_string());
        }
    }
    Ok(list)
}

/// The commit a branch points at, if the branch exists.
pub fn branch_commit(root: &Path, branch: &str) -> Option<String> {
    git(
        root,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("refs/heads/{branch}"),
        ],
    )
    .ok()
    .filter(|s| !s.is_empty())
}

/// Whether the worktree at `dir` has uncommitted or untracked changes (ignored files aside).
pub fn is_dirty(dir: &Path) -> Result<bool, Error> {
    Ok(!git(dir, &["status", "--porcelain", "--untracked-files=all"])?.is_empty())
}

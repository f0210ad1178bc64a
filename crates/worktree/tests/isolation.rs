//! The sub-agent API: a child's worktree, its diff, and discarding it.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use std::fs;
use std::path::Path;
use std::process::Command;

use loopwright_worktree::{ChildWorktree, Status};
use time::OffsetDateTime;

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    git(p, &["init", "-q", "-b", "main"]);
    git(p, &["config", "user.email", "t@example.invalid"]);
    git(p, &["config", "user.name", "t"]);
    fs::write(p.join("lib.rs"), "fn a() {}\n").unwrap();
    git(p, &["add", "lib.rs"]);
    git(p, &["commit", "-q", "-m", "init"]);
    dir
}

#[test]
fn diff_has_commits_edits_and_new_files_then_discard_removes_everything() {
    let r = repo();
    let root = r.path();
    let child = ChildWorktree::create(
        root,
        "child-1",
        "subagent",
        "HEAD",
        OffsetDateTime::now_utc(),
    )
    .unwrap();
    let wt = child.path();
    assert!(wt.join("lib.rs").exists());
    fs::write(wt.join("lib.rs"), "fn a() {}\nfn b() {}\n").unwrap();
    git(&wt, &["commit", "-q", "-am", "add b"]);
    fs::write(wt.join("lib.rs"), "fn a() {}\nfn b() {}\nfn c() {}\n").unwrap();
    fs::write(wt.join("new.txt"), "fresh\n").unwrap();
    let diff = child.diff().unwrap();
    assert!(diff.contains("+fn b() {}"), "{diff}");
    assert!(diff.contains("+fn c() {}"), "{diff}");
    assert!(
        diff.contains("new.txt") && diff.contains("+fresh"),
        "{diff}"
    );
    // The child's own index is untouched: new.txt is still untracked there.
    assert!(git(&wt, &["status", "--porcelain"]).contains("?? new.txt"));

    let mut child = child;
    child.mark(Status::Rejected).unwrap();
    // Dirty: git refuses without force.
    assert!(child.clone().discard(false).is_err());
    let removed = child.discard(true).unwrap();
    assert!(removed.branch_deleted.is_some());
    assert!(!wt.exists());
    assert!(!git(root, &["branch"]).contains("loop/child-1"));
}

#[test]
fn an_untouched_child_has_an_empty_diff() {
    let r = repo();
    let child = ChildWorktree::create(
        r.path(),
        "c2",
        "subagent",
        "main",
        OffsetDateTime::now_utc(),
    )
    .unwrap();
    assert_eq!(child.diff().unwrap(), "");
    child.discard(false).unwrap();
}

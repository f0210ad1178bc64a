//! `loop worktree lock --store postgres://...`: processes on four "machines" (own HOME, working
//! directory and repository root) contend for one path lock in the store; exactly one wins, the
//! others are refused with exit 2 and see the winner; a waiter on another machine gets the lock
//! once it is released. Run inside `pg_virtualenv` (`.ci/pg-tests.sh`); skipped without
//! `PGHOST` unless `CI` is set.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

mod common;
use common::{bin, pg_url};

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `loop worktree ARGS` as machine `m` runs it; `url` None means the machine's files.
fn worktree(url: Option<&str>, m: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.arg("worktree")
        .args(args)
        .arg("--root")
        .arg(m)
        .env("HOME", m)
        .env_remove("LOOP_STORE_URL")
        .current_dir(m)
        .stdin(Stdio::null());
    if let Some(u) = url {
        c.args(["--store", u]);
    }
    c
}

fn machines(root: &Path) -> Vec<PathBuf> {
    (0..4)
        .map(|i| {
            let m = root.join(format!("machine-{i}"));
            fs::create_dir_all(&m).unwrap();
            m
        })
        .collect()
}

#[test]
fn processes_on_different_machines_contend_on_one_lock() {
    let Some(url) = pg_url("wt_contend") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let ms = machines(dir.path());
    // Eight processes, two per machine, all at once, on overlapping paths.
    let children: Vec<_> = (0..8)
        .map(|i| {
            let paths = if i % 2 == 0 { "src/**" } else { "src/lib.rs" };
            let owner = format!("owner-{i}");
            worktree(
                Some(&url),
                &ms[i % 4],
                &["lock", "--paths", paths, "--owner", &owner, "--ttl", "1h"],
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
        })
        .collect();
    let outs: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let winners: Vec<usize> = (0..8).filter(|i| outs[*i].status.success()).collect();
    assert_eq!(winners.len(), 1, "exactly one lock is granted: {outs:?}");
    for (i, o) in outs.iter().enumerate() {
        if i != winners[0] {
            assert_eq!(
                o.status.code(),
                Some(2),
                "owner-{i} is refused as held: {o:?}"
            );
        }
    }
    let winner = format!("owner-{}", winners[0]);

    // Every machine sees the winner's lock; a machine's own files do not.
    for m in &ms {
        let out = worktree(Some(&url), m, &["locks", "--json"])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let owners: Vec<&str> = v["locks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["owner"].as_str().unwrap())
            .collect();
        assert_eq!(owners, [winner.as_str()]);
    }
    let local = worktree(None, &ms[3], &["lock", "--paths", "src/**", "--owner", "x"])
        .output()
        .unwrap();
    assert!(local.status.success(), "the files are another store");

    // A waiter on another machine gets the lock once the winner releases it (src/lib.rs
    // overlaps whichever of the two path sets won).
    let other = &ms[(winners[0] + 1) % 4];
    let waiter = worktree(
        Some(&url),
        other,
        &[
            "lock",
            "--paths",
            "src/lib.rs",
            "--owner",
            "late",
            "--wait",
            "60s",
        ],
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let waiting = || {
        let out = worktree(Some(&url), &ms[0], &["locks", "--json"])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["waits"].as_array().is_some_and(|w| !w.is_empty())
    };
    let mut seen = false;
    for _ in 0..600 {
        if waiting() {
            seen = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    if !seen {
        let mut waiter = waiter;
        let _ = waiter.kill();
        let out = waiter.wait_with_output().unwrap();
        panic!("the waiter did not queue in the store: {out:?}");
    }
    let unlock = worktree(
        Some(&url),
        &ms[winners[0] % 4],
        &["unlock", "--owner", &winner],
    )
    .output()
    .unwrap();
    assert!(unlock.status.success(), "{unlock:?}");
    let got = waiter.wait_with_output().unwrap();
    assert!(got.status.success(), "{got:?}");
    assert!(String::from_utf8_lossy(&got.stdout).contains("locked src/lib.rs for late"));
}

#[test]
fn a_pid_lock_is_refused_on_a_shared_store() {
    let Some(url) = pg_url("wt_pid") else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = worktree(
        Some(&url),
        dir.path(),
        &["lock", "--paths", "a", "--owner", "o", "--pid", "1"],
    )
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--pid"));
}

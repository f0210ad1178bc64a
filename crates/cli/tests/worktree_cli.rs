//! `loop worktree`: the reference's commands and outputs, without its races (real processes).

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use assert_cmd::cargo::cargo_bin;
use serde_json::Value;

fn sh(dir: &Path, args: &[&str]) -> String {
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
    sh(p, &["init", "-q", "-b", "main"]);
    sh(p, &["config", "user.email", "t@example.invalid"]);
    sh(p, &["config", "user.name", "t"]);
    fs::write(p.join("README.md"), "hi\n").unwrap();
    sh(p, &["add", "README.md"]);
    sh(p, &["commit", "-q", "-m", "init"]);
    dir
}

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn lw(root: &Path, args: &[&str]) -> Out {
    let out = Command::new(cargo_bin("loop"))
        .arg("worktree")
        .args(args)
        .arg("--root")
        .arg(root)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Starts `loop worktree ARGS --root ROOT` in the background (stderr piped, stdout dropped).
fn spawn(root: &Path, args: &[&str]) -> Child {
    Command::new(cargo_bin("loop"))
        .arg("worktree")
        .args(args)
        .arg("--root")
        .arg(root)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn ok(root: &Path, args: &[&str]) -> String {
    let o = lw(root, args);
    assert_eq!(
        o.code, 0,
        "{args:?}\nstdout: {}\nstderr: {}",
        o.stdout, o.stderr
    );
    o.stdout
}

fn manifest(root: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(root.join(".loop-worktrees/manifest.json")).unwrap())
        .unwrap()
}

#[test]
fn create_list_mark_cleanup_deletes_the_branch_so_the_id_can_be_reused() {
    let r = repo();
    let root = r.path();
    let out = ok(
        root,
        &["create", "--run-id", "a1", "--pattern", "ci-sweeper"],
    );
    assert_eq!(
        out,
        "created worktree .loop-worktrees/a1 on branch loop/a1 (base main)\n"
    );
    let again = lw(
        root,
        &["create", "--run-id", "a1", "--pattern", "ci-sweeper"],
    );
    assert_eq!(again.code, 1);
    assert!(
        again
            .stderr
            .contains("Run id \"a1\" already has an active worktree at .loop-worktrees/a1.")
    );
    assert_eq!(ok(root, &["list"]), "active    a1  loop/a1  (ci-sweeper)\n");
    let list: Value = serde_json::from_str(&ok(root, &["list", "--json"])).unwrap();
    let e = &list[0];
    assert_eq!(e["id"], "a1");
    assert_eq!(e["path"], ".loop-worktrees/a1");
    assert_eq!(e["branch"], "loop/a1");
    assert_eq!(e["baseBranch"], "main");
    assert_eq!(e["pattern"], "ci-sweeper");
    assert_eq!(e["status"], "active");
    assert!(e["createdAt"].as_str().unwrap().ends_with('Z'));
    let keys: Vec<&str> = e.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys[..7],
        [
            "id",
            "path",
            "branch",
            "baseBranch",
            "pattern",
            "createdAt",
            "status"
        ]
    );
    assert_eq!(manifest(root)["version"], 1);

    assert_eq!(
        ok(root, &["mark", "--run-id", "a1", "--status", "rejected"]),
        "marked a1 as rejected\n"
    );
    let out = ok(root, &["cleanup"]);
    assert!(
        out.starts_with("removed .loop-worktrees/a1 (rejected)\ndeleted branch loop/a1 (was "),
        "{out}"
    );
    assert!(out.ends_with("cleanup: 1 removed, 0 skipped\n"), "{out}");
    assert!(!sh(root, &["branch"]).contains("loop/a1"));
    assert_eq!(ok(root, &["list"]), "no worktrees tracked\n");
    ok(
        root,
        &["create", "--run-id", "a1", "--pattern", "ci-sweeper"],
    );
}

#[test]
fn cleanup_skips_a_dirty_worktree_unless_forced() {
    let r = repo();
    let root = r.path();
    ok(root, &["create", "--run-id", "d1", "--pattern", "p"]);
    fs::write(root.join(".loop-worktrees/d1/work.txt"), "uncommitted\n").unwrap();
    ok(root, &["mark", "--run-id", "d1", "--status", "escalated"]);
    let out = ok(root, &["cleanup"]);
    assert!(
        out.starts_with(
            "skipped .loop-worktrees/d1: git worktree remove .loop-worktrees/d1 failed: "
        ),
        "{out}"
    );
    assert!(out.ends_with("cleanup: 0 removed, 1 skipped\n"));
    assert!(root.join(".loop-worktrees/d1/work.txt").exists());
    assert!(sh(root, &["branch"]).contains("loop/d1"));
    let out = ok(root, &["cleanup", "--force"]);
    assert!(out.contains("cleanup: 1 removed, 0 skipped"), "{out}");
    assert!(!root.join(".loop-worktrees/d1").exists());
    // --older-than keeps young entries.
    ok(root, &["create", "--run-id", "y1", "--pattern", "p"]);
    ok(root, &["mark", "--run-id", "y1", "--status", "stale"]);
    let out = ok(
        root,
        &["cleanup", "--status", "stale,merged", "--older-than", "1h"],
    );
    assert_eq!(out, "cleanup: 0 removed, 0 skipped\n");
}

#[test]
fn eight_concurrent_creates_leave_eight_entries() {
    let r = repo();
    let root = r.path();
    let children: Vec<Child> = (0..8)
        .map(|i| {
            spawn(
                root,
                &["create", "--pattern", "race", "--run-id", &format!("r{i}")],
            )
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let m = manifest(root);
    let mut ids: Vec<&str> = m["worktrees"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["id"].as_str().unwrap())
        .collect();
    ids.sort();
    assert_eq!(ids, ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7"]);
    // Every worktree has uncommitted work; gc --force must keep all of them.
    for i in 0..8 {
        fs::write(root.join(format!(".loop-worktrees/r{i}/wip.txt")), "wip\n").unwrap();
    }
    let out = ok(root, &["gc", "--force"]);
    assert_eq!(out, "gc: 0 orphan(s), 0 dropped, 0 removed\n");
    for i in 0..8 {
        assert!(root.join(format!(".loop-worktrees/r{i}/wip.txt")).exists());
    }
}

#[test]
fn gc_survives_a_directory_removed_by_hand_and_keeps_dirty_orphans() {
    let r = repo();
    let root = r.path();
    ok(root, &["create", "--run-id", "gone", "--pattern", "p"]);
    fs::remove_dir_all(root.join(".loop-worktrees/gone")).unwrap();
    // Two orphans git knows about but the manifest does not: one clean, one with work in it.
    sh(
        root,
        &[
            "worktree",
            "add",
            "-q",
            "-b",
            "o1",
            ".loop-worktrees/clean",
            "main",
        ],
    );
    sh(
        root,
        &[
            "worktree",
            "add",
            "-q",
            "-b",
            "o2",
            ".loop-worktrees/dirty",
            "main",
        ],
    );
    fs::write(root.join(".loop-worktrees/dirty/notes.txt"), "keep me\n").unwrap();

    let report: Value = serde_json::from_str(&ok(root, &["gc", "--json"])).unwrap();
    assert_eq!(
        report["orphans"],
        serde_json::json!([".loop-worktrees/clean", ".loop-worktrees/dirty"])
    );
    assert_eq!(report["dropped"][0]["id"], "gone");
    assert_eq!(report["removedOrphans"], serde_json::json!([]));
    assert_eq!(ok(root, &["list"]), "no worktrees tracked\n");

    let out = ok(root, &["gc", "--force"]);
    assert!(
        out.contains("removed orphan .loop-worktrees/clean\n"),
        "{out}"
    );
    assert!(
        out.contains("orphan .loop-worktrees/dirty (not removed: has uncommitted"),
        "{out}"
    );
    assert!(
        out.ends_with("gc: 2 orphan(s), 0 dropped, 1 removed\n"),
        "{out}"
    );
    assert!(root.join(".loop-worktrees/dirty/notes.txt").exists());
    assert!(!root.join(".loop-worktrees/clean").exists());
}

#[test]
fn bad_input_is_an_error_naming_it() {
    let r = repo();
    let root = r.path();
    ok(root, &["create", "--run-id", "a", "--pattern", "p"]);
    let cases: &[(&[&str], &str)] = &[
        (
            &["create", "--run-id", "b", "--pattern", "p", "--frobnicate"],
            "--frobnicate",
        ),
        (&["list", "--bogus"], "--bogus"),
        (
            &["mark", "--run-id", "a", "--status", "done"],
            "Invalid status \"done\"",
        ),
        (&["list", "--status", "done"], "Invalid status \"done\""),
        (
            &["cleanup", "--status", "rejected,nope"],
            "Invalid status \"nope\"",
        ),
        (
            &["cleanup", "--older-than", "5x"],
            "Invalid --older-than \"5x\"",
        ),
        (
            &["lock", "--paths", "a", "--owner", "o", "--ttl", "1.5h"],
            "Invalid --ttl \"1.5h\"",
        ),
        (&["lock", "--paths", "a", "--owner", "o", "--ttl"], "--ttl"),
        (
            &["lock", "--paths", "a", "--owner", "o", "--ttl", "0s"],
            "Invalid --ttl",
        ),
        (
            &["lock", "--paths", "a", "--owner", "o.wait"],
            "Invalid --owner",
        ),
        (
            &["lock", "--paths", "a", "--owner", "o", "--pid", "0"],
            "--pid 0",
        ),
        (
            &["lock", "--paths", "a", "--owner", "o", "--wait", "forever"],
            "Invalid --wait",
        ),
        (
            &["lock", "--paths", "a", "--owner", "a/b"],
            "Invalid --owner",
        ),
        (
            &["lock", "--paths", "../outside", "--owner", "o"],
            "--paths",
        ),
        (
            &["lock", "--paths", " , ", "--owner", "o"],
            "--paths requires",
        ),
        (
            &["create", "--run-id", "../x", "--pattern", "p"],
            "Invalid --run-id",
        ),
        (
            &[
                "create",
                "--run-id",
                "c",
                "--pattern",
                "p",
                "--base",
                "nope",
            ],
            "--base \"nope\"",
        ),
        (
            &["mark", "--run-id", "zz", "--status", "merged"],
            "No worktree with run id \"zz\"",
        ),
        (&["frob"], "frob"),
    ];
    for (args, want) in cases {
        let o = lw(root, args);
        assert_eq!(o.code, 1, "{args:?}: {}", o.stderr);
        assert!(o.stderr.contains(want), "{args:?}: {}", o.stderr);
    }
    let none = Command::new(cargo_bin("loop"))
        .arg("worktree")
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(1));
    let plain = tempfile::tempdir().unwrap();
    let o = lw(plain.path(), &["create", "--run-id", "a", "--pattern", "p"]);
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("Not a git repository"), "{}", o.stderr);
}

#[test]
fn overlapping_paths_are_held_with_their_own_exit_code() {
    let r = repo();
    let root = r.path();
    let out = ok(
        root,
        &[
            "lock",
            "--paths",
            "package.json,src,**/Cargo.toml",
            "--owner",
            "dep",
            "--ttl",
            "6h",
        ],
    );
    assert!(
        out.starts_with("locked package.json, src, **/Cargo.toml for dep (expires "),
        "{out}"
    );
    for clash in [
        "./package.json",
        "src/main.rs",
        "Cargo.toml",
        "crates/x/Cargo.toml",
        "src/**",
        "docs",
    ] {
        let o = lw(root, &["lock", "--paths", clash, "--owner", "ci"]);
        assert_eq!(o.code, 2, "{clash}: {}", o.stderr);
        assert!(
            o.stderr.contains("is locked by owner \"dep\""),
            "{}",
            o.stderr
        );
    }
    assert_eq!(
        ok(
            root,
            &[
                "lock",
                "--paths",
                "docs/guide.md,package-lock.json",
                "--owner",
                "ci"
            ]
        ),
        "locked docs/guide.md, package-lock.json for ci\n"
    );
    let listed: Value = serde_json::from_str(&ok(root, &["locks", "--json"])).unwrap();
    assert_eq!(listed["locks"][0]["owner"], "ci");
    assert_eq!(listed["locks"][1]["owner"], "dep");
    assert_eq!(listed["locks"][1]["expired"], false);
    assert_eq!(listed["waits"], serde_json::json!([]));
    assert_eq!(ok(root, &["unlock", "--owner", "dep"]), "unlocked dep\n");
    assert_eq!(
        ok(root, &["unlock", "--owner", "dep"]),
        "dep held no lock\n"
    );
    ok(root, &["lock", "--paths", "src/main.rs", "--owner", "ci2"]);
    let sweep = ok(root, &["locks", "--sweep"]);
    assert_eq!(
        sweep,
        "locks --sweep: 0 lock(s), 0 wait(s) expired (report-only; use --force to remove)\n"
    );
}

#[test]
fn another_run_of_the_same_owner_is_refused_and_cannot_unlock() {
    let r = repo();
    let root = r.path();
    ok(
        root,
        &[
            "lock",
            "--paths",
            "package.json",
            "--owner",
            "dep",
            "--run-id",
            "run-1",
        ],
    );
    let o = lw(
        root,
        &[
            "lock",
            "--paths",
            "package.json",
            "--owner",
            "dep",
            "--run-id",
            "run-2",
        ],
    );
    assert_eq!(o.code, 2, "{}", o.stderr);
    assert!(
        o.stderr.contains("Owner \"dep\" already holds a lock"),
        "{}",
        o.stderr
    );
    let o = lw(root, &["unlock", "--owner", "dep", "--run-id", "run-2"]);
    assert_eq!(o.code, 2, "{}", o.stderr);
    assert!(o.stderr.contains("held by run \"run-1\""), "{}", o.stderr);
    // The same run renews its own lock.
    ok(
        root,
        &[
            "lock",
            "--paths",
            "package.json,yarn.lock",
            "--owner",
            "dep",
            "--run-id",
            "run-1",
        ],
    );
    assert_eq!(
        ok(root, &["unlock", "--owner", "dep", "--run-id", "run-1"]),
        "unlocked dep\n"
    );
    ok(
        root,
        &[
            "lock",
            "--paths",
            "package.json",
            "--owner",
            "dep",
            "--run-id",
            "run-2",
        ],
    );
}

#[test]
fn a_lock_with_a_pid_is_free_once_that_process_is_gone() {
    let r = repo();
    let root = r.path();
    let mut holder = Command::new("sleep").arg("600").spawn().unwrap();
    let pid = holder.id().to_string();
    ok(
        root,
        &["lock", "--paths", "src", "--owner", "a", "--pid", &pid],
    );
    assert_eq!(
        lw(root, &["lock", "--paths", "src/x", "--owner", "b"]).code,
        2
    );
    holder.kill().unwrap();
    holder.wait().unwrap();
    ok(root, &["lock", "--paths", "src/x", "--owner", "b"]);
    let sweep = ok(root, &["locks", "--sweep", "--force"]);
    assert!(sweep.contains("removed expired lock a\n"), "{sweep}");
}

#[test]
fn concurrent_locks_on_one_path_grant_exactly_one() {
    let r = repo();
    let root = r.path();
    let children: Vec<Child> = (0..8)
        .map(|i| {
            spawn(
                root,
                &[
                    "lock",
                    "--paths",
                    "shared/file.txt",
                    "--owner",
                    &format!("o{i}"),
                ],
            )
        })
        .collect();
    let codes: Vec<i32> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap().status.code().unwrap())
        .collect();
    assert_eq!(codes.iter().filter(|&&c| c == 0).count(), 1, "{codes:?}");
    assert_eq!(codes.iter().filter(|&&c| c == 2).count(), 7, "{codes:?}");
}

/// Not a test on its own: run by `sigkill_of_a_mutex_holder_frees_the_mutex` in a child process.
#[test]
fn mutex_holder_child() {
    let Ok(mutex) = std::env::var("LOOP_WORKTREE_TEST_HOLD") else {
        return;
    };
    let _held = loopwright_store::atomic::FileLock::acquire(Path::new(&mutex)).unwrap();
    fs::write(format!("{mutex}.ready"), "").unwrap();
    std::thread::sleep(Duration::from_secs(600));
}

#[test]
fn sigkill_of_a_mutex_holder_frees_the_mutex() {
    let r = repo();
    let root = r.path();
    let dir: PathBuf = root.join(".loop-worktrees/locks");
    fs::create_dir_all(&dir).unwrap();
    let mutex = dir.join(".mutex");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "mutex_holder_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("LOOP_WORKTREE_TEST_HOLD", &mutex)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let ready = dir.join(".mutex.ready");
    for _ in 0..3000 {
        if ready.exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(ready.exists(), "the holder never took the mutex");
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    assert!(
        mutex.exists(),
        "the mutex file stays; only the OS lock on it went"
    );
    let out = ok(root, &["lock", "--paths", "unrelated", "--owner", "next"]);
    assert_eq!(out, "locked unrelated for next\n");
}

#[test]
fn lock_wait_detects_a_deadlock() {
    let r = repo();
    let root = r.path();
    ok(
        root,
        &["lock", "--paths", "a", "--owner", "x", "--run-id", "rx"],
    );
    ok(root, &["lock", "--paths", "b", "--owner", "y"]);
    // x waits for b (held by y) in the background; then y asking for a closes the cycle.
    let mut waiter = spawn(
        root,
        &[
            "lock", "--paths", "b", "--owner", "x", "--run-id", "rx", "--wait", "2m",
        ],
    );
    let wait_file = root.join(".loop-worktrees/locks/x.wait.json");
    for _ in 0..3000 {
        if wait_file.exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(wait_file.exists());
    let o = lw(
        root,
        &["lock", "--paths", "a", "--owner", "y", "--wait", "1m"],
    );
    assert_eq!(o.code, 2, "{}", o.stderr);
    assert!(
        o.stderr.contains("Deadlock detected: y -> x -> y"),
        "{}",
        o.stderr
    );
    let text = ok(root, &["locks"]);
    assert!(
        text.contains("x  [WAITING ON: y]  b  (requested "),
        "{text}"
    );
    // y gives up b: the waiting x gets it.
    ok(root, &["unlock", "--owner", "y"]);
    let status = waiter.wait().unwrap();
    assert!(status.success());
    let listed: Value = serde_json::from_str(&ok(root, &["locks", "--json"])).unwrap();
    assert_eq!(listed["locks"][0]["paths"], serde_json::json!(["b"]));
}

#[test]
fn cleanup_of_a_worktree_removed_by_hand_still_deletes_its_branch() {
    let r = repo();
    let root = r.path();
    ok(root, &["create", "--run-id", "h1", "--pattern", "p"]);
    fs::remove_dir_all(root.join(".loop-worktrees/h1")).unwrap();
    ok(root, &["mark", "--run-id", "h1", "--status", "rejected"]);
    let out = ok(root, &["cleanup"]);
    assert!(out.contains("deleted branch loop/h1"), "{out}");
    assert!(out.ends_with("cleanup: 1 removed, 0 skipped\n"), "{out}");
    ok(root, &["create", "--run-id", "h1", "--pattern", "p"]);
}

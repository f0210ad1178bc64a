//! `loop context --check --daily-budget-from-pattern` on a PostgreSQL store shared by four
//! "machines" (separate HOME and working/state directories), as separate processes. Run inside
//! `pg_virtualenv` (`.ci/pg-tests.sh`); skipped without `PGHOST` unless `CI` is set.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

mod common;
use common::{bin, pg_url, write_ledger};

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use loopwright_store_pg::PgStore;

/// One check as machine `group` would run it: its own HOME and working directory.
fn check(url: &str, machine: &Path, ledger: &Path) -> Command {
    let mut c = Command::new(bin());
    c.args([
        "context",
        "--check",
        "--daily-budget-from-pattern",
        "daily-triage",
    ])
    .arg("--ledger")
    .arg(ledger)
    .env("LOOP_STORE_URL", url)
    .env("HOME", machine)
    .current_dir(machine);
    c
}

/// Four machines of eight workers, each worker `calls` checks of its own ledgers.
fn fleet(dir: &Path, calls: usize) -> Vec<(PathBuf, PathBuf)> {
    let mut jobs = Vec::new();
    for m in 0..4 {
        let machine = dir.join(format!("machine-{m}"));
        fs::create_dir_all(machine.join("ledgers")).unwrap();
        for w in 0..8 {
            for i in 0..calls {
                let l = machine.join("ledgers").join(format!("{w}-{i}.json"));
                write_ledger(&l, &[100]);
                jobs.push((machine.clone(), l));
            }
        }
    }
    jobs
}

fn run_workers(url: &str, jobs: &[(PathBuf, PathBuf)], calls: usize) -> Vec<Output> {
    std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .chunks(calls)
            .map(|worker| {
                s.spawn(move || {
                    worker
                        .iter()
                        .map(|(m, l)| check(url, m, l).output().unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}

#[test]
fn thirty_two_processes_on_four_machines_add_exactly_64000_and_trip_at_the_same_check() {
    let Some(url) = pg_url("fleet") else { return };
    let dir = tempfile::tempdir().unwrap();
    // 50,000 tokens spent earlier today: the 100,000 cap of daily-triage is reached by the
    // 500th of the 640 checks of 100 tokens, whatever order they run in.
    let seed = dir.path().join("seed.json");
    write_ledger(&seed, &[50_000]);
    assert!(check(&url, dir.path(), &seed).status().unwrap().success());

    let jobs = fleet(dir.path(), 20);
    assert_eq!(jobs.len(), 640);
    let outs = run_workers(&url, &jobs, 20);
    let code = |c: i32| outs.iter().filter(|o| o.status.code() == Some(c)).count();
    assert_eq!((code(0), code(2)), (499, 141), "{:?}", outs.first());
    let tripped = outs.iter().find(|o| o.status.code() == Some(2)).unwrap();
    let line = String::from_utf8_lossy(&tripped.stdout);
    assert!(
        line.starts_with(
            "ESCALATE [daily-budget] — Daily token spend for pattern \"daily-triage\" reached 1"
        ) && line.contains("(cap 100000)"),
        "{line}"
    );
    let store = PgStore::connect(&url).unwrap();
    assert_eq!(store.today_total("daily-triage").unwrap(), 114_000.0);
    // Re-checking every ledger adds nothing.
    let again = run_workers(&url, &jobs, 20);
    assert!(again.iter().all(|o| o.status.code() == Some(2)));
    assert_eq!(store.today_total("daily-triage").unwrap(), 114_000.0);

    let status = Command::new(bin())
        .args(["budget", "status", "--pattern", "daily-triage", "--json"])
        .env("LOOP_STORE_URL", &url)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(v[0]["spent"], 114_000.0);
    assert_eq!(v[0]["cap"], 100_000.0);
}

#[test]
fn sigkill_in_the_middle_of_checks_loses_and_duplicates_nothing() {
    let Some(url) = pg_url("sigkill") else { return };
    let dir = tempfile::tempdir().unwrap();
    let jobs = fleet(dir.path(), 2);
    // Start all 64 checks at once and kill every other one after a moment: some die before
    // connecting, some inside their transaction, some after committing.
    let mut children: Vec<_> = jobs
        .iter()
        .map(|(m, l)| {
            check(&url, m, l)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(30));
    for (i, c) in children.iter_mut().enumerate() {
        if i % 2 == 0 {
            let _ = c.kill();
        }
    }
    for c in &mut children {
        let _ = c.wait();
    }
    // Every ledger checked once more: the killed ones are counted now, the others not again.
    let outs = run_workers(&url, &jobs, 2);
    assert!(outs.iter().all(|o| o.status.code() == Some(0)));
    let store = PgStore::connect(&url).unwrap();
    assert_eq!(store.today_total("daily-triage").unwrap(), 6_400.0);
}

#[test]
fn a_database_that_is_down_is_an_error_naming_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let l = dir.path().join("l.json");
    write_ledger(&l, &[5]);
    let out = check("postgres://loop:pw@127.0.0.1:1/none", dir.path(), &l)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("store postgres://loop:***@127.0.0.1:1/none"),
        "{err}"
    );
    // Nothing was written locally.
    assert!(!dir.path().join(".loop-context").exists());
}

#[test]
fn loop_sessions_reads_sessions_from_the_store() {
    use loopwright_store::backend::SessionStore;
    let Some(url) = pg_url("sessions") else {
        return;
    };
    let store = std::sync::Arc::new(PgStore::connect(&url).unwrap());
    let sessions = loopwright_store_pg::backend::PgSessionStore::new(store);
    let start = loopwright_protocol::event::EventKind::SessionStart {
        task: "sweep the flaky tests".into(),
        workspace: "/runner-7/w".into(),
        provider: "scripted".into(),
        model: None,
        verify: None,
    };
    sessions.create_session("ci-run-42", start).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let sub = |args: &[&str]| {
        Command::new(bin())
            .arg("sessions")
            .args(args)
            .args(["--store", &url])
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let list = sub(&["list"]);
    assert!(
        list.status.success(),
        "{}",
        String::from_utf8_lossy(&list.stderr)
    );
    let text = String::from_utf8_lossy(&list.stdout);
    assert!(
        text.contains("ci-run-42") && text.contains("sweep the flaky tests"),
        "{text}"
    );
    let export = sub(&["export", "ci-run-42"]);
    assert!(export.status.success());
    assert!(String::from_utf8_lossy(&export.stdout).contains("session_start"));
    let missing = sub(&["show", "nope"]);
    assert_eq!(missing.status.code(), Some(1));
    // No state directory was created on this machine.
    assert!(!dir.path().join(".loop").exists());
}

#[test]
fn a_ledger_in_the_store_gives_the_outputs_of_a_file() {
    let Some(url) = pg_url("ledger") else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("l.json");
    let file = file.to_str().unwrap();
    let run = |machine: &str, args: &[&str]| {
        let home = dir.path().join(machine);
        fs::create_dir_all(&home).unwrap();
        Command::new(bin())
            .arg("context")
            .args(args)
            .env("LOOP_STORE_URL", &url)
            .env("HOME", &home)
            .current_dir(&home)
            .output()
            .unwrap()
    };
    // Three failing attempts with one error, recorded from three machines, on both ledgers.
    for (i, ledger) in [
        ("a", "pg:sweeper-7"),
        ("b", "pg:sweeper-7"),
        ("c", "pg:sweeper-7"),
    ]
    .into_iter()
    .chain([("a", file), ("b", file), ("c", file)])
    .enumerate()
    {
        let out = run(
            ledger.0,
            &[
                "record",
                "--ledger",
                ledger.1,
                "--goal",
                "fix ci",
                "--action",
                &format!("try {}", i % 3),
                "--outcome",
                "failure",
                "--error",
                "Error: boom at line 12",
                "--tokens",
                "100",
            ],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let check = |ledger: &str| run("d", &["--check", "--ledger", ledger]);
    let (db, fs_) = (check("pg:sweeper-7"), check(file));
    assert_eq!(db.status.code(), fs_.status.code());
    assert_eq!(
        String::from_utf8_lossy(&db.stdout),
        String::from_utf8_lossy(&fs_.stdout)
    );
    assert!(String::from_utf8_lossy(&db.stdout).starts_with("ESCALATE"));
    let inject = |ledger: &str| run("d", &["--inject", "--ledger", ledger]).stdout;
    assert_eq!(inject("pg:sweeper-7"), inject(file));
    // A missing ledger without --goal writes nothing and names the store.
    let out = run(
        "a",
        &[
            "record",
            "--ledger",
            "pg:nope",
            "--action",
            "x",
            "--outcome",
            "noop",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pg:nope"));
}

#[test]
fn an_approved_extension_raises_the_cap_and_an_agent_cannot_approve() {
    let Some(url) = pg_url("extension") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let l = dir.path().join("l.json");
    write_ledger(&l, &[100_000]);
    assert_eq!(
        check(&url, dir.path(), &l).status().unwrap().code(),
        Some(2)
    );
    let budget = |args: &[&str]| {
        Command::new(bin())
            .arg("budget")
            .args(args)
            .env("LOOP_STORE_URL", &url)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let req = budget(&[
        "request",
        "--pattern",
        "daily-triage",
        "--reason",
        "release day",
    ]);
    let text = String::from_utf8_lossy(&req.stdout);
    assert!(text.contains("+20000 tokens"), "{text}");
    let again = budget(&["request", "--pattern", "daily-triage", "--reason", "more"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("one a day"));
    // Without a terminal (as from an agent's tool) approving is refused.
    let ext = PgStore::connect(&url).unwrap().extensions_today().unwrap();
    let id = ext[0].id.to_string();
    let denied = budget(&["approve", &id]);
    assert_eq!(denied.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&denied.stderr).contains("by a person"));
    assert_eq!(
        check(&url, dir.path(), &l).status().unwrap().code(),
        Some(2)
    );
    // A person approves: the cap is 120,000 and the next 100 tokens continue.
    PgStore::connect(&url)
        .unwrap()
        .decide_extension(ext[0].id, true, "operator")
        .unwrap();
    write_ledger(&l, &[100_000, 100]);
    assert_eq!(
        check(&url, dir.path(), &l).status().unwrap().code(),
        Some(0)
    );
}

//! The PostgreSQL store against a real server (run inside `pg_virtualenv`: `.ci/pg-tests.sh`).
//! Each test uses a schema of its own. Without `PGHOST` the tests are skipped, unless `CI` is
//! set: then a missing database is a failure.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use loopwright_store::daily::AttemptSpend;
use loopwright_store_pg::PgStore;
use loopwright_store_pg::daily::Reservation;
use loopwright_store_pg::locks::PgLockStore;
use loopwright_worktree::locks::{Change, LockRecord, LockStore};

fn store(test: &str) -> Option<PgStore> {
    let schema = format!("t_{test}_{}", std::process::id());
    match loopwright_store_pg::env_url(&schema) {
        Some(url) => Some(PgStore::connect(&url).unwrap()),
        None if std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false") => {
            panic!("CI is set but PGHOST is not: run the database tests with .ci/pg-tests.sh")
        }
        None => {
            eprintln!("skipped {test}: no PGHOST (run .ci/pg-tests.sh)");
            None
        }
    }
}

fn att(tokens: f64, fingerprint: u64) -> AttemptSpend {
    AttemptSpend {
        tokens,
        fingerprint,
    }
}

#[test]
fn checks_count_each_attempt_once() {
    let Some(s) = store("checks") else { return };
    let mut l = vec![att(500.0, 1), att(60000.0, 2)];
    let r = s.record("ci-sweeper", "/l", &l, Some(1e6)).unwrap();
    assert_eq!((r.total, r.added, r.new_attempts), (60500.0, 60500.0, 2));
    let r = s.record("ci-sweeper", "/l", &l, Some(1e6)).unwrap();
    assert_eq!((r.total, r.added), (60500.0, 0.0));
    l.extend([att(1.0, 3), att(2.0, 4)]);
    assert_eq!(s.record("ci-sweeper", "/l", &l, None).unwrap().added, 3.0);
    // A rewritten ledger counts from its start.
    assert_eq!(
        s.record("ci-sweeper", "/l", &[att(5.0, 9)], None)
            .unwrap()
            .added,
        5.0
    );
    assert_eq!(s.today_total("ci-sweeper").unwrap(), 60508.0);
    let st = s.status(Some("ci-sweeper")).unwrap();
    assert_eq!(st.len(), 1);
    assert_eq!((st[0].spent, st[0].cap), (60508.0, Some(1e6)));
    // Bad ids are refused before anything is written.
    let e = s.record("../x", "/l", &l, None).unwrap_err().to_string();
    assert!(
        e.contains("invalid pattern id") && e.contains("store postgres://"),
        "{e}"
    );
}

#[test]
fn reservations_are_guarded_settled_once_and_expire() {
    let Some(s) = store("reserve") else { return };
    let Reservation::Granted { id: a, committed } = s.reserve("p", 600.0, 1000.0, 60.0).unwrap()
    else {
        panic!("first reservation refused")
    };
    assert_eq!(committed, 600.0);
    // 600 reserved + 500 > 1000: refused.
    assert_eq!(
        s.reserve("p", 500.0, 1000.0, 60.0).unwrap(),
        Reservation::Denied {
            spent: 0.0,
            reserved: 600.0,
            cap: 1000.0
        }
    );
    assert!(s.settle(a, 450.0).unwrap());
    assert!(!s.settle(a, 450.0).unwrap(), "settling twice adds nothing");
    assert_eq!(s.today_total("p").unwrap(), 450.0);
    // A reservation that is never settled (its process died) expires and holds nothing.
    let Reservation::Granted { id: b, .. } = s.reserve("p", 500.0, 1000.0, 0.05).unwrap() else {
        panic!("refused")
    };
    std::thread::sleep(std::time::Duration::from_millis(200));
    let st = &s.status(Some("p")).unwrap()[0];
    assert_eq!(
        (st.spent, st.reserved, st.open_reservations),
        (450.0, 0.0, 0)
    );
    // Settling it late counts what was spent, once.
    assert!(s.settle(b, 100.0).unwrap());
    assert_eq!(s.today_total("p").unwrap(), 550.0);
}

#[test]
fn ledgers_and_sessions_keep_their_order() {
    let Some(s) = store("rows") else { return };
    assert_eq!(s.load_ledger("run-1").unwrap(), None);
    let make = |n: i64| format!("{{\"iteration\":{n}}}");
    assert_eq!(s.append_attempt("run-1", None, &make).unwrap(), None);
    assert_eq!(s.load_ledger("run-1").unwrap(), None);
    let head = r#"{"goal":"g"}"#;
    assert_eq!(
        s.append_attempt("run-1", Some(head), &make).unwrap(),
        Some(1)
    );
    assert_eq!(
        s.append_attempt("run-1", Some("{}"), &make).unwrap(),
        Some(2)
    );
    let (head, attempts) = s.load_ledger("run-1").unwrap().unwrap();
    assert_eq!(head, r#"{"goal":"g"}"#);
    assert_eq!(attempts, [r#"{"iteration":1}"#, r#"{"iteration":2}"#]);
    assert!(s.create_session("s1").unwrap());
    assert!(!s.create_session("s1").unwrap());
    s.append_event("s1", 0, "{}").unwrap();
    let e = s.append_event("s1", 0, "{}").unwrap_err().to_string();
    assert!(e.contains("next event is 1"), "{e}");
    s.append_event("s1", 1, "{\"k\":2}").unwrap();
    assert_eq!(s.load_events("s1").unwrap().unwrap().len(), 2);
    assert_eq!(s.list_session_ids().unwrap(), ["s1"]);
}

#[test]
fn path_locks_are_shared_by_connections() {
    let Some(a) = store("locks") else { return };
    let Some(b) = store("locks") else { return };
    let rec = LockRecord {
        owner: "sweeper".into(),
        paths: vec!["src/**".into()],
        locked_at: "2026-12-01T00:00:00Z".into(),
        holder: Default::default(),
        extra: Default::default(),
    };
    PgLockStore::new(&a)
        .update(&mut |t| {
            assert!(t.locks.is_empty());
            Ok(vec![Change::PutLock(rec.clone())])
        })
        .unwrap();
    assert_eq!(PgLockStore::new(&b).read().unwrap().locks, [rec]);
    PgLockStore::new(&b)
        .update(&mut |_| Ok(vec![Change::RemoveLock("sweeper".into())]))
        .unwrap();
    assert!(PgLockStore::new(&a).read().unwrap().locks.is_empty());
}

#[test]
fn an_unreachable_store_is_a_clear_error() {
    let e = PgStore::connect("postgres://u:secret@127.0.0.1:1/db")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("store postgres://u:***@127.0.0.1:1/db"),
        "{e}"
    );
    assert!(!e.contains("secret"), "{e}");
}

mod sessions {
    use std::sync::Arc;

    use loopwright_protocol::event::EventKind;
    use loopwright_protocol::tool::{ToolCall, ToolResult, ToolStatus};
    use loopwright_store::backend::SessionStore;
    use loopwright_store::session::{SessionError, dangling_calls};
    use loopwright_store_pg::backend::PgSessionStore;
    use serde_json::json;

    fn assistant(ids: &[&str]) -> EventKind {
        EventKind::Assistant {
            text: "doing".into(),
            tool_calls: ids
                .iter()
                .map(|id| ToolCall {
                    id: (*id).into(),
                    name: "shell".into(),
                    arguments: json!({"command": "ls"}),
                })
                .collect(),
            usage: None,
        }
    }

    fn result(id: &str) -> EventKind {
        EventKind::ToolResult(ToolResult {
            call_id: id.into(),
            name: "shell".into(),
            status: ToolStatus::Ok,
            content: "ok".into(),
            exit_code: Some(0),
            spill: None,
            raw_bytes: 2,
            duration_ms: 1,
        })
    }

    #[test]
    fn a_session_started_on_one_machine_resumes_on_another_without_rerunning_a_tool() {
        // Two connections with nothing in common but the database: two "machines".
        let Some(a) = super::store("resume") else {
            return;
        };
        let Some(b) = super::store("resume") else {
            return;
        };
        let on_a = PgSessionStore::new(Arc::new(a));
        let on_b = PgSessionStore::new(Arc::new(b));
        let start = EventKind::SessionStart {
            task: "fix it".into(),
            workspace: "/w".into(),
            provider: "scripted".into(),
            model: None,
            verify: None,
        };
        let mut w = on_a.create_session("run-1", start.clone()).unwrap();
        assert!(matches!(
            on_b.create_session("run-1", start),
            Err(SessionError::Exists(_))
        ));
        w.append(assistant(&["c1", "c2"])).unwrap();
        w.append(result("c1")).unwrap();
        // Machine A dies here: c2 was started but has no result.
        drop(w);

        let resumed = on_b.open_session("run-1").unwrap();
        assert_eq!(resumed.repaired(), 1);
        let events = resumed.events();
        assert_eq!(events.len(), 4);
        assert!(
            events.iter().enumerate().all(|(i, e)| e.seq == i as u64),
            "numbered without gaps"
        );
        // c1 keeps its result, c2 is interrupted (not run again): nothing dangles.
        assert!(dangling_calls(events).is_empty());
        let EventKind::ToolResult(r) = &events[3].kind else {
            panic!("{:?}", events[3])
        };
        assert_eq!(
            (r.call_id.as_str(), r.status),
            ("c2", ToolStatus::Interrupted)
        );
        // A stale writer on A cannot append behind B's back.
        let mut stale = on_a.open_session("run-1").unwrap();
        let mut fresh = on_b.open_session("run-1").unwrap();
        fresh.append(result("x")).unwrap();
        assert!(stale.append(result("y")).is_err());
        let listed = on_a.list_sessions().unwrap();
        assert_eq!((listed.len(), listed[0].events), (1, 5));
        assert_eq!(on_a.load_session("run-1").unwrap().events.len(), 5);
    }
}

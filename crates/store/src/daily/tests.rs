//! Unit tests of the daily-spend store.

use super::*;

const DAY: &str = "2026-11-30";
const NEXT: &str = "2026-12-01";

fn att(tokens: f64, fp: u64) -> AttemptSpend {
    AttemptSpend {
        tokens,
        fingerprint: fp,
    }
}

fn read(dir: &Path, id: &str) -> Value {
    serde_json::from_slice(&fs::read(dir.join(format!("daily-spend.{id}.json"))).unwrap()).unwrap()
}

#[test]
fn each_attempt_is_counted_once_and_all_new_ones_are_counted() {
    let d = tempfile::tempdir().unwrap();
    let s = DailySpend::new(d.path().join("state"));
    let mut ledger = vec![att(500.0, 1), att(60000.0, 2)];
    let r = s.record("ci-sweeper", DAY, "/l.json", &ledger).unwrap();
    assert_eq!((r.total, r.added, r.new_attempts), (60500.0, 60500.0, 2));
    // Re-checking the same ledger adds nothing.
    let r = s.record("ci-sweeper", DAY, "/l.json", &ledger).unwrap();
    assert_eq!((r.total, r.added, r.new_attempts), (60500.0, 0.0, 0));
    // Three attempts appended between checks: all three count.
    ledger.extend([att(1.0, 3), att(2.0, 4), att(4.0, 5)]);
    let r = s.record("ci-sweeper", DAY, "/l.json", &ledger).unwrap();
    assert_eq!((r.total, r.added, r.new_attempts), (60507.0, 7.0, 3));
    // Another ledger of the same pattern adds to the same total.
    let r = s
        .record("ci-sweeper", DAY, "/other.json", &[att(10.0, 1)])
        .unwrap();
    assert_eq!(r.total, 60517.0);
    let v = read(&d.path().join("state"), "ci-sweeper");
    assert_eq!(v["date"], DAY);
    assert_eq!(v["tokensUsedToday"], 60517);
    assert_eq!(s.today_total("ci-sweeper", DAY).unwrap(), 60517.0);
}

#[test]
fn a_rewritten_ledger_is_counted_from_its_start() {
    let d = tempfile::tempdir().unwrap();
    let s = DailySpend::new(d.path());
    s.record("p", DAY, "k", &[att(1.0, 1), att(2.0, 2)])
        .unwrap();
    // Shorter: a new run reusing the file.
    assert_eq!(s.record("p", DAY, "k", &[att(5.0, 9)]).unwrap().added, 5.0);
    // Same length but the last counted attempt changed.
    assert_eq!(s.record("p", DAY, "k", &[att(7.0, 8)]).unwrap().added, 7.0);
    assert_eq!(s.today_total("p", DAY).unwrap(), 15.0);
}

#[test]
fn empty_ledger_writes_zero() {
    let d = tempfile::tempdir().unwrap();
    let s = DailySpend::new(d.path());
    let r = s.record("p", DAY, "k", &[]).unwrap();
    assert_eq!((r.total, r.added), (0.0, 0.0));
    assert_eq!(read(d.path(), "p")["tokensUsedToday"], 0);
    let r = s.record("p", DAY, "k", &[att(3.0, 1)]).unwrap();
    assert_eq!(r.added, 3.0);
}

#[test]
fn a_new_day_starts_from_zero_without_recounting_old_attempts() {
    let d = tempfile::tempdir().unwrap();
    let s = DailySpend::new(d.path());
    s.record("p", DAY, "k", &[att(100.0, 1)]).unwrap();
    s.record("p", DAY, "gone", &[att(1.0, 1)]).unwrap();
    assert_eq!(s.today_total("p", NEXT).unwrap(), 0.0);
    let r = s
        .record("p", NEXT, "k", &[att(100.0, 1), att(30.0, 2)])
        .unwrap();
    assert_eq!((r.total, r.added), (30.0, 30.0));
    let v = read(d.path(), "p");
    assert_eq!(v["date"], NEXT);
    // Marks older than the last active day are dropped on the next roll-over.
    let r = s.record("p", "2026-12-05", "other", &[]).unwrap();
    assert_eq!(r.total, 0.0);
    let v = read(d.path(), "p");
    let keys: Vec<&String> = v["ledgers"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["k", "other"]);
    let r = s.record("p", "2026-12-09", "x", &[]).unwrap();
    assert_eq!(r.total, 0.0);
    assert_eq!(read(d.path(), "p")["ledgers"].as_object().unwrap().len(), 2);
}

#[test]
fn a_reference_state_file_is_read_and_rolls_over() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("daily-spend.ci-sweeper.json");
    fs::write(
        &p,
        format!("{{\n  \"date\": \"{DAY}\",\n  \"tokensUsedToday\": 999998\n}}"),
    )
    .unwrap();
    let s = DailySpend::new(d.path());
    assert_eq!(
        s.record("ci-sweeper", DAY, "k", &[att(1.0, 1)])
            .unwrap()
            .total,
        999_999.0
    );
    fs::write(
        &p,
        "{\"date\":\"2000-01-01\",\"tokensUsedToday\":999999999}",
    )
    .unwrap();
    assert_eq!(
        s.record("ci-sweeper", DAY, "k2", &[att(700.0, 1)])
            .unwrap()
            .total,
        700.0
    );
}

#[test]
fn corrupt_state_is_an_error_naming_the_file_and_is_left_alone() {
    let cases = [
        ("not-json", "not valid JSON"),
        ("", "not valid JSON"),
        ("[]", "expected a JSON object"),
        ("{\"tokensUsedToday\":5}", "`date` is missing"),
        ("{\"date\":\"2026-11-30\"}", "`tokensUsedToday` is missing"),
        (
            "{\"date\":\"2026-11-30\",\"tokensUsedToday\":\"999999\"}",
            "must be a number",
        ),
        (
            "{\"date\":\"2026-11-30\",\"tokensUsedToday\":-1}",
            "must be a number >= 0",
        ),
        (
            "{\"date\":\"30/11/2026\",\"tokensUsedToday\":1}",
            "`date` must be",
        ),
        (
            "{\"date\":\"2026-11-30\",\"tokensUsedToday\":1,\"ledgers\":[]}",
            "`ledgers` must be",
        ),
        (
            "{\"date\":\"2026-11-30\",\"tokensUsedToday\":1,\"ledgers\":{\"k\":1}}",
            "`ledgers[\"k\"]`",
        ),
    ];
    for (text, want) in cases {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("daily-spend.p.json");
        fs::write(&p, text).unwrap();
        let e = DailySpend::new(d.path())
            .record("p", DAY, "k", &[att(1.0, 1)])
            .unwrap_err();
        let msg = e.to_string();
        assert!(matches!(e, DailyError::Corrupt { .. }), "{text}: {msg}");
        assert!(msg.contains(&p.display().to_string()), "{msg}");
        assert!(msg.contains(want), "{text}: {msg}");
        assert_eq!(fs::read_to_string(&p).unwrap(), text);
    }
}

#[test]
fn bad_ids_dates_and_tokens_write_nothing() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("s");
    let s = DailySpend::new(&dir);
    for id in [
        "x/../../escaped",
        "../x",
        "",
        ".hidden",
        "-x",
        "a b",
        "a\\b",
        "é",
        &"a".repeat(129),
    ] {
        assert!(
            matches!(
                s.record(id, DAY, "k", &[]),
                Err(DailyError::BadPatternId(_))
            ),
            "{id}"
        );
    }
    assert!(matches!(
        s.record("p", "2026-1-30", "k", &[]),
        Err(DailyError::BadDate(_))
    ));
    assert!(matches!(
        s.record("p", DAY, "k", &[att(1.0, 1), att(f64::NAN, 2)]),
        Err(DailyError::BadTokens { index: 2, .. })
    ));
    assert!(matches!(
        s.record("p", DAY, "k", &[att(-1.0, 1)]),
        Err(DailyError::BadTokens { .. })
    ));
    assert!(!dir.exists(), "nothing may be created for rejected input");
    assert!(validate_pattern_id("ci-sweeper").is_ok());
    assert!(validate_pattern_id("team.v2_x").is_ok());
}

#[test]
fn threads_do_not_lose_updates() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_path_buf();
    std::thread::scope(|sc| {
        for t in 0..8 {
            let dir = dir.clone();
            sc.spawn(move || {
                let s = DailySpend::new(dir);
                for i in 0..10 {
                    s.record("p", DAY, &format!("{t}/{i}"), &[att(100.0, 1)])
                        .unwrap();
                }
            });
        }
    });
    assert_eq!(DailySpend::new(&dir).today_total("p", DAY).unwrap(), 8000.0);
}

#[test]
fn fingerprint_is_fnv1a() {
    assert_eq!(fingerprint(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fingerprint(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_ne!(fingerprint(b"{\"a\":1}"), fingerprint(b"{\"a\":2}"));
}

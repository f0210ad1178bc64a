//! `loop replay` end to end on the trajectories in `crates/context/tests/data`: the table a
//! person reads (snapshot), JSON Lines, directory input, strategy selection and the exit codes.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../context/tests/data")
        .join(name)
}

fn replay() -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("loop"));
    c.arg("replay");
    c
}

/// The small OpenHands trajectory: 2 model calls.
const SMALL: &str = "openhands_runtime_traj_basic_2048.json";
/// Two runs in one file: 4 and 22 model calls.
const RESOLVER: &str = "openhands_resolver_mock_output.jsonl";

fn json_lines(c: &mut Command) -> Vec<Value> {
    let out = c.arg("--json").assert().code(0).get_output().stdout.clone();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn stderr_of(c: &mut Command, code: i32) -> String {
    let out = c.assert().code(code).get_output().clone();
    assert!(out.stdout.is_empty(), "stdout: {:?}", out.stdout);
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn table_snapshot() {
    let out = replay()
        .arg(data("miniswe_github_issue_messages.traj.json"))
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    insta::assert_snapshot!(text);
}

#[test]
fn json_lines_shape_and_ranges() {
    let rows = json_lines(replay().arg(data(RESOLVER)));
    // Two runs × three strategies, run by run, in the default order.
    let keys: Vec<(String, String)> = rows
        .iter()
        .map(|r| {
            let s = r["strategy"].as_str().unwrap();
            let s = if s.starts_with("ours") { "ours" } else { s };
            (r["trajectory"].as_str().unwrap().to_string(), s.to_string())
        })
        .collect();
    let want: Vec<(String, String)> = [RESOLVER.to_string(), format!("{RESOLVER}#2")]
        .iter()
        .flat_map(|t| ["full", "last5", "ours"].map(|s| (t.clone(), s.to_string())))
        .collect();
    assert_eq!(keys, want);
    for r in &rows {
        let steps = r["steps"].as_u64().unwrap();
        let total = r["total_prompt_tokens"].as_u64().unwrap();
        let peak = r["peak_prompt_tokens"].as_u64().unwrap();
        let reuse = r["prefix_reuse"].as_f64().unwrap();
        let steady = r["prefix_reuse_steady"].as_f64().unwrap();
        assert!(steps > 0 && peak > 0, "{r}");
        assert!(peak <= total && total <= peak * steps, "{r}");
        assert!((0.0..=1.0).contains(&reuse), "{r}");
        assert!((0.0..=1.0).contains(&steady), "{r}");
        assert!(r["condensations"].as_u64().is_some(), "{r}");
        for k in ["task_present_all", "calls_paired_all", "recallable_all"] {
            assert!(r[k].is_boolean(), "{k}: {r}");
        }
    }
    assert_eq!(rows[0]["steps"], 4);
    assert_eq!(rows[3]["steps"], 22);
}

#[test]
fn ours_beats_full_on_the_22_step_run() {
    let rows = json_lines(replay().arg(data(RESOLVER)).args(["-s", "full,ours"]));
    let get = |prefix: &str| {
        rows.iter()
            .find(|r| {
                r["trajectory"] == format!("{RESOLVER}#2")
                    && r["strategy"].as_str().unwrap().starts_with(prefix)
            })
            .unwrap()
    };
    let (full, ours) = (get("full"), get("ours"));
    let total = |r: &Value| r["total_prompt_tokens"].as_u64().unwrap();
    assert!(total(full) >= total(ours), "full {full}\nours {ours}");
    assert_eq!(ours["task_present_all"], true);
    assert_eq!(ours["calls_paired_all"], true);
    assert_eq!(ours["recallable_all"], true);
}

#[test]
fn directory_input_is_sorted_and_skips_markdown() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "miniswe_github_issue_messages.traj.json",
        SMALL,
        "README.md",
    ] {
        std::fs::copy(data(name), dir.path().join(name)).unwrap();
    }
    let rows = json_lines(replay().arg(dir.path()).args(["--strategy", "full"]));
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["trajectory"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["miniswe_github_issue_messages.traj.json", SMALL]);
}

#[test]
fn strategies_follow_the_flags_in_order_without_repeats() {
    let rows = json_lines(
        replay()
            .arg(data(SMALL))
            .args(["--strategy", "ours,last5", "-s", "full", "-s", "last5"])
            .args(["--condenser", "mask"]),
    );
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["strategy"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ours(mask)", "last5", "full"]);
}

#[test]
fn human_output_without_ours_has_no_comparison() {
    let out = replay()
        .arg(data(SMALL))
        .args(["-s", "last5", "--model", "claude-sonnet-4"])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.starts_with("tokens   claude-sonnet-4 (estimated"),
        "{text}"
    );
    assert!(!text.contains("ours"), "{text}");
    assert_eq!(text.lines().filter(|l| l.contains(SMALL)).count(), 1);
}

#[test]
fn missing_file_exits_2_naming_it_and_prints_nothing() {
    let err = stderr_of(replay().arg(data(SMALL)).arg("no/such.traj"), 2);
    assert!(err.contains("no/such.traj"), "{err}");
}

#[test]
fn unknown_format_exits_2_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("notes.json");
    std::fs::write(&bad, "{\"hello\": 1}").unwrap();
    let err = stderr_of(replay().arg(data(SMALL)).arg(&bad), 2);
    assert!(err.contains(&bad.display().to_string()), "{err}");
    assert!(err.contains("unrecognised"), "{err}");
}

#[test]
fn bad_flags_exit_2_naming_the_flag() {
    for (args, flag) in [
        (&["--strategy", "all"][..], "--strategy"),
        (&["--window", "0"], "--window"),
        (&["--condenser", "zip"], "--condenser"),
        (&["--summary-threshold", "1.5"], "--summary-threshold"),
        (&["--batch", "0"], "--batch"),
        (&["--summary-keep", "0"], "--summary-keep"),
        (
            &["--condenser", "summary", "--keep-last", "3"],
            "--keep-last",
        ),
    ] {
        let err = stderr_of(replay().arg(data(SMALL)).args(args), 2);
        assert!(err.contains(flag), "{args:?}: {err}");
    }
    stderr_of(&mut replay(), 2);
}

#[test]
fn help_documents_exit_codes() {
    let out = replay().arg("--help").assert().code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("Exit codes: 0"), "{text}");
    let top = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .arg("--help")
        .assert()
        .code(0);
    let top = String::from_utf8(top.get_output().stdout.clone()).unwrap();
    assert!(top.contains("replay"), "{top}");
    let bash = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .args(["completions", "bash"])
        .assert()
        .code(0);
    let bash = String::from_utf8(bash.get_output().stdout.clone()).unwrap();
    assert!(
        bash.contains("loop__subcmd__replay)"),
        "no replay in completions"
    );
    assert!(
        bash.contains("--summary-threshold"),
        "no replay flags in completions"
    );
}

/// Two OpenHands actions before their observations: the first call has no result when the
/// second action is taken (a cut turn), so it is repaired with the interrupted result.
const UNPAIRED: &str = r#"[
 {"id":0,"action":"message","source":"user","args":{"content":"fix the bug"}},
 {"id":1,"action":"run","source":"agent","args":{"command":"ls","thought":"look"}},
 {"id":2,"action":"run","source":"agent","args":{"command":"pwd","thought":"where"}},
 {"id":3,"observation":"run","cause":1,"content":"a b"},
 {"id":4,"observation":"run","cause":2,"content":"/x"},
 {"id":5,"action":"finish","source":"agent","args":{"thought":"done"}}
]"#;

#[test]
fn a_cut_turn_is_repaired_and_reported_and_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("unpaired.json");
    std::fs::write(&f, UNPAIRED).unwrap();
    for r in json_lines(replay().arg(&f)) {
        assert_eq!(r["repaired_calls"], 1, "{r}");
        assert_eq!(r["calls_paired_all"], true, "{r}");
        assert_eq!(r["recallable_all"], true, "{r}");
    }
}

#[test]
fn files_with_the_same_name_are_told_apart_by_path() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["a", "b"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
        std::fs::copy(data(SMALL), dir.path().join(sub).join("run.json")).unwrap();
    }
    let out = replay()
        .arg(dir.path().join("a/run.json"))
        .arg(dir.path().join("b/run.json"))
        .arg("--json")
        .assert()
        .code(0);
    let names: std::collections::BTreeSet<String> =
        String::from_utf8(out.get_output().stdout.clone())
            .unwrap()
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["trajectory"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let sep = std::path::MAIN_SEPARATOR;
    assert!(
        names
            .iter()
            .any(|n| n.ends_with(&format!("a{sep}run.json"))),
        "{names:?}"
    );
    assert!(
        names
            .iter()
            .any(|n| n.ends_with(&format!("b{sep}run.json"))),
        "{names:?}"
    );
}

#[test]
fn price_cards_bill_every_strategy_and_ours_never_costs_more_than_full() {
    let rows = json_lines(replay().arg(data(RESOLVER)).args([
        "--price-card",
        "anthropic",
        "--price-card",
        "openai:gpt-4.1",
    ]));
    for r in &rows {
        let bills = r["bills"].as_array().unwrap();
        assert_eq!(bills.len(), 2);
        assert_eq!(bills[0]["card"], "anthropic:sonnet-4.5");
        assert!(bills[1]["cost"].as_f64().unwrap() > 0.0);
    }
    for run in rows.chunks(3) {
        let cost = |i: usize, k: usize| run[i]["bills"][k]["cost"].as_f64().unwrap();
        for k in 0..2 {
            assert!(
                cost(2, k) <= cost(0, k) * 1.000_001,
                "{:?}",
                run[2]["trajectory"]
            );
        }
    }
}

#[test]
fn dump_writes_every_request_of_every_strategy() {
    let dir = tempfile::tempdir().unwrap();
    replay()
        .arg(data(SMALL))
        .arg("--dump")
        .arg(dir.path())
        .assert()
        .code(0);
    let run = dir.path().join(SMALL);
    let mut strategies: Vec<String> = std::fs::read_dir(&run)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    strategies.sort();
    assert_eq!(strategies, ["full", "last5", "ours(mask+summary)"]);
    let req: Value =
        serde_json::from_slice(&std::fs::read(run.join("full").join("0001.json")).unwrap())
            .unwrap();
    assert!(req["messages"].as_array().is_some_and(|m| !m.is_empty()));
}

#[test]
fn an_unreadable_record_exits_2_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("runs.jsonl");
    let good = std::fs::read_to_string(data(RESOLVER)).unwrap();
    let first = good.lines().next().unwrap();
    std::fs::write(&f, format!("{first}\n{{\"history\": [\n")).unwrap();
    let err = stderr_of(replay().arg(&f), 2);
    assert!(err.contains("runs.jsonl: line 2"), "{err}");
}

#[test]
fn a_call_without_result_is_repaired_for_every_strategy() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("cut.json");
    let msgs = serde_json::json!([
        {"role": "user", "content": "the task"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "a", "function": {"name": "bash", "arguments": "{\"command\": \"ls\"}"}}]},
        {"role": "assistant", "content": "the run was cut here and resumed"},
        {"role": "assistant", "content": "done"}
    ]);
    std::fs::write(&f, msgs.to_string()).unwrap();
    for r in json_lines(replay().arg(&f)) {
        assert_eq!(r["repaired_calls"], 1);
        assert_eq!(r["calls_paired_all"], true, "{r}");
    }
}

#[test]
fn a_bad_price_card_exits_2_naming_it() {
    let err = stderr_of(replay().arg(data(SMALL)).args(["--price-card", "acme"]), 2);
    assert!(
        err.contains("--price-card") && err.contains("acme"),
        "{err}"
    );
}

/// `--no-digest` turns the priced digest off: on a real mini-swe-agent run the digest replaces old
/// turns (fewer tokens billed, a lower peak) and the invariants hold either way.
#[test]
fn no_digest_turns_the_priced_digest_off() {
    let run = |extra: &[&str]| {
        let rows = json_lines(
            replay()
                .arg(data("miniswe_v2_deepseek_django-11099.traj.json"))
                .args(["--strategy", "ours"])
                .args(extra),
        );
        rows.into_iter().next().unwrap()
    };
    let (with, without) = (run(&[]), run(&["--no-digest"]));
    let n = |r: &Value, k: &str| r[k].as_u64().unwrap();
    assert!(n(&with, "total_prompt_tokens") < n(&without, "total_prompt_tokens"));
    assert!(n(&with, "peak_prompt_tokens") < n(&without, "peak_prompt_tokens"));
    assert_ne!(n(&with, "condensations"), n(&without, "condensations"));
    for r in [&with, &without] {
        assert_eq!(r["task_present_all"], true);
        assert_eq!(r["calls_paired_all"], true);
        assert_eq!(r["recallable_all"], true);
    }
}

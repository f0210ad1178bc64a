//! `loop cost` end to end: own registries, the improvements over loop-cost 1.2.0, and the report
//! a person reads (snapshot).

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use std::fs;

use assert_cmd::Command;

fn cost() -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("loop"));
    c.arg("cost");
    c
}

fn stdout_of(c: &mut Command) -> String {
    String::from_utf8(c.assert().code(0).get_output().stdout.clone()).unwrap()
}

const TEAM_YAML: &str = "\
patterns:
  - id: nightly-docs
    name: Nightly Docs
    goal: ignored by loop cost
    cadence: 1d
    token_cost: low
    tools: [x, y]
    cost:
      tokens_noop: 1000
      tokens_report: 20000
      tokens_action: 50000
      stable_fraction: 0.5
      suggested_daily_cap: 30000
      early_exit_required: false
";

#[test]
fn own_registry_in_yaml_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let yaml = dir.path().join("team.yaml");
    fs::write(&yaml, TEAM_YAML).unwrap();
    let out = stdout_of(cost().args(["--list", "--registry"]).arg(&yaml));
    assert_eq!(out, "nightly-docs\tlow\t1d\n");
    let out = stdout_of(
        cost()
            .args(["-p", "nightly-docs", "-l", "L2", "--json", "--registry"])
            .arg(&yaml),
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // L2 without early exit: 0.5 × 1000 + 0.3 × 20000 + 0.2 × 50000 = 16500 per run, 1 run a day.
    assert_eq!(v["scenarios"]["realistic"]["tokensPerRun"], 16500);
    assert_eq!(v["runsPerDay"], 1);

    let json_path = dir.path().join("team.json");
    let doc: serde_json::Value = team_registry_json();
    fs::write(&json_path, doc.to_string()).unwrap();
    let out = stdout_of(
        cost()
            .args(["-p", "nightly-docs", "--json", "--registry"])
            .arg(&json_path),
    );
    let w: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(w["patternName"], "Nightly Docs");
    // The built-in patterns are not in a team registry.
    cost()
        .args(["-p", "ci-sweeper", "--registry"])
        .arg(&yaml)
        .assert()
        .code(1);
}

/// The YAML registry above, as JSON (written by hand to keep the test free of a YAML parser).
fn team_registry_json() -> serde_json::Value {
    serde_json::json!({"patterns": [{
        "id": "nightly-docs", "name": "Nightly Docs", "cadence": "1d", "token_cost": "low",
        "cost": {"tokens_noop": 1000, "tokens_report": 20000, "tokens_action": 50000,
                 "stable_fraction": 0.5, "suggested_daily_cap": 30000, "early_exit_required": false}
    }]})
}

#[test]
fn bad_registry_files_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yaml");
    fs::write(&bad, "patterns:\n  - id: a\n    name: A\n    cadence: 1h\n    token_cost: low\n    cost: {tokens_noop: -5, tokens_report: 1, tokens_action: 1, suggested_daily_cap: 1, early_exit_required: true}\n").unwrap();
    let err = cost()
        .arg("--registry")
        .arg(&bad)
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(err).unwrap();
    assert!(
        err.contains("bad.yaml") && err.contains("cost.tokens_noop"),
        "{err}"
    );
    let missing = dir.path().join("missing.yaml");
    cost().arg("--registry").arg(&missing).assert().code(1);
}

#[test]
fn improvements_over_the_reference() {
    // Unknown flag: named in the error.
    let err = cost()
        .args(["--pattern", "ci-sweeper", "--bogus"])
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(err).unwrap().contains("--bogus"));
    // Zero and malformed cadences.
    for c in ["0m", "0h-15m", "15", "1w", "5m-"] {
        cost().args(["-p", "ci-sweeper", "-c", c]).assert().code(1);
    }
    // Slower than daily: fractional runs, non-zero estimates.
    let v: serde_json::Value = serde_json::from_str(&stdout_of(cost().args([
        "-p",
        "daily-triage",
        "-c",
        "2d",
        "--json",
    ])))
    .unwrap();
    assert_eq!(v["runsPerDay"], 0.5);
    assert_eq!(v["scenarios"]["realistic"]["tokensPerDay"], 11500);
    // --list --json is JSON.
    let v: serde_json::Value =
        serde_json::from_str(&stdout_of(cost().args(["--list", "--json"]))).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 7);
    assert_eq!(v[2]["id"], "ci-sweeper");
    assert_eq!(v[2]["suggestedDailyCap"], 1_000_000);
}

#[test]
fn report_snapshot() {
    let out = stdout_of(cost().args([
        "-p",
        "pr-babysitter",
        "-l",
        "L3",
        "-o",
        "parallel:10",
        "--with-caching",
        "-c",
        "7m",
    ]));
    insta::assert_snapshot!(out);
}

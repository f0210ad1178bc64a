//! Estimator tests: the reference table of per-run budgets, warnings, caching, properties.

use super::*;
use proptest::prelude::*;

fn reg() -> Registry {
    Registry::embedded().unwrap()
}

fn est(pattern: &str, level: &str) -> Estimate {
    estimate(
        &reg(),
        &EstimateRequest {
            pattern,
            level: Some(level),
            ..Default::default()
        },
    )
    .unwrap()
}

#[test]
fn per_run_budgets_match_the_reference_table() {
    // pattern, L1, L2, L3, caching L2, action, report (spec §6.1)
    let table: [(&str, f64, f64, f64, f64, f64, f64); 7] = [
        (
            "pr-babysitter",
            10700.0,
            23050.0,
            91700.0,
            15789.0,
            250000.0,
            80000.0,
        ),
        (
            "daily-triage",
            23000.0,
            57500.0,
            69500.0,
            39388.0,
            200000.0,
            50000.0,
        ),
        (
            "ci-sweeper",
            9500.0,
            19250.0,
            69500.0,
            13186.0,
            200000.0,
            50000.0,
        ),
        (
            "post-merge-cleanup",
            19000.0,
            44500.0,
            53500.0,
            30483.0,
            150000.0,
            40000.0,
        ),
        (
            "dependency-sweeper",
            10500.0,
            25250.0,
            98000.0,
            17296.0,
            300000.0,
            60000.0,
        ),
        (
            "changelog-drafter",
            17000.0,
            29000.0,
            34250.0,
            19865.0,
            80000.0,
            35000.0,
        ),
        (
            "issue-triage",
            13800.0,
            22500.0,
            26700.0,
            15413.0,
            60000.0,
            30000.0,
        ),
    ];
    let r = reg();
    for (p, l1, l2, l3, cache, action, report) in table {
        let b = |level: &str, scenario: &str| {
            per_run_budget(
                &r,
                &BudgetRequest {
                    pattern: p,
                    level: Some(level),
                    scenario: Some(scenario),
                    ..Default::default()
                },
            )
            .unwrap()
        };
        assert_eq!(b("L1", "realistic"), l1, "{p}");
        assert_eq!(b("L2", "realistic"), l2, "{p}");
        assert_eq!(b("L3", "realistic"), l3, "{p}");
        assert_eq!(b("L2", "caching"), cache, "{p}");
        assert_eq!(b("L2", "action"), action, "{p}");
        assert_eq!(b("L2", "report"), report, "{p}");
    }
}

#[test]
fn budget_errors_have_the_reference_text() {
    let r = reg();
    let e = |req: BudgetRequest<'_>| per_run_budget(&r, &req).unwrap_err().to_string();
    assert_eq!(
        e(BudgetRequest {
            pattern: "nope",
            ..Default::default()
        }),
        "Unknown pattern: nope. Use --list for ids."
    );
    assert_eq!(
        e(BudgetRequest {
            pattern: "ci-sweeper",
            level: Some("l2"),
            ..Default::default()
        }),
        "Invalid level: l2. Valid: L1, L2, L3"
    );
    assert_eq!(
        e(BudgetRequest {
            pattern: "nope",
            scenario: Some("noop"),
            ..Default::default()
        }),
        "Invalid --budget-scenario: noop. Valid: realistic, action, report, caching"
    );
    assert_eq!(
        e(BudgetRequest {
            pattern: "ci-sweeper",
            cadence: Some("xyz"),
            ..Default::default()
        }),
        "loop-cost failed: Invalid cadence interval: xyz"
    );
    assert!(
        e(BudgetRequest {
            pattern: "ci-sweeper",
            cadence: Some("0m"),
            ..Default::default()
        })
        .contains("must be greater than zero")
    );
    assert_eq!(
        daily_cap(
            &r,
            &BudgetRequest {
                pattern: "ci-sweeper",
                level: Some("L2"),
                ..Default::default()
            }
        ),
        Ok(1_000_000.0)
    );
    let no_cache = Registry::from_text(
        "patterns:\n  - id: a\n    name: A\n    cadence: 1h\n    token_cost: low\n    cost: {tokens_noop: 1, tokens_report: 2, tokens_action: 3, suggested_daily_cap: 4, early_exit_required: true}\n",
        RegistryFormat::Yaml,
    )
    .unwrap();
    assert_eq!(
        per_run_budget(
            &no_cache,
            &BudgetRequest {
                pattern: "a",
                scenario: Some("caching"),
                ..Default::default()
            }
        ),
        Err(BudgetError::NoCachingScenario)
    );
}

#[test]
fn ci_sweeper_l2_matches_the_reference_json() {
    let e = est("ci-sweeper", "L2");
    assert_eq!(e.runs_per_day, 288.0);
    assert_eq!(e.noop.tokens_per_day, 1_440_000.0);
    assert_eq!(e.realistic.tokens_per_day, 5_544_000.0);
    assert_eq!(e.warnings.len(), 4);
    assert!(
        e.to_json()
            .starts_with("{\n  \"patternId\": \"ci-sweeper\",\n  \"patternName\": \"CI Sweeper\",")
    );
    assert!(!e.to_json().ends_with('\n'));
}

#[test]
fn checks_run_in_reference_order() {
    let r = reg();
    let err = |req: EstimateRequest<'_>| estimate(&r, &req).unwrap_err();
    // Unknown pattern beats a bad level; a bad level beats a bad orchestration; cadence is last.
    assert!(matches!(
        err(EstimateRequest {
            pattern: "nope",
            level: Some("L9"),
            ..Default::default()
        }),
        CostError::UnknownPattern(_)
    ));
    assert!(matches!(
        err(EstimateRequest {
            pattern: "ci-sweeper",
            level: Some("L9"),
            orchestration: Some("garbage"),
            ..Default::default()
        }),
        CostError::InvalidLevel(_)
    ));
    assert!(matches!(
        err(EstimateRequest {
            pattern: "ci-sweeper",
            orchestration: Some("garbage"),
            cadence: Some("bad"),
            ..Default::default()
        }),
        CostError::InvalidOrchestration(_)
    ));
}

#[test]
fn huge_orchestration_prints_like_javascript() {
    let e = estimate(
        &reg(),
        &EstimateRequest {
            pattern: "ci-sweeper",
            level: Some("L2"),
            orchestration: Some("parallel:99999999999999999999"),
            ..Default::default()
        },
    )
    .unwrap();
    let j = e.to_json();
    assert!(j.contains("\"tokensPerRun\": 2e+25"), "{j}");
    assert!(
        j.contains("\"tokensPerRun\": 1.0000000000000001e+24"),
        "{j}"
    );
    assert!(
        j.contains("\"tokensPerDay\": 2.8800000000000005e+26"),
        "{j}"
    );
}

#[test]
fn fractional_cadence_gives_fractional_runs_and_whole_tokens() {
    let e = estimate(
        &reg(),
        &EstimateRequest {
            pattern: "daily-triage",
            cadence: Some("2d"),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(e.runs_per_day, 0.5);
    assert_eq!(e.noop.tokens_per_day, 2500.0);
    assert_eq!(e.realistic.tokens_per_day, 11500.0);
    assert!(e.to_text().contains("Cadence: 2d  →  0.5 runs/day"));
    let week = estimate(
        &reg(),
        &EstimateRequest {
            pattern: "issue-triage",
            cadence: Some("7d"),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(week.noop.tokens_per_day, 429.0); // 3000 / 7 = 428.57…
    assert!(week.to_text().contains("0.143 runs/day"));
}

#[test]
fn text_report_layout() {
    let t = est("changelog-drafter", "L2").to_text();
    assert!(t.starts_with("\nLoop Cost Estimate — Changelog Drafter (changelog-drafter)\n"));
    assert!(t.contains("\n  Early-exit / no-op:  5k  (5k/run)\n"));
    assert!(t.contains("\n  Full triage:         35k  (35k/run)\n"));
    assert!(
        t.ends_with("Docs: docs/operating-loops.md · Scaffold: npx @cobusgreyling/loop-init\n\n")
    );
    assert!(!t.contains("Warnings:"), "1 run/day at 100k cap: {t}");
}

#[test]
fn list_outputs() {
    let r = reg();
    assert!(
        r.list_text()
            .starts_with("pr-babysitter\thigh\t5m-15m\ndaily-triage\tlow\t1d-2h\n")
    );
    let j = r.list_json();
    assert!(
        j.starts_with("[\n  {\n    \"id\": \"pr-babysitter\",\n    \"name\": \"PR Babysitter\","),
        "{j}"
    );
}

proptest! {
    #[test]
    fn realistic_lies_between_noop_and_action(
        p in 0usize..7, l in 0usize..3, n in 1u64..2000, unit in 0usize..3, cons: bool
    ) {
        let r = reg();
        let pattern = r.patterns()[p].id.clone();
        let cadence = format!("{n}{}", ["m", "h", "d"][unit]);
        let e = estimate(&r, &EstimateRequest {
            pattern: &pattern,
            level: Some(["L1", "L2", "L3"][l]),
            cadence: Some(&cadence),
            conservative: cons,
            with_caching: true,
            ..Default::default()
        }).unwrap();
        let lo = e.noop.tokens_per_run.min(e.report.tokens_per_run);
        let hi = e.action.tokens_per_run.max(e.report.tokens_per_run);
        prop_assert!(e.realistic.tokens_per_run >= lo && e.realistic.tokens_per_run <= hi);
        prop_assert!(e.runs_per_day > 0.0 && e.runs_per_day.is_finite());
        let c = e.caching.unwrap();
        prop_assert!(c.tokens_per_run <= e.realistic.tokens_per_run);
        prop_assert!(e.noop.tokens_per_day.fract() == 0.0 && e.realistic.tokens_per_day.fract() == 0.0);
        prop_assert_eq!(e.warnings.iter().any(|w| w.starts_with("High cadence")), e.runs_per_day >= 96.0);
    }
}

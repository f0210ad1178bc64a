//! The table-driven corpus: every command and path gets exactly its expected verdict.

mod common;

#[test]
fn corpus_has_at_least_300_entries() {
    assert!(common::corpus().len() >= 300, "{}", common::corpus().len());
}

#[test]
fn every_entry_gets_its_expected_verdict() {
    let policy = common::policy();
    let mut wrong = Vec::new();
    for (tool, expected, input) in common::corpus() {
        let d = policy.check(&common::request(&tool, &input));
        if d.verdict != expected {
            let parts: Vec<String> = d
                .parts
                .iter()
                .map(|p| format!("{}:{}={}({})", p.kind, p.text, p.verdict, p.reason))
                .collect();
            wrong.push(format!(
                "{tool} {input:?}: expected {expected}, got {} ({}) parts [{}]",
                d.verdict,
                d.reason,
                parts.join("; ")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn no_entry_is_less_strict_than_expected() {
    let policy = common::policy();
    for (tool, expected, input) in common::corpus() {
        let d = policy.check(&common::request(&tool, &input));
        assert!(
            d.verdict >= expected,
            "{tool} {input:?}: {} < {expected}",
            d.verdict
        );
    }
}

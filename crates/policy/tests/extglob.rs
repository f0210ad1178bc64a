//! `gate.yaml` globs with minimatch's extglobs match as loop-gate 1.0.0 matches them:
//! `tests/data/minimatch-extglob.json` holds `[glob, path, minimatch(path, glob, {dot: true})]`
//! recorded from minimatch 10.2.6 (the version loop-gate 1.0.0 resolved) by
//! `tests/data/minimatch-extglob.mjs`.

#![allow(clippy::unwrap_used)]

use loopwright_policy::changeset::glob_matches;

#[test]
fn extglobs_match_as_minimatch_does() {
    let cases: Vec<(String, String, bool)> =
        serde_json::from_str(include_str!("data/minimatch-extglob.json")).unwrap();
    let wrong: Vec<String> = cases
        .iter()
        .filter(|(g, p, want)| glob_matches(g, p).unwrap() != *want)
        .map(|(g, p, want)| format!("{g:?} on {p:?}: minimatch says {want}"))
        .collect();
    assert!(
        wrong.is_empty(),
        "{}/{} differ:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

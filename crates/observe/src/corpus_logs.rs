//! Test support: the recorded logs of the test-data sets, for unit tests that compare two
//! implementations of one check on every real line.

#![allow(clippy::unwrap_used)]

/// The contents of every `tests/data/SET/logs/*` file of `sets`.
pub(crate) fn corpus_logs(sets: &[&str]) -> Vec<Vec<u8>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    sets.iter()
        .flat_map(|set| std::fs::read_dir(root.join(set).join("logs")).unwrap())
        .map(|entry| std::fs::read(entry.unwrap().path()).unwrap())
        .collect()
}

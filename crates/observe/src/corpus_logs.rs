//! Test support: the recorded logs of the test-data sets, for unit tests that compare two
//! implementations of one check on every real line.

use std::path::Path;

/// The contents of every `tests/data/SET/logs/*` file of `sets`; a file that cannot be read
/// fails the test with its path.
pub(crate) fn corpus_logs(sets: &[&str]) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out = Vec::new();
    for set in sets {
        let dir = root.join(set).join("logs");
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => panic!("test data {}: {e}", dir.display()),
        };
        for path in entries.flatten().map(|entry| entry.path()) {
            match std::fs::read(&path) {
                Ok(data) => out.push(data),
                Err(e) => panic!("test data {}: {e}", path.display()),
            }
        }
    }
    out
}

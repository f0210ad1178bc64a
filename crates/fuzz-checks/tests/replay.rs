//! Replays the fuzz seed corpora (`fuzz/seeds/<target>/`) and the regression corpus
//! (`fuzz/regressions/<target>/`: every input that ever crashed a target) through the checks,
//! on stable Rust, so CI needs no nightly toolchain.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    v
}

fn replay(kind: &str) -> usize {
    let mut n = 0;
    for (name, check) in loopwright_fuzz_checks::TARGETS {
        for file in files(&fuzz_dir().join(kind).join(name)) {
            let data = std::fs::read(&file).unwrap();
            let r = std::panic::catch_unwind(|| check(&data));
            assert!(r.is_ok(), "{name}: {} fails its check", file.display());
            n += 1;
        }
    }
    n
}

#[test]
fn seed_corpora_pass() {
    let n = replay("seeds");
    assert!(n >= loopwright_fuzz_checks::TARGETS.len(), "only {n} seeds");
}

#[test]
fn regression_corpus_passes() {
    replay("regressions");
}

#[test]
fn every_target_has_seeds_and_a_fuzz_binary() {
    for (name, _) in loopwright_fuzz_checks::TARGETS {
        assert!(
            !files(&fuzz_dir().join("seeds").join(name)).is_empty(),
            "no seeds for {name}"
        );
        let bin = fuzz_dir().join("fuzz_targets").join(format!("{name}.rs"));
        assert!(bin.is_file(), "no fuzz target {}", bin.display());
        assert!(loopwright_fuzz_checks::target(name).is_some());
    }
}

//! The corpus test of issue 4: on every labelled real tool output, every anchor line appears
//! verbatim in the compressed text (after ANSI removal and `\r` collapse), the output is never
//! longer than the input, and the mean size reduction over files of 200+ lines is at least 75%.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use std::path::{Path, PathBuf};

use loopwright_observe::{CompressOptions, clean_line, compress};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus")
}

struct Case {
    name: String,
    log: Vec<u8>,
    anchors: Vec<usize>,
}

fn cases() -> Vec<Case> {
    let dir = corpus_dir();
    let mut names: Vec<String> = std::fs::read_dir(dir.join("labels"))
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let log = std::fs::read(dir.join("logs").join(format!("{name}.log"))).unwrap();
            let label: serde_json::Value = serde_json::from_str(
                &std::fs::read_to_string(dir.join("labels").join(format!("{name}.json"))).unwrap(),
            )
            .unwrap();
            let anchors = label["anchors"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as usize)
                .collect();
            Case { name, log, anchors }
        })
        .collect()
}

/// Output lines, with a trailing `  [×N]` repeat count removed (the line itself is verbatim).
fn output_lines(text: &str) -> std::collections::HashSet<&str> {
    text.lines()
        .map(|l| l.split_once("  [×").map_or(l, |(a, _)| a))
        .collect()
}

#[test]
fn every_anchor_is_kept_verbatim_and_output_never_grows() {
    let cases = cases();
    assert_eq!(cases.len(), 17, "corpus files");
    let opts = CompressOptions::default();
    let mut failures = Vec::new();
    for case in &cases {
        let out = compress(&case.log, &opts);
        assert!(
            out.text.len() <= case.log.len(),
            "{}: output {} bytes > input {}",
            case.name,
            out.text.len(),
            case.log.len()
        );
        let lines: Vec<&[u8]> = case.log.split(|&b| b == b'\n').collect();
        let kept = output_lines(&out.text);
        for &a in &case.anchors {
            let want = String::from_utf8_lossy(&clean_line(lines[a - 1])).into_owned();
            if !kept.contains(want.as_str()) {
                failures.push(format!("{} line {a}: {want}", case.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "missed anchors:\n{}",
        failures.join("\n")
    );
}

#[test]
fn mean_reduction_over_large_files_is_at_least_75_percent() {
    let opts = CompressOptions::default();
    let mut reductions = Vec::new();
    for case in cases() {
        let lines = case.log.iter().filter(|&&b| b == b'\n').count();
        if lines < 200 {
            continue;
        }
        let out = compress(&case.log, &opts);
        reductions.push(1.0 - out.text.len() as f64 / case.log.len() as f64);
    }
    assert_eq!(reductions.len(), 9);
    let mean = reductions.iter().sum::<f64>() / reductions.len() as f64;
    assert!(mean >= 0.75, "mean reduction {mean:.3} over {reductions:?}");
}

#[test]
fn streaming_in_small_chunks_gives_the_same_result() {
    let opts = CompressOptions::default();
    for case in cases() {
        let whole = compress(&case.log, &opts);
        let mut c = loopwright_observe::Compressor::new(&opts);
        for chunk in case.log.chunks(777) {
            c.push(chunk);
        }
        let streamed = c.finish();
        assert_eq!(whole.unchanged, streamed.unchanged, "{}", case.name);
        if whole.unchanged.is_none() {
            assert_eq!(whole.text, streamed.text, "{}", case.name);
        }
    }
}

#[test]
fn compressed_cargo_test_output_snapshot() {
    let log = std::fs::read(corpus_dir().join("logs/cargo_test_failures.log")).unwrap();
    let out = compress(&log, &CompressOptions::default());
    insta::assert_snapshot!(out.text);
}

#[test]
fn compressed_make_output_snapshot() {
    let log = std::fs::read(corpus_dir().join("logs/make_gcc_lua_errors.log")).unwrap();
    let out = compress(&log, &CompressOptions::default());
    insta::assert_snapshot!(out.text);
}

//! Properties of the recall fallback (`loopwright_observe::recall`) alone and inside the
//! compressor: its budget bounds what it keeps, a compressed output is never longer than its
//! input, every shown line is an input line in input order, markers cover the lines they fold,
//! and streaming in any chunks gives what compressing the whole gives.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use loopwright_observe::recall::{Recall, RecallParams};
use loopwright_observe::{CompressOptions, Compressor, compress};
use proptest::prelude::*;

/// Outputs mixing repeated templates (values changing), rare lines, words of the fallback's
/// lexicon, rule-classified lines and blanks.
fn outputs() -> impl Strategy<Value = Vec<String>> {
    let line = prop_oneof![
        6 => (0u32..500).prop_map(|i| format!("downloading chunk {i} of 500")),
        4 => (0u32..99, 0u32..9).prop_map(|(a, b)| format!("  at step {a}: copied {b} files to /tmp/x{a}")),
        1 => (0u32..50).prop_map(|i| format!("checksum of chunk {i} does not match, skipping")),
        1 => (0u32..50).prop_map(|i| format!("entry {i}: missing file /etc/app{i}.conf")),
        1 => "[a-z ]{0,30}".prop_map(|s| format!("note {s}")),
        1 => Just("error: disk quota exceeded".to_owned()),
        1 => Just(String::new()),
    ];
    proptest::collection::vec(line, 0..400)
}

/// The input line numbers (1-based) that `text` shows, markers expanded; `None` when a shown
/// line is not the input line it stands for or lines come out of order.
fn covered(input: &[&str], text: &str) -> Option<Vec<u64>> {
    let mut next = 1u64;
    let mut shown = Vec::new();
    for l in text.lines() {
        if let Some(range) = l
            .strip_prefix("[… ")
            .and_then(|r| r.strip_suffix(" folded]"))
        {
            let (a, b) = range.split_once(':')?;
            let (a, b): (u64, u64) = (a.parse().ok()?, b.parse().ok()?);
            if a != next || b < a {
                return None;
            }
            next = b + 1;
            continue;
        }
        let (body, count) = match l.split_once("  [×") {
            Some((body, rest)) => {
                let n = rest.split([' ', ']']).next()?.parse::<u64>().ok()?;
                (body, n)
            }
            None => (l, 1),
        };
        if *input.get(next as usize - 1)? != body {
            return None;
        }
        shown.push(next);
        next += count;
    }
    (next as usize == input.len() + 1).then_some(shown)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_budget_bounds_what_the_fallback_keeps(lines in outputs()) {
        let p = RecallParams::default();
        let mut r = Recall::new(p);
        let mut kept = 0u64;
        for (i, l) in lines.iter().enumerate() {
            if r.wants(l.as_bytes()) {
                kept += 1;
            }
            prop_assert!(kept <= p.base_budget + (i as u64 + 1) * p.per_mille / 1000);
        }
    }

    #[test]
    fn outputs_stay_verbatim_ordered_and_no_longer(lines in outputs(), chunk in 1usize..500) {
        let input = lines.join("\n") + "\n";
        let opts = CompressOptions::default();
        let whole = compress(input.as_bytes(), &opts);
        prop_assert!(whole.text.len() <= input.len());
        if whole.unchanged.is_none() {
            let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
            prop_assert!(covered(&refs, &whole.text).is_some(), "{}", whole.text);
        }
        let mut c = Compressor::new(&opts);
        for part in input.as_bytes().chunks(chunk) {
            c.push(part);
        }
        let streamed = c.finish();
        if whole.unchanged.is_none() {
            prop_assert_eq!(&streamed.text, &whole.text);
        }
    }
}

/// A line the fallback wants, amid repeated noise, is shown; the repeated noise is not.
#[test]
fn a_rare_line_amid_repeated_noise_is_shown() {
    let mut input = String::new();
    for i in 0..300 {
        input.push_str(&format!("downloading chunk {i} of 300\n"));
        if i == 150 {
            input.push_str("checksum of chunk 150 does not match the manifest\n");
        }
    }
    let out = compress(input.as_bytes(), &CompressOptions::default());
    assert!(
        out.text
            .contains("\nchecksum of chunk 150 does not match the manifest\n"),
        "{}",
        out.text
    );
    assert!(out.text.lines().count() < 12, "{}", out.text);
}

/// A header above the line the fallback wants still reaches the finding below it (the kept
/// line's pull goes through the wanted line), and so does the tail.
#[test]
fn a_wanted_line_does_not_cut_a_pull_or_the_tail() {
    let mut input = String::new();
    for i in 0..100 {
        input.push_str(&format!("downloading chunk {i} of 300\n"));
    }
    input.push_str("Detecting the rest\n");
    for i in 0..50 {
        input.push_str(&format!("downloading chunk {i} of 300\n"));
    }
    input.push_str("Minimum required: 3.10\nIncompatible versions: 2.x\nTarget not met: 3.7\n");
    let out = compress(input.as_bytes(), &CompressOptions::default());
    assert!(
        out.text
            .ends_with("Minimum required: 3.10\nIncompatible versions: 2.x\nTarget not met: 3.7\n"),
        "{}",
        out.text
    );
}

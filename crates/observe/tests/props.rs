//! Properties: arbitrary bytes and caps never panic; caps always hold; budgets always fit
//! when they can.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use loopwright_observe::{
    Cap, CompressOptions, Compressor, Limit, cap_head_tail, compress, estimate_tokens,
    plan_turn_budget,
};
use proptest::prelude::*;

fn loggy() -> impl Strategy<Value = Vec<u8>> {
    let line = prop_oneof![
        Just(b"error[E0308]: mismatched types".to_vec()),
        Just(b"  --> src/main.rs:3:5".to_vec()),
        Just(b"warning: unused import".to_vec()),
        Just(b"   Compiling foo v1.0.0".to_vec()),
        Just(b"\x1b[31mFAILED\x1b[0m test_x".to_vec()),
        Just(b"progress 10%\rprogress 100%".to_vec()),
        Just(b"".to_vec()),
        proptest::collection::vec(any::<u8>(), 0..120),
    ];
    proptest::collection::vec(line, 0..200).prop_map(|lines| lines.join(&b'\n'))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn compress_never_panics_and_never_grows_much(input in loggy(), chunk in 1usize..300) {
        let opts = CompressOptions::default();
        let whole = compress(&input, &opts);
        // Lossy UTF-8 decoding may grow invalid bytes (1 -> 3 bytes); nothing else may.
        prop_assert!(whole.text.len() <= input.len() * 3 + 1);
        if whole.unchanged.is_none() {
            prop_assert!(whole.text.len() as f64 <= input.len() as f64 * 0.85 + 1.0);
        }
        let mut c = Compressor::new(&opts);
        for part in input.chunks(chunk) {
            c.push(part);
        }
        let streamed = c.finish();
        prop_assert_eq!(streamed.stats.lines_in, whole.stats.lines_in);
    }

    #[test]
    fn caps_hold_for_any_text(text in "\\PC{0,400}(\n\\PC{0,80}){0,40}", n in 0usize..600) {
        let total = text.chars().count();
        let c = cap_head_tail(&text, Cap::Chars(n));
        if total <= n {
            prop_assert_eq!(&c.text, &text);
            prop_assert!(!c.was_cut());
        } else {
            prop_assert!(c.text.chars().count() <= n);
            prop_assert!(c.was_cut());
            let marker = format!("cut {} chars ({} lines)", c.cut_chars, c.cut_lines);
            prop_assert!(c.text.contains(&marker) || c.text.chars().count() + c.cut_chars == total);
        }
        let t = cap_head_tail(&text, Cap::Tokens(n / 4));
        if estimate_tokens(&text) <= n / 4 {
            prop_assert_eq!(&t.text, &text);
        } else {
            prop_assert!(estimate_tokens(&t.text) <= n / 4);
        }
    }

    #[test]
    fn caps_hold_for_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..3000), n in 0usize..2000) {
        let text = String::from_utf8_lossy(&bytes);
        let c = cap_head_tail(&text, Cap::Chars(n));
        prop_assert!(c.text.chars().count() <= n || c.text == text);
        prop_assert_eq!(c.was_cut(), text.chars().count() > n);
    }

    #[test]
    fn turn_plan_spills_largest_first(sizes in proptest::collection::vec(0usize..200_000, 0..12), limit in 0usize..400_000) {
        let plan = plan_turn_budget(&sizes, Limit::Chars(limit), 300);
        let spilled: Vec<usize> = plan.spill.iter().map(|&i| sizes[i]).collect();
        prop_assert!(spilled.windows(2).all(|w| w[0] >= w[1]));
        let kept_max = sizes.iter().enumerate().filter(|(i, _)| !plan.spill.contains(i)).map(|(_, &s)| s).max().unwrap_or(0);
        if let Some(&smallest_spilled) = spilled.last() {
            prop_assert!(smallest_spilled >= kept_max || kept_max <= 300);
        }
        let total: usize = sizes.iter().enumerate().map(|(i, &s)| if plan.spill.contains(&i) { 300 } else { s }).sum();
        prop_assert_eq!(total, plan.total_chars);
        prop_assert_eq!(plan.fits, total <= limit);
    }
}

#[test]
fn huge_lines_nul_and_invalid_utf8_do_not_panic() {
    let mut input = Vec::new();
    input.extend_from_slice(b"start\nerror: a long one ");
    input.extend(std::iter::repeat_n(b'x', 10 << 20));
    input.extend_from_slice(b"\nerror: after the long line\n\0\xff\xfe bad bytes\n");
    for i in 0..100 {
        input.extend_from_slice(format!("noise line {i}\n").as_bytes());
    }
    let opts = CompressOptions::default();
    let mut c = Compressor::new(&opts);
    for part in input.chunks(64 << 10) {
        c.push(part);
    }
    let out = c.finish();
    assert!(out.text.len() < 20_000, "{}", out.text.len());
    assert!(out.text.contains("error: after the long line"));
    assert!(out.text.contains("bytes cut"));
    let whole = compress(&input, &opts);
    assert_eq!(whole.text, out.text);
}

#[test]
fn keep_patterns_and_grep_commands_keep_answer_lines() {
    let mut input = String::new();
    for i in 0..300 {
        input.push_str(&format!("src/file{i}.rs:{i}: let value = compute({i});\n"));
    }
    input.push_str("src/answer.rs:7: fn needle_in_haystack() {}\n");
    for i in 0..300 {
        input.push_str(&format!("more ordinary output {i}\n"));
    }
    // Without a keep pattern only the recall fallback keeps it (a rare line amid repeated ones).
    let opts = CompressOptions::default();
    let mut c = loopwright_observe::Compressor::new(&opts).explaining();
    c.push(input.as_bytes());
    let (_, reasons) = c.finish_explained();
    assert!(
        reasons
            .iter()
            .all(|(no, why)| *no != 301 || *why == "recall")
    );
    let opts = CompressOptions::default().with_command("grep -rn 'needle_in_\\w+' src");
    let out = compress(input.as_bytes(), &opts);
    assert!(
        out.text
            .contains("src/answer.rs:7: fn needle_in_haystack() {}")
    );
    let opts = CompressOptions::default()
        .with_keep(["answer\\.rs"])
        .unwrap();
    assert!(
        compress(input.as_bytes(), &opts)
            .text
            .contains("needle_in_haystack")
    );
    assert!(CompressOptions::default().with_keep(["("]).is_err());
}

#[test]
fn noise_runs_fold_into_markers_and_repeats_count() {
    let mut input = String::from("first line\n");
    for i in 0..100 {
        input.push_str(&format!("Downloading chunk {i} of 100 ({i}.5 MB/s)\n"));
    }
    for i in 0..50 {
        input.push_str(&format!(
            "unrelated {} text {}\n",
            "x".repeat(i % 7),
            i * 7919 % 13
        ));
    }
    input.push_str("error: disk full\nerror: disk full\nerror: disk full\nlast\n");
    let out = compress(input.as_bytes(), &CompressOptions::default());
    assert!(
        out.text
            .contains("Downloading chunk 0 of 100 (0.5 MB/s)  [×100 similar, 2:101]"),
        "{}",
        out.text
    );
    assert!(out.text.contains("error: disk full  [×3]"), "{}", out.text);
    assert!(out.text.contains(" folded]"), "{}", out.text);
    assert!(out.text.starts_with("first line\n"));
    assert!(out.text.ends_with("last\n"));
}

//! Overlap against globset as the oracle: a path both globs match is always an overlap, and every
//! overlap's witness (or a folder above it) is matched by both globs.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use globset::{GlobBuilder, GlobMatcher};
use loopwright_worktree::LockPath;
use proptest::prelude::*;

fn matcher(p: &str) -> GlobMatcher {
    GlobBuilder::new(p)
        .literal_separator(true)
        .build()
        .unwrap()
        .compile_matcher()
}

fn pattern() -> impl Strategy<Value = String> {
    let seg = prop::sample::select(vec![
        "a", "b", "a.rs", "ab", "*", "**", "*.rs", "a*", "?", "[ab]", "[!a]", "{a,b}",
    ]);
    prop::collection::vec(seg, 1..4).prop_map(|v| v.join("/"))
}

fn path() -> impl Strategy<Value = String> {
    let seg = prop::sample::select(vec!["a", "b", "a.rs", "ab", "x", "b.rs"]);
    prop::collection::vec(seg, 1..5).prop_map(|v| v.join("/"))
}

/// `path` or one of its ancestors is matched.
fn matched_at_or_above(m: &GlobMatcher, path: &str) -> bool {
    let segs: Vec<&str> = path.split('/').collect();
    (1..=segs.len()).any(|n| m.is_match(segs[..n].join("/")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_common_match_is_an_overlap(a in pattern(), b in pattern(), x in path()) {
        let (ma, mb) = (matcher(&a), matcher(&b));
        if ma.is_match(&x) && mb.is_match(&x) {
            let (la, lb) = (LockPath::parse(&a, None).unwrap(), LockPath::parse(&b, None).unwrap());
            prop_assert!(la.overlaps(&lb), "{a} vs {b}: both match {x}");
        }
    }

    #[test]
    fn every_witness_is_matched_by_both(a in pattern(), b in pattern()) {
        let (la, lb) = (LockPath::parse(&a, None).unwrap(), LockPath::parse(&b, None).unwrap());
        if let Some(w) = la.overlap_witness(&lb) {
            prop_assert!(matched_at_or_above(&matcher(&a), &w), "{a} vs {b}: witness {w:?}");
            prop_assert!(matched_at_or_above(&matcher(&b), &w), "{a} vs {b}: witness {w:?}");
        }
        prop_assert_eq!(la.overlaps(&lb), lb.overlaps(&la));
    }
}

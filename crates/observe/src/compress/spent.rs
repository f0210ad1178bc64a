//! Budgets of kept lines (issue 16, `creduce` round 2): what a reader already has enough
//! examples of folds, whatever tool printed it.
//!
//! - a located warning said at one place again and again with a different message each time
//!   (a library's `warnings.warn` call, once per package it skips) folds beyond
//!   [`PLACE_BUDGET`] at that place and category, where the same-place group of
//!   [`crate::group::same_place_warning_key`] only folds repeats of one message;
//! - a location that is a frame of a library's code (`…/site-packages/x.py:1203: in post`, the
//!   long traceback of a test runner) is not kept: frames of code the user did not write are
//!   noise, as they already are in the other frame shapes;
//! - an all-clear summary said again per item (`✔ found 0 problems`, `a.txt: 0 errors`, `no
//!   issues found`), digits masked, folds beyond [`ALL_CLEAR_BUDGET`] of its shape (it says
//!   nothing failed); since it closed an item, the line after it opens the next one, and a
//!   finding kept right under that line pulls it (the item's header).
//!
//! Memory is bounded by [`TABLE`] keys per table.

use std::collections::HashMap;

use super::hits::Hit;
use super::{Compressor, Kind, Src};

/// Warnings kept at one place and category when their messages differ.
const PLACE_BUDGET: u32 = 8;

/// All-clear lines of one shape kept.
const ALL_CLEAR_BUDGET: u32 = 2;

/// Keys remembered; beyond, new keys never fold.
const TABLE: usize = 4096;

/// The counts behind the budgets of one output.
#[derive(Debug, Default)]
pub(super) struct Spent {
    /// Warnings read per place and category.
    places: HashMap<u64, u32>,
    /// All-clear lines read per shape.
    clear: HashMap<u64, u32>,
    /// The number of the last all-clear line folded (0: none).
    clear_folded: u64,
}

impl Spent {
    /// Whether a warning at place `key` is beyond its budget (counting it).
    fn place_over(&mut self, key: u64) -> bool {
        over(&mut self.places, key, PLACE_BUDGET)
    }

    /// Whether an all-clear line of shape `key` is beyond its budget (counting it).
    fn clear_over(&mut self, key: u64) -> bool {
        over(&mut self.clear, key, ALL_CLEAR_BUDGET)
    }

    /// Lines a finding kept at line `no` pulls above it: 1 when the line above it is the
    /// first after a folded all-clear line (the header of the item it is in).
    pub(super) fn header_pull(&self, no: u64) -> usize {
        usize::from(self.clear_folded != 0 && self.clear_folded + 2 == no)
    }
}

/// Counts `key` in `table`: whether it is now beyond `budget` (never when the table is full and
/// the key new).
fn over(table: &mut HashMap<u64, u32>, key: u64, budget: u32) -> bool {
    if table.len() >= TABLE && !table.contains_key(&key) {
        return false;
    }
    let n = table.entry(key).or_insert(0);
    *n += 1;
    *n > budget
}

/// Says an item has nothing wrong: a count of zero before a word of trouble (`0 problems`,
/// `0 errors`, `found 0 issues`) and no other count before one, `no problems`/`no issues`/`no
/// errors`/`no warnings` found or detected, or `all checks passed`. Read in its first 256 bytes,
/// word by word (a regex cost 6% of the compressor's instructions).
pub(super) fn all_clear(line: &[u8]) -> bool {
    let head = &line[..line.len().min(256)];
    let words = head
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty());
    let (mut clear, mut prev): (bool, &[u8]) = (false, b"");
    let mut before: &[u8] = b"";
    for w in words {
        let bare = trim_punct(w);
        if trouble(bare) {
            if !prev.is_empty() && prev.iter().all(u8::is_ascii_digit) {
                if prev.iter().any(|&b| b != b'0') {
                    return false;
                }
                clear = true;
            } else if prev.eq_ignore_ascii_case(b"no") {
                clear = true;
            }
        } else if bare.eq_ignore_ascii_case(b"passed") && prev.eq_ignore_ascii_case(b"checks") {
            clear |= before.eq_ignore_ascii_case(b"all");
        }
        before = prev;
        prev = bare;
    }
    clear
}

/// `w` without the punctuation around it (`(0`, `errors,`, `problems)`).
fn trim_punct(w: &[u8]) -> &[u8] {
    let start = w
        .iter()
        .position(u8::is_ascii_alphanumeric)
        .unwrap_or(w.len());
    let end = w
        .iter()
        .rposition(u8::is_ascii_alphanumeric)
        .map_or(start, |e| e + 1);
    &w[start..end.max(start)]
}

/// A word of trouble a count or `no` may stand before.
fn trouble(w: &[u8]) -> bool {
    const WORDS: [&[u8]; 15] = [
        b"problem",
        b"problems",
        b"error",
        b"errors",
        b"warning",
        b"warnings",
        b"issue",
        b"issues",
        b"failure",
        b"failures",
        b"failed",
        b"vulnerabilities",
        b"finding",
        b"findings",
        b"violations",
    ];
    w.len() >= 5 && w.len() <= 15 && WORDS.iter().any(|t| w.eq_ignore_ascii_case(t))
}

/// The place and category of a located warning (`lib/x.py:253: PackageWarning`), hashed:
/// `None` for a line that is not one (see [`crate::group::same_place_warning_key`]).
pub(super) fn warning_place(line: &[u8]) -> Option<u64> {
    crate::group::same_place_warning_key(line)?;
    let t = line.trim_ascii_end();
    let sp = memchr::memchr2(b' ', b'\t', t)?;
    let rest = &t[sp..];
    let category = rest.trim_ascii_start();
    let colon = memchr::memchr(b':', category)?;
    let end = sp + (rest.len() - category.len()) + colon;
    Some(crate::normalize::hash_bytes(&t[..end]) ^ PLACE_SALT)
}

/// Keeps place keys apart from other hashes of the same bytes.
const PLACE_SALT: u64 = 0x6a09_e667_f3bc_c908;

/// Whether `line`, read as a location, is a frame of a library's code (see [`frame_location`]
/// and [`crate::generic::library_path`]).
pub(super) fn library_location(kind: Kind, line: &[u8]) -> bool {
    kind == Kind::Location && frame_location(line) && crate::generic::library_path(line)
}

/// `path.py:1203: in post`: a location naming the function it is in (a frame of a long
/// traceback), the word after it `in`.
fn frame_location(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    memchr::memmem::find(t, b": in ").is_some_and(|at| {
        t[..at]
            .rsplit(|&b| b == b':')
            .next()
            .is_some_and(|n| !n.is_empty() && n.iter().all(u8::is_ascii_digit))
    })
}

impl Compressor<'_> {
    /// [`Self::read`] (the remembered [`Self::hit`]), but not for a library's frame (see
    /// [`library_location`]).
    #[inline]
    pub(super) fn unspent_hit(&mut self, line: &[u8], anywhere: bool) -> Option<Hit> {
        self.read(line, anywhere)
            .filter(|h| !library_location(h.kind, line))
    }

    /// Whether `line` folds beyond a template's budget ([`Self::template_out`]) or one of this
    /// module's.
    pub(super) fn budget_out(
        &mut self,
        hit: Option<Hit>,
        no: u64,
        line: &[u8],
        src: Src<'_>,
    ) -> bool {
        self.template_out(hit, no, line, src) || self.spent_out(hit, no, line, src)
    }

    /// The lines a kept finding pulls above it: [`Self::pull_before`]'s, or the header of the
    /// item after a folded all-clear line ([`Spent::header_pull`]).
    pub(super) fn pulled_above(&self, hit: &Hit, no: u64, line: &[u8], block: &[u8]) -> usize {
        self.pull_before(hit, no, line, block)
            .max(self.spent.header_pull(no))
    }

    /// Folds `line` when a budget of this module is spent (see the module's doc): true when it
    /// did.
    pub(super) fn spent_out(
        &mut self,
        hit: Option<Hit>,
        no: u64,
        line: &[u8],
        src: Src<'_>,
    ) -> bool {
        let Some(hit) = hit else {
            return false;
        };
        if hit.kind == Kind::Summary
            && all_clear(line)
            && self.spent.clear_over(crate::normalize::shape_key(line))
        {
            self.spent.clear_folded = no;
            self.fold_again(None, no, line, src);
            return true;
        }
        if !matches!(hit.kind, Kind::Error | Kind::Warning | Kind::Location) {
            return false;
        }
        if warning_place(line).is_some_and(|place| self.spent.place_over(place)) {
            self.fold_finding(hit.kind, no, line, src);
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_its_location_and_category() {
        let a = b"/v/lib/site-packages/p/r.py:253: PackageWarning: Skipping a@2.1 because x";
        let b = b"/v/lib/site-packages/p/r.py:253: PackageWarning: Skipping bb@3 because y";
        let c = b"/v/lib/site-packages/p/r.py:254: PackageWarning: Skipping bb@3 because y";
        let (Some(ka), Some(kb), Some(kc)) = (warning_place(a), warning_place(b), warning_place(c))
        else {
            panic!("located warnings have a place");
        };
        assert_eq!(ka, kb);
        assert_ne!(kb, kc);
        assert_eq!(warning_place(b"src/a.py:3: error: bad"), None);
    }

    #[test]
    fn all_clear_lines_are_told() {
        assert!(all_clear(
            "✔ found 0 problems (0 errors, 0 warnings)".as_bytes()
        ));
        assert!(all_clear(b"src/a.txt: 0 errors"));
        assert!(all_clear(b"Success: no issues found in 3 source files"));
        assert!(all_clear(b"All checks passed!"));
        assert!(!all_clear(b"found 2 problems (0 errors, 2 warnings)"));
        assert!(!all_clear(b"10 errors, 0 warnings"));
        assert!(!all_clear(b"compiled 40 files"));
    }

    #[test]
    fn all_clear_lines_fold_beyond_two_and_the_next_item_keeps_its_header() {
        let mut s = Spent::default();
        let folded = (0..5).filter(|_| s.clear_over(9)).count();
        assert_eq!(folded, 3);
        assert_eq!(s.header_pull(12), 0);
        s.clear_folded = 10;
        assert_eq!(s.header_pull(12), 1);
        assert_eq!(s.header_pull(13), 0);
    }

    #[test]
    fn places_fold_beyond_their_budget() {
        let mut s = Spent::default();
        let over = (0..PLACE_BUDGET + 2).filter(|_| s.place_over(5)).count();
        assert_eq!(over, 2);
    }

    #[test]
    fn only_library_frames_are_dropped() {
        let lib = b"/v/lib/python3.11/site-packages/httpx/_client.py:1203: in post";
        assert!(library_location(Kind::Location, lib));
        assert!(!library_location(
            Kind::Location,
            b"tests/test_api.py:32: in test_x"
        ));
        assert!(!library_location(Kind::Error, lib));
        // A finding in a library's file is not a frame: it stays.
        assert!(!library_location(
            Kind::Location,
            b"/usr/lib/python3/dist-packages/a.py:3:1: E501 line too long"
        ));
    }
}

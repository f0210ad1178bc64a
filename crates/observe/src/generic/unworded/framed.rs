//! A test's name printed between two rules of dashes above the place it failed (issue 16, the
//! `wild18` set's held-out half), as Catch2 and doctest print a failed case:
//!
//! ```text
//! -------------------------------------------------------------------------------
//! series 22 behaves
//!   empty series
//! -------------------------------------------------------------------------------
//! series_test.cc:139
//! ```
//!
//! The kept location pulls the framed name (and its two rules) back. Also the blocks some hits
//! keep under them ([`detail_block`]).

use crate::rules::{Cont, Kind};

/// How many lines right above a kept location (`above`, nearest first) to keep with it: the
/// closing rule, one or two name lines and the opening rule, when they frame a name (the two
/// rules alike, ten or more dashes); else 0.
pub(crate) fn framed_pull<'a>(mut above: impl Iterator<Item = &'a [u8]>) -> usize {
    let Some(close) = above.next().filter(|l| rule(l)) else {
        return 0;
    };
    for (i, l) in above.take(3).enumerate() {
        if l == close {
            return if i == 0 { 0 } else { i + 2 };
        }
        if l.trim_ascii().is_empty() || rule(l) || l.len() > 160 {
            return 0;
        }
    }
    0
}

/// Ten or more dashes and nothing else.
fn rule(l: &[u8]) -> bool {
    l.len() >= 10 && l.iter().all(|&b| b == b'-')
}

/// The block a generic hit keeps under it, where the core's [`crate::generic::context`] would
/// keep too little: a located bare failure's flush-left detail up to the blank line (8 lines),
/// a dot leader's failed check everything it printed up to the next check's row (8: the next
/// line led by the row's first two bytes).
pub(crate) fn detail_block(line: &[u8], kind: Kind) -> Option<(Cont, u16)> {
    match kind {
        Kind::Error if failure_header(line) => Some((Cont::UntilBlank, 8)),
        Kind::Failure if crate::generic::runners::leader_failure(line) => match line {
            [a, b, ..] => Some((Cont::Section([*a, *b]), 8)),
            _ => None,
        },
        _ => None,
    }
}

/// `ledger_test.cc:270: Failure`: a location (`path.ext:N:` or `path.ext:N:M:`) and a bare
/// failure word, the detail printed flush left under it.
fn failure_header(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    // Told by the last byte first: the word's length by its last letter.
    let n = match t.last() {
        Some(b'e' | b'E') => 7,
        Some(b'd' | b'D') => 6,
        Some(b'r' | b'R') => 5,
        _ => return false,
    };
    let Some(sp) = t.len().checked_sub(n + 1).filter(|&sp| t[sp] == b' ') else {
        return false;
    };
    let word = &t[sp + 1..];
    if !matches!(
        word,
        b"Failure" | b"FAILURE" | b"Failed" | b"FAILED" | b"Error" | b"ERROR"
    ) {
        return false;
    }
    let Some(head) = t[..sp].strip_suffix(b":") else {
        return false;
    };
    let Some(colon) = memchr::memchr(b':', head) else {
        return false;
    };
    let (file, place) = (&head[..colon], &head[colon + 1..]);
    crate::generic::shapes::ends_with_ext(file)
        && !place.is_empty()
        && place.iter().all(|b| b.is_ascii_digit() || *b == b':')
        && place[0].is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pull(lines: &[&str]) -> usize {
        framed_pull(lines.iter().map(|l| l.as_bytes()))
    }

    #[test]
    fn a_name_framed_by_two_rules() {
        let r = "-------------------------------------------";
        assert_eq!(pull(&[r, "series 13 behaves", r, "more"]), 3);
        assert_eq!(pull(&[r, "  empty series", "series 22 behaves", r]), 4);
        assert_eq!(pull(&[r, r]), 0);
        assert_eq!(pull(&[r, "a", "b", "c", r]), 0);
        assert_eq!(pull(&["series 13 behaves", r]), 0);
        assert_eq!(pull(&[r, "a", "", r]), 0);
        assert_eq!(pull(&[r, "a", "-----------"]), 0);
    }

    #[test]
    fn blocks_kept_under_some_hits() {
        let block = |l: &str, k: Kind| detail_block(l.as_bytes(), k);
        assert_eq!(
            block("ledger_test.cc:270: Failure", Kind::Error),
            Some((Cont::UntilBlank, 8))
        );
        assert_eq!(
            block("python compiles..............Failed", Kind::Failure),
            Some((Cont::Section(*b"py"), 8))
        );
        assert_eq!(
            block("python compiles..............Passed", Kind::Failure),
            None
        );
        assert_eq!(block("ledger_test.cc:270: Failure", Kind::Warning), None);
        assert_eq!(
            block("x.CellError: while executing the cell:", Kind::Message),
            None
        );
    }

    #[test]
    fn located_bare_failures() {
        assert!(failure_header(b"ledger_test.cc:270: Failure"));
        assert!(failure_header(b"t/a.c:3:9: ERROR"));
        assert!(!failure_header(b"ledger_test.cc:270: Failure of the disk"));
        assert!(!failure_header(b"Build: Failed"));
        assert!(!failure_header(b"notes:3: Failure"));
    }
}

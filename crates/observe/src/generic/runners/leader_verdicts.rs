//! A check's row whose dot leader ends in a failing verdict word glued to it (issue 16, the
//! `wild18` set's tuning half): `python compiles......................Failed`. The word scan
//! does not take a word glued to dots (`a.Failed` is a name), and a row that passed is data.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Verdicts of a failed check, in any case.
const FAILING: &[&[u8]] = &[
    b"failed", b"fail", b"error", b"errored", b"broken", b"crashed", b"timeout",
];

/// The failure's signal when `t` (the line without its indentation) is a name, a leader of
/// three or more dots (blanks may follow them) and a failing verdict ending the line. Told by
/// the last byte first: it must be a letter.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    failed(t).then(|| sig(Kind::Failure, 0, false))
}

/// Whether `t` is such a row (see [`shape`]).
pub(crate) fn failed(t: &[u8]) -> bool {
    if !t.last().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let word = t
        .iter()
        .rev()
        .take(8)
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    let (head, verdict) = t.split_at(t.len() - word);
    if !matches!(head.last(), Some(b'.' | b' '))
        || !FAILING.iter().any(|f| verdict.eq_ignore_ascii_case(f))
    {
        return false;
    }
    let head = head.trim_ascii_end();
    let dots = head.iter().rev().take_while(|&&b| b == b'.').count();
    dots >= 3 && head.len() > dots
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(line: &str) -> bool {
        shape(line.trim_ascii_start().as_bytes()).is_some()
    }

    #[test]
    fn dot_leaders_ending_in_a_failing_verdict() {
        assert!(kept("python compiles........................Failed"));
        assert!(kept("json parses............................... FAILED"));
        assert!(kept("  check links ...... error"));
        assert!(!kept("python compiles........................Passed"));
        assert!(!kept(
            "no tabs.................................(no files to check)Skipped"
        ));
        assert!(!kept("...Failed"));
        assert!(!kept("see docs.Failed"));
    }
}

//! A solver's or checker's verdict said as one word in capitals alone on its line (issue 16,
//! the `wild18` set's tuning half): `SATISFIABLE`, `UNSATISFIABLE`, `UNKNOWN`, or the same
//! led by a one-letter tag, as the DIMACS result line prints it (`s UNSATISFIABLE`), and an
//! SMT solver's `unsat`/`unknown` in lower case (its `sat` lines are data). The
//! banner form (`=====UNSATISFIABLE=====`) is [`super::tallies`]'.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Verdict words that do not end in `ABLE`/`IBLE` (those are all verdicts: `SATISFIABLE`,
/// `INFEASIBLE`, `UNREACHABLE`).
const VERDICTS: &[&[u8]] = &[
    b"SAT",
    b"UNSAT",
    b"UNKNOWN",
    b"OPTIMAL",
    b"OPTIMUM",
    b"UNBOUNDED",
    b"TIMEOUT",
    b"MEMOUT",
    b"INTERRUPTED",
    b"VALID",
    b"INVALID",
    b"PROVED",
    b"DISPROVED",
    b"REFUTED",
];

/// Verdicts an SMT solver prints in lower case that say the query did not hold or was not
/// decided (`sat` is its data, one a query).
const LOWER_VERDICTS: &[&[u8]] = &[
    b"unsat",
    b"unknown",
    b"unsatisfiable",
    b"infeasible",
    b"timeout",
];

/// The verdict's signal when `t` (the line without its indentation) is one verdict word, or a
/// lower-case one-letter tag, a blank and the word. Told by the last byte first: most lines end
/// otherwise.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if t.len() > 24 {
        return None;
    }
    if t.last()?.is_ascii_lowercase() {
        return LOWER_VERDICTS
            .contains(&t)
            .then(|| sig(Kind::Summary, 0, false));
    }
    if !t.last()?.is_ascii_uppercase() {
        return None;
    }
    let word = match t {
        [tag, b' ', rest @ ..] if tag.is_ascii_lowercase() => rest,
        _ => t,
    };
    verdict_word(word).then(|| sig(Kind::Summary, 0, false))
}

/// Three or more capitals (an underscore or a hyphen may join them) that end in `ABLE` or
/// `IBLE`, or one of [`VERDICTS`].
fn verdict_word(w: &[u8]) -> bool {
    w.len() >= 3
        && w.iter()
            .all(|b| b.is_ascii_uppercase() || matches!(b, b'_' | b'-'))
        && (((w.ends_with(b"ABLE") || w.ends_with(b"IBLE")) && w.len() >= 7)
            || VERDICTS.contains(&w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(line: &str) -> bool {
        shape(line.trim_ascii_start().as_bytes()).is_some()
    }

    #[test]
    fn verdict_words_alone_or_tagged() {
        assert!(kept("SATISFIABLE"));
        assert!(kept("UNSATISFIABLE"));
        assert!(kept("s UNSATISFIABLE"));
        assert!(kept("s SATISFIABLE"));
        assert!(kept("UNKNOWN"));
        assert!(kept("  INFEASIBLE"));
        assert!(kept("s UNSAT"));
        assert!(kept("unsat"));
        assert!(kept("unknown"));
    }

    #[test]
    fn headings_and_other_capitals_are_not_verdicts() {
        assert!(!kept("NAME"));
        assert!(!kept("DESCRIPTION"));
        assert!(!kept("TABLE"));
        assert!(!kept("S UNSATISFIABLE"));
        assert!(!kept("status UNSATISFIABLE"));
        assert!(!kept("Satisfiable"));
        assert!(!kept("v 1 -2 3 0"));
        assert!(!kept("SATISFIABLE OR NOT, HERE IS MORE"));
        assert!(!kept("sat"));
        assert!(!kept("unsaturated"));
    }
}

//! A section title that counts its findings (issue 16, the `wild25` set's tuning half):
//! `Unused exports (26)`, `Unlisted dependencies (1)`, `Configuration hints (1)` — a few words,
//! the first capitalised, flush left, then a non-zero count in parentheses ending the line. The
//! rows under it are the findings (`lodash    package.json:20:21`, a bare `src/romeo.ts`): the
//! title says what they are and how many, and keeps its first [`ROWS`] rows (up to a blank).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The most words a title has before its count.
const MAX_WORDS: usize = 5;

/// The rows kept under a counted title (rule 2 of the labelling: the first 5 findings of a kind).
const ROWS: u16 = 5;

/// A counted title is a structure line keeping its first [`ROWS`] rows. `line` is the whole line, `t` the line without its indentation.
pub(super) fn shape(line: &[u8], t: &[u8]) -> Option<Signal> {
    if line.len() != t.len() || !t.first()?.is_ascii_uppercase() || t.last() != Some(&b')') {
        return None;
    }
    let open = t.iter().rposition(|&b| b == b'(')?;
    let count = &t[open + 1..t.len() - 1];
    let title = t[..open].strip_suffix(b" ")?;
    let counted = !count.is_empty()
        && count.len() <= 9
        && count.iter().all(u8::is_ascii_digit)
        && count.iter().any(|&d| d != b'0');
    let words = title.split(|&b| b == b' ');
    let worded = title.split(|&b| b == b' ').count() <= MAX_WORDS
        && words
            .into_iter()
            .all(|w| !w.is_empty() && w.iter().all(u8::is_ascii_alphabetic));
    (counted && worded).then_some(sig(Kind::Structure, ROWS, false))
}

#[cfg(test)]
mod tests {
    use super::shape;
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    fn counted(line: &str) -> bool {
        shape(line.as_bytes(), line.trim_ascii_start().as_bytes()).is_some()
    }

    /// A flush-left title of words with a non-zero count keeps its rows; a zero count, an
    /// indented line, a sentence or a call is not.
    #[test]
    fn titles_that_count_their_findings() {
        assert!(counted("Unused exports (26)"));
        assert!(counted("Configuration hints (1)"));
        assert!(!counted("Unused exports (0)"));
        assert!(!counted("  Unused exports (26)"));
        assert!(!counted("unused exports (26)"));
        assert!(!counted("Call f(26)"));
        assert!(!counted("Sum of the values below, all of them counted (3)"));
        assert!(!counted("Items, listed (x)"));
        assert_eq!(kind("Unlisted dependencies (1)"), Some(Kind::Structure));
    }
}

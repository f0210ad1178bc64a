//! The rows of a coverage summary (issue 16, the `wild25` set's held-out half): `Statements   :
//! 9.81% ( 16/163 )`, `Lines        : 8.95% ( 12/134 )` — a capitalised label, a colon, a
//! percentage and the covered and total counts in parentheses. Each row is a summary.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A summary when `t` (the line without its indentation) is `Label : N% ( a/b )`.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if !t.first()?.is_ascii_uppercase() || t.last() != Some(&b')') {
        return None;
    }
    let colon = memchr::memchr(b':', t)?;
    let label = t[..colon].trim_ascii_end();
    let rest = t[colon + 1..].trim_ascii_start();
    let percent = memchr::memchr(b'%', rest)?;
    let counts = rest[percent + 1..].trim_ascii_start();
    let counts = counts.strip_prefix(b"(")?.strip_suffix(b")")?.trim_ascii();
    let (covered, total) = counts.split_at(memchr::memchr(b'/', counts)?);
    let number = |s: &[u8]| !s.is_empty() && s.iter().all(|b| b.is_ascii_digit() || *b == b'.');
    (label.iter().all(u8::is_ascii_alphabetic)
        && number(&rest[..percent])
        && number(covered)
        && number(&total[1..]))
    .then_some(sig(Kind::Summary, 0, false))
}

#[cfg(test)]
mod tests {
    use super::shape;

    fn row(line: &str) -> bool {
        shape(line.as_bytes()).is_some()
    }

    /// Coverage rows are summaries; a label with other text, or no counts, is not.
    #[test]
    fn rows_of_a_coverage_summary() {
        assert!(row("Statements   : 9.81% ( 16/163 )"));
        assert!(row("Branches     : 100% ( 56/56 )"));
        assert!(!row("Statements   : 9.81%"));
        assert!(!row("Note: see the docs (1/2)"));
        assert!(!row("Time taken : 12% (fast)"));
    }
}

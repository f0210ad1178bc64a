//! A located comparison (issue 16, the `wild29` set's tuning half): `test_x.c:9: f: expected 7,
//! got 6`, a test program's own message printed at its place. Without the location the core
//! reads `expected …, got …` as a message; after one, only a severity or a rule code made a
//! diagnostic.

use crate::generic::steps::compared;
use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A message when `rest` (what follows a `path:N:` location) says `expected` as a word and
/// then what came instead (`got`, `received`, `actual`, `but was`, …).
#[inline]
pub(super) fn shape(rest: &[u8]) -> Option<Signal> {
    let at = memchr::memmem::find(rest, b"xpected ")?;
    let word = at > 0
        && matches!(rest[at - 1], b'e' | b'E')
        && (at == 1 || !rest[at - 2].is_ascii_alphanumeric());
    (word && compared(&rest[at + 7..])).then_some(sig(Kind::Message, 0, false))
}

#[cfg(test)]
mod tests {
    use super::shape;
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A located comparison is a message; a located line that expects without saying what came,
    /// or says `unexpected`, is data.
    #[test]
    fn a_comparison_at_its_place() {
        assert_eq!(
            kind("test_golf.c:9: golf_sum: expected 7, got 6"),
            Some(Kind::Message)
        );
        assert_eq!(
            kind("example.c:10: mean: Expected 2.00 but was 2.50"),
            Some(Kind::Message)
        );
        assert!(shape(b"expected output goes here").is_none());
        assert!(shape(b"an unexpected visitor got in").is_none());
        assert!(shape(b"f: expected 7, got 6").is_some());
    }
}

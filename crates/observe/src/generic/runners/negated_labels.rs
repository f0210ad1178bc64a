//! A label that says what something is not, leading a line (issue 16, the `wild22` set's
//! held-out half): `Not comparable: </temp> has rank 2, dimensions [25x3]`, `Not found: x`,
//! `Not supported: y`. A comparison or a check could not be made for the thing named after it.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A grouped warning when `t` (the line without its indentation) starts with `Not `, one
/// lower-case word and `: `.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let rest = t.strip_prefix(b"Not ")?;
    let n = rest.iter().take_while(|b| b.is_ascii_lowercase()).count();
    (n >= 3 && rest[n..].starts_with(b": ")).then_some(sig(Kind::Warning, 1, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// `Not comparable: x` is a warning; a sentence starting with `Not` is not.
    #[test]
    fn a_negated_label() {
        let l = "Not comparable: </temp> has rank 2, dimensions [25x3], max dimensions [25x3]";
        assert_eq!(kind(l), Some(Kind::Warning));
        assert_eq!(kind("Not all files were read, see below"), None);
    }
}

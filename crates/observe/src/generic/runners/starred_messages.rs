//! A message flagged by a leading `***` (issue 16, the `wild22` set's held-out half): an
//! interpreter's error, `  ***   at top-level: print(1/0)`, its caret line `  ***   ^---` and
//! `  *** _/_: impossible inverse in gdiv: 0.`, said with no severity word. A banner set off by
//! stars on both sides (`*** Summary ***`) is not this.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// An error when `t` (the line without its indentation) starts with `***` and a blank, then
/// text with a letter or a caret, and does not close with a star.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let rest = t.strip_prefix(b"*** ")?.trim_ascii();
    (!rest.is_empty()
        && rest.last() != Some(&b'*')
        && rest.iter().any(|b| b.is_ascii_alphabetic() || *b == b'^'))
    .then_some(sig(Kind::Error, 2, false))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A message after leading stars is an error; a banner and a row of stars are not.
    #[test]
    fn messages_flagged_by_stars() {
        assert_eq!(kind("  ***   at top-level: print(1/0)"), Some(Kind::Error));
        assert_eq!(
            kind("  *** _/_: impossible inverse in gdiv: 0."),
            Some(Kind::Error)
        );
        assert_ne!(kind("*** Summary ***"), Some(Kind::Error));
        assert_ne!(kind("*** *** ***"), Some(Kind::Error));
    }
}

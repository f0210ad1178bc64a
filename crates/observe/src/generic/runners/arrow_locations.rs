//! A failed test named in a runner's list of errors by its name, an arrow and the place it was
//! declared (issue 16, the `wild32` set's tuning half): `adds 3 => ./a_test.ts:3:8`,
//! `file:///…/m.ts#16-20.ts => ./doc/m.ts#16-20.ts:3:6`. A list printed of failures only, as
//! the header of each error block; a passing test is not listed so.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A failure when `t` (the line without its indentation) is a name, ` => ` and a location that
/// ends the line (`path.ext:N[:M]`, no blank in it).
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    // The place is the last word: the arrow is right before the line's last blank.
    let sp = memchr::memrchr(b' ', t)?;
    let name = t[..sp].strip_suffix(b" =>")?;
    let place = &t[sp + 1..];
    (!name.trim_ascii().is_empty()
        && memchr::memchr(b'\t', place).is_none()
        && crate::generic::shapes::location_only(place, None))
    .then_some(sig(Kind::Failure, 0, false))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A name, an arrow and a location is a failure header; an arrow to anything else is not.
    #[test]
    fn a_named_test_pointing_at_its_place() {
        assert_eq!(kind("adds 3 => ./tests/a_test.ts:3:8"), Some(Kind::Failure));
        assert_eq!(
            kind("group ... step two => ./a_test.ts:7:11"),
            Some(Kind::Failure)
        );
        assert_eq!(
            kind("file:///w/doc/m.ts#16-20.ts => ./doc/m.ts#16-20.ts:3:6"),
            Some(Kind::Failure)
        );
        assert_eq!(kind(" => ./a.ts:3:8"), None);
        assert_eq!(kind("x => y + 1"), None);
        assert_eq!(kind("a => ./b.ts:3:8 and more"), None);
        assert_eq!(kind("map x => x.len(3)"), None);
    }
}

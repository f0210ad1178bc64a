//! Where in its input a program stopped, said in words (issue 16, the `wild23` set's tuning
//! half): `Current file position is 540` under an interpreter's error and its stack dumps, the
//! only line naming the place in the file.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A location when `t` (the line without its indentation) ends with `position is N` or `offset
/// is N`: a sentence naming a place in the input by its byte number. `Position: 3` (a field)
/// and `position 3 of 9` (a counter) are not one.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let digits = t.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || t.len() > 200 {
        return None;
    }
    let head = t[..t.len() - digits].strip_suffix(b" is ")?;
    let word = head.rsplit(|&b| b == b' ').next()?;
    (word.eq_ignore_ascii_case(b"position") || word.eq_ignore_ascii_case(b"offset")).then_some(sig(
        Kind::Location,
        0,
        false,
    ))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// `… position is N` and `… offset is N` end a sentence naming a place; a field, a
    /// counter or a number that is no place are data.
    #[test]
    fn a_place_in_the_input_said_in_words() {
        assert_eq!(kind("Current file position is 540"), Some(Kind::Location));
        assert_eq!(kind("  read offset is 4096"), Some(Kind::Location));
        assert_eq!(kind("Position: 3"), None);
        assert_eq!(kind("position 3 of 9"), None);
        assert_eq!(kind("the answer is 42"), None);
    }
}

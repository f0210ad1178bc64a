//! A row of a numeric table with a value that came out as NaN (issue 16, the `wild29` set's
//! tuning half): `18 : 2024-01-18 00:00:00  0  48  48 :   nan   : -1`, a statistics tool's row
//! for a time step whose values were all missing. The row has no severity word; its `nan`
//! cell says the step has no value.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The fewest numeric cells a row has besides its `nan`.
const MIN_NUMBERS: usize = 2;

/// A grouped warning when `t` (a line without its indentation, led by a digit) has a cell that
/// is only `nan` (any case, after a blank; cells split at blanks, `,`, `|` and `;`) and at least
/// [`MIN_NUMBERS`] numeric cells.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if !t.first()?.is_ascii_digit() {
        return None;
    }
    // Few rows hold a lone `nan` at all: look for one before splitting the row.
    let lone = |i: usize| {
        i > 0
            && t[i - 1] == b' '
            && t.get(i..i + 3)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"nan"))
            && !t.get(i + 3).is_some_and(u8::is_ascii_alphanumeric)
    };
    if !memchr::memchr2_iter(b'n', b'N', t).any(lone) {
        return None;
    }
    let (mut nan, mut numbers) = (false, 0);
    for cell in t.split(|&b| matches!(b, b' ' | b'\t' | b',' | b'|' | b';')) {
        if cell.eq_ignore_ascii_case(b"nan") {
            nan = true;
        } else if cell.first().is_some_and(u8::is_ascii_digit)
            && cell
                .iter()
                .all(|&b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b':' | b'e' | b'+'))
        {
            numbers += 1;
        }
    }
    (nan && numbers >= MIN_NUMBERS).then_some(sig(Kind::Warning, 0, true))
}

#[cfg(test)]
mod tests {
    use super::shape;
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A numeric row with a lone `nan` cell is a warning; a name holding `nan`, a row without
    /// numbers or a line not led by a digit is not.
    #[test]
    fn rows_with_a_nan_cell() {
        let row = "    18 : 2024-01-18 00:00:00       0       48      48 :        nan     : -1  ";
        assert_eq!(kind(row), Some(Kind::Warning));
        assert!(shape(b"3  0.25  NaN  7.5").is_some());
        assert!(shape(b"3, 4.5, nan, 2").is_some());
        assert!(shape(b"3 nancy 4 5").is_none());
        assert!(shape(b"3 nan").is_none());
        assert!(shape(b"value nan 3 4").is_none());
    }
}

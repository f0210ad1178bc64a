//! A line of three or more comma-separated counts, each a number (a percentage too) and what
//! it counts: `40 packets transmitted, 40 packets received, 0% packet loss`, `3 sent, 3
//! received, 0 lost`. A probe's or a transfer's summary names no severity word and no test
//! count, yet says how the run went.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A summary when `t` (led by a digit) is at least three `N word…` segments joined by `, `.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    // The first count's shape first: most lines led by a digit (times, dates, sizes) fail here.
    if !t.first()?.is_ascii_digit() || t.len() > 200 || !counted(t) {
        return None;
    }
    let mut n = 0;
    for seg in t.split(|&b| b == b',') {
        if !counted(seg.trim_ascii_start()) {
            return None;
        }
        n += 1;
    }
    (n >= 3).then_some(sig(Kind::Summary, 0, false))
}

/// Whether `seg` is a number (digits, a point, a `%`), a blank and a word of letters.
fn counted(seg: &[u8]) -> bool {
    let d = seg.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = &seg[d..];
    let frac = rest
        .iter()
        .take_while(|b| b.is_ascii_digit() || matches!(b, b'.' | b'%'))
        .count();
    d > 0
        && rest[frac..]
            .strip_prefix(b" ")
            .is_some_and(|w| w.first().is_some_and(u8::is_ascii_alphabetic))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// Three or more counts joined by commas are a summary; two, a list of numbers, and a
    /// sentence with commas are not.
    #[test]
    fn comma_separated_counts() {
        assert_eq!(
            kind("40 packets transmitted, 40 packets received, 0% packet loss"),
            Some(Kind::Summary)
        );
        assert_eq!(kind("3 sent, 3 received, 0 lost"), Some(Kind::Summary));
        assert_eq!(kind("3 sent, 3 received"), None);
        assert_eq!(kind("1, 2, 3"), None);
        assert_eq!(kind("2 cats, a dog, 4 birds"), None);
    }
}

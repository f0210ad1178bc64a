//! A failure said by the phrase that leads the line, with no severity word after it: `Did not
//! find 'enterprises' in module #-1 (…)`, `Didn't receive a reply`, `Timeout: No Response from
//! 127.0.0.1:161`, `Timeout waiting for the lock`. A `Timeout:` label followed by a number is a
//! setting printed, not a failure.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Verbs whose negation (`did not …`) says an expected result did not come.
const VERBS: &[&[u8]] = &[
    b"find ",
    b"match",
    b"receive",
    b"respond",
    b"start",
    b"finish",
    b"complete",
    b"converge",
    b"return",
    b"get ",
    b"load",
    b"exit",
];

/// An error when `t` begins with `Did not`/`Didn't` and such a verb, or with `Timeout` and a
/// word (after a colon or a blank).
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let rest = match t.first()? {
        b'D' | b'd' => t
            .get(..8)
            .filter(|h| h.eq_ignore_ascii_case(b"did not "))
            .map(|_| &t[8..])
            .or_else(|| {
                t.get(..7)
                    .filter(|h| h.eq_ignore_ascii_case(b"didn't "))
                    .map(|_| &t[7..])
            })?,
        b'T' | b't' => {
            let after = t.get(..7).filter(|h| h.eq_ignore_ascii_case(b"timeout"))?;
            let word = t[after.len()..]
                .strip_prefix(b":")
                .unwrap_or(&t[after.len()..])
                .strip_prefix(b" ")?
                .trim_ascii_start();
            return word
                .first()
                .is_some_and(u8::is_ascii_alphabetic)
                .then_some(sig(Kind::Error, 2, true));
        }
        _ => return None,
    };
    VERBS
        .iter()
        .any(|v| rest.len() >= v.len() && rest[..v.len()].eq_ignore_ascii_case(v))
        .then_some(sig(Kind::Error, 2, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A negated result and a timeout leading the line are errors; other negations, a timeout
    /// setting and a word that only begins with `timeout` are not.
    #[test]
    fn failures_said_by_the_leading_phrase() {
        assert_eq!(
            kind("Did not find 'DisplayString' in module #-1 (/usr/share/x/A-MIB.txt)"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("didn't receive a reply from 10.0.0.2"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("Timeout: No Response from 127.0.0.1:161"),
            Some(Kind::Error)
        );
        assert_eq!(kind("Timeout waiting for the lock"), Some(Kind::Error));
        assert_eq!(kind("Did not change anything"), None);
        assert_eq!(kind("Timeout: 30"), None);
        assert_eq!(kind("Timeouts: none"), None);
        assert_eq!(kind("timeout=5"), None);
    }
}

//! A measured value that came out as NaN (issue 16, the `wild22` set's held-out half): a
//! cross-validation fit that failed, `[CV 1/3] END C=0.01, solver=lbfgs;, score=nan total
//! time=   0.0s`, a training step whose `loss=nan`. The fit or step failed; its line has no
//! severity word.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A grouped warning when `t` holds `name=nan` (a name of letters, digits or `_` before the
/// `=`; `nan` ending the value, in any case).
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    // Each `=` of the line (few lines have one), then `nan` after it.
    let mut from = 0;
    while let Some(i) = memchr::memchr(b'=', &t[from..]) {
        let at = from + i;
        from = at + 1;
        let value = t.get(at + 1..at + 4)?;
        if !value.eq_ignore_ascii_case(b"nan") {
            continue;
        }
        let named = at > 0 && (t[at - 1].is_ascii_alphanumeric() || t[at - 1] == b'_');
        let closed = !t
            .get(at + 4)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
        if named && closed {
            return Some(sig(Kind::Warning, 0, true));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A score or a loss equal to NaN is a warning; a name that only starts with `nan` is not.
    #[test]
    fn a_value_that_is_nan() {
        let fit = "[CV 1/3] END C=0.01, max_iter=3, solver=lbfgs;, score=nan total time=   0.0s";
        assert_eq!(kind(fit), Some(Kind::Warning));
        assert_eq!(kind("step 300 loss=nan lr=0.001"), Some(Kind::Warning));
        assert_eq!(kind("user=nancy home=/home/nancy"), None);
    }
}

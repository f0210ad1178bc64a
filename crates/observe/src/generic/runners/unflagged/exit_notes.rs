//! A build step that exited non-zero, noted in parentheses at the end of its line (issue 16,
//! the `wild27` set's held-out half): dune's `test_conf alias test/runtest (exit 2)`,
//! `make … (exit status 1)`.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A summary when `t` ends with `(exit N)` or `(exit status N)` for a non-zero `N`.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let body = t.strip_suffix(b")")?;
    let digits = body.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let (head, n) = body.split_at(body.len() - digits);
    let noted = head.ends_with(b" (exit ") || head.ends_with(b" (exit status ");
    (noted && digits > 0 && n.iter().any(|&b| b != b'0')).then_some(sig(Kind::Summary, 0, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A step noted with a non-zero exit is a summary; exit 0 is not.
    #[test]
    fn a_step_noted_with_its_non_zero_exit() {
        assert_eq!(
            kind("   test_conf alias test/runtest (exit 2)"),
            Some(Kind::Summary)
        );
        assert_eq!(kind("   test_conf alias test/runtest (exit 0)"), None);
    }
}

//! A notice that something runs out soon: `certs: /etc/ssl/private/app.pem expires in 5 days`,
//! `password expires in 1 day.` A warning: nothing failed yet, something will.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A warning when `t` ends with `expire(s) in N day(s)`, maybe with a full stop.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let t = t.strip_suffix(b".").unwrap_or(t);
    let head = t
        .strip_suffix(b" days")
        .or_else(|| t.strip_suffix(b" day"))?;
    let digits = head.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let before = &head[..head.len() - digits];
    (digits > 0 && (before.ends_with(b" expires in ") || before.ends_with(b" expire in ")))
        .then_some(sig(Kind::Warning, 0, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// Something that expires within days is a warning; a duration without `expires in` is
    /// not.
    #[test]
    fn something_that_expires_within_days() {
        assert_eq!(
            kind("certs: /etc/ssl/private/app.pem expires in 5 days"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("Your password expires in 1 day."), Some(Kind::Warning));
        assert_eq!(kind("uptime 5 days"), None);
        assert_eq!(kind("the cache is kept for 5 days"), None);
    }
}

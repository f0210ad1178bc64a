//! A located message that says a quoted subject is not what it must be, with no severity word
//! (issue 16, the `wild27` set's tuning half): `tmpfiles.d/20-web.conf:19: Path 'relative/path'
//! not absolute.`, `sysusers.d/40-svc.conf:15: 'svc-bad!' is not a valid user or group name.` —
//! a configuration checker's errors printed `file:line: message`. A `grep -n` line of code
//! (`a.py:3:     if 'x' not in d:`) opens with a blank and ends in no full stop.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// An error when `rest` (a line's text after its `path:N:` location) opens with a capital or a
/// quote, ends with a full stop, and says `'…' not` or `'…' is not` (at most 200 bytes).
#[inline]
pub(super) fn shape(rest: &[u8]) -> Option<Signal> {
    let opens = rest
        .first()
        .is_some_and(|&b| b.is_ascii_uppercase() || b == b'\'');
    if !opens || rest.last() != Some(&b'.') || rest.len() > 200 {
        return None;
    }
    let negated = memchr::memmem::find(rest, b"' not ").is_some()
        || memchr::memmem::find(rest, b"' is not ").is_some();
    negated.then_some(sig(Kind::Error, 2, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A located sentence saying a quoted subject is not what it must be is an error; a
    /// located line of code, or a sentence with no quoted subject, is a listing's.
    #[test]
    fn located_subjects_said_not_to_be_right() {
        assert_eq!(
            kind("/etc/tmpfiles.d/20-web.conf:19: Path 'relative/path' not absolute."),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("/etc/sysusers.d/40-svc.conf:15: 'svc-bad!' is not a valid user or group name."),
            Some(Kind::Error)
        );
        assert_eq!(kind("src/a.py:3:     if 'x' not in d:"), None);
        assert_eq!(kind("notes.txt:9: This is not a drill."), None);
    }
}

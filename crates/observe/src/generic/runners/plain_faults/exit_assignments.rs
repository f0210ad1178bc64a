//! An exit status written as an assignment on a line of its own, unindented (an indented
//! `status: 1` is a field of a YAML or JSON document): `rc=4`, `exit=1`,
//! `status: 2`, `returncode=127` — what a script's `echo rc=$?` after a command prints. Zero is
//! a success and not kept by this shape.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Names a script gives an exit status (compared without case).
const NAMES: &[&[u8]] = &[
    b"rc",
    b"ret",
    b"exit",
    b"status",
    b"code",
    b"exitcode",
    b"exit_code",
    b"exit_status",
    b"returncode",
];

/// An error (the command before it failed) when `t` is only `NAME=N` or `NAME: N` with a known
/// name and `N` a non-zero number.
#[inline]
pub(crate) fn shape(t: &[u8]) -> Option<Signal> {
    // Most lines fail on their length or last byte, then on the first.
    if t.len() > 20
        || !t.last()?.is_ascii_digit()
        || !matches!(t[0] | 0x20, b'r' | b'e' | b's' | b'c')
    {
        return None;
    }
    let sep = t.iter().position(|&b| b == b'=' || b == b':')?;
    let (name, value) = (&t[..sep], t[sep + 1..].trim_ascii_start());
    let named = NAMES.iter().any(|n| n.eq_ignore_ascii_case(name));
    (named && value.len() <= 4 && value.iter().all(u8::is_ascii_digit) && value[0] != b'0')
        .then_some(sig(Kind::Error, 0, false))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A non-zero status alone on its line is kept; zero, other names, more text and a value
    /// that is not a small number are not.
    #[test]
    fn exit_statuses_written_as_assignments() {
        assert_eq!(kind("rc=4"), Some(Kind::Error));
        assert_eq!(kind("rc=11"), Some(Kind::Error));
        assert_eq!(kind("EXIT=1"), Some(Kind::Error));
        assert_eq!(kind("status: 2"), Some(Kind::Error));
        assert_eq!(kind("returncode=127"), Some(Kind::Error));
        assert_eq!(kind("rc=0"), None);
        assert_eq!(kind("count=4"), None);
        assert_eq!(kind("rc=4 retrying"), None);
        assert_eq!(kind("code=123456"), None);
        assert_eq!(kind("rc=04"), None);
        assert_eq!(kind("  status: 1"), None);
    }
}

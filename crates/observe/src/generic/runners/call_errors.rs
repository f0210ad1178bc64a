//! A library call's failure said with its error code (issue 16, the `wild21` set's tuning
//! half): `ldap_add: Already exists (68)`, `ldap_delete: No such object (32)`,
//! `sqlite3_step: constraint failed (19)` — the call's name (a lower-case identifier with an
//! underscore), a colon, the message the library has for the code, and the code in
//! parentheses. A code of 0 is success.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// An error when unindented `t` is `call_name: Message (N)` or `call_name(ARG): Message (N)`
/// with `N` a non-zero integer; the indented lines under it (`\tadditional info: …`) are kept.
#[inline]
pub(super) fn shape(line: &[u8], t: &[u8]) -> Option<Signal> {
    if line.len() != t.len() {
        return None;
    }
    let inner = t.strip_suffix(b")")?;
    let open = memchr::memrchr(b'(', inner)?;
    let code = inner[open + 1..]
        .strip_prefix(b"-")
        .unwrap_or(&inner[open + 1..]);
    if open == 0
        || inner[open - 1] != b' '
        || code.is_empty()
        || code.len() > 6
        || !code.iter().all(u8::is_ascii_digit)
        || code.iter().all(|&d| d == b'0')
    {
        return None;
    }
    let name = t
        .iter()
        .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || **b == b'_')
        .count();
    let mut rest = &t[name..];
    if rest.first() == Some(&b'(') {
        let close = memchr::memchr(b')', rest)?;
        rest = &rest[close + 1..];
    }
    let called = name >= 3 && t[..name].contains(&b'_') && t[0].is_ascii_lowercase();
    let message = rest.strip_prefix(b": ")?;
    (called && message.first().is_some_and(u8::is_ascii_uppercase)).then_some(sig(
        Kind::Error,
        2,
        true,
    ))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A call's name, its library's message and a non-zero code in parentheses is an error;
    /// code 0, a name with no underscore, prose or an indented line are not.
    #[test]
    fn calls_failing_with_a_code() {
        assert_eq!(kind("dir_add: Already exists (68)"), Some(Kind::Error));
        assert_eq!(
            kind("store_open(RW): Object is locked (-5)"),
            Some(Kind::Error)
        );
        assert_eq!(kind("dir_add: Entry kept (0)"), None);
        assert_eq!(kind("result: Added users (12)"), None);
        assert_eq!(kind("  dir_add: Already exists (68)"), None);
        assert_eq!(kind("dir_add: lower-case words (3)"), None);
    }
}

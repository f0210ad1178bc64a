//! A message led by its file and line in prose (issue 16, the `wild28` set's held-out half):
//! `/var/lib/dhcp/dhcpd.leases line 220: semicolon expected.` (ISC's servers and their
//! checkers), where `path:N:` tools write a colon.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// An error when `head` (the line's first word) is a file name (a `/` or a `.` in it, no
/// colon or `=`) and `rest` (the line from the blank after it) is ` line `, a number, `: ` and
/// a message.
pub(super) fn shape(head: &[u8], rest: &[u8]) -> Option<Signal> {
    let after = rest.strip_prefix(b" line ")?;
    let n = after.iter().take_while(|b| b.is_ascii_digit()).count();
    let message = after[n..].strip_prefix(b": ")?;
    let named = head.iter().any(|&b| b == b'/' || b == b'.')
        && !head.iter().any(|&b| b == b':' || b == b'=')
        && head.iter().any(u8::is_ascii_alphabetic);
    (named && n > 0 && message.iter().any(u8::is_ascii_alphabetic)).then_some(sig(
        Kind::Error,
        0,
        true,
    ))
}

#[cfg(test)]
mod tests {
    use super::super::shape;
    use crate::rules::Kind;

    fn kind(line: &str) -> Option<Kind> {
        shape(line.trim_ascii_start().as_bytes()).map(|s| s.kind)
    }

    /// A file, `line N:` and a message is an error; prose or a count of lines is not.
    #[test]
    fn messages_led_by_file_and_line() {
        let lease = "/var/lib/x/store.leases line 220: numeric day of week expected.";
        assert_eq!(kind(lease), Some(Kind::Error));
        assert_eq!(
            kind("bad.conf line 36: semicolon expected."),
            Some(Kind::Error)
        );
        assert_eq!(kind("Read line 36: ok"), None);
        assert_eq!(kind("a.txt line 4"), None);
        assert_eq!(kind("key=a.b line 3: x"), None);
        assert_eq!(kind("a.txt line 4: 12"), None);
    }
}

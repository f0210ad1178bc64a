//! A message placed in prose rather than by `path:N:`: `Undefined identifier: enterprises near
//! line 42 of /usr/share/snmp/mibs/UCD-SNMP-MIB.txt`, `… at line 7 in conf/app.ini`. `near` or
//! `at`, `line`, a number, `of` or `in`, then a file with an extension ending the line.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A warning when `t` ends with `near line N of FILE` or `at line N in FILE` (any case): read
/// from the end, so most lines fail on their last token.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    // The file ends with an extension (`.txt`, `.c`): most lines fail on these last bytes.
    let dot = match *t {
        [.., b'.', _] => 1,
        [.., b'.', _, _] => 2,
        [.., b'.', _, _, _] => 3,
        [.., b'.', _, _, _, _] => 4,
        _ => return None,
    };
    let ext = &t[t.len() - dot..];
    if !ext[0].is_ascii_alphabetic() || !ext.iter().all(u8::is_ascii_alphanumeric) {
        return None;
    }
    let sp = memchr::memrchr(b' ', t)?;
    let file = &t[sp + 1..];
    if file.len() < 3 {
        return None;
    }
    let head = &t[..sp];
    let head = head
        .strip_suffix(b" of")
        .or_else(|| head.strip_suffix(b" in"))?;
    let n = head.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let head = head[..head.len() - n].strip_suffix(b" line ")?;
    (n > 0 && (ends_word(head, b"near") || ends_word(head, b"at"))).then_some(sig(
        Kind::Warning,
        2,
        true,
    ))
}

/// Whether `s` ends with the word `w` (any case) after a blank or at its start.
fn ends_word(s: &[u8], w: &[u8]) -> bool {
    s.len() >= w.len()
        && s[s.len() - w.len()..].eq_ignore_ascii_case(w)
        && (s.len() == w.len() || s[s.len() - w.len() - 1] == b' ')
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A message placed `near line N of FILE` or `at line N in FILE` is kept; a line number
    /// of no file, or prose about lines, is not.
    #[test]
    fn messages_placed_in_prose() {
        assert_eq!(
            kind("Undefined identifier: enterprises near line 42 of /usr/share/x/U-MIB.txt"),
            Some(Kind::Warning)
        );
        assert_eq!(
            kind("Duplicate key at line 7 in conf/app.ini"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("stopped near line 42 of the report"), None);
        assert_eq!(kind("read 40 lines at line 3"), None);
        assert_eq!(kind("the line 4 of a.txt is long"), None);
        assert_eq!(kind("stopped near line 4 of a.txt, giving up"), None);
    }
}

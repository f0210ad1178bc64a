//! The two sides of a comparison printed one a line under a test's message, each led by its
//! label word and blanks (`got  [["a" "b"]]` / `want [["a" "c"]]`, Go's table tests; `expected
//! 3` / `actual 4`): each line is a message, as `Expected:`/`Got:` labels alone on a line keep
//! the value under them (issue 16, the `wild10` set); and the memory a checker's report is about
//! (`Location is global 'hits' of size 8 at 0x…`, `Location 0x… is 0 bytes inside …`).

use crate::rules::Kind;

use super::{Signal, sig};

/// An indented line led by a side's label (`got`, `want`, `expected`, `actual`, `received`,
/// optionally with a colon), blanks, then a value that starts like one (a bracket, a brace, a
/// quote, a digit, a sign, `<`, `nil`, `true`/`false`): a message, folded by shape after the
/// group's limit.
#[inline]
pub(super) fn side(line: &[u8], t: &[u8]) -> Option<Signal> {
    match t.first() {
        Some(b'L') if t.starts_with(b"Location ") => {
            return memory_location(t).then(|| sig(Kind::Message, 0, false));
        }
        Some(b'g' | b'w' | b'e' | b'a' | b'r') if t.len() != line.len() => {}
        _ => return None,
    }
    let word = t.iter().take_while(|b| b.is_ascii_lowercase()).count();
    if !matches!(
        &t[..word],
        b"got" | b"want" | b"wanted" | b"expected" | b"actual" | b"received"
    ) {
        return None;
    }
    let rest = t[word..].strip_prefix(b":").unwrap_or(&t[word..]);
    let value = rest.trim_ascii_start();
    if value.len() == rest.len() || value.is_empty() {
        return None;
    }
    let starts = matches!(
        value[0],
        b'[' | b'{' | b'(' | b'"' | b'\'' | b'<' | b'-' | b'0'..=b'9'
    ) || [&b"nil"[..], b"true", b"false", b"null", b"None"]
        .iter()
        .any(|w| value.starts_with(w));
    starts.then(|| sig(Kind::Message, 0, true))
}

/// `Location is global 'hits' of size 8 at 0x5605… (tsan+0x40d8)` (a thread checker),
/// `Location 0x10c014 is 0 bytes inside global var "counter"` (helgrind): which variable or
/// block the raced or bad access was to.
fn memory_location(t: &[u8]) -> bool {
    let rest = &t[b"Location ".len()..];
    (rest.starts_with(b"is ") && memchr::memmem::find(rest, b" at 0x").is_some())
        || (rest.starts_with(b"0x") && memchr::memmem::find(rest, b" is ").is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(l: &str) -> Option<Kind> {
        side(l.as_bytes(), l.trim_start().as_bytes()).map(|s| s.kind)
    }

    #[test]
    fn labelled_sides_of_a_comparison() {
        assert_eq!(
            kind(r#"            got  [[" a" "  b"]]"#),
            Some(Kind::Message)
        );
        assert_eq!(kind(r#"            want [["a" "b"]]"#), Some(Kind::Message));
        assert_eq!(kind("    expected: 3"), Some(Kind::Message));
        assert_eq!(kind("    actual   nil"), Some(Kind::Message));
        // Unindented, prose after the word, no value.
        assert_eq!(kind("got [1]"), None);
        assert_eq!(kind("    got it working"), None);
        assert_eq!(kind("    want"), None);
        assert_eq!(kind("    wanted to say"), None);
    }

    #[test]
    fn the_memory_a_checkers_report_is_about() {
        let l = "  Location is global 'hits' of size 8 at 0x560b7b8d60d8 (tsan+0x40d8)";
        assert_eq!(kind(l), Some(Kind::Message));
        let l = "==7== Location 0x10c014 is 0 bytes inside global var \"counter\"";
        assert_eq!(
            side(l.as_bytes(), &l.as_bytes()[6..]).map(|s| s.kind),
            Some(Kind::Message)
        );
        assert_eq!(kind("   Location: shop/store.py:2:0"), None);
        assert_eq!(kind("Location is unknown"), None);
    }
}

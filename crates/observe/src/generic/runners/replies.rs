//! A server's reply refusing a request for good, and a thing said to be undefined (issue 16,
//! the `wild21` set's held-out half): `550 relay not permitted`, `501 <bad address>: "@" or "."
//! expected after "bad"`, `553-5.1.3 bad recipient` — a mail or file-transfer protocol's
//! permanent-failure code (5xx) leading the line, then its text — and `<= str2entry:
//! str2ad(shoeSize): attribute type undefined`, a message whose last word says what it named
//! is undefined.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// An error when unindented `t` is a reply: `5`, a digit 0 to 5 and a digit, then a `-` (a
/// reply of several lines) or one blank, and a lower-case word, an address in `<…>` or an
/// enhanced status code (`5.7.1`). A numbered line of a listing (`522 Return the number …`)
/// goes on with a capital or with more blanks.
#[inline]
pub(super) fn refusal(line: &[u8], t: &[u8]) -> Option<Signal> {
    let [
        b'5',
        b'0'..=b'5',
        b'0'..=b'9',
        sep @ (b' ' | b'-'),
        next,
        ..,
    ] = *t
    else {
        return None;
    };
    let enhanced = matches!(t.get(5..8), Some([b'4' | b'5', b'.', b'0'..=b'9']));
    (line.len() == t.len()
        && (sep == b'-' || next.is_ascii_lowercase() || next == b'<' || enhanced))
        .then_some(sig(Kind::Error, 0, true))
}

/// An error when `t` ends with the word `undefined` right after a word of letters, itself after
/// another word (`attribute type undefined`); `undefined` alone, or after a label's colon
/// (`Project version: undefined`), is a value printed.
#[inline]
pub(super) fn ends_undefined(t: &[u8]) -> Option<Signal> {
    const WORD: &[u8] = b" undefined";
    let head = t.strip_suffix(WORD)?;
    (head.last().is_some_and(u8::is_ascii_alphabetic) && memchr::memchr(b' ', head).is_some())
        .then_some(sig(Kind::Error, 0, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A 5xx reply leading the line is an error; a number of 500 and more counting things, an
    /// indented reply and a 2xx or 3xx reply are not.
    #[test]
    fn permanent_failure_replies() {
        assert_eq!(kind("550 relay not permitted"), Some(Kind::Error));
        assert_eq!(
            kind("501 <x y>: \"@\" or \".\" expected after \"x\""),
            Some(Kind::Error)
        );
        assert_eq!(kind("554-5.7.1 message refused"), Some(Kind::Error));
        assert_eq!(kind("250 OK id=1xaQNn"), None);
        assert_eq!(kind("354 Enter message, ending with \".\""), None);
        assert_eq!(kind("    550 relay not permitted"), None);
        assert_eq!(kind("500"), None);
        assert_eq!(kind("522 Return the number of items in *iterable*."), None);
    }

    /// A message ending in `undefined` after other words is an error; `undefined` alone or
    /// after one word is a value.
    #[test]
    fn messages_ending_in_undefined() {
        assert_eq!(
            kind("<= parse: str2ad(color): attribute type undefined"),
            Some(Kind::Error)
        );
        assert_eq!(kind("undefined"), None);
        assert_eq!(kind("=> undefined"), None);
        assert_eq!(kind("Project version: undefined"), None);
    }
}

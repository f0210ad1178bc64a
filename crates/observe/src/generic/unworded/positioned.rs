//! Messages with no severity word that a position makes findings (issue 16, the `wild18` set's
//! tuning half): a parser's complaint after its `path:N[:M]:` location that says what it
//! expected (`bad.cnf:42: expected number`), and a message that ends with where in its input
//! it arose (`Expecting property name enclosed in double quotes: line 1 column 30 (char 29)`).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// After a `path.ext:N:` or `path.ext:N:M:` location (`rest` is what follows it), a message
/// led by `expected` or `expecting` (in lower case, as parsers print it): a parse error.
pub(super) fn expectation(line: &[u8], rest: &[u8]) -> Option<Signal> {
    let r = rest.trim_ascii_start();
    if !(r.starts_with(b"expected ") || r.starts_with(b"expecting ")) || r.len() > 160 {
        return None;
    }
    let head = line[..line.len() - rest.len()]
        .trim_ascii_end()
        .strip_suffix(b":")?;
    let mut parts = head.splitn(2, |&b| b == b':');
    let file = parts.next()?;
    let numbers = parts.next()?;
    let located = crate::generic::shapes::ends_with_ext(file)
        && !numbers.is_empty()
        && numbers.iter().all(|b| b.is_ascii_digit() || *b == b':')
        && numbers.first().is_some_and(u8::is_ascii_digit);
    located.then_some(sig(Kind::Error, 2, false))
}

/// A line that ends with the line and column of its input (`…: line 1 column 30 (char 29)`,
/// `… at line 3, column 7`): a decoder's or parser's message. `t` is the line without its
/// indentation; told by the last byte first (a digit, or the `)` of the char offset).
#[inline]
pub(in crate::generic) fn ends_at_position(t: &[u8]) -> Option<Signal> {
    if t.len() < 20 {
        return None;
    }
    let end = match t.last()? {
        b'0'..=b'9' => t,
        b')' => strip_char_offset(t)?,
        _ => return None,
    };
    let col = trailing_number(end)?;
    let head = end[..end.len() - col].trim_ascii_end();
    let head = head.strip_suffix(b"column")?.trim_ascii_end();
    let head = head.strip_suffix(b",").unwrap_or(head).trim_ascii_end();
    let row = trailing_number(head)?;
    let words = head[..head.len() - row].trim_ascii_end();
    let before = words.strip_suffix(b"line")?;
    // The message before the position: words, not a table of numbers.
    let message = before.trim_ascii_end();
    let message = message
        .strip_suffix(b":")
        .or_else(|| message.strip_suffix(b" at"))
        .or_else(|| message.strip_suffix(b","))?;
    (message.len() >= 8 && message.iter().filter(|b| b.is_ascii_alphabetic()).count() >= 6)
        .then(|| sig(Kind::Error, 2, false))
}

/// `warn.lp:3:13-23: info: atom does not occur in any rule head:`: a location whose column is
/// a range (`L:C-C`, or `L-L:C-C`), then a level word and its colon. An error when the word is
/// `error` or `fatal`, else a warning; the indented lines under it (the atom) come with it.
#[inline]
pub(in crate::generic) fn ranged_location(t: &[u8]) -> Option<Signal> {
    // Told by the first colon or blank first: a colon before any blank, a digit after it.
    let colon = crate::generic::find2(&t[..t.len().min(100)], b':', b' ')?;
    if t[colon] != b':' || !t.get(colon + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    ranged_at(t, colon)
}

/// [`ranged_location`] of a line whose first colon, at `colon`, has a digit after it.
fn ranged_at(t: &[u8], colon: usize) -> Option<Signal> {
    let sp = colon + memchr::memchr(b' ', &t[colon..t.len().min(colon + 40)])?;
    let head = t[..sp].strip_suffix(b":")?;
    let (file, place) = (&t[..colon], &head[colon + 1..]);
    let ranged = place.contains(&b'-')
        && place.contains(&b':')
        && place
            .iter()
            .all(|b| b.is_ascii_digit() || matches!(b, b':' | b'-'))
        && place.first().is_some_and(u8::is_ascii_digit)
        && place.last().is_some_and(u8::is_ascii_digit);
    if !ranged || !crate::generic::shapes::ends_with_ext(file) {
        return None;
    }
    let rest = &t[sp + 1..];
    let word = &rest[..rest.iter().take_while(|b| b.is_ascii_alphabetic()).count()];
    if rest.get(word.len()) != Some(&b':') {
        return None;
    }
    match word {
        b"error" | b"fatal" => Some(sig(Kind::Error, 2, true)),
        b"warning" | b"info" | b"note" => Some(sig(Kind::Warning, 2, true)),
        _ => None,
    }
}

/// `… (char 29)` stripped from the end of `t`.
fn strip_char_offset(t: &[u8]) -> Option<&[u8]> {
    let inner = t.strip_suffix(b")")?;
    let n = trailing_number(inner)?;
    inner[..inner.len() - n]
        .strip_suffix(b"(char ")
        .map(<[u8]>::trim_ascii_end)
}

/// The length of the run of 1 to 9 digits `s` ends with, after a blank.
fn trailing_number(s: &[u8]) -> Option<usize> {
    let n = s.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    ((1..=9).contains(&n) && s.len() > n && s[s.len() - n - 1] == b' ').then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expects(line: &str) -> bool {
        let Some(i) = line.find(": ") else {
            return false;
        };
        expectation(line.as_bytes(), &line.as_bytes()[i + 1..]).is_some()
    }

    fn positioned(line: &str) -> bool {
        ends_at_position(line.trim_ascii_start().as_bytes()).is_some()
    }

    #[test]
    fn located_expectations_are_parse_errors() {
        assert!(expects("bad.cnf:42: expected number"));
        assert!(expects("conf/a.ini:7:3: expecting '=' after key"));
        assert!(!expects("notes.txt:12: the expected result is 4"));
        assert!(!expects("Makefile: expected number"));
        assert!(!expects("a.cnf:x: expected number"));
    }

    #[test]
    fn locations_with_a_column_range() {
        let ranged = |l: &str| ranged_location(l.as_bytes()).map(|s| s.kind);
        assert_eq!(
            ranged("warn.lp:3:13-23: info: atom does not occur in any rule head:"),
            Some(Kind::Warning)
        );
        assert_eq!(
            ranged("bad.lp:5:1-3: error: syntax error, unexpected :-"),
            Some(Kind::Error)
        );
        assert_eq!(ranged("a.c:3-5:1-9: warning: x"), Some(Kind::Warning));
        assert_eq!(ranged("a.c:3:13: info: x"), None);
        assert_eq!(ranged("notes:3:13-23: info: x"), None);
        assert_eq!(ranged("2026-12-07: 3:13-23 info: x"), None);
    }

    #[test]
    fn messages_ending_at_a_line_and_column() {
        assert!(positioned(
            "Expecting property name enclosed in double quotes: line 1 column 30 (char 29)"
        ));
        assert!(positioned("Unexpected token at line 3, column 7"));
        assert!(positioned(
            "mapping values are not allowed here: line 4 column 9"
        ));
        assert!(!positioned("line 1 column 30"));
        assert!(!positioned("12 34 line 5 column 6"));
        assert!(!positioned("copied line 3 to column 7"));
        assert!(!positioned("total 42"));
    }
}

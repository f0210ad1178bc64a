//! An analyzer's advice about a file, said with no severity word (issue 16, the `wild18` set's
//! tuning half): `src/a.cc should remove these lines:`, `lib/x.py should add these lines:`,
//! a path leading the line, then `should` and what to do, a colon closing it (the lines to
//! change follow, one a line, up to a blank line).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Whether `t` (the line without its indentation) is such a title: a path (with a `/` or a
/// file extension) as its first word, then ` should `, and a colon ending the line.
#[inline]
pub(crate) fn title(t: &[u8]) -> bool {
    if t.last() != Some(&b':') || t.len() > 240 {
        return false;
    }
    advice_title(t)
}

/// [`title`] of a line that ends in a colon.
fn advice_title(t: &[u8]) -> bool {
    let Some(sp) = memchr::memchr(b' ', t) else {
        return false;
    };
    let (path, rest) = (&t[..sp], &t[sp..]);
    rest.starts_with(b" should ")
        && rest.len() > 10
        && !path.is_empty()
        && !path.contains(&b':')
        && (memchr::memchr(b'/', path).is_some() || crate::generic::shapes::ends_with_ext(path))
}

/// The title's signal: a warning, grouped with the titles of the same advice (the paths'
/// digits masked), its lines kept under it up to the blank line.
#[inline]
pub(in crate::generic) fn shape(t: &[u8]) -> Option<Signal> {
    title(t).then(|| sig(Kind::Warning, 8, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_about_a_file() {
        assert!(title(b"src/unit00.cc should remove these lines:"));
        assert!(title(b"lib/parse.h should add these lines:"));
        assert!(title(b"main.py should be reformatted:"));
        assert!(!title(b"This should not happen:"));
        assert!(!title(b"src/a.cc should remove these lines"));
        assert!(!title(b"a.c:3: should not be here:"));
        assert!(!title(b"Note: you should update:"));
    }
}

//! A setting given twice, and where: `ldconfig: Path `/usr/lib' given more than once` and,
//! under it, `(from <builtin>:0 and ld.so.conf:1)`; `option 'x' specified more than once`.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A warning when `t` ends with a participle (`-ed`, `-en`) and `more than once` (maybe with a full stop).
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let t = t.strip_suffix(b".").unwrap_or(t);
    let head = t.strip_suffix(b" more than once")?;
    let word = head.rsplit(|&b| b == b' ').next()?;
    // `given`, `specified`, `defined`: a participle.
    let participle = word.ends_with(b"ed") || word.ends_with(b"en");
    (word.len() > 3 && participle).then_some(sig(Kind::Warning, 1, false))
}

/// A location when `t` is `(from A and B)` naming places (`name:N`): the origins of a repeat.
#[inline]
pub(super) fn origin(t: &[u8]) -> Option<Signal> {
    let inner = t.strip_prefix(b"(from ")?.strip_suffix(b")")?;
    let placed = |w: &[u8]| {
        memchr::memrchr(b':', w)
            .is_some_and(|c| c > 0 && c + 1 < w.len() && w[c + 1..].iter().all(u8::is_ascii_digit))
    };
    let words: Vec<&[u8]> = inner.split(|&b| b == b' ').collect();
    (words.len() <= 5 && words.iter().filter(|w| placed(w)).count() >= 2).then_some(sig(
        Kind::Location,
        0,
        false,
    ))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A setting given more than once is a warning and the places it came from a location;
    /// `more than once` in prose after no participle, and a parenthesis naming no places, are
    /// not.
    #[test]
    fn a_setting_given_twice_and_where() {
        assert_eq!(
            kind("ldconfig: Path `/usr/lib' given more than once"),
            Some(Kind::Warning)
        );
        assert_eq!(
            kind("(from <builtin>:0 and ld.so.conf:1)"),
            Some(Kind::Location)
        );
        assert_eq!(kind("we met more than once"), None);
        assert_eq!(kind("(from the archive)"), None);
    }
}

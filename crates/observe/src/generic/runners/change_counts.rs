//! An integrity check's verdict and its counts of changed entries (issue 16, the `wild21`
//! set's tuning half): `AIDE found differences between database and filesystem!!`, then
//! `  Added entries:  1`, `  Removed entries:  2`, `  Changed entries:  12` — said with no
//! word the scan knows.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The words a count of changed things starts with (what happened to the entries).
const CHANGES: &[&[u8]] = &[
    b"Added ",
    b"Removed ",
    b"Changed ",
    b"Modified ",
    b"Deleted ",
    b"New ",
];

/// A summary when `t` (the line without its indentation) counts changes: a word of [`CHANGES`]
/// leading it, a plural noun (`entries`, `files`), a colon, blanks and a non-zero number
/// ending the line.
#[inline]
pub(super) fn count(t: &[u8]) -> Option<Signal> {
    if !matches!(t.first(), Some(b'A' | b'R' | b'C' | b'M' | b'D' | b'N')) {
        return None;
    }
    let word = CHANGES.iter().find(|w| t.starts_with(w))?;
    let rest = &t[word.len()..];
    let colon = memchr::memchr(b':', rest)?;
    let noun = &rest[..colon];
    let n = rest[colon + 1..].trim_ascii();
    (noun.len() >= 3
        && noun.ends_with(b"s")
        && noun.iter().all(u8::is_ascii_lowercase)
        && !n.is_empty()
        && n.iter().all(u8::is_ascii_digit)
        && n.iter().any(|&d| d != b'0'))
    .then_some(sig(Kind::Summary, 0, false))
}

/// A failure when `t` says a comparison found differences: `… differences found` closing the
/// line (a full stop may follow), or `… found differences …` in a line closed by `!` (searched
/// only there: most lines end in a full stop, few in `!`).
#[inline]
pub(super) fn differences(t: &[u8]) -> Option<Signal> {
    static FOUND: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"found differences"));
    let closed = t
        .strip_suffix(b".")
        .unwrap_or(t)
        .ends_with(b" differences found");
    (closed || (t.last() == Some(&b'!') && FOUND.find(t).is_some())).then_some(sig(
        Kind::Failure,
        0,
        false,
    ))
}

/// A failure when `t` counts differences and the count is not zero: a number leading the line,
/// then `difference(s) found` closing it (`5 differences found`; `0 differences found` is not).
#[inline]
pub(super) fn counted_differences(t: &[u8]) -> Option<Signal> {
    let n = t.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = &t[n..];
    (n > 0
        && t[..n].iter().any(|&d| d != b'0')
        && (rest == b" differences found" || rest == b" difference found"))
        .then_some(sig(Kind::Failure, 0, false))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// Non-zero counts of added, removed or changed entries and a verdict of differences
    /// found are kept; a zero count and other labelled numbers are not.
    #[test]
    fn changed_entries_and_found_differences() {
        assert_eq!(kind("  Changed entries:\t\t12"), Some(Kind::Summary));
        assert_eq!(kind("  Added files: 1"), Some(Kind::Summary));
        assert_eq!(kind("  Removed entries:\t\t0"), None);
        assert_eq!(kind("  Total entries:\t\t45"), None);
        assert_eq!(
            kind("Checker found differences between snapshot and disk!"),
            Some(Kind::Failure)
        );
        assert_eq!(kind("2 differences found."), Some(Kind::Failure));
        assert_eq!(kind("the differences between the two modes."), None);
        assert_eq!(kind("5 differences found"), Some(Kind::Failure));
        // none found is no failure (a count of what was processed may still keep it)
        assert_ne!(kind("0 differences found"), Some(Kind::Failure));
    }
}

//! A list title led by its count (issue 16, the `wild29` set's tuning half): `1 Removed
//! function:`, `3 Changed variables:` — flush left, a non-zero count, a few words, the first a capitalised
//! participle saying what happened to the entries (`Removed`, `Added`, `Failed`, `Skipped`: prose
//! such as `95 percent confidence interval:`, `7 items had no tests:` and numbered source lines
//! such as `985 ISO format:` are not titles), a colon ending the line. The entries under it, after a blank, are what it counts
//! (`  [D] 'function int f(int)'`): the title keeps the first [`ROWS`] lines of that paragraph.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The most words a title has after its count.
const MAX_WORDS: usize = 8;

/// The lines kept under a counted list title (rule 2 of the labelling: the first 5 findings).
const ROWS: u16 = 5;

/// Whether `line` (the whole line) is such a title: `N Word …:` flush left, `N` not zero, the
/// words letters or hyphens, the first capitalised and ending in `ed`.
pub(crate) fn title(line: &[u8]) -> bool {
    let Some(head) = line.strip_suffix(b":") else {
        return false;
    };
    let digits = head.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 9 || head[..digits].iter().all(|&d| d == b'0') {
        return false;
    }
    let Some(words) = head[digits..].strip_prefix(b" ") else {
        return false;
    };
    let first = words.split(|&b| b == b' ').next().unwrap_or_default();
    if !first.first().is_some_and(u8::is_ascii_uppercase) || !first.ends_with(b"ed") {
        return false;
    }
    let mut n = 0;
    for w in words.split(|&b| b == b' ') {
        n += 1;
        let worded = w.first().is_some_and(u8::is_ascii_alphabetic)
            && w.iter().all(|&b| b.is_ascii_alphabetic() || b == b'-');
        if !worded || n > MAX_WORDS {
            return false;
        }
    }
    true
}

/// A counted list title is a structure line keeping the paragraph under it (`line` the whole
/// line, `t` without its indentation: a title is not indented).
pub(super) fn shape(line: &[u8], t: &[u8]) -> Option<Signal> {
    (line.len() == t.len() && title(t)).then_some(sig(Kind::Structure, ROWS, false))
}

#[cfg(test)]
mod tests {
    use super::title;
    use crate::generic::context;
    use crate::generic::tests::kind;
    use crate::rules::{Cont, Kind};

    /// A flush-left count with words and a colon titles a list; a zero count, an indented line,
    /// a row of numbers or a sentence with other marks does not.
    #[test]
    fn titles_led_by_their_count() {
        assert!(title(b"1 Removed function:"));
        assert!(title(b"2 Changed sub-type functions:"));
        assert!(!title(b"985 ISO format:"));
        assert!(!title(b"95 percent confidence interval:"));
        assert!(!title(b"7 items had no tests:"));
        assert!(!title(b"0 Removed functions:"));
        assert!(!title(b"12 34:"));
        assert!(!title(b"3 files, 2 dirs:"));
        assert!(!title(b"Removed 1 function:"));
        assert!(!title(b"7 warnings generated."));
        assert_eq!(kind("1 Added function:"), Some(Kind::Structure));
        assert_eq!(kind("  1 Added function:"), None);
        let t = b"1 Changed variable:";
        assert_eq!(context(t, Kind::Structure, 5), (Cont::Paragraph, 5));
    }
}

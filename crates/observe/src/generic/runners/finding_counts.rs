//! A scan's count of its findings, said with no word the scan knows (issue 16, the `wild18`
//! set's held-out half): `Ran 4 rules on 40 files: 10 findings.`, ` • Findings: 10 (10
//! blocking)`, `Violations: 2`.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The nouns a scan's labelled count names (singular stems: the label is plural). `N issues`
/// (and `problems`, `errors`) is a count the word scan already knows; `N findings` is not.
const NOUNS: &[&[u8]] = &[b"finding", b"issue", b"violation"];

static FINDING: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b" finding"));

/// A summary when `t` (the line without its indentation, at most 200 bytes) counts findings:
/// a number, a blank and `finding`/`findings` (`10 findings`), or a plural noun of [`NOUNS`]
/// capitalised leading the line (a bullet may stand before it), a colon and a number
/// (`Findings: 10`).
/// Told by the first and last bytes first: the label's capital or bullet, the count's `s`,
/// `g` or closing `.`, `)` or `!`.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if t.len() > 200 || t.len() < 9 {
        return None;
    }
    let label = matches!(t[0], b'F' | b'I' | b'V' | 0xE2) && labelled(t);
    let count = || matches!(t[t.len() - 1], b's' | b'g' | b'.' | b')' | b'!') && counted(t);
    (label || count()).then(|| sig(Kind::Summary, 0, false))
}

/// `10 findings`: a number (not glued to a word before it) right before ` finding`, which no
/// letter but `s` goes on.
fn counted(t: &[u8]) -> bool {
    FINDING.find_iter(t).any(|i| {
        let before = &t[..i];
        let n = before
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let end = i + FINDING.needle().len();
        n > 0
            && (n == before.len() || !before[before.len() - n - 1].is_ascii_alphanumeric())
            && !t
                .get(end)
                .is_some_and(|c| c.is_ascii_alphabetic() && *c != b's')
    })
}

/// `Findings: 10`, `• Issues: 3 (2 blocking)`: the capitalised plural noun, after an optional
/// bullet, then `:` and a number (`Issue: 42` names one).
fn labelled(t: &[u8]) -> bool {
    let t = t.strip_prefix("• ".as_bytes()).unwrap_or(t);
    let Some(first) = t.first().filter(|b| b.is_ascii_uppercase()) else {
        return false;
    };
    let word = t.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let Some(noun) = t[1..word].strip_suffix(b"s") else {
        return false;
    };
    let matches_noun = NOUNS
        .iter()
        .any(|n| n[0] == first.to_ascii_lowercase() && &n[1..] == noun);
    matches_noun
        && t[word..]
            .strip_prefix(b": ")
            .is_some_and(|r| r.first().is_some_and(u8::is_ascii_digit))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(line: &str) -> bool {
        shape(line.trim_ascii_start().as_bytes()).is_some()
    }

    #[test]
    fn counts_of_findings() {
        assert!(kept("Ran 4 rules on 40 files: 10 findings."));
        assert!(kept(" • Findings: 10 (10 blocking)"));
        assert!(kept("Violations: 2"));
        assert!(kept("1 finding"));
    }

    #[test]
    fn other_numbers_and_words_are_not_counts() {
        assert!(!kept("see issue 42 for the details"));
        assert!(!kept("Findings will be listed below"));
        assert!(!kept("v2 findings-parser loaded"));
        assert!(!kept("3 issuers trusted"));
        assert!(!kept("Issue: 42 is closed"));
    }
}

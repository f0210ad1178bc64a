//! Telling the words the scan found apart: severities, warnings, counts, outcomes and
//! expectations, and whether a match stands as a word.

use super::counts;
use super::ident;
use super::steps::{compared, diff_header};
use super::titles::{caps_compound, caps_status};

mod conflicts;
mod kebab_codes;
mod mismatches;
mod process_levels;
mod subjects;

/// Severity classes of the word alternatives, in the order of the regex groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Word {
    Severe,
    Warn,
    Count,
    Outcome,
    Expect,
}

/// `user NOT in sudoers` (`line[s..e]` is `NOT `): led by a lower-case word and a blank,
/// followed by a lower-case word (`IS NOT NULL`, `NOT FOUND` are not this).
pub(super) fn shouted_not(line: &[u8], s: usize, e: usize) -> bool {
    s >= 2
        && line[s - 1] == b' '
        && line[s - 2].is_ascii_lowercase()
        && line.get(e).is_some_and(u8::is_ascii_lowercase)
}

/// `Device "eth9" does not exist`: a missing thing is an error when an unindented sentence
/// names it in quotes right before the phrase that starts at `s` (prose and comments say it of
/// no name; an indented one is a step of a trace: `  File 'a.o' does not exist.`).
pub(crate) fn quoted_subject(line: &[u8], s: usize) -> bool {
    s >= 2
        && !line[0].is_ascii_whitespace()
        && line[s - 1] == b' '
        && matches!(line[s - 2], b'"' | b'\'' | b'`')
}

/// Whether a whole word `no` leads one of the 5 words before `s` (`no cyclic import was found`).
pub(crate) fn no_before(line: &[u8], s: usize) -> bool {
    let from = s.saturating_sub(48);
    let mut words = 0;
    let mut i = s;
    while i > from && words < 6 {
        i -= 1;
        if line[i] == b' ' {
            words += 1;
            let w = &line[i.saturating_sub(2)..i];
            if w.eq_ignore_ascii_case(b"no") && (i < 3 || !line[i - 3].is_ascii_alphanumeric()) {
                return true;
            }
        }
    }
    false
}

/// `1 ERROR`, `0 failed`: where the word of a count match starts when it is a severity
/// (`error`, `fail…`).
pub(super) fn dotted_severity(m: &[u8]) -> Option<usize> {
    let at = m
        .iter()
        .position(|b| !b.is_ascii_digit() && !matches!(b, b' ' | b'\t'))?;
    m.get(at..at + 3)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"err") || p.eq_ignore_ascii_case(b"fai"))
        .then_some(at)
}

/// Which alternative of the word regex matched `m`, told from the matched text.
pub(super) fn word_class(m: &[u8]) -> Word {
    let (Some(&first), Some(&last)) = (m.first(), m.last()) else {
        return Word::Outcome;
    };
    // An access-log status `HTTP/1.1" 404` ends in digits but is an error.
    if first.is_ascii_digit()
        || (last.is_ascii_digit() && !m.get(..4).is_some_and(|p| p.eq_ignore_ascii_case(b"http")))
    {
        return Word::Count;
    }
    if !first.is_ascii_alphabetic() {
        return Word::Outcome;
    }
    let lower = |p: &[u8]| m.len() >= p.len() && m[..p.len()].eq_ignore_ascii_case(p);
    // Only the words starting with the match's first letter (in any case) can start it.
    let letter = first.to_ascii_lowercase();
    if letter == b'e' && lower(b"expected") {
        return Word::Expect;
    }
    let warn = [
        &b"warn"[..],
        b"deprecat",
        b"caution",
        b"notice",
        b"duration: ",
    ];
    if warn.iter().any(|w| w[0] == letter && lower(w)) {
        return Word::Warn;
    }
    // The end of a verdict (`no cycle was found`, `no cycles detected`), checked for its `no`
    // by the caller.
    if (letter == b'w' && (lower(b"was found") || lower(b"were found")))
        || (letter == b'd' && lower(b"detected"))
    {
        return Word::Outcome;
    }
    // The outcome words, by their first letter.
    let outcome: &[&[u8]] = match letter {
        b'b' => &[b"build "],
        b'c' => &[b"complete", b"checked ", b"contains "],
        b'd' => &[b"downloaded", b"done"],
        b'e' => &[b"exit", b"elifecycle"],
        b'f' => &[b"finished"],
        b'i' => &[b"installed"],
        b'p' => &[b"per second"],
        b'r' => &[
            b"rated at",
            b"returned non-zero",
            b"received ",
            b"returned ",
        ],
        b's' => &[b"succeeded", b"success", b"saved", b"sent ", b"summary:"],
        b't' => &[b"total size"],
        b'v' => &[b"verified"],
        _ => &[],
    };
    if outcome.iter().any(|w| lower(w)) {
        return Word::Outcome;
    }
    Word::Severe
}

/// Whether `line[s..e]` stands as a word: not glued to an identifier, a path, a flag or an
/// extension (`errors.rs`).
pub(super) fn whole_word(line: &[u8], s: usize, e: usize) -> bool {
    if s > 0 && (ident(line[s - 1]) || line[s - 1] == b'.') {
        return false;
    }
    match line.get(e) {
        // `Warning--empty year in x`: a word leading the line, then a double dash.
        Some(b'-') if s == 0 && line.get(e + 1) == Some(&b'-') => true,
        Some(&b) if ident(b) => false,
        Some(b'.') => !line.get(e + 1).is_some_and(u8::is_ascii_alphabetic),
        _ => true,
    }
}

/// `0 errors`, `no warnings`, `errors: 0`: a count saying nothing went wrong.
pub(super) fn zero_count(line: &[u8]) -> bool {
    const LEAD: &[&[u8]] = &[
        b"0 error",
        b"0 warning",
        b"0 fail",
        b"0 problem",
        b"0 leak",
        b"0 conflict",
        b"no conflict",
        b"no error",
        b"no warning",
        b"no issue",
        b"no problem",
    ];
    const TRAIL: &[&[u8]] = &[b"errors", b"failures", b"failed"];
    let at = |i: usize, w: &[u8]| {
        line.len() - i >= w.len() && line[i..i + w.len()].eq_ignore_ascii_case(w)
    };
    for i in memchr::memchr3_iter(b'0', b'n', b'N', line) {
        // Every word of `LEAD` is `0 …` or `no …`: the next byte rules out most places.
        let next = line.get(i + 1).map(u8::to_ascii_lowercase);
        if !matches!(
            (line[i], next),
            (b'0', Some(b' ')) | (b'n' | b'N', Some(b'o'))
        ) {
            continue;
        }
        if (i == 0 || !line[i - 1].is_ascii_alphanumeric()) && LEAD.iter().any(|w| at(i, w)) {
            return true;
        }
    }
    // `errors: 0`, `failed=0`
    for i in memchr::memchr2_iter(b':', b'=', line) {
        let rest = line[i + 1..].trim_ascii_start();
        if rest.first() == Some(&b'0')
            && !rest.get(1).is_some_and(u8::is_ascii_digit)
            && TRAIL
                .iter()
                .any(|w| i >= w.len() && line[i - w.len()..i].eq_ignore_ascii_case(w))
        {
            return true;
        }
    }
    false
}

/// The word of the scan's hit `line[s..e]` as it counts for the line (its class, with the
/// checks that it stands as that word), and whether it ends a `no … was found` verdict; `None`
/// when it does not count.
pub(super) fn hit_word(line: &[u8], mut s: usize, e: usize) -> Option<(Word, bool)> {
    let m = line.get(s..e)?;
    let mut verdict = false;
    let mut word = word_class(m);
    // `'eval' conflicts with a built-in name`: a clash of names is a warning; a conflict
    // said otherwise (`Text conflict in a.txt`, `[CONFLICT] Skipping a.txt`) is an outcome.
    if word == Word::Severe && conflicts::clash(line, m, e) {
        word = Word::Warn;
    }
    // `client=127.0.0.1 ERROR:`: digits after a dot end an address or a version, not a
    // count, and the severity word after them stands on its own.
    if word == Word::Count
        && s > 0
        && line[s - 1] == b'.'
        && let Some(at) = dotted_severity(m)
    {
        (word, s) = (Word::Severe, s + at);
    }
    // `user NOT in sudoers`: a shouted negation between lower-case words.
    if m == b"NOT " {
        if !shouted_not(line, s, e) {
            return None;
        }
    } else if matches!(word, Word::Severe | Word::Warn | Word::Expect)
        && !whole_word(line, s, e)
        && !glued_caps(word, line, s, e)
    {
        return None;
    }
    if word == Word::Expect && !compared(&line[e..]) && !diff_header(line) {
        if mismatches::not_found(line, s) {
            word = Word::Severe;
        } else if !mismatches::found_instead(&line[e..]) {
            return None;
        }
    }
    if word == Word::Count && counts::not_a_count(line, s, e, m) {
        return None;
    }
    // `does not exist` is the one severe phrase that starts with `do`.
    if word == Word::Severe
        && (m[0] | 0x20) == b'd'
        && m.get(1).is_some_and(|b| (b | 0x20) == b'o')
        && !quoted_subject(line, s)
        && !subjects::path_subject(line, s)
    {
        return None;
    }
    let tail = matches!(
        m.get(..2),
        Some([b'w' | b'W', _] | [b'd' | b'D', b'e' | b'E'])
    );
    if word == Word::Outcome && tail {
        // `was found` / `detected` end a verdict only after a `no` (`no cycle was found`).
        if !no_before(line, s) {
            return None;
        }
        verdict = true;
    }
    Some((word, verdict))
}

/// `STYLE-WARNING`, `SERVER_ERROR object …`: a severity word glued to an upper-case part that
/// still stands as a word of its own.
fn glued_caps(word: Word, line: &[u8], s: usize, e: usize) -> bool {
    match word {
        Word::Warn => caps_compound(line, s, e) || process_levels::process_level(line, s, e),
        Word::Severe => {
            caps_status(line, s, e)
                || process_levels::process_level(line, s, e)
                || kebab_codes::code(line, s, e)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Kind;

    use crate::generic::tests::kind;

    /// A thing named in quotes that does not exist is an error on an unindented line; said of
    /// no name (prose, a comment) or indented (a step of a trace), it is not.
    #[test]
    fn a_quoted_name_that_does_not_exist_is_an_error() {
        assert_eq!(kind(r#"Volume "data7" does not exist."#), Some(Kind::Error));
        assert_eq!(kind("Queue 'jobs' doesn't exist"), Some(Kind::Error));
        assert_eq!(kind("  Node 'out/a.o' does not exist."), None);
        assert_eq!(kind("# if the key does not exist, skip it"), None);
        assert_eq!(kind("returns None when the path doesn't exist"), None);
        assert!(quoted_subject(b"Unit \"x\" does", 9));
    }

    /// `no … was found` / `no … detected`: a check's clean verdict is a summary, kept on its
    /// own (not grouped with other outcomes); a search that found nothing on its way is not.
    #[test]
    fn a_check_that_found_nothing_says_so_in_a_summary() {
        let line = "  \u{2705} Great, no cyclic import was found in the tree.";
        let s = crate::generic::generic().and_then(|g| g.classify(line.as_bytes(), None));
        assert_eq!(s.map(|s| (s.kind, s.group)), Some((Kind::Summary, false)));
        assert_eq!(kind("No cycles detected in 4 runs"), Some(Kind::Summary));
        assert_eq!(kind("a cycle was found in the graph"), None);
        assert!(no_before(b"x, no such thing was found", 17));
        assert!(!no_before(b"x, know such thing was found", 19));
        assert_eq!(kind("No implicit rule found for 'x.o'."), None);
        assert_eq!(kind("-- database dump complete"), Some(Kind::Summary));
        // a verdict of a check, a count of what a store holds
        assert_eq!(kind("archive verified."), Some(Kind::Summary));
        assert_eq!(kind("Signature verified OK"), Some(Kind::Summary));
        assert_eq!(kind("the unverifiedness of it"), None);
        assert_eq!(kind("Your store contains 110 entries"), Some(Kind::Summary));
        assert_eq!(kind("a table of 64 entries"), None);
        assert_eq!(kind("because we verified above that it holds"), None);
        assert_eq!(kind("the run was completely quiet"), None);
        assert_eq!(
            kind("prog: data.txt:131: is not sorted: x -"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("a.txt:131: is not sorted"), None);
        assert_eq!(kind("cat: x: No such file or directory"), Some(Kind::Error));
        assert_eq!(
            kind("ModuleNotFoundError: no module named 'x'"),
            Some(Kind::Message)
        );
    }
}

//! Words that say something went wrong or did not happen, in any case, beyond the severity
//! words the generic core classifies: a line the rules leave to the noise but that holds one is
//! worth a place in the recall budget.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

/// Bytes of a line the scan reads.
const READ: usize = 400;

/// Stems (a match may go on: `differ` is in `differences`) and, after `=`, words that must end
/// where the entry ends (`bad` is not `badge`).
const WORDS: &[&str] = &[
    "unable",
    "cannot",
    "can't",
    "could not",
    "couldn't",
    "refus",
    "invalid",
    "mismatch",
    "missing",
    "unexpected",
    "not found",
    "no such",
    "timed out",
    "timeout",
    "skipped",
    "skipping",
    "reject",
    "denied",
    "corrupt",
    "truncat",
    "expired",
    "differ",
    "violat",
    "exceed",
    "forbidden",
    "unauthori",
    "unsupported",
    "unavailable",
    "unreachable",
    "unknown",
    "undefined",
    "incompatible",
    "inconsistent",
    "not permitted",
    "not allowed",
    "not exist",
    "not ok",
    "nonzero",
    "non-zero",
    "exited",
    "exit code",
    "exit status",
    "stopped",
    "crash",
    "fault",
    "overflow",
    "broken",
    "wrong",
    "deprecat",
    "obsolete",
    "retry",
    "retrying",
    "fatal",
    "failed",
    "failure",
    "error",
    "warn",
    "abort",
    "=bad",
    "=lost",
    "=down",
    "=dead",
    "=fail",
    "=killed",
    "=found",
    "=changed",
    "=removed",
    "=added",
    "=conflict",
];

struct Lexicon {
    finder: AhoCorasick,
    /// Per pattern: whether it must end at a word's end.
    whole: Vec<bool>,
}

static LEXICON: LazyLock<Option<Lexicon>> = LazyLock::new(|| {
    let whole: Vec<bool> = WORDS.iter().map(|w| w.starts_with('=')).collect();
    let finder = AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::LeftmostLongest)
        .build(WORDS.iter().map(|w| w.trim_start_matches('=')))
        .ok()?;
    Some(Lexicon { finder, whole })
});

/// How many lexicon words stand as words in `line` (a match must start a word; a whole-word
/// entry must end one too), counting at most 3.
pub fn hits(line: &[u8]) -> u32 {
    let Some(lex) = LEXICON.as_ref() else {
        return 0;
    };
    let line = &line[..line.len().min(READ)];
    let mut n = 0;
    for m in lex.finder.find_iter(line) {
        // A word of a sentence, not a value (`user=[unknown]`, `--no-warn`, `is_missing`).
        let starts = m.start() == 0
            || matches!(
                line[m.start() - 1],
                b' ' | b'\t' | b':' | b'(' | b'"' | b'\'' | b',' | b'!' | b'>' | b'*'
            );
        let ends = line.get(m.end()).is_none_or(|c| !c.is_ascii_alphanumeric());
        if starts && (ends || !lex.whole[m.pattern().as_usize()]) {
            n += 1;
            if n == 3 {
                break;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::hits;

    #[test]
    fn words_stand_as_words() {
        assert_eq!(hits(b"debsums: missing file /usr/bin/x"), 1);
        assert_eq!(hits(b"  status   Does NOT EXIST"), 1);
        assert_eq!(hits(b"Mailing is Undeliverable: relay not permitted"), 1);
        assert_eq!(hits(b"a badge was found"), 1);
        assert_eq!(hits(b"unskipped abadness"), 0);
        assert_eq!(hits(b"user=[unknown],db=x --no-warnings is_missing"), 0);
        assert_eq!(hits(b"copied 12 files"), 0);
    }
}

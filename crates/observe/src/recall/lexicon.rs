//! Words that say something went wrong or did not happen, in any case, beyond the severity
//! words the generic core classifies: a line the rules leave to the noise but that holds one is
//! worth a place in the recall budget.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

/// Bytes of a line the scan reads.
const READ: usize = 160;

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
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::DFA))
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
                b' ' | b'\t' | b'(' | b'"' | b'\'' | b',' | b'!' | b'>' | b'*'
            )
            || (line[m.start() - 1] == b':' && (m.start() < 2 || line[m.start() - 2] != b':'));
        let ends = line.get(m.end()).is_none_or(|c| !c.is_ascii_alphanumeric());
        if starts && (ends || (!lex.whole[m.pattern().as_usize()] && plain_word(&line[m.end()..])))
        {
            n += 1;
            if n == 3 {
                break;
            }
        }
    }
    n
}

/// Whether a stem's match goes on as a plain word (`rejects`, `differences`), not as an
/// identifier (`rejects_bad_sku`, `invalidateTMcache`, `missing::path`).
fn plain_word(rest: &[u8]) -> bool {
    let letters = rest.iter().take_while(|c| c.is_ascii_lowercase()).count();
    !matches!(rest.get(letters), Some(c) if c.is_ascii_alphanumeric() || matches!(c, b'_' | b':' | b'('))
}

/// Keys whose non-zero value says something failed (`err=20`, `rc=3`, `errors: 2`).
const FAILURE_KEYS: &[&[u8]] = &[
    b"err",
    b"errno",
    b"error",
    b"errors",
    b"errs",
    b"rc",
    b"ret",
    b"exit",
    b"status",
    b"code",
    b"fail",
    b"failed",
    b"failures",
    b"failing",
    b"lost",
    b"missing",
    b"dropped",
];

/// Whether a field names a failure and holds a non-zero count: `KEY=N` or `KEY: N` with `N`
/// not 0, the key one of [`FAILURE_KEYS`] in any case.
pub fn nonzero_failure_field(line: &[u8]) -> bool {
    let line = &line[..line.len().min(READ)];
    memchr::memchr2_iter(b'=', b':', line).any(|at| {
        let value = match line.get(at + 1) {
            Some(b' ') if line[at] == b':' => at + 2,
            _ => at + 1,
        };
        let nonzero = line
            .get(value)
            .is_some_and(|c| matches!(c, b'1'..=b'9' | b'-'));
        if !nonzero {
            return false;
        }
        let key_from = line[..at]
            .iter()
            .rposition(|c| !c.is_ascii_alphabetic())
            .map_or(0, |p| p + 1);
        let key = &line[key_from..at];
        FAILURE_KEYS.iter().any(|k| k.eq_ignore_ascii_case(key))
    })
}

#[cfg(test)]
mod tests {
    use super::{hits, nonzero_failure_field};

    #[test]
    fn failure_fields_hold_non_zero_counts() {
        assert!(nonzero_failure_field(
            b"conn=1001 op=1 RESULT tag=105 err=20 text="
        ));
        assert!(nonzero_failure_field(b"worker stopped (rc=3)"));
        assert!(nonzero_failure_field(b"Errors: 2"));
        assert!(!nonzero_failure_field(
            b"conn=1001 op=1 RESULT tag=105 err=0 text="
        ));
        assert!(!nonzero_failure_field(b"terror=3 errors: 0"));
        assert!(!nonzero_failure_field(b"processed=12 time=3"));
    }

    #[test]
    fn words_stand_as_words() {
        assert_eq!(hits(b"debsums: missing file /usr/bin/x"), 1);
        assert_eq!(hits(b"  status   Does NOT EXIST"), 1);
        assert_eq!(hits(b"Mailing is Undeliverable: relay not permitted"), 1);
        assert_eq!(hits(b"a badge was found"), 1);
        assert_eq!(hits(b"unskipped abadness"), 0);
        assert_eq!(hits(b"user=[unknown],db=x --no-warnings is_missing"), 0);
        assert_eq!(
            hits(b"test tests::rejects_bad_sku ... ok invalidateTMcache(t)"),
            0
        );
        assert_eq!(hits(b"copied 12 files"), 0);
    }
}

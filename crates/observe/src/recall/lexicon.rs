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
    let line = &line[..line.len().min(READ)];
    // Most lines have no word start that could begin a word of the lexicon: one byte walk
    // proves it before the automaton runs.
    if !may_hit(line) {
        return 0;
    }
    searched_hits(line)
}

/// [`hits`] of a line of at most [`READ`] bytes, by the automaton alone.
fn searched_hits(line: &[u8]) -> u32 {
    let Some(lex) = LEXICON.as_ref() else {
        return 0;
    };
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

/// Four bytes from `at`, zero past the end, with bit 5 of each set: an ASCII letter reads as
/// its lower case, and bytes equal up to ASCII case read the same.
#[inline]
fn folded4(line: &[u8], at: usize) -> u32 {
    let w = match line.get(at..at + 4) {
        Some(&[a, b, c, d]) => [a, b, c, d],
        _ => {
            let mut w = [0u8; 4];
            for (k, &c) in line.iter().skip(at).take(4).enumerate() {
                w[k] = c;
            }
            w
        }
    };
    u32::from_le_bytes(w) | 0x2020_2020
}

/// The slot of a [`folded4`] key in [`PREFIXES`].
#[inline]
const fn slot(key: u32) -> usize {
    (key.wrapping_mul(0x9e37_79b1) >> 20) as usize
}

/// [`folded4`] of the three bytes of `bad` (the one word shorter than four bytes), masked to
/// three bytes.
const BAD: u32 = u32::from_le_bytes([b'b', b'a', b'd', 0]) | 0x0020_2020;

/// A set (4,096 bits) holding the [`folded4`] key of the first four bytes of every word of
/// [`WORDS`] (`bad` aside): a key it lacks begins no word (a key it holds may begin none).
static PREFIXES: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < WORDS.len() {
        let w = WORDS[i].as_bytes();
        let o = if w[0] == b'=' { 1 } else { 0 };
        // What the walk assumes of a word: it begins with a byte from `A` up, and it has four
        // bytes or more (`bad` is looked for on its own).
        let bad = w.len() - o == 3 && w[o] == b'b' && w[o + 1] == b'a' && w[o + 2] == b'd';
        assert!(w[o] >= b'A', "a lexicon word begins with a letter");
        assert!(
            w.len() - o >= 4 || bad,
            "a lexicon word has 4 bytes or more"
        );
        if w.len() - o >= 4 {
            let key = u32::from_le_bytes([w[o], w[o + 1], w[o + 2], w[o + 3]]) | 0x2020_2020;
            let s = slot(key);
            t[s / 64] |= 1 << (s % 64);
        }
        i += 1;
    }
    t
};

/// Whether a lexicon word stands whole at some word start of `line` (a superset of those
/// [`hits`] counts): when not, [`hits`] is 0. A match starts a word at the line's start or
/// after a blank, `(`, `"`, `'`, `,`, `!`, `*`, `:` or `>`, and every word begins with a letter:
/// so a byte from `A` up after a byte below `@` (or first), which eight-byte words find at once.
fn may_hit(line: &[u8]) -> bool {
    const L: u64 = 0x0101_0101_0101_0101;
    const H: u64 = 0x8080_8080_8080_8080;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // The high bit of each byte of `v` at least `n` (exact: no carry crosses a byte).
    let at_least = |v: u64, n: u8| (((v & LOW7) + L * u64::from(0x80 - n)) | v) & H;
    let n = line.len();
    // The high bit of the byte before the chunk when it is below `@` (the line's start is).
    let mut before = H;
    let mut p = 0;
    while p + 3 <= n {
        let v = match line.get(p..p + 8) {
            Some(w) => u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]),
            None => {
                let mut w = [0u8; 8];
                for (k, &c) in line[p..].iter().enumerate() {
                    w[k] = c;
                }
                u64::from_le_bytes(w)
            }
        };
        let low = !at_least(v, b'@') & H;
        let mut m = at_least(v, b'A') & ((low << 8) | (before >> 56));
        before = low;
        while m != 0 {
            let at = p + m.trailing_zeros() as usize / 8;
            if at + 3 <= n && begins_word(line, at) {
                return true;
            }
            m &= m - 1;
        }
        p += 8;
    }
    false
}

/// Whether a lexicon word stands whole in `line` from `at` (three bytes at least), up to
/// ASCII case: the four-byte set first, then the words of that key.
#[inline(always)]
fn begins_word(line: &[u8], at: usize) -> bool {
    let key = folded4(line, at);
    let s = slot(key);
    if PREFIXES[s / 64] & (1 << (s % 64)) == 0 {
        return key & 0x00ff_ffff == BAD;
    }
    word_of_key(&line[at..], key)
}

/// Whether `rest` begins with a word of [`BY_KEY`] under `key`, up to ASCII case.
#[inline(never)]
fn word_of_key(rest: &[u8], key: u32) -> bool {
    let from = BY_KEY.partition_point(|(k, _)| *k < key);
    BY_KEY[from..]
        .iter()
        .take_while(|(k, _)| *k == key)
        .any(|(_, w)| {
            rest.get(..w.len())
                .is_some_and(|r| r.eq_ignore_ascii_case(w))
        })
}

/// The words of [`WORDS`] of four bytes or more (without their `=`), by [`folded4`] key.
static BY_KEY: LazyLock<Vec<(u32, &'static [u8])>> = LazyLock::new(|| {
    let mut v: Vec<(u32, &'static [u8])> = WORDS
        .iter()
        .map(|w| w.trim_start_matches('=').as_bytes())
        .filter(|w| w.len() >= 4)
        .map(|w| (folded4(w, 0), w))
        .collect();
    v.sort_unstable();
    v
});

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

    /// Pieces of real log lines and of the lexicon's words, in several cases.
    const PIECES: &[&str] = &[
        " ",
        "\t",
        ":",
        "::",
        "=",
        "(",
        "\"",
        "'",
        ",",
        "!",
        ">",
        "*",
        "_",
        "-",
        "0",
        "12",
        "x",
        "a",
        "the",
        "debsums",
        "/usr/bin/x",
        "user=[unknown]",
        "is_missing",
        "abadness",
        "bad",
        "BAD",
        "Bad",
        "un",
        "unable",
        "UNABLE",
        "not",
        "Not ",
        "no such",
        "no s",
        "can't",
        "cannot",
        "could not",
        "differences",
        "rejects_bad_sku",
        "warn",
        "WARNING",
        "err",
        "Error",
        "error",
        "exit",
        "exit code",
        "found",
        "lost",
        "down",
        "dead",
        "fail",
        "failed",
        "timeout",
        "non-zero",
        "nonzero",
        "stopped",
        "crash",
        "\u{e9}",
        "\u{2717}",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

        /// The byte walk in front of the automaton never hides a hit.
        #[test]
        fn prefiltered_hits_agree_with_the_automaton(
            parts in proptest::collection::vec(proptest::sample::select(PIECES), 0..40)
        ) {
            let line = parts.concat();
            let line = &line.as_bytes()[..line.len().min(super::READ)];
            proptest::prop_assert_eq!(hits(line), super::searched_hits(line));
        }
    }

    #[test]
    fn prefiltered_hits_agree_on_every_corpus_line() {
        let sets = [
            "corpus", "wild", "wild2", "wild7", "wild19", "wild21", "wild24",
        ];
        for data in crate::corpus_logs::corpus_logs(&sets) {
            for line in data.split(|&b| b == b'\n') {
                let line = &line[..line.len().min(super::READ)];
                assert_eq!(
                    hits(line),
                    super::searched_hits(line),
                    "{}",
                    String::from_utf8_lossy(line)
                );
            }
        }
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

//! The word scan's automaton: the forward and reverse dense DFAs of
//! [`words_pattern`](super::word_pattern::words_pattern), compiled by `build.rs` and embedded,
//! so a process builds no automaton states to scan (a lazy DFA built some 55 M instructions of
//! them on the corpus, most of a small output's cost). Where the embedded tables cannot be read
//! (a target of the other byte order than the build host), the pattern is compiled at run time
//! instead; both find the same words.

use regex_automata::dfa::{dense, regex::Regex as DfaRegex};
use regex_automata::meta;
use regex_automata::util::syntax;

use super::word_pattern::{NFA_SIZE_LIMIT, SYNTAX_UNICODE, words_pattern};

/// The embedded tables, aligned for reading them in place as `u32`s.
#[repr(C)]
struct Aligned<B: ?Sized> {
    _align: [u32; 0],
    bytes: B,
}

static FORWARD: &Aligned<[u8]> = &Aligned {
    _align: [],
    bytes: *include_bytes!(concat!(env!("OUT_DIR"), "/words_forward.dfa")),
};

static REVERSE: &Aligned<[u8]> = &Aligned {
    _align: [],
    bytes: *include_bytes!(concat!(env!("OUT_DIR"), "/words_reverse.dfa")),
};

/// The word scanner: the embedded DFAs, or the pattern compiled here.
#[derive(Debug)]
pub(crate) enum Words {
    /// The DFAs `build.rs` made, read in place.
    Embedded(Box<DfaRegex<dense::DFA<&'static [u32]>>>),
    /// The pattern compiled at run time (the embedded tables did not read).
    Compiled(meta::Regex),
}

impl Words {
    /// The embedded scanner when its tables read, else the pattern compiled here.
    pub(crate) fn new() -> Result<Self, Box<meta::BuildError>> {
        match embedded() {
            Some(re) => Ok(Self::Embedded(re)),
            None => compiled().map(Self::Compiled),
        }
    }

    /// Appends the byte ranges of the words found in `hay`, left to right.
    pub(crate) fn find_into(&self, hay: &[u8], out: &mut Vec<(usize, usize)>) {
        match self {
            Self::Embedded(re) => out.extend(re.find_iter(hay).map(|m| (m.start(), m.end()))),
            Self::Compiled(re) => out.extend(re.find_iter(hay).map(|m| (m.start(), m.end()))),
        }
    }
}

/// The DFAs `build.rs` wrote, read in place (`None` where they do not validate).
fn embedded() -> Option<Box<DfaRegex<dense::DFA<&'static [u32]>>>> {
    let (forward, _) = dense::DFA::from_bytes(&FORWARD.bytes).ok()?;
    let (reverse, _) = dense::DFA::from_bytes(&REVERSE.bytes).ok()?;
    Some(Box::new(
        DfaRegex::builder().build_from_dfas(forward, reverse),
    ))
}

/// The pattern compiled as `regex::bytes::RegexBuilder` compiles it (leftmost-first, no
/// Unicode, a 10 MiB NFA limit, a 32 MiB lazy DFA cache), without automatic prefilters.
fn compiled() -> Result<meta::Regex, Box<meta::BuildError>> {
    meta::Regex::builder()
        .syntax(syntax::Config::new().unicode(SYNTAX_UNICODE).utf8(false))
        .configure(
            meta::Regex::config()
                .match_kind(regex_automata::MatchKind::LeftmostFirst)
                .utf8_empty(false)
                .nfa_size_limit(Some(NFA_SIZE_LIMIT))
                .hybrid_cache_capacity(32 << 20)
                .auto_prefilter(false),
        )
        .build(&words_pattern())
        .map_err(Box::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables `build.rs` embedded read on this platform, and find what the pattern compiled
    /// at run time finds, on every corpus log.
    #[test]
    fn embedded_tables_read_and_agree_with_the_compiled_pattern() {
        let Ok(Words::Embedded(ours)) = Words::new() else {
            panic!("the embedded word DFAs did not read");
        };
        let Ok(theirs) = compiled() else {
            panic!("the word pattern did not compile");
        };
        let (ours, theirs) = (Words::Embedded(ours), Words::Compiled(theirs));
        let sets = ["corpus", "wild", "wild2", "wild9", "wild16"];
        for data in crate::corpus_logs::corpus_logs(&sets) {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            ours.find_into(&data, &mut a);
            theirs.find_into(&data, &mut b);
            assert_eq!(a, b);
        }
    }

    /// A line and the words found on it (ranges relative to the line).
    type LineWords<'a> = (&'a [u8], Vec<(usize, usize)>);

    /// The words a scan of a whole chunk finds on each of its lines (starting before the line's
    /// newline, cut there), as the compressor read them before it scanned each line alone.
    fn chunk_words(data: &[u8]) -> Vec<LineWords<'_>> {
        let Some(g) = crate::generic::generic() else {
            panic!("the word scan did not build");
        };
        let mut hits = Vec::new();
        g.scan(data, &mut hits);
        let (mut start, mut h, mut out) = (0, 0, Vec::new());
        for nl in memchr::memchr_iter(b'\n', data) {
            while h < hits.len() && hits[h].0 < start {
                h += 1;
            }
            let mut words = Vec::new();
            while h < hits.len() && hits[h].0 < nl {
                words.push((hits[h].0 - start, hits[h].1.min(nl) - start));
                h += 1;
            }
            out.push((&data[start..nl], words));
            start = nl + 1;
        }
        out
    }

    /// Asserts that every line of `data` scanned alone has the words the chunk's scan found on
    /// it, and classifies the same from either.
    fn assert_line_scan_agrees(data: &[u8]) {
        let Some(g) = crate::generic::generic() else {
            panic!("the word scan did not build");
        };
        for (line, words) in chunk_words(data) {
            let mut alone = Vec::new();
            g.words.find_into(line, &mut alone);
            let shown = String::from_utf8_lossy(line);
            assert_eq!(alone, words, "{shown}");
            let (chunk, own) = (g.classify(line, Some(&words)), g.classify(line, None));
            assert_eq!(chunk.map(|s| s.kind), own.map(|s| s.kind), "{shown}");
            assert_eq!(
                chunk.map(|s| (s.after, s.group)),
                own.map(|s| (s.after, s.group))
            );
        }
    }

    /// No word of the scan spans a newline, and a line's ends read as a chunk's newlines do
    /// (`^`, `$`, word boundaries): each line of every log of the corpus sets has the same
    /// words alone as in its chunk, and classifies the same.
    #[test]
    fn a_line_alone_has_the_words_of_its_chunk() {
        let sets = [
            "corpus", "wild", "wild2", "wild5", "wild7", "wild9", "wild16", "wild19", "wild21",
            "wild24", "wild27", "wild30",
        ];
        let logs = crate::corpus_logs::corpus_logs(&sets);
        assert!(logs.len() > 100, "{} logs", logs.len());
        for data in &logs {
            assert_line_scan_agrees(data);
        }
    }

    /// Real lines cut into fragments, and word pieces, in any order and case.
    static PIECES: std::sync::LazyLock<Vec<Vec<u8>>> = std::sync::LazyLock::new(|| {
        let mut pieces: Vec<Vec<u8>> = [
            "error",
            "Error:",
            "FAILED",
            "warn",
            "0 failed",
            "3 failed",
            "tests 4",
            "ok",
            "pass",
            "\n",
            "\n",
            " ",
            "\t",
            ":",
            "=",
            "exit code 1",
            "status=1/FAILURE",
            "*** [",
            "NOT ",
            "summary:",
            "expected",
            "HTTP/1.1\" 404",
            "done",
            "\u{2717}",
            "\r",
        ]
        .iter()
        .map(|p| p.as_bytes().to_vec())
        .collect();
        for data in crate::corpus_logs::corpus_logs(&["wild", "wild24"]) {
            for line in data.split(|&b| b == b'\n').step_by(17).take(60) {
                pieces.extend(line.chunks(9).map(<[u8]>::to_vec));
            }
        }
        pieces
    });

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// Text made of real fragments and word pieces joined in any order: each line alone
        /// has the words of its chunk and classifies the same.
        #[test]
        fn a_line_alone_has_the_words_of_its_chunk_on_fragments(
            picks in proptest::collection::vec(0usize..100_000, 0..60)
        ) {
            let mut data = Vec::new();
            for p in picks {
                data.extend_from_slice(&PIECES[p % PIECES.len()]);
            }
            data.push(b'\n');
            assert_line_scan_agrees(&data);
        }
    }
}

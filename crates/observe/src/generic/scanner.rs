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
}

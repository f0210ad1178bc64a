//! Compiles the word scan's pattern (`src/generic/word_pattern.rs`) into forward and reverse
//! dense DFAs and writes them, in this host's byte order, to `OUT_DIR` for the crate to embed
//! (`src/generic/scanner.rs`), so no process builds automaton states to scan.

use regex_automata::MatchKind;
use regex_automata::dfa::{StartKind, dense, regex::Regex};
use regex_automata::nfa::thompson;
use regex_automata::util::syntax;

#[path = "src/generic/word_pattern.rs"]
mod word_pattern;
use word_pattern::{NFA_SIZE_LIMIT, SYNTAX_UNICODE, words_pattern};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/generic/word_pattern.rs");
    let re = Regex::builder()
        .syntax(syntax::Config::new().unicode(SYNTAX_UNICODE).utf8(false))
        .thompson(thompson::Config::new().nfa_size_limit(Some(NFA_SIZE_LIMIT)))
        .dense(
            dense::Config::new()
                .match_kind(MatchKind::LeftmostFirst)
                .start_kind(StartKind::Unanchored),
        )
        .build(&words_pattern())?;
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR")?);
    for (name, dfa) in [("forward", re.forward()), ("reverse", re.reverse())] {
        let (bytes, pad) = dfa.to_bytes_native_endian();
        std::fs::write(out.join(format!("words_{name}.dfa")), &bytes[pad..])?;
    }
    Ok(())
}

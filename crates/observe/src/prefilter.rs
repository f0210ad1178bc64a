//! Lead tables: for each indentation class and the first two non-blank bytes of a line,
//! whether any anchored rule can still match. Built once from a lazy DFA of the rules, so the
//! table never rejects a line a rule would accept.

use regex_automata::hybrid::LazyStateID;
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input};

fn step(
    dfa: &DFA,
    cache: &mut Cache,
    mut sid: LazyStateID,
    bytes: &[u8],
) -> Result<LazyStateID, String> {
    for &b in bytes {
        sid = dfa.next_state(cache, sid, b).map_err(|e| e.to_string())?;
    }
    Ok(sid)
}

fn alive(sid: LazyStateID) -> bool {
    !sid.is_dead() || sid.is_match()
}

/// Builds the three lead tables (no indentation, exactly one space, more or tabs), each indexed
/// by `first << 8 | second` byte after the indentation, as bit sets (bit `i % 64` of word
/// `i / 64`; 8 KiB a table, so the three stay in the first-level cache).
pub fn lead_tables(patterns: &[&str]) -> Result<Box<[Vec<u64>; 3]>, String> {
    let dfa = DFA::builder()
        .syntax(syntax::Config::new().unicode(false).utf8(false))
        .configure(DFA::config().cache_capacity(8 << 20))
        .build_many(patterns)
        .map_err(|e| e.to_string())?;
    let mut cache = dfa.create_cache();
    let start = dfa
        .start_state_forward(&mut cache, &Input::new(&b""[..]).anchored(Anchored::Yes))
        .map_err(|e| e.to_string())?;
    let prefixes: [&[&[u8]]; 3] = [&[b""], &[b" "], &[b"  ", b"\t", b" \t", b"\t "]];
    let mut tables: [Vec<u64>; 3] = [vec![0; 1 << 10], vec![0; 1 << 10], vec![0; 1 << 10]];
    let set = |t: &mut Vec<u64>, i: usize| t[i >> 6] |= 1 << (i & 63);
    for (class, list) in prefixes.iter().enumerate() {
        for prefix in *list {
            let s0 = step(&dfa, &mut cache, start, prefix)?;
            if !alive(s0) {
                continue;
            }
            for b1 in 0..=255u8 {
                let s1 = step(&dfa, &mut cache, s0, &[b1])?;
                if s1.is_match() {
                    for b2 in 0..=255usize {
                        set(&mut tables[class], usize::from(b1) << 8 | b2);
                    }
                    continue;
                }
                if s1.is_dead() {
                    continue;
                }
                for b2 in 0..=255u8 {
                    let s2 = step(&dfa, &mut cache, s1, &[b2])?;
                    if alive(s2) {
                        set(&mut tables[class], usize::from(b1) << 8 | usize::from(b2));
                    }
                }
            }
        }
    }
    Ok(Box::new(tables))
}

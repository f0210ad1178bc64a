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

/// Whether a match of the DFA ends at or before the end of input from state `sid`.
fn matches_at_end(dfa: &DFA, cache: &mut Cache, sid: LazyStateID) -> Result<bool, String> {
    let eoi = dfa.next_eoi_state(cache, sid).map_err(|e| e.to_string())?;
    Ok(sid.is_match() || eoi.is_match())
}

/// The lead tables of three indentation classes (no indentation, exactly one space, more or
/// tabs), as bit sets (bit `i % 64` of word `i / 64`).
#[derive(Debug)]
pub struct LeadTables {
    /// Indexed by `first << 8 | second` byte after the indentation (8 KiB a table, so the
    /// three stay in the first-level cache): whether a rule can still match.
    pub pairs: [Vec<u64>; 3],
    /// Lines with fewer than two bytes after the indentation, indexed by that byte (256: none):
    /// whether a rule matches the whole line.
    pub short: [Vec<u64>; 3],
}

/// Builds the [`LeadTables`] of `patterns`.
pub fn lead_tables(patterns: &[&str]) -> Result<Box<LeadTables>, String> {
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
    let mut short: [Vec<u64>; 3] = [vec![0; 5], vec![0; 5], vec![0; 5]];
    let set = |t: &mut Vec<u64>, i: usize| t[i >> 6] |= 1 << (i & 63);
    for (class, list) in prefixes.iter().enumerate() {
        for prefix in *list {
            let s0 = step(&dfa, &mut cache, start, prefix)?;
            if !alive(s0) {
                continue;
            }
            if matches_at_end(&dfa, &mut cache, s0)? {
                set(&mut short[class], 256);
            }
            for b1 in 0..=255u8 {
                let s1 = step(&dfa, &mut cache, s0, &[b1])?;
                if matches_at_end(&dfa, &mut cache, s1)? {
                    set(&mut short[class], usize::from(b1));
                }
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
    Ok(Box::new(LeadTables {
        pairs: tables,
        short,
    }))
}

//! Lead tables: for each indentation class and the first two non-blank bytes of a line,
//! whether any anchored rule can still match. Made from a lazy DFA of the rules, so the table
//! never rejects a line a rule would accept; each row when first asked for.

use std::sync::{Mutex, OnceLock, PoisonError};

use regex_automata::hybrid::LazyStateID;
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::nfa::thompson::NFA;
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

/// The indentations a class stands for: none, exactly one space, more or tabs.
const PREFIXES: [&[&[u8]]; 3] = [&[b""], &[b" "], &[b"  ", b"\t", b" \t", b"\t "]];

/// What the table says of the lines of one indentation class led by one byte.
#[derive(Debug, Clone, Copy)]
struct Row {
    /// Bit `b2 % 64` of word `b2 / 64`: whether a rule can still match after the two bytes.
    pairs: [u64; 4],
    /// Whether a rule matches a line of this byte alone.
    short: bool,
}

/// A row that lets every line through (where the automaton could not answer).
const ALL: Row = Row {
    pairs: [u64::MAX; 4],
    short: true,
};

/// The lead tables of three indentation classes (no indentation, exactly one space, more or
/// tabs). A row (one class, one first byte) is made from the lazy DFA the first time a line
/// asks for it and kept for the process: an output reads a few dozen of the 768 rows, and
/// making all of them up front built some 14 M instructions of automaton states, most of a
/// small output's cost.
#[derive(Debug)]
pub struct LeadTables {
    dfa: DFA,
    cache: Mutex<Cache>,
    /// Indexed by class, then by the first byte after the indentation.
    rows: Box<[[OnceLock<Row>; 256]; 3]>,
    /// Per class: whether a rule matches a line with nothing after its indentation.
    empty: [bool; 3],
}

impl LeadTables {
    /// Whether a rule can still match a line of `class` whose first two bytes after the
    /// indentation are `b1`, `b2`.
    #[inline]
    pub fn pair(&self, class: usize, b1: u8, b2: u8) -> bool {
        self.row(class, b1).pairs[usize::from(b2 >> 6)] & (1 << (b2 & 63)) != 0
    }

    /// Whether a rule matches a line of `class` with `b` alone (`None`: nothing) after its
    /// indentation.
    #[inline]
    pub fn short(&self, class: usize, b: Option<u8>) -> bool {
        match b {
            Some(b) => self.row(class, b).short,
            None => self.empty[class],
        }
    }

    #[inline]
    fn row(&self, class: usize, b1: u8) -> &Row {
        let cell = &self.rows[class][usize::from(b1)];
        match cell.get() {
            Some(row) => row,
            None => self.first_row(cell, class, b1),
        }
    }

    /// Makes the row of `class` and `b1` (once: a line of another thread may be making it).
    #[cold]
    #[inline(never)]
    fn first_row<'a>(&self, cell: &'a OnceLock<Row>, class: usize, b1: u8) -> &'a Row {
        cell.get_or_init(|| {
            let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
            make_row(&self.dfa, &mut cache, class, b1).unwrap_or(ALL)
        })
    }
}

/// The anchored start state (asked anew each time: clearing the cache forgets states).
fn start(dfa: &DFA, cache: &mut Cache) -> Result<LazyStateID, String> {
    dfa.start_state_forward(cache, &Input::new(&b""[..]).anchored(Anchored::Yes))
        .map_err(|e| e.to_string())
}

/// The row of `class` and first byte `b1`.
fn make_row(dfa: &DFA, cache: &mut Cache, class: usize, b1: u8) -> Result<Row, String> {
    let mut row = Row {
        pairs: [0; 4],
        short: false,
    };
    let start = start(dfa, cache)?;
    for prefix in PREFIXES[class] {
        let s0 = step(dfa, cache, start, prefix)?;
        if !alive(s0) {
            continue;
        }
        let s1 = step(dfa, cache, s0, &[b1])?;
        row.short |= matches_at_end(dfa, cache, s1)?;
        if s1.is_match() {
            row.pairs = [u64::MAX; 4];
            continue;
        }
        if s1.is_dead() {
            continue;
        }
        for b2 in 0..=255u8 {
            let s2 = step(dfa, cache, s1, &[b2])?;
            if alive(s2) {
                row.pairs[usize::from(b2 >> 6)] |= 1 << (b2 & 63);
            }
        }
    }
    Ok(row)
}

/// Builds the [`LeadTables`] of the rules compiled into `nfa` (with no Unicode classes and no
/// capture states; the rows are made as lines ask for them).
pub fn lead_tables(nfa: NFA) -> Result<Box<LeadTables>, String> {
    let dfa = DFA::builder()
        .configure(DFA::config().cache_capacity(8 << 20))
        .build_from_nfa(nfa)
        .map_err(|e| e.to_string())?;
    let mut cache = dfa.create_cache();
    let start = start(&dfa, &mut cache)?;
    let mut empty = [false; 3];
    for (class, list) in PREFIXES.iter().enumerate() {
        for prefix in *list {
            let s0 = step(&dfa, &mut cache, start, prefix)?;
            if alive(s0) && matches_at_end(&dfa, &mut cache, s0)? {
                empty[class] = true;
            }
        }
    }
    Ok(Box::new(LeadTables {
        dfa,
        cache: Mutex::new(cache),
        rows: Box::new(std::array::from_fn(|_| {
            std::array::from_fn(|_| OnceLock::new())
        })),
        empty,
    }))
}

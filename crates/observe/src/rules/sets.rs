//! The compiled rule sets: each one lazy DFA reporting every matching rule, and the scratch
//! space a compressor searches them with.

use std::sync::{Mutex, PoisonError};

use regex_automata::hybrid::dfa::{Cache as LazyCache, DFA as LazyDfa};
use regex_automata::nfa::thompson;
use regex_automata::{MatchKind, PatternSet};

/// The NFA size limit of a rule set.
pub(super) const SET_NFA_LIMIT: Option<usize> = Some(64 << 20);

/// All rules of a set (their NFA, compiled with no Unicode classes and no capture states: only
/// which rules match is asked) as one lazy DFA reporting every matching pattern. The meta regex
/// this was built as compiled a reverse automaton and engines these searches never used; its
/// lazy DFA, configured as here but allowed to give up, fell back to a slower engine with the
/// same answers. This one never gives up (no byte makes it quit: Unicode is off), so it needs
/// none.
pub(super) fn lazy_set(nfa: thompson::NFA) -> Result<LazyDfa, String> {
    LazyDfa::builder()
        .configure(
            LazyDfa::config()
                .match_kind(MatchKind::All)
                .cache_capacity(64 << 20),
        )
        .build_from_nfa(nfa)
        .map_err(|e| e.to_string())
}

/// Scratch space of [`Builtin::classify_without`](super::Builtin::classify_without): the matches
/// of each rule set, and the caches of the two lazy DFAs (handed back to the rules when dropped,
/// so the next compressor of the process finds their states built).
#[derive(Debug)]
pub struct Found {
    pub(super) anchored: PatternSet,
    pub(super) unanchored: PatternSet,
    pub(super) caches: Option<[LazyCache; 2]>,
    pub(super) home: &'static Mutex<Vec<[LazyCache; 2]>>,
}

impl Drop for Found {
    fn drop(&mut self) {
        if let Some(caches) = self.caches.take() {
            self.home
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(caches);
        }
    }
}

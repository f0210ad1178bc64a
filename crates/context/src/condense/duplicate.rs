//! Duplicate elision: a tool result identical to an earlier one that the model still sees in
//! full is shown as a one-line reference instead of a second copy.
//!
//! It only ever applies to a result the model has not been sent yet (the earlier copy is still
//! in full, so the new one would have been elided at its first step), so it never changes a
//! request prefix a provider may have cached.

use std::collections::{HashMap, HashSet};

use loopwright_protocol::message::Role;
use serde::{Deserialize, Serialize};

use super::{Applied, Item};

/// Settings of duplicate elision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuplicateConfig {
    /// Results shorter than this many bytes are always repeated (the reference is not shorter).
    pub min_bytes: usize,
}

impl Default for DuplicateConfig {
    fn default() -> Self {
        DuplicateConfig { min_bytes: 200 }
    }
}

/// For every duplicate-elided result in `dups`, the id of the latest earlier result with the
/// same text that is not itself elided as a duplicate: the copy the reference points to.
pub(crate) fn referents(items: &[Item], dups: &HashSet<u64>) -> HashMap<u64, u64> {
    let mut last: HashMap<&str, u64> = HashMap::new();
    let mut out = HashMap::new();
    for it in items.iter().filter(|i| i.message.role == Role::Tool) {
        let text = it.message.content.as_str();
        if dups.contains(&it.id) {
            if let Some(r) = last.get(text) {
                out.insert(it.id, *r);
            }
        } else {
            last.insert(text, it.id);
        }
    }
    out
}

/// The ids of results to elide now: each repeats an earlier result that is still shown in full.
pub(crate) fn propose(cfg: &DuplicateConfig, items: &[Item], st: &Applied<'_>) -> Option<Vec<u64>> {
    let shown = |id: u64| !st.masked.contains(&id) && !st.summarised(id);
    let mut last_shown: HashMap<&str, u64> = HashMap::new();
    let mut due = Vec::new();
    for it in items.iter().filter(|i| i.message.role == Role::Tool) {
        if !shown(it.id) {
            continue;
        }
        let text = it.message.content.as_str();
        if text.len() >= cfg.min_bytes && last_shown.contains_key(text) {
            due.push(it.id);
        } else {
            last_shown.insert(text, it.id);
        }
    }
    (!due.is_empty()).then_some(due)
}

//! Observation masking: tool results older than the last M are replaced by one-line stubs,
//! in batches so the request prefix changes once per batch instead of every step.

use loopwright_protocol::message::Role;
use serde::{Deserialize, Serialize};

use super::{Applied, Item};

/// Settings of observation masking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MaskConfig {
    /// Tool results kept in full (the last M).
    pub keep_last: usize,
    /// Mask only once this many results are due (K): one prefix change per batch.
    pub batch: usize,
    /// Results shorter than this many bytes are never masked (a stub would not be shorter).
    pub min_bytes: usize,
}

impl Default for MaskConfig {
    fn default() -> Self {
        MaskConfig {
            keep_last: 10,
            batch: 5,
            min_bytes: 200,
        }
    }
}

/// The ids to mask now, when a batch is due.
pub(crate) fn propose(cfg: &MaskConfig, items: &[Item], st: &Applied<'_>) -> Option<Vec<u64>> {
    let results: Vec<&Item> = items
        .iter()
        .filter(|i| i.message.role == Role::Tool && !st.summarised(i.id))
        .collect();
    let old = results.len().saturating_sub(cfg.keep_last);
    let due: Vec<u64> = results[..old]
        .iter()
        .filter(|i| !st.masked.contains(&i.id) && i.message.content.len() >= cfg.min_bytes)
        .map(|i| i.id)
        .collect();
    (!due.is_empty() && due.len() >= cfg.batch.max(1)).then_some(due)
}

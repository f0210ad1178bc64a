//! Observation masking: tool results older than the last M are replaced by one-line stubs,
//! in batches so the request prefix changes once per batch instead of every step.

use std::collections::HashSet;

use loopwright_protocol::message::Role;
use loopwright_protocol::tool::ToolCall;
use serde::{Deserialize, Serialize};

use super::{Applied, Item, duplicate};

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

/// The ids to mask now, when a batch is due: old tool results, plus the assistant messages
/// whose large tool-call arguments (an edit's text, a script) or long reasoning belong only to
/// masked results.
pub(crate) fn propose(cfg: &MaskConfig, items: &[Item], st: &Applied<'_>) -> Option<Vec<u64>> {
    let results: Vec<&Item> = items
        .iter()
        .filter(|i| i.message.role == Role::Tool && !st.summarised(i.id))
        .collect();
    let old = results.len().saturating_sub(cfg.keep_last);
    // A result that a recent duplicate refers to stays in full while that duplicate is recent.
    let refs = duplicate::referents(items, &st.duplicates);
    let pinned: HashSet<u64> = results[old..]
        .iter()
        .filter_map(|i| refs.get(&i.id).copied())
        .collect();
    let due: Vec<u64> = results[..old]
        .iter()
        .filter(|i| !st.masked.contains(&i.id) && i.message.content.len() >= cfg.min_bytes)
        .filter(|i| !pinned.contains(&i.id))
        .map(|i| i.id)
        .collect();
    if due.is_empty() || due.len() < cfg.batch.max(1) {
        return None;
    }
    // Calls whose results are all old (masked now or before, or too short to mask: a
    // `write_file` answers "created ...", yet its arguments hold the whole file).
    let gone: HashSet<&str> = results[..old]
        .iter()
        .filter(|i| !pinned.contains(&i.id))
        .filter_map(|i| i.message.tool_call_id.as_deref())
        .collect();
    let inputs = items.iter().filter(|i| {
        i.message.role == Role::Assistant
            && !st.masked.contains(&i.id)
            && !st.summarised(i.id)
            && (i.message.tool_calls.iter().any(large_arguments) || long_text(&i.message.content))
            && !i.message.tool_calls.is_empty()
            && i.message
                .tool_calls
                .iter()
                .all(|c| gone.contains(c.id.as_str()))
    });
    let mut ids: Vec<u64> = due;
    ids.extend(inputs.map(|i| i.id));
    ids.sort_unstable();
    Some(ids)
}

/// Assistant text at least this long (an old turn's reasoning) is masked with its calls'
/// results: verbose models write more in their turns than their tools return.
pub const MASKED_TEXT_MIN_BYTES: usize = 400;

/// True when an assistant message's text is long enough to be masked.
pub(crate) fn long_text(text: &str) -> bool {
    text.len() >= MASKED_TEXT_MIN_BYTES
}

/// The text that stands in for a masked assistant turn's reasoning: its first line, clipped,
/// and where to get the rest.
pub fn masked_text(text: &str, id: u64) -> String {
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    let preview: String = first.chars().take(80).collect();
    let more = if preview.len() < first.len() {
        "…"
    } else {
        ""
    };
    format!(
        "{preview}{more} [masked reasoning: {} bytes; recall id {id}]",
        text.len()
    )
}

/// Tool-call arguments at least this long (as JSON) are masked with their call's result.
pub const MASKED_ARGUMENTS_MIN_BYTES: usize = 200;

/// True when a call's arguments are long enough to be masked.
pub(crate) fn large_arguments(c: &ToolCall) -> bool {
    c.arguments.to_string().len() >= MASKED_ARGUMENTS_MIN_BYTES
}

/// The arguments that stand in for masked ones: the first line of the main argument, clipped,
/// and where to get the rest.
pub fn masked_arguments(c: &ToolCall, id: u64) -> serde_json::Value {
    let full = c.arguments.to_string();
    let main = ["command", "code", "path", "file_text", "content"]
        .iter()
        .find_map(|k| c.arguments.get(*k).and_then(|v| v.as_str()))
        .map_or_else(|| full.clone(), str::to_string);
    let first = main.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let preview: String = first.trim().chars().take(80).collect();
    let more = if preview.len() < first.trim().len() {
        "…"
    } else {
        ""
    };
    serde_json::json!({
        "masked": format!(
            "{preview}{more} [masked arguments: {} bytes; recall id {id}]",
            full.len()
        )
    })
}

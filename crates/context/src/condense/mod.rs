//! Condensers: composable steps that shrink the history, each leaving a [`Condensation`] record.
//!
//! The caller persists every record it gets from [`condense`] in the session log and passes all
//! records back on the next step (and after a resume); [`view`] re-applies them without redoing
//! any work, so a resumed run sends byte-identical requests and never repeats a summary call.

mod cost;
mod digest;
mod duplicate;
mod mask;
mod stale;
mod summary;

use std::collections::{HashMap, HashSet};

use loopwright_protocol::message::{Message, Role};
use loopwright_protocol::tool::{ToolCall, ToolSpec};
use serde::{Deserialize, Serialize};

use crate::ContextError;
use crate::prompt::TodoItem;
use crate::tokens::TokenCounter;

pub use cost::{
    COST_AWARE_KEEP_LAST, Change, CostConfig, DEFAULT_HORIZON, DEFAULT_MARGIN,
    DEFAULT_MAX_REMAINING, DEFAULT_PEAK_SHARE, MIN_FORCED_CUT,
};
pub use duplicate::DuplicateConfig;
pub use loopwright_protocol::condensation::{Condensation, MaskReason, SummarySource};
pub use mask::{
    MASKED_ARGUMENTS_MIN_BYTES, MASKED_TEXT_MIN_BYTES, MaskConfig, masked_arguments, masked_text,
};
pub use stale::{Access, NO_ROLES, StaleConfig, ToolRoles, file_access};
pub use summary::{
    DIGEST_MARK, Summarizer, SummaryConfig, SummaryError, SummaryRequest, extractive_summary,
    is_digest,
};

/// One history message with the id of the session event it came from (its recall id).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Item {
    /// Event id (sequence number in the session log); unique and increasing.
    pub id: u64,
    /// The message as it would be sent in full.
    pub message: Message,
}

/// Which condensers run, with their settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Config {
    /// Observation masking.
    pub mask: Option<MaskConfig>,
    /// Stale-read elision.
    pub stale: Option<StaleConfig>,
    /// Duplicate elision (a result identical to one still shown becomes a reference).
    #[serde(default)]
    pub duplicates: Option<DuplicateConfig>,
    /// Summarising compaction.
    pub summary: Option<SummaryConfig>,
    /// Cost-aware condensing: masks of history already sent apply only when they pay (or the
    /// prompt is over the working budget); without it they apply in fixed batches.
    #[serde(default)]
    pub cost: Option<CostConfig>,
    /// Replay only: recorded tool results are first shaped by `loop run`'s observation
    /// pipeline under the limits for a window of this many tokens (as a live run would have
    /// shown them; `loop run` shapes its outputs itself and leaves this `None`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observe_window: Option<u64>,
}

impl Config {
    /// The default pipeline (`mask+summary`) for a window of `window` tokens.
    pub fn mask_and_summary(window: u64) -> Config {
        Config {
            mask: Some(MaskConfig::default()),
            stale: Some(StaleConfig::default()),
            duplicates: Some(DuplicateConfig::default()),
            summary: Some(SummaryConfig::for_window(window.max(1))),
            cost: None,
            observe_window: None,
        }
    }

    /// This pipeline made cost-aware for `card`: masks of history already sent apply only when
    /// they pay under the card's cache prices, with a working budget of `budget` prompt tokens
    /// (default: a quarter of `window`, at most 32,000) above which history is condensed
    /// whatever it costs; the summary threshold is lowered to the budget. Unless
    /// `keep_last_given`, masking keeps [`COST_AWARE_KEEP_LAST`] results (priced masks come
    /// in large batches, so few need to stay). Used alike by `loop run` and `loop replay`.
    pub fn cost_aware(
        mut self,
        card: &crate::price::PriceCard,
        window: u64,
        budget: Option<u64>,
        keep_last_given: bool,
    ) -> Config {
        let budget = budget.unwrap_or((window / 4).min(DEFAULT_BUDGET_CAP));
        let mut cost = CostConfig::for_card(card);
        cost.budget = Some(budget);
        cost.peak_share = Some(DEFAULT_PEAK_SHARE);
        cost.digest = true;
        if let Some(s) = self.summary.as_mut() {
            s.threshold = s.threshold.min(budget as f64 / s.window.max(1) as f64);
        }
        if let Some(mask) = self.mask.as_mut()
            && !keep_last_given
        {
            mask.keep_last = COST_AWARE_KEEP_LAST;
        }
        self.cost = Some(cost);
        self
    }

    /// A named strategy: `none`, `mask` (masking + stale reads), `summary`, `mask+summary`;
    /// `window` is the model's context window in tokens.
    pub fn from_strategy(name: &str, window: u64) -> Result<Config, ContextError> {
        let (mask, summary) = match name {
            "none" => (false, false),
            "mask" => (true, false),
            "summary" => (false, true),
            "mask+summary" => (true, true),
            other => return Err(ContextError::UnknownStrategy(other.to_string())),
        };
        if summary && window == 0 {
            return Err(ContextError::InvalidSetting("window must be > 0".into()));
        }
        Ok(Config {
            mask: mask.then(MaskConfig::default),
            stale: mask.then(StaleConfig::default),
            duplicates: mask.then(DuplicateConfig::default),
            summary: summary.then(|| SummaryConfig::for_window(window)),
            cost: None,
            observe_window: None,
        })
    }
}

/// The working budget's ceiling in prompt tokens (context rot grows with the prompt, whatever
/// the window).
pub const DEFAULT_BUDGET_CAP: u64 = 32_000;

/// Per-step input to [`condense`].
#[derive(Debug, Clone, Copy)]
pub struct StepInput<'a> {
    /// The step about to run.
    pub step: u64,
    /// Prompt tokens the provider reported for the last call (wins over our count).
    pub reported_prompt_tokens: Option<u64>,
    /// Tokens of the request prefix (system prompt and tools), added to our own count.
    pub prefix_tokens: u64,
    /// The todo list, for the summary.
    pub todo: &'a [TodoItem],
    /// The role of each tool (which calls read or edit files), from the caller's registry.
    pub roles: &'a ToolRoles,
}

/// Runs the configured condensers in order (stale reads, masking, summary) and returns the new
/// records to persist; `records` are those persisted so far.
pub fn condense(
    config: &Config,
    items: &[Item],
    records: &[Condensation],
    input: StepInput<'_>,
    counter: &TokenCounter,
    summarizer: Option<&mut dyn Summarizer>,
) -> Vec<Condensation> {
    let mut out = Vec::new();
    let mut all: Vec<Condensation> = records.to_vec();
    if let Some(d) = &config.duplicates {
        let st = Applied::new(&all);
        if let Some(ids) = duplicate::propose(d, items, &st) {
            push(
                &mut out,
                &mut all,
                Condensation::Mask {
                    step: input.step,
                    reason: MaskReason::Duplicate,
                    ids,
                },
            );
        }
    }
    match &config.cost {
        Some(cost) => priced_masks(config, cost, items, &mut out, &mut all, input, counter),
        None => batched_masks(config, items, &mut out, &mut all, input),
    }
    if let (Some(cost), Some(s)) = (&config.cost, &config.summary)
        && cost.digest
        && let Some(rec) = digest::propose(s, cost, items, &all, input, counter)
    {
        push(&mut out, &mut all, rec);
    }
    if let Some(s) = &config.summary
        && let Some(rec) = summary::propose(s, items, &all, input, counter, summarizer)
    {
        push(&mut out, &mut all, rec);
    }
    out
}

/// Stale reads and old results masked in fixed batches (one prefix change per batch).
fn batched_masks(
    config: &Config,
    items: &[Item],
    out: &mut Vec<Condensation>,
    all: &mut Vec<Condensation>,
    input: StepInput<'_>,
) {
    let step = input.step;
    let mask_fires = config.mask.as_ref().and_then(|m| {
        let st = Applied::new(all);
        mask::propose(m, items, &st)
    });
    if let Some(s) = &config.stale {
        let st = Applied::new(all);
        if let Some(ids) = stale::propose(s, items, &st, input.roles, mask_fires.is_some()) {
            let reason = MaskReason::StaleRead;
            push(out, all, Condensation::Mask { step, reason, ids });
        }
    }
    if let Some(m) = &config.mask {
        let st = Applied::new(all);
        // A batch that was due before stale elision took some of its results still fires.
        let m = MaskConfig {
            batch: if mask_fires.is_some() { 1 } else { m.batch },
            ..m.clone()
        };
        if let Some(ids) = mask::propose(&m, items, &st) {
            let reason = MaskReason::Old;
            push(out, all, Condensation::Mask { step, reason, ids });
        }
    }
}

/// Every stale read and old result that is due, masked together only when that pays.
fn priced_masks(
    config: &Config,
    cost: &CostConfig,
    items: &[Item],
    out: &mut Vec<Condensation>,
    all: &mut Vec<Condensation>,
    input: StepInput<'_>,
    counter: &TokenCounter,
) {
    let step = input.step;
    let mut proposed = Vec::new();
    let mut with = all.clone();
    if let Some(s) = &config.stale {
        let st = Applied::new(&with);
        if let Some(ids) = stale::propose(s, items, &st, input.roles, true) {
            let reason = MaskReason::StaleRead;
            push(
                &mut proposed,
                &mut with,
                Condensation::Mask { step, reason, ids },
            );
        }
    }
    if let Some(m) = &config.mask {
        let st = Applied::new(&with);
        let m = MaskConfig {
            batch: 1,
            ..m.clone()
        };
        if let Some(ids) = mask::propose(&m, items, &st) {
            let reason = MaskReason::Old;
            push(
                &mut proposed,
                &mut with,
                Condensation::Mask { step, reason, ids },
            );
        }
    }
    if proposed.is_empty() {
        return;
    }
    let full_history = items.iter().map(|i| counter.message(&i.message)).sum();
    let change = Change::measure(
        &view(items, all),
        &view(items, &with),
        full_history,
        input.prefix_tokens,
        counter,
    );
    if cost.pays(step, change) {
        for r in proposed {
            push(out, all, r);
        }
    }
}

fn push(out: &mut Vec<Condensation>, all: &mut Vec<Condensation>, c: Condensation) {
    all.push(c.clone());
    out.push(c);
}

/// The state the records put the history in.
pub(crate) struct Applied<'a> {
    pub masked: HashSet<u64>,
    /// The masked ids that are duplicates (a subset of `masked`).
    pub duplicates: HashSet<u64>,
    /// The latest summary: (first id, last id, text).
    pub summary: Option<(u64, u64, &'a str)>,
}

impl<'a> Applied<'a> {
    pub(crate) fn new(records: &'a [Condensation]) -> Self {
        let mut masked = HashSet::new();
        let mut duplicates = HashSet::new();
        let mut summary = None;
        for r in records {
            match r {
                Condensation::Mask { ids, reason, .. } => {
                    masked.extend(ids.iter().copied());
                    if *reason == MaskReason::Duplicate {
                        duplicates.extend(ids.iter().copied());
                    }
                }
                Condensation::Summary {
                    first_id,
                    last_id,
                    text,
                    ..
                } => summary = Some((*first_id, *last_id, text.as_str())),
            }
        }
        Applied {
            masked,
            duplicates,
            summary,
        }
    }

    pub(crate) fn summarised(&self, id: u64) -> bool {
        self.summary.is_some_and(|(a, b, _)| id >= a && id <= b)
    }
}

/// Tool calls by call id.
pub(crate) fn call_index(items: &[Item]) -> HashMap<&str, &ToolCall> {
    let mut m = HashMap::new();
    for it in items {
        for c in &it.message.tool_calls {
            m.insert(c.id.as_str(), c);
        }
    }
    m
}

/// The one-line stub that replaces a masked tool result: the tool, the size, the first line
/// (clipped, so a failure stays visible) and the recall id.
pub fn stub(tool: &str, content: &str, id: u64) -> String {
    let lines = content.lines().count();
    let first = content
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    let mut preview: String = first.chars().take(STUB_PREVIEW_CHARS).collect();
    if preview.len() < first.len() {
        preview.push('…');
    }
    format!(
        "[masked tool result: {tool}, {lines} lines, {} bytes, first line {preview:?}; recall id {id}]",
        content.len()
    )
}

/// Characters of a masked result's first line kept in its stub.
const STUB_PREVIEW_CHARS: usize = 80;

/// The one-line reference that replaces a result identical to an earlier one.
pub fn duplicate_stub(tool: &str, content: &str, original: u64, id: u64) -> String {
    let lines = content.lines().count();
    format!(
        "[same output as tool result {original} above ({tool}, {lines} lines, {} bytes), \
not repeated; recall id {id}]",
        content.len()
    )
}

/// The message that stands in for a summarised run of history.
pub fn summary_message(first_id: u64, last_id: u64, text: &str) -> Message {
    Message::text(
        Role::User,
        format!(
            "[context summary of events {first_id}..{last_id}; the task above is verbatim; \
any event in that range can be read in full with the recall tool]\n{text}"
        ),
    )
}

/// The history the model sees: `items` with every record applied.
pub fn view(items: &[Item], records: &[Condensation]) -> Vec<Message> {
    let st = Applied::new(records);
    let calls = call_index(items);
    let refs = duplicate::referents(items, &st.duplicates);
    let mut out = Vec::with_capacity(items.len());
    let mut summary_done = false;
    for it in items {
        if st.summarised(it.id) {
            if !summary_done {
                if let Some((a, b, text)) = st.summary {
                    out.push(summary_message(a, b, text));
                }
                summary_done = true;
            }
            continue;
        }
        if !st.masked.contains(&it.id) {
            out.push(it.message.clone());
            continue;
        }
        let mut m = it.message.clone();
        match m.role {
            Role::Tool => {
                let tool = it
                    .message
                    .tool_call_id
                    .as_deref()
                    .and_then(|c| calls.get(c))
                    .map_or("tool", |c| c.name.as_str());
                // A reference to a copy that is itself masked or summarised by now reads as
                // an ordinary stub (that copy is no longer "above").
                let shown = |o: &u64| !st.masked.contains(o) && !st.summarised(*o);
                m.content = match refs.get(&it.id).filter(|o| shown(o)) {
                    Some(orig) => duplicate_stub(tool, &it.message.content, *orig, it.id),
                    None => stub(tool, &it.message.content, it.id),
                };
            }
            Role::Assistant => {
                if mask::long_text(&m.content) {
                    m.content = masked_text(&m.content, it.id);
                }
                for c in &mut m.tool_calls {
                    if mask::large_arguments(c) {
                        c.arguments = masked_arguments(c, it.id);
                    }
                }
            }
            _ => {}
        }
        out.push(m);
    }
    out
}

/// The full message of an event by recall id: nothing masked or summarised is lost.
pub fn recall(items: &[Item], id: u64) -> Option<&Message> {
    items.iter().find(|i| i.id == id).map(|i| &i.message)
}

/// The schema of the `recall` tool the agent offers next to its other tools.
pub fn recall_tool_spec() -> ToolSpec {
    ToolSpec {
        name: "recall".into(),
        description: "Return the full text of an earlier event that was masked or summarised \
(its recall id is shown in the stub or summary)."
            .into(),
        parameters: serde_json::json!({
            "type": "object",
            "properties": {"id": {"type": "integer", "minimum": 0, "description": "recall id"}},
            "required": ["id"],
            "additionalProperties": false
        }),
        role: Default::default(),
    }
}

/// True when the last `limit` records are summaries taken at consecutive steps: compaction is
/// not making progress and the stuck detector should stop the run.
pub fn compaction_stuck(records: &[Condensation], limit: usize) -> bool {
    if limit == 0 {
        return false;
    }
    let steps: Vec<u64> = records
        .iter()
        .rev()
        .take(limit)
        .filter_map(|r| match r {
            Condensation::Summary { step, .. } => Some(*step),
            Condensation::Mask { .. } => None,
        })
        .collect();
    steps.len() == limit && steps.windows(2).all(|w| w[0] <= w[1] + 1)
}

#[cfg(test)]
mod tests;

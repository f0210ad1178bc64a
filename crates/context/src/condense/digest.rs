//! Priced digest: on a long run, what masks leave of old turns (the calls with their ids and
//! arguments, the stubs, the assistant's text) grows with every step, and no mask removes it.
//! A digest replaces the oldest turns (all but the task and the last messages) with one
//! extractive message written without a model call (the calls made and their outcomes, files
//! edited, errors, failing tests); every event of the range stays recallable by id. It is
//! priced by the same rule as a mask ([`CostConfig::pays`]): the tokens it removes, read at
//! every step still to come, against the rewrite of everything after it.

use std::collections::BTreeSet;

use super::summary::{DIGEST_MARK, SummaryConfig, summarised_range, summary_text};
use super::{
    Applied, Change, Condensation, CostConfig, Item, StepInput, SummaryRequest, SummarySource,
    call_index, view,
};
use crate::tokens::TokenCounter;

/// A digest record when replacing the oldest turns pays now.
pub(crate) fn propose(
    cfg: &SummaryConfig,
    cost: &CostConfig,
    items: &[Item],
    records: &[Condensation],
    input: StepInput<'_>,
    counter: &TokenCounter,
) -> Option<Condensation> {
    if items.len() < 3 {
        return None;
    }
    // Never while a tool call is open.
    let answered: BTreeSet<&str> = items
        .iter()
        .filter_map(|i| i.message.tool_call_id.as_deref())
        .collect();
    if call_index(items).keys().any(|c| !answered.contains(c)) {
        return None;
    }
    let (first_id, last_id, region) = summarised_range(cfg, items, records, 0)?;
    let region_view = view(&region, records);
    let req = SummaryRequest {
        task: &items[0].message.content,
        previous: Applied::new(records).summary.map(|(_, _, t)| t),
        messages: &region_view[1..],
        todo: input.todo,
        roles: input.roles,
    };
    let (_, text) = summary_text(&req, &region, records, true, None);
    let mut record = Condensation::Summary {
        step: input.step,
        first_id,
        last_id,
        source: SummarySource::Extractive,
        tokens_before: 0,
        text: format!("{DIGEST_MARK}\n{text}"),
    };
    let mut with = records.to_vec();
    with.push(record.clone());
    let full_history = items.iter().map(|i| counter.message(&i.message)).sum();
    let change = Change::measure(
        &view(items, records),
        &view(items, &with),
        full_history,
        input.prefix_tokens,
        counter,
    );
    if !cost.pays(input.step, change) {
        return None;
    }
    if let Condensation::Summary { tokens_before, .. } = &mut record {
        *tokens_before = change.before_total;
    }
    Some(record)
}

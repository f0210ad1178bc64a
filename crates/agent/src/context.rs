//! Context management in the loop: the condensers of `loopwright-context` over the history.
//!
//! Before every model call the condensers run at each model-call boundary not yet seen (after a
//! resume: every past one, which is pure and makes no model call), so the records, and with
//! them every request, are the same whether or not the run was interrupted. The summary uses
//! the extractive fallback (no summary model call is wired yet).

use loopwright_context::condense::{Condensation, Config, StepInput, condense, view};
use loopwright_context::tokens::{TokenCounter, estimate};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::{Message, Role};
use loopwright_protocol::tool::ToolSpec;

use crate::history::history_items;

/// The condenser records of a run and how far they are computed.
#[derive(Debug, Clone)]
pub struct ContextState {
    config: Config,
    records: Vec<Condensation>,
    /// Model-call boundaries (assistant messages) already processed.
    done: usize,
}

impl ContextState {
    /// No records yet.
    pub fn new(config: Config) -> Self {
        ContextState {
            config,
            records: Vec::new(),
            done: 0,
        }
    }

    /// The records so far.
    pub fn records(&self) -> &[Condensation] {
        &self.records
    }

    /// Runs the condensers at every boundary not yet processed and before the next call;
    /// returns the history the model sees now.
    pub fn update(&mut self, events: &[Event], system: &str, tools: &[ToolSpec]) -> Vec<Message> {
        let items = history_items(events);
        let model = events.iter().find_map(|e| match &e.kind {
            EventKind::SessionStart { model, .. } => model.clone(),
            _ => None,
        });
        let counter = TokenCounter::for_model(model.as_deref().unwrap_or(""));
        let tools_text = serde_json::to_string(tools).unwrap_or_default();
        let prefix_tokens = estimate(system) + estimate(&tools_text);
        let reported: Vec<Option<u64>> = events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Assistant { usage, .. } => Some(
                    usage
                        .filter(|u| !u.estimated && u.input_tokens > 0)
                        .map(|u| u.input_tokens),
                ),
                _ => None,
            })
            .collect();
        let bounds: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|(_, i)| i.message.role == Role::Assistant)
            .map(|(k, _)| k)
            .collect();
        let run = |upto: usize, n: usize, cs: &mut Self| {
            let input = StepInput {
                step: n as u64 + 1,
                reported_prompt_tokens: n
                    .checked_sub(1)
                    .and_then(|p| reported.get(p).copied().flatten()),
                prefix_tokens,
                todo: &[],
            };
            let new = condense(
                &cs.config,
                &items[..upto],
                &cs.records,
                input,
                &counter,
                None,
            );
            cs.records.extend(new);
        };
        while self.done < bounds.len() {
            let (k, n) = (bounds[self.done], self.done);
            run(k, n, self);
            self.done += 1;
        }
        run(items.len(), bounds.len(), self);
        view(&items, &self.records)
    }
}

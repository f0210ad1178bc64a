//! Context management in the loop: the condensers of `loopwright-context` over the history.
//!
//! Before every model call the condensers decide what is due now ([`ContextState::propose`]);
//! the engine appends each new record to the session log as a `condensation` event (fsynced)
//! before that model call, and [`ContextState::apply`] takes it in. A resumed run rebuilds the
//! records from those events ([`ContextState::from_events`]): nothing is recomputed or redone
//! (no second summary call), so its requests are byte-identical to the crashed run's.

use loopwright_context::condense::{
    Condensation, Config, StepInput, Summarizer, compaction_stuck, condense, view,
};
use loopwright_context::prompt::TodoItem;
use loopwright_context::tokens::TokenCounter;
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::{Message, ModelRequest};
use loopwright_protocol::tool::ToolSpec;

use crate::history::history_items;
use crate::state::State;

/// Summaries at consecutive steps (since the last nudge) that count as a compaction loop.
pub const COMPACTION_STUCK_LIMIT: usize = 3;

/// The condenser settings of a run and the records persisted so far.
#[derive(Debug, Clone)]
pub struct ContextState {
    config: Config,
    records: Vec<Condensation>,
}

impl ContextState {
    /// No records yet.
    pub fn new(config: Config) -> Self {
        ContextState {
            config,
            records: Vec::new(),
        }
    }

    /// The records stored in a session log, in order.
    pub fn from_events(config: Config, events: &[Event]) -> Self {
        let mut s = ContextState::new(config);
        for e in events {
            s.apply(e);
        }
        s
    }

    /// Takes in one event (only `condensation` events matter).
    pub fn apply(&mut self, event: &Event) {
        if let EventKind::Condensation { record, .. } = &event.kind {
            self.records.push(record.clone());
        }
    }

    /// The records so far.
    pub fn records(&self) -> &[Condensation] {
        &self.records
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The history the model sees now: every message of the log with the records applied.
    pub fn view(&self, events: &[Event]) -> Vec<Message> {
        view(&history_items(events), &self.records)
    }

    /// The new records due before the next model call (not yet applied: the caller persists
    /// each one, then applies it). `summarizer` is called only when compaction is due.
    pub fn propose(
        &self,
        events: &[Event],
        state: &State,
        system: &str,
        tools: &[ToolSpec],
        summarizer: Option<&mut dyn Summarizer>,
    ) -> Vec<Condensation> {
        let items = history_items(events);
        let model = events.iter().find_map(|e| match &e.kind {
            EventKind::SessionStart { model, .. } => model.clone(),
            _ => None,
        });
        let counter = TokenCounter::for_model(model.as_deref().unwrap_or(""));
        let prefix_tokens = counter.prefix(&ModelRequest {
            system: system.to_string(),
            tools: tools.to_vec(),
            messages: Vec::new(),
        });
        // The prompt size the provider reported for the last call (estimates do not count).
        let reported = events.iter().rev().find_map(|e| match &e.kind {
            EventKind::Assistant { usage, .. } => Some(
                usage
                    .filter(|u| !u.estimated && u.input_tokens > 0)
                    .map(|u| u.input_tokens),
            ),
            _ => None,
        });
        let todo = todo_items(state);
        let input = StepInput {
            step: state.steps + 1,
            reported_prompt_tokens: reported.flatten(),
            prefix_tokens,
            todo: &todo,
        };
        condense(
            &self.config,
            &items,
            &self.records,
            input,
            &counter,
            summarizer,
        )
    }

    /// True when compaction ran at [`COMPACTION_STUCK_LIMIT`] consecutive steps after step
    /// `since` (the last nudge or resume): it frees no room and the run is stuck.
    pub fn compaction_stuck(&self, since: u64) -> bool {
        let recent: Vec<Condensation> = self
            .records
            .iter()
            .filter(|r| step_of(r) > since)
            .cloned()
            .collect();
        compaction_stuck(&recent, COMPACTION_STUCK_LIMIT)
    }
}

fn step_of(r: &Condensation) -> u64 {
    match r {
        Condensation::Mask { step, .. } | Condensation::Summary { step, .. } => *step,
    }
}

/// The run's todo list as the context crate sees it.
pub fn todo_items(state: &State) -> Vec<TodoItem> {
    state
        .todo
        .iter()
        .map(|t| TodoItem {
            text: t.text.clone(),
            status: t.status.clone(),
        })
        .collect()
}

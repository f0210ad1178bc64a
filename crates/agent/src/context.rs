//! Context management in the loop: the condensers of `loopwright-context` over the history.
//!
//! Before every model call the condensers decide what is due now ([`ContextState::propose`]);
//! the engine appends each new record to the session log as a `condensation` event (fsynced)
//! before that model call, and [`ContextState::apply`] takes it in. A resumed run rebuilds the
//! records from those events ([`ContextState::from_events`]): nothing is recomputed or redone
//! (no second summary call), so its requests are byte-identical to the crashed run's.

use std::borrow::Cow;

use loopwright_context::condense::{
    Condensation, Config, Item, StepInput, Summarizer, SummaryConfig, ToolRoles, compaction_stuck,
    condense, view,
};
use loopwright_context::prompt::TodoItem;
use loopwright_context::tokens::TokenCounter;
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::{Message, ModelRequest};
use loopwright_protocol::tool::ToolSpec;

use crate::history::{history_item, history_items};
use crate::state::State;

/// Summaries at consecutive steps (since the last nudge) that count as a compaction loop.
pub const COMPACTION_STUCK_LIMIT: usize = 3;

/// The condenser settings of a run and the records persisted so far.
#[derive(Debug, Clone)]
pub struct ContextState {
    config: Config,
    records: Vec<Condensation>,
    /// The history items of the events applied so far (kept up to date by [`Self::apply`], so
    /// a step does not rebuild them from the whole log).
    items: Vec<Item>,
    /// Sequence number of the last event applied.
    last_seq: Option<u64>,
}

impl ContextState {
    /// No records yet.
    pub fn new(config: Config) -> Self {
        ContextState {
            config,
            records: Vec::new(),
            items: Vec::new(),
            last_seq: None,
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

    /// Takes in one event: a `condensation` record, or a history message.
    pub fn apply(&mut self, event: &Event) {
        if let EventKind::Condensation { record, .. } = &event.kind {
            self.records.push(record.clone());
        }
        if let Some(item) = history_item(event) {
            self.items.push(item);
        }
        self.last_seq = Some(event.seq);
    }

    /// The history items of `events`: the ones kept up to date when they are the events
    /// applied, rebuilt otherwise.
    fn items_of<'s>(&'s self, events: &[Event]) -> Cow<'s, [Item]> {
        if events.last().map(|e| e.seq) == self.last_seq {
            Cow::Borrowed(&self.items)
        } else {
            Cow::Owned(history_items(events))
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
        view(&self.items_of(events), &self.records)
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
        self.propose_with(false, events, state, system, tools, summarizer)
    }

    /// The settings of a forced compaction (the server said the request is too long): only
    /// the summary, due whatever the size, keeping at most the last 2 messages verbatim.
    pub fn forced_config(&self) -> Config {
        let keep_last = self
            .config
            .summary
            .as_ref()
            .map_or(SummaryConfig::for_window(1).keep_last, |s| s.keep_last)
            .min(4);
        Config {
            mask: None,
            stale: None,
            duplicates: None,
            summary: Some(SummaryConfig {
                // A prompt over the window keeps half the tail (here 2), whatever the gain.
                window: 1,
                threshold: 0.0,
                keep_last,
                min_gain: 0.0,
            }),
            cost: None,
            observe_window: None,
        }
    }

    /// [`Self::propose`], or with `force` a compaction now ([`Self::forced_config`]).
    pub fn propose_with(
        &self,
        force: bool,
        events: &[Event],
        state: &State,
        system: &str,
        tools: &[ToolSpec],
        summarizer: Option<&mut dyn Summarizer>,
    ) -> Vec<Condensation> {
        let forced;
        let config = if force {
            forced = self.forced_config();
            &forced
        } else {
            &self.config
        };
        let items = self.items_of(events);
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
        let roles = ToolRoles::of(tools);
        let input = StepInput {
            step: state.steps + 1,
            reported_prompt_tokens: reported.flatten(),
            prefix_tokens,
            todo: &todo,
            roles: &roles,
        };
        condense(config, &items, &self.records, input, &counter, summarizer)
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

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_protocol::condensation::MaskReason;
    use loopwright_protocol::tool::{ToolCall, ToolResult, ToolStatus};

    fn ev(seq: u64, kind: EventKind) -> Event {
        Event {
            seq,
            ts_ms: 0,
            kind,
        }
    }

    fn events() -> Vec<Event> {
        let mut v = vec![ev(
            0,
            EventKind::SessionStart {
                task: "task".into(),
                workspace: "/w".into(),
                provider: "scripted".into(),
                model: None,
                verify: None,
            },
        )];
        for i in 0..3u64 {
            let id = format!("c{i}");
            v.push(ev(
                v.len() as u64,
                EventKind::Assistant {
                    text: format!("step {i}"),
                    tool_calls: vec![ToolCall {
                        id: id.clone(),
                        name: "shell".into(),
                        arguments: serde_json::json!({"command": "ls"}),
                    }],
                    usage: None,
                },
            ));
            v.push(ev(
                v.len() as u64,
                EventKind::ToolStart {
                    call_id: id.clone(),
                },
            ));
            v.push(ev(
                v.len() as u64,
                EventKind::ToolResult(ToolResult {
                    call_id: id,
                    name: "shell".into(),
                    status: ToolStatus::Ok,
                    content: format!("{i}").repeat(300),
                    exit_code: Some(0),
                    spill: None,
                    raw_bytes: 300,
                    duration_ms: 1,
                }),
            ));
        }
        v.push(ev(
            v.len() as u64,
            EventKind::Condensation {
                record: Condensation::Mask {
                    step: 3,
                    reason: MaskReason::Old,
                    ids: vec![3],
                },
                usage: None,
            },
        ));
        v
    }

    #[test]
    fn kept_items_match_a_rebuild_from_the_log() {
        let events = events();
        let cfg = Config::mask_and_summary(128_000);
        let mut incremental = ContextState::new(cfg.clone());
        for e in &events {
            incremental.apply(e);
        }
        let rebuilt = view(&history_items(&events), &incremental.records);
        assert_eq!(incremental.view(&events), rebuilt);
        assert!(rebuilt[2].content.starts_with("[masked tool result"));
        assert_eq!(
            ContextState::from_events(cfg, &events).view(&events),
            rebuilt
        );
        // Events that are not the ones applied: rebuilt from those events instead.
        let fewer = &events[..4];
        assert_eq!(
            incremental.view(fewer),
            view(&history_items(fewer), &incremental.records)
        );
    }
}

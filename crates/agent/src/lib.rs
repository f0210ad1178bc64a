//! The agent loop of loopwright, as a state machine over an append-only session log.
//!
//! Each step is decided from the log alone ([`state::State::next`]): ask the model
//! ([`provider::Provider`]), run the next tool call that has no result, verify a finish, or
//! end. Every tool call passes the permission [`gate`] first and its output passes the
//! [`observation`] pipeline (compression, caps, spill, per-turn budget); after every step the
//! run ledger is rewritten and checked by the circuit breaker of `loopwright-guard` and the
//! [`stuck`] detector. A first trip nudges the model once; a second stops the run with a
//! hand-off report. Before each model call the [`context`] condensers decide what the model
//! sees; their records are stored in the log first, so a resumed run re-applies them. With a
//! [`daily::DailyBudget`] every model call first reserves its estimated cost under a pattern's
//! daily cap (a refusal escalates) and settles what it spent after it.
//! A crash loses at most the step in flight: reopening the log gives every
//! open tool call an `interrupted` result, and [`engine::Agent::run`] continues.

pub mod cache_meter;
pub mod closing;
pub mod config;
pub mod contain;
pub mod context;
pub mod daily;
pub mod engine;
pub mod gate;
pub mod guards;
pub mod history;
pub mod instructions;
pub mod observation;
pub mod policy_gate;
pub mod recall;
pub mod scripted;
pub mod settings;
pub mod state;
pub mod stuck;
pub mod subagent;
pub mod summarize;
pub mod tools;

/// The model seam (`loopwright-model`), re-exported under its old paths.
pub mod provider {
    pub use loopwright_model::{
        HistoryFacts, Provider, ProviderError, TurnBuilder, estimate_tokens,
    };
}
/// The cancellation flag (`loopwright-model`), re-exported under its old path.
pub mod cancel {
    pub use loopwright_model::Cancel;
}

pub use config::{AgentError, Reporter, RunConfig, RunEnd, Silent};
pub use daily::DailyBudget;
pub use engine::Agent;
pub use loopwright_model::{Cancel, Prices, Provider, ProviderError};
pub use scripted::ScriptedProvider;

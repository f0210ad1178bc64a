//! The model seam of loopwright: everything a model provider and the loop agree on.
//!
//! - [`Provider`]: one model call, streamed as [`StreamEvent`]s and returned as an
//!   [`AssistantTurn`], failing with a typed [`ProviderError`].
//! - [`TurnBuilder`]: assembles streamed events into a turn.
//! - [`Cancel`]: the cancellation flag shared by the loop, its tools and a signal handler.
//! - [`Prices`]: prices per million tokens (input, output, cache read, cache write).
//! - [`estimate_tokens`]: the one "4 bytes per token" estimate.
//!
//! Pure: no IO, no clock, no async. HTTP providers live in `loopwright-providers`, the loop in
//! `loopwright-agent`; both depend on this crate and not on each other.
//!
//! [`StreamEvent`]: loopwright_protocol::message::StreamEvent
//! [`AssistantTurn`]: loopwright_protocol::message::AssistantTurn

pub mod cancel;
pub mod error;
pub mod prices;
pub mod provider;
pub mod tokens;
pub mod turn;

pub use cancel::Cancel;
pub use error::ProviderError;
pub use prices::Prices;
pub use provider::{HistoryFacts, Provider};
pub use tokens::estimate_tokens;
pub use turn::TurnBuilder;

pub use loopwright_protocol::message::StopReason;

//! Plain data shared by every loopwright crate.
//!
//! - [`json`]: JSON values with JavaScript semantics (number formatting, key order, lone
//!   surrogates), so ledgers written by JavaScript tools round-trip byte for byte.
//! - [`ledger`]: the loop ledger (`goal` + `attempts`) validated into typed attempts.

pub mod json;
pub mod ledger;
// Agent-loop data (issue 6): messages, tool calls and results, session events, usage.
pub mod cache;
pub mod condensation;
pub mod event;
pub mod message;
pub mod tool;
pub mod usage;

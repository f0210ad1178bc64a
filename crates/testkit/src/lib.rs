//! Test helpers for loopwright (dev only, never published).
//!
//! - [`server::MockServer`]: the one scripted HTTP/1.1 model server on 127.0.0.1, used by the
//!   providers and CLI tests. It plays one [`server::Reply`] per connection, in order, and
//!   records every request. Faults: any status with any headers (429 with `Retry-After`, 5xx,
//!   401), event streams cut anywhere, streams that stall, malformed events, wrong content types.
//! - [`sse`]: event-stream bodies from payloads.
//! - [`scenario`]: replies of real protocol shapes (OpenAI Chat Completions chunks, Anthropic
//!   Messages events) for a text answer or a tool call.

pub mod scenario;
pub mod server;
pub mod sse;

pub use server::{MockServer, Received, Reply};
pub use sse::{sse, sse_named};

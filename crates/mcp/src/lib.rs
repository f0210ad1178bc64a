//! MCP both ways, on the official Rust SDK (`rmcp`).
//!
//! - [`config`]: which servers a run starts (`.loop/mcp.toml` and `config.toml`,
//!   `[servers.NAME]` tables, `${VAR}` values).
//! - [`client`]: [`McpHub`] starts them concurrently within a startup timeout, lists their
//!   tools under [`names`] `mcp__<server>__<tool>`, calls them with a timeout and
//!   cancellation, and kills their process groups at the end; failures come with stderr.
//! - [`content`]: one text from a tool result (text, structured content, resources; binary
//!   content summarised) for the observation pipeline.
//! - [`disclosure`]: pure logic of progressive disclosure (deferral decision, catalogue,
//!   `tool_search` with BM25, the `tool_call` proxy's validation).
//! - [`server`]: `loop mcp serve`, our guards as MCP tools (stdio, or HTTP on 127.0.0.1).
//!
//! The agent's tool registry adapts [`McpTool`] + [`McpHub::call`]; this crate knows nothing
//! of the loop.

pub mod client;
pub mod config;
pub mod content;
pub mod disclosure;
pub mod names;
pub mod server;

pub use client::{CallError, HubError, McpHub, McpTool, StartFailure};
pub use config::{ConfigError, ExpandError, McpConfig, ServerConfig, Transport};
pub use content::{ResultText, result_text};
pub use disclosure::{Deferred, DisclosureConfig, DisclosureMode, ProxiedCall, ToolSpec};
pub use server::{LoopServer, LoopTools, ServeError, serve_http, serve_stdio};

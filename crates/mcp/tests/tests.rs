//! Integration tests of loopwright-mcp: the server's tools in-process, and the client against
//! real MCP servers nobody here wrote (see `support` for where they are found).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "it/client.rs"]
mod client;
#[path = "it/serve.rs"]
mod serve;
#[path = "it/support.rs"]
mod support;

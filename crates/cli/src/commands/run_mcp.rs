//! The MCP servers of `loop run`: `[servers.NAME]` of `.loop/mcp.toml` over the profile's
//! `config.toml`, started before the agent, their tools added to the registry (or deferred
//! behind `tool_search` / `tool_call` when `[disclosure]` says so), stopped after the agent
//! is gone, outside any async runtime.

use std::path::Path;
use std::sync::Arc;

use anyhow::{Result, anyhow};
use loopwright_agent::tools::{BuiltinTools, DeferredSource, McpSource, ToolRegistry, ToolSource};
use loopwright_mcp::disclosure::schema_tokens;
use loopwright_mcp::{McpConfig, McpHub};

/// The MCP configuration of `workspace` (checked before a session is created).
pub(crate) fn config(workspace: &Path) -> Result<McpConfig> {
    let env = |k: &str| std::env::var(k).ok();
    let profile = loopwright_providers::config::config_path(&env);
    McpConfig::load(workspace, profile.as_deref()).map_err(|e| anyhow!("{e}"))
}

/// The started servers of a run; [`Servers::shutdown`] stops them.
pub(crate) struct Servers(Option<Arc<McpHub>>);

impl Servers {
    /// Kills every server's process group (once the agent, which holds the hub through its
    /// tools, is gone; otherwise the last holder's drop does it).
    pub(crate) fn shutdown(self) {
        if let Some(hub) = self.0.and_then(|h| Arc::try_unwrap(h).ok()) {
            hub.shutdown();
        }
    }
}

/// The tools of a run: the built-in tools and the tools of the configured servers (a server
/// that fails is reported and the run goes on without it). The MCP tools are deferred when
/// `[disclosure]` says so for a `window_tokens` window.
pub(crate) fn tools(
    cfg: McpConfig,
    window_tokens: u64,
) -> Result<(Option<Box<dyn ToolSource>>, Servers)> {
    if cfg.servers.is_empty() {
        return Ok((None, Servers(None)));
    }
    let builtin = ToolRegistry::builtin()?;
    let hub = McpHub::start(cfg.servers.into_values().collect(), &builtin.names())?;
    for f in hub.failures() {
        eprintln!("loop run: {f}");
    }
    let hub = Arc::new(hub);
    let mcp = McpSource::new(hub.clone());
    for why in mcp.left_out() {
        eprintln!("loop run: {why}");
    }
    let mcp_tools = mcp.tools();
    let specs: Vec<_> = mcp_tools
        .iter()
        .map(|t| loopwright_agent::tools::deferred::spec_of(t.spec()))
        .collect();
    let cost = schema_tokens(&specs, &loopwright_observe::estimate_tokens);
    let window = usize::try_from(window_tokens).unwrap_or(usize::MAX);
    let source: Box<dyn ToolSource> = if !mcp_tools.is_empty()
        && cfg.disclosure.should_defer(cost, window)
    {
        eprintln!(
            "loop run: {} MCP tools (~{cost} tokens of schemas) deferred behind tool_search and tool_call",
            mcp_tools.len()
        );
        Box::new(DeferredSource::new(mcp_tools))
    } else {
        Box::new(mcp)
    };
    // Checked here: a tool list that cannot make a registry is reported before the run.
    ToolRegistry::from_sources(&[&BuiltinTools as &dyn ToolSource, source.as_ref()])
        .map_err(|e| anyhow!("MCP tools: {e}"))?;
    Ok((Some(source), Servers(Some(hub))))
}

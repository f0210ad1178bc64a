//! `loop mcp`: MCP both ways.
//!
//! - `loop mcp serve`: our guards as MCP tools (stdio; `--http 127.0.0.1:PORT` for streamable
//!   HTTP), for any agent that speaks MCP.
//! - `loop mcp list`: start the configured servers (`.loop/mcp.toml`, `config.toml`) and list
//!   their tools under the names the model sees; failed servers are reported with stderr.
//! - `loop mcp call NAME`: judge one MCP tool call with the permission rules, run it, and print
//!   what the model would read (compressed, capped, the full text spilled with a pointer).
//!
//! Exit codes: 0 done, 1 error, 2 usage error or denied call, 3 call needs approval (`--yes`).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Parser, Subcommand};
use loopwright_agent::policy_gate::load_layers;
use loopwright_mcp::server::DEFAULT_MAX_OUTPUT_CHARS;
use loopwright_mcp::{LoopServer, LoopTools, McpConfig, McpHub};
use loopwright_observe::{Cap, CompressOptions, shape_output};
use loopwright_policy::{Policy, Request, Verdict};
use loopwright_store::spill::{DEFAULT_SPILL_DIR, SpillStore};

/// MCP both ways: serve loopwright's guards, or use configured MCP servers.
#[derive(Debug, Parser)]
#[command(
    name = "mcp",
    after_help = "Exit codes: 0 done, 1 error, 2 usage error or denied call, 3 call needs approval."
)]
pub struct McpArgs {
    #[command(subcommand)]
    command: Sub,
}

#[derive(Debug, Subcommand)]
enum Sub {
    /// Serve loop_compress, loop_spill_read, loop_gate_check, loop_check_breaker,
    /// loop_ledger_record, loop_context_inject and loop_estimate_cost over MCP (stdio by default)
    Serve(ServeArgs),
    /// Start the configured MCP servers and list their tools as the model sees them
    List(ClientArgs),
    /// Judge, run and shape one MCP tool call, as `loop run` would
    Call(CallArgs),
}

#[derive(Debug, Args)]
struct Common {
    /// Workspace root (default: the current directory); holds .loop/gate.toml and .loop/mcp.toml
    #[arg(long, value_name = "DIR")]
    workspace: Option<PathBuf>,
    /// Extra permission rule file (highest precedence after all denies); repeatable
    #[arg(long, value_name = "FILE")]
    rules: Vec<PathBuf>,
}

#[derive(Debug, Args)]
struct ServeArgs {
    #[command(flatten)]
    common: Common,
    /// Serve streamable HTTP at this loopback address (e.g. 127.0.0.1:8931; port 0 picks one)
    /// instead of stdio; the bound address is printed to stderr
    #[arg(long, value_name = "ADDR")]
    http: Option<SocketAddr>,
    /// Where loop_compress spills full outputs (relative to the workspace)
    #[arg(long, value_name = "DIR", default_value = DEFAULT_SPILL_DIR)]
    spill_dir: PathBuf,
}

#[derive(Debug, Args)]
struct ClientArgs {
    #[command(flatten)]
    common: Common,
    /// The user config file with [servers.NAME] tables (default: $XDG_CONFIG_HOME/loopwright/config.toml)
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Print JSON
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct CallArgs {
    #[command(flatten)]
    client: ClientArgs,
    /// The tool's model-facing name (mcp__<server>__<tool>)
    name: String,
    /// The arguments, a JSON object
    #[arg(long, value_name = "JSON", default_value = "{}")]
    args: String,
    /// Approve a call the rules answer with `ask`
    #[arg(long)]
    yes: bool,
    /// Cap on the text shown, in characters
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_OUTPUT_CHARS)]
    max_chars: usize,
    /// Where full outputs are spilled (relative to the workspace)
    #[arg(long, value_name = "DIR", default_value = DEFAULT_SPILL_DIR)]
    spill_dir: PathBuf,
}

/// Runs `loop mcp`.
pub fn main(cli: McpArgs) -> ExitCode {
    let result = match cli.command {
        Sub::Serve(a) => serve(a),
        Sub::List(a) => list(&a),
        Sub::Call(a) => call(&a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("loop mcp: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn workspace(c: &Common) -> Result<PathBuf> {
    let ws = match &c.workspace {
        Some(w) => w.clone(),
        None => std::env::current_dir().context("cannot read the current directory")?,
    };
    let canon = std::fs::canonicalize(&ws)
        .with_context(|| format!("--workspace {}: not a directory", ws.display()))?;
    if !canon.is_dir() {
        bail!("--workspace {}: not a directory", ws.display());
    }
    Ok(canon)
}

fn policy(ws: &Path, c: &Common) -> Result<Policy> {
    Ok(Policy::load(
        load_layers(ws, &c.rules).map_err(|e| anyhow!(e))?,
    ))
}

fn home() -> Option<String> {
    loopwright_agent::policy_gate::home_dir()
}

fn serve(a: ServeArgs) -> Result<u8> {
    let ws = workspace(&a.common)?;
    let tools = LoopTools {
        policy: policy(&ws, &a.common)?,
        home: home(),
        spill_dir: ws.join(&a.spill_dir),
        workspace: ws,
        role_of: loopwright_agent::tools::builtin::builtin_role,
    };
    let server = LoopServer::new(tools);
    match a.http {
        Some(addr) => loopwright_mcp::serve_http(server, addr, &|bound| {
            eprintln!("loop mcp: serving streamable HTTP at http://{bound}/mcp");
        })?,
        None => loopwright_mcp::serve_stdio(server)?,
    }
    Ok(0)
}

fn start(a: &ClientArgs, ws: &Path) -> Result<McpHub> {
    let env = |k: &str| std::env::var(k).ok();
    let profile = a
        .config
        .clone()
        .or_else(|| loopwright_providers::config::config_path(&env));
    let cfg = McpConfig::load(ws, profile.as_deref())?;
    let hub = McpHub::start(cfg.servers.into_values().collect(), &[])?;
    for f in hub.failures() {
        eprintln!("loop mcp: {f}");
    }
    Ok(hub)
}

fn list(a: &ClientArgs) -> Result<u8> {
    let ws = workspace(&a.common)?;
    let hub = start(a, &ws)?;
    if a.json {
        let tools: Vec<serde_json::Value> = hub
            .tools()
            .iter()
            .map(|t| serde_json::json!({"name": t.name, "server": t.server, "tool": t.raw_name,
                "description": t.description, "input_schema": t.input_schema, "read_only_hint": t.read_only_hint}))
            .collect();
        let failed: Vec<serde_json::Value> = hub
            .failures()
            .iter()
            .map(|f| serde_json::json!({"server": f.server, "reason": f.reason, "stderr_tail": f.stderr_tail}))
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({"tools": tools, "failed": failed}))?
        );
    } else {
        for t in hub.tools() {
            let first = t.description.lines().next().unwrap_or("");
            println!("{}\t{}", t.name, first);
        }
    }
    hub.shutdown();
    Ok(0)
}

fn call(a: &CallArgs) -> Result<u8> {
    let ws = workspace(&a.client.common)?;
    let arguments: serde_json::Map<String, serde_json::Value> = match serde_json::from_str(&a.args)
    {
        Ok(serde_json::Value::Object(m)) => m,
        Ok(_) => bail!("--args must be a JSON object"),
        Err(e) => bail!("--args is not valid JSON: {e}"),
    };
    let policy = policy(&ws, &a.client.common)?;
    // an MCP server's tool: judged by name (`tool = "mcp__git__*"`), role other
    let mut req = Request {
        tool: a.name.clone(),
        role: loopwright_policy::ToolRole::Other,
        workspace: ws.to_string_lossy().into_owned(),
        ..Request::default()
    };
    req.home = home();
    let d = policy.check(&req);
    eprintln!(
        "loop mcp: policy for {}: {}: {}",
        a.name, d.verdict, d.reason
    );
    match d.verdict {
        Verdict::Deny => return Ok(2),
        Verdict::Ask if !a.yes => return Ok(3),
        _ => {}
    }
    let hub = start(&a.client, &ws)?;
    let result = hub.call(&a.name, arguments, &|| false);
    hub.shutdown();
    let out = result?;
    let reserve = 400;
    let shaped = shape_output(
        out.text.as_bytes(),
        &CompressOptions::default(),
        Some(Cap::Chars(a.max_chars.max(reserve + 200))),
        reserve,
    );
    let mut text = shaped.text;
    if shaped.needs_spill {
        let file = SpillStore::new(ws.join(&a.spill_dir)).write(out.text.as_bytes())?;
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let shown_path = file.path.display().to_string();
        text.push_str(
            &loopwright_observe::plan::Pointer {
                path: &shown_path,
                bytes: file.bytes,
                lines: file.lines,
            }
            .render(),
        );
    }
    print!("{text}");
    if !text.ends_with('\n') {
        println!();
    }
    Ok(if out.is_error { 1 } else { 0 })
}

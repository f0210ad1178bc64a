//! The MCP client side: start configured servers concurrently (each within its startup
//! timeout), list their tools under model-facing names, call them with a timeout and
//! cancellation, and kill every server's process group at the end.
//!
//! [`McpHub`] is blocking: it owns a small tokio runtime, so a synchronous agent loop can hold
//! it and call [`McpHub::call`] from any thread. A server that fails to start is reported in
//! [`McpHub::failures`] with the tail of its stderr; the others go on without it.

use std::collections::{BTreeMap, HashMap};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use process_wrap::tokio::{CommandWrap, ProcessGroup};
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, Implementation, Tool as RawTool,
};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{Map, Value};
use tokio::io::AsyncReadExt;

use crate::config::{ServerConfig, Transport};
use crate::content::{ResultText, result_text};
use crate::names::Namer;

/// Bytes of a server's stderr kept for reports.
pub const STDERR_TAIL_BYTES: usize = 4096;
/// How often a running call checks its cancel probe.
const CANCEL_POLL: Duration = Duration::from_millis(50);

/// One tool offered by a started server.
#[derive(Debug, Clone, PartialEq)]
pub struct McpTool {
    /// The model-facing name, `mcp__<server>__<tool>` (see [`crate::names`]).
    pub name: String,
    /// The server's configured name.
    pub server: String,
    /// The tool's own name, used for the call.
    pub raw_name: String,
    /// Its description (empty when it has none).
    pub description: String,
    /// The JSON schema of its arguments.
    pub input_schema: Value,
    /// The server's `readOnlyHint`: a hint only, never a permission.
    pub read_only_hint: Option<bool>,
}

/// A server that did not start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartFailure {
    /// The server's configured name.
    pub server: String,
    /// What went wrong.
    pub reason: String,
    /// The last bytes it wrote to stderr.
    pub stderr_tail: String,
}

impl std::fmt::Display for StartFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "MCP server `{}` did not start: {}",
            self.server, self.reason
        )?;
        if !self.stderr_tail.trim().is_empty() {
            write!(
                f,
                "\nits stderr ended with:\n{}",
                self.stderr_tail.trim_end()
            )?;
        }
        Ok(())
    }
}

/// Why a call failed (the text is for the model and the log).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// No started server offers a tool of that name.
    #[error("no MCP tool named `{0}`")]
    UnknownTool(String),
    /// The call took longer than the server's call timeout (`notifications/cancelled` was sent).
    #[error(
        "MCP tool `{tool}` of server `{server}` timed out after {secs} s; the call was cancelled"
    )]
    Timeout {
        /// The server.
        server: String,
        /// The model-facing tool name.
        tool: String,
        /// The timeout.
        secs: u64,
    },
    /// The caller cancelled the call (`notifications/cancelled` was sent).
    #[error("MCP tool `{0}` was cancelled")]
    Cancelled(String),
    /// The server failed or went away during the call.
    #[error("MCP server `{server}` failed during the call: {message}{}", tail_note(.stderr_tail))]
    Server {
        /// The server.
        server: String,
        /// What the SDK reported.
        message: String,
        /// The last bytes of its stderr.
        stderr_tail: String,
    },
}

fn tail_note(tail: &str) -> String {
    if tail.trim().is_empty() {
        String::new()
    } else {
        format!("\nits stderr ended with:\n{}", tail.trim_end())
    }
}

/// The last [`STDERR_TAIL_BYTES`] bytes a server wrote to stderr.
#[derive(Debug, Clone, Default)]
struct Tail(Arc<Mutex<Vec<u8>>>);

impl Tail {
    fn push(&self, bytes: &[u8]) {
        if let Ok(mut buf) = self.0.lock() {
            buf.extend_from_slice(bytes);
            let over = buf.len().saturating_sub(STDERR_TAIL_BYTES);
            buf.drain(..over);
        }
    }

    fn text(&self) -> String {
        self.0
            .lock()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }
}

/// Who we are to servers.
#[derive(Debug, Clone, Default)]
struct Loopwright;

impl ClientHandler for Loopwright {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("loopwright", env!("CARGO_PKG_VERSION")),
        )
    }
}

struct Running {
    service: RunningService<RoleClient, Loopwright>,
    stderr: Tail,
    pgid: Option<u32>,
    call_timeout: Duration,
}

fn kill_group(pgid: Option<u32>) {
    use rustix::process::{Pid, Signal, kill_process_group};
    if let Some(pid) = pgid
        .and_then(|p| i32::try_from(p).ok())
        .and_then(Pid::from_raw)
    {
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

async fn start(cfg: ServerConfig) -> Result<(Running, Vec<RawTool>), StartFailure> {
    let fail = |reason: String, tail: &Tail| StartFailure {
        server: cfg.name.clone(),
        reason,
        stderr_tail: tail.text(),
    };
    let tail = Tail::default();
    let (command, args, env, cwd) = match &cfg.transport {
        Transport::Stdio {
            command,
            args,
            env,
            cwd,
        } => (command, args, env, cwd),
        Transport::Http { url, headers } => return start_http(&cfg, url, headers).await,
    };
    let mut cmd = tokio::process::Command::new(command);
    cmd.args(args).envs(env).kill_on_drop(true);
    if let Some(c) = cwd {
        cmd.current_dir(c);
    }
    let mut wrap = CommandWrap::from(cmd);
    wrap.wrap(ProcessGroup::leader());
    let (proc, stderr) = TokioChildProcess::builder(wrap)
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| fail(format!("cannot start `{command}`: {e}"), &tail))?;
    let pgid = proc.id();
    let reader = stderr.map(|mut e| {
        let t = tail.clone();
        tokio::spawn(async move {
            let mut buf = [0u8; 4096];
            while let Ok(n) = e.read(&mut buf).await {
                if n == 0 {
                    break;
                }
                t.push(&buf[..n]);
            }
        })
    });
    let reason = match handshake(proc, &cfg, None).await {
        Ok((service, tools)) => {
            let running = Running {
                service,
                stderr: tail,
                pgid,
                call_timeout: cfg.call_timeout,
            };
            return Ok((running, tools));
        }
        Err(reason) => reason,
    };
    kill_group(pgid);
    if let Some(r) = reader {
        let _ = tokio::time::timeout(Duration::from_millis(500), r).await;
    }
    Err(fail(reason, &tail))
}

/// Connects to a streamable HTTP server within its startup timeout (no process to kill).
async fn start_http(
    cfg: &ServerConfig,
    url: &str,
    headers: &BTreeMap<String, String>,
) -> Result<(Running, Vec<RawTool>), StartFailure> {
    use rmcp::transport::StreamableHttpClientTransport;
    use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
    let fail = |reason: String| StartFailure {
        server: cfg.name.clone(),
        reason,
        stderr_tail: String::new(),
    };
    let mut custom = HashMap::new();
    for (k, v) in headers {
        let name = http::HeaderName::from_bytes(k.as_bytes())
            .map_err(|e| fail(format!("header `{k}`: {e}")))?;
        let value =
            http::HeaderValue::from_str(v).map_err(|e| fail(format!("header `{k}`: {e}")))?;
        custom.insert(name, value);
    }
    let config = StreamableHttpClientTransportConfig::with_uri(url).custom_headers(custom);
    let transport = StreamableHttpClientTransport::from_config(config);
    let (service, tools) = handshake(transport, cfg, Some(url)).await.map_err(fail)?;
    let running = Running {
        service,
        stderr: Tail::default(),
        pgid: None,
        call_timeout: cfg.call_timeout,
    };
    Ok((running, tools))
}

/// `initialize` and `tools/list` over `transport` within the startup timeout; the error is the
/// reason, naming `url` when there is one.
async fn handshake<T, E, A>(
    transport: T,
    cfg: &ServerConfig,
    url: Option<&str>,
) -> Result<(RunningService<RoleClient, Loopwright>, Vec<RawTool>), String>
where
    T: rmcp::transport::IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let (at, from) = url.map_or((String::new(), String::new()), |u| {
        (format!(" at {u}"), format!(" from {u}"))
    });
    let steps = async {
        let service = Loopwright
            .serve(transport)
            .await
            .map_err(|e| format!("initialize failed{at}: {e}"))?;
        let tools = service
            .list_all_tools()
            .await
            .map_err(|e| format!("tools/list failed: {e}"))?;
        Ok::<_, String>((service, tools))
    };
    tokio::time::timeout(cfg.startup_timeout, steps)
        .await
        .unwrap_or_else(|_| {
            Err(format!(
                "no answer to initialize and tools/list{from} within {} s (startup_timeout_secs)",
                cfg.startup_timeout.as_secs_f64()
            ))
        })
}

/// Started MCP servers and their tools.
pub struct McpHub {
    rt: tokio::runtime::Runtime,
    servers: HashMap<String, Running>,
    tools: Vec<McpTool>,
    failures: Vec<StartFailure>,
}

impl std::fmt::Debug for McpHub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McpHub")
            .field("servers", &self.servers.keys().collect::<Vec<_>>())
            .field("tools", &self.tools.len())
            .field("failures", &self.failures)
            .finish()
    }
}

/// Errors that stop the hub itself from being built.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    /// The async runtime could not be created.
    #[error("cannot start the MCP runtime: {0}")]
    Runtime(#[from] std::io::Error),
}

/// Longest tool description kept, in bytes: a server's descriptions go into every request
/// and are not trusted.
pub const MAX_DESCRIPTION_BYTES: usize = 2048;

/// `text` without control characters (newlines and tabs kept), at most
/// [`MAX_DESCRIPTION_BYTES`] bytes (cut on a character boundary, ended with `…`).
fn bounded_description(text: &str) -> String {
    let mut out: String = text
        .chars()
        .filter(|&c| c == '\n' || c == '\t' || !c.is_control())
        .collect();
    if out.len() > MAX_DESCRIPTION_BYTES {
        let mut end = MAX_DESCRIPTION_BYTES - '…'.len_utf8();
        while !out.is_char_boundary(end) {
            end -= 1;
        }
        out.truncate(end);
        out.push('…');
    }
    out
}

fn tool_of(server: &str, raw: RawTool, namer: &mut Namer) -> McpTool {
    let wire = serde_json::to_value(&raw).unwrap_or(Value::Null);
    let raw_name = raw.name.to_string();
    McpTool {
        name: namer.name(server, &raw_name),
        server: server.to_owned(),
        raw_name,
        description: bounded_description(raw.description.as_deref().unwrap_or("")),
        input_schema: Value::Object((*raw.input_schema).clone()),
        read_only_hint: wire
            .pointer("/annotations/readOnlyHint")
            .and_then(Value::as_bool),
    }
}

impl McpHub {
    /// Starts every server concurrently and lists their tools. Tool names are given in server
    /// name order, then in each server's order, never one of `reserved` (the built-in tools).
    ///
    /// # Errors
    /// Only when no runtime can be made; a server that fails is in [`McpHub::failures`].
    pub fn start(configs: Vec<ServerConfig>, reserved: &[&str]) -> Result<McpHub, HubError> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("loop-mcp")
            .enable_all()
            .build()?;
        let results = rt.block_on(async {
            let mut set = tokio::task::JoinSet::new();
            for cfg in configs {
                let name = cfg.name.clone();
                set.spawn(async move { (name, start(cfg).await) });
            }
            let mut out = Vec::new();
            while let Some(r) = set.join_next().await {
                if let Ok(r) = r {
                    out.push(r);
                }
            }
            out.sort_by(|a, b| a.0.cmp(&b.0));
            out
        });
        let mut namer = Namer::reserving(reserved.iter().copied());
        let mut hub = McpHub {
            rt,
            servers: HashMap::new(),
            tools: Vec::new(),
            failures: Vec::new(),
        };
        for (name, r) in results {
            match r {
                Ok((running, raw)) => {
                    hub.tools
                        .extend(raw.into_iter().map(|t| tool_of(&name, t, &mut namer)));
                    hub.servers.insert(name, running);
                }
                Err(f) => hub.failures.push(f),
            }
        }
        Ok(hub)
    }

    /// The tools of the started servers.
    pub fn tools(&self) -> &[McpTool] {
        &self.tools
    }

    /// The servers that did not start, with why.
    pub fn failures(&self) -> &[StartFailure] {
        &self.failures
    }

    /// Calls the tool with model-facing name `name`. `cancelled` is polled while the call
    /// runs; when it turns true, or the server's call timeout passes, the call is dropped and
    /// `notifications/cancelled` sent.
    ///
    /// # Errors
    /// [`CallError`]; a result the server flags with `isError` is `Ok` with `is_error` set.
    pub fn call(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        cancelled: &(dyn Fn() -> bool + Sync),
    ) -> Result<ResultText, CallError> {
        self.call_within(name, arguments, None, cancelled)
    }

    /// [`McpHub::call`] with the server's call timeout shortened to `limit` when that is
    /// sooner (the time left to the run: a call never outlives it).
    ///
    /// # Errors
    /// As [`McpHub::call`].
    pub fn call_within(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        limit: Option<Duration>,
        cancelled: &(dyn Fn() -> bool + Sync),
    ) -> Result<ResultText, CallError> {
        let tool = self
            .tools
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| CallError::UnknownTool(name.chars().take(100).collect()))?;
        let running = self
            .servers
            .get(&tool.server)
            .ok_or_else(|| CallError::UnknownTool(name.to_owned()))?;
        let params = CallToolRequestParams::new(tool.raw_name.clone()).with_arguments(arguments);
        let server_err = |message: String| CallError::Server {
            server: tool.server.clone(),
            message,
            stderr_tail: running.stderr.text(),
        };
        let timeout = limit.map_or(running.call_timeout, |l| l.min(running.call_timeout));
        self.rt.block_on(async {
            let call = running.service.call_tool(params);
            let cancel = async {
                while !cancelled() {
                    tokio::time::sleep(CANCEL_POLL).await;
                }
            };
            let raced = async {
                tokio::select! {
                    r = call => Some(r),
                    () = cancel => None,
                }
            };
            match tokio::time::timeout(timeout, raced).await {
                Err(_) => Err(CallError::Timeout {
                    server: tool.server.clone(),
                    tool: tool.name.clone(),
                    secs: timeout.as_secs(),
                }),
                Ok(None) => Err(CallError::Cancelled(tool.name.clone())),
                Ok(Some(Err(e))) => Err(server_err(e.to_string())),
                Ok(Some(Ok(result))) => {
                    let wire =
                        serde_json::to_value(&result).map_err(|e| server_err(e.to_string()))?;
                    Ok(result_text(&wire))
                }
            }
        })
    }

    /// Closes every session and kills every server's process group.
    pub fn shutdown(mut self) {
        self.stop_all();
    }

    fn stop_all(&mut self) {
        let servers: Vec<Running> = self.servers.drain().map(|(_, r)| r).collect();
        for r in &servers {
            kill_group(r.pgid);
        }
        self.rt.block_on(async {
            for mut r in servers {
                let _ = r
                    .service
                    .close_with_timeout(Duration::from_millis(500))
                    .await;
            }
        });
    }
}

impl Drop for McpHub {
    fn drop(&mut self) {
        self.stop_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_are_bounded_and_without_control_characters() {
        assert_eq!(bounded_description("a\x1b[31mb\tc\nd\u{7}"), "a[31mb\tc\nd");
        let exact = "x".repeat(MAX_DESCRIPTION_BYTES);
        assert_eq!(bounded_description(&exact), exact);
        let long = "é".repeat(MAX_DESCRIPTION_BYTES);
        let b = bounded_description(&long);
        assert!(b.len() <= MAX_DESCRIPTION_BYTES, "{}", b.len());
        assert!(b.ends_with('…'));
    }
}

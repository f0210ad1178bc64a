//! `loop mcp serve`: our guards as MCP tools for other agents, over stdio or streamable HTTP
//! bound to 127.0.0.1.
//!
//! Bad arguments and unknown tools are MCP "invalid params" errors naming the argument; a tool
//! that runs and fails returns a result with `isError` and the reason.

mod schemas;
mod tools;

use std::net::SocketAddr;
use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt};
use serde_json::{Value, json};

pub use schemas::definitions;
pub use tools::{
    DEFAULT_LEDGER, DEFAULT_MAX_OUTPUT_CHARS, LoopTools, OUTPUT_CHARS_RANGE, ToolError, ToolOutput,
};

/// Errors of the server's transports.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The async runtime or a socket could not be set up.
    #[error("{action}: {source}")]
    Io {
        /// What was being done.
        action: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// The MCP session failed to start.
    #[error("MCP session: {0}")]
    Session(String),
    /// `--http` named an address that is not on the loopback interface.
    #[error("--http {0}: the server binds only to loopback addresses (127.0.0.1, ::1)")]
    NotLoopback(SocketAddr),
}

/// The MCP handler over [`LoopTools`].
#[derive(Debug, Clone)]
pub struct LoopServer {
    tools: Arc<LoopTools>,
    listed: Arc<Vec<Tool>>,
}

impl LoopServer {
    /// A server running `tools`.
    pub fn new(tools: LoopTools) -> Self {
        let listed = definitions()
            .into_iter()
            .filter_map(|d| serde_json::from_value::<Tool>(d).ok())
            .collect();
        LoopServer {
            tools: Arc::new(tools),
            listed: Arc::new(listed),
        }
    }

    /// The listed tools (as MCP `Tool`s).
    pub fn tools(&self) -> &[Tool] {
        &self.listed
    }

    /// Runs one call the way the MCP handler does: `Ok` is the wire result, `Err` a protocol error.
    ///
    /// # Errors
    /// An "invalid params" [`ErrorData`] for an unknown tool or bad arguments.
    pub fn call(
        &self,
        name: &str,
        arguments: Option<&serde_json::Map<String, Value>>,
    ) -> Result<CallToolResult, ErrorData> {
        let empty = serde_json::Map::new();
        let result = match self.tools.call(name, arguments.unwrap_or(&empty)) {
            Ok(out) => json!({
                "content": [{"type": "text", "text": out.text}],
                "structuredContent": out.structured,
                "isError": false
            }),
            Err(e @ (ToolError::UnknownTool(_) | ToolError::InvalidArguments { .. })) => {
                return Err(ErrorData::invalid_params(
                    e.to_string(),
                    Some(json!({"tool": name})),
                ));
            }
            Err(e @ ToolError::Failed { .. }) => json!({
                "content": [{"type": "text", "text": e.to_string()}],
                "isError": true
            }),
        };
        serde_json::from_value(result).map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }
}

impl ServerHandler for LoopServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("loopwright", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "loopwright's loop guards: compress outputs (with spill files), judge commands \
                 against permission rules, check and record loop ledgers, estimate costs.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        serde_json::from_value(json!({"tools": *self.listed}))
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let this = self.clone();
        let name = request.name.to_string();
        tokio::task::spawn_blocking(move || this.call(&name, request.arguments.as_ref()))
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?
            .map(CallToolResponse::from)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.listed.iter().find(|t| t.name == name).cloned()
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, ServeError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|source| ServeError::Io {
            action: "cannot start the runtime".into(),
            source,
        })
}

/// Serves over stdin/stdout until the client closes the session.
///
/// # Errors
/// When the runtime or the session cannot start.
pub fn serve_stdio(server: LoopServer) -> Result<(), ServeError> {
    runtime()?.block_on(async {
        let running = server
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| ServeError::Session(e.to_string()))?;
        let _ = running.waiting().await;
        Ok(())
    })
}

/// Serves streamable HTTP at `http://ADDR/mcp` (loopback only) until the process is stopped.
/// `on_bound` is told the bound address (port 0 picks a free one).
///
/// # Errors
/// A non-loopback address, or when the socket cannot be bound.
pub fn serve_http(
    server: LoopServer,
    addr: SocketAddr,
    on_bound: &dyn Fn(SocketAddr),
) -> Result<(), ServeError> {
    use hyper_util::rt::{TokioExecutor, TokioIo};
    use hyper_util::service::TowerToHyperService;
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};

    if !addr.ip().is_loopback() {
        return Err(ServeError::NotLoopback(addr));
    }
    runtime()?.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Io {
                action: format!("cannot bind {addr}"),
                source,
            })?;
        let bound = listener.local_addr().map_err(|source| ServeError::Io {
            action: "cannot read the bound address".into(),
            source,
        })?;
        on_bound(bound);
        let service = StreamableHttpService::new(
            move || Ok(server.clone()),
            Arc::new(LocalSessionManager::default()),
            StreamableHttpServerConfig::default(),
        );
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let svc = TowerToHyperService::new(service.clone());
            tokio::spawn(async move {
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    })
}

//! MCP tools as one more [`ToolSource`]: every tool of every started server of an
//! [`McpHub`], called through [`McpHub::call`].
//!
//! Nothing else in the loop special-cases them: the registry checks their arguments against
//! the server's schema, the policy judges them by name (`tool = "mcp__git__*"`; no rule: ask),
//! and the result goes through the same observation pipeline as a shell output (compression,
//! caps, per-turn budget, spill with a pointer). A server's `readOnlyHint` is never a
//! permission.

use std::path::Path;
use std::sync::Arc;

use loopwright_mcp::{McpHub, McpTool};
use loopwright_policy::Request;
use loopwright_protocol::tool::{ToolCall, ToolRole, ToolSpec, ToolStatus};
use serde_json::{Map, Value};

use super::ToolOutput;
use super::registry::{RunContext, Tool, ToolSource};

/// One MCP tool of a hub.
pub struct McpToolAdapter {
    hub: Arc<McpHub>,
    spec: ToolSpec,
}

impl McpToolAdapter {
    /// The tool `tool` of `hub`, under its model-facing name.
    pub fn new(hub: Arc<McpHub>, tool: &McpTool) -> Self {
        let mut parameters = tool.input_schema.clone();
        if !parameters.is_object() {
            parameters = serde_json::json!({"type": "object"});
        }
        McpToolAdapter {
            hub,
            spec: ToolSpec {
                name: tool.name.clone(),
                description: tool.description.clone(),
                parameters,
                role: ToolRole::Other,
            },
        }
    }
}

impl Tool for McpToolAdapter {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn request(&self, _args: &Value, workspace: &Path) -> Option<Request> {
        Some(Request {
            tool: self.spec.name.clone(),
            workspace: workspace.to_string_lossy().into_owned(),
            ..Request::default()
        })
    }

    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput {
        let arguments = match &call.arguments {
            Value::Object(m) => m.clone(),
            _ => Map::new(),
        };
        let cancel = cx.tools.cancel.clone();
        match self
            .hub
            .call(&self.spec.name, arguments, &|| cancel.is_cancelled())
        {
            Ok(r) => {
                let status = if r.is_error {
                    ToolStatus::Error
                } else {
                    ToolStatus::Ok
                };
                ToolOutput::text(status, r.text)
            }
            Err(e) => {
                let status = match e {
                    loopwright_mcp::CallError::Timeout { .. } => ToolStatus::Timeout,
                    loopwright_mcp::CallError::Cancelled(_) => ToolStatus::Interrupted,
                    _ => ToolStatus::Error,
                };
                ToolOutput::text(status, e.to_string())
            }
        }
    }
}

/// Every tool of a started [`McpHub`].
pub struct McpSource {
    hub: Arc<McpHub>,
}

impl McpSource {
    /// The tools of `hub`.
    pub fn new(hub: Arc<McpHub>) -> Self {
        McpSource { hub }
    }
}

impl ToolSource for McpSource {
    fn name(&self) -> &str {
        "mcp"
    }

    fn tools(&self) -> Vec<Arc<dyn Tool>> {
        self.hub
            .tools()
            .iter()
            .map(|t| Arc::new(McpToolAdapter::new(self.hub.clone(), t)) as Arc<dyn Tool>)
            .collect()
    }
}

//! Deferred tools: a [`ToolSource`] that offers two stable tools in place of many.
//!
//! The deferred tools (in `loop run`: the MCP tools, when their schemas cost more than the
//! disclosure threshold) are not in the `tools` array. Their sorted one-line catalogue goes
//! into the stable prefix ([`ToolSource::prefix_text`]), `tool_search` returns the full
//! schemas of the best matches as a tool result, and `tool_call` runs one: its arguments are
//! validated against the target's schema, the policy judges the call as the target tool (its
//! [`Tool::request`] is the target's), and the result is the target's output, so it goes
//! through the one observation pipeline. The `tools` array never changes during a run.
//! The search, catalogue and validation logic is `loopwright-mcp`'s pure [`Deferred`].

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use loopwright_mcp::Deferred;
use loopwright_mcp::disclosure::{self, CALL_TOOL};
use loopwright_policy::Request;
use loopwright_protocol::tool::{ToolCall, ToolRole, ToolSpec, ToolStatus};
use serde_json::Value;

use super::ToolOutput;
use super::registry::{RunContext, Tool, ToolSource, describe_generic};

struct Shared {
    deferred: Deferred,
    targets: BTreeMap<String, Arc<dyn Tool>>,
}

impl Shared {
    /// The target tool and the call to make, when `args` name a deferred tool with arguments
    /// that match its schema.
    fn target(&self, id: &str, args: &Value) -> Result<(&dyn Tool, ToolCall), String> {
        let p = self.deferred.check_call(args).map_err(|e| e.to_string())?;
        let tool = self
            .targets
            .get(&p.name)
            .ok_or_else(|| format!("{CALL_TOOL}: no deferred tool named `{}`", p.name))?;
        let call = ToolCall {
            id: id.to_owned(),
            name: p.name,
            arguments: Value::Object(p.arguments),
        };
        Ok((tool.as_ref(), call))
    }
}

/// The deferred tools of a run, offered as `tool_search` and `tool_call`.
pub struct DeferredSource {
    shared: Arc<Shared>,
}

impl DeferredSource {
    /// Defers `tools` (sorted by name; a later duplicate name is dropped).
    pub fn new(tools: Vec<Arc<dyn Tool>>) -> Self {
        let specs = tools.iter().map(|t| spec_of(t.spec())).collect();
        let mut targets = BTreeMap::new();
        for t in tools {
            targets.entry(t.spec().name.clone()).or_insert(t);
        }
        DeferredSource {
            shared: Arc::new(Shared {
                deferred: Deferred::new(specs),
                targets,
            }),
        }
    }

    /// The catalogue put in the stable prefix.
    pub fn catalogue(&self) -> String {
        self.shared.deferred.catalogue()
    }
}

/// A tool spec as the disclosure logic sees it.
pub fn spec_of(t: &ToolSpec) -> disclosure::ToolSpec {
    disclosure::ToolSpec {
        name: t.name.clone(),
        description: t.description.clone(),
        input_schema: t.parameters.clone(),
    }
}

fn registry_spec(s: disclosure::ToolSpec) -> ToolSpec {
    ToolSpec {
        name: s.name,
        description: s.description,
        parameters: s.input_schema,
        role: ToolRole::Other,
    }
}

impl ToolSource for DeferredSource {
    fn name(&self) -> &str {
        "deferred"
    }

    fn tools(&self) -> Vec<Arc<dyn Tool>> {
        vec![
            Arc::new(SearchTool {
                shared: self.shared.clone(),
                spec: registry_spec(disclosure::search_tool_spec()),
            }),
            Arc::new(CallTool {
                shared: self.shared.clone(),
                spec: registry_spec(disclosure::call_tool_spec()),
            }),
        ]
    }

    fn prefix_text(&self) -> Option<String> {
        Some(self.catalogue())
    }
}

/// `tool_search`: full schemas of the best matches, as a tool result.
struct SearchTool {
    shared: Arc<Shared>,
    spec: ToolSpec,
}

impl Tool for SearchTool {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    /// Reads only the run's own tool list: never gated.
    fn request(&self, _args: &Value, _workspace: &Path) -> Option<Request> {
        None
    }

    fn describe(&self, args: &Value) -> String {
        describe_generic(
            &self.spec.name,
            &args.get("query").cloned().unwrap_or_default(),
        )
    }

    fn run(&self, call: &ToolCall, _cx: &RunContext<'_>) -> ToolOutput {
        match self.shared.deferred.run_search(&call.arguments) {
            Ok(text) => ToolOutput::text(ToolStatus::Ok, text),
            Err(e) => ToolOutput::text(ToolStatus::Invalid, e.to_string()),
        }
    }
}

/// `tool_call`: the proxy, judged and described as its target.
struct CallTool {
    shared: Arc<Shared>,
    spec: ToolSpec,
}

impl Tool for CallTool {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    /// The target's request: the policy judges the call as the target tool. A call that names
    /// no deferred tool or has bad arguments runs nothing (its result says why).
    fn request(&self, args: &Value, workspace: &Path) -> Option<Request> {
        let (tool, call) = self.shared.target("", args).ok()?;
        tool.request(&call.arguments, workspace)
    }

    fn describe(&self, args: &Value) -> String {
        match self.shared.target("", args) {
            Ok((tool, call)) => tool.describe(&call.arguments),
            Err(_) => describe_generic(&self.spec.name, args),
        }
    }

    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput {
        match self.shared.target(&call.id, &call.arguments) {
            Ok((tool, target)) => tool.run(&target, cx),
            Err(why) => ToolOutput::text(ToolStatus::Invalid, why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::ToolRegistry;
    use serde_json::json;

    struct Echo(ToolSpec);

    impl Tool for Echo {
        fn spec(&self) -> &ToolSpec {
            &self.0
        }
        fn request(&self, _args: &Value, workspace: &Path) -> Option<Request> {
            Some(Request {
                tool: self.0.name.clone(),
                workspace: workspace.to_string_lossy().into_owned(),
                ..Request::default()
            })
        }
        fn run(&self, call: &ToolCall, _cx: &RunContext<'_>) -> ToolOutput {
            ToolOutput::text(ToolStatus::Ok, format!("{} {}", call.name, call.arguments))
        }
    }

    fn echo(name: &str, description: &str) -> Arc<dyn Tool> {
        Arc::new(Echo(ToolSpec {
            name: name.into(),
            description: description.into(),
            parameters: json!({"type": "object", "properties": {"path": {"type": "string"}},
                "required": ["path"]}),
            role: ToolRole::Other,
        }))
    }

    fn source() -> DeferredSource {
        DeferredSource::new(vec![
            echo("mcp__fs__read_text_file", "Read a text file"),
            echo("mcp__git__git_status", "Show the working tree status"),
        ])
    }

    #[test]
    fn two_stable_tools_and_a_catalogue() {
        let s = source();
        let r = ToolRegistry::from_sources(&[&s]).unwrap();
        assert_eq!(r.names(), ["tool_search", "tool_call"]);
        let prefix = r.prefix_text();
        assert!(
            prefix.contains("- mcp__fs__read_text_file: Read a text file"),
            "{prefix}"
        );
        assert!(prefix.find("mcp__fs").unwrap() < prefix.find("mcp__git").unwrap());
    }

    #[test]
    fn the_proxy_is_judged_and_described_as_its_target() {
        let s = source();
        let r = ToolRegistry::from_sources(&[&s]).unwrap();
        let proxy = r.get("tool_call").unwrap();
        let args = json!({"name": "mcp__git__git_status", "arguments": {"path": "."}});
        let req = proxy.request(&args, Path::new("/ws")).unwrap();
        assert_eq!(req.tool, "mcp__git__git_status");
        assert_eq!(proxy.describe(&args), "mcp__git__git_status: .");
        // Bad arguments or an unknown target: nothing to judge, nothing runs.
        let bad = json!({"name": "mcp__git__git_status", "arguments": {"path": 3}});
        assert!(proxy.request(&bad, Path::new("/ws")).is_none());
        let unknown = json!({"name": "mcp__git__push"});
        assert!(proxy.request(&unknown, Path::new("/ws")).is_none());
        let search = r.get("tool_search").unwrap();
        assert!(
            search
                .request(&json!({"query": "x"}), Path::new("/ws"))
                .is_none()
        );
    }
}

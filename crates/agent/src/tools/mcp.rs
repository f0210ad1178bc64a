//! MCP tools as one more [`ToolSource`]: every tool of every started server of an
//! [`McpHub`], called through [`McpHub::call_within`].
//!
//! Nothing else in the loop special-cases them: the registry checks their arguments against
//! the server's schema, the policy judges them by name (`tool = "mcp__git__*"`; no rule: ask),
//! and the result goes through the same observation pipeline as a shell output (log
//! compression, caps, per-turn budget, spill with a pointer). A server's `readOnlyHint` is
//! never a permission.
//!
//! What a server sends is hostile: results are cleaned of terminal escapes and control
//! characters and cut at [`MAX_RESULT_BYTES`] before the pipeline sees them; a call never
//! outlives the run (the hub's call timeout is shortened to the time left); a tool whose
//! schema does not compile or is larger than [`MAX_SCHEMA_BYTES`] is left out with a note,
//! never failing the run.

use std::path::Path;
use std::sync::Arc;

use loopwright_mcp::{McpHub, McpTool};
use loopwright_policy::Request;
use loopwright_protocol::tool::{ToolCall, ToolRole, ToolSpec, ToolStatus};
use serde_json::{Map, Value};

use super::ToolOutput;
use super::registry::{RunContext, Tool, ToolSource};

/// Largest MCP result kept (spill included), in bytes; the rest is dropped with a note.
pub const MAX_RESULT_BYTES: usize = 32 * 1024 * 1024;
/// Largest input schema of an MCP tool, serialised, in bytes: larger ones are left out.
pub const MAX_SCHEMA_BYTES: usize = 64 * 1024;

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

/// Strings looked at in one call's arguments, at most.
const MENTION_SCAN_LIMIT: usize = 10_000;

/// Longest string resolved on the file system as a possible path, in bytes.
const MENTION_PATH_BYTES: usize = 4096;

/// The first string in an MCP call's arguments that names a path under the loop's state
/// directory (a `.loop` component), as written or once symlinks are resolved (`l/x` where `l`
/// links to `.loop`). What the server does with it is not known, so the call is judged as a
/// write there, which the built-in rule denies: a server's process does not run under the tool
/// supervisor's read-only mount. Bounded: nested values are walked without recursion, only
/// the first [`MENTION_SCAN_LIMIT`] values are looked at (a call with more is denied), and
/// only short one-line strings are resolved.
fn state_dir_mention(args: &Value, workspace: &Path) -> Option<String> {
    let root = std::fs::canonicalize(workspace).unwrap_or_else(|_| workspace.to_path_buf());
    let mut stack = vec![args];
    let mut seen = 0;
    while let Some(v) = stack.pop() {
        seen += 1;
        if seen > MENTION_SCAN_LIMIT {
            // Not looked at whole: judged as naming the state directory (fail closed).
            return Some(".loop".to_string());
        }
        match v {
            Value::String(s) => {
                if let Some(hit) = names_state_dir(s.trim(), workspace, &root) {
                    return Some(hit);
                }
            }
            Value::Array(items) => stack.extend(items.iter().rev()),
            Value::Object(map) => stack.extend(map.values().rev()),
            _ => {}
        }
    }
    None
}

/// `path` itself, or what it resolves to, when either has a `.loop` component (below the
/// workspace root, for the resolved form: a workspace that itself lies under a `.loop`
/// folder does not make every path a mention).
fn names_state_dir(path: &str, workspace: &Path, root: &Path) -> Option<String> {
    let has_loop = |p: &str| p.split(['/', '\\']).any(|c| c == ".loop");
    if has_loop(path) {
        return Some(path.to_string());
    }
    if path.is_empty() || path.len() > MENTION_PATH_BYTES || path.contains('\n') {
        return None;
    }
    let real = loopwright_store::paths::resolve_existing(path, workspace, None)?;
    let below = Path::new(&real)
        .strip_prefix(root)
        .map_or(real.clone(), |r| r.to_string_lossy().into_owned());
    has_loop(&below).then_some(real)
}

impl Tool for McpToolAdapter {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn request(&self, args: &Value, workspace: &Path) -> Option<Request> {
        Some(Request {
            tool: self.spec.name.clone(),
            role: self.spec.role,
            path: state_dir_mention(args, workspace),
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
        let result = self
            .hub
            .call_within(&self.spec.name, arguments, cx.run_left, &|| {
                cancel.is_cancelled()
            });
        let (status, raw) = match result {
            Ok(r) if r.is_error => (ToolStatus::Error, r.text),
            Ok(r) => (ToolStatus::Ok, r.text),
            Err(e) => {
                let status = match e {
                    loopwright_mcp::CallError::Timeout { .. } => ToolStatus::Timeout,
                    loopwright_mcp::CallError::Cancelled(_) => ToolStatus::Interrupted,
                    _ => ToolStatus::Error,
                };
                (status, e.to_string())
            }
        };
        let total = raw.len() as u64;
        let mut out = ToolOutput::text(status, hostile_text(&raw));
        out.total_bytes = total.max(out.text.len() as u64);
        out.compress = true;
        out
    }
}

/// A server's text made safe to show and store: terminal escapes and `\r` redraws resolved,
/// other control characters (but newlines and tabs) dropped, at most [`MAX_RESULT_BYTES`].
pub fn hostile_text(raw: &str) -> String {
    let mut text: String = loopwright_observe::clean_text(raw.as_bytes())
        .chars()
        .filter(|&c| c == '\n' || c == '\t' || !c.is_control())
        .collect();
    if text.len() > MAX_RESULT_BYTES {
        let mut end = MAX_RESULT_BYTES;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let dropped = text.len() - end;
        text.truncate(end);
        text.push_str(&format!(
            "\n[… {dropped} more bytes of this MCP result dropped: results are kept up to {MAX_RESULT_BYTES} bytes]\n"
        ));
    }
    text
}

/// Every tool of a started [`McpHub`] whose schema is usable.
pub struct McpSource {
    tools: Vec<Arc<dyn Tool>>,
    left_out: Vec<String>,
}

impl McpSource {
    /// The tools of `hub`; see [`McpSource::left_out`] for those it could not offer.
    pub fn new(hub: Arc<McpHub>) -> Self {
        let mut tools: Vec<Arc<dyn Tool>> = Vec::new();
        let mut left_out = Vec::new();
        for t in hub.tools() {
            let adapter = McpToolAdapter::new(hub.clone(), t);
            let size = adapter.spec.parameters.to_string().len();
            if size > MAX_SCHEMA_BYTES {
                left_out.push(format!(
                    "MCP tool `{}` left out: its input schema is {size} bytes (at most {MAX_SCHEMA_BYTES})",
                    t.name
                ));
            } else if let Err(e) = jsonschema::validator_for(&adapter.spec.parameters) {
                left_out.push(format!(
                    "MCP tool `{}` left out: its input schema does not compile: {}",
                    t.name,
                    super::clip(&e.to_string(), 200)
                ));
            } else {
                tools.push(Arc::new(adapter));
            }
        }
        McpSource { tools, left_out }
    }

    /// Why tools of the hub are not offered (one line each).
    pub fn left_out(&self) -> &[String] {
        &self.left_out
    }
}

impl ToolSource for McpSource {
    fn name(&self) -> &str {
        "mcp"
    }

    fn tools(&self) -> Vec<Arc<dyn Tool>> {
        self.tools.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_dir_path_anywhere_in_the_arguments_is_named() {
        let args = serde_json::json!({
            "edits": [{"path": "src/a.rs"}, {"path": " ./.loop/sessions/s.jsonl"}],
            "content": "x"
        });
        let ws = tempfile::tempdir().unwrap();
        assert_eq!(
            state_dir_mention(&args, ws.path()).as_deref(),
            Some("./.loop/sessions/s.jsonl")
        );
        let plain = serde_json::json!({"path": "src/loop.rs", "note": ".loopy/x"});
        assert_eq!(state_dir_mention(&plain, ws.path()), None);
    }

    #[test]
    fn a_link_to_the_state_dir_is_seen_through() {
        let ws = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(ws.path().join(".loop")).unwrap();
        std::os::unix::fs::symlink(".loop", ws.path().join("l")).unwrap();
        let args = serde_json::json!({"path": "l/planted.txt"});
        let hit = state_dir_mention(&args, ws.path()).unwrap();
        assert!(hit.ends_with(".loop/planted.txt"), "{hit}");
        let abs = serde_json::json!({"path": ws.path().join("l").join("x")});
        assert!(state_dir_mention(&abs, ws.path()).is_some());
        let many = serde_json::json!({"items": vec![1; MENTION_SCAN_LIMIT + 1]});
        assert!(state_dir_mention(&many, ws.path()).is_some());
        let multiline = serde_json::json!({"content": "l/x\nmore"});
        assert_eq!(state_dir_mention(&multiline, ws.path()), None);
    }

    #[test]
    fn the_built_in_rules_deny_an_mcp_call_that_names_the_state_dir() {
        let policy =
            loopwright_policy::Policy::load([loopwright_policy::Layer::builtin().unwrap()]);
        let req = |path: Option<&str>| Request {
            tool: "mcp__fs__write_file".into(),
            path: path.map(str::to_string),
            workspace: "/work/app".into(),
            ..Request::default()
        };
        let deny = policy.check(&req(Some(".loop/sessions/s.jsonl")));
        assert_eq!(deny.verdict, loopwright_policy::Verdict::Deny, "{deny:?}");
        let other = policy.check(&req(Some("src/a.rs")));
        assert_ne!(other.verdict, loopwright_policy::Verdict::Deny, "{other:?}");
    }

    #[test]
    fn hostile_text_loses_escapes_and_control_characters() {
        assert_eq!(
            hostile_text("\x1b[31mred\x1b[0m\tok\r\n50%\r100%\nnul\0bell\x07\u{9b}"),
            "red\tok\n100%\nnulbell"
        );
        let big = "é".repeat(MAX_RESULT_BYTES / 2 + 10);
        let t = hostile_text(&big);
        assert!(t.len() < MAX_RESULT_BYTES + 200);
        assert!(t.contains("more bytes of this MCP result dropped"));
    }
}

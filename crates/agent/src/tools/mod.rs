//! Tools: the [`registry`] (the `Tool` trait, sources, schema checks) and the [`builtin`]
//! tools, its first source.
//!
//! Every call's arguments are checked against the tool's JSON schema before anything runs;
//! a mismatch becomes an `invalid` result the model reads, never a harness error.

pub mod builtin;
pub mod deferred;
pub mod env;
mod files;
mod headtail;
pub mod mcp;
pub mod registry;
mod search;
mod shell;

use std::path::{Path, PathBuf};
use std::time::Duration;

use loopwright_protocol::tool::{ToolCall, ToolStatus};
use loopwright_store::spill::{SpillStore, SpillWriter};

use crate::cancel::Cancel;

pub use builtin::BuiltinTools;
pub use deferred::DeferredSource;
pub use env::Launch;
pub use files::{EditArgs, ReadArgs, WriteArgs, closest_matches, edit_file, read_file, write_file};
pub use headtail::HeadTail;
pub use mcp::{McpSource, McpToolAdapter};
pub use registry::{CallError, RegistryError, RunContext, Tool, ToolRegistry, ToolSource};
pub use search::{GrepArgs, ListArgs, grep, list_files};
pub use shell::{ShellArgs, ShellRun, run_shell, run_shell_in, shell_output};

/// Default lines shown by `read_file`.
pub const DEFAULT_READ_LIMIT: usize = 800;

/// Where and how a tool runs.
#[derive(Debug, Clone)]
pub struct ToolContext {
    /// The workspace: working directory of commands, base of relative paths.
    pub workspace: PathBuf,
    /// Where full outputs go (one file per call).
    pub spill: SpillStore,
    /// Default per-call timeout of `shell`.
    pub shell_timeout: Duration,
    /// Set on Ctrl+C.
    pub cancel: Cancel,
    /// How tool processes are started (supervisor, environment).
    pub launch: Launch,
}

impl ToolContext {
    /// Resolves a path argument against the workspace.
    pub fn resolve(&self, p: &str) -> PathBuf {
        let path = Path::new(p);
        if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.workspace.join(path)
        }
    }
}

/// Where the complete output of a tool is, before the observation pipeline decides whether
/// it is kept.
#[derive(Debug, Default)]
pub enum FullOutput {
    /// The text of the [`ToolOutput`] is the complete output (written to a spill file only
    /// when the model cannot see all of it).
    #[default]
    InText,
    /// Streamed into a spill file not committed yet: committed when anything was cut,
    /// discarded otherwise.
    Streamed(SpillWriter),
    /// The complete output could not be saved; the reason is shown to the model.
    Unsaved(String),
}

/// What a tool produced, before the observation pipeline shapes it for the model.
#[derive(Debug)]
pub struct ToolOutput {
    /// How it ended.
    pub status: ToolStatus,
    /// The output text (for commands: head and tail when it was larger than the buffer).
    pub text: String,
    /// Exit code, for commands.
    pub exit_code: Option<i32>,
    /// Size in bytes of the complete output.
    pub total_bytes: u64,
    /// Where the complete output is.
    pub full: FullOutput,
    /// The command line, for command output (log compression and the exit-code line apply).
    pub command: Option<String>,
    /// Log compression applies although it is no command output (MCP results).
    pub compress: bool,
}

impl ToolOutput {
    /// A plain text result.
    pub fn text(status: ToolStatus, text: impl Into<String>) -> Self {
        let text = text.into();
        ToolOutput {
            status,
            total_bytes: text.len() as u64,
            text,
            exit_code: None,
            full: FullOutput::InText,
            command: None,
            compress: false,
        }
    }
}

/// At most `max` bytes of `s` (on a char boundary), with `…` when cut.
pub fn clip(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

/// A one-line description of a call for progress lines and ledgers: `shell: cargo test`
/// (the built-in tool's own description; a generic one for other tools).
pub fn describe_call(call: &ToolCall) -> String {
    match builtin::builtin(&call.name) {
        Some(t) => t.describe(&call.arguments),
        None => registry::describe_generic(&call.name, &call.arguments),
    }
}

/// The spill file stem of a tool call: its id with every character outside `[A-Za-z0-9_-]`
/// replaced (ids come from the model and are never trusted as paths).
pub fn spill_stem(call_id: &str) -> String {
    let stem: String = call_id
        .chars()
        .take(100)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if stem.is_empty() { "call".into() } else { stem }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn call(name: &str, args: Value) -> ToolCall {
        ToolCall {
            id: "c".into(),
            name: name.into(),
            arguments: args,
        }
    }

    #[test]
    fn schema_errors_name_the_field() {
        let v = ToolRegistry::builtin().unwrap();
        assert!(v.check(&call("shell", json!({"command": "ls"}))).is_ok());
        let e = v
            .check(&call("shell", json!({"command": 3})))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("/command"), "{e}");
        let e = v
            .check(&call("shell", json!({})))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("command"), "{e}");
        let e = v
            .check(&call("read_file", json!({"path": "a", "offset": 0})))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("/offset"), "{e}");
        let e = v.check(&call("nope", json!({}))).err().unwrap().to_string();
        assert!(e.contains("unknown tool `nope`"), "{e}");
        let e = v
            .check(&call("shell", json!("{\"comm")))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("not a JSON object"), "{e}");
    }

    #[test]
    fn describe_is_short() {
        assert_eq!(
            describe_call(&call("shell", json!({"command": "ls -la\npwd"}))),
            "shell: ls -la pwd"
        );
        assert_eq!(
            describe_call(&call("read_file", json!({"path": "a.txt", "offset": 801}))),
            "read_file: a.txt @801"
        );
        assert_eq!(
            describe_call(&call("grep", json!({"pattern": "fn", "path": "src"}))),
            "grep: fn"
        );
        assert_eq!(
            describe_call(&call("list_files", json!({}))),
            "list_files: ."
        );
        assert_eq!(
            describe_call(&call("todo", json!({"items": [1, 2]}))),
            "todo: 2 items"
        );
        assert_eq!(
            describe_call(&call("mcp_thing", json!({"path": "x"}))),
            "mcp_thing: x"
        );
    }

    #[test]
    fn roles_and_requests_come_from_the_registry() {
        use loopwright_protocol::tool::ToolRole;
        let r = ToolRegistry::builtin().unwrap();
        assert_eq!(r.role_of("shell"), ToolRole::Shell);
        assert_eq!(r.role_of("grep"), ToolRole::Read);
        assert_eq!(r.role_of("edit_file"), ToolRole::Write);
        assert_eq!(r.role_of("finish"), ToolRole::Other);
        let ws = Path::new("/nonexistent-ws");
        let shell = r.get("shell").unwrap();
        let req = shell.request(&json!({"command": "ls"}), ws).unwrap();
        assert_eq!(req.command.as_deref(), Some("ls"));
        assert!(r.get("finish").unwrap().request(&json!({}), ws).is_none());
        let dup = ToolRegistry::from_sources(&[&BuiltinTools, &BuiltinTools]).unwrap_err();
        assert!(dup.to_string().contains("already defined"), "{dup}");
    }

    #[test]
    fn spill_stems_are_plain_names() {
        assert_eq!(spill_stem("call_1"), "call_1");
        assert_eq!(spill_stem("../../etc/passwd"), "______etc_passwd");
        assert_eq!(spill_stem(""), "call");
    }
}

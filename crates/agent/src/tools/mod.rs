//! Built-in tools: schemas for the model, argument validation, dispatch.
//!
//! Every call's arguments are checked against the tool's JSON schema before anything runs;
//! a mismatch becomes an `invalid` result the model reads, never a harness error.

mod files;
mod headtail;
mod search;
mod shell;

use std::path::{Path, PathBuf};
use std::time::Duration;

use loopwright_protocol::tool::{ToolCall, ToolSpec, ToolStatus};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::cancel::Cancel;

pub use files::{EditArgs, ReadArgs, WriteArgs, closest_matches, edit_file, read_file, write_file};
pub use headtail::HeadTail;
pub use search::{GrepArgs, ListArgs, grep, list_files};
pub use shell::{ShellArgs, ShellRun, run_shell};

/// Default lines shown by `read_file`.
pub const DEFAULT_READ_LIMIT: usize = 800;

/// Where and how a tool runs.
#[derive(Debug, Clone)]
pub struct ToolContext {
    /// The workspace: working directory of commands, base of relative paths.
    pub workspace: PathBuf,
    /// Directory for full outputs (one file per call).
    pub spill_dir: PathBuf,
    /// Default per-call timeout of `shell`.
    pub shell_timeout: Duration,
    /// Set on Ctrl+C.
    pub cancel: Cancel,
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

/// What a tool produced, before the observation pipeline shapes it for the model.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput {
    /// How it ended.
    pub status: ToolStatus,
    /// The output text (for commands: head and tail when it was larger than the buffer).
    pub text: String,
    /// Exit code, for commands.
    pub exit_code: Option<i32>,
    /// Size in bytes of the complete output.
    pub total_bytes: u64,
    /// File holding the complete output, when the tool wrote one.
    pub full_output: Option<PathBuf>,
    /// True for command output (exit code line, log compression apply).
    pub is_command: bool,
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
            full_output: None,
            is_command: false,
        }
    }
}

/// Names of the built-in tools.
pub const TOOL_NAMES: [&str; 9] = [
    "shell",
    "read_file",
    "write_file",
    "edit_file",
    "list_files",
    "grep",
    "todo",
    "finish",
    "recall",
];

/// The JSON schemas of the built-in tools, as sent to the model.
pub fn specs() -> Vec<ToolSpec> {
    let spec = |name: &str, description: &str, parameters: Value| ToolSpec {
        name: name.into(),
        description: description.into(),
        parameters,
    };
    vec![
        spec(
            "shell",
            "Run a bash command in the workspace. stdin is closed; the command is killed with its whole process group after timeout_s (default 120). Large output is cut to head and tail; the full text is saved to a file you can read with read_file.",
            json!({"type": "object", "properties": {
                "command": {"type": "string", "minLength": 1, "description": "bash command line"},
                "timeout_s": {"type": "integer", "minimum": 1, "maximum": 3600, "description": "time limit in seconds"}
            }, "required": ["command"], "additionalProperties": false}),
        ),
        spec(
            "read_file",
            "Read a text file, 800 lines at a time. Lines are numbered; the footer says how many lines the file has and how to read on.",
            json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1},
                "offset": {"type": "integer", "minimum": 1, "description": "first line to show (1-based)"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 5000, "description": "number of lines"}
            }, "required": ["path"], "additionalProperties": false}),
        ),
        spec(
            "write_file",
            "Create or overwrite a file with the given content (parent directories are created).",
            json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1},
                "content": {"type": "string"}
            }, "required": ["path", "content"], "additionalProperties": false}),
        ),
        spec(
            "edit_file",
            "Replace exact text in a file. old_text must occur exactly once (or set replace_all). On failure the closest matching lines are shown.",
            json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1},
                "old_text": {"type": "string", "minLength": 1},
                "new_text": {"type": "string"},
                "replace_all": {"type": "boolean"}
            }, "required": ["path", "old_text", "new_text"], "additionalProperties": false}),
        ),
        spec(
            "list_files",
            "List files under a directory, respecting .gitignore. Optional glob filter such as \"*.rs\".",
            json!({"type": "object", "properties": {
                "path": {"type": "string"},
                "glob": {"type": "string"},
                "max_results": {"type": "integer", "minimum": 1, "maximum": 10000}
            }, "additionalProperties": false}),
        ),
        spec(
            "grep",
            "Search file contents with a regular expression, respecting .gitignore. Prints path:line: text.",
            json!({"type": "object", "properties": {
                "pattern": {"type": "string", "minLength": 1},
                "path": {"type": "string"},
                "glob": {"type": "string"},
                "ignore_case": {"type": "boolean"},
                "max_results": {"type": "integer", "minimum": 1, "maximum": 10000}
            }, "required": ["pattern"], "additionalProperties": false}),
        ),
        spec(
            "todo",
            "Replace your task list. It is shown to you at every step.",
            json!({"type": "object", "properties": {
                "items": {"type": "array", "items": {"type": "object", "properties": {
                    "text": {"type": "string", "minLength": 1},
                    "status": {"enum": ["pending", "in_progress", "done"]}
                }, "required": ["text", "status"], "additionalProperties": false}}
            }, "required": ["items"], "additionalProperties": false}),
        ),
        spec(
            "finish",
            "Declare the task complete with a short summary. When a verify command is configured, the run only ends once it passes.",
            json!({"type": "object", "properties": {
                "summary": {"type": "string", "minLength": 1}
            }, "required": ["summary"], "additionalProperties": false}),
        ),
        loopwright_context::condense::recall_tool_spec(),
    ]
}

/// Checks arguments against every built-in tool's schema (validators compiled once).
pub struct Validators {
    validators: Vec<(String, jsonschema::Validator)>,
}

impl std::fmt::Debug for Validators {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Validators")
            .field("tools", &self.validators.len())
            .finish()
    }
}

impl Validators {
    /// Compiles the schemas of `specs`.
    pub fn new(specs: &[ToolSpec]) -> Result<Self, String> {
        let validators = specs
            .iter()
            .map(|s| {
                jsonschema::validator_for(&s.parameters)
                    .map(|v| (s.name.clone(), v))
                    .map_err(|e| format!("schema of tool {}: {e}", s.name))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Validators { validators })
    }

    /// `Ok` when `call` names a known tool and its arguments match its schema; otherwise the
    /// message the model reads.
    pub fn check(&self, call: &ToolCall) -> Result<(), String> {
        let Some((_, v)) = self.validators.iter().find(|(n, _)| n == &call.name) else {
            let names: Vec<&str> = self.validators.iter().map(|(n, _)| n.as_str()).collect();
            return Err(format!(
                "unknown tool `{}`; the tools are: {}",
                call.name,
                names.join(", ")
            ));
        };
        if let Value::String(raw) = &call.arguments {
            return Err(format!(
                "invalid arguments for `{}`: not a JSON object: {}",
                call.name,
                clip(raw, 200)
            ));
        }
        let errors: Vec<String> = v
            .iter_errors(&call.arguments)
            .map(|e| {
                let at = e.instance_path().to_string();
                if at.is_empty() {
                    e.to_string()
                } else {
                    format!("{at}: {e}")
                }
            })
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "invalid arguments for `{}`: {}. Fix the arguments and call the tool again.",
                call.name,
                errors.join("; ")
            ))
        }
    }
}

/// Deserializes validated arguments into a typed struct.
pub fn parse_args<T: DeserializeOwned>(call: &ToolCall) -> Result<T, String> {
    serde_json::from_value(call.arguments.clone())
        .map_err(|e| format!("invalid arguments for `{}`: {e}", call.name))
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

/// A one-line description of a call for progress lines and ledgers: `shell: cargo test`.
pub fn describe_call(call: &ToolCall) -> String {
    let key = match call.name.as_str() {
        "shell" => call.arguments.get("command"),
        "read_file" | "write_file" | "edit_file" => call.arguments.get("path"),
        "grep" => call.arguments.get("pattern"),
        "list_files" => call.arguments.get("path"),
        "finish" => call.arguments.get("summary"),
        "recall" => call.arguments.get("id"),
        _ => None,
    };
    if call.name == "todo" {
        let n = call
            .arguments
            .get("items")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        return format!("todo: {n} items");
    }
    if call.name == "list_files" && key.is_none() {
        return "list_files: .".to_string();
    }
    let detail = match key {
        Some(Value::String(s)) => s.replace('\n', " "),
        Some(v) => v.to_string(),
        None if call.arguments.is_null() => String::new(),
        None => call.arguments.to_string(),
    };
    let mut out = format!("{}: {}", call.name, clip(&detail, 120));
    if let Some(offset) = call.arguments.get("offset") {
        out.push_str(&format!(" @{offset}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(name: &str, args: Value) -> ToolCall {
        ToolCall {
            id: "c".into(),
            name: name.into(),
            arguments: args,
        }
    }

    #[test]
    fn schema_errors_name_the_field() {
        let v = Validators::new(&specs()).unwrap();
        assert!(v.check(&call("shell", json!({"command": "ls"}))).is_ok());
        let e = v.check(&call("shell", json!({"command": 3}))).unwrap_err();
        assert!(e.contains("/command"), "{e}");
        let e = v.check(&call("shell", json!({}))).unwrap_err();
        assert!(e.contains("command"), "{e}");
        let e = v
            .check(&call("read_file", json!({"path": "a", "offset": 0})))
            .unwrap_err();
        assert!(e.contains("/offset"), "{e}");
        let e = v.check(&call("nope", json!({}))).unwrap_err();
        assert!(e.contains("unknown tool `nope`"), "{e}");
        let e = v.check(&call("shell", json!("{\"comm"))).unwrap_err();
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
    }
}

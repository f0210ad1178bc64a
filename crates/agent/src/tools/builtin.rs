//! The built-in tools, the registry's first source: each declared once (spec, role, policy
//! request, description, run).

use std::path::Path;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use loopwright_policy::Request;
use loopwright_protocol::tool::{ToolCall, ToolRole, ToolSpec, ToolStatus};
use serde_json::{Value, json};

use super::registry::{RunContext, Tool, ToolSource, describe_with, parse_args};
use super::{
    EditArgs, GrepArgs, ListArgs, ReadArgs, ShellArgs, ToolOutput, WriteArgs, edit_file, grep,
    list_files, read_file, shell_output, write_file,
};
use crate::state::TodoItem;

/// Name of the tool that ends a run.
pub const FINISH: &str = "finish";
/// Name of the tool that replaces the task list.
pub const TODO: &str = "todo";

fn spec(name: &str, role: ToolRole, description: &str, parameters: Value) -> ToolSpec {
    ToolSpec {
        name: name.into(),
        description: description.into(),
        parameters,
        role,
    }
}

fn invalid(e: impl ToString) -> ToolOutput {
    ToolOutput::text(ToolStatus::Invalid, e.to_string())
}

fn str_arg<'a>(args: &'a Value, key: &str) -> Option<&'a str> {
    args.get(key).and_then(Value::as_str)
}

/// A file request as the policy judges it: `tool` on `path`; a directory given to a tool that
/// reads its children (listing, searching) is judged as `dir/*`.
fn file_request(tool: &str, path: &str, workspace: &Path, children: bool) -> Request {
    let ws = workspace.to_string_lossy();
    let full = if Path::new(path).is_absolute() {
        Path::new(path).to_path_buf()
    } else {
        workspace.join(path)
    };
    let path = if children && full.is_dir() {
        format!("{}/*", path.trim_end_matches('/'))
    } else {
        path.to_string()
    };
    Request::file(tool, &path, &ws)
}

struct Shell(ToolSpec);

impl Tool for Shell {
    fn spec(&self) -> &ToolSpec {
        &self.0
    }
    fn request(&self, args: &Value, workspace: &Path) -> Option<Request> {
        let ws = workspace.to_string_lossy();
        Some(Request::shell(str_arg(args, "command").unwrap_or(""), &ws))
    }
    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput {
        let a: ShellArgs = match parse_args(call) {
            Ok(a) => a,
            Err(e) => return invalid(e),
        };
        let mut timeout = a
            .timeout_s
            .map_or(cx.tools.shell_timeout, Duration::from_secs);
        // A command never outlives the run's own time limit.
        if let Some(left) = cx.run_left {
            timeout = timeout.min(left.max(Duration::from_secs(1)));
        }
        shell_output(&a.command, cx.tools, timeout, &super::spill_stem(&call.id))
    }
}

#[derive(Clone, Copy)]
enum FileKind {
    Read,
    Write,
    Edit,
}

/// `read_file`, `write_file` and `edit_file`: one path argument, judged as that tool.
struct FileTool(ToolSpec, FileKind);

impl Tool for FileTool {
    fn spec(&self) -> &ToolSpec {
        &self.0
    }
    fn request(&self, args: &Value, workspace: &Path) -> Option<Request> {
        let path = str_arg(args, "path").unwrap_or("");
        Some(file_request(&self.0.name, path, workspace, false))
    }
    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput {
        let ws = cx.tools;
        match self.1 {
            FileKind::Read => match parse_args::<ReadArgs>(call) {
                Ok(a) => read_file(&ws.resolve(&a.path), &a.path, &a),
                Err(e) => invalid(e),
            },
            FileKind::Write => match parse_args::<WriteArgs>(call) {
                Ok(a) => write_file(&ws.resolve(&a.path), &a.path, &a),
                Err(e) => invalid(e),
            },
            FileKind::Edit => match parse_args::<EditArgs>(call) {
                Ok(a) => edit_file(&ws.resolve(&a.path), &a.path, &a),
                Err(e) => invalid(e),
            },
        }
    }
}

/// `list_files` and `grep`: reads of a directory's children, judged as `read_file`.
struct SearchTool {
    spec: ToolSpec,
    grep: bool,
}

impl Tool for SearchTool {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }
    fn request(&self, args: &Value, workspace: &Path) -> Option<Request> {
        let path = str_arg(args, "path").unwrap_or(".");
        Some(file_request(READ_FILE, path, workspace, true))
    }
    fn describe(&self, args: &Value) -> String {
        if self.grep {
            describe_with(&self.spec.name, args.get("pattern"), args)
        } else if args.get("path").is_none() {
            format!("{}: .", self.spec.name)
        } else {
            describe_with(&self.spec.name, args.get("path"), args)
        }
    }
    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput {
        let t = cx.tools;
        if self.grep {
            match parse_args::<GrepArgs>(call) {
                Ok(a) => grep(&t.resolve(a.path.as_deref().unwrap_or(".")), &t.workspace, &a),
                Err(e) => invalid(e),
            }
        } else {
            match parse_args::<ListArgs>(call) {
                Ok(a) => list_files(&t.resolve(a.path.as_deref().unwrap_or(".")), &t.workspace, &a),
                Err(e) => invalid(e),
            }
        }
    }
}

#[derive(Clone, Copy)]
enum SessionKind {
    Todo,
    Finish,
    Recall,
}

/// `todo`, `finish` and `recall`: they touch nothing outside the session log, never gated.
struct SessionTool(ToolSpec, SessionKind);

impl Tool for SessionTool {
    fn spec(&self) -> &ToolSpec {
        &self.0
    }
    fn request(&self, _args: &Value, _workspace: &Path) -> Option<Request> {
        None
    }
    fn describe(&self, args: &Value) -> String {
        if let SessionKind::Todo = self.1 {
            let n = args.get("items").and_then(Value::as_array).map_or(0, Vec::len);
            return format!("{}: {n} items", self.0.name);
        }
        super::registry::describe_generic(&self.0.name, args)
    }
    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput {
        match self.1 {
            SessionKind::Todo => {
                let items: Vec<TodoItem> = call
                    .arguments
                    .get("items")
                    .and_then(|v| serde_json::from_value(v.clone()).ok())
                    .unwrap_or_default();
                let done = items.iter().filter(|i| i.status == "done").count();
                ToolOutput::text(
                    ToolStatus::Ok,
                    format!("todo list updated: {} items, {done} done", items.len()),
                )
            }
            SessionKind::Finish => {
                let text = match cx.verify {
                    Some(v) => format!("finish requested; running the verify command `{v}`"),
                    None => "finish accepted".to_string(),
                };
                ToolOutput::text(ToolStatus::Ok, text)
            }
            SessionKind::Recall => crate::recall::recall(call, cx.events),
        }
    }
}

const READ_FILE: &str = "read_file";

static TOOLS: LazyLock<Vec<Arc<dyn Tool>>> = LazyLock::new(|| {
    use ToolRole::{Other, Read, Shell as Sh, Write};
    let mut recall = loopwright_context::condense::recall_tool_spec();
    recall.role = Other;
    vec![
        Arc::new(Shell(spec(
            "shell",
            Sh,
            "Run a bash command in the workspace. stdin is closed; the command is killed with its whole process group after timeout_s (default 120). Large output is cut to head and tail; the full text is saved to a file you can read with read_file.",
            json!({"type": "object", "properties": {
                "command": {"type": "string", "minLength": 1, "description": "bash command line"},
                "timeout_s": {"type": "integer", "minimum": 1, "maximum": 3600, "description": "time limit in seconds"}
            }, "required": ["command"], "additionalProperties": false}),
        ))),
        Arc::new(FileTool(spec(
            READ_FILE,
            Read,
            "Read a text file, 800 lines at a time. Lines are numbered; the footer says how many lines the file has and how to read on.",
            json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1},
                "offset": {"type": "integer", "minimum": 1, "description": "first line to show (1-based)"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 5000, "description": "number of lines"}
            }, "required": ["path"], "additionalProperties": false}),
        ), FileKind::Read)),
        Arc::new(FileTool(spec(
            "write_file",
            Write,
            "Create or overwrite a file with the given content (parent directories are created).",
            json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1},
                "content": {"type": "string"}
            }, "required": ["path", "content"], "additionalProperties": false}),
        ), FileKind::Write)),
        Arc::new(FileTool(spec(
            "edit_file",
            Write,
            "Replace exact text in a file. old_text must occur exactly once (or set replace_all). On failure the closest matching lines are shown.",
            json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1},
                "old_text": {"type": "string", "minLength": 1},
                "new_text": {"type": "string"},
                "replace_all": {"type": "boolean"}
            }, "required": ["path", "old_text", "new_text"], "additionalProperties": false}),
        ), FileKind::Edit)),
        Arc::new(SearchTool {
            spec: spec(
                "list_files",
                Read,
                "List files under a directory, respecting .gitignore. Optional glob filter such as \"*.rs\".",
                json!({"type": "object", "properties": {
                    "path": {"type": "string"},
                    "glob": {"type": "string"},
                    "max_results": {"type": "integer", "minimum": 1, "maximum": 10000}
                }, "additionalProperties": false}),
            ),
            grep: false,
        }),
        Arc::new(SearchTool {
            spec: spec(
                "grep",
                Read,
                "Search file contents with a regular expression, respecting .gitignore. Prints path:line: text.",
                json!({"type": "object", "properties": {
                    "pattern": {"type": "string", "minLength": 1},
                    "path": {"type": "string"},
                    "glob": {"type": "string"},
                    "ignore_case": {"type": "boolean"},
                    "max_results": {"type": "integer", "minimum": 1, "maximum": 10000}
                }, "required": ["pattern"], "additionalProperties": false}),
            ),
            grep: true,
        }),
        Arc::new(SessionTool(spec(
            TODO,
            Other,
            "Replace your task list. It is shown to you at every step.",
            json!({"type": "object", "properties": {
                "items": {"type": "array", "items": {"type": "object", "properties": {
                    "text": {"type": "string", "minLength": 1},
                    "status": {"enum": ["pending", "in_progress", "done"]}
                }, "required": ["text", "status"], "additionalProperties": false}}
            }, "required": ["items"], "additionalProperties": false}),
        ), SessionKind::Todo)),
        Arc::new(SessionTool(spec(
            FINISH,
            Other,
            "Declare the task complete with a short summary. When a verify command is configured, the run only ends once it passes.",
            json!({"type": "object", "properties": {
                "summary": {"type": "string", "minLength": 1}
            }, "required": ["summary"], "additionalProperties": false}),
        ), SessionKind::Finish)),
        Arc::new(SessionTool(recall, SessionKind::Recall)),
    ]
});

/// The built-in tools: shell, file reading/writing/editing, listing, search, the task list,
/// finish and recall.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuiltinTools;

impl ToolSource for BuiltinTools {
    fn name(&self) -> &str {
        "builtin"
    }
    fn tools(&self) -> Vec<Arc<dyn Tool>> {
        TOOLS.clone()
    }
}

/// The built-in tool called `name`.
pub fn builtin(name: &str) -> Option<&'static dyn Tool> {
    TOOLS
        .iter()
        .find(|t| t.spec().name == name)
        .map(|t| t.as_ref())
}

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

fn str_arg<'a>(args: &'a Value, key: &str) -> Option<&'a str> {
    args.get(key).and_then(Value::as_str)
}

/// A file request as the policy judges it: `tool` doing `role` on `path`; a directory given to
/// a tool that reads its children (listing, searching) is judged as `dir/*`.
fn file_request(
    tool: &str,
    role: ToolRole,
    path: &str,
    workspace: &Path,
    children: bool,
) -> Request {
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
    Request::file(role, tool, &path, &ws)
}

/// Which built-in tool a [`Builtin`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Shell,
    Read,
    Write,
    Edit,
    List,
    Grep,
    Todo,
    Finish,
    Recall,
}

/// One built-in tool: its spec and which one it is.
struct Builtin {
    spec: ToolSpec,
    kind: Kind,
}

impl Tool for Builtin {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn request(&self, args: &Value, workspace: &Path) -> Option<Request> {
        let path = str_arg(args, "path");
        match self.kind {
            Kind::Shell => {
                let ws = workspace.to_string_lossy();
                Some(Request::shell(str_arg(args, "command").unwrap_or(""), &ws))
            }
            Kind::Read | Kind::Write | Kind::Edit => Some(file_request(
                &self.spec.name,
                self.spec.role,
                path.unwrap_or(""),
                workspace,
                false,
            )),
            // Listing and searching read a directory's children: judged as `read_file`.
            Kind::List | Kind::Grep => Some(file_request(
                READ_FILE,
                self.spec.role,
                path.unwrap_or("."),
                workspace,
                true,
            )),
            // They touch nothing outside the session log: never gated.
            Kind::Todo | Kind::Finish | Kind::Recall => None,
        }
    }

    fn describe(&self, args: &Value) -> String {
        let name = &self.spec.name;
        match self.kind {
            Kind::Grep => describe_with(name, args.get("pattern"), args),
            Kind::List if args.get("path").is_none() => format!("{name}: ."),
            Kind::Todo => {
                let n = args
                    .get("items")
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len);
                format!("{name}: {n} items")
            }
            _ => super::registry::describe_generic(name, args),
        }
    }

    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput {
        let t = cx.tools;
        let dir = |p: &Option<String>| t.resolve(p.as_deref().unwrap_or("."));
        let out =
            match self.kind {
                Kind::Shell => parse_args::<ShellArgs>(call).map(|a| run_shell_tool(call, &a, cx)),
                Kind::Read => parse_args::<ReadArgs>(call)
                    .map(|a| read_file(&t.resolve(&a.path), &a.path, &a)),
                Kind::Write => parse_args::<WriteArgs>(call)
                    .map(|a| write_file(&t.resolve(&a.path), &a.path, &a)),
                Kind::Edit => parse_args::<EditArgs>(call)
                    .map(|a| edit_file(&t.resolve(&a.path), &a.path, &a)),
                Kind::List => parse_args::<ListArgs>(call)
                    .map(|a| list_files(&dir(&a.path), &t.workspace, &a)),
                Kind::Grep => {
                    parse_args::<GrepArgs>(call).map(|a| grep(&dir(&a.path), &t.workspace, &a))
                }
                Kind::Todo => Ok(todo_output(call)),
                Kind::Finish => Ok(match crate::subagent::plan::finish_refusal(cx.events) {
                    Some(why) => ToolOutput::text(ToolStatus::Error, why),
                    None => ToolOutput::text(
                        ToolStatus::Ok,
                        match cx.verify {
                            Some(v) => {
                                format!("finish requested; running the verify command `{v}`")
                            }
                            None => "finish accepted".to_string(),
                        },
                    ),
                }),
                Kind::Recall => Ok(crate::recall::recall(call, cx.events)),
            };
        out.unwrap_or_else(|e| ToolOutput::text(ToolStatus::Invalid, e.to_string()))
    }
}

fn run_shell_tool(call: &ToolCall, a: &ShellArgs, cx: &RunContext<'_>) -> ToolOutput {
    let mut timeout = a
        .timeout_s
        .map_or(cx.tools.shell_timeout, Duration::from_secs);
    // A command never outlives the run's own time limit.
    if let Some(left) = cx.run_left {
        timeout = timeout.min(left.max(Duration::from_secs(1)));
    }
    shell_output(&a.command, cx.tools, timeout, &super::spill_stem(&call.id))
}

fn todo_output(call: &ToolCall) -> ToolOutput {
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

fn tool(kind: Kind, spec: ToolSpec) -> Arc<dyn Tool> {
    Arc::new(Builtin { spec, kind })
}

const READ_FILE: &str = "read_file";

static TOOLS: LazyLock<Vec<Arc<dyn Tool>>> = LazyLock::new(|| {
    use ToolRole::{Other, Read, Shell as Sh, Write};
    let mut recall = loopwright_context::condense::recall_tool_spec();
    recall.role = Other;
    vec![
        tool(
            Kind::Shell,
            spec(
                "shell",
                Sh,
                "Run a bash command in the workspace. stdin is closed; the command is killed with its whole process group after timeout_s (default 120). Large output is cut to head and tail; the full text is saved to a file you can read with read_file.",
                json!({"type": "object", "properties": {
                "command": {"type": "string", "minLength": 1, "description": "bash command line"},
                "timeout_s": {"type": "integer", "minimum": 1, "maximum": 3600, "description": "time limit in seconds"}
            }, "required": ["command"], "additionalProperties": false}),
            ),
        ),
        tool(
            Kind::Read,
            spec(
                READ_FILE,
                Read,
                "Read a text file, 800 lines at a time. Lines are numbered; the footer says how many lines the file has and how to read on.",
                json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1},
                "offset": {"type": "integer", "minimum": 1, "description": "first line to show (1-based)"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 5000, "description": "number of lines"},
                "column": {"type": "integer", "minimum": 1, "description": "first byte of each long line to show (1-based), to read on in lines longer than 2000 bytes"}
            }, "required": ["path"], "additionalProperties": false}),
            ),
        ),
        tool(
            Kind::Write,
            spec(
                "write_file",
                Write,
                "Create or overwrite a file with the given content (parent directories are created).",
                json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1},
                "content": {"type": "string"}
            }, "required": ["path", "content"], "additionalProperties": false}),
            ),
        ),
        tool(
            Kind::Edit,
            spec(
                "edit_file",
                Write,
                "Replace exact text in a file. old_text must occur exactly once (or set replace_all). On failure the closest matching lines are shown.",
                json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1},
                "old_text": {"type": "string", "minLength": 1},
                "new_text": {"type": "string"},
                "replace_all": {"type": "boolean"}
            }, "required": ["path", "old_text", "new_text"], "additionalProperties": false}),
            ),
        ),
        tool(
            Kind::List,
            spec(
                "list_files",
                Read,
                "List files under a directory, respecting .gitignore. Optional glob filter such as \"*.rs\".",
                json!({"type": "object", "properties": {
                    "path": {"type": "string"},
                    "glob": {"type": "string"},
                    "max_results": {"type": "integer", "minimum": 1, "maximum": 10000}
                }, "additionalProperties": false}),
            ),
        ),
        tool(
            Kind::Grep,
            spec(
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
        ),
        tool(
            Kind::Todo,
            spec(
                TODO,
                Other,
                "Replace your task list. It is shown to you at every step.",
                json!({"type": "object", "properties": {
                "items": {"type": "array", "items": {"type": "object", "properties": {
                    "text": {"type": "string", "minLength": 1},
                    "status": {"enum": ["pending", "in_progress", "done"]}
                }, "required": ["text", "status"], "additionalProperties": false}}
            }, "required": ["items"], "additionalProperties": false}),
            ),
        ),
        tool(
            Kind::Finish,
            spec(
                FINISH,
                Other,
                "Declare the task complete with a short summary. When a verify command is configured, the run only ends once it passes.",
                json!({"type": "object", "properties": {
                "summary": {"type": "string", "minLength": 1}
            }, "required": ["summary"], "additionalProperties": false}),
            ),
        ),
        tool(Kind::Recall, recall),
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

/// The role of the built-in tool called `name` ([`ToolRole::Other`] for any other name): what
/// `loop gate check --tool NAME` and `loop mcp serve`'s `loop_gate_check` judge a name as.
pub fn builtin_role(name: &str) -> ToolRole {
    builtin(name).map_or(ToolRole::Other, |t| t.spec().role)
}

//! What an agent's tool call is judged as: the requests one hook payload stands for.
//!
//! A call may stand for several requests (an `mcp__...` call naming paths, a patch touching
//! files); the strictest verdict among them wins. Paths are absolute before they are judged:
//! relative ones start at the payload's `cwd`, `~` is the home directory.

use loopwright_policy::{Request, ToolRole};
use serde_json::Value;

/// What a tool call is judged as.
pub enum Call {
    /// Every request must pass; the strictest verdict wins.
    Judge(Vec<Request>),
    /// A tool that touches nothing the gate guards (the agent's own bookkeeping).
    Inert(&'static str),
    /// A tool whose permission prompt is the person's own answer (a plan to approve, a
    /// question to answer): the hook gives no decision, so the agent asks as it would without it.
    Defer(&'static str),
}

/// Tools whose prompt is the interaction itself: an `allow` would answer for the person.
const DEFER: &[&str] = &["AskUserQuestion", "ExitPlanMode"];

/// Where a call happens: the workspace root, the directory the call starts in, the home
/// directory (all absolute).
pub struct Place<'a> {
    /// The workspace root.
    pub workspace: &'a str,
    /// The call's working directory.
    pub cwd: &'a str,
    /// The home directory, if known.
    pub home: Option<&'a str>,
}

/// Claude Code's built-in tools that touch nothing the gate guards, with why (round 9's
/// decisions, `crates/policy/README.md`).
const INERT: &[(&[&str], &str)] = &[
    (
        &[
            "TodoWrite",
            "TodoRead",
            "TaskCreate",
            "TaskGet",
            "TaskList",
            "TaskUpdate",
            "EnterPlanMode",
            "SendMessage",
        ],
        "the agent's own bookkeeping touches nothing the gate guards",
    ),
    (
        &["Agent", "Task", "CronCreate", "CronDelete", "CronList"],
        "a sub-agent or a scheduled prompt makes its own tool calls, each judged by this hook",
    ),
    (
        &[
            "BashOutput",
            "TaskOutput",
            "KillShell",
            "KillBash",
            "TaskStop",
        ],
        "reading or ending a shell the agent started (its command was judged when it started)",
    ),
    (
        &["Skill", "SlashCommand"],
        "expands instructions the user installed; the calls they lead to are judged by this hook",
    ),
    (
        &["EnterWorktree", "ExitWorktree"],
        "moves the session; every later call is judged where it runs",
    ),
    (
        &["ListMcpResourcesTool"],
        "lists the names of the resources the user's MCP servers expose",
    ),
    (
        &["WebSearch"],
        "a web search reads and writes no local file (the query goes to the search provider)",
    ),
];

/// Argument names of MCP tools that hold a path (or a `file://` URI).
const PATH_KEYS: &[&str] = &[
    "path",
    "paths",
    "file",
    "files",
    "file_path",
    "filepath",
    "filename",
    "source",
    "destination",
    "target",
    "dir",
    "directory",
    "uri",
    "notebook_path",
];

/// Words in an MCP tool's name that make it write the paths it is given.
const WRITE_WORDS: &[&str] = &[
    "write", "edit", "move", "rename", "create", "delete", "remove", "mkdir", "upload", "put",
    "append", "copy",
];

/// Quotes a word for the shell.
pub fn quote(v: &str) -> String {
    format!("'{}'", v.replace('\'', "'\\''"))
}

impl Place<'_> {
    /// `p` made absolute: `~` is home, a relative path starts at the call's directory.
    pub fn abs(&self, p: &str) -> String {
        let joined = match (p.strip_prefix('~'), self.home) {
            (Some(rest), Some(h)) if rest.is_empty() || rest.starts_with('/') => {
                format!("{}{rest}", h.trim_end_matches('/'))
            }
            _ if p.starts_with('/') => p.to_string(),
            _ => format!("{}/{p}", self.cwd.trim_end_matches('/')),
        };
        lexical(&joined)
    }

    /// `p` made absolute, with symlinks resolved where it exists.
    fn real(&self, p: &str) -> String {
        let a = self.abs(p);
        std::fs::canonicalize(&a)
            .map(|r| r.to_string_lossy().into_owned())
            .unwrap_or(a)
    }

    fn file(&self, role: ToolRole, tool: &str, p: &str) -> Request {
        Request::file(role, tool, &self.abs(p), self.workspace)
    }

    fn shell(&self, cmd: &str) -> Request {
        Request::shell(cmd, self.workspace)
    }
}

/// `.` and `..` components removed (`/a/b/../c` -> `/a/c`); `p` is absolute.
fn lexical(p: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for c in p.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    format!("/{}", out.join("/"))
}

fn has_wildcard(s: &str) -> bool {
    s.contains(['*', '?', '[', '{'])
}

/// A `Glob` call lists names: judged as `ls` of the literal folder its pattern starts in (a
/// secret folder there: deny), recursively (`ls -R`) when the pattern goes deeper than one
/// level below a folder outside the workspace (the names below `~/.ssh` may be listed).
fn glob(pattern: &str, path: Option<&str>, at: &Place<'_>) -> Request {
    if unbounded(pattern) {
        // `*/../..`, `**/..` or `{src,/etc}` may reach anywhere
        return at.shell("ls -R -- /");
    }
    let base = path.map_or_else(|| at.cwd.to_string(), |p| at.abs(p));
    let full = if pattern.starts_with('/') || pattern.starts_with('~') {
        at.abs(pattern)
    } else {
        lexical(&format!("{}/{pattern}", base.trim_end_matches('/')))
    };
    let parts: Vec<&str> = full.split('/').collect();
    let first = parts
        .iter()
        .position(|c| has_wildcard(c))
        .unwrap_or(parts.len());
    let lit = parts[..first].join("/");
    let lit = at.real(if lit.is_empty() { "/" } else { &lit });
    let rest = &parts[first..];
    let inside = lit == at.workspace || lit.starts_with(&format!("{}/", at.workspace));
    let cmd = if rest.is_empty() {
        format!("ls -d -- {}", quote(&lit))
    } else if inside || (rest.len() == 1 && !rest[0].contains("**")) {
        format!("ls -- {}", quote(&lit))
    } else {
        format!("ls -R -- {}", quote(&lit))
    };
    at.shell(&cmd)
}

/// Whether a glob pattern may climb out of its literal folder in ways a lexical reading cannot
/// follow: `..` after a wildcard (`**/..` may be `..` itself), or braces holding `/`, `~` or `..`.
fn unbounded(pattern: &str) -> bool {
    if let Some(i) = pattern.find(['*', '?', '[', '{'])
        && pattern[i..].contains("..")
    {
        return true;
    }
    let mut depth = 0usize;
    for c in pattern.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            '/' | '~' if depth > 0 => return true,
            _ => {}
        }
    }
    false
}

/// A `Grep` call reads every file below its path, like `rg` with the same `glob` and `type`.
fn grep(input: &Value, at: &Place<'_>) -> Request {
    let s = |k: &str| input.get(k).and_then(Value::as_str);
    let dir = s("path").map_or_else(|| at.cwd.to_string(), |p| at.real(p));
    let mut cmd = format!("rg -e {}", quote(s("pattern").unwrap_or("")));
    if let Some(g) = s("glob") {
        cmd.push_str(&format!(" -g {}", quote(g)));
    }
    if let Some(t) = s("type") {
        cmd.push_str(&format!(" -t {}", quote(t)));
    }
    at.shell(&format!("{cmd} -- {}", quote(&dir)))
}

/// Every string a path-like argument of an MCP tool holds (`file://` URIs as paths).
fn path_args(input: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let Some(obj) = input.as_object() else {
        return out;
    };
    for (k, v) in obj {
        if !PATH_KEYS.contains(&k.to_ascii_lowercase().as_str()) {
            continue;
        }
        let items: Vec<&Value> = match v {
            Value::Array(a) => a.iter().collect(),
            v => vec![v],
        };
        for s in items.into_iter().filter_map(Value::as_str) {
            let p = s.strip_prefix("file://").unwrap_or(s);
            if !p.is_empty() && !p.contains("://") {
                out.push(p.to_string());
            }
        }
    }
    out
}

/// Whether a path-like argument (or a glob pattern) starts at the home directory (`~`, `~/...`):
/// without a known HOME it cannot be judged.
fn names_home(input: &Value) -> bool {
    let Some(obj) = input.as_object() else {
        return false;
    };
    obj.iter()
        .filter(|(k, _)| {
            let k = k.to_ascii_lowercase();
            k == "pattern" || PATH_KEYS.contains(&k.as_str())
        })
        .flat_map(|(_, v)| match v {
            Value::Array(a) => a.iter().collect::<Vec<_>>(),
            v => vec![v],
        })
        .filter_map(Value::as_str)
        .any(|s| s == "~" || s.starts_with("~/"))
}

/// An MCP tool (or any tool the hook does not know): judged by its name and role `other`, and
/// every path argument as a read of it, a write too when the name says it writes.
fn other(tool: &str, input: &Value, at: &Place<'_>) -> Vec<Request> {
    let mut reqs = vec![Request {
        tool: tool.to_string(),
        role: ToolRole::Other,
        workspace: at.workspace.to_string(),
        ..Request::default()
    }];
    let lower = tool.to_ascii_lowercase();
    let writes = WRITE_WORDS.iter().any(|w| lower.contains(w));
    for p in path_args(input) {
        reqs.push(at.file(ToolRole::Read, "read_file", &p));
        if writes {
            reqs.push(at.file(ToolRole::Write, "write_file", &p));
        }
    }
    reqs
}

/// The files a Codex patch (`*** Begin Patch` ... `*** End Patch`) adds, updates, deletes or
/// moves to; `None` when the text holds no patch.
fn patch_paths(text: &str) -> Option<Vec<String>> {
    if !text.contains("*** Begin Patch") {
        return None;
    }
    let heads = [
        "*** Add File: ",
        "*** Update File: ",
        "*** Delete File: ",
        "*** Move to: ",
    ];
    Some(
        text.lines()
            .filter_map(|l| {
                heads
                    .iter()
                    .find_map(|h| l.strip_prefix(h).map(|p| p.trim().to_string()))
            })
            .collect(),
    )
}

/// Codex's `apply_patch`, as a tool or as the command it runs (`apply_patch PATCH`, `bash -lc
/// "apply_patch <<'EOF' ..."`): a write of every file the patch names. `None` when the call is
/// no patch, or runs anything after it.
fn patch(input: &Value, argv: Option<&[String]>, at: &Place<'_>) -> Option<Vec<Request>> {
    let text = match argv {
        Some([p, body]) if is_patch_program(p) => body.clone(),
        Some([sh, flag, script])
            if is_shell(sh) && flag.starts_with('-') && flag.ends_with('c') =>
        {
            patch_script(script)?
        }
        Some(_) => return None,
        // codex's hook payload carries the patch in `command`
        None => ["input", "patch", "command"]
            .iter()
            .find_map(|k| input.get(*k).and_then(Value::as_str))?
            .to_string(),
    };
    let paths = patch_paths(&text)?;
    if paths.is_empty() {
        return None;
    }
    Some(
        paths
            .iter()
            .map(|p| at.file(ToolRole::Write, "edit_file", p))
            .collect(),
    )
}

/// The patch of a script that is `apply_patch <<'EOF'` ... `EOF` and nothing else.
fn patch_script(script: &str) -> Option<String> {
    let s = script.trim();
    let first = s.split_whitespace().next()?;
    if !is_patch_program(first) {
        return None;
    }
    let end = s.rfind("*** End Patch")?;
    let after = s[end + "*** End Patch".len()..].trim();
    // at most the here-document's closing word
    let plain = after.is_empty()
        || (after.lines().count() == 1
            && after.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    plain.then(|| s.to_string())
}

fn is_patch_program(w: &str) -> bool {
    matches!(w, "apply_patch" | "applypatch")
}

fn is_shell(w: &str) -> bool {
    matches!(
        w.rsplit('/').next().unwrap_or(w),
        "bash" | "sh" | "zsh" | "dash"
    )
}

/// The command line of a shell tool call and its argument vector when it was given as one.
fn shell_command(input: &Value) -> Option<(String, Option<Vec<String>>)> {
    match input.get("command")? {
        Value::String(c) => Some((c.clone(), None)),
        Value::Array(words) if !words.is_empty() => {
            let words: Option<Vec<String>> = words
                .iter()
                .map(|w| w.as_str().map(str::to_string))
                .collect();
            let words = words?;
            let line = words.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" ");
            Some((line, Some(words)))
        }
        _ => None,
    }
}

/// A shell call: judged as the command run from the call's directory (a patch as its writes).
fn bash(input: &Value, at: &Place<'_>) -> Result<Vec<Request>, String> {
    let (c, argv) = shell_command(input).ok_or("the shell call has no `command`")?;
    if let Some(reqs) = patch(input, argv.as_deref(), at) {
        return Ok(reqs);
    }
    if argv.is_none()
        && let Some(text) = patch_script(&c)
        && let Some(reqs) = patch(&serde_json::json!({ "input": text }), None, at)
    {
        return Ok(reqs);
    }
    let c = if at.cwd != at.workspace {
        format!("cd {} && {c}", quote(at.cwd))
    } else {
        c
    };
    Ok(vec![at.shell(&c)])
}

/// The requests a tool call stands for, or why it cannot be judged.
pub fn calls(tool: &str, input: &Value, at: &Place<'_>) -> Result<Call, String> {
    use ToolRole::{Read, Write};
    if DEFER.contains(&tool) {
        return Ok(Call::Defer(
            "the person answers this prompt themselves: no decision is given for them",
        ));
    }
    if let Some((_, why)) = INERT.iter().find(|(names, _)| names.contains(&tool)) {
        return Ok(Call::Inert(why));
    }
    if at.home.is_none() && names_home(input) {
        return Err("a path starts with `~` but HOME is unset".to_string());
    }
    let path = |key: &str| -> Result<String, String> {
        match input.get(key).and_then(Value::as_str) {
            Some(p) if !p.is_empty() => Ok(p.to_string()),
            _ => Err(format!("`{tool}` input has no `{key}`")),
        }
    };
    let reqs = match tool {
        "Bash" | "shell" | "exec_command" | "local_shell" | "container.exec" => bash(input, at)?,
        "apply_patch" => patch(input, None, at).ok_or("`apply_patch` input holds no patch")?,
        "Read" => vec![at.file(Read, "read_file", &path("file_path")?)],
        "NotebookRead" => vec![at.file(Read, "read_file", &path("notebook_path")?)],
        // code intelligence reads the file it is asked about
        "LSP" => vec![at.file(Read, "read_file", &path("filePath")?)],
        "ReadMcpResourceTool" => {
            let uri = input.get("uri").and_then(Value::as_str).unwrap_or("");
            match uri.strip_prefix("file://") {
                Some(p) => vec![at.file(Read, "read_file", p)],
                // data a server the user connected exposes: nothing local is read
                None => {
                    return Ok(Call::Inert(
                        "reads a resource the user's MCP server exposes, not a local file",
                    ));
                }
            }
        }
        "Write" => vec![at.file(Write, "write_file", &path("file_path")?)],
        "Edit" | "MultiEdit" => vec![at.file(Write, "edit_file", &path("file_path")?)],
        "NotebookEdit" => vec![at.file(Write, "edit_file", &path("notebook_path")?)],
        "Glob" => {
            let pattern = path("pattern")?;
            let dir = input.get("path").and_then(Value::as_str);
            vec![glob(&pattern, dir, at)]
        }
        "LS" => vec![at.shell(&format!("ls -- {}", quote(&at.real(&path("path")?))))],
        "Grep" => vec![grep(input, at)],
        "WebFetch" => {
            let url = input.get("url").and_then(Value::as_str).unwrap_or("");
            match url.strip_prefix("file://") {
                Some(p) => vec![at.file(Read, "read_file", p)],
                None => other(tool, input, at),
            }
        }
        _ => other(tool, input, at),
    };
    Ok(Call::Judge(reqs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexical_and_abs() {
        let at = Place {
            workspace: "/w",
            cwd: "/w/src",
            home: Some("/h"),
        };
        assert_eq!(at.abs("../.env"), "/w/.env");
        assert_eq!(at.abs("~/.ssh/id_rsa"), "/h/.ssh/id_rsa");
        assert_eq!(at.abs("/a/./b//c/.."), "/a/b");
        assert_eq!(at.abs("~x"), "/w/src/~x");
    }

    #[test]
    fn a_home_path_without_a_home_cannot_be_judged() {
        let at = Place {
            workspace: "/w",
            cwd: "/w",
            home: None,
        };
        for input in [
            serde_json::json!({"file_path": "~/.ssh/id_rsa"}),
            serde_json::json!({"pattern": "~/.aws/*"}),
            serde_json::json!({"paths": ["src/a", "~"]}),
        ] {
            assert!(calls("Read", &input, &at).is_err(), "{input}");
        }
        let plain = serde_json::json!({"file_path": "/w/~notes.md"});
        assert!(calls("Read", &plain, &at).is_ok());
    }

    #[test]
    fn globs_that_may_climb_are_unbounded() {
        for p in [
            "*/../../.ssh/*",
            "**/../x",
            "{src,/etc}/*",
            "{a,../b}/*",
            "{~,src}/*",
        ] {
            assert!(unbounded(p), "{p}");
        }
        for p in [
            "**/*.rs",
            "../.ssh/*",
            "src/{a,b}.rs",
            "~/.ssh/*",
            "docs/**/*.md",
        ] {
            assert!(!unbounded(p), "{p}");
        }
    }

    #[test]
    fn patches_name_their_files() {
        let p = "*** Begin Patch\n*** Update File: a.rs\n@@\n-x\n+y\n*** Add File: b/c.rs\n+z\n*** Delete File: d\n*** Update File: e\n*** Move to: f\n*** End Patch\n";
        assert_eq!(
            patch_paths(p).unwrap(),
            vec!["a.rs", "b/c.rs", "d", "e", "f"]
        );
        assert!(patch_paths("echo hi").is_none());
    }
}

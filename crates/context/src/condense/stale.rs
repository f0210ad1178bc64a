//! Stale-read elision: a file read that a later read or edit of the same file supersedes is
//! masked like an old observation.

use std::collections::{BTreeMap, HashMap, HashSet};

use loopwright_protocol::message::Role;
use loopwright_protocol::tool::{ToolCall, ToolRole, ToolSpec};
use serde::{Deserialize, Serialize};

use super::{Applied, Item, duplicate};

/// The role of each tool by name, as the caller declares it (its registry, or a trajectory's
/// adapter): the condensers reason about roles, never about tool names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolRoles(BTreeMap<String, ToolRole>);

/// No roles known: every tool is [`ToolRole::Other`] (nothing is judged a file read or edit).
pub static NO_ROLES: ToolRoles = ToolRoles(BTreeMap::new());

impl ToolRoles {
    /// The roles the tool specs declare.
    pub fn of(tools: &[ToolSpec]) -> Self {
        ToolRoles(tools.iter().map(|t| (t.name.clone(), t.role)).collect())
    }

    /// Sets the role of the tool called `name`.
    pub fn insert(&mut self, name: impl Into<String>, role: ToolRole) {
        self.0.insert(name.into(), role);
    }

    /// The role of the tool called `name` ([`ToolRole::Other`] when unknown).
    pub fn get(&self, name: &str) -> ToolRole {
        self.0.get(name).copied().unwrap_or_default()
    }
}

/// Settings of stale-read elision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaleConfig {
    /// Elide on its own once the stale reads add up to this many bytes; smaller amounts wait
    /// for the next masking batch (one prefix change instead of two).
    pub min_bytes: usize,
}

impl Default for StaleConfig {
    fn default() -> Self {
        StaleConfig { min_bytes: 8000 }
    }
}

/// How a tool call touches a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Access {
    /// Shows the file's content.
    Read(String),
    /// Shows part of the file: (path, which part), e.g. a line range.
    ReadPart(String, String),
    /// Changes the file.
    Edit(String),
    /// Makes the file the "current" one for later relative commands (SWE-agent `open`).
    Open(String),
}

fn arg<'a>(c: &'a ToolCall, key: &str) -> Option<&'a str> {
    c.arguments.get(key).and_then(|v| v.as_str())
}

fn quoted(s: &str) -> Option<String> {
    let s = s.trim_start();
    let q = s.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let rest = &s[1..];
    rest.find(q).map(|e| rest[..e].to_string())
}

/// The file access a tool call makes, judged by the tool's role: a read tool shows its `path`
/// (a part of it with `offset` / `limit`; a search with other arguments, a part identified by
/// them); a write tool changes its `path`, unless its `command`
/// is `view` (an editor tool that also shows files, a part with `view_range`); a shell tool's
/// `command` (or `code`) is read for common forms (`cat F`, SWE-agent `open F` / `create F` /
/// `edit`, OpenHands `open_file('F')`).
pub fn file_access(c: &ToolCall, role: ToolRole, current: Option<&str>) -> Option<Access> {
    match role {
        ToolRole::Read => {
            let p = arg(c, "path")?.to_string();
            // A search or listing (any argument besides the line range) shows only part of
            // the path: it goes stale when the path changes, yet supersedes no read of it.
            if let Some(args) = c.arguments.as_object()
                && args.keys().any(|k| !READ_ARGS.contains(&k.as_str()))
            {
                return Some(Access::ReadPart(p, c.arguments.to_string()));
            }
            let part = ["offset", "limit"]
                .iter()
                .map(|k| c.arguments.get(*k).filter(|v| !v.is_null()))
                .collect::<Vec<_>>();
            Some(if part.iter().all(Option::is_none) {
                Access::Read(p)
            } else {
                Access::ReadPart(p, serde_json::json!(part).to_string())
            })
        }
        ToolRole::Write => {
            let p = arg(c, "path")?.to_string();
            match arg(c, "command") {
                Some("view") => Some(match c.arguments.get("view_range") {
                    Some(r) if !r.is_null() => Access::ReadPart(p, r.to_string()),
                    _ => Access::Read(p),
                }),
                _ => Some(Access::Edit(p)),
            }
        }
        ToolRole::Shell => shell_access(c, current),
        ToolRole::Other => None,
    }
}

/// The arguments of a plain file read: the path and which lines or columns to show.
const READ_ARGS: [&str; 4] = ["path", "offset", "limit", "column"];

/// The file access of a shell command, for the common forms [`file_access`] names.
fn shell_access(c: &ToolCall, current: Option<&str>) -> Option<Access> {
    let cmd = arg(c, "command").or_else(|| arg(c, "code"))?.trim();
    let mut words = cmd.split_whitespace();
    let first = words.next()?;
    let second = words.next();
    let simple = !cmd.contains(['|', ';', '&', '>']);
    match first {
        "cat" if simple => second
            .filter(|p| !p.starts_with('-'))
            .map(|p| Access::Read(p.into())),
        "open" => second.map(|p| Access::Open(p.trim_matches('"').into())),
        "create" => second.map(|p| Access::Edit(p.into())),
        "edit" => current.map(|p| Access::Edit(p.into())),
        "str_replace_editor" => {
            let p = words.next()?.to_string();
            match second {
                Some("view") => Some(Access::Read(p)),
                Some(_) => Some(Access::Edit(p)),
                None => None,
            }
        }
        _ => {
            if let Some(rest) = cmd.strip_prefix("open_file(") {
                return quoted(rest).map(Access::Open);
            }
            for f in [
                "edit_file_by_replace(",
                "append_file(",
                "insert_content_at_line(",
                "create_file(",
            ] {
                if let Some(rest) = cmd.strip_prefix(f) {
                    return quoted(rest).map(Access::Edit);
                }
            }
            None
        }
    }
}

/// Results shorter than this are left alone: a stub would not be much shorter.
const STUB_WORTH_BYTES: usize = 200;

/// The ids of stale reads to elide now.
pub(crate) fn propose(
    cfg: &StaleConfig,
    items: &[Item],
    st: &Applied<'_>,
    roles: &ToolRoles,
    batch_due: bool,
) -> Option<Vec<u64>> {
    // Walk the calls in order: remember the reads per file, and mark earlier ones stale when
    // the same file is touched again.
    let mut current: Option<String> = None;
    // Per file: the results that show it, with the part they show (`None`: all of it).
    let mut shown: HashMap<String, Vec<(Option<String>, u64)>> = HashMap::new();
    let mut stale: Vec<u64> = Vec::new();
    let mut result_of: HashMap<&str, u64> = HashMap::new();
    for it in items {
        if it.message.role == Role::Tool
            && let Some(cid) = it.message.tool_call_id.as_deref()
        {
            result_of.insert(cid, it.id);
        }
    }
    for it in items {
        for c in &it.message.tool_calls {
            let Some(access) = file_access(c, roles.get(&c.name), current.as_deref()) else {
                continue;
            };
            let (path, part) = match access {
                Access::Read(p) | Access::Edit(p) => (p, None),
                Access::ReadPart(p, r) => (p, Some(r)),
                Access::Open(p) => {
                    current = Some(p.clone());
                    (p, None)
                }
            };
            let earlier = shown.entry(path).or_default();
            // The whole file (a read, an edit) supersedes every earlier view of it; a part
            // supersedes only an earlier view of the same part.
            earlier.retain(|(p, id)| {
                let superseded = part.is_none() || p == &part;
                if superseded {
                    stale.push(*id);
                }
                !superseded
            });
            // An edit's result usually shows the file after the edit (or why it failed): it
            // goes stale like a read once the file is touched again.
            if let Some(rid) = result_of.get(c.id.as_str()) {
                earlier.push((part, *rid));
            }
        }
    }
    // A read that a later identical read refers to stays: it is the copy the model sees.
    let pinned: HashSet<u64> = duplicate::referents(items, &st.duplicates)
        .into_values()
        .collect();
    let size: HashMap<u64, usize> = items
        .iter()
        .map(|i| (i.id, i.message.content.len()))
        .collect();
    let due: Vec<u64> = stale
        .into_iter()
        .filter(|id| !st.masked.contains(id) && !st.summarised(*id) && !pinned.contains(id))
        .filter(|id| size.get(id).is_some_and(|n| *n >= STUB_WORTH_BYTES))
        .collect();
    let bytes: usize = items
        .iter()
        .filter(|i| due.contains(&i.id))
        .map(|i| i.message.content.len())
        .sum();
    (!due.is_empty() && (batch_due || bytes >= cfg.min_bytes)).then_some(due)
}

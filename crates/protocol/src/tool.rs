//! Tool calls proposed by the model, their results, and tool descriptions.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One tool call proposed by the model in an assistant message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    /// Identifier unique within the session; the result refers to it.
    pub id: String,
    /// Tool name, e.g. `shell`.
    pub name: String,
    /// Arguments as the model sent them (validated against the tool's schema before running).
    #[serde(default)]
    pub arguments: Value,
}

/// How a tool call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolStatus {
    /// The tool ran and succeeded (for `shell`: exit code 0).
    Ok,
    /// The tool ran and failed (non-zero exit, file not found, no unique match...).
    Error,
    /// The permission gate refused the call; nothing ran.
    Denied,
    /// The arguments did not match the tool's schema, or the tool is unknown; nothing ran.
    Invalid,
    /// The tool ran past its time limit and was killed.
    Timeout,
    /// The run stopped (crash, Ctrl+C) before the call completed; it is never retried.
    Interrupted,
}

impl ToolStatus {
    /// True for every status except [`ToolStatus::Ok`].
    pub fn is_failure(self) -> bool {
        self != ToolStatus::Ok
    }

    /// Lower-case name, as in the JSON form.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolStatus::Ok => "ok",
            ToolStatus::Error => "error",
            ToolStatus::Denied => "denied",
            ToolStatus::Invalid => "invalid",
            ToolStatus::Timeout => "timeout",
            ToolStatus::Interrupted => "interrupted",
        }
    }
}

/// The result of one tool call: what the model reads, plus facts for guards and reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolResult {
    /// The [`ToolCall::id`] this result answers.
    pub call_id: String,
    /// Tool name (repeated for readers of the log).
    pub name: String,
    /// How the call ended.
    pub status: ToolStatus,
    /// The observation text the model reads (already capped, compressed, with spill pointer).
    pub content: String,
    /// Process exit code, for `shell`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// Path of the file holding the full, unabridged output, when it was spilled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spill: Option<String>,
    /// Size in bytes of the raw output before any capping.
    #[serde(default)]
    pub raw_bytes: u64,
    /// Wall-clock duration of the call in milliseconds.
    #[serde(default)]
    pub duration_ms: u64,
}

/// What a tool does, as far as the pure crates (condensers, policy) need to know: they reason
/// about roles, never about tool names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolRole {
    /// Reads files or searches them; its result is a view of the workspace that goes stale
    /// when the file changes.
    Read,
    /// Changes files in the workspace.
    Write,
    /// Runs commands.
    Shell,
    /// Anything else (task list, finish, recall, external tools without a known role).
    #[default]
    Other,
}

impl ToolRole {
    /// Every role, in the order of their names in rule files and flags.
    pub const ALL: [ToolRole; 4] = [
        ToolRole::Read,
        ToolRole::Write,
        ToolRole::Shell,
        ToolRole::Other,
    ];

    /// True for [`ToolRole::Other`] (the default, left out of the JSON form).
    pub fn is_other(&self) -> bool {
        *self == ToolRole::Other
    }

    /// The lowercase name (`read`, `write`, `shell`, `other`), as in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolRole::Read => "read",
            ToolRole::Write => "write",
            ToolRole::Shell => "shell",
            ToolRole::Other => "other",
        }
    }

    /// The role named `name` (see [`ToolRole::as_str`]); `None` for any other text.
    pub fn parse(name: &str) -> Option<ToolRole> {
        ToolRole::ALL.into_iter().find(|r| r.as_str() == name)
    }
}

/// A tool as described to the model: name, description and JSON schema of its arguments,
/// and its role for the condensers and the policy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    /// Tool name.
    pub name: String,
    /// What the tool does, for the model.
    pub description: String,
    /// JSON schema of the arguments object.
    pub parameters: Value,
    /// What the tool does, for the pure crates (not sent to the model, not serialized).
    #[serde(skip)]
    pub role: ToolRole,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_serializes_snake_case() {
        let s = serde_json::to_string(&ToolStatus::Interrupted).unwrap();
        assert_eq!(s, "\"interrupted\"");
        assert!(ToolStatus::Denied.is_failure());
        assert!(!ToolStatus::Ok.is_failure());
    }

    #[test]
    fn role_names_round_trip_and_match_json() {
        for r in ToolRole::ALL {
            assert_eq!(ToolRole::parse(r.as_str()), Some(r));
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.as_str()));
        }
        assert_eq!(ToolRole::parse("Read"), None);
        assert_eq!(ToolRole::parse("read_file"), None);
    }
}

//! The roles of a recorded run's tools: a trajectory does not say which of its tools read or
//! edit files, so the shape of each tool's arguments tells.

use std::collections::HashSet;

use loopwright_protocol::tool::{ToolCall, ToolRole};
use serde_json::Value;

use crate::condense::ToolRoles;

/// A recorded tool's role from its arguments: a `command` or `code` string without a `path`
/// runs commands; a `path` with a `command` (an editor: view, create, str_replace ...), with
/// content to write or with text to replace changes files; a `path` alone shows a file.
pub fn role_by_arguments(c: &ToolCall) -> ToolRole {
    let has = |k: &str| c.arguments.get(k).is_some_and(|v| !v.is_null());
    let text = |k: &str| c.arguments.get(k).is_some_and(Value::is_string);
    if text("path") {
        let writes = [
            "command",
            "content",
            "file_text",
            "old_str",
            "new_str",
            "old",
            "new",
            "text",
            "edits",
            "diff",
            "patch",
        ];
        if writes.iter().any(|k| has(k)) {
            ToolRole::Write
        } else {
            ToolRole::Read
        }
    } else if text("command") || text("code") {
        ToolRole::Shell
    } else {
        ToolRole::Other
    }
}

/// The role of every tool the calls name, each judged from its first call.
pub(crate) fn of_calls<'a>(calls: impl Iterator<Item = &'a ToolCall>) -> ToolRoles {
    let mut roles = ToolRoles::default();
    let mut seen = HashSet::new();
    for c in calls {
        if seen.insert(c.name.as_str()) {
            roles.insert(c.name.clone(), role_by_arguments(c));
        }
    }
    roles
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn call(name: &str, arguments: Value) -> ToolCall {
        ToolCall {
            id: "x".into(),
            name: name.into(),
            arguments,
        }
    }

    #[test]
    fn roles_come_from_the_arguments_not_the_name() {
        let shell = call("t1", json!({"command": "ls -la"}));
        let code = call("t2", json!({"code": "print(1)"}));
        let editor = call("t3", json!({"command": "view", "path": "/w/a.py"}));
        let write = call("t4", json!({"path": "a.py", "content": "x"}));
        let read = call("t5", json!({"path": "a.py", "offset": 3}));
        let other = call("t6", json!({"thought": "hm"}));
        assert_eq!(role_by_arguments(&shell), ToolRole::Shell);
        assert_eq!(role_by_arguments(&code), ToolRole::Shell);
        assert_eq!(role_by_arguments(&editor), ToolRole::Write);
        assert_eq!(role_by_arguments(&write), ToolRole::Write);
        assert_eq!(role_by_arguments(&read), ToolRole::Read);
        assert_eq!(role_by_arguments(&other), ToolRole::Other);
        let roles = of_calls([&shell, &read, &call("t1", json!({}))].into_iter());
        assert_eq!(roles.get("t1"), ToolRole::Shell, "the first call decides");
        assert_eq!(roles.get("t5"), ToolRole::Read);
        assert_eq!(roles.get("nope"), ToolRole::Other);
    }
}

//! Shared setup for the integration tests: the policy the corpus is judged under.

#![allow(dead_code, missing_docs, clippy::unwrap_used)]

use loopwright_policy::{Layer, LayerKind, Policy, Request, ToolRole, Verdict};

pub const WORKSPACE: &str = "/work/app";
pub const HOME: &str = "/home/dev";

pub fn policy() -> Policy {
    let user = Layer::parse(
        LayerKind::User,
        "user-gate.toml",
        include_str!("../data/user-gate.toml"),
    )
    .unwrap();
    let project = Layer::parse(
        LayerKind::Project,
        "project-gate.toml",
        include_str!("../data/project-gate.toml"),
    )
    .unwrap();
    Policy::load([Layer::builtin().unwrap(), user, project])
}

/// The policy of issue 14's "new user": the built-in rules plus a project file that denies
/// `git push` and `rm -rf` and allows `ls`, `cat`, `echo`, `git status`, `git diff`, `cargo test`.
pub fn newuser_policy() -> Policy {
    let user = Layer::parse(
        LayerKind::Project,
        "newuser-gate.toml",
        include_str!("../data/newuser-gate.toml"),
    )
    .unwrap();
    Policy::load([Layer::builtin().unwrap(), user])
}

/// The role of a tool the corpus names, as the agent's registry gives it (the policy itself
/// reasons about roles only).
pub fn role_of(tool: &str) -> ToolRole {
    match tool {
        "shell" => ToolRole::Shell,
        "read_file" | "list_files" | "grep" => ToolRole::Read,
        "write_file" | "edit_file" => ToolRole::Write,
        _ => ToolRole::Other,
    }
}

pub fn request(tool: &str, input: &str) -> Request {
    let role = role_of(tool);
    let r = if role == ToolRole::Shell {
        Request::shell(input, WORKSPACE)
    } else if input.is_empty() {
        Request {
            tool: tool.into(),
            role,
            workspace: WORKSPACE.into(),
            ..Request::default()
        }
    } else {
        Request::file(role, tool, input, WORKSPACE)
    };
    r.with_home(HOME)
}

/// `(tool, expected, input)` for every corpus entry.
pub fn corpus() -> Vec<(String, Verdict, String)> {
    let table: toml::Table = toml::from_str(include_str!("../data/corpus.toml")).unwrap();
    let mut out = Vec::new();
    for (tool, entries) in table {
        for e in entries.as_array().unwrap() {
            let pair = e.as_array().unwrap();
            let verdict = match pair[0].as_str().unwrap() {
                "allow" => Verdict::Allow,
                "ask" => Verdict::Ask,
                "deny" => Verdict::Deny,
                other => panic!("bad verdict {other}"),
            };
            out.push((tool.clone(), verdict, pair[1].as_str().unwrap().to_string()));
        }
    }
    out
}

/// The verdict of a shell command under the "new user" rule file, and whether a deny rule may
/// match it (`--yolo` does not run such an ask).
pub fn newuser_check(cmd: &str) -> (Verdict, bool) {
    let d = newuser_policy().check(&Request::shell(cmd, WORKSPACE).with_home(HOME));
    (d.verdict, d.may_deny)
}

/// Asserts every command gets its verdict under the "new user" rule file, listing all that do not.
pub fn expect_newuser(cases: &[(&str, Verdict)]) {
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|(cmd, want)| {
            let (got, _) = newuser_check(cmd);
            (got != *want).then(|| format!("{cmd:?}: want {want}, got {got}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

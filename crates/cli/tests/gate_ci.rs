//! `loop gate check --action` (changeset mode) and `loop gate hook` end to end.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

mod common;
use common::git;

/// loop-gate 1.0.0's README example policy, byte for byte.
const GATE: &str = include_str!("data/loop-gate/readme.yaml");

fn lp(dir: &std::path::Path, home: &std::path::Path) -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("loop"));
    c.current_dir(dir)
        .env("HOME", home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("CLAUDE_PROJECT_DIR");
    c
}

fn code(c: &mut Command) -> i32 {
    c.output().unwrap().status.code().unwrap()
}

#[test]
fn changeset_paths_are_normalised() {
    let d = TempDir::new().unwrap();
    std::fs::write(d.path().join("gate.yaml"), GATE).unwrap();
    let abs = format!("{}/config/.env", d.path().canonicalize().unwrap().display());
    for p in [
        "./.env",
        "config/.env",
        abs.as_str(),
        "docs/../auth/login.ts",
        "../elsewhere",
    ] {
        let mut c = lp(d.path(), d.path());
        c.args(["gate", "check", "--action", "commit", "--paths", p]);
        assert_eq!(code(&mut c), 2, "{p}");
    }
    let mut c = lp(d.path(), d.path());
    c.args([
        "gate",
        "check",
        "--action",
        "commit",
        "--paths",
        "src/a.rs,README.md",
    ]);
    assert_eq!(code(&mut c), 0);
    let mut c = lp(d.path(), d.path());
    c.args([
        "gate",
        "check",
        "--action",
        "auto-merge",
        "--paths",
        "src/a.rs",
        "--json",
    ]);
    let out = c.output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["trigger"], "not-allowlisted");
    assert_eq!(v["allowed"], false);
    assert_eq!(v["matchedPaths"][0], "src/a.rs");
    // a misspelt flag is an error, not a silent default
    let mut c = lp(d.path(), d.path());
    c.args([
        "gate",
        "check",
        "--action",
        "commit",
        "--gatefile",
        "x.yaml",
        "--paths",
        "a",
    ]);
    assert_ne!(code(&mut c), 0);
    let mut c = lp(d.path(), d.path());
    c.args([
        "gate",
        "check",
        "--action",
        "commit",
        "--gate-file",
        "missing.yaml",
        "--paths",
        "a",
    ]);
    assert_eq!(code(&mut c), 1);
}

fn check_git(r: &std::path::Path, base: Option<&str>) -> (i32, Value) {
    let mut c = lp(r, r);
    c.args(["gate", "check", "--action", "auto-merge", "--git"]);
    c.args(base);
    c.arg("--json");
    let out = c.output().unwrap();
    let v = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code().unwrap(), v)
}

/// `--git` without a base on a clean tree judges the commits of a branch since it left the
/// default branch; on the default branch a clean tree is an empty change.
#[test]
fn git_mode_without_base_on_a_clean_tree_judges_the_commits() {
    let d = TempDir::new().unwrap();
    let r = d.path();
    git(r, &["init", "-q", "-b", "main"]);
    std::fs::create_dir_all(r.join("auth")).unwrap();
    std::fs::create_dir_all(r.join("docs")).unwrap();
    std::fs::write(r.join("auth/login.ts"), "export {}\n").unwrap();
    std::fs::write(r.join("docs/a.md"), "a\n").unwrap();
    git(r, &["add", "."]);
    git(r, &["commit", "-qm", "init"]);
    std::fs::write(r.join("gate.yaml"), GATE).unwrap();
    git(r, &["add", "gate.yaml"]);
    git(r, &["commit", "-qm", "policy"]);
    git(r, &["mv", "auth/login.ts", "docs/login.md"]);
    git(r, &["commit", "-qm", "mv"]);
    let (code, v) = check_git(r, None);
    assert_eq!(code, 0, "{v}");
    let (code, v) = check_git(r, Some("HEAD~1"));
    assert_eq!(code, 2, "{v}");
    assert_eq!(
        v["matchedPaths"],
        serde_json::json!(["auth/login.ts"]),
        "{v}"
    );
    // on a branch: every commit since it left main, not only the last one
    git(r, &["checkout", "-q", "-b", "feature", "HEAD~1"]);
    git(r, &["mv", "auth/login.ts", "docs/login.md"]);
    git(r, &["commit", "-qm", "mv on a branch"]);
    std::fs::write(r.join("docs/b.md"), "b\n").unwrap();
    git(r, &["add", "docs/b.md"]);
    git(r, &["commit", "-qm", "docs"]);
    let (code, v) = check_git(r, None);
    assert_eq!(code, 2, "{v}");
    assert_eq!(
        v["matchedPaths"],
        serde_json::json!(["auth/login.ts"]),
        "{v}"
    );
    // an explicit HEAD still means the uncommitted changes only (none here)
    let (code, v) = check_git(r, Some("HEAD"));
    assert_eq!(code, 0, "{v}");
    // a new file makes the tree dirty: then the uncommitted change alone is judged
    std::fs::write(r.join("docs/c.md"), "c\n").unwrap();
    let (code, v) = check_git(r, None);
    assert_eq!(code, 0, "{v}");
}

#[test]
fn git_mode_counts_both_sides_of_a_rename() {
    let d = TempDir::new().unwrap();
    let r = d.path();
    git(r, &["init", "-q"]);
    std::fs::create_dir_all(r.join("auth")).unwrap();
    std::fs::create_dir_all(r.join("src")).unwrap();
    std::fs::write(r.join("auth/login.ts"), "export {}\n").unwrap();
    std::fs::write(r.join("src/notes.ts"), "// notes\n").unwrap();
    std::fs::write(r.join("gate.yaml"), GATE).unwrap();
    git(r, &["add", "."]);
    git(r, &["commit", "-qm", "init"]);
    std::fs::create_dir_all(r.join("docs")).unwrap();
    // the issue's done-when: a rename out of a denied folder escalates (its old path is denied)
    git(r, &["mv", "auth/login.ts", "docs/login.md"]);
    let (code, v) = check_git(r, None);
    assert_eq!(code, 2, "{v}");
    assert_eq!(v["trigger"], "denylist", "{v}");
    assert_eq!(v["matchedPaths"], serde_json::json!(["auth/login.ts"]));
    git(r, &["commit", "-qm", "mv"]);
    // the old side of a rename into docs/ is checked against the allowlist too
    git(r, &["mv", "src/notes.ts", "docs/notes.md"]);
    let (code, v) = check_git(r, Some("HEAD"));
    assert_eq!(code, 2, "{v}");
    assert_eq!(v["trigger"], "not-allowlisted", "{v}");
    assert_eq!(v["matchedPaths"], serde_json::json!(["src/notes.ts"]));
    git(r, &["commit", "-qm", "mv2"]);
    // a name with a space and a non-ASCII name are read whole
    std::fs::write(r.join("docs/a b.md"), "x\n").unwrap();
    std::fs::write(r.join("docs/caf\u{e9}.md"), "x\n").unwrap();
    let (code, v) = check_git(r, Some("HEAD"));
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["trigger"], "ok", "{v}");
}

fn hook(agent: &str, ws: &std::path::Path, payload: &str) -> Value {
    let mut c = lp(ws, ws);
    c.args(["gate", "hook", agent])
        .write_stdin(payload.to_string());
    let out = c.output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn claude_code_hook_decisions() {
    let d = TempDir::new().unwrap();
    let ws = d.path().canonicalize().unwrap();
    let payload = |cmd: &str| {
        serde_json::json!({
            "session_id": "s", "hook_event_name": "PreToolUse", "tool_name": "Bash",
            "tool_input": {"command": cmd}, "cwd": ws,
        })
        .to_string()
    };
    let v = hook("claude-code", &ws, &payload("F=~/.ssh/id_rsa; cat $F"));
    let dec = v["hookSpecificOutput"]["permissionDecision"]
        .as_str()
        .unwrap();
    assert!(dec == "deny" || dec == "ask", "{v}");
    assert_eq!(v["hookSpecificOutput"]["hookEventName"], "PreToolUse");
    let v = hook("claude-code", &ws, &payload("ls src"));
    assert_eq!(
        v["hookSpecificOutput"]["permissionDecision"], "allow",
        "{v}"
    );
    let read = serde_json::json!({"tool_name": "Read", "tool_input": {"file_path": ws.join(".env")}, "cwd": ws}).to_string();
    let v = hook("claude-code", &ws, &read);
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny", "{v}");
    // unparseable input fails closed
    let v = hook("claude-code", &ws, "{not json");
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "ask", "{v}");
}

/// A payload recorded elsewhere names a `cwd` this machine does not have (and no project
/// folder is set): it is judged there, not failed closed.
#[test]
fn a_payload_from_another_machine_is_judged_where_it_says() {
    let d = TempDir::new().unwrap();
    let here = d.path().canonicalize().unwrap();
    for (agent, cwd) in [
        ("claude-code", "/home/someone/project"),
        ("claude-code", "/nonexistent/a/../b/./project"),
        ("codex", "/Users/someone/src/app"),
    ] {
        let payload = |tool: &str, input: Value| {
            serde_json::json!({
                "session_id": "s", "hook_event_name": "PreToolUse", "tool_name": tool,
                "tool_input": input, "cwd": cwd,
            })
            .to_string()
        };
        let decision = |v: &Value| v["hookSpecificOutput"]["permissionDecision"].clone();
        let bash = if agent == "codex" { "shell" } else { "Bash" };
        let cmd = |c: &str| {
            if agent == "codex" {
                serde_json::json!({"command": ["bash", "-lc", c]})
            } else {
                serde_json::json!({"command": c})
            }
        };
        let v = hook(agent, &here, &payload(bash, cmd("ls src")));
        assert_eq!(decision(&v), "allow", "{agent} {cwd}: {v}");
        let v = hook(agent, &here, &payload(bash, cmd("F=~/.ssh/id_rsa; cat $F")));
        assert_eq!(decision(&v), "deny", "{agent} {cwd}: {v}");
        let v = hook(agent, &here, &payload(bash, cmd("ls src && cat .env")));
        assert_eq!(decision(&v), "deny", "{agent} {cwd}: {v}");
        if agent == "claude-code" {
            let env = format!("{cwd}/.env");
            let v = hook(
                agent,
                &here,
                &payload("Read", serde_json::json!({"file_path": env})),
            );
            assert_eq!(decision(&v), "deny", "{cwd}: {v}");
            let v = hook(
                agent,
                &here,
                &payload(
                    "Write",
                    serde_json::json!({"file_path": "/etc/x", "content": "x"}),
                ),
            );
            assert_ne!(decision(&v), "allow", "{cwd}: {v}");
        }
    }
    // a project folder named by the environment must exist
    let mut c = lp(&here, &here);
    c.env("CLAUDE_PROJECT_DIR", "/nonexistent/project")
        .args(["gate", "hook", "claude-code"])
        .write_stdin(r#"{"tool_name":"Bash","tool_input":{"command":"ls"},"cwd":"/tmp"}"#);
    let v: Value = serde_json::from_slice(&c.output().unwrap().stdout).unwrap();
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "ask", "{v}");
}

#[test]
fn codex_hook_decisions() {
    let d = TempDir::new().unwrap();
    let ws = d.path().canonicalize().unwrap();
    let p = |event: &str, cmd: &str| {
        serde_json::json!({
            "session_id": "s", "hook_event_name": event, "tool_name": "Bash", "model": "m",
            "permission_mode": "default", "tool_use_id": "t", "transcript_path": null,
            "tool_input": {"command": cmd}, "cwd": ws,
        })
        .to_string()
    };
    let v = hook("codex", &ws, &p("PreToolUse", "cat .env"));
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny", "{v}");
    assert!(
        v["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .unwrap()
            .contains("secrets")
    );
    let v = hook("codex", &ws, &p("PreToolUse", "ls"));
    assert_eq!(
        v["hookSpecificOutput"]["permissionDecision"], "allow",
        "{v}"
    );
    assert_eq!(v["hookSpecificOutput"]["updatedInput"]["command"], "ls");
    let v = hook("codex", &ws, &p("PreToolUse", "npm install"));
    assert!(v.get("hookSpecificOutput").is_none(), "{v}");
    let v = hook(
        "codex",
        &ws,
        &p("PermissionRequest", "cat ~/.aws/credentials"),
    );
    assert_eq!(
        v["hookSpecificOutput"]["decision"]["behavior"], "deny",
        "{v}"
    );
    let v = hook("codex", &ws, "[]");
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny", "{v}");
    // codex's `shell` tool passes an argument vector: judged word by word, echoed unchanged
    let argv = |words: serde_json::Value| {
        serde_json::json!({
            "hook_event_name": "PreToolUse", "tool_name": "shell",
            "tool_input": {"command": words, "workdir": ws}, "cwd": ws,
        })
        .to_string()
    };
    let v = hook(
        "codex",
        &ws,
        &argv(serde_json::json!(["bash", "-lc", "ls src"])),
    );
    assert_eq!(
        v["hookSpecificOutput"]["permissionDecision"], "allow",
        "{v}"
    );
    assert_eq!(
        v["hookSpecificOutput"]["updatedInput"]["command"],
        serde_json::json!(["bash", "-lc", "ls src"])
    );
    for words in [
        serde_json::json!(["bash", "-lc", "git status && cat .env"]),
        serde_json::json!(["cat", ".env"]),
        serde_json::json!(["bash", "-lc", 7]),
    ] {
        let v = hook("codex", &ws, &argv(words));
        assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny", "{v}");
    }
}

#[test]
fn recursive_reads_see_the_secrets_below() {
    let d = TempDir::new().unwrap();
    let ws = d.path().canonicalize().unwrap();
    std::fs::create_dir_all(ws.join("config/deep")).unwrap();
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::write(ws.join("config/deep/.env"), "API_KEY=x\n").unwrap();
    std::fs::write(ws.join("src/main.rs"), "fn main() {}\n").unwrap();
    std::fs::write(ws.join("src/.env.example"), "API_KEY=\n").unwrap();
    let check = |cmd: &str| code(lp(&ws, &ws).args(["gate", "check", "--command", cmd]));
    // `loop gate check` lists what a recursive reader reads: a secret there is `ask`
    assert_eq!(check("grep -r API_KEY config"), 3);
    assert_eq!(check("rg -n API_KEY config/deep"), 3);
    assert_eq!(check("grep -r API_KEY src"), 0);
    // the workspace root is always `ask`
    assert_eq!(check("grep -r API_KEY ."), 3);
    // the Claude Code hook judges the same (a `Grep` call reads like `rg`)
    let grep = |dir: &str| {
        serde_json::json!({"tool_name": "Grep", "cwd": ws,
            "tool_input": {"pattern": "API_KEY", "path": ws.join(dir)}})
        .to_string()
    };
    let v = hook("claude-code", &ws, &grep("config"));
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "ask", "{v}");
    let v = hook("claude-code", &ws, &grep("src"));
    assert_eq!(
        v["hookSpecificOutput"]["permissionDecision"], "allow",
        "{v}"
    );
}

#[test]
fn find_piped_to_xargs_is_judged_by_the_names_below() {
    let d = TempDir::new().unwrap();
    let ws = d.path().canonicalize().unwrap();
    std::fs::create_dir_all(ws.join("src/pkg")).unwrap();
    std::fs::write(ws.join("src/pkg/a.py"), "import os\n").unwrap();
    std::fs::write(ws.join("README.md"), "# x\n").unwrap();
    let check = |cmd: &str| code(lp(&ws, &ws).args(["gate", "check", "--command", cmd]));
    let cmds = [
        "find . -name '*.py' | xargs grep -l import",
        "find src -type f | grep -v test | head -20 | xargs wc -l",
    ];
    // every name below is plain and no secret lies there: a read like `find -exec grep`
    for cmd in cmds {
        assert_eq!(check(cmd), 0, "{cmd}");
    }
    // a name xargs would split (`src/pkg/x .env.py` gives `grep` the words `src/pkg/x` and
    // `.env.py`): the words are not the names, whatever they are
    std::fs::write(ws.join("src/pkg/x .env.py"), "").unwrap();
    for cmd in cmds {
        assert_eq!(check(cmd), 3, "{cmd}");
    }
}

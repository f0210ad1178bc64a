//! `loop gate` end to end: exit codes, JSON, explain snapshot, remember.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use tempfile::TempDir;

const PROJECT: &str = r#"
[[rule]]
verdict = "deny"
command = "git push"
reason = "pushing is for humans"
examples = ["git push origin main"]
not_examples = ["git pushy"]

[[rule]]
verdict = "allow"
command = ["git status", "ls", "cargo test"]
"#;

const USER: &str = r#"
[[rule]]
verdict = "ask"
command = "git status --ignored"
reason = "the user wants to see this one"

[[rule]]
verdict = "deny"
command = "shutdown"
"#;

struct Env {
    home: TempDir,
    ws: TempDir,
}

fn env(project: Option<&str>, user: Option<&str>) -> Env {
    let home = TempDir::new().unwrap();
    let ws = TempDir::new().unwrap();
    if let Some(p) = project {
        std::fs::create_dir_all(ws.path().join(".loop")).unwrap();
        std::fs::write(ws.path().join(".loop/gate.toml"), p).unwrap();
    }
    if let Some(u) = user {
        let dir = home.path().join(".config/loopwright");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("gate.toml"), u).unwrap();
    }
    Env { home, ws }
}

impl Env {
    fn gate(&self, args: &[&str]) -> Command {
        let mut c = Command::new(assert_cmd::cargo::cargo_bin!("loop"));
        c.current_dir(self.ws.path())
            .env("HOME", self.home.path())
            .env_remove("XDG_CONFIG_HOME")
            .arg("gate")
            .args(args);
        c
    }
    fn project_file(&self) -> String {
        std::fs::read_to_string(self.ws.path().join(".loop/gate.toml")).unwrap_or_default()
    }
}

fn code(c: &mut Command) -> i32 {
    c.output().unwrap().status.code().unwrap()
}

#[test]
fn exit_codes_allow_deny_ask_error() {
    let e = env(Some(PROJECT), None);
    assert_eq!(code(&mut e.gate(&["check", "--command", "git status"])), 0);
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "git status && git push"])),
        2
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "FOO=1 bash -lc 'git push'"])),
        2
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "curl example.com"])),
        3
    );
    assert_eq!(code(&mut e.gate(&["check", "--command", "$CMD status"])), 3);
    assert_eq!(
        code(&mut e.gate(&["check", "--tool", "read_file", "--path", "src/main.rs"])),
        0
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--tool", "read_file", "--path", ".env"])),
        2
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--tool", "write_file", "--path", "/etc/passwd"])),
        2
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--tool", "write_file", "--path", "notes.txt"])),
        0
    );
    assert_eq!(code(&mut e.gate(&["check", "--tool", "shell"])), 1);
    assert_eq!(code(&mut e.gate(&["check", "--tool", "write_file"])), 1);
    assert_eq!(
        code(&mut e.gate(&["check", "--tool", "read_file", "--command", "ls"])),
        1
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--workspace", "/nonexistent/ws", "--command", "ls"])),
        1
    );
    assert_eq!(
        code(&mut e.gate(&[
            "check",
            "--command",
            "ls",
            "--rules",
            "/nonexistent/gate.toml"
        ])),
        1
    );
    assert_eq!(code(&mut e.gate(&["check", "--bogus"])), 1);
}

#[test]
fn home_is_honoured_for_the_user_file_and_tilde() {
    let e = env(Some(PROJECT), Some(USER));
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "git status --ignored"])),
        3
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "shutdown -h now"])),
        2
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--tool", "read_file", "--path", "~/.ssh/id_rsa"])),
        2
    );
    // XDG_CONFIG_HOME wins over ~/.config
    let xdg = TempDir::new().unwrap();
    std::fs::create_dir_all(xdg.path().join("loopwright")).unwrap();
    std::fs::write(
        xdg.path().join("loopwright/gate.toml"),
        "[[rule]]\nverdict = \"deny\"\ncommand = \"ls\"\n",
    )
    .unwrap();
    let mut c = e.gate(&["check", "--command", "ls"]);
    c.env("XDG_CONFIG_HOME", xdg.path());
    assert_eq!(code(&mut c), 2);
}

#[test]
fn symlink_out_of_the_workspace_is_a_write_outside() {
    let e = env(None, None);
    let outside = TempDir::new().unwrap();
    std::os::unix::fs::symlink(outside.path(), e.ws.path().join("link")).unwrap();
    let allow_writes = e.ws.path().join("allow.toml");
    std::fs::write(
        &allow_writes,
        "[[rule]]\nverdict = \"allow\"\ntool = \"write_file\"\nworkspace = \"inside\"\n",
    )
    .unwrap();
    let rules = allow_writes.to_str().unwrap();
    assert_eq!(
        code(&mut e.gate(&[
            "check",
            "--tool",
            "write_file",
            "--path",
            "notes.txt",
            "--rules",
            rules
        ])),
        0
    );
    assert_eq!(
        code(&mut e.gate(&[
            "check",
            "--tool",
            "write_file",
            "--path",
            "link/x",
            "--rules",
            rules
        ])),
        2
    );
}

#[test]
fn json_names_the_rule_and_every_part() {
    let e = env(Some(PROJECT), None);
    let out = e
        .gate(&[
            "check",
            "--json",
            "--command",
            "git status && git push origin",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "deny");
    assert_eq!(v["rule"]["file"], ".loop/gate.toml");
    assert_eq!(v["rule"]["index"], 1);
    assert_eq!(v["rule"]["layer"], "project");
    let parts = v["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0]["verdict"], "allow");
    assert_eq!(parts[0]["text"], "git status");
    assert_eq!(parts[1]["verdict"], "deny");
}

#[test]
fn a_tool_is_judged_in_its_role() {
    let e = env(Some(PROJECT), None);
    let check = |args: &[&str]| code(&mut e.gate(&[&["check"], args].concat()));
    // a built-in tool's role: listing reads, so the built-in read rules apply
    assert_eq!(check(&["--tool", "list_files", "--path", "src"]), 0);
    assert_eq!(check(&["--tool", "edit_file", "--path", "/etc/hosts"]), 2);
    // any other name is `other` unless `--role` says what it does
    assert_eq!(check(&["--tool", "apply_patch", "--path", "src/a.rs"]), 3);
    let patch = ["--tool", "apply_patch", "--role", "write"];
    assert_eq!(check(&[&patch[..], &["--path", "src/a.rs"]].concat()), 0);
    assert_eq!(check(&[&patch[..], &["--path", "/etc/hosts"]].concat()), 2);
    let bash = ["--tool", "Bash", "--role", "shell", "--command"];
    assert_eq!(check(&[&bash[..], &["git status && git push"]].concat()), 2);
    assert_eq!(check(&["--tool", "Bash", "--role", "shell"]), 1);
    assert_eq!(check(&["--role", "writer", "--path", "x"]), 1);
    let out = e
        .gate(&["check", "--json", "--command", "echo hi > out.txt"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let parts: Vec<(&str, &str)> = v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["tool"].as_str().unwrap(), p["role"].as_str().unwrap()))
        .collect();
    assert_eq!(parts, [("shell", "shell"), ("shell", "write")], "{v}");
}

#[test]
fn a_bad_example_is_a_load_error_naming_file_and_rule() {
    let e = env(
        Some(
            "[[rule]]\nverdict = \"deny\"\ncommand = \"git push\"\n\n[[rule]]\nverdict = \"allow\"\ncommand = \"ls\"\nexamples = [\"lsof\"]\n",
        ),
        None,
    );
    let out = e.gate(&["check", "--command", "ls"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(".loop/gate.toml: rule 2: example \"lsof\" does not match the rule"),
        "{err}"
    );
}

#[test]
fn explain_prints_the_merged_chain() {
    let e = env(Some(PROJECT), Some(USER));
    let out = e.gate(&["explain"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("gate_explain", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn remember_adds_an_allow_rule_at_each_scope() {
    let e = env(None, None);
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "cargo test -p x"])),
        3
    );
    assert_eq!(
        code(&mut e.gate(&[
            "remember",
            "--command",
            "cargo test -p x",
            "--scope",
            "prefix"
        ])),
        0
    );
    assert!(
        e.project_file().contains("command = \"cargo test\""),
        "{}",
        e.project_file()
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "cargo test --all"])),
        0
    );
    assert_eq!(code(&mut e.gate(&["check", "--command", "cargo build"])), 3);

    assert_eq!(
        code(&mut e.gate(&["remember", "--command", "npm run lint", "--scope", "exact"])),
        0
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "npm run lint"])),
        0
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "make lint && make deploy"])),
        3
    );

    assert_eq!(
        code(&mut e.gate(&[
            "remember",
            "--command",
            "tsc --noEmit",
            "--scope",
            "program"
        ])),
        0
    );
    assert_eq!(
        code(&mut e.gate(&["check", "--command", "tsc anything"])),
        0
    );
    // again: no duplicate
    let before = e.project_file();
    assert_eq!(
        code(&mut e.gate(&["remember", "--command", "tsc x", "--scope", "program"])),
        0
    );
    assert_eq!(before, e.project_file());
    assert!(
        !e.ws.path().join(".loop").read_dir().unwrap().any(|f| f
            .unwrap()
            .file_name()
            .to_string_lossy()
            .contains("tmp"))
    );
}

#[test]
fn remember_refuses_denied_and_compound_commands() {
    let e = env(Some(PROJECT), None);
    let before = e.project_file();
    let out = e
        .gate(&[
            "remember",
            "--command",
            "git push origin main",
            "--scope",
            "exact",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("denied by .loop/gate.toml rule 1"));
    assert_eq!(
        code(&mut e.gate(&["remember", "--command", "cat .env", "--scope", "program"])),
        2
    );
    assert_eq!(
        code(&mut e.gate(&["remember", "--command", "git status && git push"])),
        1
    );
    assert_eq!(code(&mut e.gate(&["remember", "--command", "eval x"])), 1);
    assert_eq!(
        code(&mut e.gate(&["remember", "--command", "ls", "--scope", "everything"])),
        1
    );
    assert_eq!(before, e.project_file());
    // a remembered allow never lifts a deny
    assert_eq!(
        code(&mut e.gate(&["remember", "--command", "git status", "--scope", "program"])),
        0
    );
    assert_eq!(code(&mut e.gate(&["check", "--command", "git push"])), 2);
    assert_eq!(code(&mut e.gate(&["check", "--command", "git log"])), 0);
}

#[test]
fn help_lists_the_subcommands() {
    let e = env(None, None);
    let out = e.gate(&["--help"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    for s in ["check", "explain", "remember"] {
        assert!(text.contains(s), "{text}");
    }
}

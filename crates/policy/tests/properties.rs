//! Properties: adding to a command never makes its verdict less strict.

mod common;

use loopwright_policy::shell::parses;
use proptest::prelude::*;

fn bases() -> Vec<String> {
    let mut v: Vec<String> = common::corpus()
        .into_iter()
        .filter(|(tool, _, input)| tool == "shell" && !input.contains('#') && !input.contains("<<"))
        .map(|(_, _, input)| input)
        .filter(|c| parses(&format!("{c} && true")) && parses(&format!("FOO=1 {c}")))
        .collect();
    v.sort();
    v.dedup();
    v
}

const PROGRAMS: &[&str] = &[
    "git",
    "ls",
    "cat",
    "rm",
    "echo",
    "cargo",
    "sudo",
    "env",
    "bash -c",
    "sh -c",
    "timeout 5",
    "xargs",
    "nohup",
    "eval",
    "$X",
    "command",
    "FOO=1 git",
];
const ARGS: &[&str] = &[
    "push",
    "status",
    "test",
    ".env",
    "/etc/x",
    "-rf",
    "'a;b'",
    "\"$(git push)\"",
    "`ls`",
    "~/.ssh/id_rsa",
    "src/main.rs",
    "'git push'",
    "\"git status\"",
    "*",
    "--force",
    "..",
    "> out.txt",
    "> /etc/hosts",
    "2>&1",
    "< .env",
];
const JOIN: &[&str] = &[" && ", " || ", "; ", " | ", "\n", " & "];

fn generated() -> impl Strategy<Value = String> {
    let simple = (
        prop::sample::select(PROGRAMS),
        prop::collection::vec(prop::sample::select(ARGS), 0..4),
    )
        .prop_map(|(p, a)| format!("{p} {}", a.join(" ")).trim().to_string());
    prop::collection::vec((simple, prop::sample::select(JOIN)), 1..4).prop_map(|parts| {
        let mut s = String::new();
        for (i, (cmd, j)) in parts.iter().enumerate() {
            if i > 0 {
                s.push_str(j);
            }
            s.push_str(cmd);
        }
        s
    })
}

fn command() -> impl Strategy<Value = String> {
    let bases = bases();
    prop_oneof![prop::sample::select(bases), generated()].prop_filter("parses", |c| {
        parses(&format!("{c} && true")) && !c.contains('#')
    })
}

/// True when `cmd` may change the working directory of what follows it.
fn changes_directory(cmd: &str) -> bool {
    cmd.split(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | '`'))
        .any(|w| matches!(w, "cd" | "pushd" | "popd"))
}

#[test]
fn a_relative_write_after_an_unknown_cd_asks() {
    let policy = common::policy();
    let v = |c: &str| policy.check(&common::request("shell", c)).verdict;
    assert_eq!(v("echo x > ../outside.txt").to_string(), "deny");
    assert_eq!(
        v("cd $X && cat notes.txt && echo x > ../outside.txt").to_string(),
        "ask"
    );
    assert!(changes_directory("cd $X && cat notes.txt"));
    assert!(!changes_directory("echo cdx"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn appending_and_x_is_never_less_strict(cmd in command(), x in command()) {
        let policy = common::policy();
        let v = |c: &str| policy.check(&common::request("shell", c)).verdict;
        let joined = format!("{cmd} && {x}");
        let got = v(&joined);
        prop_assert!(got >= v(&cmd), "{joined:?}: {got} < {} for the command", v(&cmd));
        // X runs where `cmd` left it: after a `cd` to a place not known before it runs, a
        // relative path in X names an unknown place, which asks rather than denies (see
        // `a_relative_write_after_an_unknown_cd_asks`); X alone is judged from the workspace.
        if !changes_directory(&cmd) {
            prop_assert!(got >= v(&x), "{joined:?}: {got} < {} for X", v(&x));
        }
    }

    #[test]
    fn prefixing_an_env_assignment_is_never_less_strict(cmd in command()) {
        prop_assume!(parses(&format!("FOO=1 {cmd}")));
        let policy = common::policy();
        let v = |c: &str| policy.check(&common::request("shell", c)).verdict;
        let prefixed = format!("FOO=1 {cmd}");
        prop_assert!(v(&prefixed) >= v(&cmd), "{prefixed:?}: {} < {}", v(&prefixed), v(&cmd));
    }
}

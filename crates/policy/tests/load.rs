//! Rule files: shape, load errors, layer merging, remember.

#![allow(clippy::unwrap_used)]

use loopwright_policy::{
    Layer, LayerKind, LoadError, Policy, RememberError, Request, Scope, ToolRole, Verdict,
    remember_rule, render_rule,
};

fn layer(kind: LayerKind, file: &str, text: &str) -> Layer {
    Layer::parse(kind, file, text).unwrap()
}

#[test]
fn the_issue_shape_loads_and_checks_its_examples() {
    let text = r#"
[[rule]]
verdict = "deny"                 # allow | deny | ask
tool = "shell"
command = "git push"
path = "**/.env*"
reason = "pushing is for humans"
examples = ["git push origin main .env"]
not_examples = ["git pushy .env", "git push origin main"]
"#;
    let l = layer(LayerKind::Project, "p.toml", text);
    assert_eq!(l.rules.len(), 1);
    assert_eq!(l.rules[0].verdict, Verdict::Deny);
}

#[test]
fn failing_example_names_file_and_rule() {
    let text = "[[rule]]\nverdict = \"allow\"\ncommand = \"ls\"\n\n[[rule]]\nverdict = \"deny\"\ncommand = \"git push\"\nexamples = [\"git pull\"]\n";
    let err = Layer::parse(LayerKind::User, "~/.config/loopwright/gate.toml", text).unwrap_err();
    assert_eq!(
        err,
        LoadError::Example {
            file: "~/.config/loopwright/gate.toml".into(),
            index: 2,
            kind: "example",
            example: "git pull".into(),
            problem: "does not match the rule",
        }
    );
    assert_eq!(
        err.to_string(),
        "~/.config/loopwright/gate.toml: rule 2: example \"git pull\" does not match the rule"
    );
}

#[test]
fn failing_not_example_and_path_examples() {
    let text = "[[rule]]\nverdict = \"deny\"\npath = \"**/*.key\"\nexamples = [\"a/b.key\"]\nnot_examples = [\"x.key\"]\n";
    let err = Layer::parse(LayerKind::Project, "g.toml", text)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "g.toml: rule 1: not_example \"x.key\" matches the rule"
    );
}

#[test]
fn bad_fields_are_errors_naming_the_field() {
    let e = Layer::parse(
        LayerKind::Project,
        "g.toml",
        "[[rule]]\nverdict = \"maybe\"\n",
    )
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("g.toml: ") && e.contains("verdict"), "{e}");
    let e = Layer::parse(
        LayerKind::Project,
        "g.toml",
        "[[rule]]\nverdict = \"deny\"\ncomand = \"x\"\n",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("comand"), "{e}");
    let e = Layer::parse(LayerKind::Project, "g.toml", "[[rule]]\nreason = \"x\"\n")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "g.toml: rule 1: missing field `verdict` (allow | deny | ask)"
    );
    let e = Layer::parse(
        LayerKind::Project,
        "g.toml",
        "[[rule]]\nverdict = \"deny\"\nglob = \"a[\"\n",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("rule 1: field `glob`"), "{e}");
    let e = Layer::parse(LayerKind::Project, "g.toml", "writable_roots = [\"/\"]\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("writable_roots"), "{e}");
    assert!(Layer::parse(LayerKind::User, "u.toml", "writable_roots = [\"/tmp\"]\n").is_ok());
}

#[test]
fn every_deny_precedes_every_allow_whatever_the_layer() {
    let cli = layer(
        LayerKind::Rules,
        "cli.toml",
        "[[rule]]\nverdict = \"allow\"\ncommand = \"git\"\n",
    );
    let user = layer(
        LayerKind::User,
        "user.toml",
        "[[rule]]\nverdict = \"deny\"\ncommand = \"git push\"\n",
    );
    let project = layer(
        LayerKind::Project,
        "p.toml",
        "[[rule]]\nverdict = \"allow\"\ncommand = \"git push\"\n",
    );
    let p = Policy::load([project, Layer::builtin().unwrap(), cli, user]);
    let chain = p.chain();
    let first_non_deny = chain
        .iter()
        .position(|(_, r)| r.verdict != Verdict::Deny)
        .unwrap();
    assert!(
        chain[first_non_deny..]
            .iter()
            .all(|(_, r)| r.verdict != Verdict::Deny)
    );
    assert_eq!(chain[0].0.file, "user.toml");
    let d = p.check(&Request::shell("git push", "/w"));
    assert_eq!(d.verdict, Verdict::Deny);
    assert_eq!(d.rule.unwrap().file, "user.toml");
    assert_eq!(
        p.check(&Request::shell("git log", "/w")).verdict,
        Verdict::Allow
    );
}

#[test]
fn first_match_wins_among_allow_and_ask_by_layer_precedence() {
    let user = layer(
        LayerKind::User,
        "user.toml",
        "[[rule]]\nverdict = \"ask\"\ncommand = \"npm\"\n",
    );
    let project = layer(
        LayerKind::Project,
        "p.toml",
        "[[rule]]\nverdict = \"allow\"\ncommand = \"npm test\"\n",
    );
    let p = Policy::load([project.clone(), user]);
    assert_eq!(
        p.check(&Request::shell("npm test", "/w")).verdict,
        Verdict::Ask
    );
    let p = Policy::load([project]);
    assert_eq!(
        p.check(&Request::shell("npm test", "/w")).verdict,
        Verdict::Allow
    );
    assert_eq!(
        p.check(&Request::shell("npm install", "/w")).verdict,
        Verdict::Ask
    );
}

#[test]
fn resolved_symlink_is_judged_too() {
    let p = Policy::load([Layer::builtin().unwrap()]);
    let mut r = Request::file(ToolRole::Read, "read_file", "link/.x", "/w");
    assert_eq!(p.check(&r).verdict, Verdict::Allow);
    r.resolved_path = Some("/w/.env".into());
    assert_eq!(p.check(&r).verdict, Verdict::Deny);
}

#[test]
fn remember_builds_rules_at_each_scope_and_refuses_denies() {
    let deny = layer(
        LayerKind::Project,
        "p.toml",
        "[[rule]]\nverdict = \"deny\"\ncommand = \"git push\"\n",
    );
    let p = Policy::load([Layer::builtin().unwrap(), deny]);
    let prog = remember_rule(&p, "git status -s", Scope::Program, "/w", None).unwrap();
    assert!(
        render_rule(&prog).contains("command = \"git\""),
        "{}",
        render_rule(&prog)
    );
    let prefix = remember_rule(&p, "npm run build -- --prod", Scope::Prefix, "/w", None).unwrap();
    assert!(render_rule(&prefix).contains("command = \"npm run build\""));
    let exact = remember_rule(&p, "git commit -m 'a b'", Scope::Exact, "/w", None).unwrap();
    let text = render_rule(&exact);
    let reloaded = Layer::parse(LayerKind::Project, "p.toml", &text).unwrap();
    let p2 = Policy::load([reloaded]);
    assert_eq!(
        p2.check(&Request::shell("git commit -m 'a b'", "/w"))
            .verdict,
        Verdict::Allow
    );
    assert_eq!(
        p2.check(&Request::shell("git commit -m 'a c'", "/w"))
            .verdict,
        Verdict::Ask
    );
    assert!(matches!(
        remember_rule(&p, "git push", Scope::Exact, "/w", None),
        Err(RememberError::Denied { index: 1, .. })
    ));
    assert!(matches!(
        remember_rule(&p, "ls && git log", Scope::Program, "/w", None),
        Err(RememberError::NotSimple { count: 2, .. })
    ));
    assert!(matches!(
        remember_rule(&p, "$X y", Scope::Program, "/w", None),
        Err(RememberError::Uncertain { .. })
    ));
    // a wrapper is stripped: the inner command is remembered
    let t = remember_rule(&p, "timeout 5 cargo test", Scope::Prefix, "/w", None).unwrap();
    assert!(render_rule(&t).contains("command = \"cargo test\""));
}

#[test]
fn a_rule_with_no_matcher_is_a_load_error() {
    for text in [
        "[[rule]]\nverdict = \"allow\"\n",
        "[[rule]]\nverdict = \"allow\"\ntool = \"*\"\n",
        "[[rule]]\nverdict = \"deny\"\n",
    ] {
        let e = Layer::parse(LayerKind::Project, "p.toml", text).unwrap_err();
        assert!(
            e.to_string().contains("at least one matcher"),
            "{text}: {e}"
        );
    }
    // a deny for every tool, spelt out, is a valid lock-down
    Layer::parse(
        LayerKind::User,
        "u.toml",
        "[[rule]]\nverdict = \"deny\"\ntool = \"*\"\n",
    )
    .unwrap();
    // `except` needs a `path`
    let e = Layer::parse(
        LayerKind::Project,
        "p.toml",
        "[[rule]]\nverdict = \"deny\"\ncommand = \"x\"\nexcept = \"a\"\n",
    )
    .unwrap_err();
    assert!(e.to_string().contains("`except`"), "{e}");
}

#[test]
fn tool_globs_match_mcp_tool_names() {
    let text = r#"
[[rule]]
verdict = "allow"
tool = "mcp__git__*"
reason = "git server tools are fine"

[[rule]]
verdict = "deny"
tool = ["mcp__fs__write_*", "mcp__fs__move_file"]
"#;
    let policy = Policy::load(vec![layer(LayerKind::Project, "p.toml", text)]);
    let check = |tool: &str| {
        policy
            .check(&Request {
                tool: tool.into(),
                workspace: "/ws".into(),
                ..Request::default()
            })
            .verdict
    };
    assert_eq!(check("mcp__git__git_status"), Verdict::Allow);
    assert_eq!(check("mcp__fs__write_file"), Verdict::Deny);
    assert_eq!(check("mcp__fs__move_file"), Verdict::Deny);
    // not covered by any rule: MCP tools are asked about by default
    assert_eq!(check("mcp__gitx__status"), Verdict::Ask);
    assert_eq!(check("mcp__fs__read_text_file"), Verdict::Ask);
    let bad = Layer::parse(
        LayerKind::Project,
        "p.toml",
        "[[rule]]\nverdict = \"deny\"\ntool = \"mcp__[\"\n",
    )
    .unwrap_err()
    .to_string();
    assert!(bad.contains("`tool`"), "{bad}");
}

#[test]
fn role_rules_load_and_select_on_what_a_call_does() {
    let text = r#"
[[rule]]
verdict = "deny"
role = "write"
path = "vendor/**"
reason = "vendored code is read-only"
examples = ["vendor/lib.rs"]
not_examples = ["src/lib.rs"]

[[rule]]
verdict = "deny"
role = "shell"
command = "make"
examples = ["make all", "cd sub && make"]
not_examples = ["cmake ."]

[[rule]]
verdict = "allow"
tool = "notes"
role = "other"

[[rule]]
verdict = "deny"
tool = "mcp__fs__*"
path = "secrets/**"
examples = ["secrets/a"]
not_examples = ["src/a"]
"#;
    let l = layer(LayerKind::Project, "p.toml", text);
    assert_eq!(l.rules[0].roles(), [ToolRole::Write]);
    let policy = Policy::load([l]);
    let check = |r: &Request| policy.check(r).verdict;
    // the role decides, whatever the tool is called
    let edit = Request::file(ToolRole::Write, "apply_patch", "vendor/x.c", "/w");
    assert_eq!(check(&edit), Verdict::Deny);
    let read = Request::file(ToolRole::Read, "apply_patch", "vendor/x.c", "/w");
    assert_eq!(check(&read), Verdict::Ask);
    // a shell redirection writes: the `write` rule covers it too
    assert_eq!(
        check(&Request::shell("echo x > vendor/x.c", "/w")),
        Verdict::Deny
    );
    let mut bash = Request::shell("make test", "/w");
    bash.tool = "Bash".into();
    assert_eq!(check(&bash), Verdict::Deny);
    // `tool` and `role` together: both must match
    let notes = |role| Request {
        tool: "notes".into(),
        role,
        workspace: "/w".into(),
        ..Request::default()
    };
    assert_eq!(check(&notes(ToolRole::Other)), Verdict::Allow);
    assert_eq!(check(&notes(ToolRole::Write)), Verdict::Ask);

    let err = |t: &str| {
        Layer::parse(LayerKind::Project, "p.toml", t)
            .unwrap_err()
            .to_string()
    };
    let bad = err("[[rule]]\nverdict = \"deny\"\nrole = \"writer\"\n");
    assert!(bad.contains("`role`") && bad.contains("writer"), "{bad}");
    // still: a rule with no matcher is refused, and `role = "*"` is no matcher for an allow
    let none = err("[[rule]]\nverdict = \"allow\"\n");
    assert!(none.contains("at least one matcher"), "{none}");
    let any = err("[[rule]]\nverdict = \"allow\"\nrole = \"*\"\n");
    assert!(any.contains("at least one matcher"), "{any}");
    // an example is judged in the rule's role: for `read`, a path, not a command
    let ex = err(
        "[[rule]]\nverdict = \"deny\"\nrole = \"read\"\npath = \"vendor/**\"\nexamples = [\"cat vendor/a\"]\n",
    );
    assert!(ex.contains("does not match"), "{ex}");
}

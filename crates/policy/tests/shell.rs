//! The shell analyser: which parts a command line is split into.

#![allow(clippy::unwrap_used)]

use loopwright_policy::path::PathContext;
use loopwright_policy::shell::{PartKind, PathArg, analyse};

const CTX: PathContext<'static> = PathContext {
    workspace: "/w",
    home: Some("/home/u"),
    writable_roots: &[],
    listings: &[],
};

/// `kind:text` of every part, with exec parts shown as their literal words.
fn parts(cmd: &str) -> Vec<String> {
    analyse(cmd, &CTX)
        .iter()
        .map(|p| {
            let words: Vec<&str> = p.words.iter().map(|w| w.lit().unwrap_or("?")).collect();
            match p.kind {
                PartKind::Exec | PartKind::Wrapper => {
                    format!("{}:{}", p.kind.as_str(), words.join(" "))
                }
                _ => format!("{}:{}", p.kind.as_str(), p.text),
            }
        })
        .collect()
}

#[test]
fn lists_and_pipelines_split() {
    assert_eq!(
        parts("a && b || c; d | e & f\ng"),
        [
            "exec:a", "exec:b", "exec:c", "exec:d", "exec:e", "exec:f", "exec:g"
        ]
    );
}

#[test]
fn quotes_do_not_split() {
    assert_eq!(parts("echo 'a; b' \"c && d\""), ["exec:echo a; b c && d"]);
}

#[test]
fn wrappers_are_stripped_and_kept_as_wrapper_parts() {
    assert_eq!(
        parts("FOO=1 sudo -u bob env X=2 timeout -s KILL 5 nice -n 3 git push"),
        [
            "wrapper:sudo -u bob env X=2 timeout -s KILL 5 nice -n 3 git push",
            "wrapper:env X=2 timeout -s KILL 5 nice -n 3 git push",
            "wrapper:timeout -s KILL 5 nice -n 3 git push",
            "wrapper:nice -n 3 git push",
            "exec:git push",
        ]
    );
}

#[test]
fn nested_shell_strings_are_parsed() {
    assert_eq!(
        parts("bash -c \"sh -c 'git push'\""),
        [
            "wrapper:bash -c sh -c 'git push'",
            "wrapper:sh -c git push",
            "exec:git push"
        ]
    );
}

#[test]
fn substitutions_run_as_their_own_parts() {
    let p = parts("echo $(a) `b` <(c) \"$(d)\"");
    for x in ["exec:a", "exec:b", "exec:c", "exec:d"] {
        assert!(p.contains(&x.to_string()), "{p:?}");
    }
}

#[test]
fn find_exec_and_xargs() {
    let p = parts("find . -name x -exec rm -f {} \\; | xargs -n1 grep y");
    assert!(p.contains(&"exec:rm -f ?".to_string()), "{p:?}");
    assert!(p.contains(&"exec:find . -name x".to_string()), "{p:?}");
    assert!(p.contains(&"exec:grep y".to_string()), "{p:?}");
    let open = analyse("ls | xargs grep y", &CTX);
    assert!(open.iter().any(|p| p.open_ended));
}

#[test]
fn redirections_become_writes_and_reads() {
    let a = analyse("cmd < in.txt > out.txt 2>&1 2>/dev/null", &CTX);
    let kinds: Vec<_> = a.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, [PartKind::Exec, PartKind::Read, PartKind::Write]);
    match &a[2].paths[0] {
        PathArg::Known(p) => assert_eq!(p.absolute, "/w/out.txt"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn cd_moves_relative_paths() {
    let a = analyse("cd /etc && rm passwd", &CTX);
    let w = a.iter().find(|p| p.kind == PartKind::Write).unwrap();
    assert_eq!(
        w.paths[0],
        PathArg::Known(loopwright_policy::path::NormPath::new("/etc/passwd", None, &CTX).unwrap())
    );
    let a = analyse("(cd /etc); rm passwd", &CTX);
    let w = a.iter().find(|p| p.kind == PartKind::Write).unwrap();
    match &w.paths[0] {
        PathArg::Known(p) => assert_eq!(p.absolute, "/w/passwd"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn uncertain_parts_say_why() {
    for (cmd, why) in [
        ("$X y", "not known"),
        ("eval ls", "eval"),
        ("cat cmds.txt | bash", "input"),
        ("python3 -c 'x'", "inline code"),
        ("ls &&", "parsed"),
        ("LD_PRELOAD=x ls", "LD_PRELOAD"),
    ] {
        let a = analyse(cmd, &CTX);
        assert!(
            a.iter()
                .any(|p| p.uncertain.as_deref().is_some_and(|u| u.contains(why))),
            "{cmd}: {a:?}"
        );
    }
}

#[test]
fn deep_nesting_gives_up_as_opaque() {
    let mut cmd = "git push".to_string();
    for _ in 0..12 {
        cmd = format!("bash -c {}", shell_quote(&cmd));
    }
    let a = analyse(&cmd, &CTX);
    assert!(a.iter().any(|p| p.kind == PartKind::Opaque), "{a:?}");
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[test]
fn a_newline_before_an_escaped_word_ends_the_command() {
    // tree-sitter-bash reads `ls⏎\git push` as one command; bash runs two
    assert_eq!(parts("ls\n\\git push"), ["exec:ls", "exec:git push"]);
    assert_eq!(
        parts("echo a\n\\rm -rf /"),
        ["exec:echo a", "exec:rm -rf /", "write:\\rm -rf /"]
    );
    // a line continuation still joins
    let joined = parts("ls \\\n\\git push");
    assert!(joined.iter().all(|p| p == "exec:ls git push"), "{joined:?}");
    // an escaped backslash before the newline does not continue the line
    let two = parts("echo a\\\\\n\\git push");
    assert!(two.contains(&"exec:git push".to_string()), "{two:?}");
    // a newline inside quotes is text
    assert_eq!(parts("echo 'a\n\\b'"), ["exec:echo a\n\\b"]);
}

/// A rule example the `rules_toml` fuzzer found (`fuzz/regressions/rules_toml/`): unparseable
/// text whose brace expansions are re-read again and again took seconds to analyse, and twice
/// as much text many times longer. The analysis spends a budget of shell text proportional to
/// the command and, past it, leaves an opaque part (never `allow`; `--yolo` does not run it).
#[test]
fn text_whose_expansions_grow_is_read_within_a_budget() {
    let hostile = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fuzz-brace-blowup.txt"
    ))
    .unwrap();
    for cmd in [hostile.clone(), hostile.repeat(2)] {
        let parts = analyse(&cmd, &CTX);
        assert!(
            parts.iter().any(|p| p.kind == PartKind::Opaque
                && p.uncertain.as_deref()
                    == Some("the command expands to too much shell text to analyse")),
            "{} parts, none over the budget",
            parts.len()
        );
    }
    // an ordinary command is far below it
    assert!(
        analyse("git status && cargo test -p x 2>&1 | tail", &CTX)
            .iter()
            .all(|p| p.uncertain.is_none())
    );
}

/// A launcher's option cluster ending in a character of several bytes (`sg -ée CMD`, found by
/// the policy_shell fuzzer) is read by characters, not cut inside one.
#[test]
fn launcher_option_clusters_are_read_by_characters() {
    for cmd in [
        "sg -\u{e9}\u{e9} fn",
        "sg -x\u{fffd} git push",
        "screen -d\u{1f600} x",
    ] {
        let parts = analyse(cmd, &CTX);
        assert!(!parts.is_empty(), "{cmd:?}");
    }
}

/// 75 bytes of `rg` words inside nested brace expansions (found by the policy_shell fuzzer: 1.4 s
/// an analysis in the fuzz build, over 10 s under load) expand to many paths, each judged against
/// every rule; the smaller minimum budget stops it with an opaque part (never `allow`).
#[test]
fn short_text_with_many_brace_expansions_stops_at_the_budget() {
    let hostile = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fuzz-rg-brace-slow.txt"
    ))
    .unwrap();
    let parts = analyse(&hostile, &CTX);
    assert!(
        parts.iter().any(|p| p.kind == PartKind::Opaque
            && p.uncertain.as_deref()
                == Some("the command expands to too much shell text to analyse")),
        "{} parts, none over the budget",
        parts.len()
    );
}

#[test]
fn nul_bytes_are_opaque_and_both_readings_are_judged() {
    // bash drops NUL bytes from a script; an argument vector ends at the first one
    assert_eq!(
        parts("git pu\0sh; ls"),
        [
            "opaque:git pu\0sh; ls",
            "exec:git push",
            "exec:ls",
            "exec:git pu"
        ]
    );
    // a NUL decoded from an ANSI-C string inside a nested shell is handled the same way
    let nested = parts("bash -c $'ls\\x00rm -rf /'");
    assert!(
        nested.iter().any(|p| p.starts_with("opaque:")),
        "{nested:?}"
    );
    assert!(nested.contains(&"exec:ls".to_string()), "{nested:?}");
}

/// Loops inside loops and functions inside functions are walked again for every value and
/// definition; those walks are paid from the analysis budget, so six nested loops of sixteen
/// values (16^6 walks of the innermost body) end in a bounded number of parts, and the
/// innermost `cat` is still judged (with its variable unknowable once the budget is spent).
#[test]
fn nested_loops_and_functions_are_walked_within_the_budget() {
    let values = "a b c d e f g h i j k l m n o p";
    let mut cmd = String::from("cat $f1$f2$f3$f4$f5$f6 .env");
    for i in (1..=6).rev() {
        cmd = format!("for f{i} in {values}; do {cmd}; done");
    }
    let found = analyse(&cmd, &CTX);
    assert!(found.len() < 20_000, "{} parts", found.len());
    assert!(found.iter().any(|p| p.text.contains("cat")));
    let mut nested = String::from("cat .env");
    for i in 0..40 {
        nested = format!("f{i}() {{ {nested}; }}");
    }
    let found = analyse(&nested, &CTX);
    assert!(found.len() < 20_000, "{} parts", found.len());
    assert!(found.iter().any(|p| p.text.contains("cat")));
}

/// A word used where a command was expected (`FOO=1 if ...`, `} git push` in text that does not
/// parse) has every suffix judged as if it ran. A path whose last component is `}` is a
/// program, not the keyword (the policy_shell fuzzer found `x/} y/} z/} ...` re-judging suffixes
/// of suffixes: 233,545 parts for 493 bytes), and suffixes that reach a keyword again after a
/// wrapper (`} sudo } sudo ...`) are paid from the analysis budget.
#[test]
fn words_after_a_misplaced_keyword_are_judged_within_the_budget() {
    let paths = "a/} ".repeat(40);
    let found = analyse(&format!("{paths}git push"), &CTX);
    assert!(found.len() < 200, "{} parts", found.len());
    assert!(
        !found
            .iter()
            .any(|p| p.uncertain.as_deref() == Some("`}` used where a command was expected"))
    );
    let wrapped = format!("{}git push", "} sudo ".repeat(40));
    let found = analyse(&wrapped, &CTX);
    assert!(found.len() < 2_000, "{} parts", found.len());
    assert!(
        found
            .iter()
            .any(|p| p.uncertain.as_deref() == Some("`}` used where a command was expected"))
    );
    // a misplaced keyword still has the command after it judged
    let shown = parts("FOO=1 if git push");
    assert!(shown.contains(&"exec:git push".to_string()), "{shown:?}");
}

//! The harmless commands real agents ran (issue 14, `tests/data/harmless-real.toml`: 2,323
//! plain reads, listings and searches inside the workspace, labelled by `harmless-real.py`
//! from the definition before any verdict was seen; sources in the script's header).
//! Judged under the new user's rules with the complete listings a caller gives (`loop gate
//! check` and the hooks list every directory `Policy::recursive_dirs` names): in a clean
//! workspace each is `allow`; with `.env` at the root each gets its label (`ask` only for a
//! recursive read of the root's files). `tests/data/harmless-real-check.py` runs the same set
//! through the CLI in a workspace on disk. The policy README ("Harmless commands of real
//! agents").

#![allow(clippy::unwrap_used)]

use loopwright_policy::{Listing, Request, Verdict};

mod common;

const WS: &str = "/testbed";

#[derive(serde::Deserialize)]
struct Case {
    class: String,
    env: String,
    command: String,
}

#[derive(serde::Deserialize)]
struct Set {
    case: Vec<Case>,
}

/// A complete listing of `dir` holding plain names, and `.env` files at the workspace root
/// when `env`.
fn listing(dir: &str, env: bool) -> Listing {
    let mut entries: Vec<String> = ["a.py", "sub", "sub/b.py", "README.md"]
        .iter()
        .map(|e| format!("{dir}/{e}"))
        .collect();
    if env && dir == WS {
        entries.extend([format!("{WS}/.env"), format!("{WS}/.env.example")]);
    }
    Listing {
        dir: dir.into(),
        entries,
        complete: true,
    }
}

fn judge(cmd: &str, env: bool) -> Verdict {
    let policy = common::newuser_policy();
    let mut req = Request::shell(cmd, WS).with_home("/root");
    req.listings = policy
        .recursive_dirs(&req)
        .iter()
        .map(|d| listing(d, env))
        .collect();
    policy.check(&req).verdict
}

fn verdict(s: &str) -> Verdict {
    match s {
        "allow" => Verdict::Allow,
        "ask" => Verdict::Ask,
        other => panic!("bad label {other}"),
    }
}

#[test]
fn real_harmless_commands_keep_their_labels() {
    let set: Set = toml::from_str(include_str!("data/harmless-real.toml")).unwrap();
    assert!(set.case.len() >= 2000, "{}", set.case.len());
    let mut wrong = Vec::new();
    for c in &set.case {
        let clean = judge(&c.command, false);
        let env = judge(&c.command, true);
        if clean != Verdict::Allow || env != verdict(&c.env) {
            wrong.push((
                clean,
                env,
                c.env.as_str(),
                c.class.as_str(),
                c.command.as_str(),
            ));
        }
    }
    if std::env::var_os("GATE_HOLDOUT_REPORT").is_some() {
        eprintln!(
            "harmless-real: {}/{} as labelled",
            set.case.len() - wrong.len(),
            set.case.len()
        );
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The one real class found stricter than `allow` (`src/findprint.rs`): `find` with a trailing
/// `-print` (after `-prune -o`) piped to `xargs`, judged like the implicit `-print` and narrowed
/// to the `-name` after the last `-o` (a `.env` at the root is not printed); a `-print`
/// elsewhere, or with no name, still prints every name.
#[test]
fn find_with_a_trailing_print_feeds_xargs_its_names() {
    let cmd = "find . -path ./tests -prune -o -type f -name '*.py' -print | xargs grep -l X";
    assert_eq!(judge(cmd, false), Verdict::Allow);
    assert_eq!(judge(&format!("{cmd} | head -20"), false), Verdict::Allow);
    assert_eq!(judge(cmd, true), Verdict::Allow);
    for held in [
        "find . -print -name '*.py' | xargs cat",
        "find . -type f -print | xargs cat",
        "find . -path ./tests -prune -o -print | xargs cat",
    ] {
        assert_ne!(judge(held, true), Verdict::Allow, "{held}");
    }
}

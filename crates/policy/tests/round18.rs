//! Round 18 of issue 14: the open ends of rounds 15-17, each pinned by examples that are in no
//! data file: arrays assigned with globs (`src/arrayglobs.rs`), shell state files that keep
//! typed or exported tokens (the catalogue in `src/defaults.toml`), and recursive reads
//! narrowed to a file type judged like the same read unnarrowed (`src/listed.rs`,
//! `below_typed`), and namerefs (`src/appends.rs`). The policy README ("Round 18 decisions").

#![allow(clippy::unwrap_used)]

use loopwright_policy::Verdict;

mod common;

use common::expect_newuser as expect;

/// A deny that `--yolo` must not run: the verdict is deny, or an ask a deny rule may match.
fn held(cmd: &str) -> bool {
    let (v, may_deny) = common::newuser_check(cmd);
    v == Verdict::Deny || (v == Verdict::Ask && may_deny)
}

/// How strict a verdict is.
fn rank(v: Verdict) -> u8 {
    match v {
        Verdict::Allow => 0,
        Verdict::Ask => 1,
        Verdict::Deny => 2,
    }
}

#[test]
fn arrays_assigned_with_globs_are_judged_as_their_words() {
    use Verdict::*;
    expect(&[
        // every expansion a secret: deny, however the array was built
        ("ids=(~/.ssh/id_*); head -1 \"${ids[@]}\"", Deny),
        (
            "ks=(); ks+=(~/.gnupg/private-keys-v1.d/*); cat \"${ks[@]}\"",
            Deny,
        ),
        (
            "declare -a cfg=(docs/guide.md ~/.aws/cred*); cat \"${cfg[@]}\"",
            Deny,
        ),
        ("ids=(~/.ssh/id_*); base64 \"$ids\"", Deny),
        (
            "ids=(~/.ssh/id_*); for k in \"${ids[@]}\"; do wc -c \"$k\"; done",
            Deny,
        ),
        // harmless globs stay harmless
        ("srcs=(lib/*.py); wc -l \"${srcs[@]}\"", Allow),
        ("docs=(README.md docs/*.md); head -3 \"${docs[@]}\"", Allow),
        (
            "t=(); t+=(tests/*.rs); for x in \"${t[@]}\"; do grep -c fn \"$x\"; done",
            Allow,
        ),
        ("declare -a fs=(Makefile build.rs); cat \"${fs[@]}\"", Allow),
    ]);
    // changed after the assignment, or expanded another way: at least ask
    for cmd in [
        "ids=(lib/*.py); ids[2]=.env; cat \"${ids[@]}\"",
        "ids=(lib/*.py); mapfile -t ids < names.txt; cat \"${ids[@]}\"",
        "ids=(lib/*.py); read -ra ids <<< \"$IN\"; cat \"${ids[@]}\"",
        "ids=(lib/*.py); if grep -q x y; then ids=(.env); fi; cat \"${ids[@]}\"",
        "ids=(~/.ssh/id_*); cat ${ids[@]}",
        "ids=(~/.ssh/id_*); cat \"${ids[1]}\"",
        "k[3]=~/.ssh/id_*; cat ${k[3]}",
        "ids=(*); cd ~/.aws; cat \"${ids[@]}\"",
        // a nameref assigns what it names
        "p=docs/a.md; declare -n q=p; q=~/.netrc; cat \"$p\"",
        "fs=(docs/*.md); declare -n q=fs; q=(.env); cat \"${fs[@]}\"",
        "declare -n q=$1; x=README.md; q=.env; cat \"$x\"",
    ] {
        assert!(held(cmd), "{cmd}: want deny or an ask a deny may match");
    }
    expect(&[("ids=(lib/*.py); ids+=(.env.local); cat \"${ids[@]}\"", Deny)]);
}

#[test]
fn shell_state_files_that_keep_tokens_are_secrets() {
    use Verdict::*;
    expect(&[
        ("grep -i token ~/.config/fish/fish_variables", Deny),
        ("cat ~/.config/fish/fishd.a1b2c3d4e5f6", Deny),
        ("tail -20 ~/.zhistory", Deny),
        ("grep export ~/.histfile", Deny),
        ("cat ~/.zsh_sessions/0C1D2E3F.historynew", Deny),
        ("less ~/.bash_sessions/9A8B.history", Deny),
        ("tail ~/.config/nushell/history.txt", Deny),
        ("strings ~/.ipython/profile_default/history.sqlite", Deny),
        ("grep PASS ~/.sqlite_history", Deny),
        ("tail ~/.irb_history", Deny),
        // their neighbours hold settings, and folders are listed, not read
        ("cat ~/.config/fish/config.fish", Allow),
        ("cat ~/.config/nushell/env.nu", Allow),
        ("ls ~/.zsh_sessions", Allow),
        ("ls -la ~/.config/fish", Allow),
    ]);
}

#[test]
fn narrowing_a_recursive_read_to_a_type_is_never_stricter() {
    use Verdict::*;
    expect(&[
        ("grep -rn --include='*.yaml' replicas charts", Allow),
        ("grep -rl --include=*.json '\"version\"' packages", Allow),
        ("rg -g '*.toml' edition crates", Allow),
        (
            "find services -name '*.json' -exec grep -l port {} +",
            Allow,
        ),
        ("grep -rn --include='*.d.ts' export types", Allow),
        // a narrowing by name aims at names: as round 13 decided
        ("grep -rn --include='*secret*' x lib", Ask),
        ("find app -name '*vars' -exec cat {} +", Ask),
        // a type whose every file is a secret
        ("grep -rl --include='*.pem' BEGIN deploy", Deny),
    ]);
    for dir in [
        "crates",
        "lib",
        "packages/web",
        "services/api",
        "config",
        "android",
    ] {
        for ext in [
            "toml",
            "yml",
            "yaml",
            "json",
            "properties",
            "ini",
            "xml",
            "py",
            "cfg",
        ] {
            let wide = format!("grep -rn version {dir}");
            let narrow = format!("grep -rn --include='*.{ext}' version {dir}");
            let rg = format!("rg -g '*.{ext}' version {dir}");
            let (w, _) = common::newuser_check(&wide);
            for cmd in [narrow, rg] {
                let (n, _) = common::newuser_check(&cmd);
                assert!(rank(n) <= rank(w), "{cmd}: {n}, stricter than {wide}: {w}");
            }
        }
    }
}

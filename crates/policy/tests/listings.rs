//! Recursive readers over a workspace subdirectory or the root: the caller lists what lies
//! below (`Policy::recursive_dirs` → `Request::listings`), and a secret there makes the read
//! `ask`; links among path arguments are resolved by the caller (`Policy::lookups` →
//! `Request::resolved_args`).

#![allow(clippy::unwrap_used)]

use loopwright_policy::{Listing, Policy, Request, Verdict};

mod common;

fn policy() -> Policy {
    common::newuser_policy()
}

fn check(cmd: &str, listings: Vec<Listing>) -> (Verdict, bool) {
    let mut req = Request::shell(cmd, "/work/app").with_home("/home/dev");
    req.listings = listings;
    let d = policy().check(&req);
    (d.verdict, d.may_deny)
}

fn listing(dir: &str, entries: &[&str], complete: bool) -> Listing {
    Listing {
        dir: dir.into(),
        entries: entries.iter().map(|e| e.to_string()).collect(),
        complete,
    }
}

#[test]
fn the_policy_names_the_subdirectories_to_list() {
    let p = policy();
    let dirs = |c: &str| p.recursive_dirs(&Request::shell(c, "/work/app").with_home("/home/dev"));
    assert_eq!(dirs("grep -r KEY src"), vec!["/work/app/src"]);
    assert_eq!(
        dirs("rg x src tests && tar cf ../a.tar docs"),
        vec!["/work/app/src", "/work/app/tests", "/work/app/docs"]
    );
    assert_eq!(dirs("cd sub && grep -R x lib"), vec!["/work/app/sub/lib"]);
    // the root is named too (a clean listing of it allows); home and outside are always at
    // most ask; plain reads list nothing
    assert_eq!(dirs("grep -r x ."), vec!["/work/app"]);
    assert!(dirs("grep -r x ~ /etc").is_empty());
    assert!(dirs("cat src/a.rs").is_empty());
}

#[test]
fn a_secret_below_makes_a_recursive_read_ask() {
    let secret = listing(
        "/work/app/config",
        &["/work/app/config/a.toml", "/work/app/config/.env"],
        true,
    );
    for cmd in [
        "grep -r API_KEY config",
        "rg -n token config",
        "tar czf x.tgz config",
        "cp -r config out",
    ] {
        let (v, may_deny) = check(cmd, vec![secret.clone()]);
        assert_eq!(v, Verdict::Ask, "{cmd}");
        assert!(may_deny, "--yolo must not run {cmd}");
    }
    // a listing of a directory above covers the subdirectory
    let above = listing("/work/app", &["/work/app/config/deploy/id_ed25519"], true);
    assert_eq!(
        check("grep -r x config/deploy", vec![above]).0,
        Verdict::Ask
    );
    // a symbolic link's target is listed too
    let link = listing(
        "/work/app/docs",
        &["/work/app/docs/creds", "/home/dev/.aws/credentials"],
        true,
    );
    assert_eq!(check("grep -R x docs", vec![link]).0, Verdict::Ask);
}

#[test]
fn a_clean_or_unlisted_subdirectory_stays_allowed() {
    let clean = listing(
        "/work/app/src",
        &["/work/app/src/main.rs", "/work/app/src/.env.example"],
        true,
    );
    assert_eq!(check("grep -rn API_KEY src", vec![clean]).0, Verdict::Allow);
    assert_eq!(check("grep -rn API_KEY src", Vec::new()).0, Verdict::Allow);
    // a walk that stopped at its limit proves nothing
    let partial = listing("/work/app/src", &["/work/app/src/main.rs"], false);
    assert_eq!(check("grep -rn API_KEY src", vec![partial]).0, Verdict::Ask);
    // the root: ask unless a complete listing of it holds no secret
    let root = listing("/work/app", &["/work/app/README.md"], true);
    assert_eq!(check("grep -r x .", vec![root.clone()]).0, Verdict::Allow);
    assert_eq!(check("rg x", vec![root]).0, Verdict::Allow);
    assert_eq!(check("grep -r x .", Vec::new()).0, Verdict::Ask);
    let partial = listing("/work/app", &["/work/app/README.md"], false);
    assert_eq!(check("grep -r x .", vec![partial]).0, Verdict::Ask);
    let secret = listing("/work/app", &["/work/app/a/.env"], true);
    let (v, may_deny) = check("rg x .", vec![secret]);
    assert_eq!(v, Verdict::Ask);
    assert!(may_deny);
    // a path that is a link is judged as its target too
    let mut req = Request::shell("cat notes/key", "/work/app").with_home("/home/dev");
    assert_eq!(policy().check(&req).verdict, Verdict::Allow);
    assert_eq!(
        policy().lookups(&req).paths,
        vec!["/work/app/notes/key".to_string()]
    );
    req.resolved_args = vec![("/work/app/notes/key".into(), "/home/dev/.ssh/id_rsa".into())];
    assert_eq!(policy().check(&req).verdict, Verdict::Deny);
}

#[test]
fn rg_globs_and_types_narrow_what_it_reads() {
    let secret = || {
        vec![listing(
            "/work/app",
            &["/work/app/src/main.rs", "/work/app/config/.env"],
            true,
        )]
    };
    for cmd in [
        "rg -g '*.rs' KEY",
        "rg -t rust KEY",
        "rg -g 'src/**/*.rs' KEY .",
    ] {
        assert_eq!(check(cmd, secret()).0, Verdict::Allow, "{cmd}");
    }
    for cmd in ["rg KEY", "rg -g '!*.md' KEY .", "rg -t nosuchtype KEY ."] {
        assert_eq!(check(cmd, secret()).0, Verdict::Ask, "{cmd}");
    }
    assert_eq!(check("rg -g '**/.env' KEY .", secret()).0, Verdict::Deny);
}

//! `find ROOT … | xargs CMD` without `-print0`/`-0` (and through `grep -v`, `head`, `sort`
//! between them): xargs splits names at blanks, so CMD's words are find's names only when the
//! caller's complete listing of ROOT has no name with a blank, quote or backslash. Then the
//! form is judged like `find ROOT … -exec CMD {} +`; otherwise it stays `ask` (may deny).

#![allow(clippy::unwrap_used)]

use loopwright_policy::{Listing, Request, Verdict};

mod common;

fn check(cmd: &str, listings: &[Listing]) -> (Verdict, bool) {
    let mut req = Request::shell(cmd, "/work/app").with_home("/home/dev");
    req.listings = listings.to_vec();
    let d = common::newuser_policy().check(&req);
    (d.verdict, d.may_deny)
}

fn listing(dir: &str, entries: &[&str]) -> Listing {
    Listing {
        dir: dir.into(),
        entries: entries.iter().map(|e| format!("{dir}/{e}")).collect(),
        complete: true,
    }
}

const READS: [&str; 8] = [
    "find . -name '*.py' | xargs grep -l FILE_UPLOAD",
    "find . -type f -name \"*.py\" | xargs grep -n 'def delete' | head -10",
    "find src -name '*.rs' | xargs wc -l",
    "find src -type f | xargs grep -c TODO",
    "find . -name '*.py' -path '*/tests/*' | grep -v migrations | xargs grep -l Serializer",
    "find . -name '*.py' | sort | head -20 | xargs cat",
    "find . -name '*.md' | xargs -n 1 grep -H title",
    "cd src && find . -name '*.rs' | xargs grep -l fn",
];

#[test]
fn plain_names_below_a_clean_root_are_read_like_find_exec() {
    let root = listing(
        "/work/app",
        &["src", "src/a.rs", "src/b.py", "tests/t.py", "README.md"],
    );
    let src = listing("/work/app/src", &["a.rs", "b.py"]);
    for cmd in READS {
        assert_eq!(
            check(cmd, &[root.clone(), src.clone()]),
            (Verdict::Allow, false),
            "{cmd}"
        );
    }
}

#[test]
fn a_name_with_a_blank_or_quote_keeps_it_ask() {
    for odd in [
        "src/.env x.py",
        "src/a'b.py",
        "src/back\\slash.rs",
        "src/tab\tname.rs",
        "src/new\nline.py",
    ] {
        let root = listing("/work/app", &["src", "src/a.rs", odd]);
        let src = Listing {
            dir: "/work/app/src".into(),
            entries: vec!["/work/app/src/a.rs".into(), format!("/work/app/{odd}")],
            complete: true,
        };
        for cmd in READS {
            assert_eq!(
                check(cmd, &[root.clone(), src.clone()]),
                (Verdict::Ask, true),
                "{cmd} with {odd:?}"
            );
        }
    }
}

#[test]
fn without_a_complete_listing_or_with_a_secret_it_stays_ask() {
    for cmd in READS {
        assert_eq!(check(cmd, &[]), (Verdict::Ask, true), "{cmd} unlisted");
        let partial = Listing {
            complete: false,
            ..listing("/work/app", &["src/a.rs"])
        };
        assert_eq!(
            check(cmd, &[partial]).0,
            Verdict::Ask,
            "{cmd} partly listed"
        );
    }
    // every file below the root is read: a secret there is one of them
    let secret = listing("/work/app", &["src/a.rs", "src/.env", "config/.env"]);
    let src = listing("/work/app/src", &["a.rs", ".env"]);
    for cmd in [
        "find src -type f | xargs grep -c TODO",
        "find . | xargs cat",
    ] {
        assert_ne!(
            check(cmd, &[secret.clone(), src.clone()]).0,
            Verdict::Allow,
            "{cmd}"
        );
    }
}

#[test]
fn what_xargs_runs_is_still_judged() {
    let root = listing("/work/app", &["src/a.rs"]);
    let listings = [root];
    // what the policy holds of CMD over the names (a delete asks; `sed -i` inside the
    // workspace is allowed like `find -exec sed -i`), and lines changed on the way are not names
    for cmd in [
        "find . -name '*.rs' | xargs rm",
        "find . -name '*.rs' | xargs -I{} sh -c 'cat {}'",
        "find . -name '*.rs' | xargs git add",
        "find . -name '*.rs' | cut -c3- | xargs cat",
        "find . -name '*.rs' | sed s/rs/env/ | xargs cat",
    ] {
        assert_ne!(check(cmd, &listings).0, Verdict::Allow, "{cmd}");
    }
    // outside the workspace nothing is listed: at most ask
    assert_ne!(
        check("find ~ -name '*.pem' | xargs cat", &listings).0,
        Verdict::Allow
    );
    assert_ne!(
        check("find / -name '*.conf' | xargs grep pass", &listings).0,
        Verdict::Allow
    );
}

//! `path::normalise` builds its result in one string; this checks it against the plain
//! join-then-split definition it replaced (the definition below, verbatim), on paths made
//! of the segments that matter (`.`, `..`, empty, `~`, names).

#![allow(missing_docs, clippy::unwrap_used)]

use loopwright_policy::path::normalise;
use proptest::prelude::*;

/// The definition: join, split on `/`, drop `.` and empty segments, pop on `..`.
fn reference(path: &str, cwd: Option<&str>, home: Option<&str>) -> Option<String> {
    let joined = if path == "~" || path.starts_with("~/") {
        let home = home?;
        format!("{home}{}", &path[1..])
    } else if path.starts_with('~') {
        return None;
    } else if path.starts_with('/') {
        path.to_string()
    } else {
        format!("{}/{path}", cwd?)
    };
    let mut parts: Vec<&str> = Vec::new();
    for seg in joined.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    Some(format!("/{}", parts.join("/")))
}

fn path_text() -> impl Strategy<Value = String> {
    let seg = prop_oneof![
        Just(String::new()),
        Just(".".to_string()),
        Just("..".to_string()),
        Just("~".to_string()),
        Just("~u".to_string()),
        "[a-z.*]{1,4}",
    ];
    prop::collection::vec(seg, 0..7).prop_map(|s| s.join("/"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]
    #[test]
    fn normalise_is_the_join_split_definition(
        path in path_text(),
        cwd in prop::option::of(path_text()),
        home in prop::option::of(path_text()),
    ) {
        prop_assert_eq!(
            normalise(&path, cwd.as_deref(), home.as_deref()),
            reference(&path, cwd.as_deref(), home.as_deref())
        );
    }
}

#[test]
fn normalise_edges() {
    for (p, cwd, home) in [
        ("~", None, Some("/home/u")),
        ("~/", None, Some("/home/u/")),
        ("~/../..", None, Some("/home/u")),
        ("..", Some("/"), None),
        ("a/../../b", Some("/w"), None),
        ("", Some("/w"), None),
        ("/", None, None),
        ("x", None, None),
        ("~x", Some("/w"), Some("/h")),
        ("~", None, Some("")),
        ("~", None, Some("rel")),
    ] {
        assert_eq!(
            normalise(p, cwd, home),
            reference(p, cwd, home),
            "{p:?} {cwd:?} {home:?}"
        );
    }
}

//! Wildcard arguments of a command (`src/*.rs`, `~/.ssh/id_*`) as globs. Rules try an argument
//! against many sample paths, and almost every argument uses only `*`, `?` and whole-component
//! `**`: those are matched component by component with no regex to build (an argument is seen
//! once, so a compiled automaton would be built, used a few times and dropped). Anything else
//! (classes, braces, escapes) is compiled by globset, with the same options as rule globs.

use globset::GlobMatcher;

/// An argument glob, matched with globset's semantics for `literal_separator` path globs.
#[derive(Debug, Clone)]
pub(crate) enum ArgGlob {
    /// Only literal characters, `*`, `?` and whole-component `**`: matched directly.
    Simple(Vec<String>),
    /// Any other valid glob, compiled.
    Compiled(GlobMatcher),
}

impl ArgGlob {
    /// `text` as a glob; `None` when it is not a valid one. `compile` builds a matcher for the
    /// globs the direct matcher does not handle.
    pub(crate) fn new(
        text: &str,
        compile: impl FnOnce(&str) -> Option<GlobMatcher>,
    ) -> Option<ArgGlob> {
        // an empty component other than the root's (`a//b`, `a/`) is left to globset too
        let odd_slashes = text.contains("//") || (text.len() > 1 && text.ends_with('/'));
        if odd_slashes || text.contains(['[', ']', '{', '}', '\\']) {
            return compile(text).map(ArgGlob::Compiled);
        }
        // `**` inside a component (`a**`) is `*` there
        Some(ArgGlob::Simple(
            text.split('/').map(str::to_string).collect(),
        ))
    }

    /// Whether `path` matches.
    pub(crate) fn is_match(&self, path: &str) -> bool {
        match self {
            ArgGlob::Compiled(g) => g.is_match(path),
            // one component other than `**` takes a path of one component
            ArgGlob::Simple(comps) if comps.len() == 1 && comps[0] != "**" => {
                !path.contains('/') && component_matches(&comps[0], path)
            }
            ArgGlob::Simple(comps) => {
                let parts: Vec<&str> = path.split('/').collect();
                match_components(comps, &parts)
            }
        }
    }
}

/// Pattern components against path components: `**` takes zero or more components (one or
/// more when it ends a pattern of several components: `a/**` names what is below `a`, not `a`).
fn match_components(pat: &[String], path: &[&str]) -> bool {
    let (np, nc) = (pat.len(), path.len());
    // reach[j]: the first i pattern components can take the first j path components
    let mut reach = vec![false; nc + 1];
    reach[0] = true;
    for (i, comp) in pat.iter().enumerate() {
        let mut next = vec![false; nc + 1];
        if comp == "**" {
            let at_least_one = i + 1 == np && np > 1;
            let mut open = false;
            for j in 0..=nc {
                if open {
                    next[j] = true;
                }
                if reach[j] {
                    open = true;
                    if !at_least_one {
                        next[j] = true;
                    }
                }
            }
        } else {
            for j in 0..nc {
                if reach[j] && component_matches(comp, path[j]) {
                    next[j + 1] = true;
                }
            }
        }
        reach = next;
    }
    reach[nc]
}

/// `*` (any run of bytes) and `?` (one byte, as globset's byte-oriented automata take it) in one
/// component, iteratively with one backtrack point.
pub(crate) fn component_matches(pat: &str, name: &str) -> bool {
    let (p, t) = (pat.as_bytes(), name.as_bytes());
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < t.len() {
        match p.get(i) {
            Some(b'*') => {
                star = Some((i, j));
                i += 1;
            }
            Some(&c) if c == b'?' || c == t[j] => {
                i += 1;
                j += 1;
            }
            _ => match star {
                Some((si, sj)) => {
                    i = si + 1;
                    j = sj + 1;
                    star = Some((si, sj + 1));
                }
                None => return false,
            },
        }
    }
    p[i..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn both(text: &str) -> (Option<ArgGlob>, Option<GlobMatcher>) {
        let reference = crate::rule::path_glob(text).ok();
        (
            ArgGlob::new(text, |t| crate::rule::path_glob(t).ok()),
            reference,
        )
    }

    /// Named cases: every `**` position, a leading dot, characters of several bytes.
    #[test]
    fn simple_globs_match_as_globset_does() {
        let globs = [
            "/w/src/*.rs",
            "/home/u/.ssh/id_*",
            "/w/**/x",
            "**/.env*",
            "/w/a/**",
            "**",
            "/w/?é",
            "/w/*/*.toml",
            "/w/a**",
            "/w/**x/y",
            "/w/[ab].env",
            "/w/{a,b}/c",
        ];
        let paths = [
            "/w/src/a.rs",
            "/w/src/x/a.rs",
            "/home/u/.ssh/id_rsa",
            "/w/x",
            "/w/q/r/x",
            "/w//x",
            ".env",
            "/w/.env.local",
            "/w/a",
            "/w/a/",
            "/w/a/b/c",
            "/w/xé",
            "/w/é",
            "/w/c/Cargo.toml",
            "/w/a.env",
            "/w/b/c",
            "",
        ];
        for g in globs {
            let (ours, reference) = both(g);
            assert_eq!(ours.is_some(), reference.is_some(), "validity of {g}");
            let (Some(ours), Some(reference)) = (ours, reference) else {
                continue;
            };
            for p in paths {
                assert_eq!(ours.is_match(p), reference.is_match(p), "{g} against {p:?}");
            }
        }
    }

    proptest! {
        /// On globs and paths made of the characters that decide (`*`, `?`, `/`, `.`, letters,
        /// a character of two bytes), the direct matcher answers exactly as globset.
        #[test]
        fn the_direct_matcher_agrees_with_globset(
            glob in "[ab/.*?é]{0,10}",
            paths in proptest::collection::vec("[ab/.é]{0,10}", 1..8),
        ) {
            let (ours, reference) = both(&glob);
            prop_assert_eq!(ours.is_some(), reference.is_some(), "validity of {}", glob);
            if let (Some(ours), Some(reference)) = (ours, reference) {
                for p in &paths {
                    prop_assert_eq!(ours.is_match(p), reference.is_match(p), "{} against {:?}", glob, p);
                }
            }
        }

        /// Below a directory with no glob syntax, a pattern takes `DIR/NAME` exactly when its
        /// last component takes `NAME` (what the wildcard check of rules relies on).
        #[test]
        fn below_a_plain_directory_the_last_component_decides(
            dir in "(/[ab.]{0,3}){0,3}",
            last in "[ab.*?]{0,4}|\\*\\*|\\[ab\\]\\*",
            names in proptest::collection::vec("[ab.]{0,4}", 1..8),
        ) {
            let whole = crate::rule::path_glob(&format!("{dir}/{last}")).ok();
            let own = ArgGlob::new(&last, |t| crate::rule::path_glob(t).ok());
            if let (Some(whole), Some(own)) = (whole, own) {
                for n in &names {
                    prop_assert_eq!(whole.is_match(format!("{dir}/{n}")), own.is_match(n), "{}/{} against {}", dir, last, n);
                }
            }
        }

        /// The same on globs built component by component (`**` whole, absolute or not), the
        /// shapes of real arguments, against paths of as many components or more.
        #[test]
        fn component_globs_agree_with_globset(
            rooted in any::<bool>(),
            comps in proptest::collection::vec("[ab.*?]{1,3}|\\*\\*", 1..5),
            paths in proptest::collection::vec(proptest::collection::vec("[ab.]{0,3}", 0..7), 1..8),
        ) {
            let glob = format!("{}{}", if rooted { "/" } else { "" }, comps.join("/"));
            let (ours, reference) = both(&glob);
            prop_assert!(matches!(ours, Some(ArgGlob::Simple(_))), "{} is simple", glob);
            if let (Some(ours), Some(reference)) = (ours, reference) {
                for p in paths.iter().map(|p| p.join("/")) {
                    prop_assert_eq!(ours.is_match(&p), reference.is_match(&p), "{} against {:?}", glob, p);
                    let abs = format!("/{p}");
                    prop_assert_eq!(ours.is_match(&abs), reference.is_match(&abs), "{} against {:?}", glob, abs);
                }
            }
        }
    }
}

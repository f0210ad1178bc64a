//! Whether a wildcard argument (`k*.pem`, `src/**/*.rs`, everything below a directory) may
//! name a path a deny or ask rule covers. Decided lexically, erring towards "may".

use std::borrow::Cow;
use std::cell::OnceCell;

use crate::argglob::ArgGlob;

use crate::part::Pattern;
use crate::path::{NormPath, PathContext, is_under, normalise};
use crate::rule::{OneOrMany, PathGlob, Rule};

fn has_wild(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

/// One concrete path the pattern matches: wildcards replaced by `x`, classes by their first
/// member, escapes removed.
fn sample(pat: &str) -> String {
    let mut out = String::new();
    let mut chars = pat.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' => {
                while chars.peek() == Some(&'*') {
                    chars.next();
                }
                out.push('x');
            }
            '?' => out.push('x'),
            '[' => {
                let first = chars.next().unwrap_or('x');
                let first = if first == '!' || first == '^' {
                    'x'
                } else {
                    first
                };
                for c in chars.by_ref() {
                    if c == ']' {
                        break;
                    }
                }
                out.push(first);
            }
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// The directory part of a pattern before its first wildcard component.
pub(crate) fn literal_prefix(pat: &str) -> String {
    // the components before the first wild one, joined by `/`: a prefix of `pat` itself
    let mut end = 0;
    for (i, comp) in pat.split('/').enumerate() {
        if has_wild(comp) {
            break;
        }
        end = if i == 0 {
            comp.len()
        } else {
            end + 1 + comp.len()
        };
    }
    let p = &pat[..end];
    if p.is_empty() { "/".into() } else { p.into() }
}

/// Where a rule glob is rooted, read from its text once when the rule is compiled (see
/// [`rule_root`]).
#[derive(Debug, Clone)]
pub(crate) enum GlobRoot {
    /// `**/...` or `*...`: anywhere.
    Anywhere,
    /// An absolute literal prefix, normalised: the same for every request.
    Fixed(String),
    /// A literal prefix starting with `~`, resolved against the request's home; with the
    /// normalised text after `~` where it holds no `..` (see [`clean_tail`]).
    Home(String, Option<String>),
    /// A relative literal prefix, resolved against the request's workspace; with its
    /// normalised text where it holds no `..`.
    Relative(String, Option<String>),
}

impl GlobRoot {
    /// The root of the rule glob `src`.
    pub(crate) fn of(src: &str) -> GlobRoot {
        if src.starts_with("**") || src.starts_with('*') {
            return GlobRoot::Anywhere;
        }
        let lit = literal_prefix(src);
        let lit = lit.trim_end_matches('/');
        if src.starts_with('/') {
            // an absolute path normalises without the home or the workspace
            GlobRoot::Fixed(normalise(lit, None, None).unwrap_or_else(|| "/".into()))
        } else if src.starts_with('~') {
            let tail = (lit == "~" || lit.starts_with("~/"))
                .then(|| clean_tail(&lit[1..]))
                .flatten();
            GlobRoot::Home(lit.to_string(), tail)
        } else {
            GlobRoot::Relative(lit.to_string(), clean_tail(lit))
        }
    }
}

/// What [`normalise`] makes of `rest`'s segments (each non-empty one other than `.` as
/// `/SEG`), or `None` where a `..` would climb into the base it is joined to.
fn clean_tail(rest: &str) -> Option<String> {
    let mut out = String::with_capacity(rest.len() + 1);
    for seg in rest.split('/') {
        match seg {
            "" | "." => {}
            ".." => return None,
            s => {
                out.push('/');
                out.push_str(s);
            }
        }
    }
    Some(out)
}

/// `normalise` of `base` joined with a path whose normalised segments are `tail` (from
/// [`clean_tail`]), without reading `base` segment by segment: `None` unless `base` is already
/// normal (absolute, no empty, `.` or `..` segment), which it is for every real home and
/// workspace; the caller then calls [`normalise`] itself.
fn join_clean(base: &str, tail: &str) -> Option<String> {
    let base = match base {
        "/" => "",
        b if b.starts_with('/') && b[1..].split('/').all(|s| !matches!(s, "" | "." | "..")) => b,
        _ => return None,
    };
    let mut out = String::with_capacity(base.len() + tail.len() + 1);
    out.push_str(base);
    out.push_str(tail);
    if out.is_empty() {
        out.push('/');
    }
    Some(out)
}

/// The absolute directory a rule glob is rooted at, or `None` for `**/...` (anywhere).
pub(crate) fn rule_root<'a>(g: &'a PathGlob, ctx: &PathContext<'_>) -> Option<Cow<'a, str>> {
    match &g.root {
        GlobRoot::Anywhere => None,
        GlobRoot::Fixed(root) => Some(Cow::Borrowed(root)),
        GlobRoot::Home(lit, tail) => Some(Cow::Owned(
            tail.as_deref()
                .zip(ctx.home)
                .and_then(|(t, h)| join_clean(h, t))
                .or_else(|| normalise(lit, None, ctx.home))
                .unwrap_or_else(|| "/".into()),
        )),
        GlobRoot::Relative(lit, tail) => tail
            .as_deref()
            .and_then(|t| join_clean(ctx.workspace, t))
            .or_else(|| normalise(lit, Some(ctx.workspace), ctx.home))
            .map(Cow::Owned),
    }
}

fn last(s: &str) -> &str {
    s.rsplit('/').next().unwrap_or(s)
}

/// Whether two last components can name the same file: the argument's (`arg_last`, compiled
/// as `arg`) and a rule glob's.
fn last_compatible(
    arg_last: &str,
    arg_sample: &OnceCell<String>,
    arg: Option<&ArgGlob>,
    rule: &PathGlob,
) -> bool {
    let rule_last = last(&rule.source);
    if arg_last == "**" || rule_last == "**" || rule_last == "*" {
        return true;
    }
    let s = arg_sample.get_or_init(|| sample(arg_last));
    if rule.last_ci.as_ref().is_some_and(|g| g.is_match(s)) {
        return true;
    }
    let Some(a) = arg else {
        return true;
    };
    rule.probes.iter().any(|p| {
        // a wildcard does not match a leading dot
        (arg_last.starts_with('.') || !p.starts_with('.')) && a.is_match(p)
    })
}

/// Whether the pattern can hold every wildcard-free component of a rule glob: a path the rule
/// covers has a component equal to each of them (`**/secrets/**`: `secrets`), and a pattern
/// without `**` expands component by component, so one of its components must be able to be
/// that name (`/w/*.toml/x` cannot be below a `secrets` folder). Case is ignored, and a
/// component with a class or braces may be anything.
#[cfg(test)]
fn components_compatible(pat: &str, rule: &str) -> bool {
    components_compatible_with(&PatComponents::of(pat), rule)
}

/// The non-empty components of a pattern, read once for every rule glob it is tried against.
struct PatComponents<'p> {
    parts: Vec<&'p str>,
    any_deep: bool,
}

impl<'p> PatComponents<'p> {
    fn of(pat: &'p str) -> PatComponents<'p> {
        let parts: Vec<&str> = pat.split('/').filter(|c| !c.is_empty()).collect();
        let any_deep = parts.iter().any(|c| c.contains("**"));
        PatComponents { parts, any_deep }
    }
}

/// [`components_compatible`] with the pattern's components read.
fn components_compatible_with(pat: &PatComponents<'_>, rule: &str) -> bool {
    let parts = &pat.parts;
    if pat.any_deep {
        return true;
    }
    rule.split('/')
        .filter(|c| !c.is_empty() && !has_wild(c) && !c.contains(['{', '~', '\\']))
        .filter(|c| !matches!(*c, "." | ".."))
        .all(|name| parts.iter().any(|c| component_may_be(c, name)))
}

/// Whether the pattern component `c` (`*` and `?` wildcards) may be the literal `name`,
/// ignoring case; classes, braces and escapes are taken to match anything.
fn component_may_be(c: &str, name: &str) -> bool {
    if c.contains(['[', '{', '\\']) {
        return true;
    }
    let (c, name) = (c.to_ascii_lowercase(), name.to_ascii_lowercase());
    crate::argglob::component_matches(&c, &name)
}

/// The rule's `except` globs as written.
fn excepts(rule: &Rule) -> &[String] {
    match &rule.spec.except {
        Some(OneOrMany::One(e)) => std::slice::from_ref(e),
        Some(OneOrMany::Many(es)) => es,
        None => &[],
    }
}

/// Whether every expansion of `pat` ends with a literal tail that one of the rule's `**/*SUFFIX`
/// exceptions names (`*/.env.example` under the `.env*` rule): the rule cannot match.
fn excepted_tail(rule: &Rule, pat: &str) -> bool {
    let tail = pat.rsplit(['*', '?', ']']).next().unwrap_or("");
    if tail.contains(['\\', '{', '[']) {
        return false;
    }
    let excepts = excepts(rule);
    excepts.iter().any(|e| {
        e.strip_prefix("**/*").is_some_and(|suf| {
            !suf.is_empty() && !has_wild(suf) && !suf.contains('/') && tail.ends_with(suf)
        })
    })
}

/// Whether every expansion of `pat` lies below a workspace folder that one of the rule's
/// `DIR/**` exceptions (a literal DIR) takes out (`src/**`: `src/**/*.toml` cannot match).
fn excepted_prefix(rule: &Rule, pat: &str, ctx: &PathContext<'_>) -> bool {
    let Some(rel) = pat
        .strip_prefix(ctx.workspace)
        .and_then(|r| r.strip_prefix('/'))
    else {
        return false;
    };
    let lit = rel.split(['*', '?', '[', '{', '\\']).next().unwrap_or("");
    let excepts = excepts(rule);
    excepts.iter().any(|e| {
        e.strip_suffix("/**").is_some_and(|dir| {
            !dir.is_empty() && !has_wild(dir) && lit.starts_with(&format!("{dir}/"))
        })
    })
}

/// Whether the wildcard pattern `pat` (absolute) may name a path `rule` covers.
pub fn may_match(rule: &Rule, pat: &Pattern, ctx: &PathContext<'_>) -> bool {
    let Some(arg) = &pat.glob else {
        return true;
    };
    let pat_text = pat.text.as_str();
    if excepted_tail(rule, pat_text) || excepted_prefix(rule, pat_text, ctx) {
        return false;
    }
    // one concrete expansion
    let concrete = sample(pat_text);
    if let Some(abs) = normalise(&concrete, None, ctx.home)
        && rule.matches_norm(&NormPath::from_absolute(abs, ctx))
    {
        return true;
    }
    let (dir, arg_last) = pat_text.rsplit_once('/').unwrap_or(("", pat_text));
    if !has_wild(dir) {
        // the rule's sample names, placed where the pattern looks. Its last component must
        // take the name when the last `/` is a real one (no braces or escapes after it);
        // below a directory with no glob syntax at all that alone decides
        let plain_dir = !dir.contains(['{', '}', ']', '\\']);
        let last = pat
            .last
            .as_ref()
            .filter(|_| plain_dir || !arg_last.contains(['{', '}', '\\']));
        for g in rule.path_globs() {
            for probe in &g.probes {
                if probe.starts_with('.') && !arg_last.starts_with('.') && arg_last != "**" {
                    continue;
                }
                let taken = match last {
                    Some(last) if plain_dir => last.is_match(probe),
                    Some(last) => last.is_match(probe) && arg.is_match(&format!("{dir}/{probe}")),
                    None => arg.is_match(&format!("{dir}/{probe}")),
                };
                if taken
                    && rule.matches_norm(&NormPath::from_absolute(format!("{dir}/{probe}"), ctx))
                {
                    return true;
                }
            }
        }
    }
    if !has_wild(dir) && arg_last != "**" {
        return false;
    }
    // anything below the literal prefix
    let prefix = literal_prefix(pat_text);
    let arg_sample = OnceCell::new();
    let components = OnceCell::new();
    for g in rule.path_globs() {
        let compatible = match rule_root(g, ctx) {
            None => true,
            Some(r) => is_under(&r, &prefix) || is_under(&prefix, &r),
        };
        if compatible
            && last_compatible(arg_last, &arg_sample, pat.last.as_ref(), g)
            && components_compatible_with(
                components.get_or_init(|| PatComponents::of(pat_text)),
                &g.source,
            )
        {
            return true;
        }
    }
    false
}

/// Whether every expansion of the wildcard pattern `pat` (absolute) names a path `rule`
/// covers, so that a deny is sure, not only possible: everything below a directory the rule
/// covers whole (`~/.ssh/id_*` under `~/.ssh/**`), or a last component that decides alone
/// under a `**/NAME` glob (`*/.env` under `**/.env*`, `config/*.pem` under `**/*.pem`).
pub fn surely_matches(rule: &Rule, pat: &Pattern, ctx: &PathContext<'_>) -> bool {
    let text = pat.text.as_str();
    if rule.spec.workspace.is_some() || text.split('/').any(|c| c == ".." || c == ".") {
        return false;
    }
    let excepts = excepts(rule);
    let (_, arg_last) = text.rsplit_once('/').unwrap_or(("", text));
    let prefix = literal_prefix(text);
    // read once for every glob of the rule: `PREFIX/`, whether the last component decides
    // alone and, if so, whether the rule covers it (the same for every `**/NAME` glob), and the
    // last component's literal tail in lower case
    let prefix_slash = OnceCell::new();
    let last_plain = !has_wild(arg_last) && !arg_last.contains('\\');
    let last_covered = OnceCell::new();
    let tail_lower = OnceCell::new();
    for g in rule.path_globs() {
        // a whole directory, no exceptions
        if let Some(root_src) = g.source.strip_suffix("/**")
            && !has_wild(root_src)
            && excepts.is_empty()
            && let Some(root) = rule_root(g, ctx)
            && root != "/"
            && is_under(&prefix, &root)
        {
            return true;
        }
        // `**/DIR/**` (no exceptions) and a prefix that passes through DIR
        if let Some(mid) = g
            .source
            .strip_prefix("**/")
            .and_then(|r| r.strip_suffix("/**"))
            && !has_wild(mid)
            && excepts.is_empty()
            && prefix_slash
                .get_or_init(|| format!("{prefix}/"))
                .contains(&format!("/{mid}/"))
        {
            return true;
        }
        let Some(rule_last) = g.source.strip_prefix("**/").filter(|r| !r.contains('/')) else {
            continue;
        };
        if !excepts
            .iter()
            .all(|e| e.strip_prefix("**/").is_some_and(|l| !l.contains('/')))
        {
            continue;
        }
        if last_plain {
            // the last component alone decides
            let covered = *last_covered.get_or_init(|| {
                let probe = format!("/__loop_gate_any__/{arg_last}");
                rule.matches_norm(&NormPath::from_absolute(probe, ctx))
            });
            if covered {
                return true;
            }
            continue;
        }
        // `*SUFFIX` against an argument whose expansions all end with a literal tail
        let Some(suffix) = rule_last.strip_prefix('*').filter(|s| !has_wild(s)) else {
            continue;
        };
        let tail = tail_lower.get_or_init(|| {
            arg_last
                .rsplit(['*', '?', ']'])
                .next()
                .unwrap_or("")
                .to_ascii_lowercase()
        });
        if tail.contains(['\\', '{']) || !tail.ends_with(&suffix.to_ascii_lowercase()) {
            continue;
        }
        let disjoint = excepts.iter().all(|e| {
            let l = e.trim_start_matches("**/");
            match l.strip_prefix('*').filter(|x| !has_wild(x)) {
                Some(esuf) => {
                    let esuf = esuf.to_ascii_lowercase();
                    !tail.ends_with(&esuf) && !esuf.ends_with(tail.as_str())
                }
                None => false,
            }
        });
        if disjoint {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What `rule_root` computes for a `~` or relative literal, the slow way and the fast way
    /// (`None` where the fast way does not apply).
    fn both_ways(lit: &str, base: &str) -> (Option<String>, Option<String>) {
        let (rest, slow) = match lit.strip_prefix('~') {
            Some(rest) => (rest, normalise(lit, None, Some(base))),
            None => (lit, normalise(lit, Some(base), None)),
        };
        // a relative literal never starts with `/` (`GlobRoot::of`)
        let home_form = match lit.strip_prefix('~') {
            Some(_) => rest.is_empty() || rest.starts_with('/'),
            None => !lit.starts_with('/'),
        };
        let fast = clean_tail(rest)
            .filter(|_| home_form)
            .and_then(|t| join_clean(base, &t));
        (slow, fast)
    }

    #[test]
    fn clean_joins_are_what_normalise_makes() {
        let bases = [
            "/", "/home/u", "/home/u/", "//x", "/a/./b", "/a/../b", "rel", "", "/w/app",
        ];
        let lits = [
            "~", "~/", "~/.ssh", "~/./a//b", "~/../x", "~u/x", "src", "", "./src", "a/../b",
            "a/b/", ".",
        ];
        let mut fast_ones = 0;
        for base in bases {
            for lit in lits {
                let (slow, fast) = both_ways(lit, base);
                if let Some(fast) = fast {
                    assert_eq!(Some(fast), slow, "{lit:?} on {base:?}");
                    fast_ones += 1;
                }
            }
        }
        // the fast way applies to clean bases and `..`-free literals
        assert!(fast_ones >= 20, "{fast_ones}");
        assert_eq!(
            both_ways("~/.ssh", "/home/u").1.as_deref(),
            Some("/home/u/.ssh")
        );
        assert_eq!(both_ways("~/../x", "/home/u").1, None);
        assert_eq!(both_ways("src", "/home/u/").1, None);
    }

    proptest! {
        #[test]
        fn clean_joins_agree_with_normalise(lit in "~?[/.ab]{0,8}", base in "[/.ab]{0,8}") {
            let (slow, fast) = both_ways(&lit, &base);
            if let Some(fast) = fast {
                prop_assert_eq!(Some(fast), slow);
            }
        }
    }

    #[test]
    fn a_rule_folder_must_be_a_component_of_the_pattern() {
        assert!(!components_compatible("/w/*.toml/entry", "**/secrets/**"));
        assert!(components_compatible("/w/*/entry", "**/secrets/**"));
        assert!(components_compatible("/w/SECRETS/*", "**/secrets/**"));
        assert!(components_compatible("/w/**/x", "**/secrets/**"));
        assert!(components_compatible("/w/s*s/x", "**/secrets/**"));
        assert!(!components_compatible("/w/s*x/y", "**/secrets/**"));
        assert!(components_compatible("/w/[st]ecrets/y", "**/secrets/**"));
        assert!(crate::argglob::component_matches("a*b?c", "axxbyc"));
        assert!(!crate::argglob::component_matches("a*b?c", "axxbc"));
        assert!(crate::argglob::component_matches("*", ""));
    }

    #[test]
    fn literal_prefix_is_the_joined_literal_components() {
        // the definition it replaced: join the components before the first wild one
        let joined = |pat: &str| {
            let comps: Vec<&str> = pat.split('/').take_while(|c| !has_wild(c)).collect();
            let p = comps.join("/");
            if p.is_empty() { "/".to_string() } else { p }
        };
        for pat in [
            "",
            "/",
            "*",
            "/a*",
            "a",
            "a/",
            "a//b*",
            "/a/b/*.rs",
            "src/**/x",
            "~/.ssh/id_*",
            "a/b",
            "a/b/",
            "//",
            "a/[x]/c",
            "/w/?/z",
            "x/y/z*/w",
        ] {
            assert_eq!(literal_prefix(pat), joined(pat), "{pat:?}");
        }
    }

    #[test]
    fn samples_and_prefixes() {
        assert_eq!(sample("/w/k*.pem"), "/w/kx.pem");
        assert_eq!(sample("/w/src/**/*.rs"), "/w/src/x/x.rs");
        assert_eq!(literal_prefix("/w/src/**/*.rs"), "/w/src");
        let rule = |src: &str, probes: &[&str]| PathGlob {
            matcher: crate::rule::path_glob(src).unwrap(),
            probes: probes.iter().map(|p| p.to_string()).collect(),
            source: src.into(),
            last_ci: crate::rule::path_glob_ci(src).ok(),
            root: GlobRoot::of(src),
        };
        let arg = |a: &str| ArgGlob::new(a, |t| crate::rule::path_glob(t).ok());
        assert!(last_compatible(
            "k*.pem",
            &OnceCell::new(),
            arg("k*.pem").as_ref(),
            &rule("*.pem", &[])
        ));
        assert!(!last_compatible(
            "*.rs",
            &OnceCell::new(),
            arg("*.rs").as_ref(),
            &rule(".env*", &[".env"])
        ));
    }
}

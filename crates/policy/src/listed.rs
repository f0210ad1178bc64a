//! A recursive read judged by what the caller found below its directory
//! ([`crate::Request::listings`]).

use crate::part::Pattern;
use crate::path::{NormPath, PathContext};
use crate::rule::{Match, Rule};

impl Rule {
    /// What the caller's listing of `dir` (or of a directory above it) says: `Maybe` when an
    /// entry matches or the listing is incomplete, `No` when it is complete and clean, `None`
    /// without a listing.
    pub(crate) fn match_listed(&self, dir: &str, ctx: &PathContext<'_>) -> Option<Match> {
        let (l, complete) = ctx.listing(dir)?;
        // a directory's own listing counts whole (link targets lie elsewhere); one of a
        // directory above only below `dir`
        let own = l.dir == dir;
        let found = l.entries.iter().any(|e| {
            (own || crate::path::is_under(e, dir))
                && self.matches_norm(&NormPath::from_absolute(e.clone(), ctx))
        });
        // what lies there was looked at: it decides
        Some(if found || !complete {
            Match::Maybe
        } else {
            Match::No
        })
    }

    /// A wildcard pattern (`ROOT/**/*.toml`, a narrowed recursive read) whose literal directory
    /// the caller listed completely: only a listed entry the pattern and the rule both match
    /// makes it `Maybe`; none is `No` (round 13). `None` without a complete listing.
    pub(crate) fn match_listed_pattern(
        &self,
        pat: &Pattern,
        ctx: &PathContext<'_>,
    ) -> Option<Match> {
        let glob = pat.glob.as_ref()?;
        let prefix = crate::patterns::literal_prefix(&pat.text);
        let (l, complete) = ctx.listing(prefix.trim_end_matches('/'))?;
        if !complete {
            return None;
        }
        let found = l.entries.iter().any(|e| {
            glob.is_match(e) && self.matches_norm(&NormPath::from_absolute(e.clone(), ctx))
        });
        Some(if found { Match::Maybe } else { Match::No })
    }
}

impl Rule {
    /// A pattern that may name a file this rule covers, without a listing: `Maybe`, except a
    /// read narrowed to a file type below a workspace subdirectory (`crates/**/*.toml`: `grep
    /// -r --include='*.toml'`, `rg -g '*.toml'`, `find crates -name '*.toml' -exec`), which
    /// reads only files the same read unnarrowed reads, and so is judged like it
    /// ([`Rule::below_subdir`]; round 18). A narrowing by name (`*vars`, `.e*`, `id_*`) aims at
    /// names and stays `Maybe` (round 13); one whose every file the rule covers is `Yes` before
    /// this is asked (`*.pem`).
    pub(crate) fn below_typed(&self, pat: &Pattern, ctx: &PathContext<'_>) -> Match {
        // round 19: one level (`data/*.json`) reads a subset of the same files too
        let Some((root, last)) = pat
            .text
            .split_once("/**/")
            .or_else(|| pat.text.rsplit_once('/'))
        else {
            return Match::Maybe;
        };
        if root.contains(['*', '?', '[', '{', '\\']) || !type_glob(last) {
            return Match::Maybe;
        }
        if !NormPath::from_absolute(root.to_string(), ctx).inside {
            // the workspace root or a place outside: only a listing decides (as unnarrowed)
            return Match::Maybe;
        }
        self.below_subdir(root, ctx).min(Match::Maybe)
    }

    /// Whether this rule may cover something below `dir`, a subdirectory of the workspace the
    /// caller did not list: only a rule that names something there (`secrets/**`, a glob rooted
    /// above `dir` that reaches below it) may; a `**/NAME` rule does not (without a listing, a
    /// recursive read of a subdirectory is judged by what the rules name there).
    pub(crate) fn below_subdir(&self, dir: &str, ctx: &PathContext<'_>) -> Match {
        if let Some(m) = self.match_listed(dir, ctx) {
            return m;
        }
        for g in self.path_globs() {
            if let Some(root) = crate::patterns::rule_root(g, ctx)
                && root != "/"
                && (crate::path::is_under(&root, dir)
                    || (crate::path::is_under(dir, &root) && reaches_below(&g.source, &root, dir)))
            {
                return Match::Maybe;
            }
        }
        let sample = NormPath::from_absolute(format!("{}/x", dir.trim_end_matches('/')), ctx);
        if self.matches_norm(&sample) || self.names_files_in(dir, ctx) {
            return Match::Maybe;
        }
        Match::No
    }

    /// Whether a glob that names files inside folders of a given name anywhere
    /// (`**/.streamlit/secrets.toml`, `**/config/secrets/*/*.php`) names files below `dir`
    /// because `dir` is (or lies inside) such a folder: `grep -r x app/.streamlit`.
    fn names_files_in(&self, dir: &str, ctx: &PathContext<'_>) -> bool {
        let dir = dir.trim_end_matches('/');
        self.path_globs().iter().any(|g| {
            let Some(rest) = g.source.strip_prefix("**/") else {
                return false;
            };
            let comps: Vec<&str> = rest.split('/').collect();
            let n = comps.len();
            (1..n).any(|i| {
                let middle = comps[i..n - 1].iter().map(|c| {
                    if c.contains(['*', '?', '[', '{']) {
                        "x"
                    } else {
                        c
                    }
                });
                let base: String = std::iter::once(dir)
                    .chain(middle)
                    .collect::<Vec<_>>()
                    .join("/");
                g.probes.iter().any(|p| {
                    self.matches_norm(&NormPath::from_absolute(format!("{base}/{p}"), ctx))
                })
            })
        })
    }
}

/// Whether glob `src`, rooted at `root`, can match a path below `dir` (which lies under
/// `root`): it crosses directories (`**`) or has more components than `dir` is deep
/// (`~/.*_history` names nothing below `~/code/app/src`).
fn reaches_below(src: &str, root: &str, dir: &str) -> bool {
    if src.contains("**") {
        return true;
    }
    let depth = dir[root.len().min(dir.len())..]
        .split('/')
        .filter(|c| !c.is_empty())
        .count();
    let lit = crate::patterns::literal_prefix(src);
    let rest = src[lit.len().min(src.len())..]
        .split('/')
        .filter(|c| !c.is_empty())
        .count();
    rest > depth
}

/// A glob that names files by their type: `*.EXT` and the dot-file names `grep --include` and
/// `find -name` give it (`.*.EXT`, `.EXT`), where EXT is literal (`toml`, `d.ts`, `tar.gz`).
fn type_glob(last: &str) -> bool {
    let ext = last
        .strip_prefix("*.")
        .or_else(|| last.strip_prefix(".*."))
        .or_else(|| last.strip_prefix('.'));
    ext.is_some_and(|e| {
        !e.is_empty()
            && !e.starts_with('.')
            && e.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'+'))
    })
}

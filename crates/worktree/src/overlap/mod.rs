//! Whether two lock paths can touch the same file (pure: no IO, no clock).
//!
//! A lock path is a repository-relative path or glob. It covers every path it matches **and
//! everything beneath them** (locking `src` locks `src/main.rs`; `src/*` all of `src`), except
//! where the last segment names files: a name with an extension (`package.json`) or a pattern
//! mixing wildcards and text (`*.rs`). So `**/Cargo.toml` does not overlap `package.json` (which
//! could otherwise be a folder holding a `Cargo.toml`), while a literal still overlaps anything
//! the other path puts below it (`v1.2` vs `v1.2/*.md`). Two lock paths overlap when some
//! path is covered by both. Paths are normalised lexically first (`./a`, `a//b`, `a/./b`, `a/x/..`,
//! a trailing `/` and an absolute path under the repository root all name the same thing).
//!
//! Glob semantics are globset's with `literal_separator(true)` (every pattern is validated by
//! globset that way), i.e. shell and git pathspec globs: `*`, `?` and `[...]`/`[!...]` classes
//! stay within one path segment, `**/` matches zero or more directories and a trailing `/**`
//! everything below, `{a,b}` alternatives, `\` escapes. So `*.md` is the Markdown files at the
//! top and `**/*.md` those at any depth. The answer is exact for these semantics: each pattern
//! becomes a small automaton, the two are intersected, and an overlap comes with a witness path
//! covered by both.

use std::collections::VecDeque;

use crate::error::PathError;

mod syntax;
use syntax::{expand_braces, is_glob_segment, literal_end, normalize, strip_root};

/// Longest lock path accepted, in bytes (anything longer is hostile or a mistake).
pub const MAX_PATH_LEN: usize = 4096;
/// Most `{a,b}` alternatives one lock path may expand to.
pub const MAX_ALTERNATIVES: usize = 256;

const MAX_CHAR: u32 = 0x10_FFFF;

/// A set of characters as sorted, disjoint, inclusive code point ranges.
#[derive(Debug, Clone, PartialEq, Eq)]
struct CharSet(Vec<(u32, u32)>);

impl CharSet {
    fn any() -> Self {
        CharSet(vec![(0, MAX_CHAR)])
    }

    /// Any character but `/`.
    fn in_segment() -> Self {
        CharSet(vec![(0, '/' as u32 - 1), ('/' as u32 + 1, MAX_CHAR)])
    }

    fn without_slash(self) -> Self {
        let mut out = Vec::new();
        for (lo, hi) in self.0 {
            let slash = '/' as u32;
            if lo <= slash && slash <= hi {
                if lo < slash {
                    out.push((lo, slash - 1));
                }
                if slash < hi {
                    out.push((slash + 1, hi));
                }
            } else {
                out.push((lo, hi));
            }
        }
        CharSet(out)
    }

    fn one(c: char) -> Self {
        CharSet(vec![(c as u32, c as u32)])
    }

    fn from_ranges(mut ranges: Vec<(u32, u32)>, negated: bool) -> Self {
        ranges.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::new();
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        if !negated {
            return CharSet(merged);
        }
        let mut out = Vec::new();
        let mut next = 0u32;
        for (lo, hi) in merged {
            if lo > next {
                out.push((next, lo - 1));
            }
            next = hi.saturating_add(1);
        }
        if next <= MAX_CHAR {
            out.push((next, MAX_CHAR));
        }
        CharSet(out)
    }

    /// A character in both sets (preferring a plain letter, for readable witnesses).
    fn common(&self, other: &CharSet) -> Option<char> {
        let (mut i, mut j) = (0, 0);
        let mut first = None;
        while i < self.0.len() && j < other.0.len() {
            let lo = self.0[i].0.max(other.0[j].0);
            let hi = self.0[i].1.min(other.0[j].1);
            if lo <= hi {
                if lo <= 'a' as u32 && 'a' as u32 <= hi {
                    return Some('a');
                }
                if first.is_none() {
                    first = (lo..=hi).find_map(char::from_u32);
                }
            }
            if self.0[i].1 < other.0[j].1 {
                i += 1;
            } else {
                j += 1;
            }
        }
        first
    }
}

/// A nondeterministic automaton over characters: state 0 starts, `accept` states accept.
#[derive(Debug, Clone)]
struct Nfa {
    eps: Vec<Vec<usize>>,
    chars: Vec<Vec<(CharSet, usize)>>,
    accept: Vec<bool>,
}

impl Nfa {
    fn new() -> Self {
        Nfa {
            eps: vec![Vec::new()],
            chars: vec![Vec::new()],
            accept: vec![false],
        }
    }

    fn state(&mut self) -> usize {
        self.eps.push(Vec::new());
        self.chars.push(Vec::new());
        self.accept.push(false);
        self.eps.len() - 1
    }
}

/// A validated, normalised lock path, ready to compare.
#[derive(Debug, Clone)]
pub struct LockPath {
    raw: String,
    normalized: Vec<String>,
    nfa: Nfa,
}

impl LockPath {
    /// Validates and normalises `raw`. `root`, when given, is the repository root as an absolute
    /// path: an absolute `raw` under it is made relative; any other absolute path is an error.
    pub fn parse(raw: &str, root: Option<&str>) -> Result<LockPath, PathError> {
        let trimmed = raw.trim();
        let err = |reason: String| PathError {
            path: raw.to_string(),
            reason,
        };
        if trimmed.is_empty() {
            return Err(err("empty path".into()));
        }
        if trimmed.len() > MAX_PATH_LEN {
            return Err(err(format!("longer than {MAX_PATH_LEN} bytes")));
        }
        globset::GlobBuilder::new(trimmed)
            .literal_separator(true)
            .build()
            .map_err(|e| err(format!("not a valid glob: {}", e.kind())))?;
        let relative = strip_root(trimmed, root).map_err(err)?;
        let alternatives = expand_braces(relative).map_err(err)?;
        let mut nfa = Nfa::new();
        let mut normalized = Vec::with_capacity(alternatives.len());
        for alt in alternatives {
            let norm = normalize(&alt).map_err(err)?;
            let start = nfa.state();
            nfa.eps[0].push(start);
            compile(&norm, &mut nfa, start).map_err(err)?;
            normalized.push(norm);
        }
        Ok(LockPath {
            raw: trimmed.to_string(),
            normalized,
            nfa,
        })
    }

    /// The path as given (trimmed).
    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// The normalised alternatives (`**` for the whole repository).
    pub fn normalized(&self) -> &[String] {
        &self.normalized
    }

    /// A path covered by both `self` and `other`, if there is one.
    pub fn overlap_witness(&self, other: &LockPath) -> Option<String> {
        // A literal that is the other's path or one of its leading directories overlaps it,
        // whatever its name looks like (`v1.2` vs `v1.2/*.md`).
        for a in &self.normalized {
            for b in &other.normalized {
                if under_literal(a, b) {
                    return Some(sample(b));
                }
                if under_literal(b, a) {
                    return Some(sample(a));
                }
            }
        }
        intersect(&self.nfa, &other.nfa)
    }

    /// Whether some path is covered by both.
    pub fn overlaps(&self, other: &LockPath) -> bool {
        self.overlap_witness(other).is_some()
    }
}

/// Whether two raw lock paths overlap (both are validated first).
pub fn paths_overlap(a: &str, b: &str, root: Option<&str>) -> Result<bool, PathError> {
    Ok(LockPath::parse(a, root)?.overlaps(&LockPath::parse(b, root)?))
}

/// Appends the automaton of one normalised alternative from state `start`, then the directory
/// suffix: the path itself or anything beneath it.
fn compile(path: &str, nfa: &mut Nfa, start: usize) -> Result<(), String> {
    let chars: Vec<char> = path.chars().collect();
    let mut cur = start;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '*' => {
                let run_end = i + chars[i..].iter().take_while(|&&x| x == '*').count();
                let at_seg_start = i == 0 || chars[i - 1] == '/';
                let globstar = run_end - i >= 2 && at_seg_start;
                if globstar && chars.get(run_end) == Some(&'/') {
                    // `**/`: zero directories, or anything ending in `/`.
                    let next = nfa.state();
                    let dirs = nfa.state();
                    nfa.eps[cur].push(next);
                    nfa.eps[cur].push(dirs);
                    nfa.chars[dirs].push((CharSet::any(), dirs));
                    nfa.chars[dirs].push((CharSet::one('/'), next));
                    cur = next;
                    i = run_end + 1;
                } else {
                    // A trailing `**` crosses directories; any other `*` stays in its segment.
                    let set = if globstar && run_end == chars.len() {
                        CharSet::any()
                    } else {
                        CharSet::in_segment()
                    };
                    let next = nfa.state();
                    nfa.chars[cur].push((set, cur));
                    nfa.eps[cur].push(next);
                    cur = next;
                    i = run_end;
                }
            }
            _ => {
                let (set, used) = single(&chars[i..])?;
                let next = nfa.state();
                nfa.chars[cur].push((set, next));
                cur = next;
                i += used;
            }
        }
    }
    nfa.accept[cur] = true;
    if covers_below(path) {
        let below = nfa.state();
        nfa.chars[cur].push((CharSet::one('/'), below));
        nfa.chars[below].push((CharSet::any(), below));
        nfa.accept[below] = true;
    }
    Ok(())
}

/// A path a normalised alternative matches.
fn sample(path: &str) -> String {
    let mut nfa = Nfa::new();
    let start = nfa.state();
    nfa.eps[0].push(start);
    match compile(path, &mut nfa, start) {
        Ok(()) => intersect(&nfa, &nfa).unwrap_or_else(|| path.to_string()),
        Err(_) => path.to_string(),
    }
}

/// Whether `path` is `dir` or below it, `dir` being a literal path (no wildcards).
fn under_literal(dir: &str, path: &str) -> bool {
    let literal = !dir.split('/').any(is_glob_segment) && dir != "**";
    literal
        && (path == dir
            || path
                .strip_prefix(dir)
                .is_some_and(|rest| rest.starts_with('/')))
}

/// Whether what the path matches may be a directory whose contents it then covers: yes for a
/// literal folder-like last segment (`src`, `.github`) or a pure wildcard (`*`, `**`, `[ab]`); no
/// for a file name with an extension (`package.json`) or a file pattern that mixes wildcards with
/// text (`*.rs`, `test_*`). (A literal always covers what the other path puts below it.)
fn covers_below(path: &str) -> bool {
    let last = path.rsplit('/').next().unwrap_or(path);
    if !is_glob_segment(last) {
        return !last.get(1..).is_some_and(|rest| rest.contains('.'));
    }
    let chars: Vec<char> = last.chars().collect();
    let (mut wild, mut text) = (false, false);
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '*' | '?' => {
                wild = true;
                i += 1;
            }
            '[' => {
                wild = true;
                i = literal_end(&chars, i);
            }
            '\\' => {
                text = true;
                i += 2;
            }
            _ => {
                text = true;
                i += 1;
            }
        }
    }
    !(wild && text)
}

/// One single-character item at the start of `chars`: a literal, `\x`, `?` or a class.
fn single(chars: &[char]) -> Result<(CharSet, usize), String> {
    match chars[0] {
        '?' => Ok((CharSet::in_segment(), 1)),
        '\\' => match chars.get(1) {
            Some(&c) => Ok((CharSet::one(c), 2)),
            None => Ok((CharSet::one('\\'), 1)),
        },
        '[' => class(chars),
        c => Ok((CharSet::one(c), 1)),
    }
}

fn class(chars: &[char]) -> Result<(CharSet, usize), String> {
    let mut i = 1;
    let negated = matches!(chars.get(i), Some('!' | '^'));
    if negated {
        i += 1;
    }
    let mut ranges = Vec::new();
    let mut first = true;
    loop {
        let Some(&c) = chars.get(i) else {
            return Err("unclosed `[`".into());
        };
        if c == ']' && !first {
            break;
        }
        first = false;
        let (lo, used) = if c == '\\' && i + 1 < chars.len() {
            (chars[i + 1], 2)
        } else {
            (c, 1)
        };
        i += used;
        if chars.get(i) == Some(&'-') && chars.get(i + 1).is_some_and(|&h| h != ']') {
            let hi = chars[i + 1];
            i += 2;
            if (hi as u32) < (lo as u32) {
                return Err(format!("invalid range `{lo}-{hi}`"));
            }
            ranges.push((lo as u32, hi as u32));
        } else {
            ranges.push((lo as u32, lo as u32));
        }
    }
    Ok((CharSet::from_ranges(ranges, negated).without_slash(), i + 1))
}

/// Breadth-first search of the product automaton; the first accepting pair gives a witness.
fn intersect(a: &Nfa, b: &Nfa) -> Option<String> {
    let width = b.accept.len();
    let mut seen = vec![false; a.accept.len() * width];
    // For each visited pair: (previous pair, character taken or None for an epsilon move).
    let mut parent: Vec<Option<(usize, Option<char>)>> = vec![None; seen.len()];
    let mut queue = VecDeque::new();
    seen[0] = true;
    queue.push_back((0usize, 0usize));
    while let Some((p, q)) = queue.pop_front() {
        let here = p * width + q;
        if a.accept[p] && b.accept[q] {
            return Some(witness(&parent, here));
        }
        let mut visit = |np: usize, nq: usize, ch: Option<char>| {
            let idx = np * width + nq;
            if !seen[idx] {
                seen[idx] = true;
                parent[idx] = Some((here, ch));
                queue.push_back((np, nq));
            }
        };
        for &np in &a.eps[p] {
            visit(np, q, None);
        }
        for &nq in &b.eps[q] {
            visit(p, nq, None);
        }
        for (sa, np) in &a.chars[p] {
            for (sb, nq) in &b.chars[q] {
                if let Some(ch) = sa.common(sb) {
                    visit(*np, *nq, Some(ch));
                }
            }
        }
    }
    None
}

fn witness(parent: &[Option<(usize, Option<char>)>], mut at: usize) -> String {
    let mut out = Vec::new();
    while let Some((prev, ch)) = parent[at] {
        if let Some(c) = ch {
            out.push(c);
        }
        at = prev;
    }
    out.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ov(a: &str, b: &str) -> bool {
        paths_overlap(a, b, Some("/repo")).unwrap()
    }

    #[test]
    fn table() {
        let cases = [
            ("package.json", "./package.json", true),
            ("**/package.json", "package.json", true),
            ("src", "src/main.rs", true),
            ("src/", "src/main.rs", true),
            ("src/main.rs", "src", true),
            ("docs/api", "docs/apidocs.md", false),
            ("src/**", "src/foo.ts", true),
            ("src/**", "lib/foo.ts", false),
            ("package.json", "package-lock.json", false),
            ("a//b", "a/b", true),
            ("a/x/../b", "a/b", true),
            ("/repo/a/b", "a/b", true),
            ("/repo", "anything", true),
            (".", "deep/file", true),
            ("*.md", "docs/a.md", false),
            ("*.md", "README.md", true),
            ("**/*.md", "docs/a.md", true),
            ("docs/*", "docs/api/x.md", true),
            ("*.md", "src/main.rs", false),
            ("src/*.rs", "src/main.rs", true),
            ("src/*.rs", "src/a/main.rs", false),
            ("src/test_*", "src/test_a/x", false),
            ("src/[ab]", "src/a/x", true),
            ("**/Cargo.toml", "package-lock.json", false),
            ("**/Cargo.toml", "docs", true),
            ("**/*.md", "src/main.rs", false),
            ("v1.2", "v1.2/*.md", true),
            ("v1.2", "v1.2/**", true),
            (".github", "**/*.yml", true),
            ("package.json", "package.json/x", true),
            ("src/*.rs", "src/**/*.ts", false),
            ("src/*.rs", "*/main.*", true),
            ("{a,b}/x", "b/x/y", true),
            ("{a,b}/x", "c/x", false),
            ("[abc].txt", "b.txt", true),
            ("[!abc].txt", "b.txt", false),
            ("[!abc].txt", "d.txt", true),
            ("f?o", "foo", true),
            ("f?o", "fo", false),
            ("a\\*", "a*", true),
            ("a\\*", "ab", false),
            ("**", "x", true),
            ("src/**/test", "src/test", true),
        ];
        for (a, b, want) in cases {
            assert_eq!(ov(a, b), want, "{a} vs {b}");
            assert_eq!(ov(b, a), want, "{b} vs {a}");
        }
    }

    #[test]
    fn errors_name_the_problem() {
        for (p, want) in [
            ("", "empty"),
            ("../x", "above"),
            ("/etc/passwd", "absolute"),
            ("src/[ab", "glob"),
            ("a/*/../b", "wildcard"),
        ] {
            let e = LockPath::parse(p, Some("/repo")).unwrap_err();
            assert!(e.to_string().contains(want), "{p}: {e}");
        }
        let many = "{a,b}".repeat(9);
        assert!(LockPath::parse(&many, None).is_err());
    }

    #[test]
    fn normalized_forms() {
        let p = LockPath::parse("./a//b/./c/", None).unwrap();
        assert_eq!(p.normalized(), ["a/b/c"]);
        let p = LockPath::parse("{x,./y}/z", None).unwrap();
        assert_eq!(p.normalized(), ["x/z", "y/z"]);
    }
}

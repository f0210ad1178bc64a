//! Changeset policy (`gate.yaml`, the format of loop-gate 1.0.0): may a set of changed paths be
//! committed, merged or auto-merged, or must a person look (escalate)?
//!
//! ```yaml
//! version: 1                # required, the number 1
//! denylist:                 # required: a changed path matching one escalates every action
//!   - ".env"
//!   - "**/secrets/**"
//!   - "auth/**"
//! maxFiles: 10              # optional: more changed paths than this escalate
//! autoMergeAllowlist:       # optional: auto-merge only when every changed path matches one
//!   - "docs/**"
//!   - "**/*.md"
//! ```
//!
//! Checked in loop-gate's order, first match wins: denylist, maxFiles, then (auto-merge only)
//! the allowlist. Globs follow minimatch with `dot: true` (`*` stays inside a segment, `**`
//! crosses segments, `{a,b}`, `[...]`, a leading `!` negates, a leading `#` matches nothing).
//! Deliberate fixes over loop-gate: paths are normalised before matching (`./`, `..`, absolute
//! paths inside the repository, git's C-quoted spelling), a path outside the repository
//! escalates, and a denylist glob without `/` (`.env`, `*.key`) also matches that name at any
//! depth (`config/.env`). Pure: the caller lists the paths (for example from `git diff -z`).

use globset::{GlobBuilder, GlobMatcher};
use serde::Serialize;
use serde_norway::Value;

/// Errors reading a gate file (the messages are loop-gate's).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChangesetError {
    /// Not valid YAML.
    #[error("Invalid YAML in {file}: {message}")]
    Yaml {
        /// The file.
        file: String,
        /// The parser's message.
        message: String,
    },
    /// Valid YAML, wrong shape.
    #[error("Invalid gate config at {file}: {detail}")]
    Invalid {
        /// The file.
        file: String,
        /// What is wrong.
        detail: String,
    },
    /// A glob does not compile.
    #[error("Invalid gate config at {file}: \"{field}\" has a bad pattern {pattern:?}: {message}")]
    Pattern {
        /// The file.
        file: String,
        /// `denylist` or `autoMergeAllowlist`.
        field: &'static str,
        /// The pattern.
        pattern: String,
        /// Why.
        message: String,
    },
}

/// One glob with minimatch's `!` and `#` conventions.
#[derive(Debug, Clone)]
struct Pattern {
    /// `None`: a comment or empty pattern, matches nothing.
    matcher: Option<Matcher>,
    /// Also tried against every suffix of the path that starts a segment.
    any_depth: bool,
    negate: bool,
}

/// globset for plain globs; minimatch's extglobs (`+(a|b)`) by our own matcher.
#[derive(Debug, Clone)]
enum Matcher {
    Glob(GlobMatcher),
    Ext(crate::extglob::ExtGlob),
}

impl Matcher {
    fn is_match(&self, path: &str) -> bool {
        match self {
            Matcher::Glob(g) => g.is_match(path),
            Matcher::Ext(e) => e.is_match(path),
        }
    }
}

/// Whether a `gate.yaml` glob matches a path the way loop-gate 1.0.0 does (minimatch with
/// `dot: true`: a leading `!` negates, `#` is a comment, braces, classes and extglobs), without
/// our any-depth fix for denylist names.
pub fn glob_matches(pattern: &str, path: &str) -> Result<bool, ChangesetError> {
    Ok(compile("<glob>", "denylist", pattern, false)?.is_match(path))
}

impl Pattern {
    fn is_match(&self, path: &str) -> bool {
        let Some(m) = &self.matcher else {
            return false;
        };
        let hit = m.is_match(path)
            || (self.any_depth
                && path
                    .match_indices('/')
                    .any(|(i, _)| m.is_match(&path[i + 1..])));
        hit != self.negate
    }
}

/// A parsed `gate.yaml`.
#[derive(Debug, Clone)]
pub struct GateFile {
    denylist: Vec<Pattern>,
    /// The most changed paths any action may have (`maxFiles`).
    pub max_files: Option<f64>,
    allowlist: Vec<Pattern>,
}

/// What is about to happen to the changeset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// A commit.
    Commit,
    /// A merge a person triggers.
    Merge,
    /// A merge with nobody looking: every path must be on the allowlist.
    AutoMerge,
}

/// An `--action` that is not one of the three.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Invalid --action: {0}. Use one of: commit, merge, auto-merge.")]
pub struct BadAction(pub String);

impl std::str::FromStr for Action {
    type Err = BadAction;
    fn from_str(s: &str) -> Result<Action, BadAction> {
        match s {
            "commit" => Ok(Action::Commit),
            "merge" => Ok(Action::Merge),
            "auto-merge" => Ok(Action::AutoMerge),
            o => Err(BadAction(o.to_string())),
        }
    }
}

/// The answer for one changeset, in loop-gate's JSON shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangesetDecision {
    /// Whether the action may go ahead without a person.
    pub allowed: bool,
    /// `ok`, `denylist`, `file-count`, `not-allowlisted` or (ours) `outside-repository`.
    pub trigger: &'static str,
    /// One sentence, loop-gate's wording.
    pub reason: String,
    /// The paths responsible (empty when allowed).
    pub matched_paths: Vec<String>,
}

impl ChangesetDecision {
    /// The one-line text form: `ALLOWED [ok] — ...` or `ESCALATE [trigger] — ...`.
    pub fn line(&self) -> String {
        let head = if self.allowed { "ALLOWED" } else { "ESCALATE" };
        format!("{head} [{}] \u{2014} {}", self.trigger, self.reason)
    }

    fn escalate(trigger: &'static str, reason: String, paths: Vec<String>) -> Self {
        ChangesetDecision {
            allowed: false,
            trigger,
            reason: format!("{reason}. Escalating for human review."),
            matched_paths: paths,
        }
    }
}

fn compile(
    file: &str,
    field: &'static str,
    raw: &str,
    deny: bool,
) -> Result<Pattern, ChangesetError> {
    let mut p = raw;
    let mut negate = false;
    while let Some(rest) = p.strip_prefix('!') {
        negate = !negate;
        p = rest;
    }
    if raw.starts_with('#') || p.is_empty() {
        return Ok(Pattern {
            matcher: None,
            any_depth: false,
            negate: false,
        });
    }
    let matcher = if crate::extglob::has_extglob(p) {
        Matcher::Ext(crate::extglob::ExtGlob::new(p))
    } else {
        Matcher::Glob(
            GlobBuilder::new(p)
                .literal_separator(true)
                .backslash_escape(true)
                .build()
                .map_err(|e| ChangesetError::Pattern {
                    file: file.to_string(),
                    field,
                    pattern: raw.to_string(),
                    message: e.kind().to_string(),
                })?
                .compile_matcher(),
        )
    };
    Ok(Pattern {
        matcher: Some(matcher),
        any_depth: deny && !negate && !p.contains('/'),
        negate,
    })
}

fn string_list(
    file: &str,
    v: Option<&Value>,
    field: &'static str,
) -> Result<Option<Vec<String>>, ChangesetError> {
    let Some(v) = v else { return Ok(None) };
    let bad = || ChangesetError::Invalid {
        file: file.to_string(),
        detail: format!("\"{field}\" must be an array of strings."),
    };
    let Value::Sequence(items) = v else {
        return Err(bad());
    };
    items
        .iter()
        .map(|i| i.as_str().map(str::to_string).ok_or_else(bad))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// JavaScript's spelling of a number in a sentence (`10`, `2.5`).
fn js_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e21 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

impl GateFile {
    /// Parses `gate.yaml` text; `file` names it in errors (as given on the command line).
    pub fn parse(file: &str, text: &str) -> Result<GateFile, ChangesetError> {
        let doc: Value = serde_norway::from_str(text).map_err(|e| ChangesetError::Yaml {
            file: file.to_string(),
            message: e.to_string(),
        })?;
        let invalid = |detail: &str| ChangesetError::Invalid {
            file: file.to_string(),
            detail: detail.to_string(),
        };
        let version_ok = doc
            .get("version")
            .and_then(Value::as_f64)
            .is_some_and(|v| v == 1.0);
        if !doc.is_mapping() || !version_ok {
            return Err(invalid("expected { version: 1, denylist: string[], ... }."));
        }
        let deny = string_list(file, doc.get("denylist"), "denylist")?
            .ok_or_else(|| invalid("\"denylist\" must be an array of strings."))?;
        let max_files = match doc.get("maxFiles") {
            None => None,
            Some(v) => Some(
                v.as_f64()
                    .filter(|n| n.is_finite())
                    .ok_or_else(|| invalid("\"maxFiles\" must be a number."))?,
            ),
        };
        let allow = string_list(file, doc.get("autoMergeAllowlist"), "autoMergeAllowlist")?
            .unwrap_or_default();
        Ok(GateFile {
            denylist: deny
                .iter()
                .map(|d| compile(file, "denylist", d, true))
                .collect::<Result<_, _>>()?,
            max_files,
            allowlist: allow
                .iter()
                .map(|a| compile(file, "autoMergeAllowlist", a, false))
                .collect::<Result<_, _>>()?,
        })
    }

    /// Judges `paths` (already normalised by [`normalise_path`]; `Err` entries are paths
    /// outside the repository) for `action`. Every entry counts, in the order given.
    pub fn check(&self, action: Action, paths: &[Result<String, String>]) -> ChangesetDecision {
        let outside: Vec<String> = paths.iter().filter_map(|p| p.clone().err()).collect();
        if !outside.is_empty() {
            let n = outside.len();
            return ChangesetDecision::escalate(
                "outside-repository",
                format!(
                    "{n} path(s) are outside the repository: {}",
                    outside.join(", ")
                ),
                outside,
            );
        }
        let files: Vec<String> = paths.iter().filter_map(|p| p.clone().ok()).collect();
        let hits: Vec<String> = files
            .iter()
            .filter(|f| self.denylist.iter().any(|d| d.is_match(f)))
            .cloned()
            .collect();
        if !hits.is_empty() {
            let r = format!(
                "{} path(s) match the denylist: {}",
                hits.len(),
                hits.join(", ")
            );
            return ChangesetDecision::escalate("denylist", r, hits);
        }
        if let Some(max) = self.max_files
            && files.len() as f64 > max
        {
            let r = format!(
                "{} changed file(s) exceeds the max-files threshold ({})",
                files.len(),
                js_number(max)
            );
            return ChangesetDecision::escalate("file-count", r, files);
        }
        if action == Action::AutoMerge {
            let not: Vec<String> = files
                .iter()
                .filter(|f| !self.allowlist.iter().any(|a| a.is_match(f)))
                .cloned()
                .collect();
            if !not.is_empty() {
                let r = format!(
                    "{} path(s) are not on the auto-merge allowlist: {}",
                    not.len(),
                    not.join(", ")
                );
                return ChangesetDecision::escalate("not-allowlisted", r, not);
            }
        }
        ChangesetDecision {
            allowed: true,
            trigger: "ok",
            reason: "Within policy \u{2014} cleared to proceed.".into(),
            matched_paths: Vec::new(),
        }
    }
}

/// Undoes git's C-style quoting (`"caf\303\251.txt"`) when `p` is spelt that way.
pub fn unquote_git(p: &str) -> String {
    let Some(inner) = p.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return p.to_string();
    };
    let mut bytes = Vec::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut b = [0u8; 4];
            bytes.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            continue;
        }
        match chars.next() {
            Some('n') => bytes.push(b'\n'),
            Some('t') => bytes.push(b'\t'),
            Some('r') => bytes.push(b'\r'),
            Some('a') => bytes.push(7),
            Some('b') => bytes.push(8),
            Some('f') => bytes.push(12),
            Some('v') => bytes.push(11),
            Some(d @ '0'..='7') => {
                let mut v = d.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    if let Some(n) = chars.peek().and_then(|c| c.to_digit(8)) {
                        v = v * 8 + n;
                        chars.next();
                    }
                }
                bytes.push((v & 0xff) as u8);
            }
            Some(o) => {
                let mut b = [0u8; 4];
                bytes.extend_from_slice(o.encode_utf8(&mut b).as_bytes());
            }
            None => bytes.push(b'\\'),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Normalises a changed path to the repository-relative spelling: `cwd` (absolute) is where a
/// relative path starts, `root` the repository root (absolute); a trailing `/` (a folder) stays.
/// `Err` holds a path outside.
pub fn normalise_path(raw: &str, cwd: &str, root: &str) -> Result<String, String> {
    let p = unquote_git(raw.trim_end_matches(['\r', '\n']));
    let abs = crate::path::normalise(&p, Some(cwd), None).ok_or_else(|| raw.to_string())?;
    let root = crate::path::normalise(root, None, None).unwrap_or_else(|| root.to_string());
    if crate::path::is_under(&abs, &root) && abs.len() > root.trim_end_matches('/').len() + 1 {
        let rel = &abs[root.trim_end_matches('/').len() + 1..];
        // `auth/` names the folder: kept so `auth/**` matches it, as loop-gate's does
        Ok(if p.ends_with('/') {
            format!("{rel}/")
        } else {
            rel.to_string()
        })
    } else {
        Err(raw.to_string())
    }
}

/// Parses `git diff -z --name-status` output: every path named (both sides of a rename or
/// copy).
pub fn parse_name_status_z(out: &[u8]) -> Vec<String> {
    let fields: Vec<String> = out
        .split(|b| *b == 0)
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect();
    let mut paths = Vec::new();
    let mut i = 0;
    while i < fields.len() {
        let status = &fields[i];
        if status.is_empty() {
            i += 1;
            continue;
        }
        let two = status.starts_with('R') || status.starts_with('C');
        let n = if two { 2 } else { 1 };
        for k in 1..=n {
            if let Some(p) = fields.get(i + k).filter(|p| !p.is_empty()) {
                paths.push(p.clone());
            }
        }
        i += n + 1;
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    const GATE: &str = "version: 1\ndenylist:\n  - .env\n  - \"**/secrets/**\"\n  - auth/**\nmaxFiles: 3\nautoMergeAllowlist:\n  - docs/**\n  - \"**/*.md\"\n";

    fn judge(action: Action, paths: &[&str]) -> ChangesetDecision {
        let g = GateFile::parse("gate.yaml", GATE).unwrap();
        let ps: Vec<_> = paths
            .iter()
            .map(|p| normalise_path(p, "/repo", "/repo"))
            .collect();
        g.check(action, &ps)
    }

    #[test]
    fn denylist_sees_through_spellings() {
        for p in [
            "./.env",
            "config/.env",
            "/repo/.env",
            "docs/../auth/login.ts",
            "x/.secrets/../secrets/a",
            "\"auth/\\303\\251.ts\"",
            "auth/",
            "./auth//",
        ] {
            assert_eq!(judge(Action::Commit, &[p]).trigger, "denylist", "{p}");
        }
        assert!(judge(Action::Commit, &["src/main.rs"]).allowed);
        assert!(
            judge(Action::Commit, &["auth"]).allowed,
            "minimatch: auth/** needs a child"
        );
        assert_eq!(
            judge(Action::Commit, &["../outside"]).trigger,
            "outside-repository"
        );
    }

    #[test]
    fn order_and_wording_follow_loop_gate() {
        let d = judge(Action::AutoMerge, &["docs/a.md", "README.md"]);
        assert_eq!(
            d.line(),
            "ALLOWED [ok] \u{2014} Within policy \u{2014} cleared to proceed."
        );
        let d = judge(Action::AutoMerge, &["src/main.rs", "docs/x.md"]);
        assert_eq!(d.trigger, "not-allowlisted");
        assert_eq!(d.matched_paths, vec!["src/main.rs"]);
        assert!(judge(Action::Merge, &["src/main.rs"]).allowed);
        let d = judge(Action::Merge, &["a", "b", "c", "a"]);
        assert_eq!(
            d.reason,
            "4 changed file(s) exceeds the max-files threshold (3). Escalating for human review."
        );
        assert_eq!(
            judge(Action::Merge, &["a", "b", "c", ".env"]).trigger,
            "denylist"
        );
        assert!(judge(Action::AutoMerge, &["src/x.md"]).allowed);
    }

    #[test]
    fn schema_is_loop_gates() {
        for (text, want) in [
            ("denylist: []\n", "expected { version: 1"),
            ("version: \"1\"\ndenylist: []\n", "expected { version: 1"),
            ("version: 1\n", "\"denylist\" must be an array of strings."),
            (
                "version: 1\ndenylist: [1]\n",
                "\"denylist\" must be an array",
            ),
            (
                "version: 1\ndenylist: []\nmaxFiles: x\n",
                "\"maxFiles\" must be a number.",
            ),
            (
                "version: 1\ndenylist: []\nautoMergeAllowlist: a\n",
                "\"autoMergeAllowlist\"",
            ),
            ("", "expected { version: 1"),
        ] {
            let e = GateFile::parse("g.yaml", text).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
        let g = GateFile::parse(
            "g",
            "version: 1\ndenylist: ['!src/**', '#x']\nmaxFiles: 2.5\n",
        )
        .unwrap();
        let p = |s: &str| vec![Ok(s.to_string())];
        assert_eq!(g.check(Action::Commit, &p("a")).trigger, "denylist");
        assert!(g.check(Action::Commit, &p("src/a")).allowed);
        assert_eq!(g.max_files, Some(2.5));
    }

    #[test]
    fn name_status_z_counts_both_sides_of_a_rename() {
        let out = b"R100\0auth/login.ts\0docs/login.md\0M\0a b.txt\0A\0caf\xc3\xa9\0";
        assert_eq!(
            parse_name_status_z(out),
            vec!["auth/login.ts", "docs/login.md", "a b.txt", "caf\u{e9}"]
        );
    }
}

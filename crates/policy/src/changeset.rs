//! Changeset policy (`gate.yaml`, the format of loop-gate 1.0.0): may a set of changed paths be
//! committed, merged or auto-merged, or must a person look (escalate)?
//!
//! ```yaml
//! denylist:          # a changed path matching one escalates every action
//!   - .env           # no `/`: matches the name at any depth (config/.env)
//!   - auth/**        # with `/`: from the repository root; `auth/` means `auth/**`
//! maxFiles: 20       # more changed paths than this escalate
//! autoMerge:
//!   allowlist:       # auto-merge only when every changed path matches one
//!     - docs/**
//!     - "**/*.md"
//! ```
//!
//! Paths are normalised before matching (`./`, `..`, absolute paths inside the repository,
//! git's C-quoted spelling); a path outside the repository escalates; denylist entries ignore
//! case (`.ENV`). Pure: the caller lists the paths (for example from `git diff -z`).

use std::collections::BTreeSet;

use globset::{GlobBuilder, GlobMatcher};
use serde::{Deserialize, Serialize};

/// Errors reading a gate file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChangesetError {
    /// Not valid YAML, or a field has the wrong type.
    #[error("{file}: {message}")]
    Parse {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A glob does not compile.
    #[error("{file}: {field}: bad pattern {pattern:?}: {message}")]
    Pattern {
        /// The file.
        file: String,
        /// `denylist` or `autoMerge.allowlist`.
        field: &'static str,
        /// The pattern.
        pattern: String,
        /// Why.
        message: String,
    },
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AutoMergeSpec {
    #[serde(default)]
    allowlist: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct GateSpec {
    #[serde(default)]
    denylist: Vec<String>,
    #[serde(default, alias = "max_files")]
    max_files: Option<u64>,
    #[serde(default, alias = "auto_merge", alias = "auto-merge")]
    auto_merge: Option<AutoMergeSpec>,
    #[serde(default, alias = "auto_merge_allowlist")]
    auto_merge_allowlist: Vec<String>,
    #[serde(flatten)]
    other: std::collections::BTreeMap<String, serde_norway::Value>,
}

#[derive(Debug, Clone)]
struct Pattern {
    source: String,
    matcher: GlobMatcher,
}

/// A parsed `gate.yaml`.
#[derive(Debug, Clone)]
pub struct GateFile {
    denylist: Vec<Pattern>,
    /// The most changed paths any action may have.
    pub max_files: Option<u64>,
    allowlist: Vec<Pattern>,
    /// Top-level keys this version does not know (ignored; the caller may warn).
    pub unknown_keys: Vec<String>,
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

impl std::str::FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Action, String> {
        match s {
            "commit" => Ok(Action::Commit),
            "merge" => Ok(Action::Merge),
            "auto-merge" | "automerge" => Ok(Action::AutoMerge),
            o => Err(format!(
                "unknown action `{o}` (commit | merge | auto-merge)"
            )),
        }
    }
}

/// The answer for one changeset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChangesetDecision {
    /// The action judged.
    pub action: Action,
    /// `allow` or `escalate`.
    pub decision: &'static str,
    /// Whether the action may go ahead without a person.
    pub allowed: bool,
    /// Why it escalates (empty when allowed).
    pub reasons: Vec<String>,
    /// The changed paths, normalised and relative to the repository root.
    pub files: Vec<String>,
}

fn compile(
    file: &str,
    field: &'static str,
    raw: &str,
    ci: bool,
) -> Result<Pattern, ChangesetError> {
    let mut p = raw.trim().trim_start_matches("./").to_string();
    if let Some(stripped) = p.strip_suffix('/') {
        p = format!("{stripped}/**");
    }
    let anchored = p.contains('/');
    let p = p.trim_start_matches('/').to_string();
    let glob = if anchored || p.starts_with("**") {
        p.clone()
    } else {
        format!("**/{p}")
    };
    let err = |e: globset::Error| ChangesetError::Pattern {
        file: file.to_string(),
        field,
        pattern: raw.to_string(),
        message: e.kind().to_string(),
    };
    // a denied directory also covers everything below it (`auth` denies `auth/login.ts`)
    let both = format!("{{{glob},{glob}/**}}");
    let matcher = GlobBuilder::new(&both)
        .literal_separator(true)
        .case_insensitive(ci)
        .build()
        .map_err(err)?
        .compile_matcher();
    Ok(Pattern {
        source: raw.to_string(),
        matcher,
    })
}

impl GateFile {
    /// Parses `gate.yaml` text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<GateFile, ChangesetError> {
        let spec: GateSpec = if text.trim().is_empty() {
            GateSpec::default()
        } else {
            serde_norway::from_str(text).map_err(|e| ChangesetError::Parse {
                file: file.to_string(),
                message: e.to_string(),
            })?
        };
        let mut denylist = Vec::new();
        for d in &spec.denylist {
            denylist.push(compile(file, "denylist", d, true)?);
        }
        let mut allow_src = spec.auto_merge.map(|a| a.allowlist).unwrap_or_default();
        allow_src.extend(spec.auto_merge_allowlist);
        let mut allowlist = Vec::new();
        for a in &allow_src {
            allowlist.push(compile(file, "autoMerge.allowlist", a, false)?);
        }
        Ok(GateFile {
            denylist,
            max_files: spec.max_files,
            allowlist,
            unknown_keys: spec.other.into_keys().filter(|k| k != "version").collect(),
        })
    }

    /// Judges `paths` (already normalised by [`normalise_path`]; `Err` entries are paths
    /// outside the repository) for `action`.
    pub fn check(&self, action: Action, paths: &[Result<String, String>]) -> ChangesetDecision {
        let mut reasons = Vec::new();
        let mut files = BTreeSet::new();
        for p in paths {
            match p {
                Ok(p) => {
                    files.insert(p.clone());
                }
                Err(raw) => reasons.push(format!("{raw}: outside the repository")),
            }
        }
        for f in &files {
            if let Some(d) = self.denylist.iter().find(|d| d.matcher.is_match(f)) {
                reasons.push(format!("{f}: on the denylist ({})", d.source));
            }
        }
        if let Some(max) = self.max_files
            && files.len() as u64 > max
        {
            reasons.push(format!(
                "{} files changed, more than maxFiles {max}",
                files.len()
            ));
        }
        if action == Action::AutoMerge {
            if self.allowlist.is_empty() && !files.is_empty() {
                reasons.push("auto-merge needs an autoMerge.allowlist; there is none".into());
            } else {
                for f in &files {
                    if !self.allowlist.iter().any(|a| a.matcher.is_match(f)) {
                        reasons.push(format!("{f}: not on the auto-merge allowlist"));
                    }
                }
            }
        }
        let allowed = reasons.is_empty();
        ChangesetDecision {
            action,
            decision: if allowed { "allow" } else { "escalate" },
            allowed,
            reasons,
            files: files.into_iter().collect(),
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
/// relative path starts, `root` the repository root (absolute). `Err` holds a path outside.
pub fn normalise_path(raw: &str, cwd: &str, root: &str) -> Result<String, String> {
    let p = unquote_git(raw.trim_end_matches(['\r', '\n']));
    let abs = crate::path::normalise(&p, Some(cwd), None).ok_or_else(|| raw.to_string())?;
    let root = crate::path::normalise(root, None, None).unwrap_or_else(|| root.to_string());
    if crate::path::is_under(&abs, &root) && abs.len() > root.trim_end_matches('/').len() + 1 {
        Ok(abs[root.trim_end_matches('/').len() + 1..].to_string())
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

    const GATE: &str = "denylist:\n  - .env\n  - auth/**\n  - secrets/\nmaxFiles: 3\nautoMerge:\n  allowlist:\n    - docs/**\n    - \"**/*.md\"\n";

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
            ".ENV",
            "secrets/a/b",
            "\"auth/\\303\\251.ts\"",
        ] {
            assert!(!judge(Action::Commit, &[p]).allowed, "{p}");
        }
        assert!(judge(Action::Commit, &["src/main.rs"]).allowed);
        assert!(!judge(Action::Commit, &["../outside"]).allowed);
    }

    #[test]
    fn auto_merge_and_max_files() {
        assert!(judge(Action::AutoMerge, &["docs/a.md", "README.md"]).allowed);
        assert!(!judge(Action::AutoMerge, &["src/main.rs"]).allowed);
        assert!(judge(Action::Merge, &["src/main.rs"]).allowed);
        assert!(!judge(Action::Merge, &["a", "b", "c", "d"]).allowed);
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

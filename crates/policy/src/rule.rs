//! Rules: what a rule file says, compiled selectors, and matching a rule against a part.

use globset::{Glob, GlobBuilder, GlobMatcher, GlobSet, GlobSetBuilder};
use loopwright_protocol::tool::ToolRole;
use serde::{Deserialize, Serialize};

use crate::command_match::{match_exact, match_glob, match_prefix};
use crate::path::{NormPath, PathContext};
use crate::select::CallSelector;
use crate::shell::{Part, PartKind, PathArg, Pattern};
use crate::verdict::Verdict;
use crate::words::split_selector;

/// One string or a list of strings (`tool = "shell"` or `tool = ["write_file", "edit_file"]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany {
    /// A single value.
    One(String),
    /// Several values; any may match.
    Many(Vec<String>),
}

impl OneOrMany {
    /// The values as a list.
    pub fn to_vec(&self) -> Vec<String> {
        match self {
            OneOrMany::One(s) => vec![s.clone()],
            OneOrMany::Many(v) => v.clone(),
        }
    }
}

/// Where a path lies relative to the workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Location {
    /// Inside the workspace (or a writable root).
    Inside,
    /// Outside the workspace.
    Outside,
}

/// A rule as written in a TOML file (`[[rule]]`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// `allow`, `deny` or `ask`.
    pub verdict: Option<Verdict>,
    /// Tool name(s) the rule applies to; `"*"` or absent: any tool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<OneOrMany>,
    /// Role(s) the rule applies to (`read`, `write`, `shell`, `other`): a shell redirection
    /// writes (`write`) like `write_file` does; `"*"` or absent: any role.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<OneOrMany>,
    /// Program and leading arguments, matched as a prefix of words (`git push`); a list
    /// matches when any entry does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<OneOrMany>,
    /// The whole simple command, word for word (`git status`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    /// A glob over the simple command's words joined by spaces (`npm run *`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glob: Option<String>,
    /// Glob(s) over the normalised path (`**/.env*`, `~/.ssh/**`, `src/**`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<OneOrMany>,
    /// `inside` or `outside` the workspace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workspace: Option<Location>,
    /// Path globs the rule does not cover even when `path` matches (`**/*.example`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub except: Option<OneOrMany>,
    /// Why (shown to the user and the model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Commands (or paths, for path-only rules) the rule must match; checked at load.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<String>,
    /// Commands (or paths) the rule must not match; checked at load.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_examples: Vec<String>,
}

/// Why a rule does not compile; the message names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// No `verdict`.
    #[error("missing field `verdict` (allow | deny | ask)")]
    MissingVerdict,
    /// A glob (`tool`, `glob`, `path`, `except`) does not compile.
    #[error("field `{field}`: {message}")]
    Glob {
        /// The field.
        field: &'static str,
        /// What the glob parser said.
        message: String,
    },
    /// A `command` or `exact` selector has no words.
    #[error("field `{field}` is empty")]
    Empty {
        /// The field.
        field: &'static str,
    },
    /// A `role` value that is not `read`, `write`, `shell`, `other` or `*`.
    #[error("field `role`: unknown role {value:?} (read | write | shell | other)")]
    Role {
        /// The value.
        value: String,
    },
    /// `except` without `path`.
    #[error("field `except` needs a `path` to take exceptions from")]
    ExceptWithoutPath,
    /// Nothing to select on (an allow rule would match everything).
    #[error(
        "a rule needs at least one matcher (`tool`, `role`, `command`, `exact`, `glob`, `path` or `workspace`); an allow rule cannot match everything"
    )]
    NoMatcher,
}

fn glob_error(field: &'static str) -> impl Fn(globset::Error) -> RuleError {
    move |e| RuleError::Glob {
        field,
        message: e.to_string(),
    }
}

/// How sure a selector is that it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Match {
    /// It does not match.
    No,
    /// It may match, depending on values only known at run time.
    Maybe,
    /// It matches.
    Yes,
}

#[derive(Debug, Clone)]
pub(crate) struct PathGlob {
    pub(crate) matcher: GlobMatcher,
    pub(crate) probes: Vec<String>,
    pub(crate) source: String,
    /// The last component of `source`, compiled ignoring case.
    pub(crate) last_ci: Option<GlobMatcher>,
    /// Where `source` is rooted (its literal prefix, resolved once where it can be).
    pub(crate) root: crate::patterns::GlobRoot,
}

/// A compiled rule.
#[derive(Debug, Clone)]
pub struct Rule {
    /// The rule as written.
    pub spec: RuleSpec,
    /// The verdict when it matches.
    pub verdict: Verdict,
    /// Unique per compiled rule (see [`crate::patmemo`]).
    pub(crate) id: u64,
    calls: CallSelector,
    prefix: Option<Vec<Vec<String>>>,
    exact: Option<Vec<String>>,
    glob: Option<GlobMatcher>,
    paths: Vec<PathGlob>,
    /// `paths` as one set (one search per spelling, however many globs).
    path_set: GlobSet,
    except: GlobSet,
}

/// Compiles a path glob (`*` stops at `/`, `**` crosses directories).
pub fn path_glob(pattern: &str) -> Result<GlobMatcher, globset::Error> {
    Ok(GlobBuilder::new(pattern)
        .literal_separator(true)
        .backslash_escape(true)
        .build()?
        .compile_matcher())
}

/// Compiles a path glob that ignores case (deny and ask rules: `.ENV` is `.env`).
pub fn path_glob_ci(pattern: &str) -> Result<GlobMatcher, globset::Error> {
    Ok(GlobBuilder::new(pattern)
        .literal_separator(true)
        .backslash_escape(true)
        .case_insensitive(true)
        .build()?
        .compile_matcher())
}

/// Sample file names a path glob's last component could match (to test wildcard arguments).
fn probes(pattern: &str) -> Vec<String> {
    let last = pattern.rsplit('/').next().unwrap_or(pattern);
    let mut a = String::new();
    let mut b = String::new();
    let mut chars = last.chars();
    while let Some(c) = chars.next() {
        match c {
            '*' => b.push('x'),
            '?' => {
                a.push('x');
                b.push('x');
            }
            '[' => {
                let first = chars.next().unwrap_or('x');
                for c in chars.by_ref() {
                    if c == ']' {
                        break;
                    }
                }
                a.push(first);
                b.push(first);
            }
            '{' => {
                let alt: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let first = alt.split(',').next().unwrap_or("").to_string();
                a.push_str(&first);
                b.push_str(&first);
            }
            '\\' => {
                if let Some(n) = chars.next() {
                    a.push(n);
                    b.push(n);
                }
            }
            c => {
                a.push(c);
                b.push(c);
            }
        }
    }
    let mut v = vec![a, b];
    v.retain(|s| !s.is_empty());
    v.dedup();
    v
}

/// The `path` globs of a rule (with their probes) and its `except` globs; deny and ask rules
/// match case-insensitively (`ci`), so a case change cannot slip past them.
type CompiledPaths = (Vec<PathGlob>, GlobSet, GlobSet);

fn glob_set(patterns: &[String], ci: bool, field: &'static str) -> Result<GlobSet, RuleError> {
    let mut b = GlobSetBuilder::new();
    for p in patterns {
        b.add(
            GlobBuilder::new(p)
                .literal_separator(true)
                .backslash_escape(true)
                .case_insensitive(ci)
                .build()
                .map_err(glob_error(field))?,
        );
    }
    b.build().map_err(glob_error(field))
}

fn compile_paths(spec: &RuleSpec, ci: bool) -> Result<CompiledPaths, RuleError> {
    let compile = |p: &str| if ci { path_glob_ci(p) } else { path_glob(p) };
    let sources = spec
        .path
        .as_ref()
        .map(OneOrMany::to_vec)
        .unwrap_or_default();
    let excepts = spec
        .except
        .as_ref()
        .map(OneOrMany::to_vec)
        .unwrap_or_default();
    let path_set = glob_set(&sources, ci, "path")?;
    let except = glob_set(&excepts, ci, "except")?;
    let mut paths = Vec::new();
    for p in sources {
        let matcher = compile(&p).map_err(glob_error("path"))?;
        let last = p.rsplit('/').next().unwrap_or(&p);
        paths.push(PathGlob {
            matcher,
            probes: probes(&p),
            last_ci: path_glob_ci(last).ok(),
            root: crate::patterns::GlobRoot::of(&p),
            source: p,
        });
    }
    Ok((paths, path_set, except))
}

impl Rule {
    /// Compiles a rule; the error names the bad field.
    pub fn compile(spec: RuleSpec) -> Result<Rule, RuleError> {
        let verdict = spec.verdict.ok_or(RuleError::MissingVerdict)?;
        let calls = CallSelector::compile(spec.tool.as_ref(), spec.role.as_ref())?;
        let words =
            |field: &'static str, s: &Option<String>| -> Result<Option<Vec<String>>, RuleError> {
                match s {
                    None => Ok(None),
                    Some(s) => {
                        let w = split_selector(s);
                        if w.is_empty() {
                            Err(RuleError::Empty { field })
                        } else {
                            Ok(Some(w))
                        }
                    }
                }
            };
        let prefix = match &spec.command {
            None => None,
            Some(c) => {
                let mut all = Vec::new();
                for entry in c.to_vec() {
                    all.extend(words("command", &Some(entry))?);
                }
                if all.is_empty() {
                    return Err(RuleError::Empty { field: "command" });
                }
                Some(all)
            }
        };
        let exact = words("exact", &spec.exact)?;
        let glob = match &spec.glob {
            None => None,
            Some(g) => Some(Glob::new(g).map_err(glob_error("glob"))?.compile_matcher()),
        };
        let (paths, path_set, except) = compile_paths(&spec, verdict != Verdict::Allow)?;
        if !except.is_empty() && paths.is_empty() {
            return Err(RuleError::ExceptWithoutPath);
        }
        let any_call = calls.is_any();
        let no_selector = prefix.is_none()
            && exact.is_none()
            && glob.is_none()
            && paths.is_empty()
            && spec.workspace.is_none();
        let unnamed = spec.tool.is_none() && spec.role.is_none();
        if no_selector && any_call && (unnamed || verdict == Verdict::Allow) {
            return Err(RuleError::NoMatcher);
        }
        Ok(Rule {
            verdict,
            id: crate::patmemo::next_rule_id(),
            calls,
            prefix,
            exact,
            glob,
            paths,
            path_set,
            except,
            spec,
        })
    }

    /// Whether the rule has a command selector (`command`, `exact` or `glob`).
    pub fn has_command(&self) -> bool {
        self.prefix.is_some() || self.exact.is_some() || self.glob.is_some()
    }

    /// The tools the rule names (empty: any).
    pub fn tools(&self) -> &[String] {
        &self.calls.names
    }

    /// The roles the rule names (empty: any).
    pub fn roles(&self) -> &[ToolRole] {
        &self.calls.roles
    }

    /// Whether the rule applies to a call of tool `name` with role `role`: it names no tool or
    /// names it (or a glob matching it, `mcp__git__*`), and names no role or names `role`.
    pub fn matches_call(&self, name: &str, role: ToolRole) -> bool {
        self.calls.matches(name, role)
    }

    /// How well this rule matches `part`. Allow rules only ever match the stripped command
    /// word for word; deny and ask rules also see through options placed before a subcommand.
    pub fn matches(&self, part: &Part, ctx: &PathContext<'_>) -> Match {
        if !self.matches_call(&part.tool, part.role) {
            return Match::No;
        }
        let mut m = Match::Yes;
        if self.has_command() {
            if !matches!(part.kind, PartKind::Exec | PartKind::Wrapper) {
                return Match::No;
            }
            let strict = self.verdict == Verdict::Allow;
            if let Some(prefixes) = &self.prefix {
                let best = prefixes
                    .iter()
                    .map(|p| {
                        if strict {
                            match_prefix(p, &part.words, true)
                        } else {
                            crate::options::match_loose(p, &part.words)
                        }
                    })
                    .max();
                m = m.min(best.unwrap_or(Match::No));
            }
            if let Some(exact) = &self.exact {
                m = m.min(match_exact(exact, &part.words, part.open_ended));
            }
            if let Some(glob) = &self.glob {
                m = m.min(match_glob(glob, &part.words));
            }
            if m == Match::No {
                return m;
            }
        }
        if !self.paths.is_empty() || self.spec.workspace.is_some() {
            m = m.min(self.match_paths(&part.paths, ctx));
        }
        m
    }

    /// Deny and ask rules match when any path matches; an allow rule only when every path
    /// does (a tool's path and the same path with symlinks resolved are two paths: a link
    /// inside the workspace to a file outside is not "inside").
    fn match_paths(&self, paths: &[PathArg], ctx: &PathContext<'_>) -> Match {
        if self.verdict == Verdict::Allow && paths.len() > 1 {
            return paths
                .iter()
                .map(|arg| self.match_paths(std::slice::from_ref(arg), ctx))
                .min()
                .unwrap_or(Match::No);
        }
        let mut best = Match::No;
        for arg in paths {
            let m = match arg {
                PathArg::Known(p) => self.match_norm(p),
                PathArg::Pattern(pat) => self.pattern_remembered(pat, ctx),
                PathArg::Relative(rel) => self.match_relative(rel),
                PathArg::Below { dir, all } => self.below_remembered(dir, all, ctx),
                PathArg::Unknown if self.verdict != Verdict::Allow => Match::Maybe,
                PathArg::Unknown => Match::No,
            };
            best = best.max(m);
            if best == Match::Yes {
                break;
            }
        }
        best
    }

    fn match_norm(&self, p: &NormPath) -> Match {
        let loc_ok = match self.spec.workspace {
            Some(Location::Inside) => p.inside,
            Some(Location::Outside) => !p.inside,
            None => true,
        };
        let glob_ok = self.paths.is_empty()
            || (p.spellings.iter().any(|s| self.path_set.is_match(s))
                && !p.spellings.iter().any(|s| self.except.is_match(s)));
        if loc_ok && glob_ok {
            Match::Yes
        } else {
            Match::No
        }
    }

    /// A relative path whose base directory is unknown: `**/`-globs still decide; anything
    /// else is only a possibility for deny and ask rules.
    fn match_relative(&self, rel: &str) -> Match {
        if self.spec.workspace.is_none()
            && self.spec.path.as_ref().is_some_and(|p| {
                p.to_vec()
                    .iter()
                    .zip(&self.paths)
                    .any(|(src, g)| src.starts_with("**/") && g.matcher.is_match(rel))
            })
        {
            return Match::Yes;
        }
        if self.verdict == Verdict::Allow {
            Match::No
        } else {
            Match::Maybe
        }
    }

    /// A wildcard argument (`.e*`) may name a file this rule covers. Deny and ask rules get
    /// `Maybe` when it could; allow rules match only when every expansion surely matches.
    pub(crate) fn match_pattern(&self, pat: &Pattern, ctx: &PathContext<'_>) -> Match {
        let allow = self.verdict == Verdict::Allow;
        if pat.split && !crate::xsplit::names_exact(pat, ctx) {
            // the words xargs makes may be anything: no allow rule is sure, any other may match
            return if allow { Match::No } else { Match::Maybe };
        }
        let (dir, _) = pat.text.rsplit_once('/').unwrap_or(("", &pat.text));
        let wild_dir = dir.contains(['*', '?', '[', '{']);
        if wild_dir && allow && (self.spec.workspace.is_none() || dir.contains(['[', '{'])) {
            return Match::No;
        }
        if pat.glob.is_none() {
            return Match::Maybe;
        }
        // `src/**/*.py`: every expansion lies below the literal prefix
        let prefix = crate::patterns::literal_prefix(&pat.text);
        let dir_abs = if wild_dir {
            prefix.as_str()
        } else if dir.is_empty() {
            "/"
        } else {
            dir
        };
        // `/**/x` (a word starting with an expansion): inside the workspace or outside it
        let anywhere = wild_dir && dir_abs.trim_end_matches('/').is_empty();
        if let Some(loc) = self.spec.workspace {
            // every expansion is a direct child of `dir`
            let inside = crate::path::children_inside(dir_abs, ctx);
            let ok = anywhere || (loc == Location::Inside) == inside;
            if !ok || (anywhere && allow) {
                return Match::No;
            }
            if self.paths.is_empty() {
                return if anywhere { Match::Maybe } else { Match::Yes };
            }
        }
        if allow {
            // an allow rule must be sure about every expansion: only a location can be
            return Match::No;
        }
        if crate::patterns::surely_matches(self, pat, ctx)
            && !(anywhere && self.spec.workspace.is_some())
        {
            Match::Yes
        } else if crate::patterns::may_match(self, pat, ctx) {
            self.match_listed_pattern(pat, ctx)
                .unwrap_or_else(|| self.below_typed(pat, ctx))
        } else {
            Match::No
        }
    }

    /// Every file below `dir`. Below the workspace root or outside it, anything a rule covers
    /// may be there unless the caller listed the directory (`Request::listings`); below a subdirectory of the workspace only what a rule names there
    /// (`secrets/**`, `config/secrets` itself) — the tree is not listed here.
    pub(crate) fn match_below(&self, dir: &str, all: &Pattern, ctx: &PathContext<'_>) -> Match {
        let np = NormPath::from_absolute(dir.to_string(), ctx);
        if self.verdict == Verdict::Allow {
            return self.match_pattern(all, ctx);
        }
        if all.split && !crate::xsplit::names_exact(all, ctx) {
            return Match::Maybe;
        }
        if !np.inside {
            // the workspace root or a place outside: anything a rule covers may be there, unless
            // the caller listed it (a rule that surely covers all of it still does)
            let m = self.match_pattern(all, ctx);
            if m != Match::Maybe || self.paths.is_empty() {
                return m;
            }
            return self.match_listed(dir, ctx).unwrap_or(m);
        }
        if self.spec.workspace == Some(Location::Outside) {
            return Match::No;
        }
        if self.paths.is_empty() {
            return self.match_pattern(all, ctx);
        }
        self.below_subdir(dir, ctx)
    }

    /// The compiled path globs with their source text and probes.
    pub(crate) fn path_globs(&self) -> &[PathGlob] {
        &self.paths
    }

    /// Whether a known path matches the rule's path and location selectors.
    pub(crate) fn matches_norm(&self, p: &NormPath) -> bool {
        self.match_norm(p) == Match::Yes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_of_globs() {
        assert_eq!(probes("**/.env*"), vec![".env", ".envx"]);
        assert_eq!(probes("**/*.pem"), vec![".pem", "x.pem"]);
        assert_eq!(probes("~/.ssh/**"), vec!["xx"]);
    }

    #[test]
    fn compile_errors_name_the_field() {
        let e = Rule::compile(RuleSpec {
            verdict: Some(Verdict::Deny),
            path: Some(OneOrMany::One("a[".into())),
            ..Default::default()
        })
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
        assert!(e.contains("`path`"), "{e}");
        let e = Rule::compile(RuleSpec::default()).err();
        assert_eq!(e, Some(RuleError::MissingVerdict));
        let e = e.map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("`verdict`"), "{e}");
    }
}

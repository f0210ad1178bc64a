//! Layers, merging, and the verdict for a request.

use loopwright_protocol::tool::ToolRole;
use serde::{Deserialize, Serialize};

use crate::path::{NormPath, PathContext};
use crate::rule::{Match, Rule, RuleSpec};
use crate::shell::{Part, PartKind, PathArg, analyse};
use crate::verdict::Verdict;

/// Where a layer of rules comes from. Precedence (after all denies): command line, user,
/// project, built-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LayerKind {
    /// `--rules FILE` on the command line (or rules handed in by an embedding program).
    Rules,
    /// The user's file (`~/.config/loopwright/gate.toml`).
    User,
    /// The project's file (`.loop/gate.toml`).
    Project,
    /// The built-in defaults.
    Builtin,
}

impl LayerKind {
    /// Lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            LayerKind::Rules => "rules",
            LayerKind::User => "user",
            LayerKind::Project => "project",
            LayerKind::Builtin => "builtin",
        }
    }
}

/// Errors loading a rule file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The file is not valid TOML or has unknown fields.
    #[error("{file}: {message}")]
    Parse {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A rule is invalid (bad glob, missing verdict, ...).
    #[error("{file}: rule {index}: {message}")]
    Rule {
        /// The file.
        file: String,
        /// The rule's 1-based position in the file.
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// An example or not-example of a rule does not behave as declared.
    #[error("{file}: rule {index}: {kind} {example:?} {problem}")]
    Example {
        /// The file.
        file: String,
        /// The rule's 1-based position in the file.
        index: usize,
        /// `example` or `not_example`.
        kind: &'static str,
        /// The offending example.
        example: String,
        /// `does not match the rule` or `matches the rule`.
        problem: &'static str,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    #[serde(default)]
    writable_roots: Vec<String>,
    #[serde(default)]
    rule: Vec<RuleSpec>,
}

/// One file's rules.
#[derive(Debug, Clone)]
pub struct Layer {
    /// Where the rules come from.
    pub kind: LayerKind,
    /// The file name shown in verdicts and errors.
    pub file: String,
    /// The rules, in file order.
    pub rules: Vec<Rule>,
    /// Extra directories that count as inside the workspace (not allowed in project files).
    pub writable_roots: Vec<String>,
}

/// Workspace and home used to check examples in rule files.
const EXAMPLE_WORKSPACE: &str = "/workspace";
const EXAMPLE_HOME: &str = "/home/user";

impl Layer {
    /// Parses and checks a rule file: every rule compiles, every example matches its rule and
    /// no not-example does.
    pub fn parse(kind: LayerKind, file: &str, text: &str) -> Result<Layer, LoadError> {
        let spec: FileSpec = toml::from_str(text).map_err(|e| LoadError::Parse {
            file: file.to_string(),
            message: e.to_string().trim_end().to_string(),
        })?;
        if kind == LayerKind::Project && !spec.writable_roots.is_empty() {
            return Err(LoadError::Parse {
                file: file.to_string(),
                message:
                    "`writable_roots` is not allowed in a project file (it would widen a deny)"
                        .into(),
            });
        }
        let mut rules = Vec::new();
        for (i, r) in spec.rule.into_iter().enumerate() {
            let rule = Rule::compile(r).map_err(|e| LoadError::Rule {
                file: file.to_string(),
                index: i + 1,
                message: e.to_string(),
            })?;
            check_examples(&rule, file, i + 1)?;
            rules.push(rule);
        }
        Ok(Layer {
            kind,
            file: file.to_string(),
            rules,
            writable_roots: spec.writable_roots,
        })
    }

    /// The built-in defaults: deny writes outside the workspace and access to secrets
    /// (`**/.env*`, `**/*.pem`, `~/.ssh/**`), ask for `sudo`/`doas`, allow reading inside the
    /// workspace.
    pub fn builtin() -> Result<Layer, LoadError> {
        Layer::parse(
            LayerKind::Builtin,
            "<builtin>",
            include_str!("defaults.toml"),
        )
    }
}

/// The roles a rule's examples are tried in: the roles it names; else `shell` (examples are
/// commands) for a rule with a command selector; else `read` (examples are paths).
fn example_roles(rule: &Rule) -> Vec<ToolRole> {
    if !rule.roles().is_empty() {
        rule.roles().to_vec()
    } else if rule.has_command() {
        vec![ToolRole::Shell]
    } else {
        vec![ToolRole::Read]
    }
}

fn check_examples(rule: &Rule, file: &str, index: usize) -> Result<(), LoadError> {
    let ctx = PathContext {
        workspace: EXAMPLE_WORKSPACE,
        home: Some(EXAMPLE_HOME),
        writable_roots: &[],
        listings: &[],
    };
    // a call of the first tool the rule names (a glob such as `mcp__*` matches its own text)
    let tool = rule.tools().first().map_or("", String::as_str);
    let roles = example_roles(rule);
    // an example hits when the rule matches it in one of the roles it is tried in: a command
    // for `shell`, a path for the others
    let hits = |ex: &str| -> bool {
        roles.iter().any(|&role| {
            if role == ToolRole::Shell {
                analyse(ex, &ctx).iter_mut().any(|p| {
                    p.tool = tool.to_string();
                    !(p.kind == PartKind::Wrapper && rule.verdict == Verdict::Allow)
                        && rule.matches(p, &ctx) == Match::Yes
                })
            } else {
                let part = tool_part(tool, role, Some(ex), None, &ctx);
                rule.matches(&part, &ctx) == Match::Yes
            }
        })
    };
    let err = |kind, example: &str, problem| LoadError::Example {
        file: file.to_string(),
        index,
        kind,
        example: example.to_string(),
        problem,
    };
    for ex in &rule.spec.examples {
        if !hits(ex) {
            return Err(err("example", ex, "does not match the rule"));
        }
    }
    for ex in &rule.spec.not_examples {
        if hits(ex) {
            return Err(err("not_example", ex, "matches the rule"));
        }
    }
    Ok(())
}

/// The part for a non-shell tool call.
fn tool_part(
    tool: &str,
    role: ToolRole,
    path: Option<&str>,
    resolved: Option<&str>,
    ctx: &PathContext<'_>,
) -> Part {
    let mut part = Part {
        kind: PartKind::Tool,
        tool: tool.to_string(),
        role,
        text: path.unwrap_or("").to_string(),
        words: Vec::new(),
        paths: Vec::new(),
        open_ended: false,
        uncertain: None,
        runs_unknown_code: false,
    };
    for p in [path, resolved].into_iter().flatten() {
        match NormPath::new(p, Some(ctx.workspace), ctx) {
            Some(n) => part.paths.push(PathArg::Known(n)),
            None => part.uncertain = Some(format!("the path `{p}` cannot be resolved")),
        }
    }
    part
}

/// A rule's place: which file, which rule in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleRef {
    /// The layer.
    pub layer: LayerKind,
    /// The file (or `<builtin>`).
    pub file: String,
    /// 1-based position in the file.
    pub index: usize,
}

/// What to judge: one tool call.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    /// The tool's name (`shell`, `read_file`, `mcp__git__git_status`, ...): `tool = ...` rules
    /// select on it; nothing else reads it.
    pub tool: String,
    /// What the tool does, set by whoever knows the tool (the agent's tool registry, `loop gate
    /// check`, the hooks): a [`ToolRole::Shell`] request is judged by its `command`, the others
    /// by their `path`. The built-in rules select on it.
    pub role: ToolRole,
    /// The command line, for a [`ToolRole::Shell`] request.
    pub command: Option<String>,
    /// The path, for file tools (relative to the workspace or absolute).
    pub path: Option<String>,
    /// The path with symlinks resolved, when the caller could resolve it; judged as well.
    pub resolved_path: Option<String>,
    /// The workspace root (absolute); shell commands start there.
    pub workspace: String,
    /// The home directory (absolute), for `~`.
    pub home: Option<String>,
    /// What the caller found below the directories [`Policy::recursive_dirs`] named; without
    /// them, a recursive read of a workspace subdirectory is judged by what the rules name there.
    pub listings: Vec<crate::path::Listing>,
    /// Path arguments of a shell command with symlinks resolved (`(path, target)`, both
    /// absolute), for the paths [`Policy::lookups`] named that the caller found to be links:
    /// the target is judged as well (`cat link` where `link -> ~/.ssh/id_rsa`).
    pub resolved_args: Vec<(String, String)>,
}

impl Request {
    /// A shell command run in `workspace` by the tool called `shell` (set [`Request::tool`]
    /// for another name).
    pub fn shell(command: &str, workspace: &str) -> Request {
        Request {
            tool: "shell".into(),
            role: ToolRole::Shell,
            command: Some(command.into()),
            workspace: workspace.into(),
            ..Request::default()
        }
    }

    /// A call of the file tool `tool` (`read_file`, `write_file`, ...) doing `role` on `path`.
    pub fn file(role: ToolRole, tool: &str, path: &str, workspace: &str) -> Request {
        Request {
            tool: tool.into(),
            role,
            path: Some(path.into()),
            workspace: workspace.into(),
            ..Request::default()
        }
    }

    /// Sets the home directory.
    pub fn with_home(mut self, home: &str) -> Request {
        self.home = Some(home.into());
        self
    }
}

/// The verdict of one part of a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PartVerdict {
    /// `exec`, `wrapper`, `write`, `read`, `tool` or `opaque`.
    pub kind: &'static str,
    /// The tool called.
    pub tool: String,
    /// What the part does (`read`, `write`, `shell`, `other`).
    pub role: ToolRole,
    /// The part's text.
    pub text: String,
    /// Its verdict.
    pub verdict: Verdict,
    /// Why.
    pub reason: String,
    /// The deciding rule, if one matched.
    pub rule: Option<RuleRef>,
    /// The part is `ask` because a deny rule may match it (a value known only at run time):
    /// an "approve every ask" mode (`--yolo`) must not run it.
    pub may_deny: bool,
}

/// The gate's answer for a request: the strictest verdict of its parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    /// The overall verdict (deny > ask > allow over the parts).
    pub verdict: Verdict,
    /// Why (from the deciding part).
    pub reason: String,
    /// The rule that decided (from the deciding part), if any.
    pub rule: Option<RuleRef>,
    /// Every part's verdict.
    pub parts: Vec<PartVerdict>,
    /// Some part is `ask` only because a deny rule may match it: never lift it without a
    /// person (`--yolo` denies it).
    pub may_deny: bool,
}

/// The merged rule chain.
#[derive(Debug, Clone)]
pub struct Policy {
    pub(crate) chain: Vec<(RuleRef, Rule)>,
    pub(crate) writable_roots: Vec<String>,
}

impl Policy {
    /// Merges layers: all deny rules first, then the rest; within each group by layer
    /// precedence (command line, user, project, built-in) and file order.
    pub fn load(layers: impl IntoIterator<Item = Layer>) -> Policy {
        let mut layers: Vec<Layer> = layers.into_iter().collect();
        layers.sort_by_key(|l| l.kind);
        let mut denies = Vec::new();
        let mut rest = Vec::new();
        let mut writable_roots = Vec::new();
        for layer in layers {
            writable_roots.extend(layer.writable_roots);
            for (i, rule) in layer.rules.into_iter().enumerate() {
                let r = RuleRef {
                    layer: layer.kind,
                    file: layer.file.clone(),
                    index: i + 1,
                };
                if rule.verdict == Verdict::Deny {
                    denies.push((r, rule));
                } else {
                    rest.push((r, rule));
                }
            }
        }
        denies.extend(rest);
        Policy {
            chain: denies,
            writable_roots,
        }
    }

    /// The merged chain, in the order rules are tried.
    pub fn chain(&self) -> &[(RuleRef, Rule)] {
        &self.chain
    }

    /// Judges a request. Pure: symlinks must already be resolved into `resolved_path`.
    pub fn check(&self, req: &Request) -> Decision {
        let ctx = PathContext {
            workspace: &req.workspace,
            home: req.home.as_deref(),
            writable_roots: &self.writable_roots,
            listings: &req.listings,
        };
        let parts = if req.role == ToolRole::Shell {
            let mut parts = match &req.command {
                Some(c) => analyse(c, &ctx),
                None => Vec::new(),
            };
            for p in &mut parts {
                p.tool.clone_from(&req.tool);
                let targets: Vec<PathArg> = p
                    .paths
                    .iter()
                    .filter_map(|a| match a {
                        PathArg::Known(np) => req
                            .resolved_args
                            .iter()
                            .find(|(from, to)| *from == np.absolute && *to != np.absolute),
                        _ => None,
                    })
                    .map(|(_, to)| PathArg::Known(NormPath::from_absolute(to.clone(), &ctx)))
                    .collect();
                p.paths.extend(targets);
            }
            parts
        } else {
            vec![tool_part(
                &req.tool,
                req.role,
                req.path.as_deref(),
                req.resolved_path.as_deref(),
                &ctx,
            )]
        };
        let verdicts: Vec<PartVerdict> = parts.iter().map(|p| self.judge(p, &ctx)).collect();
        let Some(decider) = verdicts
            .iter()
            .fold(None::<&PartVerdict>, |best, v| match best {
                Some(b) if b.verdict >= v.verdict => Some(b),
                _ => Some(v),
            })
        else {
            // a script that parsed into no part only assigns variables or holds comments: it
            // runs and reads nothing (assigned substitutions are parts of their own)
            let assigns_only = req.role == ToolRole::Shell
                && req.command.as_deref().is_some_and(|c| !c.trim().is_empty());
            if assigns_only {
                return Decision {
                    verdict: Verdict::Allow,
                    reason: "runs nothing (variable assignments only)".into(),
                    rule: None,
                    parts: verdicts,
                    may_deny: false,
                };
            }
            return Decision {
                verdict: Verdict::Ask,
                reason: "nothing to judge (empty command)".into(),
                rule: None,
                parts: verdicts,
                may_deny: false,
            };
        };
        let may_deny = decider.verdict == Verdict::Ask && verdicts.iter().any(|v| v.may_deny);
        Decision {
            verdict: decider.verdict,
            reason: decider.reason.clone(),
            rule: decider.rule.clone(),
            parts: verdicts.clone(),
            may_deny,
        }
    }

    fn judge(&self, part: &Part, ctx: &PathContext<'_>) -> PartVerdict {
        let mut out = PartVerdict {
            kind: part.kind.as_str(),
            tool: part.tool.clone(),
            role: part.role,
            text: part.text.clone(),
            verdict: Verdict::Ask,
            reason: String::new(),
            rule: None,
            may_deny: false,
        };
        let mut decided = false;
        let mut deny_maybe = false;
        // a deny/ask rule that may match makes the part at least `ask`; a later rule that
        // surely matches can still make it `deny`
        let mut maybe: Option<(RuleRef, String)> = None;
        for (r, rule) in &self.chain {
            if part.kind == PartKind::Wrapper && rule.verdict == Verdict::Allow {
                continue;
            }
            let why = || {
                rule.spec
                    .reason
                    .clone()
                    .unwrap_or_else(|| format!("{} rule", rule.verdict))
            };
            match rule.matches(part, ctx) {
                Match::Yes => {
                    match (&maybe, rule.verdict) {
                        (Some((mr, mwhy)), Verdict::Allow) => {
                            out.verdict = Verdict::Ask;
                            out.reason = mwhy.clone();
                            out.rule = Some(mr.clone());
                        }
                        _ => {
                            out.verdict = rule.verdict;
                            out.reason = why();
                            out.rule = Some(r.clone());
                        }
                    }
                    decided = true;
                    break;
                }
                Match::Maybe if rule.verdict == Verdict::Deny && maybe.is_some() => {
                    deny_maybe = true;
                }
                Match::Maybe if rule.verdict != Verdict::Allow && maybe.is_none() => {
                    deny_maybe |= rule.verdict == Verdict::Deny;
                    let text = format!(
                        "may match a {} rule ({}); the value is only known at run time",
                        rule.verdict,
                        why()
                    );
                    maybe = Some((r.clone(), text));
                }
                _ => {}
            }
        }
        if !decided && let Some((mr, mwhy)) = maybe {
            out.verdict = Verdict::Ask;
            out.reason = mwhy;
            out.rule = Some(mr);
            decided = true;
        }
        if !decided {
            if part.kind == PartKind::Wrapper {
                out.verdict = Verdict::Allow;
                out.reason = "wrapper: judged by the command it runs".into();
            } else {
                out.reason = "no rule matches (default ask)".into();
            }
        }
        // a shell string that cannot be read (`eval "$X"`, unparseable input) may be any
        // command, a denied one too
        let opaque_shell = part.kind == PartKind::Opaque
            && self
                .chain
                .iter()
                .any(|(_, r)| r.verdict == Verdict::Deny && r.has_command());
        out.may_deny = (deny_maybe || opaque_shell) && out.verdict <= Verdict::Ask;
        if let Some(u) = &part.uncertain {
            if out.verdict == Verdict::Allow {
                out.verdict = Verdict::Ask;
                out.reason = format!("{u} (an allow rule cannot approve it)");
            } else if !decided {
                out.reason = u.clone();
            }
        }
        // a script file or code on standard input may run a denied command; an allow rule the
        // user wrote still approves it
        let unknown_code = part.runs_unknown_code
            && out.verdict == Verdict::Ask
            && self
                .chain
                .iter()
                .any(|(_, r)| r.verdict == Verdict::Deny && r.has_command());
        out.may_deny |= unknown_code;
        out
    }
}

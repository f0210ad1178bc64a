//! `gate remember`: turn an approved command into an allow rule, never over a deny.

use loopwright_protocol::tool::ToolRole;
use serde::Serialize;

use crate::path::PathContext;
use crate::policy::{Policy, Request};
use crate::rule::RuleSpec;
use crate::shell::{PartKind, analyse};
use crate::verdict::Verdict;

/// How much of a command a remembered allow covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The program with any arguments (`git`).
    Program,
    /// The program and its leading subcommand words (`git commit`, `npm run build`).
    Prefix,
    /// Exactly this command, word for word.
    Exact,
}

impl std::str::FromStr for Scope {
    type Err = String;
    fn from_str(s: &str) -> Result<Scope, String> {
        match s {
            "program" => Ok(Scope::Program),
            "prefix" => Ok(Scope::Prefix),
            "exact" => Ok(Scope::Exact),
            other => Err(format!(
                "unknown scope `{other}` (program | prefix | exact)"
            )),
        }
    }
}

/// Why a command cannot be remembered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RememberError {
    /// Not exactly one simple command.
    #[error("only one simple command can be remembered; `{command}` has {count} commands")]
    NotSimple {
        /// The command.
        command: String,
        /// How many commands it runs.
        count: usize,
    },
    /// A part cannot be analysed with certainty, or writes/reads files.
    #[error("`{command}` cannot be remembered: {why}")]
    Uncertain {
        /// The command.
        command: String,
        /// Why.
        why: String,
    },
    /// A deny rule matches the command.
    #[error("`{command}` is denied by {file} rule {index}: {reason}")]
    Denied {
        /// The command.
        command: String,
        /// The deny rule's file.
        file: String,
        /// The deny rule's 1-based index.
        index: usize,
        /// The deny rule's reason.
        reason: String,
    },
}

fn quote(w: &str) -> String {
    if !w.is_empty() && !w.contains(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '\\')) {
        return w.to_string();
    }
    format!("\"{}\"", w.replace('\\', "\\\\").replace('"', "\\\""))
}

fn subcommand_word(w: &str) -> bool {
    w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':'))
}

/// Builds the allow rule that remembers `command` at `scope`, or refuses: compound commands,
/// commands that cannot be analysed, and commands a deny rule matches are never remembered.
pub fn remember_rule(
    policy: &Policy,
    command: &str,
    scope: Scope,
    workspace: &str,
    home: Option<&str>,
) -> Result<RuleSpec, RememberError> {
    let ctx = PathContext {
        workspace,
        home,
        writable_roots: &[],
        listings: &[],
    };
    let parts = analyse(command, &ctx);
    let execs: Vec<_> = parts
        .iter()
        .filter(|p| p.kind != PartKind::Wrapper)
        .collect();
    if execs.len() != 1 || execs[0].kind != PartKind::Exec {
        let count = parts.iter().filter(|p| p.kind == PartKind::Exec).count();
        if let Some(p) = execs.iter().find(|p| p.uncertain.is_some()) {
            return Err(RememberError::Uncertain {
                command: command.into(),
                why: p.uncertain.clone().unwrap_or_default(),
            });
        }
        return Err(RememberError::NotSimple {
            command: command.into(),
            count: count.max(execs.len()),
        });
    }
    let part = execs[0];
    if let Some(why) = &part.uncertain {
        return Err(RememberError::Uncertain {
            command: command.into(),
            why: why.clone(),
        });
    }
    let mut req = Request::shell(command, workspace);
    req.home = home.map(str::to_string);
    let decision = policy.check(&req);
    let deny_rule = decision.parts.iter().find_map(|p| {
        let r = p.rule.as_ref()?;
        let (_, rule) = policy.chain().iter().find(|(rr, _)| rr == r)?;
        (rule.verdict == Verdict::Deny)
            .then(|| (r.clone(), rule.spec.reason.clone().unwrap_or_default()))
    });
    if let Some((r, reason)) = deny_rule {
        return Err(RememberError::Denied {
            command: command.into(),
            file: r.file,
            index: r.index,
            reason,
        });
    }
    let lits: Option<Vec<&str>> = part.words.iter().map(|w| w.lit()).collect();
    let Some(lits) = lits else {
        return Err(RememberError::Uncertain {
            command: command.into(),
            why: "it has words only known at run time".into(),
        });
    };
    let program = lits[0].rsplit('/').next().unwrap_or(lits[0]);
    let mut spec = RuleSpec {
        verdict: Some(Verdict::Allow),
        role: Some(crate::OneOrMany::One(ToolRole::Shell.as_str().into())),
        reason: Some("remembered".into()),
        examples: vec![command.to_string()],
        ..RuleSpec::default()
    };
    match scope {
        Scope::Program => spec.command = Some(crate::OneOrMany::One(quote(program))),
        Scope::Prefix => {
            let mut words = vec![quote(program)];
            words.extend(
                lits[1..]
                    .iter()
                    .take_while(|w| subcommand_word(w))
                    .take(2)
                    .map(|w| quote(w)),
            );
            spec.command = Some(crate::OneOrMany::One(words.join(" ")));
        }
        Scope::Exact => {
            let mut words = vec![quote(program)];
            words.extend(lits[1..].iter().map(|w| quote(w)));
            spec.exact = Some(words.join(" "));
        }
    }
    Ok(spec)
}

#[derive(Serialize)]
struct OneRule<'a> {
    rule: [&'a RuleSpec; 1],
}

/// Renders a rule as a TOML `[[rule]]` block.
pub fn render_rule(spec: &RuleSpec) -> String {
    toml::to_string(&OneRule { rule: [spec] }).unwrap_or_default()
}

//! The permission gate backed by `loopwright-policy`: the same rules as `loop gate`.
//!
//! Layers: the built-in defaults, the user file (`$XDG_CONFIG_HOME/loopwright/gate.toml` or
//! `~/.config/loopwright/gate.toml`), the project file (`<workspace>/.loop/gate.toml`) and
//! any `--rules` files. `list_files` and `grep` are judged as reads of their path.

use std::path::{Path, PathBuf};

use loopwright_policy::{Layer, LayerKind, Policy, Request, Verdict as PolicyVerdict};
use loopwright_protocol::tool::ToolCall;

use crate::gate::{Gate, Verdict};

/// The project rule file, relative to the workspace.
pub const PROJECT_FILE: &str = ".loop/gate.toml";

/// A gate judging every call with a [`Policy`].
#[derive(Debug, Clone)]
pub struct PolicyGate {
    policy: Policy,
    home: Option<String>,
    yolo: bool,
}

fn home() -> Option<String> {
    std::env::var("HOME").ok().filter(|h| !h.is_empty())
}

/// The user rule file: `$XDG_CONFIG_HOME/loopwright/gate.toml`, else
/// `~/.config/loopwright/gate.toml`.
pub fn user_rule_file() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        Some(x) => PathBuf::from(x),
        None => PathBuf::from(home()?).join(".config"),
    };
    Some(base.join("loopwright").join("gate.toml"))
}

/// `path` with the home directory written as `~`, for labels people read.
pub fn display_path(path: &Path, home: Option<&str>) -> String {
    let s = path.to_string_lossy().into_owned();
    match home {
        Some(h) if s.starts_with(h) && s[h.len()..].starts_with('/') => {
            format!("~{}", &s[h.len()..])
        }
        _ => s,
    }
}

fn layer(kind: LayerKind, path: &Path, label: &str) -> Result<Option<Layer>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Layer::parse(kind, label, &text)
            .map(Some)
            .map_err(|e| e.to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && kind != LayerKind::Rules => Ok(None),
        Err(e) => Err(format!("cannot read rule file {label}: {e}")),
    }
}

/// Reads the rule layers `loop gate` and `loop run` share: built-in, user file, project file
/// (`<workspace>/.loop/gate.toml`) and the `--rules` files (which must exist).
pub fn load_layers(workspace: &Path, extra: &[PathBuf]) -> Result<Vec<Layer>, String> {
    let mut layers = vec![Layer::builtin().map_err(|e| e.to_string())?];
    if let Some(u) = user_rule_file() {
        let label = display_path(&u, home().as_deref());
        layers.extend(layer(LayerKind::User, &u, &label)?);
    }
    layers.extend(layer(
        LayerKind::Project,
        &workspace.join(PROJECT_FILE),
        PROJECT_FILE,
    )?);
    for r in extra {
        layers.extend(layer(LayerKind::Rules, r, &r.to_string_lossy())?);
    }
    Ok(layers)
}

impl PolicyGate {
    /// Loads the built-in, user and project layers, plus `extra` rule files.
    pub fn load(workspace: &Path, extra: &[PathBuf]) -> Result<Self, String> {
        let layers = load_layers(workspace, extra)?;
        Ok(PolicyGate {
            policy: Policy::load(layers),
            home: home(),
            yolo: false,
        })
    }

    /// Every `ask` will be approved without a person (`--yolo`): an `ask` that a deny rule may
    /// match (a value known only at run time) becomes a deny instead.
    pub fn yolo(mut self, on: bool) -> Self {
        self.yolo = on;
        self
    }

    /// A gate over an already merged policy.
    pub fn new(policy: Policy) -> Self {
        PolicyGate {
            policy,
            home: home(),
            yolo: false,
        }
    }
}

/// The path with symlinks resolved as far as it exists.
fn resolve(path: &Path) -> Option<String> {
    let mut existing = path.to_path_buf();
    let mut rest = Vec::new();
    while !existing.exists() {
        rest.push(existing.file_name()?.to_os_string());
        existing = existing.parent()?.to_path_buf();
    }
    let mut p = std::fs::canonicalize(&existing).ok()?;
    for r in rest.iter().rev() {
        p.push(r);
    }
    Some(p.to_string_lossy().into_owned())
}

impl Gate for PolicyGate {
    fn verdict(&self, call: &ToolCall, workspace: &Path) -> Verdict {
        let ws = workspace.to_string_lossy();
        let arg = |k: &str| call.arguments.get(k).and_then(|v| v.as_str());
        let mut req = match call.name.as_str() {
            "shell" => Request::shell(arg("command").unwrap_or(""), &ws),
            "list_files" | "grep" => Request::file("read_file", arg("path").unwrap_or("."), &ws),
            name => match arg("path") {
                Some(p) => Request::file(name, p, &ws),
                None => Request {
                    tool: name.to_string(),
                    workspace: ws.to_string(),
                    ..Request::default()
                },
            },
        };
        if let Some(p) = req.path.clone() {
            let full = if Path::new(&p).is_absolute() {
                PathBuf::from(&p)
            } else {
                workspace.join(&p)
            };
            // Listing or searching a directory reads its children: judge a child path.
            if matches!(call.name.as_str(), "list_files" | "grep") && full.is_dir() {
                req.path = Some(format!("{}/*", p.trim_end_matches('/')));
                req.resolved_path =
                    resolve(&full).map(|r| format!("{}/*", r.trim_end_matches('/')));
            } else {
                req.resolved_path = resolve(&full);
            }
        }
        if let Some(h) = &self.home {
            req = req.with_home(h);
        }
        let d = self.policy.check(&req);
        let reason = match &d.rule {
            Some(r) => format!("{} (rule {} #{})", d.reason, r.file, r.index),
            None => d.reason.clone(),
        };
        match d.verdict {
            PolicyVerdict::Allow => Verdict::Allow,
            PolicyVerdict::Deny => Verdict::Deny(reason),
            PolicyVerdict::Ask if self.yolo && d.may_deny => Verdict::Deny(format!(
                "{reason}; --yolo does not run what a deny rule may match"
            )),
            PolicyVerdict::Ask => Verdict::Ask(reason),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn shell(cmd: &str) -> ToolCall {
        ToolCall {
            id: "1".into(),
            name: "shell".into(),
            arguments: serde_json::json!({ "command": cmd }),
        }
    }

    #[test]
    fn yolo_never_lifts_an_ask_a_deny_may_match() {
        let rules = Layer::parse(
            LayerKind::Project,
            "p.toml",
            "[[rule]]\nverdict = \"deny\"\ncommand = \"git push\"\n",
        )
        .unwrap();
        let policy = Policy::load([Layer::builtin().unwrap(), rules]);
        let ws = Path::new("/work/app");
        let plain = PolicyGate::new(policy.clone());
        let yolo = PolicyGate::new(policy).yolo(true);
        // `git $SUB` may be `git push`
        assert!(matches!(
            plain.verdict(&shell("git $SUB"), ws),
            Verdict::Ask(_)
        ));
        assert!(matches!(
            yolo.verdict(&shell("git $SUB"), ws),
            Verdict::Deny(_)
        ));
        // an ask no deny can match is still an ask (the approver lifts it)
        assert!(matches!(
            yolo.verdict(&shell("npm install"), ws),
            Verdict::Ask(_)
        ));
    }
}

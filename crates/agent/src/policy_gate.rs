//! The permission gate backed by `loopwright-policy`: the same rules as `loop gate`.
//!
//! Layers: the built-in defaults, the user file (`$XDG_CONFIG_HOME/loopwright/gate.toml` or
//! `~/.config/loopwright/gate.toml`), the project file (`<workspace>/.loop/gate.toml`) and
//! any `--rules` files. Each tool says which request its call makes (`Tool::request`).

use std::path::{Path, PathBuf};

use loopwright_policy::{Decision, Layer, LayerKind, LoadError, Policy, Request};

use loopwright_store::StateDir;

use crate::gate::Gate;

/// The project rule file, relative to the workspace (`StateDir::gate_file`).
pub const PROJECT_FILE: &str = ".loop/gate.toml";

/// Why the rule layers cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    /// A rule file cannot be read.
    #[error("cannot read rule file {label}: {source}")]
    Read {
        /// The file as shown to people.
        label: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// A rule file (or the built-in rules) does not parse.
    #[error(transparent)]
    Parse(#[from] LoadError),
}

/// A gate judging every call with a [`Policy`].
#[derive(Debug, Clone)]
pub struct PolicyGate {
    policy: Policy,
    home: Option<String>,
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

fn layer(kind: LayerKind, path: &Path, label: &str) -> Result<Option<Layer>, RulesError> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(Layer::parse(kind, label, &text)?)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && kind != LayerKind::Rules => Ok(None),
        Err(source) => Err(RulesError::Read {
            label: label.to_string(),
            source,
        }),
    }
}

/// Reads the rule layers `loop gate` and `loop run` share: built-in, user file, project file
/// (`<workspace>/.loop/gate.toml`) and the `--rules` files (which must exist).
pub fn load_layers(workspace: &Path, extra: &[PathBuf]) -> Result<Vec<Layer>, RulesError> {
    let mut layers = vec![Layer::builtin()?];
    if let Some(u) = user_rule_file() {
        let label = display_path(&u, home().as_deref());
        layers.extend(layer(LayerKind::User, &u, &label)?);
    }
    layers.extend(layer(
        LayerKind::Project,
        &StateDir::of_workspace(workspace).gate_file(),
        PROJECT_FILE,
    )?);
    for r in extra {
        layers.extend(layer(LayerKind::Rules, r, &r.to_string_lossy())?);
    }
    Ok(layers)
}

impl PolicyGate {
    /// Loads the built-in, user and project layers, plus `extra` rule files.
    pub fn load(workspace: &Path, extra: &[PathBuf]) -> Result<Self, RulesError> {
        let layers = load_layers(workspace, extra)?;
        Ok(PolicyGate {
            policy: Policy::load(layers),
            home: home(),
        })
    }

    /// A gate over an already merged policy.
    pub fn new(policy: Policy) -> Self {
        PolicyGate {
            policy,
            home: home(),
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

/// The path with symlinks resolved; a trailing `/*` (the children of a directory) is kept.
fn resolve_request_path(path: &str, workspace: &str) -> Option<String> {
    let (base, children) = match path.strip_suffix("/*") {
        Some(b) => (b, true),
        None => (path, false),
    };
    let full = if Path::new(base).is_absolute() {
        PathBuf::from(base)
    } else {
        Path::new(workspace).join(base)
    };
    let r = resolve(&full)?;
    Some(if children {
        format!("{}/*", r.trim_end_matches('/'))
    } else {
        r
    })
}

impl Gate for PolicyGate {
    fn decide(&self, request: &Request) -> Decision {
        let mut req = request.clone();
        if let Some(p) = &req.path
            && req.resolved_path.is_none()
        {
            req.resolved_path = resolve_request_path(p, &req.workspace);
        }
        if let Some(h) = &self.home {
            req = req.with_home(h);
        }
        self.policy.check(&req)
    }
}

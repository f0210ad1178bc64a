//! The permission gate backed by `loopwright-policy`: the same rules as `loop gate`.
//!
//! Layers: the built-in defaults, the user file (`$XDG_CONFIG_HOME/loopwright/gate.toml` or
//! `~/.config/loopwright/gate.toml`), the project file (`<workspace>/.loop/gate.toml`) and
//! any `--rules` files. Each tool says which request its call makes (`Tool::request`).

use std::path::{Path, PathBuf};

use loopwright_policy::{Decision, Layer, LayerKind, Listing, LoadError, Policy, Request};

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
    yolo: bool,
}

fn home() -> Option<String> {
    home_dir()
}

/// The home directory (`$HOME`), normalised once where it is read so that `~/...` rules hold
/// whatever spelling it has: `.`, `..`, repeated and trailing `/` removed, then links resolved
/// where it exists (paths are judged with their links resolved too). `None` when unset or empty.
pub fn home_dir() -> Option<String> {
    let raw = std::env::var("HOME").ok().filter(|h| !h.is_empty())?;
    Some(normal_home(&raw))
}

/// `raw` made lexical (an absolute path keeps its root), then resolved if it exists.
fn normal_home(raw: &str) -> String {
    if !raw.starts_with('/') {
        return raw.to_string();
    }
    let mut parts: Vec<&str> = Vec::new();
    for c in raw.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    let lexical = format!("/{}", parts.join("/"));
    std::fs::canonicalize(&lexical)
        .ok()
        .and_then(|p| p.to_str().map(str::to_string))
        .unwrap_or(lexical)
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
    match loopwright_store::input::read_to_string(path) {
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

/// How many entries the walks of one request may list; past it a listing is incomplete (and a
/// recursive read of that directory `ask`).
pub const LISTING_LIMIT: usize = 20_000;

/// Resolves the links among the path arguments of `req`'s shell command into
/// `Request::resolved_args`, and lists what lies below each directory that a recursive reader
/// in `req` reads (`grep -r KEY src`), so the policy can see a secret there (`Policy::recursive_dirs`). Links
/// are not followed, but their targets are listed too. `loop run`, `loop gate check` and the
/// agent hooks all call this, so they judge alike.
pub fn add_listings(policy: &Policy, req: &mut Request) {
    let mut budget = LISTING_LIMIT;
    let look = policy.lookups(req);
    let ws = Path::new(&req.workspace);
    let real_ws = std::fs::canonicalize(ws).ok();
    for p in look.paths {
        // a path through a link is judged as its target too (`cat link` -> ~/.ssh/id_rsa);
        // the workspace's own spelling is kept (a workspace reached through a link is no link
        // out of it)
        let Some(t) = loopwright_store::paths::resolve_existing(&p, ws, None) else {
            continue;
        };
        let t = match real_ws
            .as_deref()
            .and_then(|r| Path::new(&t).strip_prefix(r).ok())
        {
            Some(rest) if !rest.as_os_str().is_empty() => {
                ws.join(rest).to_string_lossy().into_owned()
            }
            Some(_) => req.workspace.clone(),
            None => t,
        };
        if t != p {
            req.resolved_args.push((p, t));
        }
    }
    for dir in look.dirs {
        let mut entries = Vec::new();
        let d = Path::new(&dir);
        // a file given to a recursive reader (`rg KEY Cargo.toml`) is all it reads
        let complete = if d.is_file() {
            entries.push(dir.clone());
            if let Ok(t) = std::fs::canonicalize(d) {
                entries.push(t.to_string_lossy().into_owned());
            }
            true
        } else {
            walk(d, &mut entries, &mut budget)
        };
        req.listings.push(Listing {
            dir,
            entries,
            complete,
        });
    }
}

/// Appends every entry below `dir`; false when the budget ran out or a directory could not be
/// read (what it holds is then unknown).
fn walk(dir: &Path, out: &mut Vec<String>, budget: &mut usize) -> bool {
    let Ok(read) = std::fs::read_dir(dir) else {
        // a directory that does not exist holds nothing; one that cannot be read, anything
        return !dir.exists();
    };
    let mut complete = true;
    for entry in read {
        let Ok(entry) = entry else {
            complete = false;
            continue;
        };
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let path = entry.path();
        out.push(path.to_string_lossy().into_owned());
        match entry.file_type() {
            Ok(t) if t.is_symlink() => {
                if let Ok(target) = std::fs::canonicalize(&path) {
                    out.push(target.to_string_lossy().into_owned());
                }
            }
            Ok(t) if t.is_dir() => complete &= walk(&path, out, budget),
            Ok(_) => {}
            Err(_) => complete = false,
        }
    }
    complete
}

/// The path with symlinks resolved; a trailing `/*` (the children of a directory) is kept.
fn resolve_request_path(path: &str, workspace: &str) -> Option<String> {
    let (base, children) = match path.strip_suffix("/*") {
        Some(b) => (b, true),
        None => (path, false),
    };
    // `~` is the policy's to expand (`Request::with_home`), not this resolution's.
    let r = loopwright_store::paths::resolve_existing(base, Path::new(workspace), None)?;
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
        add_listings(&self.policy, &mut req);
        let mut d = self.policy.check(&req);
        if self.yolo && d.may_deny && d.verdict == loopwright_policy::Verdict::Ask {
            d.verdict = loopwright_policy::Verdict::Deny;
            d.reason = format!(
                "{}; --yolo does not run what a deny rule may match",
                d.reason
            );
        }
        d
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn shell(cmd: &str) -> Request {
        Request::shell(cmd, "/work/app")
    }

    #[test]
    fn home_spellings_are_normalised() {
        for raw in [
            "/nonexistent/u/",
            "/nonexistent//u",
            "/nonexistent/./u/.",
            "/nonexistent/x/../u",
        ] {
            assert_eq!(normal_home(raw), "/nonexistent/u", "{raw}");
        }
        assert_eq!(normal_home("/"), "/");
        let d = tempfile::TempDir::new().unwrap();
        let real = d.path().canonicalize().unwrap().join("real");
        std::fs::create_dir(&real).unwrap();
        let link = real.with_file_name("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        assert_eq!(
            normal_home(&format!("{}/", link.display())),
            real.to_string_lossy()
        );
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
        let plain = PolicyGate::new(policy.clone());
        let yolo = PolicyGate::new(policy).yolo(true);
        // `git $SUB` may be `git push`
        assert!(matches!(
            plain.decide(&shell("git $SUB")).verdict,
            loopwright_policy::Verdict::Ask
        ));
        assert!(matches!(
            yolo.decide(&shell("git $SUB")).verdict,
            loopwright_policy::Verdict::Deny
        ));
        // an ask no deny can match is still an ask (the approver lifts it)
        assert!(matches!(
            yolo.decide(&shell("npm install")).verdict,
            loopwright_policy::Verdict::Ask
        ));
    }

    #[test]
    fn recursive_reads_over_a_secret_ask_in_loop_run_too() {
        let d = tempfile::TempDir::new().unwrap();
        let ws = d.path().canonicalize().unwrap();
        std::fs::create_dir_all(ws.join("config")).unwrap();
        std::fs::create_dir_all(ws.join("src")).unwrap();
        std::fs::write(ws.join("config/.env"), "K=v\n").unwrap();
        std::fs::write(ws.join("src/lib.rs"), "\n").unwrap();
        let gate = PolicyGate::new(Policy::load([Layer::builtin().unwrap()]));
        let ws = ws.to_string_lossy();
        let d = gate.decide(&Request::shell("grep -r K config", &ws));
        assert_eq!(d.verdict, loopwright_policy::Verdict::Ask, "{}", d.reason);
        assert!(d.may_deny);
        let d = gate.decide(&Request::shell("grep -r K src", &ws));
        assert_eq!(d.verdict, loopwright_policy::Verdict::Allow, "{}", d.reason);
    }
}

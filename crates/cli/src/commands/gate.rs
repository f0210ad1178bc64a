//! `loop gate`: permission verdicts for tool calls (check, explain, remember, hook) and the
//! changeset policy (`check --action`).
//!
//! Exit codes of `check`: 0 allow, 2 deny, 3 ask, 1 error; with `--action`: 0 allowed,
//! 2 escalate, 1 error.

mod changeset;
mod hook;
mod hook_calls;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use loopwright_policy::{
    Decision, Layer, LayerKind, Policy, RememberError, Request, Scope, ToolRole, Verdict,
};

use loopwright_agent::policy_gate::{PROJECT_FILE, load_layers};
use loopwright_agent::tools::builtin::builtin_role;

/// The rule files and workspace of `loop gate check | explain | remember`.
#[derive(Debug, Clone, clap::Args)]
pub struct Common {
    /// Extra rule file (highest precedence after all denies); repeatable
    #[arg(long, value_name = "FILE")]
    rules: Vec<PathBuf>,
    /// Workspace root (default: the current directory); holds .loop/gate.toml
    #[arg(long, value_name = "DIR")]
    workspace: Option<PathBuf>,
}

/// The arguments of `loop gate`.
#[derive(Debug, clap::Parser)]
#[command(
    name = "gate",
    about = "Permission verdicts for tool calls: allow, deny or ask",
    arg_required_else_help = true
)]
pub struct GateArgs {
    /// What to do.
    #[command(subcommand)]
    action: Action,
}

/// `loop gate check | hook | explain | remember`.
#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Judge one tool call (exit 0 allow, 2 deny, 3 ask, 1 error) or, with --action, a changeset (0 allowed, 2 escalate)
    Check(CheckArgs),
    /// Hook for Claude Code or Codex: PreToolUse JSON on stdin, the decision JSON on stdout
    Hook(hook::HookArgs),
    /// Print the merged rule chain, in the order rules are tried
    Explain(Common),
    /// Add an allow rule for a command to .loop/gate.toml (never over a deny)
    Remember {
        /// The command to allow
        #[arg(long, value_name = "CMD")]
        command: String,
        /// program: any use of the program; prefix: program + subcommand; exact: this command
        #[arg(long, value_name = "SCOPE", default_value = "prefix", value_parser = ["program", "prefix", "exact"])]
        scope: String,
        #[command(flatten)]
        common: Common,
    },
}

/// The arguments of `loop gate check`.
#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// shell, read_file, write_file, edit_file, ...
    #[arg(long, value_name = "TOOL", default_value = "shell")]
    tool: String,
    /// What the tool does (default: the built-in tool's role; other for any other name)
    #[arg(long, value_enum, value_name = "ROLE")]
    role: Option<RoleArg>,
    /// The command line (tool shell)
    #[arg(long, value_name = "CMD")]
    command: Option<String>,
    /// The path (file tools)
    #[arg(long, value_name = "PATH")]
    path: Option<String>,
    /// Print the verdict, deciding rule and every part's verdict as JSON
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    changeset: changeset::ChangesetArgs,
}

/// `--role`: what the tool does, as the policy sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RoleArg {
    /// Reads files (a path)
    Read,
    /// Writes files (a path)
    Write,
    /// Runs a command line (`--command`)
    Shell,
    /// Anything else
    Other,
}

impl From<RoleArg> for ToolRole {
    fn from(r: RoleArg) -> ToolRole {
        match r {
            RoleArg::Read => ToolRole::Read,
            RoleArg::Write => ToolRole::Write,
            RoleArg::Shell => ToolRole::Shell,
            RoleArg::Other => ToolRole::Other,
        }
    }
}

/// Runs `loop gate`.
pub fn main(a: &GateArgs) -> ExitCode {
    let result = match &a.action {
        Action::Check(c) => check(c),
        Action::Hook(h) => Ok(hook::run(h)),
        Action::Explain(c) => explain(c),
        Action::Remember {
            command,
            scope,
            common,
        } => remember(command, scope, common),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("loop gate: {e:#}");
            ExitCode::from(1)
        }
    }
}

struct Env {
    workspace: PathBuf,
    home: Option<String>,
    layers: Vec<Layer>,
}

fn setup(c: &Common) -> Result<Env> {
    let ws = match &c.workspace {
        Some(w) => w.clone(),
        None => std::env::current_dir().context("cannot read the current directory")?,
    };
    let workspace = fs::canonicalize(&ws)
        .with_context(|| format!("--workspace {}: not a directory", ws.display()))?;
    if !workspace.is_dir() {
        bail!("--workspace {}: not a directory", ws.display());
    }
    let home = loopwright_agent::policy_gate::home_dir();
    let layers = load_layers(&workspace, &c.rules).map_err(|e| anyhow!(e))?;
    Ok(Env {
        workspace,
        home,
        layers,
    })
}

fn exit_code(v: Verdict) -> u8 {
    match v {
        Verdict::Allow => 0,
        Verdict::Deny => 2,
        Verdict::Ask => 3,
    }
}

use loopwright_store::paths::resolve_existing as resolve;

fn check(m: &CheckArgs) -> Result<u8> {
    let cs = &m.changeset;
    if cs.action.is_some() || cs.git.is_some() || !cs.paths.is_empty() || cs.gate_file.is_some() {
        if m.command.is_some() || m.path.is_some() {
            bail!("--action judges a changeset; it does not take --command or --path");
        }
        return changeset::run(cs, m.json);
    }
    let env = setup(&m.common)?;
    let tool = m.tool.as_str();
    let role = m.role.map_or_else(|| builtin_role(tool), ToolRole::from);
    let ws = env.workspace.to_string_lossy().into_owned();
    let mut req = Request {
        tool: tool.to_string(),
        role,
        workspace: ws,
        home: env.home.clone(),
        ..Request::default()
    };
    if role == ToolRole::Shell {
        let Some(c) = &m.command else {
            bail!("--command is required with --tool {tool} (role shell)")
        };
        req.command = Some(c.clone());
    } else if let Some(p) = &m.path {
        req.path = Some(p.clone());
        req.resolved_path = resolve(p, &env.workspace, env.home.as_deref());
    } else if m.command.is_some() {
        bail!("--command needs a shell tool; --tool {tool} takes --path");
    } else if matches!(role, ToolRole::Read | ToolRole::Write) {
        bail!("--path is required with --tool {tool}");
    }
    let policy = Policy::load(env.layers);
    loopwright_agent::policy_gate::add_listings(&policy, &mut req);
    let d = policy.check(&req);
    if m.json {
        println!("{}", serde_json::to_string_pretty(&d)?);
    } else {
        print_decision(&d);
    }
    Ok(exit_code(d.verdict))
}

fn print_decision(d: &Decision) {
    let mut out = format!("{}: {}\n", d.verdict, d.reason);
    if let Some(r) = &d.rule {
        out.push_str(&format!(
            "  rule: {} {} #{}\n",
            r.layer.as_str(),
            r.file,
            r.index
        ));
    }
    if d.parts.len() > 1 {
        for p in &d.parts {
            out.push_str(&format!(
                "  {:<5} {:<7} {}  ({})\n",
                p.verdict.as_str(),
                p.kind,
                p.text.replace('\n', "\\n"),
                p.reason
            ));
        }
    }
    print!("{out}");
}

fn explain(c: &Common) -> Result<u8> {
    let env = setup(c)?;
    let files: Vec<String> = env
        .layers
        .iter()
        .map(|l| format!("{} {}", l.kind.as_str(), l.file))
        .collect();
    let policy = Policy::load(env.layers);
    print!(
        "# layers: {}\n# denies first, then by layer (rules, user, project, builtin); first match wins\n{}",
        files.join(", "),
        policy.explain()
    );
    Ok(0)
}

fn remember(command: &str, scope: &str, c: &Common) -> Result<u8> {
    let env = setup(c)?;
    let scope: Scope = scope.parse().map_err(|e: String| anyhow!("--scope: {e}"))?;
    let ws = env.workspace.to_string_lossy().into_owned();
    let policy = Policy::load(env.layers);
    let spec =
        match loopwright_policy::remember_rule(&policy, command, scope, &ws, env.home.as_deref()) {
            Ok(s) => s,
            Err(e @ RememberError::Denied { .. }) => {
                eprintln!("loop gate: refused: {e}");
                return Ok(2);
            }
            Err(e) => bail!("refused: {e}"),
        };
    let dir = env.workspace.join(".loop");
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let lock = loopwright_store::atomic::FileLock::acquire(&dir.join("gate.toml.lock"))
        .context("cannot lock .loop/gate.toml.lock")?;
    let target = env.workspace.join(PROJECT_FILE);
    let old = match fs::read_to_string(&target) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => bail!("cannot read {PROJECT_FILE}: {e}"),
    };
    let existing = Layer::parse(LayerKind::Project, PROJECT_FILE, &old)?;
    let same = |r: &loopwright_policy::Rule| {
        r.verdict == Verdict::Allow && r.spec.command == spec.command && r.spec.exact == spec.exact
    };
    let block = loopwright_policy::render_rule(&spec);
    if existing.rules.iter().any(same) {
        println!("already remembered in {PROJECT_FILE}:\n{block}");
        return Ok(0);
    }
    let mut new = old.clone();
    if !new.is_empty() && !new.ends_with('\n') {
        new.push('\n');
    }
    if !new.is_empty() {
        new.push('\n');
    }
    new.push_str(&block);
    // the file must still load (examples included) before it replaces the old one
    Layer::parse(LayerKind::Project, PROJECT_FILE, &new)?;
    write_atomic(&target, &new)?;
    drop(lock);
    println!("remembered in {PROJECT_FILE}:\n{block}");
    Ok(0)
}

fn write_atomic(target: &Path, text: &str) -> Result<()> {
    loopwright_store::atomic::write_atomic(target, text.as_bytes())
        .map_err(|e| anyhow!("cannot write {}: {e}", target.display()))
}

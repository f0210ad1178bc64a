//! `loop run`: the agent loop with every guard on.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use clap::Parser;
use loopwright_agent::gate::{ApproveAsks, Approver, DenyAsks, Gate};
use loopwright_agent::policy_gate::PolicyGate;
use loopwright_agent::settings;
use loopwright_agent::state::State;
use loopwright_agent::tools::ToolSource;
use loopwright_agent::{Cancel, Prices, Provider, Reporter, RunConfig, ScriptedProvider};
use loopwright_protocol::condensation::{Condensation, SummarySource};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::tool::ToolStatus;
use loopwright_store::SessionWriter;
use loopwright_store::backend::SessionStore;

use super::run_contain::ProfileEnv;

/// The arguments of `loop run`.
#[derive(Debug, Parser)]
#[command(
    name = "run",
    about = "Run the agent loop on a task, with every guard on (exit 0 done, 2 escalated/limit, 3 refused, 130 interrupted, 1 error)"
)]
pub struct RunArgs {
    /// What to do (not with --resume)
    #[arg(value_name = "TASK")]
    pub task: Option<String>,
    /// Continue session ID (interrupted, crashed or stopped)
    #[arg(long, value_name = "ID")]
    pub resume: Option<String>,
    /// Model provider: openai (chat completions), anthropic (messages), json (JSON actions over chat completions, for models without tool calling), scripted (--script); default: from the profile or the environment
    #[arg(long, value_name = "NAME", value_parser = ["openai", "anthropic", "json", "scripted"])]
    pub provider: Option<String>,
    /// Model name (default: LOOP_MODEL, then the profile)
    #[arg(long, value_name = "NAME")]
    pub model: Option<String>,
    /// Server base URL, e.g. http://127.0.0.1:8080/v1 (default: LOOP_BASE_URL, the profile, then the provider's public API)
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,
    /// Environment variable holding the API key (default: OPENAI_API_KEY / ANTHROPIC_API_KEY)
    #[arg(long, value_name = "VAR")]
    pub api_key_env: Option<String>,
    /// Profile of ~/.config/loopwright/config.toml (default: LOOP_PROFILE, then `default` there)
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// JSON array of assistant turns for --provider scripted
    #[arg(long, value_name = "FILE")]
    pub script: Option<String>,
    /// Workspace (default: the current directory)
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// Where sessions, ledgers and spills go (default: WORKSPACE/.loop)
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<String>,
    /// The run only ends as done when CMD exits 0 after finish
    #[arg(long, value_name = "CMD")]
    pub verify: Option<String>,
    /// Stop after N model steps
    #[arg(long, value_name = "N", default_value = "50", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_steps: u64,
    /// Stop once N tokens are used
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_tokens: Option<u64>,
    /// Stop once the cost reaches USD (needs prices: --price-input/--price-output or `prices` in the profile)
    #[arg(long, value_name = "USD", value_parser = super::run_contain::finite_usd)]
    pub max_cost: Option<f64>,
    /// Price per million input tokens
    #[arg(long, value_name = "USD", value_parser = super::run_contain::finite_usd)]
    pub price_input: Option<f64>,
    /// Price per million output tokens
    #[arg(long, value_name = "USD", value_parser = super::run_contain::finite_usd)]
    pub price_output: Option<f64>,
    /// The most tokens the model may generate per reply (default 4096, or `max_output_tokens` in the profile)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_output_tokens: Option<u64>,
    /// Ask for one JSON reply per model call instead of a stream
    #[arg(long)]
    pub no_stream: bool,
    /// Wall-clock limit for the whole run
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: Option<u64>,
    /// History condensers and their thresholds.
    #[command(flatten)]
    pub context: super::run_context::ContextArgs,
    /// Where the session lives.
    #[command(flatten)]
    pub store: super::run_store::StoreArgs,
    /// The daily budget shared by the loops of a pattern.
    #[command(flatten)]
    pub daily: super::run_daily::DailyArgs,
    /// Default time limit of one shell command
    #[arg(long, value_name = "SECS", default_value = "120", value_parser = clap::value_parser!(u64).range(1..))]
    pub tool_timeout: u64,
    /// Extra permission rule file (as for loop gate); repeatable
    #[arg(long, value_name = "FILE")]
    pub rules: Vec<PathBuf>,
    /// Allow what the policy would ask about (denies still deny)
    #[arg(long)]
    pub yolo: bool,
    /// Deny what the policy would ask about, even on a terminal
    #[arg(long, conflicts_with = "yolo")]
    pub no_prompt: bool,
    /// Id for a new session (default: time + random)
    #[arg(long, value_name = "ID")]
    pub session_id: Option<String>,
    /// Stream the session events as JSON lines on stdout
    #[arg(long)]
    pub json: bool,
    /// Sub-agents (`spawn_agent`, `plan`): cap and watchdog.
    #[command(flatten)]
    pub subagent: super::run_subagent::SubagentArgs,
    /// Tools' environment (`--pass-env`).
    #[command(flatten)]
    pub contain: super::run_contain::ContainArgs,
}

/// Runs `loop run`.
pub fn main(a: &RunArgs) -> ExitCode {
    match run(a) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("loop run: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Installs the Ctrl+C handling: the first SIGINT/SIGTERM sets the flag (the loop then stops
/// cleanly), a second SIGINT ends the process at once (the log stays valid either way).
pub(crate) fn install_signals() -> Result<Cancel> {
    let flag = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register_conditional_shutdown(sig, 130, Arc::clone(&flag))
            .context("cannot install the signal handler")?;
        signal_hook::flag::register(sig, Arc::clone(&flag))
            .context("cannot install the signal handler")?;
    }
    Ok(Cancel::from_flag(flag))
}

fn new_id() -> String {
    let now = time::OffsetDateTime::now_utc();
    let fmt = time::macros::format_description!("[year][month][day]-[hour][minute][second]");
    let stamp = now.format(&fmt).unwrap_or_else(|_| "session".into());
    format!("{stamp}-{:04x}", fastrand::u16(..))
}

fn quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:@".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn run(a: &RunArgs) -> Result<u8> {
    let workspace = workspace_of(a)?;
    let state_dir = match &a.state_dir {
        Some(d) => PathBuf::from(d),
        None => workspace.join(".loop"),
    };
    let (provider, profile, tool_env) = provider_of(a)?;
    // Checked before the session is created: a bad setting leaves nothing behind.
    let flag_prices = a
        .price_input
        .map(|pi| Prices::new(pi, a.price_output.unwrap_or(pi)));
    let settings = match settings::resolve(&a.context.layer(flag_prices), &profile, a.max_cost) {
        Ok(s) => s,
        Err(e) if e.is_bad_value() => {
            eprintln!("loop run: {e}");
            return Ok(2);
        }
        Err(e) => return Err(e.into()),
    };
    let mcp = match super::run_mcp::config(&workspace) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("loop run: MCP servers: {e}");
            return Ok(2);
        }
    };
    let daily = super::run_daily::budget(&a.daily, &a.store, a.max_output_tokens)?;
    let store = a.store.sessions(&state_dir)?;
    let protect = super::run_contain::loop_files(&state_dir, &a.rules);
    let Some(launch) =
        super::run_contain::launch_or_say(&a.contain, tool_env, &protect, &workspace)
    else {
        return Ok(2);
    };
    let Some(log) = open_log(a, store.as_ref(), &workspace, provider.as_ref())? else {
        return Ok(0);
    };
    let mut cfg = RunConfig::new(workspace.clone());
    cfg.state_dir = state_dir;
    cfg.max_steps = a.max_steps;
    cfg.max_tokens = a.max_tokens;
    cfg.context = super::run_cost::with_cost(
        settings.context,
        &a.context,
        &profile,
        (provider.name(), provider.model()),
        settings.window,
    );
    cfg.budget = settings.budget;
    cfg.max_cost = a.max_cost;
    cfg.prices = settings.prices;
    cfg.timeout = a.timeout.map(Duration::from_secs);
    cfg.shell_timeout = Duration::from_secs(a.tool_timeout);
    cfg.resume_hint = resume_hint(a, log.id(), &workspace);
    cfg.launch = launch;
    cfg.daily = daily.map(Arc::new);

    let gate = PolicyGate::load(&workspace, &a.rules)
        .map_err(|e| anyhow!("permission rules: {e}"))?
        .yolo(a.yolo);
    let printer = Printer::new(a.json);
    let cancel = install_signals()?;
    let (mcp_tools, servers) = super::run_mcp::tools(mcp, settings.window)?;
    let children = super::run_subagent::children(a, &workspace)?;
    let code = drive(
        log,
        mcp_tools,
        cfg,
        provider,
        Box::new(gate),
        approver_of(a),
        printer,
        cancel,
        Some(children),
    );
    servers.shutdown();
    code
}

/// The canonical workspace directory.
fn workspace_of(a: &RunArgs) -> Result<PathBuf> {
    let ws_arg = match &a.workspace {
        Some(w) => w.clone(),
        None => std::env::current_dir().context("cannot read the current directory")?,
    };
    std::fs::canonicalize(&ws_arg)
        .ok()
        .filter(|p| p.is_dir())
        .ok_or_else(|| anyhow!("--workspace {}: not a directory", ws_arg.display()))
}

/// The model provider, the settings layer of its profile (empty for a scripted run) and what
/// its profile says of tools' environments.
fn provider_of(a: &RunArgs) -> Result<(Box<dyn Provider>, settings::Layer, ProfileEnv)> {
    let named = a.provider.as_deref();
    if named == Some("scripted") || (named.is_none() && a.script.is_some()) {
        let file = a.script.as_deref().ok_or_else(|| {
            anyhow!("--provider scripted needs --script FILE (a JSON array of turns); try `loop demo` for an offline run")
        })?;
        let text = loopwright_store::input::read_to_string(Path::new(file))
            .with_context(|| format!("--script {file}"))?;
        let provider =
            ScriptedProvider::from_json(&text).map_err(|e| anyhow!("--script {file}: {e}"))?;
        return Ok((
            Box::new(provider),
            settings::Layer::empty(settings::Source::Profile),
            ProfileEnv::flag(a.api_key_env.clone()),
        ));
    }
    let flags = loopwright_providers::Flags {
        provider: a.provider.clone(),
        model: a.model.clone(),
        base_url: a.base_url.clone(),
        api_key_env: a.api_key_env.clone(),
        profile: a.profile.clone(),
        max_output_tokens: a.max_output_tokens,
        stream: a.no_stream.then_some(false),
    };
    let (resolved, provider) = super::run_capabilities::provider_from_env(&flags).map_err(|e| {
        let lead = named.map(|p| format!("--provider {p}: ")).unwrap_or_default();
        if matches!(e, loopwright_providers::ConfigError::NotConfigured(_)) {
            anyhow!("{lead}{e} (--script FILE replays scripted turns)")
        } else {
            anyhow!("{lead}{e}\n  (`loop demo` shows a run without a model; --script FILE replays scripted turns)")
        }
    })?;
    let env = ProfileEnv::of(&resolved);
    Ok((provider, super::run_context::profile_layer(&resolved), env))
}

/// The session log: a new session for a TASK, or the session of `--resume` reopened (`None`
/// when that session is already done).
fn open_log(
    a: &RunArgs,
    store: &dyn SessionStore,
    workspace: &Path,
    provider: &dyn Provider,
) -> Result<Option<Box<dyn SessionWriter>>> {
    match (&a.resume, &a.task) {
        (Some(_), Some(_)) => bail!("give either a TASK or --resume ID, not both"),
        (None, None) => bail!("missing TASK (or --resume ID)"),
        (Some(id), None) => {
            let mut log = store.open_session(id)?;
            let state = State::from_events(log.events());
            if state.ended == Some(loopwright_protocol::event::Outcome::Done) {
                eprintln!("session {id} is already done; nothing to resume");
                return Ok(None);
            }
            let repaired = log.repaired();
            log.append(EventKind::Resumed { repaired })?;
            Ok(Some(log))
        }
        (None, Some(task)) => {
            let id = a.session_id.clone().unwrap_or_else(new_id);
            let start = EventKind::SessionStart {
                task: task.clone(),
                workspace: workspace.to_string_lossy().into_owned(),
                provider: provider.name().to_string(),
                model: provider.model().map(str::to_string),
                verify: a.verify.clone(),
            };
            Ok(Some(store.create_session(&id, start)?))
        }
    }
}

/// The command line that resumes session `id` with the same provider.
fn resume_hint(a: &RunArgs, id: &str, workspace: &Path) -> String {
    let mut hint = format!(
        "loop run --resume {id} --workspace {}",
        quote(&workspace.to_string_lossy())
    );
    if let Some(d) = &a.state_dir {
        hint.push_str(&format!(" --state-dir {}", quote(d)));
    }
    hint.push_str(&a.store.resume_hint());
    if let Some(s) = &a.script {
        hint.push_str(&format!(" --provider scripted --script {}", quote(s)));
    }
    let provider = a.provider.as_ref().filter(|p| *p != "scripted");
    for (flag, value) in [
        ("provider", provider),
        ("model", a.model.as_ref()),
        ("base-url", a.base_url.as_ref()),
        ("api-key-env", a.api_key_env.as_ref()),
        ("profile", a.profile.as_ref()),
    ] {
        if let Some(v) = value {
            hint.push_str(&format!(" --{flag} {}", quote(v)));
        }
    }
    hint
}

/// Who answers the policy's questions: everyone yes (`--yolo`), the terminal, or no one.
fn approver_of(a: &RunArgs) -> Box<dyn Approver> {
    let interactive = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    if a.yolo {
        Box::new(ApproveAsks)
    } else if interactive && !a.no_prompt {
        Box::new(super::run_approver::TerminalApprover)
    } else {
        Box::new(DenyAsks)
    }
}

/// Runs an agent (with the tools of `mcp` besides the built-in ones) to its end and prints
/// the outcome; returns the exit code.
#[allow(clippy::too_many_arguments)] // the pieces of one run
pub(crate) fn drive(
    log: Box<dyn SessionWriter>,
    mcp: Option<Box<dyn ToolSource>>,
    cfg: RunConfig,
    provider: Box<dyn Provider>,
    gate: Box<dyn Gate>,
    approver: Box<dyn Approver>,
    printer: Printer,
    cancel: Cancel,
    children: Option<super::run_subagent::Children>,
) -> Result<u8> {
    let id = log.id().to_string();
    let sessions = cfg.state_dir.join("sessions");
    let resume = cfg.resume_hint.clone();
    let quiet = printer.json;
    if quiet {
        // The events this process wrote before the loop started: the session start of a new
        // run, or the repairs and the `resumed` marker of a resumed one.
        let events = log.events();
        let first_new = if matches!(
            events.last().map(|e| &e.kind),
            Some(EventKind::Resumed { .. })
        ) {
            events.len().saturating_sub(log.repaired() as usize + 1)
        } else {
            events.len().saturating_sub(1)
        };
        let mut out = std::io::stdout().lock();
        for e in &events[first_new..] {
            if let Ok(line) = serde_json::to_string(e) {
                let _ = writeln!(out, "{line}");
            }
        }
    } else {
        eprintln!("session {id}");
        if log.repaired() > 0 || log.torn_bytes() > 0 {
            eprintln!(
                "repaired the log: {} open tool call(s) marked interrupted, {} torn byte(s) cut",
                log.repaired(),
                log.torn_bytes()
            );
        }
    }
    let mut agent =
        super::run_subagent::agent(log, cfg, provider, cancel, children, mcp.as_deref())?
            .with_gate(gate)
            .with_approver(approver)
            .with_reporter(Box::new(printer));
    let end = agent.run()?;
    let cache = agent.cache_totals();
    if cache.requests > 0 && !quiet {
        eprintln!("{}", cache.line());
    }
    let report = sessions.join(format!("{id}.report.md"));
    super::run_contain::print_end(&end, &report, &resume, &id);
    Ok(end.exit_code())
}

/// Progress output: a line per step on stderr (a spinner while the model thinks, on a
/// terminal), or every event as a JSON line on stdout with `--json`.
pub(crate) struct Printer {
    json: bool,
    tty: bool,
    step_started: Option<Instant>,
    thinking: bool,
}

impl Printer {
    pub(crate) fn new(json: bool) -> Self {
        Printer {
            json,
            tty: std::io::stderr().is_terminal(),
            step_started: None,
            thinking: false,
        }
    }
}

fn short(s: &str, n: usize) -> String {
    let one = s.replace('\n', " ");
    if one.chars().count() <= n {
        one
    } else {
        format!("{}…", one.chars().take(n).collect::<String>())
    }
}

/// The progress line of a tool result: the call, its status and what the pipeline did.
fn result_line(r: &loopwright_protocol::tool::ToolResult, state: &State) -> String {
    let call = state
        .records
        .last()
        .and_then(|rec| rec.results.last())
        .map(|x| x.action.clone())
        .unwrap_or_else(|| r.name.clone());
    let mut facts = vec![r.status.as_str().to_string()];
    if let Some(c) = r.exit_code {
        facts.push(format!("exit {c}"));
    }
    facts.push(format!("{:.1} s", r.duration_ms as f64 / 1000.0));
    if r.raw_bytes as usize > r.content.len() {
        facts.push(format!("{} -> {} bytes", r.raw_bytes, r.content.len()));
    }
    if let Some(s) = &r.spill {
        facts.push(format!("spilled to {s}"));
    }
    let first = if matches!(r.status, ToolStatus::Denied | ToolStatus::Invalid) {
        format!("\n      {}", short(&r.content, 160))
    } else {
        String::new()
    };
    format!("    {} ({}){first}", short(&call, 80), facts.join(", "))
}

/// The progress line of a condensation record.
fn condensation_line(
    record: &Condensation,
    usage: Option<loopwright_protocol::usage::Usage>,
) -> String {
    match record {
        Condensation::Mask { ids, .. } => {
            format!("    context: {} old result(s) masked", ids.len())
        }
        Condensation::Summary {
            first_id,
            last_id,
            source,
            ..
        } => format!(
            "    context: events {first_id}..{last_id} summarised ({}{})",
            match source {
                SummarySource::Model => "model summary",
                SummarySource::Extractive => "extractive summary",
            },
            usage.map_or(String::new(), |u| format!(", {} tokens", u.total()))
        ),
    }
}

impl Reporter for Printer {
    fn event(&mut self, event: &Event, state: &State) {
        if self.json {
            if let Ok(line) = serde_json::to_string(event) {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            }
            return;
        }
        let line = match &event.kind {
            EventKind::Assistant {
                text,
                tool_calls,
                usage,
            } => {
                let tokens = usage.map_or(0, |u| u.total());
                let said = if text.trim().is_empty() {
                    String::new()
                } else {
                    format!(" {}", short(text.trim(), 100))
                };
                Some(format!(
                    "[{}] model{said} ({} call(s), {tokens} tokens)",
                    state.steps,
                    tool_calls.len()
                ))
            }
            EventKind::ToolStart { .. } => {
                self.step_started = Some(Instant::now());
                None
            }
            EventKind::ToolResult(r) => Some(result_line(r, state)),
            EventKind::Verify {
                command,
                exit_code,
                passed,
            } => Some(format!(
                "    verify `{command}`: {} (exit {})",
                if *passed { "passed" } else { "failed" },
                exit_code.map_or("-".into(), |c| c.to_string())
            )),
            EventKind::GuardTrip {
                guard,
                reason,
                action,
            } => Some(format!("    guard {guard}: {reason} -> {action}")),
            EventKind::Resumed { repaired } => {
                Some(format!("resumed ({repaired} interrupted call(s) repaired)"))
            }
            EventKind::Interrupted { reason } => Some(format!("    {reason}")),
            EventKind::Condensation { record, usage } => Some(condensation_line(record, *usage)),
            _ => None,
        };
        if let Some(l) = line {
            eprintln!("{}", super::terminal_text::safe(&l));
        }
    }

    fn thinking(&mut self, active: bool) {
        if self.json || !self.tty {
            return;
        }
        if active && !self.thinking {
            eprint!("⠿ thinking…");
        } else if !active && self.thinking {
            eprint!("\r\x1b[K");
        }
        let _ = std::io::stderr().flush();
        self.thinking = active;
    }
}

/// The workspace-relative display of a path.
#[allow(dead_code)]
pub(crate) fn rel(base: &Path, p: &Path) -> String {
    p.strip_prefix(base)
        .unwrap_or(p)
        .to_string_lossy()
        .into_owned()
}

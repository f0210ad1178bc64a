//! `loop run`: the agent loop with every guard on.

use std::ffi::OsString;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Arg, ArgAction, ArgMatches, Command};
use loopwright_agent::gate::{Approval, ApproveAsks, Approver, DenyAsks, Gate};
use loopwright_agent::policy_gate::PolicyGate;
use loopwright_agent::state::State;
use loopwright_agent::tools::describe_call;
use loopwright_agent::{
    Agent, Cancel, Prices, Provider, Reporter, RunConfig, RunEnd, ScriptedProvider,
};
use loopwright_protocol::condensation::{Condensation, SummarySource};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::tool::{ToolCall, ToolStatus};
use loopwright_store::SessionWriter;

/// clap description of `loop run`.
pub fn command() -> Command {
    super::run_daily::args(super::run_store::args(super::run_context::args(
        base_command(),
    )))
}

fn base_command() -> Command {
    Command::new("run")
        .about("Run the agent loop on a task, with every guard on (exit 0 done, 2 escalated/limit, 3 refused, 130 interrupted, 1 error)")
        .arg(Arg::new("task").value_name("TASK").help("What to do (not with --resume)"))
        .arg(Arg::new("resume").long("resume").value_name("ID").help("Continue session ID (interrupted, crashed or stopped)"))
        .arg(Arg::new("provider").long("provider").value_name("NAME").value_parser(["openai", "anthropic", "json", "scripted"]).help("Model provider: openai (chat completions), anthropic (messages), json (JSON actions over chat completions, for models without tool calling), scripted (--script); default: from the profile or the environment"))
        .arg(Arg::new("model").long("model").value_name("NAME").help("Model name (default: LOOP_MODEL, then the profile)"))
        .arg(Arg::new("base-url").long("base-url").value_name("URL").help("Server base URL, e.g. http://127.0.0.1:8080/v1 (default: LOOP_BASE_URL, the profile, then the provider's public API)"))
        .arg(Arg::new("api-key-env").long("api-key-env").value_name("VAR").help("Environment variable holding the API key (default: OPENAI_API_KEY / ANTHROPIC_API_KEY)"))
        .arg(Arg::new("profile").long("profile").value_name("NAME").help("Profile of ~/.config/loopwright/config.toml (default: LOOP_PROFILE, then `default` there)"))
        .arg(Arg::new("script").long("script").value_name("FILE").help("JSON array of assistant turns for --provider scripted"))
        .arg(Arg::new("workspace").long("workspace").value_name("DIR").help("Workspace (default: the current directory)"))
        .arg(Arg::new("state-dir").long("state-dir").value_name("DIR").help("Where sessions, ledgers and spills go (default: WORKSPACE/.loop)"))
        .arg(Arg::new("verify").long("verify").value_name("CMD").help("The run only ends as done when CMD exits 0 after finish"))
        .arg(Arg::new("max-steps").long("max-steps").value_name("N").default_value("50").value_parser(clap::value_parser!(u64).range(1..)).help("Stop after N model steps"))
        .arg(Arg::new("max-tokens").long("max-tokens").value_name("N").value_parser(clap::value_parser!(u64).range(1..)).help("Stop once N tokens are used"))
        .arg(Arg::new("max-cost").long("max-cost").value_name("USD").value_parser(clap::value_parser!(f64)).help("Stop once the cost reaches USD (needs prices: --price-input/--price-output or `prices` in the profile)"))
        .arg(Arg::new("price-input").long("price-input").value_name("USD").value_parser(clap::value_parser!(f64)).help("Price per million input tokens"))
        .arg(Arg::new("price-output").long("price-output").value_name("USD").value_parser(clap::value_parser!(f64)).help("Price per million output tokens"))
        .arg(Arg::new("max-output-tokens").long("max-output-tokens").value_name("N").value_parser(clap::value_parser!(u64).range(1..)).help("The most tokens the model may generate per reply (default 4096, or `max_output_tokens` in the profile)"))
        .arg(Arg::new("no-stream").long("no-stream").action(ArgAction::SetTrue).help("Ask for one JSON reply per model call instead of a stream"))
        .arg(Arg::new("timeout").long("timeout").value_name("SECS").value_parser(clap::value_parser!(u64).range(1..)).help("Wall-clock limit for the whole run"))
        .arg(Arg::new("condenser").long("condenser").value_name("STRATEGY").default_value("mask+summary").value_parser(["none", "mask", "summary", "mask+summary"]).help("History condensers: repeated, stale and old tool results masked (recallable), summarise at 75% of the window"))
        .arg(Arg::new("context-window").long("context-window").value_name("TOKENS").default_value("128000").value_parser(clap::value_parser!(u64).range(1000..)).help("Model context window in tokens (compaction threshold base)"))
        .arg(Arg::new("tool-timeout").long("tool-timeout").value_name("SECS").default_value("120").value_parser(clap::value_parser!(u64).range(1..)).help("Default time limit of one shell command"))
        .arg(Arg::new("rules").long("rules").value_name("FILE").action(ArgAction::Append).help("Extra permission rule file (as for loop gate); repeatable"))
        .arg(Arg::new("yolo").long("yolo").action(ArgAction::SetTrue).help("Allow what the policy would ask about (denies still deny)"))
        .arg(Arg::new("no-prompt").long("no-prompt").action(ArgAction::SetTrue).conflicts_with("yolo").help("Deny what the policy would ask about, even on a terminal"))
        .arg(Arg::new("session-id").long("session-id").value_name("ID").help("Id for a new session (default: time + random)"))
        .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help("Stream the session events as JSON lines on stdout"))
}

/// Runs `loop run`.
pub fn main(args: &[OsString]) -> ExitCode {
    let m = match super::parse_args(command(), "run", args, 1) {
        Ok(m) => m,
        Err(code) => return code,
    };
    match run(&m) {
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

fn run(m: &ArgMatches) -> Result<u8> {
    let ws_arg = match m.get_one::<String>("workspace") {
        Some(w) => PathBuf::from(w),
        None => std::env::current_dir().context("cannot read the current directory")?,
    };
    let workspace = std::fs::canonicalize(&ws_arg)
        .ok()
        .filter(|p| p.is_dir())
        .ok_or_else(|| anyhow!("--workspace {}: not a directory", ws_arg.display()))?;
    let state_dir = match m.get_one::<String>("state-dir") {
        Some(d) => PathBuf::from(d),
        None => workspace.join(".loop"),
    };
    let mut profile_prices = None;
    let mut profile_window = None;
    let mut profile_context = loopwright_providers::ContextSettings::default();
    let named = m.get_one::<String>("provider").map(String::as_str);
    let scripted = named == Some("scripted") || (named.is_none() && m.contains_id("script"));
    let provider: Box<dyn Provider> = match named {
        _ if scripted => {
            let file = m
                .get_one::<String>("script")
                .ok_or_else(|| anyhow!("--provider scripted needs --script FILE (a JSON array of turns); try `loop demo` for an offline run"))?;
            let text = std::fs::read_to_string(file).with_context(|| format!("--script {file}"))?;
            Box::new(
                ScriptedProvider::from_json(&text).map_err(|e| anyhow!("--script {file}: {e}"))?,
            )
        }
        named => {
            let flags = loopwright_providers::Flags {
                provider: named.map(str::to_string),
                model: m.get_one::<String>("model").cloned(),
                base_url: m.get_one::<String>("base-url").cloned(),
                api_key_env: m.get_one::<String>("api-key-env").cloned(),
                profile: m.get_one::<String>("profile").cloned(),
                max_output_tokens: m.get_one::<u64>("max-output-tokens").copied(),
                stream: m.get_flag("no-stream").then_some(false),
            };
            let (resolved, provider) = loopwright_providers::from_env(&flags).map_err(|e| {
                let lead = named.map(|p| format!("--provider {p}: ")).unwrap_or_default();
                if matches!(e, loopwright_providers::ConfigError::NotConfigured(_)) {
                    anyhow!("{lead}{e} (--script FILE replays scripted turns)")
                } else {
                    anyhow!("{lead}{e}\n  (`loop demo` shows a run without a model; --script FILE replays scripted turns)")
                }
            })?;
            profile_prices = loopwright_providers::agent_prices(&resolved);
            profile_window = resolved.context_window;
            profile_context = resolved.context.clone();
            provider
        }
    };
    // Checked before the session is created: a bad setting leaves nothing behind.
    let context = match super::run_context::config(m, &profile_context, profile_window) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("loop run: {e}");
            return Ok(2);
        }
    };
    let daily = super::run_daily::budget(m)?;
    let store = super::run_store::sessions(m, &state_dir)?;
    let resume = m.get_one::<String>("resume");
    let log = match (resume, m.get_one::<String>("task")) {
        (Some(_), Some(_)) => bail!("give either a TASK or --resume ID, not both"),
        (None, None) => bail!("missing TASK (or --resume ID)"),
        (Some(id), None) => {
            let mut log = store.open_session(id)?;
            let state = State::from_events(log.events());
            if state.ended == Some(loopwright_protocol::event::Outcome::Done) {
                eprintln!("session {id} is already done; nothing to resume");
                return Ok(0);
            }
            let repaired = log.repaired();
            log.append(EventKind::Resumed { repaired })?;
            log
        }
        (None, Some(task)) => {
            let id = m
                .get_one::<String>("session-id")
                .cloned()
                .unwrap_or_else(new_id);
            store.create_session(
                &id,
                EventKind::SessionStart {
                    task: task.clone(),
                    workspace: workspace.to_string_lossy().into_owned(),
                    provider: provider.name().to_string(),
                    model: provider.model().map(str::to_string),
                    verify: m.get_one::<String>("verify").cloned(),
                },
            )?
        }
    };
    let id = log.id().to_string();

    let mut resume_hint = format!(
        "loop run --resume {id} --workspace {}",
        quote(&workspace.to_string_lossy())
    );
    if let Some(d) = m.get_one::<String>("state-dir") {
        resume_hint.push_str(&format!(" --state-dir {}", quote(d)));
    }
    resume_hint.push_str(&super::run_store::resume_hint(m));
    if let Some(s) = m.get_one::<String>("script") {
        resume_hint.push_str(&format!(" --provider scripted --script {}", quote(s)));
    }
    for flag in ["provider", "model", "base-url", "api-key-env", "profile"] {
        if let Some(v) = m.get_one::<String>(flag).filter(|v| *v != "scripted") {
            resume_hint.push_str(&format!(" --{flag} {}", quote(v)));
        }
    }

    let mut cfg = RunConfig::new(workspace.clone());
    cfg.state_dir = state_dir;
    cfg.max_steps = m.get_one::<u64>("max-steps").copied().unwrap_or(50);
    cfg.max_tokens = m.get_one::<u64>("max-tokens").copied();
    cfg.context = context;
    // Observation limits follow the window: one output at most 15% of it, one turn 30%.
    let window = super::run_context::window(m, profile_window);
    cfg.budget =
        loopwright_observe::Budget::for_window(usize::try_from(window).unwrap_or(usize::MAX));
    cfg.max_cost = m.get_one::<f64>("max-cost").copied();
    if let Some(pi) = m.get_one::<f64>("price-input") {
        cfg.prices = Some(Prices::new(
            *pi,
            m.get_one::<f64>("price-output").copied().unwrap_or(*pi),
        ));
    }
    if cfg.prices.is_none() {
        cfg.prices = profile_prices;
    }
    if cfg.max_cost.is_some() && cfg.prices.is_none() {
        bail!(
            "--max-cost needs prices: pass --price-input/--price-output or set `prices` in the profile"
        );
    }
    cfg.timeout = m.get_one::<u64>("timeout").map(|s| Duration::from_secs(*s));
    cfg.shell_timeout =
        Duration::from_secs(m.get_one::<u64>("tool-timeout").copied().unwrap_or(120));
    cfg.resume_hint = resume_hint;
    cfg.daily = daily.map(std::sync::Arc::new);

    let rules: Vec<PathBuf> = m
        .get_many::<String>("rules")
        .into_iter()
        .flatten()
        .map(PathBuf::from)
        .collect();
    let gate = PolicyGate::load(&workspace, &rules)
        .map_err(|e| anyhow!("permission rules: {e}"))?
        .yolo(m.get_flag("yolo"));
    let interactive = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let approver: Box<dyn Approver> = if m.get_flag("yolo") {
        Box::new(ApproveAsks)
    } else if interactive && !m.get_flag("no-prompt") {
        Box::new(TerminalApprover)
    } else {
        Box::new(DenyAsks)
    };
    let printer = Printer::new(m.get_flag("json"));
    let cancel = install_signals()?;
    drive(
        log,
        cfg,
        provider,
        Box::new(gate),
        approver,
        printer,
        cancel,
    )
}

/// Runs an agent to its end and prints the outcome; returns the exit code.
pub(crate) fn drive(
    log: Box<dyn SessionWriter>,
    cfg: RunConfig,
    provider: Box<dyn Provider>,
    gate: Box<dyn Gate>,
    approver: Box<dyn Approver>,
    printer: Printer,
    cancel: Cancel,
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
    let mut agent = Agent::new(log, cfg, provider, cancel)?
        .with_gate(gate)
        .with_approver(approver)
        .with_reporter(Box::new(printer));
    let end = agent.run()?;
    let report = sessions.join(format!("{id}.report.md"));
    match &end {
        RunEnd::Done(summary) => eprintln!("done: {summary}\nsession {id}"),
        RunEnd::Escalated(why) | RunEnd::Limit(why) => {
            if let Ok(text) = std::fs::read_to_string(&report) {
                eprintln!("\n{text}");
            }
            eprintln!("stopped: {why}\nreport: {}\nsession {id}", report.display());
        }
        RunEnd::Interrupted => eprintln!(
            "interrupted; every open tool call has a result.\nresume with: {resume}\nsession {id}"
        ),
        RunEnd::Error(why) => eprintln!("error: {why}\nresume with: {resume}\nsession {id}"),
        RunEnd::Refused(why) => eprintln!("refused: {why}\nsession {id}"),
    }
    Ok(end.exit_code())
}

/// Asks on the terminal: allow once, always (this run), or deny.
struct TerminalApprover;

impl Approver for TerminalApprover {
    fn approve(&mut self, call: &ToolCall, reason: &str) -> Approval {
        eprint!(
            "\n? {}\n  policy: {reason}\n  allow [o]nce, [a]lways this run, or [d]eny (default)? ",
            describe_call(call)
        );
        let _ = std::io::stderr().flush();
        let mut line = String::new();
        if std::io::stdin().lock().read_line(&mut line).is_err() {
            return Approval::Deny;
        }
        match line.trim().to_ascii_lowercase().as_str() {
            "o" | "once" | "y" | "yes" => Approval::Once,
            "a" | "always" => Approval::Always,
            _ => Approval::Deny,
        }
    }
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
            EventKind::ToolResult(r) => {
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
                Some(format!(
                    "    {} ({}){first}",
                    short(&call, 80),
                    facts.join(", ")
                ))
            }
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
            EventKind::Condensation { record, usage } => Some(match record {
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
            }),
            _ => None,
        };
        if let Some(l) = line {
            eprintln!("{l}");
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

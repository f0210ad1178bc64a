//! `loop demo`: an offline run of the real loop, with a scripted model, in a temporary
//! workspace holding a small project with a failing test. Every guard gets to act.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use clap::{Arg, ArgMatches, Command};
use loopwright_agent::gate::DenyAsks;
use loopwright_agent::policy_gate::PolicyGate;
use loopwright_agent::{RunConfig, ScriptedProvider};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::tool::ToolStatus;
use loopwright_store::session::SessionStore;

use super::run::{Printer, drive, install_signals};

/// The demo project: path and content.
const PROJECT: [(&str, &str); 5] = [
    (
        "textstats.sh",
        include_str!("../../demo/project/textstats.sh"),
    ),
    ("test.sh", include_str!("../../demo/project/test.sh")),
    ("build.sh", include_str!("../../demo/project/build.sh")),
    ("README.md", include_str!("../../demo/project/README.md")),
    (".loop/gate.toml", include_str!("../../demo/gate.toml")),
];

/// The scripted model's turns.
const SCRIPT: &str = include_str!("../../demo/script.json");

/// The task given to the model.
pub const TASK: &str = "The tests of textstats fail (bash test.sh). Find the cause and fix it.";

/// clap description of `loop demo`.
pub fn command() -> Command {
    Command::new("demo")
        .about("Offline showcase: a scripted model fixes a failing test while every guard acts (exit 0 when the fix is verified)")
        .arg(Arg::new("dir").long("dir").value_name("DIR").help("Create the demo workspace here (must not exist or be empty; default: a new temporary directory)"))
}

/// Runs `loop demo`.
pub fn main(args: &[OsString]) -> ExitCode {
    let m = match super::parse_args(command(), "demo", args, 1) {
        Ok(m) => m,
        Err(code) => return code,
    };
    match run(&m) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("loop demo: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn workspace(m: &ArgMatches) -> Result<PathBuf> {
    let dir = match m.get_one::<String>("dir") {
        Some(d) => PathBuf::from(d),
        None => std::env::temp_dir().join(format!(
            "loop-demo-{}-{:04x}",
            std::process::id(),
            fastrand::u16(..)
        )),
    };
    if dir.exists()
        && std::fs::read_dir(&dir)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true)
    {
        bail!("--dir {}: exists and is not empty", dir.display());
    }
    for (path, text) in PROJECT {
        let p = dir.join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&p, text).with_context(|| format!("cannot write {}", p.display()))?;
    }
    std::fs::canonicalize(&dir).with_context(|| format!("{}", dir.display()))
}

fn run(m: &ArgMatches) -> Result<u8> {
    let ws = workspace(m)?;
    eprintln!("loop demo: a scripted model works on a small bash project with a failing test");
    eprintln!(
        "workspace: {}\ntask: {TASK}\nverify: bash test.sh\n",
        ws.display()
    );
    let provider =
        ScriptedProvider::from_json(SCRIPT).map_err(|e| anyhow!("embedded script: {e}"))?;
    let state_dir = ws.join(".loop");
    let store = SessionStore::new(&state_dir);
    let log = store.create(
        "demo",
        EventKind::SessionStart {
            task: TASK.into(),
            workspace: ws.to_string_lossy().into_owned(),
            provider: "scripted".into(),
            model: Some("demo-script".into()),
            verify: Some("bash test.sh".into()),
        },
    )?;
    let mut cfg = RunConfig::new(ws.clone());
    cfg.max_steps = 30;
    cfg.resume_hint = format!(
        "(the demo is not resumable; see loop sessions show demo --workspace {})",
        ws.display()
    );
    let gate = PolicyGate::load(&ws, &[]).map_err(|e| anyhow!("permission rules: {e}"))?;
    let code = drive(
        log,
        cfg,
        Box::new(provider),
        Box::new(gate),
        Box::new(DenyAsks),
        Printer::new(false),
        install_signals()?,
    )?;
    let events = store.load("demo")?.events;
    eprintln!("\n{}", closing_report(&events, &ws));
    Ok(code)
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What each guard did, from the session events.
pub fn closing_report(events: &[Event], ws: &Path) -> String {
    let mut outputs = 0u64;
    let mut raw = 0u64;
    let mut shown = 0u64;
    let mut compressed = Vec::new();
    let mut spilled = Vec::new();
    let mut denied = Vec::new();
    let mut trips = Vec::new();
    let mut verify = Vec::new();
    let mut steps = 0u64;
    let mut tokens = 0u64;
    let mut calls = std::collections::HashMap::new();
    let mut outcome = String::from("open");
    for e in events {
        match &e.kind {
            EventKind::Assistant {
                tool_calls, usage, ..
            } => {
                steps += 1;
                tokens += usage.map_or(0, |u| u.total());
                for c in tool_calls {
                    calls.insert(c.id.clone(), loopwright_agent::tools::describe_call(c));
                }
            }
            EventKind::ToolResult(r) => {
                outputs += 1;
                raw += r.raw_bytes;
                shown += r.content.len() as u64;
                let what = calls
                    .get(&r.call_id)
                    .cloned()
                    .unwrap_or_else(|| r.name.clone());
                if let Some(line) = r
                    .content
                    .lines()
                    .find(|l| l.starts_with("[log compressed:"))
                {
                    compressed.push(format!(
                        "{what} {}",
                        line.trim_start_matches("[log compressed: ")
                            .trim_end_matches(']')
                    ));
                }
                if let Some(s) = &r.spill {
                    spilled.push(format!(
                        "{what}: {} bytes -> {} shown, full text in {s}",
                        thousands(r.raw_bytes),
                        thousands(r.content.len() as u64)
                    ));
                }
                if r.status == ToolStatus::Denied {
                    denied.push(format!(
                        "{what}: {}",
                        r.content.lines().next().unwrap_or_default()
                    ));
                }
            }
            EventKind::GuardTrip {
                guard,
                reason,
                action,
            } => trips.push(format!("{guard}: {reason} -> {action}")),
            EventKind::Verify {
                command, passed, ..
            } => {
                verify.push(format!(
                    "`{command}` {}",
                    if *passed { "passed" } else { "failed" }
                ));
            }
            EventKind::End { outcome: o, .. } => outcome = o.as_str().to_string(),
            _ => {}
        }
    }
    let mut s = String::from("What the guards did\n");
    let _ = writeln!(
        s,
        "  outcome      {outcome} after {steps} steps, {} tool results, ~{} tokens (estimated)",
        outputs,
        thousands(tokens)
    );
    let _ = writeln!(
        s,
        "  observation  {} bytes of tool output, {} bytes shown to the model ({} kept out of the context, nothing lost)",
        thousands(raw),
        thousands(shown),
        thousands(raw.saturating_sub(shown))
    );
    for c in &compressed {
        let _ = writeln!(s, "    compressed  {c}");
    }
    for c in &spilled {
        let _ = writeln!(s, "    spilled     {c}");
    }
    if denied.is_empty() {
        let _ = writeln!(s, "  policy       nothing denied");
    }
    for d in &denied {
        let _ = writeln!(s, "  policy       denied {d}");
    }
    if trips.is_empty() {
        let _ = writeln!(s, "  stuck/breaker no trip");
    }
    for t in &trips {
        let _ = writeln!(s, "  stuck/breaker {t}");
    }
    for v in &verify {
        let _ = writeln!(s, "  verify       {v}");
    }
    let _ = writeln!(s, "\nInspect it:");
    let _ = writeln!(s, "  loop sessions show demo --workspace {}", ws.display());
    let _ = writeln!(
        s,
        "  loop context --status --ledger {}",
        ws.join(".loop/sessions/demo.ledger.json").display()
    );
    s
}

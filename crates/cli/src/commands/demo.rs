//! `loop demo`: an offline run of the real loop, with a scripted model, in a temporary
//! workspace holding a small project with a failing test. Every guard gets to act, and so does
//! context management: the project's `AGENTS.md` goes into the prompt prefix, old tool results
//! are masked in batches (a small `--mask-keep`/`--mask-batch` so it happens within the demo's
//! few steps), and one scripted turn recalls a masked result in full.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use loopwright_agent::closing::closing_report;
use loopwright_agent::gate::DenyAsks;
use loopwright_agent::policy_gate::PolicyGate;
use loopwright_agent::{RunConfig, ScriptedProvider};
use loopwright_context::Config;
use loopwright_protocol::event::EventKind;
use loopwright_store::session::FileSessionStore;

use super::run::{Printer, drive, install_signals};

/// The demo project: path and content.
const PROJECT: [(&str, &str); 6] = [
    (
        "textstats.sh",
        include_str!("../../demo/project/textstats.sh"),
    ),
    ("test.sh", include_str!("../../demo/project/test.sh")),
    ("build.sh", include_str!("../../demo/project/build.sh")),
    ("README.md", include_str!("../../demo/project/README.md")),
    ("AGENTS.md", include_str!("../../demo/project/AGENTS.md")),
    (".loop/gate.toml", include_str!("../../demo/gate.toml")),
];

/// The scripted model's turns.
const SCRIPT: &str = include_str!("../../demo/script.json");

/// The task given to the model.
pub const TASK: &str = "The tests of textstats fail (bash test.sh). Find the cause and fix it.";

/// Tool results the demo keeps in full (`--mask-keep`; `loop run` defaults to 10).
pub const MASK_KEEP: usize = 4;

/// Old results masked at a time (`--mask-batch`; `loop run` defaults to 5).
pub const MASK_BATCH: usize = 2;

/// The demo's condensers: `loop run`'s default pipeline (`mask+summary`, 128k window) with a
/// small mask window, so that masking acts within the demo's dozen steps.
pub fn context_config() -> Result<Config> {
    let mut cfg = Config::from_strategy("mask+summary", 128_000)
        .map_err(|e| anyhow!("demo context config: {e}"))?;
    if let Some(mask) = cfg.mask.as_mut() {
        mask.keep_last = MASK_KEEP;
        mask.batch = MASK_BATCH;
    }
    Ok(cfg)
}

/// The arguments of `loop demo`.
#[derive(Debug, clap::Parser)]
#[command(
    name = "demo",
    about = "Offline showcase: a scripted model fixes a failing test while every guard acts (exit 0 when the fix is verified)"
)]
pub struct DemoArgs {
    /// Create the demo workspace here (must not exist or be empty; default: a new temporary directory)
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Runs `loop demo`.
pub fn main(a: &DemoArgs) -> ExitCode {
    match run(a) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("loop demo: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn workspace(a: &DemoArgs) -> Result<PathBuf> {
    let dir = match &a.dir {
        Some(d) => d.clone(),
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
        loopwright_store::atomic::write_atomic(&p, text.as_bytes())
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    std::fs::canonicalize(&dir).with_context(|| format!("{}", dir.display()))
}

fn run(a: &DemoArgs) -> Result<u8> {
    let ws = workspace(a)?;
    eprintln!("loop demo: a scripted model works on a small bash project with a failing test");
    eprintln!(
        "workspace: {}\ntask: {TASK}\nverify: bash test.sh\ncontext: AGENTS.md in the prompt prefix; tool results older than the last {MASK_KEEP} masked, {MASK_BATCH} at a time (loop run --mask-keep {MASK_KEEP} --mask-batch {MASK_BATCH})\n",
        ws.display()
    );
    let provider =
        ScriptedProvider::from_json(SCRIPT).map_err(|e| anyhow!("embedded script: {e}"))?;
    let state_dir = loopwright_store::StateDir::of_workspace(&ws)
        .root()
        .to_path_buf();
    let store = FileSessionStore::new(&state_dir);
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
    cfg.context = context_config()?;
    cfg.resume_hint = format!(
        "(the demo is not resumable; see loop sessions show demo --workspace {})",
        ws.display()
    );
    let gate = PolicyGate::load(&ws, &[]).map_err(|e| anyhow!("permission rules: {e}"))?;
    let code = drive(
        Box::new(log),
        None,
        cfg,
        Box::new(provider),
        Box::new(gate),
        Box::new(DenyAsks),
        Printer::new(false),
        install_signals()?,
        None,
    )?;
    let events = store.load("demo")?.events;
    eprintln!("\n{}", closing_report(&events, "demo"));
    Ok(code)
}

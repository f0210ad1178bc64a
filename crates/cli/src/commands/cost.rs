//! `loop cost`: token cost of a loop pattern per run and per day.

use std::io::Write as _;
use std::process::ExitCode;

use loopwright_guard::cost::{EstimateRequest, Registry, RegistryFormat, estimate};

/// The arguments of `loop cost`.
#[derive(Debug, clap::Parser)]
#[command(
    name = "cost",
    about = "Estimate the token cost of a loop pattern per run and per day",
    long_about = "Estimate the token cost of a loop pattern: tokens per run and per day for runs that \
                  exit early, write a report, or act, plus the realistic blend for a readiness level. \
                  The pattern registry is built in; --registry prices your own patterns.",
    after_help = "Examples:\n  loop cost -p ci-sweeper -c 15m -l L2\n  \
                  loop cost -p ci-sweeper -l L2 -o maker-checker --with-caching\n  \
                  loop cost -p daily-triage --json\n  loop cost --list --registry my-patterns.yaml\n\n\
                  Exit codes: 0 estimate printed, 1 bad flag, pattern, level, cadence, orchestration \
                  or registry.",
    disable_version_flag = true
)]
pub struct CostArgs {
    /// Pattern id (see --list)
    #[arg(short, long, value_name = "ID", default_value = "daily-triage")]
    pub pattern: String,
    /// How often the loop runs: 15m, 2h, 1d or a range like 5m-15m [default: the pattern's]
    #[arg(short, long, value_name = "SPEC")]
    pub cadence: Option<String>,
    /// Readiness level: L1 (report), L2 (small fixes), L3 (unattended)
    #[arg(short, long, value_name = "LEVEL", default_value = "L1")]
    pub level: String,
    /// Agents per action: single, maker-checker, parallel:N or debate:R [default: single]
    #[arg(short, long, value_name = "MODE")]
    pub orchestration: Option<String>,
    /// Use the slowest cadence of a range instead of the fastest
    #[arg(long)]
    pub conservative: bool,
    /// Add the prompt-caching scenario (needs stable_fraction in the registry)
    #[arg(long)]
    pub with_caching: bool,
    /// Print JSON (with --list too)
    #[arg(long)]
    pub json: bool,
    /// List the patterns of the registry
    #[arg(long)]
    pub list: bool,
    /// Pattern registry to use instead of the built-in one (YAML, or JSON if FILE ends in .json)
    #[arg(long, value_name = "FILE")]
    pub registry: Option<std::path::PathBuf>,
}

/// Runs `loop cost`.
pub fn main(a: &CostArgs) -> ExitCode {
    let registry = match &a.registry {
        None => Registry::embedded().map_err(|e| format!("built-in registry: {e}")),
        Some(path) => loopwright_store::input::read_to_string(path)
            .map_err(|e| format!("--registry {}: {e}", path.display()))
            .and_then(|text| {
                let format = RegistryFormat::from_file_name(&path.to_string_lossy());
                Registry::from_text(&text, format)
                    .map_err(|e| format!("--registry {}: {e}", path.display()))
            }),
    };
    let registry = match registry {
        Ok(r) => r,
        Err(msg) => return fail(&msg),
    };
    let json = a.json;
    if a.list {
        return print(&if json {
            registry.list_json() + "\n"
        } else {
            registry.list_text()
        });
    }
    let req = EstimateRequest {
        pattern: &a.pattern,
        level: Some(&a.level),
        cadence: a.cadence.as_deref(),
        conservative: a.conservative,
        orchestration: a.orchestration.as_deref(),
        with_caching: a.with_caching,
    };
    match estimate(&registry, &req) {
        Ok(e) if json => print(&(e.to_json() + "\n")),
        Ok(e) => print(&e.to_text()),
        Err(e) => fail(&e.to_string()),
    }
}

fn print(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(&format!("writing stdout: {e}")),
    }
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("{msg}");
    ExitCode::from(1)
}

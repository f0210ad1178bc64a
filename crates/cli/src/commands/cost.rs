//! `loop cost`: token cost of a loop pattern per run and per day.

use std::ffi::OsString;
use std::io::Write as _;
use std::process::ExitCode;

use clap::{Arg, ArgAction, Command};
use loopwright_guard::cost::{EstimateRequest, Registry, RegistryFormat, estimate};

/// clap description of `loop cost` (used for parsing, help and completions).
pub fn command() -> Command {
    Command::new("cost")
        .about("Estimate the token cost of a loop pattern per run and per day")
        .long_about(
            "Estimate the token cost of a loop pattern: tokens per run and per day for runs that \
             exit early, write a report, or act, plus the realistic blend for a readiness level. \
             The pattern registry is built in; --registry prices your own patterns.",
        )
        .after_help(
            "Examples:\n  loop cost -p ci-sweeper -c 15m -l L2\n  \
             loop cost -p ci-sweeper -l L2 -o maker-checker --with-caching\n  \
             loop cost -p daily-triage --json\n  loop cost --list --registry my-patterns.yaml\n\n\
             Exit codes: 0 estimate printed, 1 bad flag, pattern, level, cadence, orchestration \
             or registry.",
        )
        .disable_version_flag(true)
        .arg(
            Arg::new("pattern")
                .short('p')
                .long("pattern")
                .value_name("ID")
                .default_value("daily-triage")
                .help("Pattern id (see --list)"),
        )
        .arg(
            Arg::new("cadence")
                .short('c')
                .long("cadence")
                .value_name("SPEC")
                .help("How often the loop runs: 15m, 2h, 1d or a range like 5m-15m [default: the pattern's]"),
        )
        .arg(
            Arg::new("level")
                .short('l')
                .long("level")
                .value_name("LEVEL")
                .default_value("L1")
                .help("Readiness level: L1 (report), L2 (small fixes), L3 (unattended)"),
        )
        .arg(
            Arg::new("orchestration")
                .short('o')
                .long("orchestration")
                .value_name("MODE")
                .help("Agents per action: single, maker-checker, parallel:N or debate:R [default: single]"),
        )
        .arg(
            Arg::new("conservative")
                .long("conservative")
                .action(ArgAction::SetTrue)
                .help("Use the slowest cadence of a range instead of the fastest"),
        )
        .arg(
            Arg::new("with-caching")
                .long("with-caching")
                .action(ArgAction::SetTrue)
                .help("Add the prompt-caching scenario (needs stable_fraction in the registry)"),
        )
        .arg(
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .help("Print JSON (with --list too)"),
        )
        .arg(
            Arg::new("list")
                .long("list")
                .action(ArgAction::SetTrue)
                .help("List the patterns of the registry"),
        )
        .arg(
            Arg::new("registry")
                .long("registry")
                .value_name("FILE")
                .value_parser(clap::value_parser!(std::path::PathBuf))
                .help("Pattern registry to use instead of the built-in one (YAML, or JSON if FILE ends in .json)"),
        )
}

/// Runs `loop cost` with the arguments after `cost`.
pub fn main(args: &[OsString]) -> ExitCode {
    let matches = match super::parse_args(command(), "loop cost", args, 1) {
        Ok(m) => m,
        Err(code) => return code,
    };
    let registry = match matches.get_one::<std::path::PathBuf>("registry") {
        None => Registry::embedded().map_err(|e| format!("built-in registry: {e}")),
        Some(path) => std::fs::read_to_string(path)
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
    let json = matches.get_flag("json");
    if matches.get_flag("list") {
        return print(&if json {
            registry.list_json() + "\n"
        } else {
            registry.list_text()
        });
    }
    let get = |name: &str| matches.get_one::<String>(name).map(String::as_str);
    let req = EstimateRequest {
        pattern: get("pattern").unwrap_or("daily-triage"),
        level: get("level"),
        cadence: get("cadence"),
        conservative: matches.get_flag("conservative"),
        orchestration: get("orchestration"),
        with_caching: matches.get_flag("with-caching"),
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

//! `loop run`'s containment settings: tools run under the `loop` binary's supervisor, the
//! loop is a child subreaper, and secrets stay out of tools' environments unless passed by
//! name (`--pass-env NAME`). The logic is `loopwright_agent::contain` and `tools::env`.

use std::path::{Path, PathBuf};

use loopwright_agent::RunEnd;
use loopwright_agent::contain::guard;
use loopwright_agent::tools::Launch;

use super::terminal_text::safe;

/// `loop run`'s containment flags.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ContainArgs {
    /// Keep variable NAME in tools' environments although it looks like a secret (the provider's key and *_API_KEY, *_TOKEN, *_SECRET, *PASSWORD*, AWS_*, AZURE_*... are removed); repeatable
    #[arg(long = "pass-env", value_name = "NAME", value_parser = variable_name)]
    pub pass_env: Vec<String>,
    /// Refuse to run when tools cannot be kept out of the state directory by the operating system (user and mount namespaces plus Landlock, Linux); without it the run warns and only the permission policy guards it
    #[arg(long = "require-state-guard")]
    pub require_state_guard: bool,
}

fn variable_name(name: &str) -> Result<String, String> {
    if name.is_empty() || name.contains(['=', '\0']) {
        Err("not a variable name".into())
    } else {
        Ok(name.to_string())
    }
}

/// What the provider's profile says of tools' environments.
#[derive(Debug, Clone, Default)]
pub struct ProfileEnv {
    /// The provider's key variable (flag, profile or default), hidden from tools.
    pub key_env: Option<String>,
    /// The profile's `pass_env` names, kept like `--pass-env` ones.
    pub pass_env: Vec<String>,
}

impl ProfileEnv {
    /// Only the `--api-key-env` flag (a scripted run has no profile).
    pub fn flag(key_env: Option<String>) -> Self {
        ProfileEnv {
            key_env,
            pass_env: Vec::new(),
        }
    }

    /// What a resolved provider configuration says.
    pub fn of(resolved: &loopwright_providers::Resolved) -> Self {
        ProfileEnv {
            key_env: Some(resolved.api_key_env.clone()),
            pass_env: resolved.pass_env.clone(),
        }
    }
}

/// The launch settings of a run: the supervisor is this binary; the provider's key variable
/// is hidden unless passed (`--pass-env`, or the profile's `pass_env`); `protect` (the state directory, rule files…) is
/// read-only for tools when the system allows it ([`loopwright_agent::contain::guard`]).
/// Makes this process a child subreaper.
///
/// # Errors
/// With `--require-state-guard`, when the guard is not fully available: why.
pub fn launch(
    a: &ContainArgs,
    profile: ProfileEnv,
    protect: &[PathBuf],
    workspace: &Path,
) -> Result<Launch, String> {
    let mut pass_env = a.pass_env.clone();
    for name in profile.pass_env {
        variable_name(&name).map_err(|e| format!("profile key pass_env: `{name}`: {e}"))?;
        pass_env.push(name);
    }
    if let Err(e) = loopwright_agent::contain::become_subreaper() {
        eprintln!(
            "loop run: warning: cannot become a child subreaper ({e}); tools' orphans go to PID 1"
        );
    }
    let supervisor = std::env::current_exe().ok();
    let read_only = protected(protect, workspace);
    let probed = match &supervisor {
        Some(program) => guard::probe(program, &read_only),
        None => guard::Probed {
            guard: None,
            shortfall: Some("the loop binary's own path is unknown".into()),
        },
    };
    if a.require_state_guard
        && let Some(why) = &probed.shortfall
    {
        return Err(format!(
            "--require-state-guard: tools cannot be kept out of the state directory here: {why}"
        ));
    }
    Ok(Launch {
        supervisor,
        pass_env,
        hide_env: profile.key_env.into_iter().collect(),
        guard: probed.guard,
        guard_warning: probed.shortfall,
    })
}

/// [`launch`], or `None` after saying why not on stderr.
pub fn launch_or_say(
    a: &ContainArgs,
    profile: ProfileEnv,
    protect: &[PathBuf],
    workspace: &Path,
) -> Option<Launch> {
    launch(a, profile, protect, workspace)
        .map_err(|e| eprintln!("loop run: {e}"))
        .ok()
}

/// The absolute forms of `paths` (canonical where they exist: a path missing now, like the
/// state directory of a first run, is protected from the first call that finds it) but those
/// that hold the workspace (making a folder above it read-only would stop every tool).
fn protected(paths: &[PathBuf], workspace: &Path) -> Vec<PathBuf> {
    paths
        .iter()
        .filter_map(|p| {
            std::fs::canonicalize(p)
                .or_else(|_| std::path::absolute(p))
                .ok()
        })
        .filter(|p| !workspace.starts_with(p))
        .collect()
}

/// What tools must not write besides the state directory: the user's loop config directory
/// (profiles, MCP servers, user rules) and the rule files given with `--rules`.
pub fn loop_files(state_dir: &Path, rules: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = vec![state_dir.to_path_buf()];
    if let Some(dir) = loopwright_providers::config::config_path(&|k| std::env::var(k).ok())
        .as_deref()
        .and_then(Path::parent)
    {
        out.push(dir.to_path_buf());
    }
    out.extend(rules.iter().cloned());
    out
}

/// `loop __loop-supervise PPID PROGRAM ARG…` (internal): runs a tool command contained.
pub fn supervise(args: &[std::ffi::OsString]) -> std::process::ExitCode {
    std::process::ExitCode::from(loopwright_agent::contain::supervise(args))
}

/// Parses a money amount: a finite number, not negative (`NaN` and `inf` would disable a
/// limit silently).
pub fn finite_usd(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if !v.is_finite() || v < 0.0 {
        return Err(format!("`{text}` must be a finite number >= 0"));
    }
    Ok(v)
}

/// Prints how a run ended on stderr; text from the model (summaries, reasons, the report) is
/// escaped for the terminal.
pub fn print_end(end: &RunEnd, report: &Path, resume: &str, id: &str) {
    let line = match end {
        RunEnd::Done(summary) => format!("done: {summary}\nsession {id}"),
        RunEnd::Escalated(why) | RunEnd::Limit(why) => {
            let text = std::fs::read_to_string(report)
                .map(|t| format!("\n{t}\n"))
                .unwrap_or_default();
            format!(
                "{text}stopped: {why}\nreport: {}\nsession {id}",
                report.display()
            )
        }
        RunEnd::Interrupted => format!(
            "interrupted; every open tool call has a result.\nresume with: {resume}\nsession {id}"
        ),
        RunEnd::Error(why) => format!("error: {why}\nresume with: {resume}\nsession {id}"),
        RunEnd::Refused(why) => format!("refused: {why}\nsession {id}"),
    };
    eprintln!("{}", safe(&line));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_must_be_finite() {
        assert_eq!(finite_usd("1.5"), Ok(1.5));
        for bad in ["NaN", "nan", "inf", "-inf", "infinity", "-1", "x", "1e999"] {
            assert!(finite_usd(bad).is_err(), "{bad}");
        }
    }
}

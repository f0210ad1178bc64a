//! `loop run`'s containment settings: tools run under the `loop` binary's supervisor, the
//! loop is a child subreaper, and secrets stay out of tools' environments unless passed by
//! name (`--pass-env NAME`). The logic is `loopwright_agent::contain` and `tools::env`.

use clap::{Arg, ArgAction, ArgMatches, Command};
use loopwright_agent::tools::Launch;

/// Adds `--pass-env` to `loop run`.
pub fn args(cmd: Command) -> Command {
    cmd.arg(
        Arg::new("pass-env")
            .long("pass-env")
            .value_name("NAME")
            .action(ArgAction::Append)
            .value_parser(variable_name)
            .help("Keep variable NAME in tools' environments although it looks like a secret (the provider's key and *_API_KEY, *_TOKEN, *_SECRET, *PASSWORD*, AWS_*, AZURE_*... are removed); repeatable"),
    )
}

fn variable_name(name: &str) -> Result<String, String> {
    if name.is_empty() || name.contains(['=', '\0']) {
        Err("not a variable name".into())
    } else {
        Ok(name.to_string())
    }
}

/// The launch settings of a run: the supervisor is this binary; `key_env` (the provider's
/// key variable) is hidden unless passed. Makes this process a child subreaper.
pub fn launch(m: &ArgMatches, key_env: Option<String>) -> Launch {
    let pass_env: Vec<String> = m
        .get_many::<String>("pass-env")
        .map(|v| v.cloned().collect())
        .unwrap_or_default();
    if let Err(e) = loopwright_agent::contain::become_subreaper() {
        eprintln!(
            "loop run: warning: cannot become a child subreaper ({e}); tools' orphans go to PID 1"
        );
    }
    Launch {
        supervisor: std::env::current_exe().ok(),
        pass_env,
        hide_env: key_env.into_iter().collect(),
    }
}

/// `loop __loop-supervise PPID PROGRAM ARG…` (internal): runs a tool command contained.
pub fn supervise(args: &[std::ffi::OsString]) -> std::process::ExitCode {
    std::process::ExitCode::from(loopwright_agent::contain::supervise(args))
}

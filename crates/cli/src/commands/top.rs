//! The top level of `loop`: help, version and `loop completions <shell>`.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Arg, Command};

/// Every subcommand's clap description, for `--help` and completions.
fn subcommands() -> Vec<Command> {
    vec![
        super::context::command(),
        super::cost::command(),
        super::gate::command(),
        super::run::command(),
        super::demo::command(),
        super::sessions::command(),
        super::compress::command(),
        super::spill::command(),
        super::replay::command(),
        super::worktree::command(),
        super::mcp::command(),
        // Subcommands register here.
        Command::new("completions")
            .about("Print a shell completion script")
            .arg(
                Arg::new("shell")
                    .required(true)
                    .value_parser(clap::value_parser!(clap_complete::Shell)),
            ),
    ]
}

/// The whole `loop` command tree.
pub fn cli() -> Command {
    Command::new("loop")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Loop engineering for AI agents: bounded, lean and safe agent loops")
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommands(subcommands())
}

/// Runs the top level (anything that is not dispatched to a subcommand module directly).
pub fn main(args: &[OsString]) -> ExitCode {
    let matches = match cli().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match matches.subcommand() {
        Some(("completions", sub)) => {
            let Some(shell) = sub.get_one::<clap_complete::Shell>("shell").copied() else {
                return ExitCode::from(1);
            };
            let mut cmd = cli();
            clap_complete::generate(shell, &mut cmd, "loop", &mut std::io::stdout());
            ExitCode::SUCCESS
        }
        Some((name, _)) => {
            eprintln!("loop: subcommand `{name}` is not available");
            ExitCode::from(1)
        }
        None => ExitCode::from(1),
    }
}

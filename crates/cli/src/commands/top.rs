//! The top level of `loop`: the one list of subcommands ([`Commands`]), used for parsing,
//! dispatch, help and `loop completions <shell>`.
//!
//! `loop context` (and the `loop-context` alias) is scanned by hand for byte compatibility with
//! the npm tool: `main.rs` hands its words over before clap sees them; its clap description
//! here serves help and completions only.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use super::worktree;
use super::{budget, compress, context, cost, demo, gate, mcp, replay, run, sessions, spill};

/// `loop`: its subcommand.
#[derive(Debug, Parser)]
#[command(
    name = "loop",
    version,
    about = "Loop engineering for AI agents: bounded, lean and safe agent loops",
    subcommand_required = true,
    arg_required_else_help = true
)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    pub command: Commands,
}

/// Every subcommand of `loop`, written once.
#[derive(Debug, Subcommand)]
pub enum Commands {
    // The loop ledger tool: hand-scanned, so this variant carries its words unparsed; its
    // help and completions come from `context::command()` (see `cli`).
    Context(ContextWords),
    Cost(cost::CostArgs),
    Gate(gate::GateArgs),
    Run(Box<run::RunArgs>),
    Demo(demo::DemoArgs),
    Sessions(sessions::SessionsArgs),
    Compress(compress::CompressArgs),
    Spill(spill::SpillArgs),
    Replay(Box<replay::ReplayArgs>),
    Worktree(worktree::WorktreeArgs),
    Mcp(mcp::McpArgs),
    Budget(budget::BudgetArgs),
    /// Print a shell completion script
    Completions(CompletionsArgs),
}

/// The words after `loop context`, left for its hand-written scanner.
#[derive(Debug, clap::Args)]
pub struct ContextWords {
    /// The words, unparsed.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub words: Vec<OsString>,
}

/// The arguments of `loop completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

impl Commands {
    /// Runs the subcommand; returns its exit code.
    pub fn run(self) -> ExitCode {
        match self {
            Commands::Context(w) => context::main(&w.words),
            Commands::Cost(a) => cost::main(&a),
            Commands::Gate(a) => gate::main(&a),
            Commands::Run(a) => run::main(&a),
            Commands::Demo(a) => demo::main(&a),
            Commands::Sessions(a) => sessions::main(&a),
            Commands::Compress(a) => compress::main(&a),
            Commands::Spill(a) => spill::main(&a),
            Commands::Replay(a) => replay::main(&a),
            Commands::Worktree(a) => worktree::main(a),
            Commands::Mcp(a) => mcp::main(a),
            Commands::Budget(a) => budget::main(&a),
            Commands::Completions(a) => {
                let mut script = Vec::new();
                clap_complete::generate(a.shell, &mut cli(), "loop", &mut script);
                // A closed pipe (`| head`) is not an error.
                let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), &script);
                ExitCode::SUCCESS
            }
        }
    }
}

/// The exit code of a usage error of subcommand `name`: 2 where the subcommand's documented
/// exit codes say so, else 1.
fn usage_code(name: Option<&str>) -> u8 {
    match name {
        Some("compress" | "spill" | "replay" | "mcp" | "budget") => 2,
        _ => 1,
    }
}

/// The whole `loop` command tree, `loop context`'s real description included.
pub fn cli() -> clap::Command {
    Cli::command().mut_subcommand("context", |_| context::command().display_order(0))
}

/// Parses the command line (program name first) and runs the subcommand.
pub fn main(args: &[OsString]) -> ExitCode {
    let parsed = cli()
        .try_get_matches_from(args)
        .and_then(|m| Cli::from_arg_matches(&m));
    match parsed {
        Ok(c) => c.command.run(),
        Err(e) => {
            let name = args.get(1).and_then(|a| a.to_str());
            let code = if e.use_stderr() { usage_code(name) } else { 0 };
            let _ = e.print();
            ExitCode::from(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_tree_is_consistent() {
        cli().debug_assert();
    }

    #[test]
    fn every_subcommand_is_listed_once() {
        let names: Vec<String> = cli()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        for n in ["context", "run", "budget", "completions", "mcp"] {
            assert_eq!(
                names.iter().filter(|x| *x == n).count(),
                1,
                "{n}: {names:?}"
            );
        }
    }
}

//! One module per `loop` subcommand. Each exposes `main(args) -> ExitCode` and `command()`,
//! the clap description used for help and shell completions.

pub mod budget;
pub mod compress;
pub mod context;
pub mod cost;
pub mod demo;
pub mod gate;
pub mod mcp;
pub mod replay;
pub mod run;
pub mod run_capabilities;
pub mod run_contain;
pub mod run_context;
pub mod run_cost;
pub mod run_daily;
pub mod run_mcp;
pub mod run_store;
pub mod run_subagent;
pub mod sessions;
pub mod spill;
pub mod store_url;
pub mod terminal_text;
pub mod top;
pub mod worktree;
pub mod worktree_store;

/// Parses the words after a subcommand with its clap description. On `--help`/`--version` or a
/// usage error, clap's text is printed and the exit code to return comes back as `Err`: 0 for
/// help, `usage_code` for a usage error.
pub fn parse_args(
    cmd: clap::Command,
    name: &str,
    args: &[std::ffi::OsString],
    usage_code: u8,
) -> Result<clap::ArgMatches, std::process::ExitCode> {
    let argv = std::iter::once(std::ffi::OsString::from(name)).chain(args.iter().cloned());
    cmd.try_get_matches_from(argv).map_err(|e| {
        let code = if e.use_stderr() { usage_code } else { 0 };
        let _ = e.print();
        std::process::ExitCode::from(code)
    })
}

/// Parses the words after a subcommand into its clap-derived arguments `T`; help, version and
/// usage errors as for [`parse_args`].
pub fn parse<T: clap::Parser>(
    name: &str,
    args: &[std::ffi::OsString],
    usage_code: u8,
) -> Result<T, std::process::ExitCode> {
    let m = parse_args(T::command(), name, args, usage_code)?;
    T::from_arg_matches(&m).map_err(|e| {
        let _ = e.print();
        std::process::ExitCode::from(usage_code)
    })
}

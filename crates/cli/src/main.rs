//! `loop`: loop engineering for AI agents.

mod commands;

use std::ffi::OsString;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let invoked_as = args
        .first()
        .and_then(|a| std::path::Path::new(a).file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if invoked_as == "loop-context" || invoked_as.starts_with("loop-context.") {
        return commands::context::main(&args[1..]);
    }
    // `loop context` is scanned by hand (byte compatibility); clap parses everything else.
    if args.get(1).and_then(|a| a.to_str()) == Some("context") {
        return commands::context::main(args.get(2..).unwrap_or(&[]));
    }
    // The hidden supervisor every `loop run` tool command runs under (not a user subcommand).
    if args.get(1).and_then(|a| a.to_str()) == Some(loopwright_agent::contain::SUPERVISE_ARG) {
        return commands::run_contain::supervise(args.get(2..).unwrap_or(&[]));
    }
    commands::top::main(&args)
}

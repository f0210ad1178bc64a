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
    let rest = args.get(2..).unwrap_or(&[]);
    match args.get(1).and_then(|a| a.to_str()) {
        Some("context") => commands::context::main(rest),
        Some("cost") => commands::cost::main(rest),
        Some("gate") => commands::gate::main(rest),
        Some("run") => commands::run::main(rest),
        Some("demo") => commands::demo::main(rest),
        Some("sessions") => commands::sessions::main(rest),
        Some("compress") => commands::compress::main(rest),
        Some("spill") => commands::spill::main(rest),
        Some("replay") => commands::replay::main(rest),
        Some("worktree") => commands::worktree::main(rest),
        Some("mcp") => commands::mcp::main(rest),
        Some("budget") => commands::budget::main(rest),
        Some(loopwright_agent::contain::SUPERVISE_ARG) => commands::run_contain::supervise(rest),
        // Subcommands register here: Some("name") => commands::name::main(rest),
        _ => commands::top::main(&args),
    }
}

//! One module per `loop` subcommand. Each exposes its clap-derived arguments and
//! `main(args) -> ExitCode`; [`top::Commands`] lists them once, for dispatch, help and shell
//! completions. `loop context` is the exception: scanned by hand, with a clap description
//! (`context::command()`) for help and completions only.

pub mod budget;
pub mod compress;
pub mod context;
pub mod cost;
pub mod demo;
pub mod gate;
pub mod mcp;
pub mod replay;
pub mod run;
pub mod run_approver;
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

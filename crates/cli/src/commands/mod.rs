//! One module per `loop` subcommand. Each exposes `main(args) -> ExitCode` and `command()`,
//! the clap description used for help and shell completions.

pub mod compress;
pub mod context;
pub mod cost;
pub mod demo;
pub mod gate;
pub mod run;
pub mod sessions;
pub mod spill;
pub mod top;

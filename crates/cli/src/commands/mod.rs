//! One module per `loop` subcommand. Each exposes `main(args) -> ExitCode` and `command()`,
//! the clap description used for help and shell completions.

pub mod context;
pub mod top;

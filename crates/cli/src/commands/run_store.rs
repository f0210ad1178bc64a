//! Where `loop run` keeps its session: `--store URL` (or `$LOOP_STORE_URL`) puts the log in a
//! PostgreSQL store, so `--resume ID` continues it from another machine; the files of the state
//! directory otherwise.

use std::path::Path;

use anyhow::Result;
use clap::{Arg, ArgMatches, Command};
use loopwright_store::backend::SessionStore;

/// Adds `--store` to `loop run`.
pub fn args(c: Command) -> Command {
    c.arg(
        Arg::new("store")
            .long("store")
            .value_name("URL")
            .help("Keep the session in a postgres:// store, so --resume works from another machine (default: $LOOP_STORE_URL, else the files of the state directory)"),
    )
}

/// The session store `loop run` uses.
pub fn sessions(m: &ArgMatches, state_dir: &Path) -> Result<Box<dyn SessionStore>> {
    let flag = m.get_one::<String>("store").map(String::as_str);
    Ok(loopwright_store_pg::session_store(flag, state_dir)?)
}

/// What the resume hint adds for the store: `--store` with the password hidden, when the store
/// came from the flag (from the environment it is found again without one).
pub fn resume_hint(m: &ArgMatches) -> String {
    match m
        .get_one::<String>("store")
        .filter(|u| !u.is_empty())
        .map(|u| loopwright_store_pg::StoreUrl::parse(u).map(|p| p.display()))
    {
        Some(Ok(shown)) => format!(" --store '{}'", shown.replace('\'', "'\\''")),
        _ => String::new(),
    }
}

//! `loop spill`: read back and list the spill files written by `loop compress` and the agent.
//!
//! Exit codes: 0 done, 1 IO error (missing file, unreadable directory), 2 usage error.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Command};
use loopwright_store::spill::{
    DEFAULT_SPILL_DIR, Range, SpillError, SpillStore, parse_range, read_range,
};

/// clap description of `loop spill`.
pub fn command() -> Command {
    Command::new("spill")
        .about("Read back or list spilled full outputs")
        .after_help("Exit codes: 0 done, 1 IO error, 2 usage error.")
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(
            Command::new("read")
                .about("Print a spill file, or a range of it (raw bytes)")
                .arg(Arg::new("path").required(true).value_name("PATH"))
                .arg(
                    Arg::new("lines")
                        .long("lines")
                        .value_name("A:B")
                        .help("Lines A to B, counted from 1, inclusive (A: or :B open)"),
                )
                .arg(
                    Arg::new("bytes")
                        .long("bytes")
                        .value_name("A:B")
                        .help("Bytes A to B, counted from 0, B exclusive"),
                )
                .group(
                    ArgGroup::new("range")
                        .args(["lines", "bytes"])
                        .multiple(false),
                ),
        )
        .subcommand(
            Command::new("ls")
                .about("List spill files, oldest first: path, bytes, lines")
                .arg(
                    Arg::new("spill-dir")
                        .long("spill-dir")
                        .value_name("DIR")
                        .default_value(DEFAULT_SPILL_DIR),
                )
                .arg(
                    Arg::new("json")
                        .long("json")
                        .action(ArgAction::SetTrue)
                        .help("Print a JSON array"),
                ),
        )
}

/// Runs `loop spill`.
pub fn main(args: &[OsString]) -> ExitCode {
    let argv = std::iter::once(OsString::from("spill")).chain(args.iter().cloned());
    let matches = match command().bin_name("loop spill").try_get_matches_from(argv) {
        Ok(m) => m,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match matches.subcommand() {
        Some(("read", sub)) => read(sub),
        Some(("ls", sub)) => ls(sub),
        _ => return ExitCode::from(2),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(SpillError::BadRange(r)) => {
            eprintln!("loop spill: invalid range `{r}` (expected A:B, A: or :B)");
            ExitCode::from(2)
        }
        Err(SpillError::Io { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("loop spill: {e}");
            ExitCode::from(1)
        }
    }
}

fn read(m: &ArgMatches) -> Result<(), SpillError> {
    let path = PathBuf::from(m.get_one::<String>("path").map_or("", String::as_str));
    let range = if let Some(r) = m.get_one::<String>("lines") {
        let (a, b) = parse_range(r).map_err(|_| SpillError::BadRange(format!("--lines {r}")))?;
        Range::Lines(a, b)
    } else if let Some(r) = m.get_one::<String>("bytes") {
        let (a, b) = parse_range(r).map_err(|_| SpillError::BadRange(format!("--bytes {r}")))?;
        Range::Bytes(a, b)
    } else {
        Range::Bytes(None, None)
    };
    let mut out = io::stdout().lock();
    read_range(&path, range, &mut out)?;
    out.flush().map_err(|source| SpillError::Io {
        action: "writing output for",
        path,
        source,
    })
}

fn ls(m: &ArgMatches) -> Result<(), SpillError> {
    let dir = PathBuf::from(
        m.get_one::<String>("spill-dir")
            .map_or(DEFAULT_SPILL_DIR, String::as_str),
    );
    let files = SpillStore::new(&dir).list()?;
    let mut out = io::stdout().lock();
    let io_err = |source| SpillError::Io {
        action: "writing output for",
        path: dir.clone(),
        source,
    };
    if m.get_flag("json") {
        let arr: Vec<serde_json::Value> = files
            .iter()
            .map(|f| serde_json::json!({"path": f.path.display().to_string(), "bytes": f.bytes, "lines": f.lines}))
            .collect();
        writeln!(out, "{}", serde_json::Value::Array(arr)).map_err(io_err)?;
    } else {
        for f in &files {
            writeln!(out, "{}\t{}\t{}", f.path.display(), f.bytes, f.lines).map_err(io_err)?;
        }
    }
    out.flush().map_err(io_err)
}

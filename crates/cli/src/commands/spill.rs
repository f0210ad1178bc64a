//! `loop spill`: read back and list the spill files written by `loop compress` and the agent.
//!
//! Exit codes: 0 done, 1 IO error (missing file, unreadable directory), 2 usage error.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use loopwright_store::spill::{
    DEFAULT_SPILL_DIR, Range, SpillError, SpillStore, parse_range, read_range,
};

/// The arguments of `loop spill`.
#[derive(Debug, clap::Parser)]
#[command(
    name = "spill",
    about = "Read back or list spilled full outputs",
    after_help = "Exit codes: 0 done, 1 IO error, 2 usage error.",
    arg_required_else_help = true
)]
pub struct SpillArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// `loop spill read | ls`.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Print a spill file, or a range of it (raw bytes)
    Read {
        #[arg(value_name = "PATH")]
        path: PathBuf,
        /// Lines A to B, counted from 1, inclusive (A: or :B open)
        #[arg(long, value_name = "A:B", group = "range")]
        lines: Option<String>,
        /// Bytes A to B, counted from 0, B exclusive
        #[arg(long, value_name = "A:B", group = "range")]
        bytes: Option<String>,
    },
    /// List spill files, oldest first: path, bytes, lines
    Ls {
        #[arg(long, value_name = "DIR", default_value = DEFAULT_SPILL_DIR)]
        spill_dir: PathBuf,
        /// Print a JSON array
        #[arg(long)]
        json: bool,
    },
}

/// Runs `loop spill`.
pub fn main(a: &SpillArgs) -> ExitCode {
    let result = match &a.action {
        Action::Read { path, lines, bytes } => read(path, lines.as_deref(), bytes.as_deref()),
        Action::Ls { spill_dir, json } => ls(spill_dir, *json),
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

fn read(path: &Path, lines: Option<&str>, bytes: Option<&str>) -> Result<(), SpillError> {
    let path = path.to_path_buf();
    let range = if let Some(r) = lines {
        let (a, b) = parse_range(r).map_err(|_| SpillError::BadRange(format!("--lines {r}")))?;
        Range::Lines(a, b)
    } else if let Some(r) = bytes {
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

fn ls(dir: &Path, json: bool) -> Result<(), SpillError> {
    let dir = dir.to_path_buf();
    let files = SpillStore::new(&dir).list()?;
    let mut out = io::stdout().lock();
    let io_err = |source| SpillError::Io {
        action: "writing output for",
        path: dir.clone(),
        source,
    };
    if json {
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

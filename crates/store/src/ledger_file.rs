//! Ledger files: reading them as the reference does, and appending attempts safely while other
//! processes do the same.

use std::io;
use std::path::{Path, PathBuf};

use loopwright_protocol::json::{self, Object, Value};
use loopwright_protocol::ledger::{Ledger, LedgerError};

use crate::atomic::{FileLock, lock_path_for, write_atomic};

/// What went wrong with a ledger file.
#[derive(Debug, thiserror::Error)]
pub enum LedgerFileError {
    /// The file could not be read or written.
    #[error("{action} {path}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The OS error.
        source: io::Error,
    },
    /// The file is not JSON.
    #[error("{path} is not valid JSON: {source}")]
    Json {
        /// The file.
        path: PathBuf,
        /// The parse error.
        source: json::ParseError,
    },
    /// The JSON is not a valid ledger.
    #[error("{path}: {source}")]
    Ledger {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: LedgerError,
    },
    /// The ledger does not exist and no goal was given to create it.
    #[error("{0} does not exist; pass --goal to create it")]
    Missing(PathBuf),
}

/// Decodes ledger bytes: UTF-8 with each invalid sequence replaced by U+FFFD, and a leading
/// byte-order mark dropped.
pub fn decode(bytes: Vec<u8>) -> String {
    let mut text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    text
}

/// A new attempt to append.
#[derive(Debug, Clone, PartialEq)]
pub struct NewAttempt {
    /// What the loop did.
    pub action: String,
    /// `success`, `failure` or `noop`.
    pub outcome: loopwright_protocol::ledger::Outcome,
    /// The error text, if any.
    pub error: Option<String>,
    /// Tokens used, if known.
    pub tokens_used: Option<f64>,
    /// ISO-8601 time of the attempt (the caller reads the clock).
    pub timestamp: String,
}

impl NewAttempt {
    /// The ledger entry of this attempt as attempt number `iteration`, in the reference's key
    /// order (`iteration`, `action`, `outcome`, `error`, `tokensUsed`, `timestamp`).
    pub fn entry(&self, iteration: usize) -> Object {
        let mut entry = Object::new();
        #[allow(clippy::cast_precision_loss)]
        entry.insert("iteration", Value::Number(iteration as f64));
        entry.insert("action", Value::String(self.action.clone()));
        entry.insert("outcome", Value::String(self.outcome.as_str().to_owned()));
        if let Some(e) = &self.error {
            entry.insert("error", Value::String(e.clone()));
        }
        if let Some(t) = self.tokens_used {
            entry.insert("tokensUsed", Value::Number(t));
        }
        entry.insert("timestamp", Value::String(self.timestamp.clone()));
        entry
    }
}

/// The ledger after an append.
#[derive(Debug, Clone, PartialEq)]
pub struct Appended {
    /// The whole ledger as written.
    pub value: Value,
    /// The validated ledger as written.
    pub ledger: Ledger,
    /// The iteration number given to the new attempt (attempt count).
    pub iteration: usize,
}

/// Appends `attempt` to the ledger at `path` under an exclusive lock, writing atomically.
/// The file is created with `goal` when it does not exist and a goal is given.
pub fn append_attempt(
    path: &Path,
    goal: Option<&str>,
    started_at: &str,
    attempt: &NewAttempt,
) -> Result<Appended, LedgerFileError> {
    let io_err = |action, source| LedgerFileError::Io {
        action,
        path: path.to_path_buf(),
        source,
    };
    // A device or FIFO given as the ledger is refused before anything (its lock) is written.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        let e = io::Error::new(io::ErrorKind::InvalidInput, "not a regular file");
        return Err(io_err("cannot read", e));
    }
    let _lock = FileLock::acquire(&lock_path_for(path)).map_err(|e| io_err("cannot lock", e))?;
    let mut value = match crate::input::read(path) {
        Ok(bytes) => json::parse(&decode(bytes)).map_err(|source| LedgerFileError::Json {
            path: path.to_path_buf(),
            source,
        })?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let Some(goal) = goal else {
                return Err(LedgerFileError::Missing(path.to_path_buf()));
            };
            let mut top = Object::new();
            top.insert("goal", Value::String(goal.to_owned()));
            top.insert("startedAt", Value::String(started_at.to_owned()));
            top.insert("attempts", Value::Array(Vec::new()));
            Value::Object(top)
        }
        Err(e) => return Err(io_err("cannot read", e)),
    };
    let ledger_err = |source| LedgerFileError::Ledger {
        path: path.to_path_buf(),
        source,
    };
    let existing = Ledger::from_value(&value).map_err(ledger_err)?;
    let iteration = existing.attempts.len() + 1;
    push_attempt(&mut value, attempt.entry(iteration));
    let ledger = Ledger::from_value(&value).map_err(ledger_err)?;
    let mut text = json::to_string_pretty(&value);
    text.push('\n');
    write_atomic(path, text.as_bytes()).map_err(|e| io_err("cannot write", e))?;
    Ok(Appended {
        value,
        ledger,
        iteration,
    })
}

/// Pushes `entry` onto the `attempts` array of a ledger value (validated beforehand), keeping
/// the key order of the file.
fn push_attempt(value: &mut Value, entry: Object) {
    if let Value::Object(top) = value
        && let Some(Value::Array(list)) = top.get_mut("attempts")
    {
        list.push(Value::Object(entry));
    }
}
/// The current UTC time as JavaScript's `toISOString` prints it (the ledger's format), e.g.
/// `2026-01-02T03:04:05.678Z`.
pub fn now_iso() -> String {
    let t = time::OffsetDateTime::now_utc();
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.millisecond()
    )
}

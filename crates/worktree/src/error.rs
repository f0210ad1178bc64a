//! Typed errors of the worktree crate.

use std::path::PathBuf;

/// A lock path that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid path {path:?} in --paths: {reason}")]
pub struct PathError {
    /// The path as given.
    pub path: String,
    /// What is wrong with it.
    pub reason: String,
}

/// A duration flag that cannot be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Invalid {flag} \"{value}\". {reason}")]
pub struct DurationError {
    /// The flag (`--ttl`, `--wait`, `--older-than`).
    pub flag: String,
    /// The value as given.
    pub value: String,
    /// What a valid value looks like.
    pub reason: String,
}

/// Everything that can go wrong managing worktrees and locks.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// A manifest, lock or wait file is not what it must be.
    #[error("{0}")]
    Corrupt(String),
    /// A git command failed (its stderr is in the message).
    #[error("git {args} failed: {detail}")]
    Git {
        /// The arguments, joined by spaces.
        args: String,
        /// git's own message.
        detail: String,
    },
    /// The directory is not inside a git repository.
    #[error(
        "Not a git repository: {0}. loop worktree manages git worktrees and must run inside a repo."
    )]
    NotARepo(PathBuf),
    /// A flag value or argument is invalid (message names it).
    #[error("{0}")]
    Invalid(String),
    /// A bad lock path.
    #[error(transparent)]
    Path(#[from] PathError),
    /// A bad duration.
    #[error(transparent)]
    Duration(#[from] DurationError),
    /// A mutex or manifest lock stayed held by a live process past its bound.
    #[error(
        "timed out after {seconds} s waiting for {what} (another loop worktree process holds it)"
    )]
    Busy {
        /// Which lock.
        what: String,
        /// How long we waited.
        seconds: u64,
    },
    /// The paths (or the owner) are held by another owner or another run.
    #[error("{0}")]
    Held(String),
}

impl Error {
    /// Whether this is "held by another owner or run" (its own exit code in the CLI).
    pub fn is_held(&self) -> bool {
        matches!(self, Error::Held(_))
    }

    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

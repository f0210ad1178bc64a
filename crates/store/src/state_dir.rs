//! `StateDir`: the one place that names the paths of loopwright's state directory (`.loop/`).
//!
//! ```text
//! .loop/
//!   gate.toml                    project permission rules (`loop gate`, `loop run`)
//!   sessions/<id>.jsonl          session log (append-only, fsynced)
//!   sessions/<id>.ledger.json    run ledger derived from the log (loop-context format)
//!   sessions/<id>.report.md      hand-off report of a run that stopped
//!   spill/                       full outputs of `loop compress`
//!   spill/<id>/<call>.log        full outputs of the tool calls of session <id>
//!   daily/                       daily spend counters
//! ```

use std::path::{Path, PathBuf};

/// Name of the state directory inside a workspace.
pub const STATE_DIR_NAME: &str = ".loop";

/// The `.loop/` directory of a workspace (or any directory given with `--state-dir`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateDir {
    root: PathBuf,
}

impl StateDir {
    /// The state directory at `root`.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        StateDir { root: root.into() }
    }

    /// `<workspace>/.loop`.
    pub fn of_workspace(workspace: &Path) -> Self {
        StateDir::new(workspace.join(STATE_DIR_NAME))
    }

    /// The directory itself.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The project rule file, `gate.toml`.
    pub fn gate_file(&self) -> PathBuf {
        self.root.join("gate.toml")
    }

    /// The directory of session logs and their ledgers and reports.
    pub fn sessions_dir(&self) -> PathBuf {
        self.root.join("sessions")
    }

    /// The log of session `id`.
    pub fn session_log(&self, id: &str) -> PathBuf {
        self.session_file(id, "jsonl")
    }

    /// The run ledger of session `id`.
    pub fn run_ledger(&self, id: &str) -> PathBuf {
        self.session_file(id, "ledger.json")
    }

    /// The hand-off report of session `id`.
    pub fn report(&self, id: &str) -> PathBuf {
        self.session_file(id, "report.md")
    }

    /// `sessions/<id>.<ext>`.
    pub fn session_file(&self, id: &str, ext: &str) -> PathBuf {
        self.sessions_dir().join(format!("{id}.{ext}"))
    }

    /// The spill directory of `loop compress`.
    pub fn spill_dir(&self) -> PathBuf {
        self.root.join("spill")
    }

    /// The spill directory of the tool calls of session `id`.
    pub fn session_spill_dir(&self, id: &str) -> PathBuf {
        self.spill_dir().join(id)
    }

    /// The directory of daily spend counters.
    pub fn daily_spend_dir(&self) -> PathBuf {
        self.root.join("daily")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_every_path() {
        let s = StateDir::of_workspace(Path::new("/w"));
        assert_eq!(s.root(), Path::new("/w/.loop"));
        assert_eq!(s.gate_file(), Path::new("/w/.loop/gate.toml"));
        assert_eq!(s.session_log("a"), Path::new("/w/.loop/sessions/a.jsonl"));
        assert_eq!(
            s.run_ledger("a"),
            Path::new("/w/.loop/sessions/a.ledger.json")
        );
        assert_eq!(s.report("a"), Path::new("/w/.loop/sessions/a.report.md"));
        assert_eq!(s.session_spill_dir("a"), Path::new("/w/.loop/spill/a"));
        assert_eq!(s.daily_spend_dir(), Path::new("/w/.loop/daily"));
    }
}

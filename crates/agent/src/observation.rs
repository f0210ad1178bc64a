//! The observation pipeline of `loop run`: every tool output goes through it before the model
//! reads it.
//!
//! The decisions are `loopwright-observe`'s planner ([`TurnPlanner`]): log compression
//! (commands and outputs that ask for it), head+tail cap per output, per-turn budget, spill decision. This module
//! does the IO they call for through `loopwright-store`'s spill store, the only spill writer:
//! a streamed command output is committed when anything was cut and discarded otherwise; any
//! other output is written only when cut. A spill that fails is said in the text. Then the
//! one pointer format and the exit-code line, with an explicit line for empty output, so a
//! failed build is never read as success.

use std::path::{Path, PathBuf};

use loopwright_observe::{
    Budget, CommandEnd, CompressOptions, Output, Pointer, Spill, TurnPlanner, compress,
};
use loopwright_protocol::tool::ToolStatus;
use loopwright_store::spill::{SpillFile, SpillStore};

use crate::tools::{FullOutput, ToolOutput};

/// What the model reads for one tool output.
#[derive(Debug, Clone, PartialEq)]
pub struct Observation {
    /// The text.
    pub content: String,
    /// Path of the complete output, when it was cut, folded or spilled (relative to the workspace
    /// when inside it).
    pub spill: Option<String>,
    /// Bytes saved relative to the raw output.
    pub saved_bytes: u64,
}

/// Shapes tool outputs for the model, with per-output and per-turn limits.
#[derive(Debug, Clone)]
pub struct ObservationPipeline {
    planner: TurnPlanner,
}

impl ObservationPipeline {
    /// A pipeline with these limits.
    pub fn new(budget: Budget) -> Self {
        ObservationPipeline {
            planner: TurnPlanner::new(budget),
        }
    }

    /// The limits.
    pub fn budget(&self) -> Budget {
        self.planner.budget()
    }

    /// Starts a new turn (the per-turn budget is full again).
    pub fn begin_turn(&mut self) {
        self.planner.begin_turn();
    }

    /// Shapes one output. The complete text is kept in `spill` as `<stem>.log` when anything
    /// was cut; `shown` turns a path into what the model should type.
    pub fn observe(
        &mut self,
        out: ToolOutput,
        spill: &SpillStore,
        stem: &str,
        shown: &dyn Fn(&Path) -> String,
    ) -> Observation {
        let compressed = match &out.command {
            _ if out.text.is_empty() => None,
            Some(cmd) => Some(compress(
                out.text.as_bytes(),
                &CompressOptions::default().with_command(cmd),
            )),
            None if out.compress => {
                Some(compress(out.text.as_bytes(), &CompressOptions::default()))
            }
            None => None,
        };
        let planned = self.planner.plan(Output {
            text: &out.text,
            total_bytes: out.total_bytes,
            compressed,
        });
        let saved = if planned.needs_spill {
            Some(keep(out.full, &out.text, spill, stem))
        } else {
            // Nothing was cut: a streamed copy on disk is not needed (dropping discards it).
            None
        };
        let shown_path = match &saved {
            Some(Ok(f)) => Some(shown(&f.path)),
            _ => None,
        };
        let spill_state = match (&saved, &shown_path) {
            (Some(Ok(f)), Some(p)) => Spill::Saved(Pointer {
                path: p,
                bytes: f.bytes,
                lines: f.lines,
            }),
            (Some(Err(why)), _) => Spill::Failed(why),
            _ => Spill::NotNeeded,
        };
        let status = out
            .command
            .as_ref()
            .map(|_| command_end(out.status, out.exit_code).line(out.total_bytes == 0));
        let mut content = planned.render(spill_state, status.as_deref());
        if content.is_empty() {
            content = "[no output]".to_string();
        }
        self.planner.charge(&content);
        Observation {
            saved_bytes: out.total_bytes.saturating_sub(content.len() as u64),
            content,
            spill: shown_path,
        }
    }
}

/// Keeps the complete output as `<stem>.log`: commits the streamed file, or writes the text.
fn keep(full: FullOutput, text: &str, spill: &SpillStore, stem: &str) -> Result<SpillFile, String> {
    match full {
        FullOutput::Streamed(w) => w.commit().map_err(|e| e.to_string()),
        FullOutput::InText => spill
            .write_named(stem, text.as_bytes())
            .map_err(|e| e.to_string()),
        FullOutput::Unsaved(why) => Err(why),
    }
}

fn command_end(status: ToolStatus, exit_code: Option<i32>) -> CommandEnd {
    match (status, exit_code) {
        (ToolStatus::Timeout, _) => CommandEnd::TimedOut,
        (ToolStatus::Interrupted, _) => CommandEnd::Interrupted,
        (_, Some(code)) => CommandEnd::Exited(code),
        (_, None) => CommandEnd::Signalled,
    }
}

/// `path` relative to `base` when inside it, else absolute.
pub fn shown_path(base: &Path, path: &Path) -> String {
    path.strip_prefix(base)
        .map(PathBuf::from)
        .unwrap_or_else(|_| path.to_path_buf())
        .to_string_lossy()
        .into_owned()
}

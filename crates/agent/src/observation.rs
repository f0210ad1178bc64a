//! The observation pipeline: every tool output goes through it before the model reads it.
//!
//! Order: log compression (commands only, `loopwright-observe`), head+tail cap per output,
//! per-turn budget (once the turn's observations pass the budget, further outputs are cut
//! harder, down to a pointer alone), and a spill pointer whenever anything was cut or
//! folded (the complete output stays on disk). Then the exit-code line, with an explicit
//! line for empty output, so a failed build is never read as success.

use std::path::{Path, PathBuf};

use loopwright_observe::{Budget, Cap, CompressOptions, cap_head_tail, compress, count_lines};
use loopwright_protocol::tool::ToolStatus;

use crate::tools::ToolOutput;

/// Outputs smaller than this are never spilled by the turn budget (their pointer would be as big).
const MIN_INLINE: usize = 2_000;

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
    budget: Budget,
    used_this_turn: usize,
}

impl ObservationPipeline {
    /// A pipeline with these limits.
    pub fn new(budget: Budget) -> Self {
        ObservationPipeline {
            budget,
            used_this_turn: 0,
        }
    }

    /// The limits.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Starts a new turn (the per-turn budget is full again).
    pub fn begin_turn(&mut self) {
        self.used_this_turn = 0;
    }

    /// Shapes one output. `spill_file` is where the complete text lives (a command already
    /// streamed it there) or will be written (other tools); `command` is the shell command, if
    /// any; `shown` turns a path into what the model should type.
    pub fn observe(
        &mut self,
        out: &ToolOutput,
        command: Option<&str>,
        spill_file: &Path,
        shown: &dyn Fn(&Path) -> String,
    ) -> Observation {
        let raw_len = out.text.len();
        let mut cut = out.full_output.is_some() && out.total_bytes > raw_len as u64;
        let mut text = out.text.clone();
        let mut note = String::new();
        if out.is_command && !text.is_empty() {
            let opts = CompressOptions::default().with_command(command.unwrap_or(""));
            let c = compress(text.as_bytes(), &opts);
            if c.folded() {
                note = format!(
                    "[log compressed: {} lines -> {} lines; {} lines folded]",
                    c.stats.lines_in, c.stats.lines_out, c.stats.folded_lines
                );
                text = c.text;
                cut = true;
            } else {
                text = c.text;
            }
        }
        let per_output = self.budget.per_output.chars();
        let turn_left = self
            .budget
            .per_turn
            .chars()
            .saturating_sub(self.used_this_turn);
        let limit = per_output.min(turn_left);
        let chars = text.chars().count();
        if chars > limit {
            // Only a spent turn budget hides an output entirely; a small per-output cap (a
            // small context window) still shows the head and tail.
            if turn_left < per_output && turn_left < MIN_INLINE {
                note = format!(
                    "[output of {chars} characters not shown: this turn's observation budget ({} characters) is spent]",
                    self.budget.per_turn.chars()
                );
                text = String::new();
            } else {
                text = cap_head_tail(&text, Cap::Chars(limit)).text;
            }
            cut = true;
        }

        let mut spill = None;
        if cut {
            let written = match &out.full_output {
                Some(p) if p == spill_file => true,
                _ => write_spill(spill_file, out.text.as_bytes()).is_ok(),
            };
            if written {
                let shown_path = shown(spill_file);
                let lines = count_full_lines(spill_file)
                    .unwrap_or_else(|| count_lines(out.text.as_bytes()));
                let pointer = format!(
                    "[full output: {} bytes, {lines} lines, saved to {shown_path}; read any range with read_file {{\"path\": {}, \"offset\": N, \"limit\": 200}} or search it with grep]",
                    out.total_bytes,
                    serde_json::Value::String(shown_path.clone()),
                );
                note = if note.is_empty() {
                    pointer
                } else {
                    format!("{note}\n{pointer}")
                };
                spill = Some(shown_path);
            }
        } else if let Some(p) = &out.full_output {
            // Nothing was cut: the copy on disk is not needed.
            let _ = std::fs::remove_file(p);
        }

        let mut content = text;
        if !note.is_empty() {
            if !content.is_empty() && !content.ends_with('\n') {
                content.push('\n');
            }
            content.push_str(&note);
        }
        if out.is_command {
            let status = match (out.status, out.exit_code) {
                (ToolStatus::Timeout, _) => {
                    "[timed out: the command was killed with its whole process group]".to_string()
                }
                (ToolStatus::Interrupted, _) => {
                    "[interrupted: the command was killed with its whole process group]".to_string()
                }
                (_, Some(0)) if out.total_bytes == 0 => {
                    "[exit code 0; the command ran successfully and produced no output]".to_string()
                }
                (_, Some(code)) if out.total_bytes == 0 => format!("[exit code {code}; no output]"),
                (_, Some(code)) => format!("[exit code {code}]"),
                (_, None) => "[killed by a signal]".to_string(),
            };
            if !content.is_empty() && !content.ends_with('\n') {
                content.push('\n');
            }
            content.push_str(&status);
        } else if content.is_empty() {
            content = "[no output]".to_string();
        }
        self.used_this_turn += content.chars().count();
        Observation {
            saved_bytes: out.total_bytes.saturating_sub(content.len() as u64),
            content,
            spill,
        }
    }
}

fn write_spill(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, bytes)
}

fn count_full_lines(path: &Path) -> Option<u64> {
    let bytes = std::fs::read(path).ok()?;
    Some(count_lines(&bytes))
}

/// `path` relative to `base` when inside it, else absolute.
pub fn shown_path(base: &Path, path: &Path) -> String {
    path.strip_prefix(base)
        .map(PathBuf::from)
        .unwrap_or_else(|_| path.to_path_buf())
        .to_string_lossy()
        .into_owned()
}

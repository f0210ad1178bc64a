//! Options of the log compressor.

use regex::bytes::{RegexSet, RegexSetBuilder};

use crate::ObserveError;

/// How [`compress`](crate::compress) treats one tool output.
///
/// `CompressOptions::default()` holds the tuned defaults; `--keep` patterns and the producing
/// command are added with [`with_keep`](Self::with_keep) and [`with_command`](Self::with_command).
#[derive(Debug, Clone)]
pub struct CompressOptions {
    /// Outputs with fewer lines are returned unchanged (default 40).
    pub min_lines: usize,
    /// The compressed text is used only when it saves at least this share of the bytes
    /// (default 0.15).
    pub min_saving: f64,
    /// Leading lines always kept (default 1).
    pub head_lines: usize,
    /// Trailing lines always kept: they carry exit status and summaries (default 3).
    pub tail_lines: usize,
    /// Grouped lines (warnings) kept per rule before the rest are folded (default 5).
    pub group_limit: usize,
    /// A folded run of at least this many near-identical lines is shown as its first line with
    /// a `×N` count (default 3).
    pub repeat_min: usize,
    /// Kept lines longer than this many bytes are cut in the middle (default 4096).
    pub max_line_bytes: usize,
    keep_patterns: Vec<String>,
    keep: Option<RegexSet>,
    keep_all: bool,
    rules_off: Vec<String>,
}

impl Default for CompressOptions {
    fn default() -> Self {
        Self {
            min_lines: 40,
            min_saving: 0.15,
            head_lines: 1,
            tail_lines: 3,
            group_limit: 5,
            repeat_min: 3,
            max_line_bytes: 4096,
            keep_patterns: Vec::new(),
            keep: None,
            keep_all: false,
            rules_off: Vec::new(),
        }
    }
}

impl CompressOptions {
    /// Adds regular expressions (Rust `regex` syntax); every line matching one is kept.
    ///
    /// # Errors
    /// [`ObserveError::InvalidKeep`] naming the first pattern that does not compile.
    pub fn with_keep<I, S>(mut self, patterns: I) -> Result<Self, ObserveError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        for p in patterns {
            let p = p.as_ref();
            if let Err(e) = regex::bytes::Regex::new(p) {
                return Err(ObserveError::InvalidKeep {
                    pattern: p.to_owned(),
                    message: e.to_string(),
                });
            }
            self.keep_patterns.push(p.to_owned());
        }
        self.rebuild()?;
        Ok(self)
    }

    /// Tells the compressor which command produced the output. For a grep-like command
    /// (`grep`, `egrep`, `fgrep`, `rg`, `ag`, `ack`, `git grep`) its search pattern becomes a keep
    /// pattern (a literal when it is not a valid regex, or with `-F`), and with `-l`/`-c` every
    /// line is kept. Other commands change nothing.
    pub fn with_command(mut self, command: &str) -> Self {
        if let Some(search) = crate::grep::parse(command) {
            if search.keep_all {
                self.keep_all = true;
            }
            for p in search.patterns {
                self.keep_patterns.push(p);
            }
            if self.rebuild().is_err() {
                // Patterns from a command are best effort; drop them rather than fail.
                self.keep_patterns.clear();
                self.keep = None;
            }
        }
        self
    }

    /// Switches off the rules written for the given tool families (see
    /// [`TOOL_FAMILIES`](crate::TOOL_FAMILIES)); the tool-agnostic core stays. Used to measure
    /// how the compressor does on tools it has no rule for. Unknown names are ignored.
    pub fn without_tool_rules<I, S>(mut self, families: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.rules_off
            .extend(families.into_iter().map(|f| f.as_ref().to_owned()));
        self
    }

    pub(crate) fn rules_off(&self) -> &[String] {
        &self.rules_off
    }

    /// The keep patterns in effect (from `--keep` and from the command).
    pub fn keep_patterns(&self) -> &[String] {
        &self.keep_patterns
    }

    pub(crate) fn keep_set(&self) -> Option<&RegexSet> {
        self.keep.as_ref()
    }

    pub(crate) fn keep_all(&self) -> bool {
        self.keep_all
    }

    fn rebuild(&mut self) -> Result<(), ObserveError> {
        if self.keep_patterns.is_empty() {
            self.keep = None;
            return Ok(());
        }
        let set = RegexSetBuilder::new(&self.keep_patterns)
            .build()
            .map_err(|e| ObserveError::InvalidKeep {
                pattern: self.keep_patterns.join(" | "),
                message: e.to_string(),
            })?;
        self.keep = Some(set);
        Ok(())
    }
}

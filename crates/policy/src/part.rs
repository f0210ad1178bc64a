//! The parts a request is split into: programs run, files written or read.

use globset::GlobMatcher;

use crate::path::NormPath;
use crate::words::Word;

/// A wildcard argument with its globs compiled once, when the command is analysed (rules try
/// it many times).
#[derive(Debug, Clone)]
pub struct Pattern {
    /// The absolute glob text.
    pub text: String,
    /// The whole pattern compiled; `None` when it is not a valid glob.
    pub(crate) glob: Option<GlobMatcher>,
    /// Its last component compiled; `None` when it is not a valid glob.
    pub(crate) last: Option<GlobMatcher>,
}

impl Pattern {
    /// Compiles `text` (an absolute path glob).
    pub fn new(text: String) -> Pattern {
        let last = text.rsplit('/').next().unwrap_or(&text);
        Pattern {
            glob: crate::rule::path_glob(&text).ok(),
            last: crate::rule::path_glob(last).ok(),
            text,
        }
    }
}

impl PathArg {
    /// Every file below `dir` (absolute).
    pub fn below(dir: String) -> PathArg {
        let all = Pattern::new(format!("{}/**", dir.trim_end_matches('/')));
        PathArg::Below { dir, all }
    }
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Pattern) -> bool {
        self.text == other.text
    }
}

impl Eq for Pattern {}

/// What a part does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartKind {
    /// Runs a program (tool `shell`).
    Exec,
    /// A wrapper or shell around other parts (`sudo`, `bash -c`, `xargs`): only deny and ask
    /// rules apply to it; what it runs is judged as its own parts.
    Wrapper,
    /// Writes a file (an output redirection, `rm`, `cp` target, ...; tool `write_file`).
    Write,
    /// Reads a file (an input redirection; tool `read_file`).
    Read,
    /// A call of a non-shell tool (`read_file`, `write_file`, `edit_file`, ...).
    Tool,
    /// Something that cannot be analysed (`eval`, unparseable input): at most `ask`.
    Opaque,
}

impl PartKind {
    /// Lowercase name for JSON and text output.
    pub fn as_str(self) -> &'static str {
        match self {
            PartKind::Exec => "exec",
            PartKind::Wrapper => "wrapper",
            PartKind::Write => "write",
            PartKind::Read => "read",
            PartKind::Tool => "tool",
            PartKind::Opaque => "opaque",
        }
    }
}

/// A path a part touches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathArg {
    /// A path known before the command runs.
    Known(NormPath),
    /// A glob over possible absolute paths (unquoted wildcards, `$VAR` with literal pieces).
    Pattern(Pattern),
    /// A relative path (lexically normalised) whose base directory is unknown (`cd $X` ran).
    Relative(String),
    /// Every file below a known directory (absolute): what a recursive reader reads.
    Below {
        /// The directory.
        dir: String,
        /// `DIR/**`, compiled.
        all: Pattern,
    },
    /// A path that cannot be known (fully dynamic).
    Unknown,
}

/// One part of a command: a program run, a file written or read.
#[derive(Debug, Clone)]
pub struct Part {
    /// What the part does.
    pub kind: PartKind,
    /// The tool name rules select on (`shell`, `write_file`, `read_file`, ...).
    pub tool: String,
    /// The source text of the part (for display).
    pub text: String,
    /// Program and arguments (Exec/Wrapper), after env assignments and wrappers are stripped.
    pub words: Vec<Word>,
    /// The paths the part touches (for Exec: every argument that may be a path).
    pub paths: Vec<PathArg>,
    /// `xargs` appends arguments at run time.
    pub open_ended: bool,
    /// Why the part cannot be judged with certainty (then never `allow`).
    pub uncertain: Option<String>,
}

impl Part {
    pub(crate) fn new(kind: PartKind, tool: &str, text: &str) -> Part {
        Part {
            kind,
            tool: tool.to_string(),
            text: text.to_string(),
            words: Vec::new(),
            paths: Vec::new(),
            open_ended: false,
            uncertain: None,
        }
    }
}

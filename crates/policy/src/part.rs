//! The parts a request is split into: programs run, files written or read.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use globset::GlobMatcher;
use loopwright_protocol::tool::ToolRole;

use crate::argglob::ArgGlob;
use crate::path::NormPath;
use crate::words::Word;

/// A wildcard argument with its globs made once, when the command is analysed (rules try it
/// many times).
#[derive(Debug, Clone)]
pub struct Pattern {
    /// The absolute glob text.
    pub text: String,
    /// The whole pattern as a glob; `None` when it is not a valid glob.
    pub(crate) glob: Option<ArgGlob>,
    /// Its last component as a glob; `None` when it is not a valid glob.
    pub(crate) last: Option<ArgGlob>,
    /// Names xargs split at blanks (`find | xargs CMD`): the words may be anything unless the
    /// caller's listing proves every name plain ([`crate::xsplit`]).
    pub(crate) split: bool,
}

impl Pattern {
    /// Compiles `text` (an absolute path glob).
    pub fn new(text: String) -> Pattern {
        let last = text.rsplit('/').next().unwrap_or(&text);
        Pattern {
            glob: ArgGlob::new(&text, compiled),
            last: ArgGlob::new(last, compiled),
            text,
            split: false,
        }
    }
}

/// How many compiled argument globs a process keeps; past it the memo starts again.
const MEMO_LIMIT: usize = 256;

/// Argument globs compiled so far, by text (`None`: not a valid glob). The same arguments come
/// back in every part of a command, in retries and in the examples of rule files, and a glob
/// costs far more to compile than to look up.
static MEMO: LazyLock<Mutex<HashMap<String, Option<GlobMatcher>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// `text` compiled as a path glob, from the memo when it was compiled before.
fn compiled(text: &str) -> Option<GlobMatcher> {
    if let Ok(memo) = MEMO.lock()
        && let Some(glob) = memo.get(text)
    {
        return glob.clone();
    }
    let glob = crate::rule::path_glob(text).ok();
    if let Ok(mut memo) = MEMO.lock() {
        if memo.len() >= MEMO_LIMIT {
            memo.clear();
        }
        memo.insert(text.to_string(), glob.clone());
    }
    glob
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
    /// Runs a program (role `shell`).
    Exec,
    /// A wrapper or shell around other parts (`sudo`, `bash -c`, `xargs`): only deny and ask
    /// rules apply to it; what it runs is judged as its own parts.
    Wrapper,
    /// Writes a file (an output redirection, `rm`, `cp` target, ...; role `write`).
    Write,
    /// Reads a file (an input redirection, a recursive reader; role `read`).
    Read,
    /// A call of a non-shell tool (role read, write or other, as the request says).
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

    /// The role of a part the shell analysis makes: what it does, whatever the tool is called.
    /// A [`PartKind::Tool`] part takes its request's role instead ([`ToolRole::Other`] here).
    pub fn role(self) -> ToolRole {
        match self {
            PartKind::Exec | PartKind::Wrapper | PartKind::Opaque => ToolRole::Shell,
            PartKind::Write => ToolRole::Write,
            PartKind::Read => ToolRole::Read,
            PartKind::Tool => ToolRole::Other,
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
    /// The name of the tool called (a part of a shell command carries the shell tool's name);
    /// `tool = ...` rules select on it. Empty until [`crate::Policy::check`] sets it.
    pub tool: String,
    /// What the part does; `role = ...` rules and the built-in rules select on it.
    pub role: ToolRole,
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
    /// It runs code the gate cannot read (a script file, code on standard input), which may be
    /// a denied command: an `ask` for it is `may_deny` (`--yolo` does not run it); an allow
    /// rule still approves it.
    pub runs_unknown_code: bool,
}

impl Part {
    pub(crate) fn new(kind: PartKind, text: &str) -> Part {
        Part {
            kind,
            tool: String::new(),
            role: kind.role(),
            text: text.to_string(),
            words: Vec::new(),
            paths: Vec::new(),
            open_ended: false,
            uncertain: None,
            runs_unknown_code: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A glob from the memo answers as a freshly compiled one, an invalid glob stays invalid,
    /// and the memo never holds more than its limit.
    #[test]
    fn memoised_globs_match_as_compiled_ones_and_the_memo_is_bounded() {
        for text in [
            "/w/src/*.rs",
            "/home/u/.ssh/id_*",
            "/w/[a-c]?.env",
            "/w/**/x",
        ] {
            let fresh = crate::rule::path_glob(text).ok();
            for _ in 0..2 {
                let memo = compiled(text);
                for path in [
                    "/w/src/a.rs",
                    "/home/u/.ssh/id_rsa",
                    "/w/b1.env",
                    "/w/q/r/x",
                ] {
                    assert_eq!(
                        memo.as_ref().map(|g| g.is_match(path)),
                        fresh.as_ref().map(|g| g.is_match(path)),
                        "{text} {path}"
                    );
                }
            }
        }
        assert!(compiled("/w/[unclosed").is_none());
        for i in 0..MEMO_LIMIT + 10 {
            let _ = compiled(&format!("/w/{i}/*"));
        }
        assert!(MEMO.lock().map(|m| m.len()).unwrap_or(0) <= MEMO_LIMIT);
    }
}

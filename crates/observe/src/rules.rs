//! Built-in line classification rules for common tools.
//!
//! Each rule is one regular expression over a cleaned line (ANSI removed, `\r` collapsed) plus
//! what to keep around a matching line. Rules are tried in order; the first match wins.

use std::sync::{LazyLock, Mutex, PoisonError};

use regex_automata::hybrid::dfa::{Cache as LazyCache, DFA as LazyDfa};
use regex_automata::nfa::thompson::{self, WhichCaptures};
use regex_automata::util::syntax;
use regex_automata::{Input, PatternSet};

mod sets;
pub use sets::Found;
use sets::{SET_NFA_LIMIT, lazy_set};

/// What a kept line is, for statistics and for the reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// An error or fatal diagnostic.
    Error,
    /// A warning (folded beyond a few per rule).
    Warning,
    /// A failed test or check.
    Failure,
    /// The line saying what went wrong (panic message, exception, expected/received).
    Message,
    /// A stack frame in the project's own code.
    Frame,
    /// A file:line location.
    Location,
    /// An outcome or summary line.
    Summary,
    /// A structural header (commit, traceback start, test section).
    Structure,
    /// A line matching a user `--keep` pattern or the search pattern of a grep-like command.
    Keep,
}

impl Kind {
    /// Lower-case name, as used in statistics and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Error => "error",
            Kind::Warning => "warning",
            Kind::Failure => "failure",
            Kind::Message => "message",
            Kind::Frame => "frame",
            Kind::Location => "location",
            Kind::Summary => "summary",
            Kind::Structure => "structure",
            Kind::Keep => "keep",
        }
    }
}

/// Which following lines are kept as context of a kept line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cont {
    /// Indented lines (code snippets, `-->` locations, YAML blocks); an empty line ends them.
    Indented,
    /// Indented lines, plus source-snippet lines that start with a line number (`25 | code`)
    /// and `...` elisions, as rustc and gcc print them.
    Snippet,
    /// Non-blank lines, stopping at `stack backtrace:` and `note: `.
    UntilBlank,
    /// Blank lines until the first non-blank one, then non-blank lines up to the next blank.
    Paragraph,
    /// Lines led by the same one-byte marker and a space (pytest's `E   …` block).
    Marker(u8),
    /// Indented lines and the `- x` / `+ y` / `? ^` lines of a difference under an `a != b`.
    Sides,
    /// Indented lines, and lines of a structured log that repeat the opener's prefix (hashed,
    /// digits left out) with a detail label (`DETAIL:`, `HINT:`): the why of the error above.
    Detail(u64),
    /// Every line, blank ones too, up to the next one that starts with the opener's first two
    /// bytes (a check's `… ... WARNING` verdict, then its findings up to the next check).
    Section([u8; 2]),
    /// The line under a failed block's status that says where the finding is (`File:
    /// /a.tf:3-9`), see [`crate::generic::block_location`].
    Located,
    /// The excerpt under a diagnostic's location up to a blank line, then the message
    /// paragraph after it (`  on a.tf line 3:`, `   3: x = 1`, blank, `Why it is wrong.`).
    Excerpt,
}

impl Cont {
    /// Whether `line` continues the block; `seen_content` tells whether a non-blank line of the
    /// block was already kept.
    pub fn accepts(self, line: &[u8], seen_content: bool) -> bool {
        let blank = line.iter().all(u8::is_ascii_whitespace);
        match self {
            Cont::Indented => matches!(line.first(), Some(b' ' | b'\t')),
            Cont::Snippet => {
                if matches!(line.first(), Some(b' ' | b'\t')) || line == b"..." {
                    return true;
                }
                let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
                digits > 0 && line[digits..].trim_ascii_start().starts_with(b"|")
            }
            Cont::UntilBlank => {
                !blank
                    && !line.starts_with(b"stack backtrace:")
                    && !line.starts_with(b"note: ")
                    && !crate::generic::summary_blocks::checker_blank(line)
            }
            Cont::Paragraph => !(blank && seen_content),
            // A comment leader of several marks (`;;; `) goes on indented (`;;;   in file …`).
            Cont::Marker(m) => match line.iter().take(4).take_while(|&&b| b == m).count() {
                1 => matches!(line.get(1), Some(b' ' | b'\t')),
                0 => false,
                n => line.get(n..n + 2) == Some(b"  "),
            },
            Cont::Sides => matches!(line, [b' ' | b'\t', ..] | [b'-' | b'+' | b'?', b' ', ..]),
            Cont::Detail(prefix) => {
                matches!(line.first(), Some(b' ' | b'\t'))
                    || crate::generic::detail_of(line, prefix)
            }
            Cont::Section(lead) => !line.starts_with(&lead),
            Cont::Located => crate::generic::block_location(line),
            Cont::Excerpt => true,
        }
    }
}

/// Extra check after a regex match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Post {
    None,
    /// Python frame outside the standard library and site-packages.
    PyProject,
    /// Java frame outside the JDK.
    JavaProject,
    /// JavaScript frame outside node internals and node_modules.
    JsProject,
}

impl Post {
    fn accepts(self, line: &[u8]) -> bool {
        let has = |needle: &str| memchr::memmem::find(line, needle.as_bytes()).is_some();
        match self {
            Post::None => true,
            Post::PyProject => {
                !(has("site-packages")
                    || has("/lib/python")
                    || has("<frozen")
                    || has("dist-packages"))
            }
            Post::JavaProject => {
                let t = line.trim_ascii_start();
                let t = t.strip_prefix(b"at ").unwrap_or(t);
                !(t.starts_with(b"java.")
                    || t.starts_with(b"javax.")
                    || t.starts_with(b"jdk.")
                    || t.starts_with(b"sun.")
                    || t.starts_with(b"org.junit.")
                    || t.starts_with(b"kotlin."))
            }
            Post::JsProject => {
                !(has("node_modules") || has("(node:") || has(" node:") || has("internal/"))
            }
        }
    }
}

/// One classification rule.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pat: &'static str,
    /// Kind of a matching line.
    pub kind: Kind,
    /// How many following lines may be kept as context.
    pub after: u16,
    /// Which following lines count as context.
    pub cont: Cont,
    /// How many preceding lines are kept with it.
    pub before: u8,
    /// Whether matching lines are grouped by rule and folded beyond the group limit.
    pub group: bool,
    post: Post,
    lead: Lead,
    /// The tool family the rule was written for (`""`: tool-agnostic).
    pub tool: &'static str,
}

/// How the prefilter finds lines that may match a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lead {
    /// Anchored with a literal start: covered by the two-byte lead table.
    Table,
    /// Starts with a file name or dotted name: the first token holds `:` or `(`, or is the line.
    Token,
    /// Not anchored: found by the block scan.
    Anywhere,
}

const fn r(pat: &'static str, kind: Kind) -> Rule {
    let lead = if pat.as_bytes()[0] == b'^' {
        Lead::Table
    } else {
        Lead::Anywhere
    };
    Rule {
        pat,
        kind,
        after: 0,
        cont: Cont::Indented,
        before: 0,
        group: false,
        post: Post::None,
        lead,
        tool: "",
    }
}

impl Rule {
    const fn after(mut self, n: u16, cont: Cont) -> Self {
        self.after = n;
        self.cont = cont;
        self
    }
    const fn before(mut self, n: u8) -> Self {
        self.before = n;
        self
    }
    const fn grouped(mut self) -> Self {
        self.group = true;
        self
    }
    const fn post(mut self, post: Post) -> Self {
        self.post = post;
        self
    }
    const fn tool(mut self, tool: &'static str) -> Self {
        self.tool = tool;
        self
    }
    const fn token(mut self) -> Self {
        self.lead = Lead::Token;
        self
    }
}

use Cont::{Indented, Paragraph, Snippet, UntilBlank};
use Kind::*;

/// Tool families that rules are written for; any of them can be switched off
/// ([`CompressOptions::without_tool_rules`](crate::CompressOptions::without_tool_rules)).
pub const TOOL_FAMILIES: &[&str] = &[
    "rust", "c", "valgrind", "lint", "python", "java", "js", "go", "git", "apt", "shell",
];

/// The built-in rules, most specific first.
const RULES: &[Rule] = &[
    // --- summaries that look like warnings or errors -------------------------------------
    r(r"^warning: .*generated \d+ warnings?", Summary).tool("rust"),
    r(r"^error: could not compile ", Summary).tool("rust"),
    r(r"^\d+ (warnings?|errors?)( and \d+ (warnings?|errors?))? generated\.?$", Summary).tool("c"),
    // --- rustc / cargo / clippy ------------------------------------------------------------
    r(r"^error(\[E\d+\])?: ", Error).after(14, Snippet).tool("rust"),
    r(r"^warning(\[\w+\])?: ", Warning).after(1, Indented).grouped().tool("rust"),
    r(r"^\s*Finished .*target\(s\) in ", Summary).tool("rust"),
    r(r"^test result: ", Summary).tool("rust"),
    r(r"^test .* \.\.\. FAILED", Failure).tool("rust"),
    r(r"^---- .* stdout ----$", Structure).tool("rust"),
    r(r"^failures:$", Structure).after(200, Indented).tool("rust"),
    r(r"^thread '.*' (\(\d+\) )?panicked at ", Message).after(8, UntilBlank).tool("rust"),
    r(r"^note: test did not panic", Message).tool("rust"),
    r(r"^\s+at (\./)?[\w-][\w./-]*\.rs:\d+(:\d+)?$", Frame).before(1).tool("rust"),
    r(r"^\s+Running ", Structure).tool("rust"),
    // --- C / C++ / make / linkers ------------------------------------------------------------
    r(r"^[^\s:]+:\d+(:\d+)?: (fatal error|error): ", Error).after(4, Snippet).before(1).token().tool("c"),
    r(r"^[^\s:]+:\d+(:\d+)?: warning: ", Warning).after(2, Indented).grouped().token().tool("c"),
    r(r"^[\w./+-]+: (fatal )?error: ", Error).after(4, Indented).token().tool("c"),
    r(r": undefined reference to ", Error).tool("c"),
    r(r"^g?make(\[\d+\])?: \*\*\* ", Summary).tool("c"),
    r(r"^g?make(\[\d+\])?: Target .* not remade", Summary).tool("c"),
    r(r"^(Segmentation fault|Bus error|Killed|Aborted)( \(core dumped\))?", Error).tool("c"),
    // --- valgrind (also `--track-fds`' open descriptors, `--track-origins`' origins) ----------
    r(
        r"^==\d+== (Invalid (read|write|free)|Conditional jump|Use of uninitialised|Mismatched free|Syscall param|Source and destination overlap|Process terminating|\S+ bytes in \S+ blocks are (definitely|possibly) lost|Open (file|AF_\w+ socket) descriptor \d+| Uninitialised value was created by )",
        Error,
    )
    .after(3, Indented).tool("valgrind"),
    r(r"^==\d+== (ERROR SUMMARY|\s+(definitely|indirectly|possibly) lost:|FILE DESCRIPTORS: \d+ open|I\s+refs:)", Summary).tool("valgrind"),
    // --- typescript / eslint / mypy / ruff / flake8 ------------------------------------------
    r(r"^\S+\(\d+,\d+\): error TS\d+: ", Error).after(6, Indented).token().tool("lint"),
    r(r"^\S+:\d+:\d+ - error TS\d+: ", Error).after(6, Indented).token().tool("lint"),
    r(r"^Found \d+ errors?", Summary).tool("lint"),
    r(r"^Success: no issues found", Summary).tool("lint"),
    r(r"^\s+\d+:\d+\s+error\s+", Error).tool("lint"),
    r(r"^\s+\d+:\d+\s+warning\s+", Warning).grouped().tool("lint"),
    r(r"^(✖|×) \d+ problems?", Summary).tool("lint"),
    r(r"^[^\s:]+:\d+:\d+: [A-Z]{1,3}\d{2,4}\b", Error).token().tool("lint"),
    r(r"^All checks passed!", Summary).tool("lint"),
    // --- python / pytest / unittest ------------------------------------------------------------
    r(r"^Traceback \(most recent call last\):", Structure).after(1, Indented).tool("python"),
    r(r"^(The above exception was the direct cause|During handling of the above exception)", Structure).tool("python"),
    r(r#"^\s*File "[^"]+", line \d+"#, Frame).after(1, Indented).post(Post::PyProject).tool("python"),
    r(r"^E\s{2,}\S", Message).tool("python"),
    r(r"^>\s{3,}\S", Message).tool("python"),
    r(r"^[^\s:]+\.py:\d+: \w+", Location).token().tool("python"),
    r(r"^(FAILED|ERROR|SUBFAILED|XPASS)[ (]", Failure).tool("python"),
    r(r"^(FAIL|ERROR): \w+ \(", Failure).tool("python"),
    r(r"^\S+::\S+.* (FAILED|ERROR)\b", Failure).token().tool("python"),
    r(r"^=+ .*\b(passed|failed|errors?|skipped|xfailed|xpassed|deselected|no tests ran)\b.* =+$", Summary).tool("python"),
    r(r"^=+ (FAILURES|ERRORS|short test summary info) =+$", Structure).tool("python"),
    r(r"^_{3,} .* _{3,}$", Structure).tool("python"),
    r(r"^Ran \d+ tests? in ", Summary).tool("python"),
    r(r"^(OK|FAILED)( \(.*\))?$", Summary).tool("python"),
    r(r"^(ERROR|WARNING): ", Error).after(2, Cont::Indented).tool("python"),
    r(r"^Successfully installed ", Summary).tool("python"),
    // --- java -------------------------------------------------------------------------------------
    r(r"^Exception in thread ", Message).tool("java"),
    r(r"^\s*(Caused by|Suppressed): ", Message).tool("java"),
    r(r"^\s+at [\w$.]+(/[\w$.]+)?\([\w$]+\.(java|kt|scala):\d+\)", Frame).post(Post::JavaProject).tool("java"),
    // --- javascript: jest, vitest, node test, TAP, npm ------------------------------------------
    r(r"^\s*● ", Failure).after(6, Paragraph).tool("js"),
    r(r"^\s*(FAIL|✗|×|✖) ", Failure).tool("js"),
    r(r"^\s*(Expected|Received|Snapshot)( \w+)?:\s", Message).tool("js"),
    r(r"^\s+at .*\.(js|mjs|cjs|ts|tsx|jsx|mts|cts|vue|svelte):\d+:\d+\)?$", Frame).post(Post::JsProject).tool("js"),
    r(r"^(Tests|Test Suites|Test Files|Snapshots|Time):\s+", Summary).tool("js"),
    r(r"^\s+(Test Files|Tests)\s+\d+ (failed|passed)", Summary).tool("js"),
    r(r"^\s*not ok \d+", Failure).after(30, Indented).tool("js"),
    r(r"^# (tests|suites|pass|fail|cancelled|skipped|todo) \d+", Summary).tool("js"),
    r(r"^ℹ (tests|pass|fail|cancelled) \d+", Summary).tool("js"),
    r(r"^1\.\.\d+$", Summary).tool("js"),
    r(r"^npm (ERR!|error) ", Error).tool("js"),
    r(r"^npm warn ", Warning).grouped().tool("js"),
    r(r"^(added|removed|changed|updated|audited) \d+ packages?", Summary).tool("js"),
    r(r"^(found \d+ vulnerabilit|\d+ (\w+ severity )?vulnerabilit)", Summary).tool("js"),
    r(r"^npm info ok", Summary).tool("js"),
    // --- go ---------------------------------------------------------------------------------------
    r(r"^--- FAIL: ", Failure).after(10, Indented).tool("go"),
    r(r"^(FAIL|ok)\s+\S+\s+[\d.]+s(\s+coverage: .*)?$", Summary).tool("go"),
    r(r"^(PASS|FAIL)$", Summary).tool("go"),
    r(r"^panic: ", Message).after(3, UntilBlank).tool("go"),
    r(r"^\s+\S+_test\.go:\d+: ", Message).token().tool("go"),
    r(r"^\S+\.go:\d+:\d+: ", Error).token().tool("go"),
    // --- git, apt, shells ---------------------------------------------------------------------
    r(r"^commit [0-9a-f]{7,64}\b", Structure).tool("git"),
    r(r"^(fatal|error|CONFLICT)\b[:( ]", Error).tool("git"),
    r(r"^Automatic merge failed", Error).tool("git"),
    r(r"^\t(both (modified|added|deleted)|(deleted|added) by (us|them)):\s", Message).tool("git"),
    r(r"^ ! \[(rejected|remote rejected)\]", Error).tool("git"),
    r(r"^ \d+ files? changed", Summary).tool("git"),
    r(r"^E: ", Error).tool("apt"),
    r(r"^W: ", Warning).grouped().tool("apt"),
    r(r"^\d+ upgraded, \d+ newly installed", Summary).tool("apt"),
    r(r": (command not found|No such file or directory|Permission denied)$", Error).tool("shell"),
    r(r"(exit(ed)? (with )?(code|status)|Exit code:?) -?\d+", Summary).tool("shell"),
    // --- generic, last ----------------------------------------------------------------------------
    r(r"^\s*\[?(ERROR|FATAL|PANIC|CRITICAL)\b", Error).grouped().after(2, Cont::Indented).tool(""),
    r(r"\[(ERROR|FATAL|error|fatal)\]|\blevel=(error|fatal)\b|\s(ERROR|FATAL|CRITICAL)\s", Error).tool(""),
    r(r"^\s*\[?(WARN|WARNING)\b", Warning).grouped().tool(""),
    // An exception keeps its first frame (where it was thrown, in a library or not).
    r(r"^\s*([\w$]+\.)*[\w$]*(Error|Exception|Exit|Interrupt)(: |$)", Message).after(1, Cont::Indented).token().tool(""),
    r(r"\bFAILED\b", Failure).tool(""),
];

/// The compiled built-in rules, with a prefilter that lets most noise lines skip the regexes.
#[derive(Debug)]
pub struct Builtin {
    /// The unanchored rules (few; checked only on lines where the block scan found one), and
    /// their indices in [`RULES`].
    unanchored: LazyDfa,
    unanchored_idx: Vec<usize>,
    /// Only the rules anchored at the line start (most lines need no more), and their indices
    /// in [`RULES`].
    anchored: LazyDfa,
    anchored_idx: Vec<usize>,
    /// Two-byte lead tables for lines without indentation, with one space, and with more.
    lead: Box<crate::prefilter::LeadTables>,
    /// Whether any rule is checked on the first token.
    token_rules: bool,
    /// All unanchored rules as one multi-line regex, for block scans.
    anywhere: Option<regex::bytes::Regex>,
    /// The lazy DFAs' caches of the compressors that ended (their states stay built).
    spare: Mutex<Vec<[LazyCache; 2]>>,
}

static BUILTIN: LazyLock<Result<Builtin, String>> = LazyLock::new(|| {
    // Each rule parsed once: the lead tables' automaton is made of the table rules' syntax
    // trees, not of their patterns parsed again.
    let config = syntax::Config::new().unicode(false).utf8(false);
    let hirs = RULES
        .iter()
        .map(|r| syntax::parse_with(r.pat, &config).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let nfa = |keep: &dyn Fn(&Rule) -> bool, limit: Option<usize>| {
        let trees: Vec<_> = hirs.iter().zip(RULES).filter(|(_, r)| keep(r)).collect();
        thompson::Compiler::new()
            .configure(
                thompson::Config::new()
                    .nfa_size_limit(limit)
                    .which_captures(WhichCaptures::None),
            )
            .build_many_from_hir(&trees.iter().map(|(h, _)| *h).collect::<Vec<_>>())
            .map_err(|e| e.to_string())
    };
    let unanchored_idx: Vec<usize> = (0..RULES.len())
        .filter(|&i| RULES[i].lead == Lead::Anywhere)
        .collect();
    let unanchored = lazy_set(nfa(&|r| r.lead == Lead::Anywhere, SET_NFA_LIMIT)?)?;
    let anchored_idx: Vec<usize> = (0..RULES.len())
        .filter(|&i| RULES[i].lead != Lead::Anywhere)
        .collect();
    let anchored = lazy_set(nfa(&|r| r.lead != Lead::Anywhere, SET_NFA_LIMIT)?)?;
    let lead = crate::prefilter::lead_tables(nfa(&|r| r.lead == Lead::Table, None)?)?;
    let anywhere: Vec<String> = RULES
        .iter()
        .filter(|r| r.lead == Lead::Anywhere)
        .map(|r| format!("(?:{})", r.pat))
        .collect();
    let anywhere = if anywhere.is_empty() {
        None
    } else {
        Some(
            regex::bytes::RegexBuilder::new(&format!("(?m){}", anywhere.join("|")))
                .unicode(false)
                .dfa_size_limit(32 << 20)
                .build()
                .map_err(|e| e.to_string())?,
        )
    };
    Ok(Builtin {
        unanchored,
        unanchored_idx,
        anchored,
        anchored_idx,
        lead,
        token_rules: RULES.iter().any(|r| r.lead == Lead::Token),
        anywhere,
        spare: Mutex::new(Vec::new()),
    })
});

/// Returns the compiled built-in rules, or the compile error (a bug caught by the tests).
pub fn builtin() -> Result<&'static Builtin, &'static str> {
    BUILTIN.as_ref().map_err(String::as_str)
}

/// Longest prefix of a line that classification looks at.
pub const CLASSIFY_PREFIX: usize = 1024;

impl Builtin {
    /// Byte ranges in `block` (whole lines) where an unanchored rule matches.
    pub fn scan_anywhere(&self, block: &[u8], out: &mut Vec<(usize, usize)>) {
        out.clear();
        if let Some(re) = &self.anywhere {
            out.extend(re.find_iter(block).map(|m| (m.start(), m.end())));
        }
    }

    /// Whether an unanchored rule matches `line`.
    pub fn anywhere_match(&self, line: &[u8]) -> bool {
        self.anywhere.as_ref().is_some_and(|re| re.is_match(line))
    }

    /// Whether `line` may match an anchored rule (no false negatives).
    fn may_match_anchored(&self, line: &[u8]) -> bool {
        let ws = line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t'))
            .count();
        let rest = &line[ws..];
        let class = match (ws, line.first()) {
            (0, _) => 0,
            (1, Some(b' ')) => 1,
            _ => 2,
        };
        let (Some(&b1), Some(&b2)) = (rest.first(), rest.get(1)) else {
            // Blank lines, `}`, `+`: the table says whether a rule matches the whole line.
            return self.lead.short(class, rest.first().copied());
        };
        if self.lead.pair(class, b1, b2) {
            return true;
        }
        if self.token_rules {
            let token = &rest[..crate::generic::blank(rest).unwrap_or(rest.len())];
            // A first token ending in `:` only leads `ld: error: …` and `KeyError: …` (the rules
            // on a token with `:N` or `(N` are checked below).
            if let Some(name) = token.strip_suffix(b":") {
                let after = &rest[token.len()..];
                if [&b"Error"[..], b"Exception", b"Exit", b"Interrupt"]
                    .iter()
                    .any(|w| name.ends_with(w))
                    || after.starts_with(b" error: ")
                    || after.starts_with(b" fatal error: ")
                {
                    return true;
                }
            }
            if token.len() == rest.len() {
                // A line of one token can only be an exception name alone (`KeyboardInterrupt`).
                let t = token.trim_ascii_end();
                return [&b"Error"[..], b"Exception", b"Exit", b"Interrupt"]
                    .iter()
                    .any(|w| t.ends_with(w));
            }
            let mut from = 0;
            while let Some(p) = crate::generic::find2(&token[from..], b':', b'(') {
                let i = from + p;
                match (token[i], token.get(i + 1)) {
                    (b':', Some(b':')) => return true,
                    (_, Some(n)) if n.is_ascii_digit() => return true,
                    _ => from = i + 1,
                }
            }
            return false;
        }
        false
    }

    #[cfg(test)]
    /// The first rule matching `line`, if any. `anywhere` tells that a block scan found an
    /// unanchored rule on this line (pass `true` when unknown).
    pub fn classify(&'static self, line: &[u8], anywhere: bool) -> Option<&'static Rule> {
        self.classify_without(line, anywhere, &[], &mut self.pattern_set())
    }

    /// Scratch space for [`classify_without`](Self::classify_without), reused across lines
    /// (with the lazy DFAs' caches of an ended compressor, when one left them).
    pub fn pattern_set(&'static self) -> Found {
        let caches = self
            .spare
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop()
            .unwrap_or_else(|| [self.anchored.create_cache(), self.unanchored.create_cache()]);
        Found {
            anchored: PatternSet::new(self.anchored.pattern_len()),
            unanchored: PatternSet::new(self.unanchored.pattern_len()),
            caches: Some(caches),
            home: &self.spare,
        }
    }

    /// Like [`classify`](Self::classify), ignoring the rules of the tool families in `off`.
    pub fn classify_without(
        &self,
        line: &[u8],
        anywhere: bool,
        off: &[String],
        found: &mut Found,
    ) -> Option<&'static Rule> {
        let line = &line[..line.len().min(CLASSIFY_PREFIX)];
        let accept = |rule: &&Rule| !off.iter().any(|t| t == rule.tool) && rule.post.accepts(line);
        let input = Input::new(line);
        // Clearing and walking a set costs a pass over every pattern: skip both when empty.
        let Found {
            anchored: a,
            unanchored: u,
            caches,
            ..
        } = found;
        let [ca, cu] = caches.as_mut()?;
        if !a.is_empty() {
            a.clear();
        }
        if !u.is_empty() {
            u.clear();
        }
        // Most lines the lead table lets through match no rule: a search that stops at the
        // first match state (or where the automaton dies) says so before the overlapping one.
        // Errors cannot happen (no quit bytes, the cache never gives up): one would read as
        // a match of no rule.
        if self.may_match_anchored(line)
            && matches!(
                self.anchored
                    .try_search_fwd(ca, &input.clone().earliest(true)),
                Ok(Some(_))
            )
        {
            let _ = self.anchored.try_which_overlapping_matches(ca, &input, a);
        }
        if anywhere {
            let _ = self.unanchored.try_which_overlapping_matches(cu, &input, u);
        }
        if a.is_empty() && u.is_empty() {
            return None;
        }
        // Both lists ascend in rule order: merge them and take the first accepted rule.
        let mut ai = a.iter().map(|i| self.anchored_idx[i.as_usize()]).peekable();
        let mut ui = u
            .iter()
            .map(|i| self.unanchored_idx[i.as_usize()])
            .peekable();
        std::iter::from_fn(|| match (ai.peek(), ui.peek()) {
            (Some(x), Some(y)) if y < x => ui.next(),
            (Some(_), _) => ai.next(),
            (None, _) => ui.next(),
        })
        .map(|i| &RULES[i])
        .find(accept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex_automata::MatchKind;
    use regex_automata::meta::Regex as MetaRegex;

    /// All rules as one regex reporting every matching pattern (no Unicode classes): the test
    /// reference.
    fn rule_set(pats: &[&str]) -> Result<MetaRegex, String> {
        MetaRegex::builder()
            .configure(
                // No prefilter: the anchored set runs on lines the lead table lets through, the
                // unanchored one on lines the block scan found a match in (building one costs more
                // than it would save).
                MetaRegex::config()
                    .match_kind(MatchKind::All)
                    .auto_prefilter(false)
                    .nfa_size_limit(Some(64 << 20))
                    .hybrid_cache_capacity(64 << 20),
            )
            .syntax(syntax::Config::new().unicode(false).utf8(false))
            .build_many(pats)
            .map_err(|e| e.to_string())
    }

    /// The first accepted rule by one regex set of every rule, with no prefilter at all.
    pub(super) fn reference(line: &[u8]) -> Option<&'static Rule> {
        static ALL: LazyLock<MetaRegex> =
            LazyLock::new(|| rule_set(&RULES.iter().map(|r| r.pat).collect::<Vec<_>>()).unwrap());
        let line = &line[..line.len().min(CLASSIFY_PREFIX)];
        let mut found = PatternSet::new(ALL.pattern_len());
        ALL.which_overlapping_matches(&Input::new(line), &mut found);
        found
            .iter()
            .map(|i| &RULES[i.as_usize()])
            .find(|r| r.post.accepts(line))
    }

    /// A trace keeps its first frame whatever its path: in a trace with no frame of the
    /// user's code (a warning raised in a finaliser), it is the only place named.
    #[test]
    fn a_trace_keeps_its_first_frame_even_in_a_library() {
        let mut log = String::new();
        for i in 0..40 {
            log.push_str(&format!("row {i} of the report was written\n"));
        }
        log.push_str("Traceback (most recent call last):\n");
        log.push_str("  File \"/opt/lib/python3.12/queue.py\", line 90, in __del__\n");
        log.push_str("    self.close()\n");
        log.push_str("  File \"/opt/lib/python3.12/queue.py\", line 70, in close\n");
        log.push_str("    raise RuntimeError(\"closed twice\")\n");
        log.push_str("RuntimeError: closed twice\n");
        for i in 40..80 {
            log.push_str(&format!("row {i} of the report was written\n"));
        }
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(out.contains("line 90, in __del__"), "{out}");
        assert!(!out.contains("line 70, in close"), "{out}");
    }

    /// An error led by an upper-case level label keeps the first indented lines under it:
    /// what the exception or the failed step was about.
    #[test]
    fn a_level_labelled_error_keeps_its_indented_detail() {
        for title in [
            "ERROR:  While running task (Spec::InvalidSpec)",
            "ERROR: could not build x",
        ] {
            let mut log = String::new();
            for i in 0..40 {
                log.push_str(&format!("step {i} of the task went fine today\n"));
            }
            log.push_str(title);
            log.push_str("\n    [\"lib/missing.rb\"] are not files\n");
            for i in 40..80 {
                log.push_str(&format!("step {i} of the task went fine today\n"));
            }
            let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
            assert!(
                out.contains("    [\"lib/missing.rb\"] are not files"),
                "{out}"
            );
        }
    }

    fn kind(line: &str) -> Option<Kind> {
        let b = builtin().unwrap();
        let fast = b
            .classify(line.as_bytes(), b.anywhere_match(line.as_bytes()))
            .map(|r| r.kind);
        assert_eq!(
            fast,
            reference(line.as_bytes()).map(|r| r.kind),
            "prefilter changed {line:?}"
        );
        fast
    }

    #[test]
    fn builtin_rules_compile() {
        assert!(builtin().is_ok(), "{:?}", builtin().err());
    }

    #[test]
    fn classifies_common_tools() {
        assert_eq!(kind("error[E0308]: mismatched types"), Some(Error));
        assert_eq!(kind("warning: unused import: `HashSet`"), Some(Warning));
        assert_eq!(
            kind("warning: `inventory` (lib) generated 3 warnings"),
            Some(Summary)
        );
        assert_eq!(
            kind("lapi.c:769:23: warning: conversion [-Wsign-conversion]"),
            Some(Warning)
        );
        assert_eq!(
            kind("loslib.c:159:10: error: too few arguments"),
            Some(Error)
        );
        assert_eq!(
            kind("boltons/x.py:382: error: Signatures  [misc]"),
            Some(Error)
        );
        assert_eq!(kind("not ok 612 - kebabCase"), Some(Failure));
        assert_eq!(kind("# fail 3"), Some(Summary));
        assert_eq!(kind("Caused by: java.lang.X: y"), Some(Message));
        assert_eq!(kind("\tat com.example.A.b(A.java:3)"), Some(Frame));
        assert_eq!(kind("\tat java.base/java.util.X.y(X.java:3)"), None);
        assert_eq!(kind("ProbeError: unreachable"), Some(Message));
        assert_eq!(
            kind("==8770== FILE DESCRIPTORS: 4 open (3 std) at exit."),
            Some(Summary)
        );
        assert_eq!(
            kind("==8770== Open file descriptor 3: /etc/hostname"),
            Some(Error)
        );
        assert_eq!(kind("==8862== I   refs:      42,195,163"), Some(Summary));
        assert_eq!(
            kind("==8770==  Uninitialised value was created by a stack allocation"),
            Some(Error)
        );
        assert_eq!(
            kind("commit 6fd031c82ba5a4204b4ce6eae73dacb00dc072ec"),
            Some(Structure)
        );
        assert_eq!(kind("  ● suite › test"), Some(Failure));
        assert_eq!(kind("\tboth modified:   src/a.py"), Some(Message));
        assert_eq!(kind("\tmodified:   src/a.py"), None);
        assert_eq!(
            kind("ok  \tw10/list\t0.005s\tcoverage: 100.0% of statements"),
            Some(Summary)
        );
        assert_eq!(kind("             at ./src/lib.rs:102:5"), Some(Frame));
        assert_eq!(
            kind("             at /rustc/abc/library/std/src/panicking.rs:689:5"),
            None
        );
    }

    #[test]
    fn keyword_decoys_are_noise() {
        assert_eq!(
            kind("npm http fetch GET 200 https://registry.npmjs.org/http-errors 12ms (cache hit)"),
            None
        );
        assert_eq!(kind("   Compiling error-chain v0.12.4"), None);
        assert_eq!(kind("tests/test_errors.py::test_x PASSED [ 10%]"), None);
    }
}

#[cfg(test)]
mod prefilter_tests {
    use super::*;

    /// The prefilter must never change a classification: check every line of the corpus.
    #[test]
    fn prefilter_has_no_false_negatives_on_the_corpus() {
        let b = builtin().unwrap();
        let mut checked = 0;
        for data in crate::corpus_logs::corpus_logs(&["corpus", "wild"]) {
            for line in data.split(|&c| c == b'\n') {
                let line = crate::clean::clean_line(line);
                let fast = b.classify(&line, b.anywhere_match(&line)).map(|r| r.pat);
                let full = super::tests::reference(&line).map(|r| r.pat);
                assert_eq!(fast, full, "{:?}", String::from_utf8_lossy(&line));
                checked += 1;
            }
        }
        assert!(checked > 50_000);
    }
}

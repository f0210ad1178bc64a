//! Shell analysis: splits a command line into the parts that would run, with tree-sitter-bash.
//!
//! Lists, pipelines, `&&`, `||`, `;`, `&` and newlines are split; `bash -c` strings, `$(...)`,
//! backticks, `<(...)`, subshells, braces, functions and control flow are looked into; env
//! assignments and wrappers (`sudo`, `env`, `timeout`, `xargs`, `find -exec`, ...) are stripped
//! and the wrapper kept as a transparent part; output redirections become writes.

use std::collections::HashMap;

use tree_sitter::Node;

use crate::shparse::parse;

pub use crate::part::{Part, PartKind, PathArg, Pattern};
use crate::path::{NormPath, PathContext};
use crate::programs;
use crate::words::Word;

/// How deep nested `bash -c` / `eval` strings are followed before giving up (`ask`).
pub const MAX_DEPTH: usize = 8;
/// Shell text one analysis may parse, per byte of the command (nested shells, expansions and
/// re-readings included), and at least [`MIN_BUDGET`] bytes.
const BUDGET_PER_BYTE: usize = 8;
const MIN_BUDGET: usize = 4 * 1024;

/// Whether `command` parses as shell without syntax errors.
pub fn parses(command: &str) -> bool {
    parse(command).is_some_and(|t| !t.root_node().has_error())
}

/// Splits `command` into parts. `workspace` is the directory the command starts in.
pub fn analyse(command: &str, ctx: &PathContext<'_>) -> Vec<Part> {
    let mut a = Analyser {
        ctx,
        cwd: Some(ctx.workspace.to_string()),
        parts: Vec::new(),
        vars: HashMap::new(),
        unsure: 0,
        functions: HashMap::new(),
        piped: None,
        piped_text: None,
        read_ifs: None,
        budget: command
            .len()
            .saturating_mul(BUDGET_PER_BYTE)
            .max(MIN_BUDGET),
    };
    a.script(command, 0);
    a.cap_parts(command);
    a.parts
}

pub(crate) struct Analyser<'c, 'p> {
    pub(crate) ctx: &'c PathContext<'p>,
    pub(crate) cwd: Option<String>,
    pub(crate) parts: Vec<Part>,
    /// Variables assigned so far: `Some` a known value, `None` unknowable.
    pub(crate) vars: HashMap<String, Option<Word>>,
    /// How many enclosing constructs may not run (or run more than once).
    pub(crate) unsure: usize,
    /// Functions this script surely defines (at its top level): each call judges the body.
    pub(crate) functions: HashMap<String, crate::calls::Function>,
    /// What the previous stage of a pipeline prints, when known (`find ROOT -name G -print0 |
    /// xargs -0`): the arguments `xargs` adds in this stage.
    pub(crate) piped: Option<Vec<Word>>,
    /// What the previous stage of a pipeline prints, when it is literal text (`echo 'git
    /// push' | sh`, `cat <<EOF | bash`): the input of this stage's first command.
    pub(crate) piped_text: Option<String>,
    /// `IFS=... read`: `Some(true)` an empty IFS, `Some(false)` another one; `None` unset.
    pub(crate) read_ifs: Option<bool>,
    /// Bytes of shell text still to be parsed: every re-reading (a brace expansion of an
    /// unparseable command, a nested shell's string, a joined continuation) spends from it, so
    /// hostile text cannot make the analysis grow without bound; past it a part is opaque.
    pub(crate) budget: usize,
}

impl Analyser<'_, '_> {
    pub(crate) fn opaque(&mut self, text: &str, why: String) {
        let mut p = Part::new(PartKind::Opaque, text);
        p.uncertain = Some(why);
        self.parts.push(p);
    }

    pub(crate) fn script(&mut self, src: &str, depth: usize) {
        if depth > MAX_DEPTH {
            self.opaque(src, format!("nested shells deeper than {MAX_DEPTH}"));
            return;
        }
        let Some(left) = self.budget.checked_sub(src.len()) else {
            self.budget = 0;
            self.opaque(
                src,
                "the command expands to too much shell text to analyse".to_string(),
            );
            return;
        };
        self.budget = left;
        if src.contains('\0') {
            self.nul_bytes(src, depth);
            return;
        }
        let Some(tree) = parse(src) else {
            self.opaque(src, "the shell parser failed".to_string());
            return;
        };
        let root = tree.root_node();
        if root.has_error() {
            self.opaque(
                src,
                "the command could not be parsed completely".to_string(),
            );
            // `{git,push}` at the start of a command does not parse: judge its expansion too
            if let Some(expanded) = crate::braces::expand_text(src) {
                self.script(&expanded, depth + 1);
            }
            // `sh 0<<'X'`, `exec 4<>FILE`: forms that do not parse, judged as ones that do
            for text in crate::flow17::unparsed_forms(src) {
                self.script(&text, depth + 1);
            }
        }
        if src.contains("\\\n") {
            // a line continuation inside a word (`git pu\<newline>sh`) joins it
            let joined = src.replace("\\\n", "");
            let saved = (self.cwd.clone(), self.vars.clone());
            self.script(&joined, depth + 1);
            (self.cwd, self.vars) = saved;
        }
        self.walk_script(root, src, depth);
    }

    /// Text holding a NUL byte runs in no shell as written: an argument vector ends at the first
    /// NUL (a C string), and bash drops NUL bytes from a script it reads. Both readings are
    /// judged, and the text is opaque besides (at most `ask`). It is never given to the parser,
    /// whose error recovery reads a NUL as an end of input and tries every token there (1.8 ms
    /// for 300 bytes holding a few; re-read through brace expansions, 146 ms per command).
    fn nul_bytes(&mut self, src: &str, depth: usize) {
        self.opaque(
            src,
            "the command holds a NUL byte, which no shell passes on as written".to_string(),
        );
        let head = src.split('\0').next().unwrap_or_default();
        for reading in [src.replace('\0', ""), head.to_string()] {
            let saved = (self.cwd.clone(), self.vars.clone());
            self.script(&reading, depth + 1);
            (self.cwd, self.vars) = saved;
        }
    }

    pub(crate) fn walk(&mut self, node: Node<'_>, src: &str, depth: usize) {
        match node.kind() {
            "command" => self.command(node, src, depth, None),
            "redirected_statement" => self.redirected(node, src, depth),
            "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                self.redirect(node, src, depth)
            }
            "comment" => {}
            "subshell" | "command_substitution" | "process_substitution" => {
                let saved = self.cwd.clone();
                let vars = self.vars.clone();
                self.children(node, src, depth);
                self.cwd = saved;
                self.vars = vars;
            }
            "declaration_command" => {
                self.declaration_dump(&src[node.byte_range()]);
                self.declaration(node, src);
                self.children(node, src, depth);
                self.declare(node, src);
            }
            "unset_command" => self.unset(node, src),
            "variable_assignment" => {
                self.children(node, src, depth);
                self.sensitive_assignment(node, src);
                self.assign(node, src);
            }
            "if_statement"
            | "case_statement"
            | "while_statement"
            | "until_statement"
            | "c_style_for_statement" => self.unsure_block(node, src, depth),
            "pipeline" => self.pipeline(node, src, depth),
            "for_statement" => self.for_loop(node, src, depth),
            "function_definition" => self.function(node, src, depth),
            "list" => self.list(node, src, depth),
            _ => self.children(node, src, depth),
        }
    }

    pub(crate) fn children(&mut self, node: Node<'_>, src: &str, depth: usize) {
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            self.walk_unless_full(ch, src, depth);
        }
    }

    fn declaration(&mut self, node: Node<'_>, src: &str) {
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            if ch.kind() == "variable_assignment"
                && let Some(name) = ch.child_by_field_name("name")
                && programs::sensitive_env(&src[name.byte_range()])
            {
                let text = &src[node.byte_range()];
                self.opaque(
                    text,
                    format!(
                        "sets {}, which changes what later commands run",
                        &src[name.byte_range()]
                    ),
                );
            }
        }
    }

    fn redirected(&mut self, node: Node<'_>, src: &str, depth: usize) {
        let mut heredoc = None;
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            if matches!(ch.kind(), "herestring_redirect" | "heredoc_redirect") {
                self.secret_redirect(ch, src);
            }
            if ch.kind() == "herestring_redirect" {
                heredoc = Some(self.herestring(ch, src));
            }
            if heredoc.is_none() {
                heredoc = self.written_input(ch, src); // round 22: `bash < FILE` written above
            }
            if ch.kind() == "heredoc_redirect" {
                let mut c2 = ch.walk();
                for b in ch.named_children(&mut c2) {
                    if b.kind() == "heredoc_body" {
                        heredoc = Some(src[b.byte_range()].to_string());
                    }
                }
            }
        }
        // the command the here-document feeds: the last one of the body (`a && cat <<EOF`)
        let mut c = node.walk();
        let bare_cat = node
            .named_children(&mut c)
            .find(|ch| !ch.kind().ends_with("redirect"))
            .and_then(crate::flow22::last_command)
            .is_some_and(|ch| src[ch.byte_range()].trim() == "cat");
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            if ch.kind() == "command" {
                self.command(ch, src, depth, heredoc.as_deref());
            } else if let Some(h) = heredoc
                .as_deref()
                .filter(|_| ch.kind() == "while_statement")
                && self.while_read(ch, src, depth, h)
            {
            } else if ch.kind() == "heredoc_redirect" && bare_cat {
                // `cat <<EOF | bash`: the pipeline after the here-document reads its body
                self.piped_text = heredoc.clone();
                self.walk(ch, src, depth);
                self.piped_text = None;
            } else {
                self.walk(ch, src, depth);
            }
        }
        self.remember_written(node, src, heredoc.as_deref());
    }

    fn redirect(&mut self, node: Node<'_>, src: &str, depth: usize) {
        let text = &src[node.byte_range()];
        let mut op = "";
        let mut dest = None;
        let mut c = node.walk();
        for ch in node.children(&mut c) {
            match ch.kind() {
                ">" | ">>" | "&>" | "&>>" | ">|" | "<" | "<>" | ">&" | "<&" | ">&-" | "<&-" => {
                    op = ch.kind()
                }
                "file_descriptor" | "heredoc_start" | "heredoc_end" | "<<" | "<<-" | "<<<" => {}
                "heredoc_body" | "file_redirect" => self.walk(ch, src, depth),
                _ if ch.is_named() && dest.is_none() && node.kind() == "file_redirect" => {
                    dest = Some(ch)
                }
                _ if ch.is_named() => self.walk(ch, src, depth),
                _ => {}
            }
        }
        let Some(dest) = dest else { return };
        // substitutions inside the target run too
        self.walk(dest, src, depth);
        if dest.kind() == "process_substitution" {
            return; // `< <(cmd)`, `> >(cmd)`: a pipe to a command judged above, no file
        }
        let w = self.word(dest, src);
        let kind = match op {
            "<" => PartKind::Read,
            ">&" | "<&"
                if w.lit()
                    .is_some_and(|v| v.chars().all(|c| c.is_ascii_digit() || c == '-')) =>
            {
                return;
            }
            "<&" => return,
            _ => PartKind::Write,
        };
        if kind == PartKind::Write && w.lit().is_some_and(programs::harmless_sink) {
            return;
        }
        let mut p = Part::new(kind, text);
        let arg = self.path_arg(&w);
        if matches!(arg, PathArg::Unknown | PathArg::Relative(_)) {
            p.uncertain = Some(format!(
                "the redirection target `{}` is not known before it runs",
                w.text
            ));
        }
        p.paths.push(arg);
        self.parts.push(p);
    }

    /// The text a here-string feeds (`<<<'git push'`); a dynamic one becomes `$__DYNAMIC`,
    /// which a shell reading it cannot be judged by.
    pub(crate) fn herestring(&self, node: Node<'_>, src: &str) -> String {
        let mut c = node.walk();
        let arg = node.named_children(&mut c).last();
        match arg.map(|a| self.word(a, src)) {
            Some(w) => match w.value {
                Some(v) if w.pattern.is_none() || !v.is_empty() => v,
                _ => "$__loop_gate_dynamic".to_string(),
            },
            None => String::new(),
        }
    }

    /// The path an argument word names, relative to the current directory.
    pub(crate) fn path_arg(&self, w: &Word) -> PathArg {
        if let Some(below) = self.found_below(w) {
            return below;
        }
        if let Some(v) = w.lit() {
            return match NormPath::new(v, self.cwd.as_deref(), self.ctx) {
                Some(p) => PathArg::Known(p),
                None if self.cwd.is_none() && !v.starts_with(['/', '~']) => {
                    match crate::path::normalise(v, Some(""), None) {
                        Some(rel) => PathArg::Relative(rel.trim_start_matches('/').to_string()),
                        None => PathArg::Unknown,
                    }
                }
                None => PathArg::Unknown,
            };
        }
        match w
            .pattern
            .as_deref()
            .map(|p| crate::words::from_anywhere(w, p))
        {
            Some(pat) => match crate::path::normalise(&pat, self.cwd.as_deref(), self.ctx.home) {
                Some(abs) => PathArg::Pattern(crate::part::Pattern::new(abs)),
                None => PathArg::Unknown,
            },
            None => PathArg::Unknown,
        }
    }

    fn command(&mut self, node: Node<'_>, src: &str, depth: usize, heredoc: Option<&str>) {
        let text = &src[node.byte_range()];
        if let Some(lines) = split_lines(node, src) {
            // bash runs each line as its own command: judge them so
            self.script(&lines, depth + 1);
            if heredoc.is_some() {
                self.opaque(text, "a here-document after a split line".to_string());
            }
            return;
        }
        if let Some(expanded) = crate::braces::expand_command(node, src) {
            // `{git,push}`, `git{," "}push`: judge the words brace expansion makes
            self.script(&expanded, depth + 1);
            return;
        }
        let mut env = Vec::new();
        let mut assigns = Vec::new();
        let mut argv = Vec::new();
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            match ch.kind() {
                "unset_command" => self.unset(node, src),
                "variable_assignment" => {
                    if let Some(name) = ch.child_by_field_name("name") {
                        env.push(src[name.byte_range()].to_string());
                    }
                    self.children(ch, src, depth);
                    assigns.push(ch);
                }
                "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                    self.redirect(ch, src, depth)
                }
                "comment" => {}
                "command_name" => {
                    if let Some(n) = ch.named_child(0) {
                        self.walk(n, src, depth);
                        argv.extend(self.fields(n, src));
                    }
                }
                _ if ch.kind() == "number"
                    || (ch.kind() == "word"
                        && src[ch.byte_range()].bytes().all(|b| b.is_ascii_digit())
                        && src[ch.end_byte()..].starts_with(['<', '>'])) =>
                {
                    // `0<<<'x'`: a file descriptor the parser left as a word
                    if !src[ch.end_byte()..].starts_with(['<', '>']) {
                        argv.push(self.word(ch, src));
                    }
                }
                _ => {
                    // `$(...)` and `<(...)` inside arguments run as their own parts
                    self.walk(ch, src, depth);
                    argv.extend(self.fields(ch, src));
                }
            }
        }
        let mut here = heredoc.map(str::to_string);
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            if ch.kind() == "herestring_redirect" {
                here = Some(self.herestring(ch, src));
            }
        }
        if here.is_none() {
            here = self.piped_text.take();
        }
        let heredoc = here.as_deref();
        if argv.is_empty() {
            for a in assigns {
                self.assign(a, src);
            }
            return;
        }
        self.read_ifs = crate::flow::prefix_ifs(&assigns, src);
        self.env_commands(&assigns, src, depth, &mut env, &argv);
        let env_note = crate::flow::env_note(&env, &argv);
        self.exec(text, argv, depth, heredoc, env_note);
        self.after_command();
    }

    pub(crate) fn cd(&mut self, target: Option<&Word>) {
        self.cwd = match target {
            None => self.ctx.home.map(str::to_string),
            Some(w) => match w.lit() {
                Some("-") | None => None,
                Some(v) => crate::path::normalise(v, self.cwd.as_deref(), self.ctx.home),
            },
        };
    }

    pub(crate) fn shell(
        &mut self,
        name: &str,
        text: &str,
        argv: &[Word],
        depth: usize,
        heredoc: Option<&str>,
    ) {
        match programs::shell_script(argv) {
            programs::ShellInput::Inline(Some(script)) => {
                self.parts
                    .push(self.exec_part(PartKind::Wrapper, text, argv));
                self.inline_script(&script, argv, depth + 1);
            }
            programs::ShellInput::Inline(None) => {
                let mut p = self.exec_part(PartKind::Exec, text, argv);
                p.uncertain = Some(format!(
                    "the script given to `{name} -c` is not known before it runs"
                ));
                self.parts.push(p);
            }
            programs::ShellInput::Parse(file) => self.parsed_script(name, text, argv, file),
            programs::ShellInput::File => {
                let mut p = self.exec_part(PartKind::Exec, text, argv);
                // a script file is commands the gate cannot read, a denied one too
                p.runs_unknown_code = true;
                self.parts.push(p);
            }
            programs::ShellInput::Stdin => match heredoc {
                Some(body) => {
                    self.parts
                        .push(self.exec_part(PartKind::Wrapper, text, argv));
                    self.script(body, depth + 1);
                }
                None => {
                    let mut p = self.exec_part(PartKind::Exec, text, argv);
                    p.uncertain = Some(format!("`{name}` runs commands read from its input"));
                    self.parts.push(p);
                    // commands not known here may be denied ones: `--yolo` does not run them
                    self.opaque(text, format!("`{name}` reads commands not known here"));
                }
            },
        }
    }

    pub(crate) fn exec_part(&self, kind: PartKind, text: &str, argv: &[Word]) -> Part {
        let shown: Vec<&str> = argv.iter().map(|w| w.text.as_str()).collect();
        let shown = if shown.is_empty() {
            text.to_string()
        } else {
            shown.join(" ")
        };
        let mut p = Part::new(kind, &shown);
        p.words = argv.to_vec();
        let name = argv
            .first()
            .and_then(|w| w.lit())
            .map(|v| v.rsplit('/').next().unwrap_or(v).to_string())
            .unwrap_or_default();
        let skip = crate::models::non_path_args(&name, argv);
        for (i, w) in argv.iter().enumerate().skip(1) {
            if skip.contains(&i) {
                continue;
            }
            if w.lit().is_none() && w.pattern.is_none() {
                // `<(...)` is a pipe, not a file
                let pipe = w.text.starts_with("<(") || w.text.starts_with(">(");
                if kind == PartKind::Exec && !pipe && !crate::models::listed_tracked(w) {
                    p.paths.push(PathArg::Unknown);
                }
                continue;
            }
            let candidate = match w.lit() {
                Some(v) if v.starts_with('-') => match v.split_once('=') {
                    Some((_, val)) if !val.is_empty() => Word::literal(val),
                    _ => continue,
                },
                Some(_) => w.clone(),
                None if w.pattern.is_some() => w.clone(),
                None => continue,
            };
            let arg = self.path_arg(&candidate);
            // a wildcard word that cannot be placed (`~$U/.ssh/id_rsa`) may name anything
            if arg != PathArg::Unknown || (kind == PartKind::Exec && candidate.lit().is_none()) {
                p.paths.push(arg);
            }
        }
        p
    }
}

/// tree-sitter-bash 0.25 reads a newline followed by a backslash-escaped word (`ls⏎\git push`)
/// as part of one command, where bash ends the command at the newline and runs the next line
/// on its own. Returns the command's text with every such newline (unquoted, not a line
/// continuation) turned into `;`, or `None` when it has none.
/// The last simple command of a list or pipeline (`a && b | c` gives `c`).
fn split_lines(node: Node<'_>, src: &str) -> Option<String> {
    let start = node.start_byte();
    let mut bytes = src.as_bytes()[node.byte_range()].to_vec();
    let mut found = false;
    let mut mark = |range: std::ops::Range<usize>| {
        for i in range {
            if src.as_bytes()[i] == b'\n' && !continues(&src.as_bytes()[..i]) {
                bytes[i - start] = b';';
                found = true;
            }
        }
    };
    let mut prev = start;
    let mut c = node.walk();
    for ch in node.children(&mut c) {
        mark(prev..ch.start_byte());
        bare_words(ch, &mut mark);
        prev = ch.end_byte();
    }
    mark(prev..node.end_byte());
    if !found {
        return None;
    }
    String::from_utf8(bytes).ok()
}

/// Whether a newline after `before` is a line continuation: an odd number of backslashes ends
/// `before` (`\\⏎` is an escaped backslash and then a newline).
fn continues(before: &[u8]) -> bool {
    before.iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1
}

/// Calls `mark` with the range of every unquoted word in `node` (the node itself, a command
/// name's word, the pieces of a concatenation).
fn bare_words(node: Node<'_>, mark: &mut impl FnMut(std::ops::Range<usize>)) {
    match node.kind() {
        "word" => mark(node.byte_range()),
        "command_name" | "concatenation" => {
            let mut c = node.walk();
            for ch in node.named_children(&mut c) {
                bare_words(ch, mark);
            }
        }
        _ => {}
    }
}

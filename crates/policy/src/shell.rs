//! Shell analysis: splits a command line into the parts that would run, with tree-sitter-bash.
//!
//! Lists, pipelines, `&&`, `||`, `;`, `&` and newlines are split; `bash -c` strings, `$(...)`,
//! backticks, `<(...)`, subshells, braces, functions and control flow are looked into; env
//! assignments and wrappers (`sudo`, `env`, `timeout`, `xargs`, `find -exec`, ...) are stripped
//! and the wrapper kept as a transparent part; output redirections become writes.

use std::cell::RefCell;

use tree_sitter::{Node, Parser, Tree};

pub use crate::part::{Part, PartKind, PathArg};
use crate::path::{NormPath, PathContext};
use crate::programs;
use crate::words::{Word, word};

/// How deep nested `bash -c` / `eval` strings are followed before giving up (`ask`).
pub const MAX_DEPTH: usize = 8;

thread_local! {
    /// One parser per thread: creating a tree-sitter parser costs more than parsing a command.
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

fn parse(src: &str) -> Option<Tree> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut p = Parser::new();
            p.set_language(&tree_sitter_bash::LANGUAGE.into()).ok()?;
            *slot = Some(p);
        }
        slot.as_mut()?.parse(src, None)
    })
}

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
    };
    a.script(command, 0);
    a.parts
}

struct Analyser<'c, 'p> {
    ctx: &'c PathContext<'p>,
    cwd: Option<String>,
    parts: Vec<Part>,
}

impl Analyser<'_, '_> {
    fn opaque(&mut self, text: &str, why: String) {
        let mut p = Part::new(PartKind::Opaque, "shell", text);
        p.uncertain = Some(why);
        self.parts.push(p);
    }

    fn script(&mut self, src: &str, depth: usize) {
        if depth > MAX_DEPTH {
            self.opaque(src, format!("nested shells deeper than {MAX_DEPTH}"));
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
        }
        self.walk(root, src, depth);
    }

    fn walk(&mut self, node: Node<'_>, src: &str, depth: usize) {
        match node.kind() {
            "command" => self.command(node, src, depth, None),
            "redirected_statement" => self.redirected(node, src, depth),
            "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                self.redirect(node, src, depth)
            }
            "comment" => {}
            "subshell" | "command_substitution" | "process_substitution" => {
                let saved = self.cwd.clone();
                self.children(node, src, depth);
                self.cwd = saved;
            }
            "declaration_command" => {
                self.declaration(node, src);
                self.children(node, src, depth);
            }
            _ => self.children(node, src, depth),
        }
    }

    fn children(&mut self, node: Node<'_>, src: &str, depth: usize) {
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            self.walk(ch, src, depth);
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
            if ch.kind() == "heredoc_redirect" {
                let mut c2 = ch.walk();
                for b in ch.named_children(&mut c2) {
                    if b.kind() == "heredoc_body" {
                        heredoc = Some(src[b.byte_range()].to_string());
                    }
                }
            }
        }
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            if ch.kind() == "command" {
                self.command(ch, src, depth, heredoc.as_deref());
            } else {
                self.walk(ch, src, depth);
            }
        }
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
        let w = word(dest, src, self.ctx.home);
        let (kind, tool) = match op {
            "<" => (PartKind::Read, "read_file"),
            ">&" | "<&"
                if w.lit()
                    .is_some_and(|v| v.chars().all(|c| c.is_ascii_digit() || c == '-')) =>
            {
                return;
            }
            "<&" => return,
            _ => (PartKind::Write, "write_file"),
        };
        if kind == PartKind::Write && w.lit().is_some_and(programs::harmless_sink) {
            return;
        }
        let mut p = Part::new(kind, tool, text);
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

    /// The path an argument word names, relative to the current directory.
    fn path_arg(&self, w: &Word) -> PathArg {
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
        match &w.pattern {
            Some(pat) => match crate::path::normalise(pat, self.cwd.as_deref(), self.ctx.home) {
                Some(abs) => PathArg::Pattern(abs),
                None => PathArg::Unknown,
            },
            None => PathArg::Unknown,
        }
    }

    fn command(&mut self, node: Node<'_>, src: &str, depth: usize, heredoc: Option<&str>) {
        let text = &src[node.byte_range()];
        let mut env = Vec::new();
        let mut argv = Vec::new();
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            match ch.kind() {
                "variable_assignment" => {
                    if let Some(name) = ch.child_by_field_name("name") {
                        env.push(src[name.byte_range()].to_string());
                    }
                    self.children(ch, src, depth);
                }
                "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                    self.redirect(ch, src, depth)
                }
                "comment" => {}
                "command_name" => {
                    if let Some(n) = ch.named_child(0) {
                        self.walk(n, src, depth);
                        argv.push(word(n, src, self.ctx.home));
                    }
                }
                _ => {
                    // `$(...)` and `<(...)` inside arguments run as their own parts
                    self.walk(ch, src, depth);
                    argv.push(word(ch, src, self.ctx.home));
                }
            }
        }
        if argv.is_empty() {
            return;
        }
        let sensitive: Vec<&String> = env.iter().filter(|n| programs::sensitive_env(n)).collect();
        let env_note = sensitive
            .first()
            .map(|n| format!("sets {n}, which changes what runs"));
        self.exec(text, argv, depth, heredoc, env_note);
    }

    /// Judges one simple command (program + arguments), following wrappers and shells.
    fn exec(
        &mut self,
        text: &str,
        argv: Vec<Word>,
        depth: usize,
        heredoc: Option<&str>,
        env_note: Option<String>,
    ) {
        let mut argv = argv;
        let mut open_ended = false;
        if let Some(note) = env_note {
            self.opaque(text, note);
        }
        for _ in 0..32 {
            let Some(prog) = argv.first().and_then(|w| w.lit()).map(str::to_string) else {
                let mut p = self.exec_part(PartKind::Exec, text, &argv);
                p.uncertain = Some(format!(
                    "the program `{}` is not known before it runs",
                    argv.first().map(|w| w.text.as_str()).unwrap_or("")
                ));
                self.parts.push(p);
                return;
            };
            let name = prog.rsplit('/').next().unwrap_or(&prog).to_string();
            if let Some(skip) = programs::wrapper_inner(&name, &argv) {
                if skip.env_sensitive {
                    self.opaque(
                        text,
                        format!("`{name}` sets a variable that changes what runs"),
                    );
                }
                if skip.shell_string && skip.inner < argv.len() {
                    // the rest is joined and run by `sh -c`
                    let words: Option<Vec<&str>> = argv[skip.inner..]
                        .iter()
                        .map(|w| w.value.as_deref())
                        .collect();
                    self.parts
                        .push(self.exec_part(PartKind::Wrapper, text, &argv));
                    match words {
                        Some(w) => self.script(&w.join(" "), depth + 1),
                        None => self.opaque(
                            text,
                            format!("the command given to `{name}` is not known before it runs"),
                        ),
                    }
                    return;
                }
                if let Some(script) = skip.split_string {
                    // env -S 'a b c': the string is split into words
                    let mut words: Vec<Word> = crate::words::split_selector(&script)
                        .iter()
                        .map(|s| Word::literal(s))
                        .collect();
                    words.extend(argv.iter().skip(skip.inner).cloned());
                    self.parts
                        .push(self.exec_part(PartKind::Wrapper, text, &argv));
                    argv = words;
                    continue;
                }
                if skip.inner < argv.len() {
                    self.parts
                        .push(self.exec_part(PartKind::Wrapper, text, &argv));
                    open_ended |= skip.open_ended;
                    argv = argv.split_off(skip.inner);
                    if argv.is_empty() {
                        return;
                    }
                    continue;
                }
                if name == "xargs" {
                    // xargs with no command runs echo
                    self.parts
                        .push(self.exec_part(PartKind::Wrapper, text, &argv));
                    argv = vec![Word::literal("echo")];
                    open_ended = true;
                    continue;
                }
            }
            if programs::is_keyword(&name) {
                // `FOO=1 if ...` or `else git push` parsed as a command: judge what follows
                // judge every suffix that starts with a plain word, as if it ran
                self.opaque(text, format!("`{name}` used where a command was expected"));
                for i in 1..argv.len().min(32) {
                    let starts_keyword = argv[i].lit().is_some_and(programs::is_keyword);
                    if !starts_keyword {
                        self.exec(text, argv[i..].to_vec(), depth, None, None);
                    }
                }
                return;
            }
            if programs::is_shell(&name) {
                self.shell(&name, text, &argv, depth, heredoc);
                return;
            }
            match name.as_str() {
                "eval" => {
                    let joined: Option<Vec<&str>> = argv[1..].iter().map(|w| w.lit()).collect();
                    let mut p = self.exec_part(PartKind::Exec, text, &argv);
                    p.uncertain = Some("eval runs a string as a command".to_string());
                    self.parts.push(p);
                    if let Some(j) = joined {
                        self.script(&j.join(" "), depth + 1);
                    }
                    return;
                }
                "source" | "." => {
                    let mut p = self.exec_part(PartKind::Exec, text, &argv);
                    p.uncertain = Some(format!("`{name}` runs the commands in a file"));
                    self.parts.push(p);
                    return;
                }
                "find" => {
                    if argv.iter().any(|w| w.lit() == Some("-delete")) {
                        let found = programs::find_found(&argv);
                        let mut wp = Part::new(PartKind::Write, "write_file", text);
                        let arg = self.path_arg(&found);
                        if matches!(arg, PathArg::Unknown | PathArg::Relative(_)) {
                            wp.uncertain = Some("`find -delete` removes files below a place not known before it runs".into());
                        }
                        wp.paths.push(arg);
                        self.parts.push(wp);
                    }
                    let (outer, inners) = programs::find_exec(&argv);
                    for inner in inners {
                        self.exec(text, inner, depth, None, None);
                    }
                    argv = outer;
                }
                "cd" | "pushd" => {
                    self.cd(argv.get(1));
                    self.parts
                        .push(self.exec_part(PartKind::Wrapper, text, &argv));
                    return;
                }
                _ => {}
            }
            let mut p = self.exec_part(PartKind::Exec, text, &argv);
            p.open_ended = open_ended;
            if p.uncertain.is_none() {
                p.uncertain = programs::inline_code(&name, &argv);
            }
            self.parts.push(p);
            for w in programs::write_targets(&name, &argv) {
                let mut wp = Part::new(PartKind::Write, "write_file", text);
                let arg = self.path_arg(&w);
                if matches!(arg, PathArg::Unknown | PathArg::Relative(_)) {
                    wp.uncertain = Some(format!(
                        "`{name}` writes to `{}`, which is not known before it runs",
                        w.text
                    ));
                }
                wp.paths.push(arg);
                self.parts.push(wp);
            }
            return;
        }
        self.opaque(text, "too many nested wrappers".to_string());
    }

    fn cd(&mut self, target: Option<&Word>) {
        self.cwd = match target {
            None => self.ctx.home.map(str::to_string),
            Some(w) => match w.lit() {
                Some("-") | None => None,
                Some(v) => crate::path::normalise(v, self.cwd.as_deref(), self.ctx.home),
            },
        };
    }

    fn shell(
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
                self.script(&script, depth + 1);
            }
            programs::ShellInput::Inline(None) => {
                let mut p = self.exec_part(PartKind::Exec, text, argv);
                p.uncertain = Some(format!(
                    "the script given to `{name} -c` is not known before it runs"
                ));
                self.parts.push(p);
            }
            programs::ShellInput::File => {
                let p = self.exec_part(PartKind::Exec, text, argv);
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
                }
            },
        }
    }

    fn exec_part(&self, kind: PartKind, text: &str, argv: &[Word]) -> Part {
        let shown: Vec<&str> = argv.iter().map(|w| w.text.as_str()).collect();
        let shown = if shown.is_empty() {
            text.to_string()
        } else {
            shown.join(" ")
        };
        let mut p = Part::new(kind, "shell", &shown);
        p.words = argv.to_vec();
        for w in argv.iter().skip(1) {
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
            if arg != PathArg::Unknown {
                p.paths.push(arg);
            }
        }
        p
    }
}

//! Round 17: data flow in the forms agents write scripts — a `for` loop over a literal list
//! that surely runs its body through (what it assigns is known after, as bash leaves it), the
//! shell's integer variables (`$$`, `$PPID`, `$RANDOM`: digits, never a path's slashes), and
//! `shopt` with options that change no path a command names.

use tree_sitter::Node;

use crate::words::{Scope, Word, word_in};

/// Bash's variables that always hold a number (unless the script assigns them).
pub(crate) fn numeric_special(name: &str) -> bool {
    matches!(
        name,
        "$" | "!"
            | "#"
            | "?"
            | "PPID"
            | "BASHPID"
            | "RANDOM"
            | "SRANDOM"
            | "SECONDS"
            | "EPOCHSECONDS"
            | "LINENO"
            | "UID"
            | "EUID"
            | "SHLVL"
            | "BASH_SUBSHELL"
    )
}

/// What a literal printer prints: `cat` of a here-document, `echo [-n] WORDS`, `printf
/// '%s\n' WORDS`, `printf TEXT` (no `%`).
pub(crate) fn printer_output(words: &[String], here: Option<String>) -> Option<String> {
    match (words.first().map(String::as_str), here) {
        (Some("cat"), Some(body)) if words.len() == 1 => Some(body),
        (Some("echo"), None) => {
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            let args = match args.first() {
                Some(&"-n") => &args[1..],
                Some(a) if a.starts_with('-') => return None,
                _ => &args[..],
            };
            Some(args.join(" "))
        }
        (Some("printf"), None) if matches!(words.get(1).map(String::as_str), Some("%s\\n")) => {
            // `printf '%s\n' a b`: one argument a line
            Some(words[2..].join("\n") + "\n")
        }
        (Some("printf"), None) if words.len() == 2 && !words[1].contains('%') => {
            let t = words[1].replace("\\n", "\n").replace("\\t", "\t");
            crate::flow21::printf_escapes(&t) // round 21: `\x2e`, `\56`
        }
        // round 21: `$(true)` and `$(:)` print nothing
        (Some("true" | ":"), None) if words.len() == 1 => Some(String::new()),
        (Some("printf"), None) => crate::source19::printf_output(words),
        _ => None,
    }
}

/// The text `$(echo WORDS)` / `$(printf ...)` surely prints (its trailing newlines dropped, as
/// bash does), when the substitution is one literal printer (`eval "git $(echo push)"`).
pub(crate) fn substitution_prints(text: &str, scope: &Scope<'_>) -> Option<String> {
    let inner = text
        .strip_prefix("$(")
        .and_then(|t| t.strip_suffix(')'))
        .or_else(|| crate::flow20::backquoted(text))?;
    if inner.len() > 256 || !inner.trim_start().starts_with(['e', 'p', 't', ':']) {
        return None;
    }
    let tree = crate::shparse::parse(inner)?;
    let root = tree.root_node();
    let mut c = root.walk();
    let kids: Vec<Node<'_>> = root.named_children(&mut c).collect();
    let ([cmd], false) = (kids.as_slice(), root.has_error()) else {
        return None;
    };
    if cmd.kind() != "command" {
        return None;
    }
    let mut words = Vec::new();
    let mut c = cmd.walk();
    for ch in cmd.named_children(&mut c) {
        let n = match ch.kind() {
            "command_name" => ch.named_child(0)?,
            "word" | "raw_string" | "string" | "number" | "concatenation" => ch,
            _ => return None,
        };
        words.push(word_in(n, inner, scope).lit()?.to_string());
    }
    let out = printer_output(&words, None)?;
    Some(out.trim_end_matches('\n').to_string())
}

/// Whether `node` is (inside) the word that names the program of a command.
pub(crate) fn in_command_name(node: Node<'_>) -> bool {
    let mut n = node.parent();
    for _ in 0..4 {
        match n {
            Some(p) if p.kind() == "command_name" => return true,
            Some(p) => n = p.parent(),
            None => return false,
        }
    }
    false
}

/// Forms tree-sitter-bash does not parse, as forms it does: a here-document on fd 0
/// (`sh 0<<'X'`, standard input) and the read-write redirection `<>` (it writes its file as
/// `>>` does).
pub(crate) fn unparsed_forms(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    if src.contains(" 0<<") && !src.contains(" 0<<<") {
        out.push(src.replace(" 0<<", " <<"));
    }
    if src.contains("<>") {
        out.push(src.replace("<>", ">>"));
    }
    out
}

/// Whether a loop body runs to its end every time: no `break`, `continue`, `return` or
/// `exit` anywhere in it (the loop's words must be literal too: a glob may match nothing under
/// `nullglob`, and then the body never runs).
pub(crate) fn runs_through(body: Node<'_>, src: &str) -> bool {
    !src[body.byte_range()]
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .any(|t| matches!(t, "break" | "continue" | "return" | "exit"))
}

/// `shopt [-s|-u|-p|-q] NAME...` with options that only change how globs expand to fewer or
/// no files, how errors end the script, or the shell's history and terminal: no path a
/// command names changes (`dotglob`, `nocaseglob`, `extdebug`... are not among them).
pub(crate) fn harmless_shopt(argv: &[Word]) -> bool {
    const SAFE: &[&str] = &[
        "nullglob",
        "failglob",
        "globstar",
        "extglob",
        "inherit_errexit",
        "lastpipe",
        "checkwinsize",
        "histappend",
        "cmdhist",
        "nocasematch",
        "expand_aliases",
        "progcomp",
        "checkjobs",
    ];
    argv.iter().skip(1).all(|w| {
        w.lit()
            .is_some_and(|v| matches!(v, "-s" | "-u" | "-p" | "-q" | "-o") || SAFE.contains(&v))
    })
}

impl crate::shell::Analyser<'_, '_> {
    /// `for VAR in VALUES` whose body runs through: each value in turn, the variables carried
    /// from one run to the next; after the loop VAR keeps the last value.
    pub(crate) fn for_through(
        &mut self,
        var: &str,
        values: Vec<Word>,
        body: Node<'_>,
        src: &str,
        depth: usize,
    ) {
        let last = values.last().cloned();
        for w in values {
            self.vars.insert(var.to_string(), Some(w));
            self.children(body, src, depth);
        }
        self.vars.insert(var.to_string(), last);
    }
}

/// The key under which a script remembers what it wrote to `path` (in `vars`: no variable name
/// holds a NUL byte): its absolute path (round 21: `> /work/app/x.sh` then `sh x.sh` is one
/// file), or the path with the directory it was written from.
pub(crate) fn written_key(cwd: Option<&str>, path: &str) -> String {
    if let Some(abs) = crate::path::normalise(path, cwd, None) {
        return format!("\0written:\0{abs}");
    }
    let path = path.strip_prefix("./").unwrap_or(path);
    format!("\0written:{}\0{path}", cwd.unwrap_or(""))
}

impl crate::shell::Analyser<'_, '_> {
    /// `cat > x.sh <<'EOF' ... EOF`, `echo CMD > x.sh`: a literal printer redirected whole to
    /// one literal file; its text is remembered for a later `. x.sh`, `bash x.sh`, `./x.sh`.
    pub(crate) fn remember_written(&mut self, node: Node<'_>, src: &str, heredoc: Option<&str>) {
        let mut c = node.walk();
        let kids: Vec<Node<'_>> = node.named_children(&mut c).collect();
        let files: Vec<&Node<'_>> = kids
            .iter()
            .filter(|k| k.kind() == "file_redirect")
            .collect();
        // round 22: `mkdir -p d && printf ... > d/f` (the redirection parsed after the list)
        let last = kids
            .iter()
            .find(|k| k.kind() == "list")
            .and_then(|l| crate::flow22::last_command(*l));
        let (Some(cmd), [file]) = (
            kids.iter()
                .find(|k| k.kind() == "command")
                .or(last.as_ref()),
            files.as_slice(),
        ) else {
            return;
        };
        let ftext = &src[file.byte_range()];
        let Some(target) = file.named_children(&mut file.walk()).last() else {
            return;
        };
        let target = self.word(target, src);
        let overwrite =
            ftext.starts_with('>') && !ftext.starts_with(">>") && !ftext.starts_with(">&");
        let mut words = Vec::new();
        let mut c = cmd.walk();
        for ch in cmd.named_children(&mut c) {
            let n = if ch.kind() == "command_name" {
                ch.named_child(0)
            } else {
                Some(ch)
            };
            words.push(n.and_then(|n| self.word(n, src).lit().map(str::to_string)));
        }
        let words: Option<Vec<String>> = words.into_iter().collect();
        let text = words.and_then(|w| printer_output(&w, heredoc.map(str::to_string)));
        let Some(path) = target.lit() else { return };
        let key = written_key(self.cwd.as_deref(), path);
        if let (false, Some(t)) = (overwrite, &text)
            && ftext.starts_with(">>")
        {
            self.remember_appended(&key, t); // round 22: what it holds at least
        }
        match (overwrite, text) {
            (true, Some(text)) => self.vars.insert(key, Some(Word::literal(&text))),
            // any other write to it: what it holds is no longer known
            _ => self.vars.remove(&key),
        };
    }

    /// `. FILE`, `source FILE`, `bash FILE`, `./FILE` of a file this script wrote with literal
    /// text: that text is judged too (the run of the file stays as it was judged: this only adds
    /// what the text does). `source` keeps the variables it sets; the others run in a child.
    pub(crate) fn run_written(&mut self, argv: &[Word], depth: usize) {
        let name = argv.first().and_then(Word::lit).unwrap_or("");
        // round 21: build files run by their runner (`src/flow21.rs`)
        self.run_written_build(name.rsplit('/').next().unwrap_or(name), argv, depth);
        // round 22: more files and runners (`src/flow22.rs`)
        self.run_written_more(name.rsplit('/').next().unwrap_or(name), argv, depth);
        self.run_substituted_script(name.rsplit('/').next().unwrap_or(name), argv, depth);
        let file = match name {
            "." | "source" => argv.get(1),
            _ if crate::programs::is_shell(name.rsplit('/').next().unwrap_or(name)) => argv
                .get(1)
                .filter(|w| !w.lit().is_some_and(|v| v.starts_with('-'))),
            _ => argv.first().filter(|_| name.contains('/')),
        };
        let key = file
            .and_then(Word::lit)
            .map(|f| written_key(self.cwd.as_deref(), f));
        let Some(Some(Some(text))) = key.map(|k| self.vars.get(&k).cloned()) else {
            return;
        };
        let Some(text) = text.lit().map(str::to_string) else {
            return;
        };
        let saved = (!matches!(name, "." | "source")).then(|| self.vars.clone());
        self.script(&text, depth + 1);
        if let Some(v) = saved {
            self.vars = v;
        }
    }
}

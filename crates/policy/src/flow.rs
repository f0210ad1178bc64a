//! Data flow inside a script: which variables hold a known value where they are used.
//!
//! A variable's value is known when every path to its use assigns a literal: straight-line
//! assignments (`F=x`, `export F=x`, `local`, `declare`, `readonly`) are followed; a value
//! assigned inside a construct that may not run (or may run more than once: `if`, `case`, loops,
//! the right of `&&`/`||`, pipeline stages, functions) is unknowable after it; `read`, `unset`,
//! `mapfile`, `getopts`, `printf -v` and dynamic values make it unknowable. A variable the
//! script never assigned comes from the environment: unknowable (except `HOME` and `PWD`).

use std::collections::HashSet;

use tree_sitter::Node;

use crate::shell::Analyser;
use crate::words::{Word, is_name};

/// At most this many values of a `for` loop are followed one by one.
const MAX_FOR_VALUES: usize = 16;

impl Analyser<'_, '_> {
    /// `PATH=/tmp/x` alone: the shell's own (exported) variable changes what later commands
    /// run, in this script and in a shell the agent keeps; `PATH=$PATH` changes nothing.
    pub(crate) fn sensitive_assignment(&mut self, node: Node<'_>, src: &str) {
        let text = &src[node.byte_range()];
        if let Some((name, value)) = text.split_once('=')
            && (crate::programs::sensitive_env(name) || crate::env22::prompt_runs(name, value))
            && !crate::values::keeps_own_value(name, value)
        {
            self.opaque(
                text,
                format!("sets {name}, which changes what later commands run"),
            );
            // `export PAGER='git push'`: what later commands may run is judged too
            self.env_commands(&[node], src, 0, &mut Vec::new(), &[]);
        }
    }

    /// `bash -n FILE` checks the syntax of FILE and runs nothing: a read of it.
    pub(crate) fn parsed_script(
        &mut self,
        name: &str,
        text: &str,
        argv: &[Word],
        file: Option<usize>,
    ) {
        self.parts
            .push(self.exec_part(crate::part::PartKind::Wrapper, text, argv));
        if let Some(w) = file.and_then(|i| argv.get(i)) {
            self.side_part(crate::part::PartKind::Read, name, text, w);
        }
    }

    /// Records `NAME=value` (a bare assignment or one in a declaration).
    pub(crate) fn assign(&mut self, node: Node<'_>, src: &str) {
        let Some(name) = node.child_by_field_name("name") else {
            return;
        };
        let name = &src[name.byte_range()];
        if !is_name(name) {
            // `a[1]=x`: an array element (known in an associative array)
            return self.assign_element(name, node.child_by_field_name("value"), src);
        }
        let text = &src[node.byte_range()];
        self.through_nameref(name);
        let value = match node.child_by_field_name("value") {
            None => Some(Word::literal("")),
            Some(v) if text.contains("+=") => return self.append(name, v, src),
            Some(v) if v.kind() == "array" => {
                self.assign_array(name, v, src);
                return;
            }
            Some(v) => {
                let w = self.word(v, src);
                // an assignment is not split or globbed: a pattern is a literal here
                match (w.value.clone(), &w.pattern) {
                    (Some(val), Some(_)) if !val.is_empty() => Some(Word::literal(&val)),
                    (Some(_), None) => Some(w),
                    _ => None,
                }
            }
        };
        let value = if self.unsure > 0 { None } else { value };
        self.vars.insert(name.to_string(), value);
        self.taint(name, text);
    }

    /// `a=(x y)`: the elements are known when every one is a literal (stored as `a[0]`,
    /// `a[1]`, ..., their count as `a[#]`, and `$a` as the first).
    fn assign_array(&mut self, name: &str, node: Node<'_>, src: &str) {
        if self.assoc_items(name, node, src) {
            return;
        }
        if let Some(words) = self.glob_elements(node, src) {
            // `a=(~/.ssh/id_*)`: the words as written (round 18, `src/arrayglobs.rs`)
            return self.record_globs(name, words);
        }
        let mut c = node.walk();
        let words: Option<Vec<Word>> = node
            .named_children(&mut c)
            .map(|ch| {
                let w = self.word(ch, src);
                w.lit().map(Word::literal)
            })
            .collect();
        let words = words.filter(|w| self.unsure == 0 && w.len() <= 64);
        self.set_list(&format!("{name}["), name, words);
    }

    /// Stores a list of known values (`set -- a b`, `a=(x y)`) or forgets it (`None`).
    pub(crate) fn set_list(&mut self, prefix: &str, first: &str, words: Option<Vec<Word>>) {
        let key = |i: usize| {
            if prefix.is_empty() {
                (i + 1).to_string()
            } else {
                format!("{prefix}{i}]")
            }
        };
        let count = if prefix.is_empty() {
            "#".to_string()
        } else {
            format!("{prefix}#]")
        };
        let Some(words) = words else {
            for i in 0..=64 {
                self.vars.insert(key(i), None);
            }
            self.vars.insert(count, None);
            if !first.is_empty() {
                self.vars.insert(first.to_string(), None);
            }
            return;
        };
        for (i, w) in words.iter().enumerate() {
            self.vars.insert(key(i), Some(w.clone()));
        }
        self.vars
            .insert(count, Some(Word::literal(&words.len().to_string())));
        if !first.is_empty() {
            let v = words.first().cloned().unwrap_or_else(|| Word::literal(""));
            self.vars.insert(first.to_string(), Some(v));
        }
    }

    /// `export X`, `local X`, `declare -a X`: a name without a value (or with options) stays
    /// as it was unless options change its meaning.
    pub(crate) fn declare(&mut self, node: Node<'_>, src: &str) {
        self.declare_case(node, src); // round 21: `declare -l/-u` (`src/flow21.rs`)
        let text = &src[node.byte_range()];
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            if ch.kind() == "variable_name" || ch.kind() == "word" {
                let n = &src[ch.byte_range()];
                if is_name(n) && (text.starts_with("local") || text.starts_with("declare")) {
                    self.vars.insert(n.to_string(), Some(Word::literal("")));
                }
            }
        }
        if text.contains(" -n ") || text.contains(" -a ") || text.contains(" -A ") {
            // namerefs and arrays: give up on every name declared here
            let mut c = node.walk();
            for ch in node.named_children(&mut c) {
                let n = ch
                    .child_by_field_name("name")
                    .map(|n| &src[n.byte_range()])
                    .unwrap_or(&src[ch.byte_range()]);
                // `declare -a a=(x *.rs)`: an indexed array assigned whole is what `assign` kept
                let whole = text.contains(" -a ")
                    && !text.contains(" -n ")
                    && !text.contains(" -A ")
                    && ch
                        .child_by_field_name("value")
                        .is_some_and(|v| v.kind() == "array");
                if is_name(n) && text.contains(" -n ") {
                    self.nameref(n, ch.child_by_field_name("value"), src);
                }
                if is_name(n) && !whole {
                    self.vars.insert(n.to_string(), None);
                    if text.contains(" -A ") {
                        let key = crate::fields::assoc_marker(n);
                        self.vars.insert(key, Some(Word::literal("")));
                    }
                }
            }
        }
    }

    /// Commands that set variables to values known only at run time.
    pub(crate) fn runtime_assign(&mut self, name: &str, argv: &[Word], input: Option<&str>) {
        // a literal here-string, here-document or format: the values are knowable
        let known = match name {
            "read" => crate::values::read(argv, input, self.read_ifs),
            "mapfile" | "readarray" => crate::values::mapfile(argv, input),
            "printf" => crate::values::printf_v(argv),
            _ => None,
        };
        if let Some(set) = known.filter(|_| self.unsure == 0) {
            match set {
                crate::values::Set::Vars(vs) => {
                    for (n, v) in vs {
                        self.vars.insert(n, Some(Word::literal(&v)));
                    }
                }
                crate::values::Set::Array(n, vs) => {
                    let words = vs.iter().map(|v| Word::literal(v)).collect();
                    self.set_list(&format!("{n}["), &n, Some(words));
                }
            }
            return;
        }
        let names: Vec<String> = match name {
            "read" | "unset" | "mapfile" | "readarray" | "getopts" => argv
                .iter()
                .skip(1)
                .filter_map(|w| w.lit())
                .filter(|v| is_name(v))
                .map(str::to_string)
                .collect(),
            "set" if lit_is(argv.get(1), "--") => {
                // `set -- a b`: the positional parameters
                let words: Option<Vec<Word>> = argv[2..]
                    .iter()
                    .map(|w| w.lit().map(Word::literal))
                    .collect();
                let words = words.filter(|w| self.unsure == 0 && w.len() <= 64);
                self.set_list("", "", words);
                return;
            }
            "shift" => {
                self.set_list("", "", None);
                return;
            }
            "printf" => argv
                .windows(2)
                .filter(|p| p[0].lit() == Some("-v"))
                .filter_map(|p| p[1].lit().map(str::to_string))
                .collect(),
            _ => return,
        };
        for n in names {
            self.vars.insert(n, None);
        }
        if matches!(name, "mapfile" | "readarray") {
            self.vars.insert("MAPFILE".into(), None);
        }
        if name == "read" {
            self.vars.insert("REPLY".into(), None);
        }
    }

    /// A construct whose parts may not run, or may run many times: every variable it assigns
    /// is unknowable inside it (before and after its assignment) and after it.
    pub(crate) fn unsure_block(&mut self, node: Node<'_>, src: &str, depth: usize) {
        if node.kind() == "case_statement" && self.literal_case(node, src, depth) {
            return;
        }
        let assigned = assigned_names(node, src);
        for n in &assigned {
            self.vars.insert(n.clone(), None);
        }
        self.unsure += 1;
        self.children(node, src, depth);
        self.unsure -= 1;
        for n in assigned {
            self.vars.insert(n, None);
        }
    }

    /// `a | b`: each stage runs in a subshell (what it assigns is unknowable after); a stage
    /// `xargs -0 CMD` after `find ROOT -name G -print0` gets the files find prints.
    pub(crate) fn pipeline(&mut self, node: Node<'_>, src: &str, depth: usize) {
        let assigned = assigned_names(node, src);
        // each stage runs in a subshell: the variables are as before the pipeline, after it
        let before = (!crate::flow16::lastpipe(src)).then(|| self.vars.clone());
        for n in &assigned {
            self.vars.insert(n.clone(), None);
        }
        self.unsure += 1;
        let mut c = node.walk();
        let mut printed = None;
        // `cat <<EOF | a | b`: the first stage reads what the here-document holds
        let mut text = self.piped_text.take();
        let mut tracked = false;
        for ch in node.named_children(&mut c) {
            let t = &src[ch.byte_range()];
            let mut words = t.split_whitespace();
            let to_xargs = words.next() == Some("xargs");
            // `git ls-files | xargs CMD`: tracked files, as `CMD $(git ls-files)` (no path)
            let from_git = std::mem::replace(&mut tracked, crate::outrare::tracked_stage(t));
            let null_input = words.any(|w| {
                w == "--null" || (w.starts_with('-') && !w.starts_with("--") && w.contains('0'))
            });
            // names are exact NUL-separated; other input xargs splits at blanks (a file `.env
            // x.rs` found by `-name '*.rs'` would give `xargs cat` the path `.env`): those words
            // are judged by the listing of find's start (`xsplit`)
            let carried = printed.take();
            self.piped = carried
                .clone()
                .filter(|_| to_xargs)
                .and_then(|(names, nul)| match (nul, null_input) {
                    (true, true) => Some(names),
                    (false, false) => Some(crate::xsplit::split_words(names)),
                    _ => None,
                })
                .or_else(|| (to_xargs && from_git).then(Vec::new));
            self.piped_text = text.take();
            self.remember_tee(ch, src); // round 22: `printf .. | tee FILE`
            // `find … | grep -v test | head -20 | xargs CMD`: a subset of the names, unchanged
            printed = self
                .find_prints(ch, src)
                .or_else(|| carried.filter(|(_, nul)| !*nul && crate::xsplit::keeps_lines(t)));
            text = self.text_prints(ch, src);
            self.walk(ch, src, depth);
            self.piped = None;
            self.piped_text = None;
        }
        self.unsure -= 1;
        for n in assigned {
            self.vars.insert(n, None);
        }
        if let Some(vars) = before {
            // round 22: files a stage wrote stay written (`printf .. | tee f`)
            let written = crate::flow22::written_entries(&self.vars);
            self.vars = vars;
            self.vars.extend(written);
        }
    }

    /// The text a stage prints when it is literal: `echo WORDS`, `printf FORMAT` without
    /// conversions, `cat` of a here-document or here-string.
    pub(crate) fn text_prints(&self, node: Node<'_>, src: &str) -> Option<String> {
        let mut c = node.walk();
        let (cmd, here) = match node.kind() {
            "command" => (node, None),
            "compound_statement" | "subshell" => return self.group_prints(node, src),
            "redirected_statement" => {
                let mut here = None;
                let mut cmd = None;
                for ch in node.named_children(&mut c) {
                    match ch.kind() {
                        "command" => cmd = Some(ch),
                        "herestring_redirect" => here = Some(self.herestring(ch, src)),
                        "heredoc_redirect" => {
                            let mut c2 = ch.walk();
                            let body = ch
                                .named_children(&mut c2)
                                .find(|b| b.kind() == "heredoc_body");
                            here = body.map(|b| src[b.byte_range()].to_string());
                        }
                        _ => return None,
                    }
                }
                (cmd?, Some(here?))
            }
            _ => return None,
        };
        let mut c = cmd.walk();
        let mut words = Vec::new();
        for ch in cmd.named_children(&mut c) {
            if ch.kind() == "variable_assignment" {
                // `FOO=1 echo x`: the environment does not change what echo prints
                continue;
            }
            let n = if ch.kind() == "command_name" {
                ch.named_child(0)?
            } else {
                ch
            };
            if ch.kind().ends_with("redirect") {
                return None;
            }
            words.push(self.word(n, src).lit()?.to_string());
        }
        crate::flow17::printer_output(&words, here)
    }

    /// The files a plain `find ...` stage prints, and whether it prints them NUL-separated.
    fn find_prints(&self, node: Node<'_>, src: &str) -> Option<(Vec<Word>, bool)> {
        if node.kind() != "command" {
            return None;
        }
        let mut c = node.walk();
        let argv: Vec<Word> = node
            .named_children(&mut c)
            .filter(|ch| !ch.kind().ends_with("redirect"))
            .map(|ch| match ch.kind() {
                "command_name" => ch
                    .named_child(0)
                    .map(|n| self.word(n, src))
                    .unwrap_or_else(|| self.word(ch, src)),
                _ => self.word(ch, src),
            })
            .collect();
        let nul = argv.iter().any(|w| w.lit() == Some("-print0"));
        let plain = crate::findprint::prints_found(&argv);
        plain.then(|| (crate::findprint::found(&argv), nul))
    }

    /// `a && b || c`: the first command always runs; the rest may not.
    pub(crate) fn list(&mut self, node: Node<'_>, src: &str, depth: usize) {
        let mut c = node.walk();
        let kids: Vec<Node<'_>> = node.named_children(&mut c).collect();
        let Some((first, rest)) = kids.split_first() else {
            return;
        };
        self.walk(*first, src, depth);
        let mut assigned = HashSet::new();
        for k in rest {
            assigned.extend(assigned_names(*k, src));
        }
        for n in &assigned {
            self.vars.insert(n.clone(), None);
        }
        self.unsure += 1;
        for k in rest {
            if k.kind() != "comment" {
                self.walk(*k, src, depth);
            }
        }
        self.unsure -= 1;
        for n in assigned {
            self.vars.insert(n, None);
        }
    }

    /// `for x in a b c; do ...; done`: the body is judged once per literal value (up to a
    /// bound), else with `x` unknowable.
    pub(crate) fn for_loop(&mut self, node: Node<'_>, src: &str, depth: usize) {
        let var = node
            .child_by_field_name("variable")
            .map(|n| src[n.byte_range()].to_string());
        let mut values = Vec::new();
        let mut c = node.walk();
        for v in node.children_by_field_name("value", &mut c) {
            // substitutions in the list run once, before the loop
            self.walk(v, src, depth);
            // `"${a[@]}"` and unquoted known values with blanks give several words
            values.extend(self.fields(v, src));
        }
        let Some(body) = node.child_by_field_name("body") else {
            return;
        };
        let Some(var) = var else {
            return self.unsure_block(body, src, depth);
        };
        let splits = values.iter().any(|w| {
            w.lit().is_some_and(|v| v.chars().any(char::is_whitespace))
                || (w.value.is_none() && w.pattern.is_none())
        });
        let has_list = node.child_by_field_name("value").is_some();
        let walks = body.byte_range().len().saturating_mul(values.len());
        if !has_list || splits || values.len() > MAX_FOR_VALUES || !self.spend(walks) {
            self.vars.insert(var.clone(), None);
            return self.unsure_block(body, src, depth);
        }
        if crate::flow17::runs_through(body, src) && values.iter().all(|w| w.lit().is_some()) {
            // the body runs once per value, in order: what it assigns is known after
            return self.for_through(&var, values, body, src, depth);
        }
        let saved = self.vars.clone();
        for w in values {
            self.vars = saved.clone();
            self.vars.insert(var.clone(), Some(w));
            self.unsure_block(body, src, depth);
        }
        self.vars.insert(var, None);
    }

    /// A function body runs whenever it is called: it is judged with the variables as they
    /// are where it is defined and again with every variable unknowable (the caller may have
    /// changed them); those it assigns are unknowable after. A function the shell surely
    /// defines is remembered, so that a call is judged by its body.
    pub(crate) fn function(&mut self, node: Node<'_>, src: &str, depth: usize) {
        if self.unsure == 0
            && surely_defined(node)
            && let (Some(name), Some(body)) = (
                node.child_by_field_name("name"),
                node.child_by_field_name("body"),
            )
        {
            // judged at its calls (`src/calls.rs`)
            let assigned = assigned_names(node, src).into_iter().collect();
            self.define(&src[name.byte_range()], &src[body.byte_range()], assigned);
            return;
        }
        let saved = self.vars.clone();
        let cwd = self.cwd.clone();
        // one run of the body is straight-line: what it assigns is known after, inside it.
        // That walk is paid from the budget (functions defined inside functions would double
        // the walks at every level); the walk with every variable unknowable always runs
        if self.spend(node.byte_range().len()) {
            self.children(node, src, depth);
        }
        self.vars.clear();
        self.cwd = cwd.clone();
        self.children(node, src, depth);
        self.cwd = cwd;
        self.vars = saved;
        for n in assigned_names(node, src) {
            self.vars.insert(n, None);
        }
    }
}

/// Whether a definition runs in the shell itself (not in a subshell, pipeline or
/// substitution, where the function is gone afterwards).
fn surely_defined(node: Node<'_>) -> bool {
    let mut n = node.parent();
    while let Some(p) = n {
        match p.kind() {
            "program" => return true,
            "compound_statement" | "redirected_statement" => {}
            _ => return false,
        }
        n = p.parent();
    }
    false
}

/// `IFS=... cmd`: `Some(true)` an empty IFS, `Some(false)` another one, `None` not set.
pub(crate) fn prefix_ifs(assigns: &[Node<'_>], src: &str) -> Option<bool> {
    assigns.iter().find_map(|a| {
        let v = src[a.byte_range()].strip_prefix("IFS=")?;
        Some(matches!(v, "" | "''" | "\"\""))
    })
}

/// Why environment assignments before a command make it opaque (`LD_PRELOAD=x cmd`), if they
/// do; `IFS= read -r x` does not (IFS only changes how `read` splits its line).
pub(crate) fn env_note(env: &[String], argv: &[Word]) -> Option<String> {
    let reads = argv.first().and_then(Word::lit) == Some("read");
    env.iter()
        .find(|n| crate::programs::sensitive_env(n) && !(reads && *n == "IFS"))
        .map(|n| format!("sets {n}, which changes what runs"))
}

fn lit_is(w: Option<&Word>, v: &str) -> bool {
    w.and_then(Word::lit) == Some(v)
}

/// Every variable name a subtree may assign.
pub(crate) fn assigned_names(node: Node<'_>, src: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut stack = vec![node];
    let mut budget = 10_000usize;
    while let Some(n) = stack.pop() {
        budget = budget.saturating_sub(1);
        if budget == 0 {
            break;
        }
        match n.kind() {
            "variable_assignment" => {
                if let Some(name) = n.child_by_field_name("name") {
                    let t = &src[name.byte_range()];
                    out.insert(t.split('[').next().unwrap_or(t).to_string());
                }
            }
            "for_statement" => {
                if let Some(v) = n.child_by_field_name("variable") {
                    out.insert(src[v.byte_range()].to_string());
                }
            }
            "command" => {
                // read X, unset X, mapfile X, printf -v X: any plain word could be a name
                let t = &src[n.byte_range()];
                let first = t.split_whitespace().next().unwrap_or("");
                if matches!(
                    first,
                    "read" | "unset" | "mapfile" | "readarray" | "getopts" | "printf"
                ) {
                    for w in t.split_whitespace().skip(1) {
                        if is_name(w) {
                            out.insert(w.to_string());
                        }
                    }
                }
            }
            _ => {}
        }
        let mut c = n.walk();
        for ch in n.children(&mut c) {
            stack.push(ch);
        }
    }
    out
}

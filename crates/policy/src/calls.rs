//! Functions the script surely defines (at its top level): a function's body is judged where it
//! runs, at each call, with the call's arguments as its positional parameters (`f() { cat "$1";
//! }; f ~/.ssh/id_rsa` reads the key; `show() { cat "$1"; }; show README.md` reads a source
//! file) and the variables as they are there. The globals it assigns are what the body leaves
//! them; names it declares `local` (or with `declare`/`typeset` without `-g`) keep their value
//! outside. A function never called directly (only through `trap`, `eval`, a nested shell or a
//! command name known at run time) is judged at the end of its script with every variable
//! unknowable, as before round 16.

use crate::part::PartKind;
use crate::shell::Analyser;
use crate::words::Word;

/// A function the script surely defines.
#[derive(Clone, Debug)]
pub(crate) struct Function {
    /// The body's text (`{ ...; }`).
    body: String,
    /// A call was judged (with its arguments).
    called: bool,
    /// Its body is being judged now (a recursive call is not followed again).
    active: bool,
}

/// Positional parameters the flow tracks (`$1` ... `$65`, `$#`).
fn positional_keys() -> impl Iterator<Item = String> {
    (1..=65).map(|i| i.to_string()).chain(["#".to_string()])
}

impl Analyser<'_, '_> {
    /// Remembers function `name` (surely defined at the top level) with its body, judged at
    /// its calls. Names its body assigns (not as locals) are unknowable from here on.
    pub(crate) fn define(&mut self, name: &str, body: &str, assigned: Vec<String>) {
        let locals = local_names(body);
        for n in assigned.into_iter().filter(|n| !locals.contains(n)) {
            self.vars.insert(n, None);
        }
        let f = Function {
            body: body.to_string(),
            called: false,
            active: false,
        };
        self.functions.insert(name.to_string(), f);
    }

    /// A call of a function defined above (`true`): its body runs with the call's arguments as
    /// its positional parameters.
    pub(crate) fn called(&mut self, name: &str, argv: &[Word], depth: usize, text: &str) -> bool {
        if name == "hash" && !self.functions.contains_key(name) {
            self.hash_builtin(text, argv); // round 22 (`src/hooks22.rs`)
            return true;
        }
        if !self.functions.contains_key(name) {
            return false;
        }
        let part = self.exec_part(PartKind::Wrapper, text, argv);
        self.parts.push(part);
        self.call(name, argv, depth, text);
        true
    }

    /// Judges the body of function `name` called with `argv` (the name first).
    pub(crate) fn call(&mut self, name: &str, argv: &[Word], depth: usize, text: &str) {
        let Some(f) = self.functions.get_mut(name) else {
            return;
        };
        f.called = true;
        if f.active {
            self.opaque(text, format!("`{name}` calls itself"));
            return;
        }
        f.active = true;
        let body = f.body.clone();
        let locals = local_names(&body);
        let saved: Vec<(String, Option<Option<Word>>)> = positional_keys()
            .chain(locals.iter().cloned())
            .map(|k| {
                let v = self.vars.get(&k).cloned();
                (k, v)
            })
            .collect();
        let args: Option<Vec<Word>> = argv[1..]
            .iter()
            .map(|w| w.lit().map(Word::literal))
            .collect();
        self.set_list("", "", args.filter(|a| a.len() <= 64));
        self.body(&body, depth);
        for (k, v) in saved {
            match v {
                Some(v) => self.vars.insert(k, v),
                None => self.vars.remove(&k),
            };
        }
        if let Some(f) = self.functions.get_mut(name) {
            f.active = false;
        }
    }

    /// Walks a whole script: functions belong to the shell that defines them.
    pub(crate) fn walk_script(&mut self, root: tree_sitter::Node<'_>, src: &str, depth: usize) {
        let outer = std::mem::take(&mut self.functions);
        self.walk(root, src, depth);
        self.uncalled(depth);
        self.functions = outer;
        if let Some(expanded) = crate::aliases::expand(src) {
            // aliases turned on: the script as bash reads it is judged too
            let saved = (self.vars.clone(), self.cwd.clone());
            self.script(&expanded, depth + 1);
            (self.vars, self.cwd) = saved;
        }
    }

    /// At the end of a script: the bodies of functions no call reached, judged with every
    /// variable unknowable (they may run through `trap`, `eval`, `export -f`).
    pub(crate) fn uncalled(&mut self, depth: usize) {
        let (vars, cwd) = (self.vars.clone(), self.cwd.clone());
        // a body may define more functions (then judged too)
        while let Some(f) = self.functions.values_mut().find(|f| !f.called) {
            f.called = true;
            let body = f.body.clone();
            self.vars.clear();
            self.body(&body, depth);
        }
        (self.vars, self.cwd) = (vars, cwd);
    }

    /// Walks a function body in the current shell (its functions stay visible).
    fn body(&mut self, body: &str, depth: usize) {
        if depth + 1 > crate::shell::MAX_DEPTH || !self.spend(body.len()) {
            self.opaque(
                body,
                "the function body is too deep or too long to analyse".into(),
            );
            return;
        }
        match crate::shparse::parse(body) {
            Some(tree) if !tree.root_node().has_error() => {
                self.walk(tree.root_node(), body, depth + 1)
            }
            _ => self.script(body, depth + 1),
        }
    }
}

/// Names a function body declares local to itself (`local X`, `declare X`, `typeset X`,
/// unless `-g`), read from the text: every plain name after such a word.
fn local_names(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    for stmt in body.split([';', '\n', '{', '}', '&', '|', '(', ')']) {
        let mut words = stmt.split_whitespace();
        let Some(first) = words.next() else { continue };
        if !matches!(first, "local" | "declare" | "typeset") {
            continue;
        }
        let rest: Vec<&str> = words.collect();
        if rest.iter().any(|w| w.starts_with('-') && w.contains('g')) {
            continue;
        }
        for w in rest {
            let n = w.split(['=', '[']).next().unwrap_or("");
            if crate::words::is_name(n) {
                out.push(n.to_string());
            }
        }
    }
    out
}

//! Round 18: arrays assigned with globs among their elements (`keys=(~/.ssh/id_*)`,
//! `fs+=(src/*.rs)`). The shell expands a glob when the array is assigned, into as many
//! elements as it matches, so the indices and the count after it are not known; but
//! `"${a[@]}"` is exactly the words as written, each glob expanded where it stands, and is
//! judged as them (`cat "${keys[@]}"` is `cat ~/.ssh/id_*`: deny). `$a` (`${a[0]}`) is the
//! first word (one of a glob's matches). Any other change to the array (`a[i]=v`, `unset`,
//! `read -a`, `a=x`) forgets the words; so does a `cd` between the assignment and the use.

use tree_sitter::Node;

use crate::shell::Analyser;
use crate::words::{Scope, Word, lookup};

/// At most this many words are kept (as for a literal array).
const MAX_WORDS: usize = 64;

/// The key of the `i`th word of `name`'s glob list (no variable name holds `\u{1}`).
fn word_key(name: &str, i: usize) -> String {
    format!("\u{1}globs:{name}[{i}]")
}

/// The key of the number of words in `name`'s glob list.
fn count_key(name: &str) -> String {
    format!("\u{1}globs:{name}[#]")
}

/// The key of the directory the glob list was assigned in (relative globs expand there).
fn cwd_key(name: &str) -> String {
    format!("\u{1}globs:{name}[cwd]")
}

/// A literal word, or a glob whose every piece is known (`src/*.rs`, `~/.ssh/id_*`); `None`
/// for a word with a value known only at run time.
fn element(w: Word) -> Option<Word> {
    match (&w.value, &w.pattern) {
        (Some(_), None) => w.lit().map(Word::literal),
        (Some(v), Some(_)) if !v.is_empty() => Some(w),
        _ => None,
    }
}

/// The words of `"${name[@]}"` when `name` holds a glob list still as it was assigned.
pub(crate) fn glob_list(name: &str, scope: &Scope<'_>) -> Option<Vec<Word>> {
    let vars = scope.vars?;
    let n: usize = match vars.get(&count_key(name)) {
        Some(Some(w)) => w.lit()?.parse().ok()?,
        _ => return None,
    };
    let words: Vec<Word> = (0..n.min(MAX_WORDS))
        .map(|i| vars.get(&word_key(name, i)).cloned().flatten())
        .collect::<Option<_>>()?;
    // `$a` still the first word and the count still forgotten: nothing changed the array since
    let first = matches!(lookup(name, scope), Some(Some(w)) if Some(&w) == words.first());
    let count = matches!(vars.get(&format!("{name}[#]")), Some(None));
    let cwd = match vars.get(&cwd_key(name)) {
        Some(Some(w)) => w.lit() == Some(scope.pwd.unwrap_or("")),
        _ => false,
    };
    (first && count && cwd).then_some(words)
}

impl Analyser<'_, '_> {
    /// The words of an array's value (`(a b ...)`), each a literal or a known glob, when at
    /// least one is a glob; `None` otherwise.
    pub(crate) fn glob_elements(&self, node: Node<'_>, src: &str) -> Option<Vec<Word>> {
        let mut c = node.walk();
        let words: Vec<Word> = node
            .named_children(&mut c)
            .map(|ch| element(self.word(ch, src)))
            .collect::<Option<_>>()?;
        let any_glob = words.iter().any(|w| w.pattern.is_some());
        (any_glob && self.unsure == 0 && words.len() <= MAX_WORDS).then_some(words)
    }

    /// Records `words` as `name`'s glob list: its indices and count forgotten, `$a` the first
    /// word.
    pub(crate) fn record_globs(&mut self, name: &str, words: Vec<Word>) {
        self.set_list(&format!("{name}["), name, None);
        let Some(first) = words.first().cloned() else {
            return;
        };
        for (i, w) in words.iter().enumerate() {
            self.vars.insert(word_key(name, i), Some(w.clone()));
        }
        let n = Word::literal(&words.len().to_string());
        self.vars.insert(count_key(name), Some(n));
        let cwd = Word::literal(self.cwd.as_deref().unwrap_or(""));
        self.vars.insert(cwd_key(name), Some(cwd));
        self.vars.insert(name.to_string(), Some(first));
    }

    /// The words `name` holds now, literal or globs, for `a+=(...)`: its glob list, or its
    /// literal elements.
    pub(crate) fn current_globs(&self, name: &str) -> Option<Vec<Word>> {
        let scope = Scope {
            home: self.ctx.home,
            pwd: self.cwd.as_deref(),
            vars: Some(&self.vars),
            top: Some(self.ctx.workspace),
        };
        glob_list(name, &scope)
    }
}

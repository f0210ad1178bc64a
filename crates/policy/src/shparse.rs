//! The tree-sitter-bash parser behind the shell analysis: one per thread, and only for text it
//! reads safely and fast (see [`parse`]).

use std::cell::RefCell;

use tree_sitter::{Parser, Tree};

thread_local! {
    /// One parser per thread: creating a tree-sitter parser costs more than parsing a command.
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
    /// The last texts parsed on this thread with their trees (see [`parse`]).
    static RECENT: RefCell<Recent> = const { RefCell::new(Recent { trees: Vec::new(), next: 0 }) };
}

/// How many recently parsed texts keep their trees.
const RECENT_TREES: usize = 32;

/// The last [`RECENT_TREES`] texts parsed and their trees, replaced round-robin. The analysis
/// parses the same text again and again (a nested shell's text within its own command and within
/// a larger one, the readings of text that does not parse); a tree-sitter tree is immutable and
/// its clone shares the nodes, so a stored tree serves as well as a new parse.
struct Recent {
    trees: Vec<(String, Tree)>,
    next: usize,
}

impl Recent {
    fn find(&self, src: &str) -> Option<Tree> {
        self.trees
            .iter()
            .find(|(text, _)| text == src)
            .map(|(_, tree)| tree.clone())
    }

    fn keep(&mut self, src: &str, tree: &Tree) {
        let entry = (src.to_string(), tree.clone());
        if self.trees.len() < RECENT_TREES {
            self.trees.push(entry);
        } else if let Some(slot) = self.trees.get_mut(self.next) {
            *slot = entry;
        }
        self.next = (self.next + 1) % RECENT_TREES;
    }
}

/// Whether tree-sitter-bash 0.25's scanner can read `src` safely: it calls C `isdigit` on the
/// character after `{` (and after `{N.` / `{N..`), which is undefined behaviour, and crashes,
/// for characters beyond ASCII. Such input is not parsed (it is `ask`).
fn scanner_safe(src: &str) -> bool {
    let b = src.as_bytes();
    for (i, _) in src.match_indices('{') {
        let mut j = i + 1;
        while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
            j += 1;
        }
        if j < b.len() && !b[j].is_ascii() {
            return false;
        }
    }
    true
}

/// The syntax tree of `src`, or `None` where tree-sitter-bash cannot read it safely (see
/// [`scanner_safe`]) or fast: text holding a NUL byte, on which its error recovery takes
/// milliseconds on a few hundred bytes (the shell analysis judges such text without parsing it).
pub(crate) fn parse(src: &str) -> Option<Tree> {
    if !scanner_safe(src) || src.contains('\0') {
        return None;
    }
    if let Some(tree) = RECENT.with(|r| r.borrow().find(src)) {
        return Some(tree);
    }
    let tree = PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut p = Parser::new();
            p.set_language(&tree_sitter_bash::LANGUAGE.into()).ok()?;
            *slot = Some(p);
        }
        slot.as_mut()?.parse(src, None)
    })?;
    RECENT.with(|r| r.borrow_mut().keep(src, &tree));
    Some(tree)
}

//! What one analysis may spend: walking a block again (a loop body per value, a function body
//! twice) is paid from the byte budget the command starts with, and a command is judged by at
//! most [`MAX_PARTS`] parts.

use tree_sitter::Node;

use crate::shell::Analyser;

/// At most this many parts of one command are judged.
const MAX_PARTS: usize = 4096;

impl Analyser<'_, '_> {
    /// A command that expands to more than [`MAX_PARTS`] parts (brace expansions of words
    /// that each start a command, multiplied) is judged by its first ones and one part that
    /// cannot be known (at most `ask`): judging every part against every rule took seconds.
    pub(crate) fn cap_parts(&mut self, command: &str) {
        if self.parts.len() > MAX_PARTS {
            self.parts.truncate(MAX_PARTS - 1);
            self.opaque(
                command,
                format!("the command expands to more than {MAX_PARTS} parts to judge"),
            );
        }
    }

    /// Walks `node` unless the command already has more parts than are judged.
    pub(crate) fn walk_unless_full(&mut self, node: Node<'_>, src: &str, depth: usize) {
        if self.parts.len() <= MAX_PARTS {
            self.walk(node, src, depth);
        }
    }

    /// Takes `bytes` from the analysis budget for walking a block once more (a loop body
    /// with one more value, a function body judged twice); `false`, taking nothing, when less
    /// is left: the caller then takes the path that assumes less.
    pub(crate) fn spend(&mut self, bytes: usize) -> bool {
        match self.budget.checked_sub(bytes) {
            Some(left) => {
                self.budget = left;
                true
            }
            None => false,
        }
    }
}

//! `while read -r X; do BODY; done <<< STRING` (round 13): a loop fed a literal here-string or
//! here-document runs its body once per line with the variables `read` sets known, like a `for`
//! loop over literal values; any other loop stays unknowable.

use tree_sitter::Node;

use crate::shell::Analyser;
use crate::words::Word;

/// At most this many input lines are followed one by one.
const MAX_LINES: usize = 16;

impl Analyser<'_, '_> {
    /// Judges `node` (a `while_statement`) fed `input`; `false` (nothing judged) when its
    /// condition is not one plain `read` command or the input has too many lines.
    pub(crate) fn while_read(
        &mut self,
        node: Node<'_>,
        src: &str,
        depth: usize,
        input: &str,
    ) -> bool {
        let (Some(cond), Some(body)) = (
            node.child_by_field_name("condition"),
            node.child_by_field_name("body"),
        ) else {
            return false;
        };
        let mut c = node.walk();
        let conditions = node
            .children_by_field_name("condition", &mut c)
            .filter(|n| n.is_named())
            .count();
        if cond.kind() != "command" || conditions != 1 {
            return false;
        }
        let mut argv = Vec::new();
        let mut assigns = Vec::new();
        let mut c = cond.walk();
        for ch in cond.named_children(&mut c) {
            match ch.kind() {
                // round 21: `while IFS= read -r f` (IFS only changes how `read` splits)
                "variable_assignment" if src[ch.byte_range()].starts_with("IFS=") => {
                    assigns.push(ch);
                }
                "command_name" => match ch.named_child(0) {
                    Some(n) => argv.push(self.word(n, src)),
                    None => return false,
                },
                "word" | "raw_string" | "string" => argv.push(self.word(ch, src)),
                _ => return false,
            }
        }
        let lines: Vec<&str> = input.lines().collect();
        if argv.first().and_then(Word::lit) != Some("read")
            || argv.iter().any(|w| w.lit().is_none())
            || lines.len() > MAX_LINES
            || !self.spend(body.byte_range().len().saturating_mul(lines.len()))
        {
            return false;
        }
        let saved = self.vars.clone();
        let ifs = crate::flow::prefix_ifs(&assigns, src);
        for line in lines {
            self.vars = saved.clone();
            self.read_ifs = ifs;
            self.runtime_assign("read", &argv, Some(line));
            self.unsure_block(body, src, depth);
        }
        // after the loop, `read` failed at the end of the input: unknowable
        self.runtime_assign("read", &argv, None);
        self.read_ifs = None;
        true
    }
}

//! Round 16: a command substitution whose output is literal text: `$(cat <<'EOF' ... EOF)`
//! (a quoted delimiter, or a body with no expansion) prints the here-document's body, so
//! `sh -c "$(cat <<'EOF' ⏎ git push ⏎ EOF ⏎ )"` runs `git push`. The value is the body without
//! its trailing newlines, as bash gives it. A group of literal printers (`{ echo git push; }`,
//! `(echo a; printf b)`) prints their texts one after the other.

use tree_sitter::Node;

use crate::shell::Analyser;

impl Analyser<'_, '_> {
    /// The text a `{ ...; }` or `( ... )` group prints when each of its commands prints literal
    /// text (`{ echo git push; } | sh`); `None` when one does not.
    pub(crate) fn group_prints(&self, node: Node<'_>, src: &str) -> Option<String> {
        let mut c = node.walk();
        let mut lines = Vec::new();
        for ch in node.named_children(&mut c) {
            if ch.kind() != "comment" {
                lines.push(self.text_prints(ch, src)?);
            }
        }
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

/// The text `$(...)`/`` `...` `` surely prints, if it is `cat` of one literal here-document.
pub(crate) fn printed(text: &str) -> Option<String> {
    let inner = text.strip_prefix("$(")?.strip_suffix(')')?.trim_start();
    let rest = inner.strip_prefix("cat")?.trim_start();
    let (strip_tabs, rest) = match rest.strip_prefix("<<-") {
        Some(r) => (true, r),
        None => (false, rest.strip_prefix("<<")?),
    };
    let (head, body) = rest.split_once('\n')?;
    let head = head.trim();
    let (delim, quoted) =
        if let Some(d) = head.strip_prefix('\'').and_then(|d| d.strip_suffix('\'')) {
            (d, true)
        } else if let Some(d) = head.strip_prefix('"').and_then(|d| d.strip_suffix('"')) {
            (d, true)
        } else {
            (head, false)
        };
    if delim.is_empty() || !delim.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let mut lines = Vec::new();
    let mut ended = false;
    for line in body.lines() {
        let line = if strip_tabs {
            line.trim_start_matches('\t')
        } else {
            line
        };
        if ended {
            // only blanks may follow the delimiter line inside the substitution
            if !line.trim().is_empty() {
                return None;
            }
            continue;
        }
        if line == delim {
            ended = true;
            continue;
        }
        lines.push(line);
    }
    let value = lines.join("\n");
    let expands = value.contains(['$', '`', '\\']);
    (ended && (quoted || !expands)).then(|| value.trim_end_matches('\n').to_string())
}

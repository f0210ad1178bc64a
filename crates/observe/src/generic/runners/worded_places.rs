//! A finding placed by words after its file and closed by its rule in parentheses (issue 16,
//! the `wild32` set's tuning half): `file:///w/a.ts: line 4, col 7 - Empty block statement
//! (no-empty)`, one finding a line with no severity word. It groups by its rule, so a rule
//! broken in every file folds after the group's first findings.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A grouped warning when `t` (the line without its indentation) is such a finding.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    rule(t).map(|_| sig(Kind::Warning, 0, true))
}

/// The rule of `FILE: line N, col M - MESSAGE (rule)`: a file token (a `/` or a `.` in it, no
/// blank), the line and column in words, a dash and a message, the rule in parentheses.
pub(crate) fn rule(t: &[u8]) -> Option<&[u8]> {
    let (before, rule) = crate::generic::reports::closing_rule(t.trim_ascii_end())?;
    let at = memchr::memmem::find(before, b": line ")?;
    let file = &before[..at];
    if file.is_empty()
        || memchr::memchr2(b' ', b'\t', file).is_some()
        || memchr::memchr2(b'/', b'.', file).is_none()
    {
        return None;
    }
    let rest = number(&before[at + 7..])?.strip_prefix(b", col ")?;
    let message = number(rest)?.strip_prefix(b" - ")?;
    (!message.trim_ascii().is_empty()).then_some(rule)
}

/// `rest` after its leading digits (one at least).
fn number(rest: &[u8]) -> Option<&[u8]> {
    let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    (n > 0).then(|| &rest[n..])
}

#[cfg(test)]
mod tests {
    use super::rule;
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A file, its line and column in words, a message and a rule: a grouped finding.
    #[test]
    fn a_finding_placed_in_words_names_its_rule() {
        let l = "file:///w/lintme/job03.ts: line 10, col 15 - Empty block statement (no-empty)";
        assert_eq!(kind(l), Some(Kind::Warning));
        assert_eq!(rule(l.as_bytes()), Some(&b"no-empty"[..]));
        assert_eq!(
            rule(b"src/a.ts: line 4, col 7 - `count` is never reassigned (prefer-const)"),
            Some(&b"prefer-const"[..])
        );
        assert_eq!(rule(b"src/a.ts: line 4, col 7 - (prefer-const)"), None);
        assert_eq!(rule(b"see the notes: line 4, col 7 - x (y)"), None);
        assert_eq!(rule(b"src/a.ts: line x, col 7 - m (r)"), None);
        assert_eq!(rule(b"src/a.ts: line 4, col 7 - m"), None);
    }
}

//! A result line closed by a failure mark instead of a word (issue 16, its WPT-style misses):
//! `http://127.0.0.1:8000/dom/a.html ... ❌`, `tests/a.test.ts ✗ (12ms)`: the subject (a name,
//! a path or a URL), a blank, the mark, and at most a duration in parentheses or brackets after
//! it. A line led by such a mark is read by `shapes::failure_glyph`.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The marks a runner closes a failed result with (a bullet or `×` alone are too common).
const MARKS: [&str; 6] = ["❌", "✗", "✘", "✖", "⨯", "✕"];

/// The last bytes such a line can end with: each mark's, a duration's `)` or `]`.
pub(super) const LAST: &[u8] = b")]\x8C\x97\x98\x96\xAF\x95";

/// A failure (keeping the indented lines under it that say why) when `t` (the line without its
/// indentation) is a subject, a blank and a failure mark, maybe a duration after it.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let body = without_duration(t.trim_ascii_end());
    // Most lines end in ASCII: one byte test before the marks.
    if body.last().is_none_or(u8::is_ascii) {
        return None;
    }
    let mark = MARKS.iter().find(|m| body.ends_with(m.as_bytes()))?;
    let before = &body[..body.len() - mark.len()];
    (before.last() == Some(&b' ') && before.iter().any(u8::is_ascii_alphanumeric)).then_some(sig(
        Kind::Failure,
        4,
        false,
    ))
}

/// `t` without a last `(12ms)`, `[0.53ms]`, `(1.2 s)`: a group of at most 16 bytes led by a
/// digit, after a blank.
fn without_duration(t: &[u8]) -> &[u8] {
    let open = match t.last() {
        Some(b')') => b'(',
        Some(b']') => b'[',
        _ => return t,
    };
    match memchr::memrchr(open, t) {
        Some(o)
            if t.len() - o <= 16
                && t.get(o + 1).is_some_and(u8::is_ascii_digit)
                && o > 0
                && t[o - 1] == b' ' =>
        {
            t[..o].trim_ascii_end()
        }
        _ => t,
    }
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A subject closed by a failure mark (a duration after it or not) is a failure; a pass
    /// mark, a mark glued to a word or alone, or a multiplication sign are not.
    #[test]
    fn a_result_closed_by_a_failure_mark() {
        assert_eq!(
            kind("http://127.0.0.1:8000/dom/nodes/case-037.html ... ❌"),
            Some(Kind::Failure)
        );
        assert_eq!(
            kind("/fetch/api/request-61.any.js ✗ (12ms)"),
            Some(Kind::Failure)
        );
        assert_eq!(kind("  parses dates ✘ [0.53ms]"), Some(Kind::Failure));
        assert_eq!(kind("http://127.0.0.1:8000/dom/case-036.html ... ✅"), None);
        assert_eq!(
            kind("http://127.0.0.1:8000/dom/case-036.html ... ✅ (3ms)"),
            None
        );
        assert_eq!(kind("name✗"), None);
        assert_eq!(kind("... ❌"), None);
        assert_eq!(kind("3 × 4"), None);
    }
}

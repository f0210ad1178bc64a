//! The two values a strict equality assertion found different, printed alone on a line (issue
//! 16, the `wild25` set's tuning half): `8 !== 9`, `'red' !== 'blue'` under `Expected values to
//! be strictly equal:`, also behind a parallel runner's `[name] ` prefix. Source code comparing
//! two expressions (`if (a !== b) {`) is not such a line: each side must be a plain value.

use super::bracket_prefixed;
use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The longest side read.
const MAX_SIDE: usize = 120;

/// A message when `t` (the line without its indentation, maybe behind a `[name] ` prefix) is
/// `VALUE !== VALUE`.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    // Most lines hold no `!`: one byte search before anything else.
    memchr::memchr(b'!', t)?;
    let t = bracket_prefixed::strip(t).unwrap_or(t);
    let at = memchr::memchr_iter(b'!', t)
        .find(|&i| i > 0 && t[i - 1] == b' ' && t[i + 1..].starts_with(b"== "))?
        - 1;
    let (left, right) = (&t[..at], &t[at + 5..]);
    (value(left) && value(right)).then_some(sig(Kind::Message, 0, false))
}

/// A printed value: a number, a quoted string or a word, not an expression or a statement.
fn value(side: &[u8]) -> bool {
    !side.is_empty()
        && side.len() <= MAX_SIDE
        && side.first().is_some_and(|b| !b.is_ascii_whitespace())
        && !side.iter().any(|&b| {
            matches!(
                b,
                b'(' | b')' | b'{' | b'}' | b';' | b'=' | b'&' | b'|' | b'<' | b'>'
            )
        })
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// Two plain values joined by `!==` are a message, prefixed or not; code is not.
    #[test]
    fn values_an_assertion_found_unequal() {
        assert_eq!(kind("54.6 !== 54"), Some(Kind::Message));
        assert_eq!(kind("'red' !== 'blue'"), Some(Kind::Message));
        assert_eq!(kind("[test-e] 8 !== 9"), Some(Kind::Message));
        assert_eq!(kind("  if (a !== b) {"), None);
        assert_eq!(kind("return x !== y;"), None);
        assert_eq!(kind("a !== "), None);
    }
}

//! An exception named by its class in parentheses at the end of its message, the way Crystal
//! and Ruby print an uncaught one: `Index out of bounds (IndexError)`, `undefined method 'x'
//! for nil (NoMethodError)`, `Negative amount (Ledger::ArgumentError)`.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A message when `t` ends in ` (Name)` where the last part of `Name` (after `::` or `.`) is a
/// capitalised identifier ending in `Error` or `Exception`.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let body = t.strip_suffix(b")")?;
    let open = memchr::memrchr(b'(', body)?;
    if open == 0 || body[open - 1] != b' ' || t.len() > 300 {
        return None;
    }
    let name = &body[open + 1..];
    let last = name
        .rsplit(|&b| b == b':' || b == b'.')
        .next()
        .unwrap_or(name);
    let class = last.first().is_some_and(u8::is_ascii_uppercase)
        && last.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
        && (last.ends_with(b"Error") || last.ends_with(b"Exception"))
        && name
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"_:.".contains(b));
    class.then_some(sig(Kind::Message, 2, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A message closed by its exception's class is a message; a class named in prose in
    /// parentheses mid-line, or a word that is no class, is not.
    #[test]
    fn a_message_closed_by_its_exception_class() {
        assert_eq!(
            kind("       Index out of bounds (IndexError)"),
            Some(Kind::Message)
        );
        assert_eq!(
            kind("Negative amount (Ledger::ArgumentError)"),
            Some(Kind::Message)
        );
        assert_eq!(kind("see the index (IndexTable)"), None);
        assert_eq!(kind("Value is (Maybe Int)"), None);
    }
}

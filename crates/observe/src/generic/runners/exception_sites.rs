//! An exception named with the place it was raised (issue 16, the `wild22` set's tuning half):
//! `CalledProcessError in file "/srv/flow/Snakefile", line 13:`. The exception's name glues the
//! severity word to an identifier, and the line has no `Name: message` shape, but it says
//! which exception happened where.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// An error when `t` (the line without its indentation) is an exception's name (a capitalised
/// identifier ending in `Error` or `Exception`), ` in `, and a place with `line N`.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if !t.first().is_some_and(u8::is_ascii_uppercase) {
        return None;
    }
    let n = t.iter().take_while(|b| b.is_ascii_alphanumeric()).count();
    let name = &t[..n];
    let rest = t[n..].strip_prefix(b" in ")?;
    if !(name.ends_with(b"Error") || name.ends_with(b"Exception")) || name.len() < 8 {
        return None;
    }
    let at = memchr::memmem::find(rest, b"line ")?;
    rest.get(at + 5)
        .is_some_and(u8::is_ascii_digit)
        .then_some(sig(Kind::Error, 6, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// An exception's name, then where it was raised, is an error; an exception named in a
    /// sentence with no line is not.
    #[test]
    fn an_exception_with_its_place() {
        let l = r#"CalledProcessError in file "/srv/flow/Snakefile", line 13:"#;
        assert_eq!(kind(l), Some(Kind::Error));
        assert_eq!(
            kind("WorkflowException in rule x, line 4 of a.smk"),
            Some(Kind::Error)
        );
        assert_eq!(kind("KeyError in the docs is explained below"), None);
    }
}

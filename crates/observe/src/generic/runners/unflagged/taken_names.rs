//! A name or number that cannot be used, said with no severity word (issue 16, the `wild27`
//! set's held-out half): `useradd: user 'heidi51' already exists`, `useradd: UID 3005 is not
//! unique`, `Depends: libfoo3 but it is not installable` (a package manager's unmet
//! dependency), each after a program's or a field's name and a colon.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// How such a message ends.
const ENDS: &[&[u8]] = &[
    b" already exists",
    b" is not unique",
    b" is not installable",
];

/// An error when `t` has a `name:` label before a message ending with one of [`ENDS`] (maybe
/// with a full stop).
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let t = t.strip_suffix(b".").unwrap_or(t);
    let end = ENDS.iter().find(|e| t.ends_with(e))?;
    let head = &t[..t.len() - end.len()];
    // `useradd:`, `Depends:`, `group docker:`: a label of one or two words before a colon.
    let label = memchr::memchr(b':', head).is_some_and(|c| {
        c > 0 && head.get(c + 1) == Some(&b' ') && head[..c].split(|&b| b == b' ').count() <= 2
    });
    (label && t.len() <= 200).then_some(sig(Kind::Error, 1, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A labelled message saying a name is taken or a package cannot be installed is an
    /// error; the phrase in prose with no label is not.
    #[test]
    fn a_name_that_cannot_be_used() {
        assert_eq!(
            kind("useradd: user 'heidi51' already exists"),
            Some(Kind::Error)
        );
        assert_eq!(kind("useradd: UID 3005 is not unique"), Some(Kind::Error));
        assert_eq!(
            kind("              Depends: libfoo3 but it is not installable"),
            Some(Kind::Error)
        );
        assert_eq!(kind("the directory already exists"), None);
    }
}

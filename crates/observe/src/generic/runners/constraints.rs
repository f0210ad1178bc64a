//! The side of a dependency conflict the project itself asked for (issue 16, the `wild20` set's
//! tuning half): `  werkzeug<2.0 (from project)` in a resolver's list of clashing requirements,
//! `And because your project depends on numpy<1.20 and pandas>=2.1, we can conclude that your`
//! at the end of its derivation. Of all the requirements a resolver names, the one the user
//! wrote is where to act (read as a warning, not a message: a line of a list whose other lines
//! say the same in other numbers is still kept), and so is what it says the project cannot
//! meet (`The current project's supported Python range (>=3.9,<4.0) is not compatible with …`,
//! an error; the held-out half). The rest of a resolver's trace is its record.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// `you`, found with one searcher built once.
static YOU: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"you"));

/// ` not compatible with `, found with one searcher built once.
static NOT_COMPATIBLE: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b" not compatible with "));

/// How a resolver says a requirement is the project's own, after `you`.
const AFTER_YOU: &[&[u8]] = &[b"r project depends on", b"r project requires", b" require "];

/// How a step of a resolver's derivation starts (`Because …`, `And because …`, `So, because
/// …`); only such a step is searched for `you`.
const STEPS: &[&[u8]] = &[
    b"Because ",
    b"And because ",
    b"So, because ",
    b"and because ",
];

/// A requirement the line attributes to the project or its user. `t` is the line without its
/// indentation.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if t.ends_with(b"(from project)") {
        return Some(sig(Kind::Warning, 0, false));
    }
    // Said as a sentence or a list's heading: most lines end otherwise.
    if matches!(t.last(), Some(b':' | b'.')) && NOT_COMPATIBLE.find(t).is_some() {
        return Some(sig(Kind::Error, 0, false));
    }
    if !STEPS.iter().any(|w| t.starts_with(w)) {
        return None;
    }
    let mut from = 0;
    while let Some(i) = YOU.find(&t[from..]) {
        let at = from + i;
        let word_start = at == 0 || !t[at - 1].is_ascii_alphanumeric();
        if word_start && AFTER_YOU.iter().any(|w| t[at + 3..].starts_with(w)) {
            return Some(sig(Kind::Warning, 0, false));
        }
        from = at + 3;
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// The project's own requirement in a conflict is kept; the others, and `you` in other
    /// words, are not this.
    #[test]
    fn the_projects_own_side_of_a_dependency_conflict() {
        assert_eq!(kind("  libfoo<2.0 (from project)"), Some(Kind::Warning));
        let why = "   And because your project depends on alpha<1.2 and beta>=3, we can conclude that your";
        assert_eq!(kind(why), Some(Kind::Warning));
        let req = "Because you require gamma==1.0 and delta<2, we can conclude that they clash.";
        assert_eq!(kind(req), Some(Kind::Warning));
        assert_eq!(kind("  libfoo>=3.0.0 (from other@3.0.0)"), None);
        assert_eq!(
            kind("  Adding requirement libfoo>=3.1 (from other 3.1.2)"),
            None
        );
        assert_eq!(kind("Thank you for required reading of the project"), None);
        assert_eq!(kind("layout require gamma"), None);
        assert_eq!(kind("Thank you: your project depends on nothing"), None);
        let range =
            "The project's supported range (>=3.9) is not compatible with some requirements:";
        assert_eq!(kind(range), Some(Kind::Error));
        assert_eq!(kind("compatible with every platform"), None);
    }
}

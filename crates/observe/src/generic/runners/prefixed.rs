//! A stack frame a workspace runner printed behind the name of the package and script it ran
//! (issue 16, the `wild20` set's tuning half): `packages/report build:     at Object.<anonymous>
//! (/w/packages/report/build.js:2:11)`. The prefix is one or two tokens, the last ending in `:`;
//! the script's own line follows it with its indentation. Such a frame is read as if the runner
//! had not prefixed it: a frame of the project's own code is kept.

use crate::generic::{Signal, blank, shapes};
use crate::rules::Kind;

/// `:  `, a prefix's colon then the line's own indentation, found with one searcher built once.
static COLON_INDENT: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b":  "));

/// The frame after a runner's prefix, as the core reads it unprefixed. `t` is the line without
/// its indentation.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    // A frame ends with its location: most lines end otherwise.
    if !matches!(t.last(), Some(b')' | b'0'..=b'9')) {
        return None;
    }
    let head = &t[..t.len().min(80)];
    let colon = COLON_INDENT.find(head)?;
    let prefix = &t[..colon];
    if prefix.is_empty()
        || prefix.iter().filter(|&&b| b == b' ').count() > 1
        || prefix
            .iter()
            .any(|&b| matches!(b, b'(' | b'"' | b'\'' | b'[' | b'\t'))
    {
        return None;
    }
    frame_after(&t[colon + 1..])
}

/// The frame a prefix was stripped from (`rest`: what follows the prefix), as the core reads an
/// unprefixed line: an `at …` line the shapes take for a frame.
pub(super) fn frame_after(rest: &[u8]) -> Option<Signal> {
    let rest = rest.trim_ascii_start();
    if !rest.starts_with(b"at ") {
        return None;
    }
    shapes::shape(rest, rest, blank(rest), false).filter(|s| s.kind == Kind::Frame)
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A prefixed frame of the project's code is kept; a library's, or text that only looks
    /// prefixed, is not.
    #[test]
    fn frames_behind_a_workspace_runners_prefix() {
        let own = "packages/api test:     at Object.<anonymous> (/w/packages/api/index.js:2:11)";
        assert_eq!(kind(own), Some(Kind::Frame));
        let two = "web:build:     at render (/srv/app/src/page.js:14:3)";
        assert_eq!(kind(two), Some(Kind::Frame));
        let lib =
            "packages/api test:     at Module._compile (node:internal/modules/cjs/loader:1521:14)";
        assert_eq!(kind(lib), None);
        assert_eq!(kind("packages/api test:     at rest, 3 of 4 pages"), None);
        assert_eq!(
            kind("a long sentence here:     at noon (see page 2:11)"),
            None
        );
    }
}

//! A finding titled by its rule's name led by pointer glyphs, the file named on the line above
//! and the message, the severity and the source lines indented under it (issue 16, the
//! `wild18` set's held-out half), as a boxed scan report prints it:
//!
//! ```text
//!     app/m04.py
//!     ❯❱ requests-no-timeout
//!           HTTP call without a timeout
//!            10┆ return requests.get(url)
//! ```

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Pointer glyphs that lead such a title (`❯`, `❱`, `›`, `»`, `▶`, `►`, `→`), each three bytes
/// in UTF-8 but `»` (two).
const POINTERS: &[&str] = &["❯", "❱", "›", "»", "▶", "►", "→"];

/// Whether `t` (the line without its indentation) is one to four pointer glyphs, a blank and
/// a rule's name: three to 100 bytes of lower-case letters, digits, `-`, `_`, `.` or `/`,
/// with a `-`, `_` or `.` among them (a name of one plain word is a heading).
#[inline]
pub(crate) fn title(t: &[u8]) -> bool {
    matches!(t.first(), Some(0xC2 | 0xE2)) && pointed(t)
}

/// [`title`] of a line led by a byte a pointer glyph starts with.
fn pointed(t: &[u8]) -> bool {
    let mut rest = t;
    let mut glyphs = 0;
    while let Some(p) = POINTERS.iter().find(|p| rest.starts_with(p.as_bytes())) {
        rest = &rest[p.len()..];
        glyphs += 1;
    }
    let Some(name) = rest.strip_prefix(b" ") else {
        return false;
    };
    (1..=4).contains(&glyphs)
        && (3..=100).contains(&name.len())
        && name.iter().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_' | b'.' | b'/')
        })
        && name.iter().any(|b| matches!(b, b'-' | b'_' | b'.'))
        && name[0].is_ascii_alphabetic()
}

/// How many lines above a warning `t` (without its indentation) to keep: 1, the file, when it
/// is a pointed rule's title.
pub(crate) fn pull(t: &[u8], kind: Kind) -> u8 {
    u8::from(kind == Kind::Warning && title(t))
}

/// The title's signal: a warning grouped by its rule (beyond the group's limit the findings of
/// one rule fold), its severity, message, blank and first source line kept under it.
#[inline]
pub(in crate::generic) fn shape(t: &[u8]) -> Option<Signal> {
    title(t).then(|| sig(Kind::Warning, 4, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(line: &str) -> bool {
        title(line.trim_ascii_start().as_bytes())
    }

    #[test]
    fn rule_names_led_by_pointers() {
        assert!(kept("    ❯❱ requests-no-timeout"));
        assert!(kept("   ❯❯❱ sql-string-format"));
        assert!(kept("     ❱ debug-enabled"));
        assert!(kept("» python.lang.security.audit.eval-detected"));
    }

    #[test]
    fn prompts_and_plain_words_are_not_rules() {
        assert!(!kept("❯ npm test"));
        assert!(!kept("❯ build"));
        assert!(!kept("→ Done-With It"));
        assert!(!kept("> some-rule"));
        assert!(!kept("❯❱"));
    }
}

//! A bundler's notice told by its mark, not by a severity word (issue 16, the `wild25` set's
//! held-out half): a line led by `(!) ` (`(!) Some chunks are larger than 500 kB after
//! minification.`) or by a bracketed upper-case code with an underscore
//! (`[INEFFECTIVE_DYNAMIC_IMPORT] src/a.js is dynamically imported …`) is a warning; a code
//! naming an error (`[PARSE_ERROR] Unterminated string`) is an error.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The longest code read.
const MAX_CODE: usize = 48;

/// The signal of `t` (the line without its indentation) when a notice mark leads it.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if t.starts_with(b"(!) ") && t.len() > 4 {
        return Some(sig(Kind::Warning, 2, true));
    }
    let close = t.iter().take(MAX_CODE + 2).position(|&b| b == b']')?;
    let code = t.strip_prefix(b"[")?.get(..close - 1)?;
    let coded = code.len() > 2
        && code.contains(&b'_')
        && code.first().is_some_and(u8::is_ascii_uppercase)
        && code
            .iter()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_');
    if !coded || t.get(close + 1) != Some(&b' ') || t.len() <= close + 2 {
        return None;
    }
    let error = code
        .split(|&b| b == b'_')
        .any(|w| w == b"ERROR" || w == b"FATAL");
    Some(if error {
        sig(Kind::Error, 6, true)
    } else {
        sig(Kind::Warning, 2, true)
    })
}

#[cfg(test)]
mod tests {
    use super::shape;
    use crate::rules::Kind;

    fn kind(line: &str) -> Option<Kind> {
        shape(line.as_bytes()).map(|s| s.kind)
    }

    /// `(!) ` and a bracketed code are notices; a code naming an error is an error; a bracketed
    /// word without an underscore (`[INFO]`, a name) is not.
    #[test]
    fn notices_told_by_their_mark() {
        assert_eq!(
            kind("(!) Some chunks are larger than 500 kB"),
            Some(Kind::Warning)
        );
        assert_eq!(
            kind("[UNUSED_IMPORT] a.js imports b but never uses it"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("[PARSE_ERROR] Unterminated string"), Some(Kind::Error));
        assert_eq!(kind("[INFO] building"), None);
        assert_eq!(kind("[build-f] done"), None);
        assert_eq!(kind("[A_B]"), None);
        assert_eq!(kind("(!)"), None);
    }
}

//! JavaScript string primitives: whitespace, trimming, `\n` splitting.

/// Whether `c` is JavaScript whitespace (`\s`, `trim`): includes U+FEFF, excludes U+0085 and U+180E.
pub fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{9}'..='\u{d}'
            | ' '
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
            | '\u{feff}'
    )
}

/// JavaScript `String.prototype.trim`.
pub fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_whitespace)
}

/// JavaScript `String.prototype.trimEnd`.
pub fn js_trim_end(s: &str) -> &str {
    s.trim_end_matches(is_js_whitespace)
}

/// The regex character class source for JavaScript whitespace (for use inside `[...]`).
pub const JS_WHITESPACE_CLASS: &str = r"\x{9}-\x{d}\x{20}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_set_matches_javascript() {
        assert!(is_js_whitespace('\u{feff}'));
        assert!(!is_js_whitespace('\u{85}'));
        assert!(!is_js_whitespace('\u{180e}'));
        assert_eq!(js_trim("\u{3000} a \u{feff}"), "a");
        assert_eq!(js_trim("\u{85}a"), "\u{85}a");
        assert_eq!(js_trim_end("  a \n"), "  a");
    }
}

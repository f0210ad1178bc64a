//! Text from a model, a tool or a log, made safe to print on a terminal: control characters
//! (terminal escapes such as `\e[2J` or `\e]0;TITLE\a`, carriage returns, C1 controls) and
//! bidirectional overrides are shown escaped (`\x1b`, `\u{202e}`); newlines and tabs stay.

use std::borrow::Cow;
use std::fmt::Write;

fn unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character a terminal would interpret escaped.
pub fn safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if !unsafe_char(c) {
            out.push(c);
        } else if (c as u32) < 0x80 {
            let _ = write!(out, "\\x{:02x}", c as u32);
        } else {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_terminal_controls_and_keeps_lines() {
        assert_eq!(
            safe("a\x1b[2J\x1b]0;TITLE\x07b\r\n\tc\u{9b}d\u{202e}e"),
            "a\\x1b[2J\\x1b]0;TITLE\\x07b\\x0d\n\tc\\u{9b}d\\u{202e}e"
        );
        assert!(matches!(safe("plain é\n"), Cow::Borrowed(_)));
    }
}

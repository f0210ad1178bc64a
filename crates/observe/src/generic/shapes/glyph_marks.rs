//! Findings told by a mark glyph instead of a word (issue 16, the `wild25` set's tuning half): a
//! line led by a warning sign (`⚠ eslint(no-var): Unexpected var, use let or const instead.`,
//! `⚠️ A require call resolved to an ESM JavaScript file …`) is a warning, and a row of a
//! box-drawn table with a cell led by a failure mark (`│ node16 │ ❌ No types │ 🟢 (JSON) │`) is
//! an error.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The warning sign (U+26A0), alone or with its emoji selector (U+FE0F) after it.
const WARNING_SIGN: &[u8] = "⚠".as_bytes();
const EMOJI_SELECTOR: &[u8] = "\u{FE0F}".as_bytes();

/// A box-drawing cell border (`│`, `┃`).
const BORDERS: [&str; 2] = ["│", "┃"];

/// The marks a cell of a result table starts with when its check failed.
const FAILED_CELL_MARKS: [&str; 6] = ["❌", "💀", "✗", "✖", "✘", "⛔"];

/// The signal of `t` (a line without its indentation, led by a byte of 0x80 or more) when a
/// mark glyph makes it a finding: a test runner's failure mark ([`super::failure_glyph`]), a
/// warning sign, a failed table cell. Out of line: few lines start with such a byte.
#[inline(never)]
pub(in crate::generic) fn shape(t: &[u8]) -> Option<Signal> {
    if super::failure_glyph(t) {
        return Some(sig(Kind::Failure, 4, false));
    }
    if warning_sign(t) {
        return Some(sig(Kind::Warning, 2, true));
    }
    failed_cell(t).then_some(sig(Kind::Error, 0, false))
}

/// `⚠ text`, `⚠️ text`: the warning sign, a blank, then the message.
fn warning_sign(t: &[u8]) -> bool {
    let Some(rest) = t.strip_prefix(WARNING_SIGN) else {
        return false;
    };
    let rest = rest.strip_prefix(EMOJI_SELECTOR).unwrap_or(rest);
    rest.first() == Some(&b' ') && rest.get(1).is_some_and(|b| !b.is_ascii_whitespace())
}

/// `│ node10 │ ❌ No types │`: a table row (led by a border) with a cell led by a failure mark.
fn failed_cell(t: &[u8]) -> bool {
    let Some(border) = BORDERS.iter().find(|b| t.starts_with(b.as_bytes())) else {
        return false;
    };
    let Ok(row) = std::str::from_utf8(t) else {
        return false;
    };
    row.split(border).any(|cell| {
        FAILED_CELL_MARKS
            .iter()
            .any(|m| cell.trim_start().starts_with(m))
    })
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A warning sign leading a line is a warning; the sign inside a sentence, or a sign with
    /// nothing after it, is not.
    #[test]
    fn a_line_led_by_a_warning_sign_is_a_warning() {
        let finding = "  ⚠ lint(rule-name): Identifier 'x' is imported but never used.";
        assert_eq!(kind(finding), Some(Kind::Warning));
        let emoji = "⚠️ A call resolved to a module of the other format, an error in some loaders.";
        assert_eq!(kind(emoji), Some(Kind::Warning));
        assert_eq!(kind("⚠"), None);
        assert_eq!(kind("  ⚠   "), None);
        assert_eq!(kind("the sign ⚠ marks a note"), None);
    }

    /// A row of a box-drawn table with a failed cell is an error; a row of passing cells is not.
    #[test]
    fn a_table_row_with_a_failed_cell_is_an_error() {
        let failed = "│ node16 (from CJS) │ ❌ No types │ 🟢 (JSON)              │";
        assert_eq!(kind(failed), Some(Kind::Error));
        let dead = "│ node10            │ 🟢          │ 💀 Resolution failed   │";
        assert_eq!(kind(dead), Some(Kind::Error));
        assert_eq!(
            kind("│ bundler           │ 🟢          │ 🟢 (JSON)              │"),
            None
        );
        assert_eq!(kind("│ name │ value with ❌ inside │"), None);
    }
}

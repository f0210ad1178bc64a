//! An error code in kebab case standing as a cell of a report (issue 16, the `wild22` set's
//! tuning half): `│ 41  │ 5  │ constraint-error │ The cell "None" in row …`, `  parse-error  line 3`.
//! A severity word glued after a hyphen is part of a name (`http-errors`, `on-error.js`) unless
//! the whole blank-delimited token is a lower-case code ending in the singular `-error`.

/// Whether the severity word at `line[s..e]` closes a kebab-case code standing alone: the word
/// is `error` after a hyphen, the token it ends runs from a blank (or the line's start) over
/// lower-case letters and hyphens (two parts at least) to a blank that a second blank, a box
/// rule or the line's end follows.
pub(super) fn code(line: &[u8], s: usize, e: usize) -> bool {
    if s < 2 || line[s - 1] != b'-' || !line[s..e].eq_ignore_ascii_case(b"error") {
        return false;
    }
    let head = &line[..s - 1];
    let n = head
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_lowercase() || **b == b'-')
        .count();
    let start = head.len() - n;
    let lead = start == 0 || head[start - 1] == b' ';
    let tail = match line.get(e..) {
        None | Some([]) => true,
        Some([b' ', b' ' | 0xe2, ..]) => true,
        _ => false,
    };
    n >= 2 && head[start].is_ascii_lowercase() && line[s..e] == *b"error" && lead && tail
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A kebab-case error code standing as a cell is an error; the same word inside a package
    /// or file name, or glued to more text, is not.
    #[test]
    fn kebab_error_codes_in_cells() {
        let row =
            "│ 41  │ 5     │ constraint-error │ The cell \"None\" in row at position \"41\" and │";
        assert_eq!(kind(row), Some(Kind::Error));
        assert_eq!(kind("  blank-header-error   line 3"), Some(Kind::Error));
        assert_eq!(kind("added http-errors 2.0.0"), None);
        assert_eq!(kind("├── make-error@1.3.6"), None);
        assert_eq!(kind("loading on-error-retry module"), None);
    }
}

//! An error code in kebab case standing as a cell of a report (issue 16, the `wild22` set's
//! tuning half): `│ 41  │ 5  │ constraint-error │ The cell "None" in row …`, `row 3  parse-error  line 3`.
//! A severity word glued after a hyphen is part of a name (`http-errors`, `on-error.js`) unless
//! the whole blank-delimited token is a lower-case code ending in the singular `-error`, set
//! off as a cell of a row.

/// Whether the severity word at `line[s..e]` closes a kebab-case code standing as a cell: the
/// word is `error` after a hyphen, the token it ends runs over lower-case letters and hyphens
/// (two parts at least) from a blank after another cell (two blanks or a box rule `│` before
/// it, and text before those), to two blanks or a blank and a box rule.
pub(super) fn code(line: &[u8], s: usize, e: usize) -> bool {
    if s < 2 || line[s - 1] != b'-' || line[s..e] != *b"error" {
        return false;
    }
    let head = &line[..s - 1];
    let n = head
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_lowercase() || **b == b'-')
        .count();
    let start = head.len() - n;
    let before = head[..start].trim_ascii_end();
    let cell = start >= 2
        && head[start - 1] == b' '
        && (head[start - 2] == b' ' || head[start - 2] == 0x82)
        && !before.is_empty();
    let tail = matches!(line.get(e..), Some([b' ', b' ' | 0xe2, ..]));
    n >= 2 && head[start].is_ascii_lowercase() && cell && tail
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
        assert_eq!(
            kind("row 3   blank-header-error   header"),
            Some(Kind::Error)
        );
        assert_eq!(kind("gpg-error"), None);
        assert_eq!(kind("  gpg-error   1.46"), None);
        assert_eq!(kind("added http-errors 2.0.0"), None);
        assert_eq!(kind("├── make-error@1.3.6"), None);
        assert_eq!(kind("loading on-error-retry module"), None);
    }
}

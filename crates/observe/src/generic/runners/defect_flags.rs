//! A report's field saying its subject is damaged (issue 16, the `wild23` set's tuning half):
//! `IsTruncated                              : Yes` among a media file's hundred fields, the
//! only one saying the file is cut.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Words of a label naming a defect of what the report is about.
const DEFECTS: &[&[u8]] = &[
    b"truncated",
    b"corrupt",
    b"damaged",
    b"broken",
    b"incomplete",
];

/// A warning when `t` (the line without its indentation) is a field whose label (one word,
/// maybe quoted or camel-cased: `IsTruncated`, `"corrupted"`) names a defect, then `:` or `=`
/// and `yes` or `true` (any case, maybe quoted): the flag is set.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    // Most lines end otherwise: `yes`, `true`, maybe quoted.
    if t.len() > 120 || !matches!(t.last(), Some(b's' | b'S' | b'e' | b'E' | b'"')) {
        return None;
    }
    let v = t.strip_suffix(b"\"").unwrap_or(t);
    let at = v.len().checked_sub(4)?;
    let head = if v[at..].eq_ignore_ascii_case(b"true") {
        &v[..at]
    } else if v[at + 1..].eq_ignore_ascii_case(b"yes") {
        &v[..at + 1]
    } else {
        return None;
    };
    let head = head.strip_suffix(b"\"").unwrap_or(head).trim_ascii_end();
    let label = head
        .strip_suffix(b":")
        .or_else(|| head.strip_suffix(b"="))?
        .trim_ascii_end();
    let label = label.strip_suffix(b"\"").unwrap_or(label);
    let label = label.strip_prefix(b"\"").unwrap_or(label);
    let named = label.len() <= 32
        && label
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'_')
        && DEFECTS
            .iter()
            .any(|d| label.windows(d.len()).any(|w| w.eq_ignore_ascii_case(d)));
    named.then_some(sig(Kind::Warning, 0, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A set flag naming a defect is a warning; the flag unset, or a label naming no defect,
    /// is data.
    #[test]
    fn fields_flagging_a_damaged_subject() {
        assert_eq!(
            kind("IsTruncated                              : Yes"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("\"corrupted\": true"), Some(Kind::Warning));
        assert_eq!(kind("  incomplete = TRUE"), Some(Kind::Warning));
        assert_eq!(kind("IsTruncated : No"), None);
        assert_eq!(kind("IsStreamable : Yes"), None);
        assert_eq!(kind("the file is truncated: yes"), None);
    }
}

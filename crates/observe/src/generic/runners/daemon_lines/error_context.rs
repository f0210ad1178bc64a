//! Lines that place or explain the error printed next to them, with no severity word (issue
//! 16, the `wild28` set's tuning half: database and daemon tools):
//!
//! - what the tool was processing when the error under it happened, said after the tool's
//!   name with `from` or `while`: `loader: from TOC entry 233; 1259 16480 TABLE t07 owner`,
//!   `loader: while PROCESSING TOC:` (a location);
//! - the statement the error above it ran, restated under a label: `Command was: CREATE SCHEMA
//!   sales;`, `Query was: LOCK TABLE public.secrets` (a message);
//! - a detail under an error behind a bracketed label saying so: `[additional info] Reading
//!   key 'user:2751'` (a message).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The longest program name read before `: from ` / `: while ` (with its colon).
const NAME_MAX: usize = 41;

/// The longest label word before ` was: `.
const LABEL_MAX: usize = 12;

/// Bracketed labels (lower case) that say a line adds detail to a message.
const DETAIL_LABELS: &[&[u8]] = &[
    b"additional info",
    b"additional information",
    b"detail",
    b"details",
    b"context",
];

/// `name: from …` / `name: while …` (`head` the line's first word, `rest` the line from the
/// blank after it): a program's name (letters, digits, `_.-`) and a colon, then the object it
/// was processing.
pub(super) fn origin(head: &[u8], rest: &[u8]) -> Option<Signal> {
    let name = &head[..head.len() - 1];
    let named = head.len() <= NAME_MAX
        && !name.is_empty()
        && name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'));
    let said = rest.starts_with(b" from ") || rest.starts_with(b" while ");
    (named && said && rest.len() > 13).then_some(sig(Kind::Location, 0, false))
}

/// `Command was: …` (`head` the first word, `rest` the line from the blank after it): one
/// capitalised word, then ` was: ` and the statement.
pub(super) fn restated(head: &[u8], rest: &[u8]) -> Option<Signal> {
    let word = (4..=LABEL_MAX).contains(&head.len())
        && head[0].is_ascii_uppercase()
        && head.iter().all(u8::is_ascii_alphabetic);
    let statement = rest.strip_prefix(b" was: ")?;
    (word && !statement.trim_ascii().is_empty()).then_some(sig(Kind::Message, 0, false))
}

/// `[additional info] …`: a bracketed label of [`DETAIL_LABELS`] and the detail after it.
pub(super) fn detail(t: &[u8]) -> Option<Signal> {
    let close = memchr::memchr(b']', &t[..t.len().min(32)])?;
    let label = &t[1..close];
    let rest = t[close + 1..].trim_ascii();
    (DETAIL_LABELS.iter().any(|d| d.eq_ignore_ascii_case(label)) && !rest.is_empty())
        .then_some(sig(Kind::Message, 0, false))
}

#[cfg(test)]
mod tests {
    use super::super::shape;
    use crate::rules::Kind;

    fn kind(line: &str) -> Option<Kind> {
        shape(line.trim_ascii_start().as_bytes()).map(|s| s.kind)
    }

    /// The object being processed, said after the program's name, is a location.
    #[test]
    fn what_a_tool_was_processing() {
        let at = "loader: from TOC entry 233; 1259 16480 TABLE t07_orders owner";
        assert_eq!(kind(at), Some(Kind::Location));
        assert_eq!(kind("loader: while PROCESSING TOC:"), Some(Kind::Location));
        assert_eq!(kind("the data came from the cache"), None);
        assert_eq!(kind("loader: fromage"), None);
        assert_eq!(kind("a b: from here on"), None);
    }

    /// A statement restated under a `… was:` label is a message.
    #[test]
    fn the_statement_an_error_ran() {
        let was = "Command was: CREATE TABLE sales.t07_orders (";
        assert_eq!(kind(was), Some(Kind::Message));
        assert_eq!(
            kind("Query was: LOCK TABLE public.secrets"),
            Some(Kind::Message)
        );
        assert_eq!(kind("It was: fine"), None);
        assert_eq!(kind("Command was:"), None);
        assert_eq!(kind("Command is: ls"), None);
        assert_eq!(kind("command was: ls"), None);
    }

    /// A detail behind a bracketed label saying so is a message; other brackets are not.
    #[test]
    fn a_bracketed_detail() {
        let info = "[additional info] Reading key 'user:2751'";
        assert_eq!(kind(info), Some(Kind::Message));
        assert_eq!(kind("[Detail] table t07 was locked"), Some(Kind::Message));
        assert_eq!(kind("[info] 690 keys read"), None);
        assert_eq!(kind("[additional info]"), None);
    }
}

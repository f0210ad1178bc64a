//! A located message led by a word saying what is wrong, with no severity word (issue 16, the
//! `wild23` set's held-out half): `./report.tex:37: Undefined control sequence.`, `a.tex:54:
//! Missing $ inserted.`, `a.tex:54: Extra }, or forgotten $.` — a document compiler's errors
//! printed `file:line: message`. A `grep -n` line quotes source or prose, which rarely opens
//! with one of these words capitalised.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The capitalised words that open a message about a defect.
const LEADS: &[&[u8]] = &[
    b"Undefined",
    b"Missing",
    b"Extra",
    b"Unknown",
    b"Invalid",
    b"Illegal",
    b"Unexpected",
    b"Duplicate",
    b"Unterminated",
    b"Unbalanced",
];

/// An error when `rest` (a line's text after its `path:N:` location) opens with a word of
/// [`LEADS`] followed by a blank, and is a short message (at most 160 bytes).
#[inline]
pub(in crate::generic) fn shape(rest: &[u8]) -> Option<Signal> {
    if !rest.first().is_some_and(u8::is_ascii_uppercase) || rest.len() > 160 {
        return None;
    }
    let word = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    (rest.get(word) == Some(&b' ') && LEADS.contains(&&rest[..word])).then_some(sig(
        Kind::Error,
        2,
        true,
    ))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A located message opened by a defect word is an error; a located line of source or
    /// prose, or the word in lower case or inside a name, is a listing's.
    #[test]
    fn located_messages_opened_by_a_defect() {
        assert_eq!(
            kind("./report.tex:37: Undefined control sequence."),
            Some(Kind::Error)
        );
        assert_eq!(kind("doc.tex:54: Missing $ inserted."), Some(Kind::Error));
        assert_eq!(
            kind("doc.tex:54: Extra }, or forgotten $."),
            Some(Kind::Error)
        );
        assert_eq!(kind("src/a.py:12:     missing = []"), None);
        assert_eq!(kind("README.md:3: Missingno is a library"), None);
        assert_eq!(kind("notes.txt:9: The extra step runs last."), None);
    }
}

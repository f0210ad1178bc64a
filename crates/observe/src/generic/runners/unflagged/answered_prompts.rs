//! A question a checker asks about each problem it finds, answered `No` by its read-only mode
//! (issue 16, the `wild27` set's held-out half): `pwck -r` prints `duplicate password entry`,
//! then `delete line 'dave25:x:2025:…'? No`, which names the entry the problem is about. The
//! problem's own line is led by a word of trouble (`duplicate …`, `no matching …`).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A message when `t` ends with `? No` after a question of at least two words.
#[inline]
pub(super) fn answered(t: &[u8]) -> Option<Signal> {
    // In lower case (`Clear? no`) it is a repair question's, told by `runners::prompts`.
    let q = t.strip_suffix(b"? No")?;
    (q.contains(&b' ') && t.len() <= 300).then_some(sig(Kind::Message, 0, true))
}

/// An error when `t` opens with `duplicate ` or `no matching ` and is a short message (at most
/// 8 words): the problem a checker's question is about.
#[inline]
pub(super) fn problem(t: &[u8]) -> Option<Signal> {
    let lead = t.starts_with(b"duplicate ") || t.starts_with(b"no matching ");
    (lead && t.split(|&b| b == b' ').count() <= 8 && !t.ends_with(b":")).then_some(sig(
        Kind::Error,
        1,
        true,
    ))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A checker's problem and its question answered `No` are kept; a question asked and not
    /// answered, or a sentence about duplicates, is not.
    #[test]
    fn a_problem_and_its_question_answered_no() {
        assert_eq!(kind("duplicate password entry"), Some(Kind::Error));
        assert_eq!(
            kind("no matching password file entry in /etc/shadow"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("delete line 'peggy13:x:2013:'? No"),
            Some(Kind::Message)
        );
        assert_eq!(kind("Continue?"), None);
        assert_eq!(
            kind("duplicate lines are removed by the sort step and kept in a side file for later"),
            None
        );
    }
}

//! What a checker asks and answers itself, and an error said after `!` (issue 16, the
//! `wild19` set's held-out half): a repair question answered on its line (`Inode 14 has imagic
//! flag set.  Clear? no`, `… should be 3.  Fix? yes`), each a finding whatever the answer; and a
//! line led by `! ` and a capital (`! Undefined control sequence.`), an error in TeX's and other
//! tools' manner. (The same half's phrases of the word scan, `illegal`, `impossible to`,
//! `premature end`, and a severity word leading a line before `--` are tested here too.)

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// An error after `! ` (`t`, the line without its indentation, starts with `!`).
pub(super) fn bang(t: &[u8]) -> Option<Signal> {
    bang_error(t).then(|| sig(Kind::Error, 2, true))
}

/// A repair question answered (`t` ends with `o` or `s`, in either case).
pub(super) fn answer(t: &[u8]) -> Option<Signal> {
    // The question mark three or four bytes from the end first: most lines have none there.
    let n = t.len();
    let at = |i: usize| n >= i && t[n - i] == b'?';
    ((at(4) || at(5)) && answered(t)).then(|| sig(Kind::Error, 0, true))
}

/// `Fix? no`, `Clear? yes` ending the line: a capitalised verb of a repair, a question mark and
/// the answer, after the finding the question is about.
fn answered(t: &[u8]) -> bool {
    let Some(q) = t
        .strip_suffix(b"? no")
        .or_else(|| t.strip_suffix(b"? yes"))
        .or_else(|| t.strip_suffix(b"? NO"))
        .or_else(|| t.strip_suffix(b"? YES"))
    else {
        return false;
    };
    let verb = q
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    let start = q.len() - verb;
    (3..=12).contains(&verb)
        && q[start].is_ascii_uppercase()
        && start >= 2
        && q[..start].ends_with(b" ")
        && q[..start].trim_ascii_end().len() > 8
}

/// `! Undefined control sequence.`, `! LaTeX Error: File x.sty not found.`: `! ` and a capital
/// letter (`! [rejected]` and `!important` are other things).
fn bang_error(t: &[u8]) -> bool {
    t.len() > 6 && t[1] == b' ' && t[2].is_ascii_uppercase() && t[3].is_ascii_alphabetic()
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A repair question answered on the line of its finding is an error; a question alone, a
    /// question in prose or a yes/no field is not this.
    #[test]
    fn repair_questions_answered_on_their_line() {
        assert_eq!(
            kind("Inode 14 has imagic flag set.  Clear? no"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("Inode 52, i_blocks is 5725, should be 3.  Fix? yes"),
            Some(Kind::Error)
        );
        assert_eq!(kind("Fix? no"), None);
        assert_eq!(kind("Is this the right answer? no"), None);
        assert_eq!(kind("  recursive: no"), None);
    }

    /// A line led by `! ` and a capital is an error; other lines led by `!` are not this.
    #[test]
    fn errors_said_after_a_bang() {
        assert_eq!(kind("! Undefined control sequence."), Some(Kind::Error));
        assert_eq!(kind("! Missing $ inserted."), Some(Kind::Error));
        assert_eq!(kind("!important"), None);
        assert_eq!(kind("! 3 items"), None);
    }

    /// The word scan's phrases read from the same half, whatever the tool.
    #[test]
    fn illegal_impossible_and_premature_things() {
        assert_eq!(
            kind("Illegal block #0 (774712363) in inode 14.  IGNORED."),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("[concat @ 0x5] Impossible to open 'a.mp4'"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("x: Premature end of JPEG file `a.jpg'"),
            Some(Kind::Error)
        );
        assert_eq!(kind("Warning--empty year in tier3"), Some(Kind::Warning));
        assert_eq!(kind("see the illegal_moves table"), None);
        assert_eq!(kind("--warning--x"), None);
    }
}

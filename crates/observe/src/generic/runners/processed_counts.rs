//! A count of what a run over many inputs did, with no word the scan knows (issue 16, the
//! `wild23` set's tuning half): `17 file(s) have been processed.` — the number of inputs a
//! batch tool went through, the line that says the run reached its end.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Past participles not in `-ed` that end such a count.
const IRREGULAR: &[&[u8]] = &[
    b"read", b"built", b"written", b"sent", b"found", b"made", b"done",
];

/// A summary when `t` (the line without its indentation) is a number, one to three words
/// naming what was counted (the last a plural or ending in `(s)`), maybe `have been`, `has
/// been`, `were` or `was`, and a past participle (in `-ed`, or one of [`IRREGULAR`]) ending the
/// line (a final `.` allowed): `17 file(s) have been processed.`, `40 images optimized`, `58
/// image files read`. A sentence saying more is not one.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if !t.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let n = t.iter().take_while(|b| b.is_ascii_digit()).count();
    if n == 0 || n > 9 || t.len() > 120 || t.get(n) != Some(&b' ') {
        return None;
    }
    let rest = t[n + 1..].strip_suffix(b".").unwrap_or(&t[n + 1..]);
    let words: Vec<&[u8]> = rest.split(|&b| b == b' ').collect();
    let (&verb, nouns) = words.split_last()?;
    let nouns = match nouns {
        [head @ .., b"have" | b"has", b"been"] => head,
        [head @ .., b"were" | b"was"] => head,
        _ => nouns,
    };
    let plural = nouns
        .last()
        .is_some_and(|w| w.ends_with(b"(s)") || w.ends_with(b"s"));
    let lower = |w: &[u8]| !w.is_empty() && w.iter().all(u8::is_ascii_lowercase);
    (plural
        && (1..=3).contains(&nouns.len())
        && nouns
            .iter()
            .all(|w| lower(w.strip_suffix(b"(s)").unwrap_or(w)))
        && ((verb.len() >= 4 && verb.ends_with(b"ed")) || IRREGULAR.contains(&verb))
        && lower(verb))
    .then_some(sig(Kind::Summary, 0, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A count of inputs and what was done to them is a summary; a number in a sentence, a
    /// singular or a count with no verb is not.
    #[test]
    fn counts_of_processed_inputs() {
        assert_eq!(kind("17 file(s) have been processed."), Some(Kind::Summary));
        assert_eq!(kind("40 images optimized"), Some(Kind::Summary));
        assert_eq!(kind("3 source files were converted"), Some(Kind::Summary));
        assert_eq!(kind("   58 image files read"), Some(Kind::Summary));
        assert_eq!(kind("1 file opened"), None);
        assert_eq!(kind("7 day forecast issued"), None);
        assert_eq!(kind("2 of them said it worked"), None);
        assert_eq!(kind("2021 Files Archived"), None);
    }
}

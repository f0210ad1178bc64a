//! The legend of a `+`/`-` difference that names the side each sign marks, on one line (issue
//! 16, the `wild32` set's tuning half): `+ actual - expected` (Node's `assert` under `Expected
//! values to be strictly deep-equal:`), `- expected + actual`. The difference is the paragraph
//! below it, after a blank line.

/// The words naming a side.
const SIDES: &[&[u8]] = &[b"actual", b"expected", b"received"];

/// Whether `line` is `SIGN WORD SIGN WORD` with the two signs `+` and `-` and two different
/// side words (any case), nothing else.
pub(crate) fn legend(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    if t.len() > 40 || !matches!(t.first(), Some(b'+' | b'-')) {
        return false;
    }
    let mut words = t.split(|&b| b == b' ').filter(|w| !w.is_empty());
    let (Some(s1), Some(w1), Some(s2), Some(w2), None) = (
        words.next(),
        words.next(),
        words.next(),
        words.next(),
        words.next(),
    ) else {
        return false;
    };
    let side = |w: &[u8]| SIDES.iter().position(|s| w.eq_ignore_ascii_case(s));
    matches!((s1, s2), (b"+", b"-") | (b"-", b"+"))
        && side(w1).zip(side(w2)).is_some_and(|(a, b)| a != b)
}

#[cfg(test)]
mod tests {
    use super::legend;

    /// Two signs, two side words: a legend; a diff line or a sentence is not.
    #[test]
    fn a_legend_names_both_sides() {
        assert!(legend(b"+ actual - expected"));
        assert!(legend(b"- Expected + Received"));
        assert!(legend(b"  - expected  + actual"));
        assert!(!legend(b"+ actual + expected"));
        assert!(!legend(b"- expected - expected"));
        assert!(!legend(b"+ '2026-04-02'"));
        assert!(!legend(b"- Expected  - 1"));
        assert!(!legend(b"+ actual - expected value"));
    }
}

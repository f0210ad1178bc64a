//! What a consistency checker says it found, with no word the scan knows (issue 16, the
//! `wild19` set's tuning half): a finding led by `bad` (`bad agbno 0 for btbno root`), the
//! repair a dry run would make (`would reset bad sb for ag 1`), a recorded value its recount
//! contradicts (`agf_freeblks 20437, counted 0 in ag 0`), and a thing said to be unexpected
//! (`End of system activity file unexpected`).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// One of the shapes of this module, of [`levels`](super::levels) or of
/// [`prompts`](super::prompts), told by the line's first and last bytes in one match (inlined
/// into the caller: most lines are none, and leave without a call). `line` is the whole line,
/// `t` the line without its indentation.
#[inline]
pub(super) fn shape(line: &[u8], t: &[u8]) -> Option<Signal> {
    let (&first, &last) = (t.first()?, t.last()?);
    match (first, last) {
        (b'!', _) => super::prompts::bang(t),
        (b'0'..=b'9', _) => super::levels::shape(t),
        (b'b' | b'B' | b'w', _)
        | (b'a'..=b'z', b'0'..=b'9')
        | (_, b'd' | b'D' | b'o' | b's' | b'O' | b'S') => worded(line, t, first, last),
        _ => None,
    }
}

/// [`shape`] of a line whose first or last byte may start or end one of the worded shapes.
fn worded(line: &[u8], t: &[u8], first: u8, last: u8) -> Option<Signal> {
    let unindented = line.len() == t.len();
    match (first, last) {
        (b'b' | b'B', _) if unindented && led_by_bad(t) => Some(sig(Kind::Error, 2, true)),
        (b'w', _) if unindented && dry_repair(t) => Some(sig(Kind::Warning, 0, true)),
        (b'a'..=b'z', b'0'..=b'9') if unindented && recounted(t) => Some(sig(Kind::Error, 0, true)),
        (_, b'd' | b'D') if ends_unexpected(t) => Some(sig(Kind::Error, 2, true)),
        (_, b'o' | b's' | b'O' | b'S') => super::prompts::answer(t),
        _ => None,
    }
}

/// `bad levels 0 for btbno root`, `Bad magic number in super-block`: the word `bad` (in any
/// case) leading the line, then a word.
fn led_by_bad(t: &[u8]) -> bool {
    t.get(..4).is_some_and(|w| w.eq_ignore_ascii_case(b"bad "))
        && t.get(4).is_some_and(u8::is_ascii_alphabetic)
}

/// `would reset bad sb for ag 1`, `would clear inode 131`: `would` leading the line, then a
/// lower-case verb (what a checker run without changing anything would have repaired).
fn dry_repair(t: &[u8]) -> bool {
    let Some(rest) = t.strip_prefix(b"would ") else {
        return false;
    };
    let verb = rest.iter().take_while(|b| b.is_ascii_lowercase()).count();
    verb >= 3 && rest.get(verb) == Some(&b' ') && !matches!(&rest[..verb], b"you" | b"have" | b"be")
}

/// `agf_freeblks 20437, counted 0 in ag 0`, `sb_icount 64, counted 128`: a field's name (a
/// word of letters, digits and `_`), its recorded number, then `, counted` and another number.
fn recounted(t: &[u8]) -> bool {
    let name = t
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    let Some(rest) = t[name..].strip_prefix(b" ") else {
        return false;
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let Some(after) = rest[digits..].strip_prefix(b", counted ") else {
        return false;
    };
    let again = after.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && again > 0 && rest[..digits] != after[..again]
}

/// `End of system activity file unexpected`, `token unexpected`: the word `unexpected` ending
/// the line after a blank (an outcome said of what came before it).
fn ends_unexpected(t: &[u8]) -> bool {
    const WORD: &[u8] = b" unexpected";
    t.len() > WORD.len() && t[t.len() - WORD.len()..].eq_ignore_ascii_case(WORD)
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A finding led by `bad` is an error; `bad` inside a sentence or indented is not this.
    #[test]
    fn findings_led_by_bad() {
        assert_eq!(
            kind("bad agbno 0 for btbcnt root, agno 3"),
            Some(Kind::Error)
        );
        assert_eq!(kind("Bad magic number in super-block"), Some(Kind::Error));
        assert_eq!(kind("the bad news is below"), None);
        assert_eq!(kind("  bad ones: 3"), None);
        assert_eq!(kind("badge printed"), None);
    }

    /// What a dry run would repair is a warning; `would you …` and `would be …` are prose.
    #[test]
    fn repairs_a_dry_run_would_make() {
        assert_eq!(kind("would reset bad sb for ag 2"), Some(Kind::Warning));
        assert_eq!(kind("would clear inode 4131"), Some(Kind::Warning));
        assert_eq!(kind("would you like to continue"), None);
        assert_eq!(kind("would be nice"), None);
        assert_eq!(kind("it would clear the cache"), None);
    }

    /// A recorded count contradicted by a recount is an error; other `, counted` phrases and
    /// numbers alone are not this.
    #[test]
    fn recorded_values_a_recount_contradicts() {
        assert_eq!(kind("sb_ifree 61, counted 58"), Some(Kind::Error));
        assert_eq!(kind("agi_count 64, counted 0 in ag 1"), Some(Kind::Error));
        assert_eq!(kind("votes 12, counted by hand"), None);
        assert_eq!(kind("total 12, counted 12"), None);
        assert_eq!(kind("  sb_ifree 61, counted 58"), None);
    }

    /// A line ending in `unexpected` is an error; the word inside a line is not this.
    #[test]
    fn things_said_to_be_unexpected() {
        assert_eq!(kind("End of record stream unexpected"), Some(Kind::Error));
        assert_eq!(kind("Token ')' UNEXPECTED"), Some(Kind::Error));
        assert_eq!(kind("unexpected"), None);
        assert_eq!(kind("nothing unexpected happened"), None);
    }
}

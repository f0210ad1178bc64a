//! Outcomes said in plain words, with no word the scan knows (issue 16, the `wild17` set's
//! held-out half): a checker's short `… OK` verdict (`Configuration file OK.`), a line led by
//! `Result`/`Verdict`/`Outcome` and a separator (`Result - Optimal solution found`), and a count
//! of the work done (`processed 158 files, 2.1 MiB in 0:00`, `3 snapshots` alone on a line).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// One of the shapes, told by the line's first and last bytes first: most lines are none.
/// `line` is the whole line, `t` the line without its indentation.
pub(super) fn shape(line: &[u8], t: &[u8]) -> Option<Signal> {
    let hit = match (t.first()?, t.last()?) {
        (b'0'..=b'9', b'a'..=b'z') => line.len() == t.len() && bare_count(t),
        (_, b'K' | b'.' | b'!') if ok_verdict(t) => true,
        (b'R' | b'V' | b'O', _) => labelled_result(t),
        (b'a'..=b'z' | b'A'..=b'Z', _) => done_work(t),
        _ => false,
    };
    hit.then(|| sig(Kind::Summary, 0, false))
}

/// `Loaded services file OK.`, `Syntax OK`: two to six words of letters, the first
/// capitalised, the last `OK` (a `.` or `!` may end the line). A dotted name (`db.t  OK`), a
/// bracketed status (`[ OK ]`) or a row leader (`test_a ... OK`) is a row of a listing.
fn ok_verdict(t: &[u8]) -> bool {
    let body = t
        .strip_suffix(b".")
        .or_else(|| t.strip_suffix(b"!"))
        .unwrap_or(t);
    let Some(head) = body.strip_suffix(b" OK") else {
        return false;
    };
    let words = head.split(|&b| b == b' ').count() + 1;
    (2..=6).contains(&words)
        && head.first().is_some_and(u8::is_ascii_uppercase)
        && head.iter().all(|b| b.is_ascii_alphabetic() || *b == b' ')
        && memchr::memmem::find(head, b"  ").is_none()
}

/// `Result - Optimal solution found`, `Verdict: PASS`, `Outcome = failed`: the word `Result`,
/// `Results`, `Verdict` or `Outcome` leading the line, then `:`, ` -` or ` =` and a word. A
/// column of aligned results (`Result     Valid: 200 OK`) has no separator after the word.
fn labelled_result(t: &[u8]) -> bool {
    let word = t.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    if !matches!(&t[..word], b"Result" | b"Results" | b"Verdict" | b"Outcome") {
        return false;
    }
    let rest = &t[word..];
    let rest = [&b":"[..], b" -", b" ="]
        .iter()
        .find_map(|sep| rest.strip_prefix(*sep));
    rest.map(<[u8]>::trim_ascii_start)
        .is_some_and(|r| r.first().is_some_and(u8::is_ascii_alphabetic))
}

/// `processed 158 files, 2.170 MiB in 0:00`, `Checked 6 files`: a past participle leading the
/// line, a number, then a plural noun (the count of what was done).
fn done_work(t: &[u8]) -> bool {
    // The participle's end and the digit after it first: most lines fail here.
    let Some(sp) = first_blank(t) else {
        return false;
    };
    let (verb, rest) = (&t[..sp], &t[sp + 1..]);
    if sp < 5 || !verb.ends_with(b"ed") || !rest.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let Some(after) = rest[digits..].strip_prefix(b" ") else {
        return false;
    };
    let noun = after.split(|&b| b == b' ').next().unwrap_or(after);
    let noun = noun.strip_suffix(b",").unwrap_or(noun);
    verb[1..].iter().all(u8::is_ascii_lowercase) && plural(noun)
}

/// Where the first space among the first 16 bytes of `t` is.
fn first_blank(t: &[u8]) -> Option<usize> {
    crate::generic::find2(&t[..t.len().min(16)], b' ', b' ')
}

/// `1 snapshots`, `12 archives`: an unindented line of a number and a plural noun only.
fn bare_count(t: &[u8]) -> bool {
    let digits = t.iter().take_while(|b| b.is_ascii_digit()).count();
    t[digits..].strip_prefix(b" ").is_some_and(plural)
}

/// A lower-case word of three or more letters ending in one `s`.
fn plural(w: &[u8]) -> bool {
    w.len() >= 4 && w.iter().all(u8::is_ascii_lowercase) && w.ends_with(b"s") && !w.ends_with(b"ss")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(line: &str) -> bool {
        shape(line.as_bytes(), line.trim_ascii_start().as_bytes()).is_some()
    }

    #[test]
    fn short_ok_verdicts() {
        assert!(kept("Loaded services file OK."));
        assert!(kept("Syntax OK"));
        assert!(kept("Configuration file OK!"));
        assert!(!kept("OK"));
        assert!(!kept("db.users    OK"));
        assert!(!kept("test_parse ... OK"));
        assert!(!kept("[ OK ]"));
        assert!(!kept("one two three four five six seven OK"));
        assert!(!kept("all is well, OK"));
    }

    #[test]
    fn labelled_results() {
        assert!(kept("Result - Optimal solution found"));
        assert!(kept("Verdict: PASS"));
        assert!(kept("Outcome = failed"));
        assert!(!kept("Result     Valid: 200 OK"));
        assert!(!kept("Result: 42"));
        assert!(!kept("Resulting file: a.out"));
    }

    #[test]
    fn counts_of_work_done() {
        assert!(kept("processed 158 files, 2.170 MiB in 0:00"));
        assert!(kept("Checked 6 files"));
        assert!(kept("1 snapshots"));
        assert!(!kept("      3 snapshots"));
        assert!(!kept("1 snapshot"));
        assert!(!kept("12 class"));
        assert!(!kept("processed the files"));
        assert!(!kept("red 3 apples"));
        assert!(!kept("Processed 7 file.txt"));
        for (line, at) in [
            (&b"processed 1 x"[..], Some(9)),
            (b"0123456789abcde xx", Some(15)),
            (b"0123456789abcdef x", None),
            (b"a b", Some(1)),
        ] {
            assert_eq!(first_blank(line), at);
        }
    }
}

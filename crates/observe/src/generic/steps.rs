//! Lines an error or a message points back to: a probe that answered no or a traced call that
//! returned nothing right above an error, and the two halves of an assertion's comparison
//! (`expected 3, got 4`, `Difference (- actual, + expected):`).

use super::ident;

mod diff_legends;
mod last_words;
pub(crate) use last_words::opens_traceback;

/// After an `expected`: whether the line goes on to say what came instead (`expected 3, got
/// 4`, `expected -3 but received 3`, `expected x, actual y`, `expected:<3> but was:<4>`,
/// `expected +0 to be 1`).
pub(super) fn compared(rest: &[u8]) -> bool {
    [
        &b" got "[..],
        b" got: ",
        b" received ",
        b" actual ",
        b" but was",
        b" to be ",
        b" to equal ",
    ]
    .iter()
    .any(|w| memchr::memmem::find(rest, w).is_some())
}

/// `Difference (- actual, + expected):`: the heading of an expected/actual difference, whose
/// paragraph below is the difference; so is `+ Received` (`+ Received  + 2`), the legend of the
/// second side of a `-`/`+` difference printed after a blank line.
pub(super) fn diff_header(line: &[u8]) -> bool {
    (line.trim_ascii_end().ends_with(b":") && memchr::memmem::find(line, b"actual").is_some())
        || line.trim_ascii_start().starts_with(b"+ Received")
        || line.trim_ascii() == b"- Expected:"
        || diff_legends::legend(line)
}

/// Whether `line` is a probe that answered no (`checking for x in -lfoo... no`, `Dependency
/// foo found: NO (tried pkgconfig)`): the step an error that follows it is about.
pub(crate) fn failed_probe(line: &[u8]) -> bool {
    let mut t = line.trim_ascii_end();
    if t.ends_with(b")")
        && let Some(open) = memchr::memrchr(b'(', t)
    {
        t = t[..open].trim_ascii_end();
    }
    let Some(head) = t
        .strip_suffix(b"no")
        .or_else(|| t.strip_suffix(b"NO"))
        .or_else(|| t.strip_suffix(b"No"))
    else {
        return false;
    };
    let head = head.trim_ascii_end();
    head.ends_with(b"...") || head.ends_with(b":")
}

/// Whether `prev`, the line right above the error `line`, is the step the error is about: a
/// probe that answered no, or a traced call that returned nothing (`fopen("x", "r")   = 0`,
/// `= NULL`) when the error is not itself a traced call's result (`open(…) = -1 ENOENT`), or
/// any line when the error does not say what failed, or the `<testcase …>` element a JUnit
/// report's `<failure …>` / `<error …>` element is in.
pub(crate) fn failed_step(prev: &[u8], line: &[u8]) -> bool {
    failed_probe(prev)
        || (returned_nothing(prev) && !call_result(line))
        || bare_failure(line)
        || xml_case(prev, line)
        || linked_function(prev)
        || last_words::ends_a_step(line)
}

/// `/usr/bin/ld: libx.a(h.o): in function `f':` above an undefined reference: the object and
/// the function the linker could not complete.
fn linked_function(prev: &[u8]) -> bool {
    let t = prev.trim_ascii_end();
    t.ends_with(b"':") && memchr::memmem::find(t, b": in function ").is_some()
}

/// `<testcase name="x">` above `<failure message="…">`: the failed case of a JUnit report.
pub(crate) fn xml_case(prev: &[u8], line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    (t.starts_with(b"<failure") || t.starts_with(b"<error"))
        && prev.trim_ascii_start().starts_with(b"<testcase ")
}

/// `[junit] \tCaused an ERROR`, `\tFAILED`: a failure that does not say what failed (three
/// words or fewer, letters only, after a leading `[tag]`): the line above it does.
fn bare_failure(line: &[u8]) -> bool {
    let mut t = line.trim_ascii();
    if t.first() == Some(&b'[')
        && let Some(c) = memchr::memchr(b']', t)
    {
        t = t[c + 1..].trim_ascii();
    }
    !t.is_empty()
        && t.len() <= 24
        && t.iter().all(|b| b.is_ascii_alphabetic() || *b == b' ')
        && t.split(|&b| b == b' ').filter(|w| !w.is_empty()).count() <= 3
}

/// `access("/x", F_OK)     = -1 ENOENT`: a line holding a traced call's result.
fn call_result(line: &[u8]) -> bool {
    memchr::memchr_iter(b'=', line)
        .any(|i| line.get(i + 1) == Some(&b' ') && line[..i].trim_ascii_end().ends_with(b")"))
}

/// `fopen("x", "r")   = 0`: a traced call whose result is zero or null.
fn returned_nothing(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    let Some(call) = [&b"= 0"[..], b"= NULL", b"= nil", b"= 0x0"]
        .iter()
        .find_map(|r| t.strip_suffix(*r))
    else {
        return false;
    };
    let call = call.trim_ascii_end();
    let name = call.iter().take_while(|&&b| ident(b)).count();
    name > 0 && call.get(name) == Some(&b'(') && call.ends_with(b")")
}

/// `… [123]: [5-1] user=a,db=b ERROR:  msg`: where a structured log line's upper-case level
/// label starts (`ERROR:`, `FATAL:`, `LOG:`, `DETAIL:`; three letters or more, led by a blank or
/// the line's start, closed by a colon and a blank or the end) and where it ends, found among
/// the line's first 8 colons.
fn level_label(line: &[u8]) -> Option<(usize, usize)> {
    for c in memchr::memchr_iter(b':', line).take(8) {
        if !matches!(line.get(c + 1), None | Some(b' ' | b'\t')) {
            continue;
        }
        let word = line[..c]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_uppercase())
            .count();
        let start = c - word;
        if word >= 3 && (start == 0 || matches!(line[start - 1], b' ' | b'\t')) {
            return Some((start, c));
        }
    }
    None
}

/// The hash of a log line's prefix (the text before its level label) with digits left out, so
/// that a counter or a time that moved on does not tell two lines of one session apart.
fn prefix_hash(prefix: &[u8]) -> u64 {
    prefix
        .iter()
        .filter(|b| !b.is_ascii_digit())
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
}

/// For an error line with a level label: the hash of its prefix, which the detail lines that
/// follow it repeat ([`detail_of`]).
pub(crate) fn labelled_prefix(line: &[u8]) -> Option<u64> {
    level_label(line).map(|(s, _)| prefix_hash(&line[..s]))
}

/// The labels of a detail line: what says why an error happened, or what failed.
const DETAILS: [&[u8]; 6] = [
    b"detail",
    b"hint",
    b"context",
    b"reason",
    b"cause",
    b"statement",
];

/// `… [6-1] user=a,db=b DETAIL:  Key (id)=(1) already exists.`: a line that repeats the prefix
/// (hashed as [`labelled_prefix`] does) of the error above it, with a label that says why
/// (`DETAIL`, `HINT`, `CONTEXT`, `REASON`, `CAUSE`) or what failed (`STATEMENT`).
/// A client prints the same labels at the start of the line, with no prefix (`DETAIL:  Key …`,
/// `HINT:  Perhaps you meant …`), and the position in the statement as `LINE 1: …`; a program
/// that names itself before its own lower-case labels (`prog: error: …`) prints them after its
/// name (`prog: detail: …`, see [`named_prefix`]).
pub(crate) fn detail_of(line: &[u8], prefix: u64) -> bool {
    level_label(line).is_some_and(|(s, e)| {
        DETAILS.iter().any(|d| d.eq_ignore_ascii_case(&line[s..e]))
            && (s == 0 || prefix_hash(&line[..s]) == prefix)
    }) || numbered_label(line)
        || named_label(line).is_some_and(|(name, label)| {
            DETAILS.iter().any(|d| d.eq_ignore_ascii_case(label)) && prefix_hash(name) == prefix
        })
}

/// `prog: error: …`: the hash of the program's name (`prog: `) before a lower-case severity
/// label, which its detail lines repeat (`prog: detail: …`).
pub(crate) fn named_prefix(line: &[u8]) -> Option<u64> {
    named_label(line)
        .filter(|(_, label)| {
            [&b"error"[..], b"fatal"]
                .iter()
                .any(|w| w.eq_ignore_ascii_case(label))
        })
        .map(|(name, _)| prefix_hash(name))
}

/// `prog: label: …`: the name with its colon and blank, and the lower-case label after it (or
/// an upper-case one and a blank: `prog: ERROR …`).
fn named_label(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let c = memchr::memchr(b':', &line[..line.len().min(40)])?;
    let name = &line[..c];
    let ok = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.');
    if name.is_empty() || !name.iter().all(ok) || line.get(c + 1) != Some(&b' ') {
        return None;
    }
    let rest = &line[c + 2..];
    let n = rest.iter().take_while(|b| b.is_ascii_lowercase()).count();
    if n >= 4 && rest.get(n) == Some(&b':') {
        return Some((&line[..c + 2], &rest[..n]));
    }
    // `prog: ERROR no variables …` then `prog: HINT …` (`wild29`'s held-out half): an
    // upper-case label and a blank.
    let n = rest.iter().take_while(|b| b.is_ascii_uppercase()).count();
    (n >= 4 && rest.get(n) == Some(&b' ')).then(|| (&line[..c + 2], &rest[..n]))
}

/// `LINE 1: SELECT …`: an upper-case label with a number, at the start of the line.
fn numbered_label(line: &[u8]) -> bool {
    let word = line.iter().take_while(|b| b.is_ascii_uppercase()).count();
    let rest = &line[word..];
    let digits = rest
        .strip_prefix(b" ")
        .map_or(0, |r| r.iter().take_while(|b| b.is_ascii_digit()).count());
    word >= 3
        && digits > 0
        && rest[1 + digits..].starts_with(b":")
        && matches!(rest.get(2 + digits), None | Some(b' ' | b'\t'))
}

/// `Expected:` / `Got:` alone (`t`, its first blank `space`): the value is the indented lines
/// under the label, kept with it; an expectation with its value on the line keeps none.
pub(super) fn value_lines(t: &[u8], space: Option<usize>) -> u16 {
    if space.is_none() && t.trim_ascii_end().ends_with(b":") {
        6
    } else {
        0
    }
}

/// How many lines above an unindented error to keep with it when they are its location and the
/// excerpt under it: `***   File "a.py", line 12` (or `  File "a.py", line 12`, led by blanks or
/// marks, naming no function), then indented source and caret lines, then `SyntaxError: …`.
pub(crate) fn location_pull<'a>(line: &[u8], above: impl Iterator<Item = &'a [u8]>) -> usize {
    if line.first().is_none_or(|b| !b.is_ascii_alphabetic()) {
        return 0;
    }
    for (i, l) in above.take(4).enumerate() {
        if bare_file_line(l) {
            return i + 1;
        }
        if !matches!(l.first(), Some(b' ' | b'\t')) {
            return 0;
        }
    }
    0
}

/// `***   File "a.py", line 12`: a location naming a file and line only, led by blanks or marks.
fn bare_file_line(l: &[u8]) -> bool {
    let t = l.trim_ascii_end();
    let lead = t
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'*' | b'!' | b'#' | b'>' | b'-'))
        .count();
    let Some(rest) = t[lead..].strip_prefix(b"File \"") else {
        return false;
    };
    let Some(q) = memchr::memchr(b'"', rest) else {
        return false;
    };
    rest[q + 1..]
        .strip_prefix(b", line ")
        .is_some_and(|n| !n.is_empty() && n.iter().all(u8::is_ascii_digit))
}

/// `Case 17    | FAIL |`, `test_x ... FAILED`: a result line whose last word is a failure; the
/// line after it says why.
pub(super) fn ends_in_failure(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    let t = t
        .strip_suffix(b"|")
        .or_else(|| t.strip_suffix(b"]"))
        .unwrap_or(t)
        .trim_ascii_end();
    let word = &t[t
        .iter()
        .rposition(|b| !b.is_ascii_alphabetic())
        .map_or(0, |p| p + 1)..];
    [&b"fail"[..], b"failed", b"error"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
}

/// `==1234==`: the process-id prefix of a runtime checker's report, whose detail lines follow
/// its title without indentation (`READ of size 4 at 0x… thread T0`).
pub(super) fn checker_prefix(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"==") else {
        return false;
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    // The title is glued to the prefix (`==12==ERROR: …`), where a log line leaves a space.
    digits > 0
        && rest[digits..].starts_with(b"==")
        && rest
            .get(digits + 2)
            .is_some_and(|b| !b.is_ascii_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noisy(middle: &[&str]) -> String {
        let mut log = String::new();
        for i in 0..40 {
            log.push_str(&format!("step {i} of the job went fine today\n"));
        }
        for l in middle {
            log.push_str(l);
            log.push('\n');
        }
        for i in 40..80 {
            log.push_str(&format!("step {i} of the job went fine today\n"));
        }
        log
    }

    fn shown(log: &str) -> String {
        crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text
    }

    /// A program that names itself before its error (`prog: error: …`) names itself again before
    /// the detail of it (`prog: detail: …`): kept with the error; a server log's `STATEMENT:`
    /// record repeats the prefix of the `ERROR:` record above it and says what failed.
    #[test]
    fn a_named_error_keeps_its_named_detail_and_a_log_error_its_statement() {
        let named = [
            "dumper: error: query failed: ERROR:  permission denied for t",
            "dumper: detail: Query was: LOCK t",
        ];
        let logged = [
            "2026-01-02 10:00:01.5 UTC [77] app@db ERROR:  permission denied for t",
            "2026-01-02 10:00:01.5 UTC [77] app@db STATEMENT:  LOCK t",
        ];
        let shouted = [
            "prog: ERROR no variables fit criteria for processing",
            "prog: HINT Extraction list must contain at least one record variable",
        ];
        for lines in [named, logged, shouted] {
            let out = shown(&noisy(&lines));
            for l in lines {
                assert!(out.contains(l), "{l} lost:\n{out}");
            }
        }
        assert!(named_prefix(b"dumper: error: x").is_some());
        assert!(named_prefix(b"dumper: reading tables").is_none());
        assert!(named_prefix(b"a b: error: x").is_none());
        let dumper = named_prefix(b"dumper: error: x");
        assert!(dumper.is_some());
        assert!(!dumper.is_some_and(|p| detail_of(b"other: detail: x", p)));
        assert!(named_prefix(b"prog: WARN x").is_none());
        assert!(named_prefix(b"prog: ERRORS x").is_none());
    }

    /// A located message that says no severity, with its excerpt underlined by a caret, is a
    /// finding: the three lines are kept; a frame's excerpt marked by `^^^` runs is not.
    #[test]
    fn a_located_message_underlined_in_its_excerpt_is_kept() {
        let found = [
            "lib/a.rb:14: dynamic constant assignment",
            "  Key = :k  #...",
            "  ^~~~~~~~",
        ];
        let out = shown(&noisy(&found));
        for l in found {
            assert!(out.contains(l), "{l} lost:\n{out}");
        }
        assert!(!crate::generic::silent_location(
            b"/usr/lib/x.py:9: in version"
        ));
        assert!(!crate::generic::silent_location(b"a.c:3:5: error: x"));
        assert!(crate::generic::silent_location(
            b"a.rb:3: dynamic constant assignment"
        ));
        // Not a finding: only the recall fallback keeps it (a rare line amid repeated noise).
        let data = ["lib/a.rb:14: Key = :k", "  Key = :k  #...", "  ^^^^^^^^^"];
        let log = noisy(&data);
        let opts = crate::CompressOptions::default();
        let mut c = crate::Compressor::new(&opts).explaining();
        c.push(log.as_bytes());
        let (_, reasons) = c.finish_explained();
        assert!(
            reasons
                .iter()
                .all(|(no, why)| *no != 41 || *why == "recall"),
            "{reasons:?}"
        );
    }

    #[test]
    fn a_syntax_errors_location_above_its_excerpt_is_pulled() {
        let err = b"SyntaxError: '(' was never closed";
        // Nearest first: the caret, the source line, the location, the line before.
        let marked: [&[u8]; 4] = [
            b"           ^",
            b"    return (f(int(year)), int(month)",
            b"***   File \"./pkg/_legacy.py\", line 12",
            b"Compiling './pkg/_legacy.py'...",
        ];
        assert_eq!(location_pull(err, marked.iter().copied()), 3);
        let plain: [&[u8]; 3] = [b"      ^", b"    x = (", b"  File \"a.py\", line 3"];
        assert_eq!(location_pull(err, plain.iter().copied()), 3);
        // A frame naming its function, an unindented line between, an indented error.
        let frame: [&[u8]; 2] = [b"    f()", b"  File \"a.py\", line 3, in g"];
        assert_eq!(location_pull(err, frame.iter().copied()), 0);
        let broken: [&[u8]; 2] = [b"other output", b"***   File \"a.py\", line 3"];
        assert_eq!(location_pull(err, broken.iter().copied()), 0);
        assert_eq!(location_pull(b"  SyntaxError: x", plain.iter().copied()), 0);
    }

    #[test]
    fn a_detail_repeats_its_errors_prefix_with_a_label_that_says_why() {
        let err = b"2026-01-01 10:00:00 UTC [7]: [5-1] user=a,db=b ERROR:  duplicate key value";
        let p = labelled_prefix(err).unwrap();
        let detail =
            b"2026-01-01 10:00:00 UTC [7]: [6-1] user=a,db=b DETAIL:  Key (id)=(1) exists.";
        assert!(detail_of(detail, p));
        assert!(detail_of(
            b"2026-01-01 10:00:01 UTC [7]: [7-1] user=a,db=b HINT:  Try x.",
            p
        ));
        // The statement that failed, of the same session (wild12: what failed is said there).
        assert!(detail_of(
            b"2026-01-01 10:00:00 UTC [7]: [7-1] user=a,db=b STATEMENT:  x",
            p
        ));
        // Another session's detail, a lower-case label.
        assert!(!detail_of(
            b"2026-01-01 10:00:00 UTC [7]: [6-1] user=c,db=b DETAIL:  x",
            p
        ));
        assert!(!detail_of(
            b"2026-01-01 10:00:00 UTC [7]: [7-1] user=a,db=b detail:  x",
            p
        ));
        // psql's own `ERROR:` / `DETAIL:` (no prefix) pair too.
        let bare = labelled_prefix(b"ERROR:  duplicate key").unwrap();
        assert!(detail_of(b"DETAIL:  Key (id)=(1) already exists.", bare));
        // A client's error led by its script position: the labels and the statement's
        // position lead their lines, with no prefix to repeat.
        let client =
            labelled_prefix(b"psql:shop.sql:12: ERROR:  column \"x\" does not exist").unwrap();
        assert!(detail_of(b"LINE 1: SELECT x FROM t;", client));
        assert!(detail_of(
            b"HINT:  Perhaps you meant to reference the column \"t.y\".",
            client
        ));
        assert!(!detail_of(b"LINE: no number", client));
        assert!(!detail_of(b"SELECT 1;", client));
        assert_eq!(labelled_prefix(b"error: lower-case level"), None);
        assert_eq!(labelled_prefix(b"x [ERROR]: bracketed"), None);
    }
}

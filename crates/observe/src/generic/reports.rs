//! Report lines that say what they are by their layout, not by a severity word: a located
//! message closed by the rule it breaks in parentheses (`src/a.js:4:35: Extra semicolon.
//! (semi)`), a unified diff's file header (`--- src/app.py (original)`), a summary heading
//! (`Summary of conflicts:`), a table's totals row (`| TOTAL | 215 | 197 |`) and a coverage
//! listing's never-run line (`    #####:   17:    case '+':`).

use super::{Signal, sig};
use crate::rules::Kind;

/// More report lines (`wild6`'s classes), in their own file.
#[path = "findings.rs"]
pub(crate) mod findings;

/// The report lines of this module (`t` is the line without its indentation, `space` its first
/// blank), checked after the other shapes.
#[inline]
pub(super) fn report(t: &[u8], space: Option<usize>) -> Option<Signal> {
    let last = t[t.len() - 1];
    let (kind, after, group) = match t[0] {
        b'-' if t.starts_with(b"--- ") && diff_file(t) => (Kind::Structure, 0, false),
        b'#' | b'=' if never_run(t) => (Kind::Warning, 0, true),
        b'S' if summary_heading(t) => (Kind::Structure, 4, false),
        b'S' if status_line(t) => (Kind::Summary, 0, false),
        b'm' if message_field(t) => (Kind::Message, 0, false),
        b'T' if total_row(t) => (Kind::Summary, 0, false),
        b'|' if t[1..].trim_ascii_start().first() == Some(&b'T') && total_row(t) => {
            (Kind::Summary, 0, false)
        }
        b'I' if in_file(t) => (Kind::Location, 0, false),
        b'f' if from_file(t) => (Kind::Structure, 0, false),
        b'N' if no_verdict(t) => (Kind::Summary, 0, true),
        b'A'..=b'Z' if shouted(t) => (Kind::Summary, 0, true),
        _ if last.is_ascii_digit() && line_col_tail(t) => (Kind::Warning, 0, true),
        _ if last == b')' && located_rule(t, space) => (Kind::Warning, 0, true),
        _ if last == b')' && scope_header(t, space) => (Kind::Location, 0, false),
        _ if findings::candidate(t) => return findings::finding(t),
        _ => return None,
    };
    Some(sig(kind, after, group))
}

/// `Extra semicolon. (semi)`, `Unexpected var. (no-var) (warning)`: a sentence closed by the
/// rule it breaks, in parentheses (a rule name of letters, digits, `-`, `_`, `/`, `@`), with an
/// optional `(warning)` or `(error)` after it; the rule.
pub(crate) fn paren_rule(t: &[u8]) -> Option<&[u8]> {
    let mut t = t.trim_ascii_end();
    if let Some(s) = [&b" (warning)"[..], b" (error)"]
        .iter()
        .find_map(|l| t.strip_suffix(*l))
    {
        t = s;
    }
    let (before, rule) = closing_rule(t)?;
    before.ends_with(b". ").then_some(rule)
}

/// The text before and the rule name of a line closed by `(rule)`: a parenthesised name of
/// letters, digits and `-_/@`, led by a letter or `@`.
pub(crate) fn closing_rule(t: &[u8]) -> Option<(&[u8], &[u8])> {
    let body = t.strip_suffix(b")")?;
    let open = memchr::memrchr(b'(', body)?;
    let rule = &body[open + 1..];
    let named = rule
        .first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'@')
        && rule
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'/' | b'@'));
    named.then_some((&body[..open], rule))
}

/// `  src/a.js:4:35: Extra semicolon. (semi)`: a finding led by its `path:N[:M]:` location (the
/// line may be indented) and closed by its rule in parentheses.
#[inline(never)]
fn located_rule(t: &[u8], space: Option<usize>) -> bool {
    t.last() == Some(&b')')
        && space.is_some_and(|sp| sp > 1 && t[sp - 1] == b':')
        && super::after_location_at(t, space).is_some()
        && paren_rule(t).is_some()
}

/// `--- src/app.py\t(original)`, `--- original/src/app.py`: a unified diff's header naming the
/// file a difference is about (a path with a directory and an extension).
#[inline(never)]
fn diff_file(t: &[u8]) -> bool {
    let Some(rest) = t.strip_prefix(b"--- ") else {
        return false;
    };
    let name = &rest[..super::blank(rest).unwrap_or(rest.len())];
    memchr::memchr(b'/', name).is_some() && super::shapes::ends_with_ext(name)
}

/// `Summary of conflicts:`: a heading whose paragraph holds the counts.
#[inline(never)]
fn summary_heading(t: &[u8]) -> bool {
    t.starts_with(b"Summary of ") && t.ends_with(b":") && t.len() < 60
}

/// `| TOTAL | 215 | 197 | 8.4% |`, `Total:  12  3`: a table's totals row (the first cell is
/// `TOTAL`, `Total` or `Total:`, and the next cell a number or a column bar).
#[inline(never)]
fn total_row(t: &[u8]) -> bool {
    let cell = t.strip_prefix(b"|").unwrap_or(t).trim_ascii_start();
    let Some(rest) = cell
        .strip_prefix(b"TOTAL")
        .or_else(|| cell.strip_prefix(b"Total"))
    else {
        return false;
    };
    let rest = rest.strip_prefix(b":").unwrap_or(rest);
    let next = rest.trim_ascii_start();
    next.len() < rest.len()
        && next
            .first()
            .is_some_and(|&b| b == b'|' || b.is_ascii_digit())
}

/// `#####:   17:    case '+': return a + b;`: a coverage listing's line that never ran (its
/// count column is a run of `#` or `=`, 4 or more, then a colon).
#[inline(never)]
fn never_run(t: &[u8]) -> bool {
    let run = t.iter().take_while(|&&b| b == t[0]).count();
    matches!(t[0], b'#' | b'=') && run >= 4 && t.get(run) == Some(&b':')
}

/// `parse.c:12:30: Function strncpy expects arg 3 to be size_t gets int:`: after a location
/// with a line and a column, a capitalised sentence of three words or more (a finding of a
/// checker that prints no severity word); a grouped warning.
pub(super) fn column_finding(line: &[u8], rest: &[u8]) -> Option<Signal> {
    if let Some(s) = findings::lettered(rest) {
        return Some(s);
    }
    let head = &line[..line.len() - rest.len()];
    let head = head.trim_ascii_end().strip_suffix(b":")?;
    let mut parts = head.rsplitn(3, |&b| b == b':');
    let numbers = [parts.next()?, parts.next()?];
    let file = parts.next()?;
    let word = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let ok = numbers
        .iter()
        .all(|n| !n.is_empty() && n.iter().all(u8::is_ascii_digit))
        && super::shapes::ends_with_ext(file)
        && word >= 2
        && rest[0].is_ascii_uppercase()
        && rest[1].is_ascii_lowercase()
        && rest.get(word) == Some(&b' ')
        && rest.iter().filter(|&&b| b == b' ').count() >= 2;
    ok.then_some(sig(Kind::Warning, 1, true))
}

/// `parse.c: (in function total)`: a file and the scope the findings under it are in.
#[inline(never)]
fn scope_header(t: &[u8], space: Option<usize>) -> bool {
    let Some(sp) = space.filter(|&sp| sp > 1 && t[sp - 1] == b':') else {
        return false;
    };
    super::shapes::ends_with_ext(&t[..sp - 1]) && t[sp..].starts_with(b" (in ")
}

/// `"just" can weaken meaning on line 18 at column 23`: a finding that ends with its line and
/// column (`line N, column M`, `line N at column M`, `line N col M`).
#[inline(never)]
fn line_col_tail(t: &[u8]) -> bool {
    let digits = |s: &[u8]| s.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let d = digits(t);
    let head = &t[..t.len() - d];
    // Most lines ending in a number do not end in `column N` or `col N`.
    if !matches!(head, [.., b'n' | b'l', b' ']) {
        return false;
    }
    let Some(head) = [&b" at column "[..], b", column ", b" column ", b" col "]
        .iter()
        .find_map(|w| head.strip_suffix(*w))
    else {
        return false;
    };
    let n = digits(head);
    d > 0 && n > 0 && head[..head.len() - n].ends_with(b" line ")
}

/// `In docs/README.md`: the file the findings below are in.
#[inline(never)]
fn in_file(t: &[u8]) -> bool {
    t.strip_prefix(b"In ").is_some_and(|f| {
        !f.is_empty() && super::blank(f).is_none() && super::shapes::ends_with_ext(f)
    })
}

/// `from src/money.ts:`: a formatter's header naming the file whose differences follow (the
/// `--- a.py` of a diff in the layout of `dprint`-style checkers: a path with an extension,
/// a colon closing the line).
#[inline(never)]
fn from_file(t: &[u8]) -> bool {
    t.strip_prefix(b"from ")
        .and_then(|f| f.trim_ascii_end().strip_suffix(b":"))
        .is_some_and(|f| {
            !f.is_empty() && super::blank(f).is_none() && super::shapes::ends_with_ext(f)
        })
}

/// `No data received.`, `No tests found`: a short sentence of words saying nothing came, the
/// verdict of a step (good or bad, the model is told either way). Two to six words of letters
/// after `No`, the last a participle (`…ed`, `found`), maybe closed by a full stop; a clause
/// after a comma is a note, and `No compile task` a state, not a verdict.
#[inline(never)]
fn no_verdict(t: &[u8]) -> bool {
    let Some(rest) = t.strip_prefix(b"No ") else {
        return false;
    };
    let rest = rest.trim_ascii_end();
    let rest = rest.strip_suffix(b".").unwrap_or(rest);
    let words = rest.split(|&b| b == b' ').filter(|w| !w.is_empty()).count();
    let done = rest.ends_with(b"ed") || rest.ends_with(b"found");
    done && (1..=5).contains(&words)
        && rest.len() <= 60
        && rest.iter().all(|&b| b.is_ascii_alphabetic() || b == b' ')
}

/// `LP HAS NO PRIMAL FEASIBLE SOLUTION`, `INTEGER OPTIMAL SOLUTION FOUND`: a verdict shouted in
/// three upper-case words or more, nothing else on the line.
#[inline(never)]
fn shouted(t: &[u8]) -> bool {
    let t = t.trim_ascii_end();
    t.len() >= 12
        && t[1].is_ascii_uppercase()
        && t.iter().all(|&b| b.is_ascii_uppercase() || b == b' ')
        && t.split(|&b| b == b' ').filter(|w| w.len() > 1).count() >= 3
}

/// `Status:     INTEGER OPTIMAL`: a labelled status, the outcome of a run.
#[inline(never)]
fn status_line(t: &[u8]) -> bool {
    t.strip_prefix(b"Status:")
        .is_some_and(|r| r.first().is_some_and(|&b| b == b' ' || b == b'\t'))
}

/// `message: 'must be >= 1'`: the message field of an error object printed as code (a bare key,
/// a quoted value).
#[inline(never)]
fn message_field(t: &[u8]) -> bool {
    t.strip_prefix(b"message: ")
        .is_some_and(|r| matches!(r.first(), Some(b'\'' | b'"')))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::generic::tests::kind;

    #[test]
    fn findings_closed_by_their_rule_in_parentheses() {
        let l = "  /p/src/cart.js:4:35: Extra semicolon. (semi)";
        assert_eq!(kind(l), Some(Kind::Warning));
        let w = "src/a.js:5:3: Unexpected var, use let or const. (no-var) (warning)";
        assert_eq!(kind(w), Some(Kind::Warning));
        assert_eq!(paren_rule(w.as_bytes()), Some(&b"no-var"[..]));
        let n = "  a.js:9:1: Use path.join(). (n/no-path-concat)";
        assert_eq!(paren_rule(n.as_bytes()), Some(&b"n/no-path-concat"[..]));
        // A listing line ending in a call, or words in parentheses: no rule.
        assert_eq!(kind("  src/a.c:12:3: total = sum(xs)"), None);
        assert_eq!(paren_rule(b"Done. (2 files)"), None);
        assert_eq!(paren_rule(b"see f(x)"), None);
    }

    #[test]
    fn capitalised_findings_after_a_line_and_a_column() {
        let f = "parse.c:12:30: Function strncpy expects arg 3 to be size_t gets int:";
        assert_eq!(kind(f), Some(Kind::Warning));
        assert_eq!(
            kind("parse.c:44:5: Parameter argc not used"),
            Some(Kind::Warning)
        );
        // One number (a `grep -n` hit), a lower-case start, or fewer than three words: data.
        assert_eq!(kind("parse.c:44: Parameter argc not used"), None);
        assert_eq!(kind("src/a.c:3:5:    Foo::new(x);"), None);
        assert_eq!(kind("log.txt:12:30:00 Started the job now"), None);
        assert_eq!(kind("a.py:3:1: Hello world"), None);
    }

    #[test]
    fn scopes_line_and_column_tails_file_headers_and_shouted_verdicts() {
        assert_eq!(kind("parse.c: (in function total)"), Some(Kind::Location));
        assert_eq!(kind("parse.c: (in a hurry)x"), None);
        let wg = "\"just\" can weaken meaning on line 18 at column 23";
        assert_eq!(kind(wg), Some(Kind::Warning));
        assert_eq!(kind("bad indent on line 3, column 7"), Some(Kind::Warning));
        assert_eq!(kind("moved to line 3"), None);
        assert_eq!(kind("In docs/README.md"), Some(Kind::Location));
        assert_eq!(kind("In the end we won"), None);
        assert_eq!(
            kind("LP HAS NO PRIMAL FEASIBLE SOLUTION"),
            Some(Kind::Summary)
        );
        assert_eq!(kind("INTEGER OPTIMAL SOLUTION FOUND"), Some(Kind::Summary));
        assert_eq!(kind("PLAY RECAP"), None);
        assert_eq!(kind("A B C D E F"), None);
        assert_eq!(kind("Status:     INTEGER OPTIMAL"), Some(Kind::Summary));
        assert_eq!(kind("    message: 'must be >= 1'"), Some(Kind::Message));
        assert_eq!(kind("  \"message\": \"ok\","), None);
    }

    #[test]
    fn lint_findings_fold_by_their_parenthesised_rule() {
        let mut log = String::from("lint: some problems\n");
        for i in 0..30 {
            log.push_str(&format!(
                "  /p/src/m{i}.js:{i}:1: Extra semicolon. (semi)\n"
            ));
            log.push_str(&format!(
                "  /p/src/m{i}.js:{i}:9: Unexpected var. (no-var) (warning)\n"
            ));
        }
        log.push_str("done linting\n");
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert_eq!(out.matches("(semi)").count(), 5, "{out}");
        assert_eq!(out.matches("(no-var)").count(), 5, "{out}");
    }

    #[test]
    fn diff_file_headers_summary_headings_totals_and_never_run_lines() {
        assert_eq!(
            kind("--- inventory/cli.py\t(original)"),
            Some(Kind::Structure)
        );
        assert_eq!(
            kind("--- original/inventory/stock.py"),
            Some(Kind::Structure)
        );
        assert_eq!(kind("--- PASS: TestAdd (0.00s)"), None);
        assert_eq!(kind("--- notes.txt\t(revision 2)"), None);
        assert_eq!(kind("from /w/dn/src/money.ts:"), Some(Kind::Structure));
        assert_eq!(kind("from src/money.ts"), None);
        assert_eq!(kind("No data received."), Some(Kind::Summary));
        assert_eq!(kind("No tests found"), Some(Kind::Summary));
        assert_eq!(kind("No config file found, using defaults"), None);
        assert_eq!(kind("No 3 of 4"), None);
        assert_eq!(kind("No compile task"), None);
        assert_eq!(kind("Nobody came"), None);
        assert_eq!(kind("from the start:"), None);
        assert_eq!(kind("from a.ts to b.ts:"), None);
        assert_eq!(kind("Summary of conflicts:"), Some(Kind::Structure));
        assert_eq!(kind("Summary of the talk"), None);
        let total = "| TOTAL                |     215 |    197 |     8.4% |";
        assert_eq!(kind(total), Some(Kind::Summary));
        assert_eq!(
            kind("Total:          1    4   2.8      2      16"),
            Some(Kind::Summary)
        );
        assert_eq!(kind("Total time: 1 second"), None);
        assert_eq!(kind("Totally fine 3"), None);
        assert_eq!(
            kind("    #####:   17:    case '+': return a + b;"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("    =====:   12:    throw x;"), Some(Kind::Warning));
        assert_eq!(kind("        1:   39:        fprintf(stderr, x);"), None);
        assert_eq!(kind("#### Heading"), None);
        assert_eq!(
            kind("Requests per second:    1057.46 [#/sec] (mean)"),
            Some(Kind::Summary)
        );
    }

    #[test]
    fn a_failure_that_does_not_say_what_failed_keeps_the_line_above() {
        use super::super::failed_step;
        let above = b"    [junit] Testcase: takeTooMuch took 0.008 sec";
        assert!(failed_step(above, b"    [junit] \tCaused an ERROR"));
        assert!(failed_step(above, b"\tFAILED"));
        assert!(!failed_step(
            above,
            b"    [junit] Test inv.StockTest FAILED"
        ));
        assert!(!failed_step(above, b"error: x.c:3: expected ';'"));
        let case = b"    <testcase classname=\"t.js\" name=\"adds\" time=\"0.01\">";
        assert!(failed_step(
            case,
            b"      <failure message=\"expected 1\" type=\"Error\">"
        ));
        assert!(!failed_step(
            b"    <testsuite name=\"x\">",
            b"  <failure message=\"x\">"
        ));
    }
}

//! Report lines that say what they are by their layout, not by a severity word: a located
//! message closed by the rule it breaks in parentheses (`src/a.js:4:35: Extra semicolon.
//! (semi)`), a unified diff's file header (`--- src/app.py (original)`), a summary heading
//! (`Summary of conflicts:`), a table's totals row (`| TOTAL | 215 | 197 |`) and a coverage
//! listing's never-run line (`    #####:   17:    case '+':`).

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
    let body = t.strip_suffix(b")")?;
    let open = memchr::memrchr(b'(', body)?;
    let rule = &body[open + 1..];
    let named = rule
        .first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'@')
        && rule
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'/' | b'@'));
    (named && body[..open].ends_with(b". ")).then_some(rule)
}

/// `  src/a.js:4:35: Extra semicolon. (semi)`: a finding led by its `path:N[:M]:` location (the
/// line may be indented) and closed by its rule in parentheses.
pub(super) fn located_rule(t: &[u8], space: Option<usize>) -> bool {
    t.last() == Some(&b')')
        && space.is_some_and(|sp| sp > 1 && t[sp - 1] == b':')
        && super::after_location_at(t, space).is_some()
        && paren_rule(t).is_some()
}

/// `--- src/app.py\t(original)`, `--- original/src/app.py`: a unified diff's header naming the
/// file a difference is about (a path with a directory and an extension).
pub(super) fn diff_file(t: &[u8]) -> bool {
    let Some(rest) = t.strip_prefix(b"--- ") else {
        return false;
    };
    let name = &rest[..super::blank(rest).unwrap_or(rest.len())];
    memchr::memchr(b'/', name).is_some() && super::shapes::ends_with_ext(name)
}

/// `Summary of conflicts:`: a heading whose paragraph holds the counts.
pub(super) fn summary_heading(t: &[u8]) -> bool {
    t.starts_with(b"Summary of ") && t.ends_with(b":") && t.len() < 60
}

/// `| TOTAL | 215 | 197 | 8.4% |`, `Total:  12  3`: a table's totals row (the first cell is
/// `TOTAL`, `Total` or `Total:`, and the next cell a number or a column bar).
pub(super) fn total_row(t: &[u8]) -> bool {
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
pub(super) fn never_run(t: &[u8]) -> bool {
    let run = t.iter().take_while(|&&b| b == t[0]).count();
    matches!(t[0], b'#' | b'=') && run >= 4 && t.get(run) == Some(&b':')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Kind;

    fn kind(line: &str) -> Option<Kind> {
        super::super::Generic::new()
            .unwrap()
            .classify(line.as_bytes(), None)
            .map(|s| s.kind)
    }

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
    }
}

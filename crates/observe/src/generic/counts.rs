//! Counts that are not counts: the `N word` shape of a count (`3 passed`, `5 total`) also
//! appears inside records whose numbers are field values, and a line kept for it keeps every
//! record of a log (issue 16, the `wild10` set).

/// Whether a count match `m` (from `s` to `e` in `line`) is not a count: a decimal's tail in a
/// table (`24105.3 total`), where a progress counter runs to (`12/36 Test #12: … Passed`), or a
/// field of a record: its word is the key of the next `key=value` field (`id=7 total=3.5`), or
/// an upper-case level label after a record's clock (`15:15:33,699 INFO`).
pub(super) fn not_a_count(line: &[u8], s: usize, e: usize, m: &[u8]) -> bool {
    if s > 0 && line[s - 1] == b'.' && m.ends_with(b"total") {
        return true;
    }
    if s > 1 && line[s - 1] == b'/' && line[s - 2].is_ascii_digit() {
        return true;
    }
    if !m.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    if line.get(e) == Some(&b'=') {
        return true;
    }
    let word = m.trim_ascii_end();
    let word = &word[word
        .iter()
        .rposition(|b| !b.is_ascii_alphabetic())
        .map_or(0, |i| i + 1)..];
    word == b"INFO"
}

/// A summary told by its shape alone, on a line with no word of the scan: counts in a row
/// ([`count_list`]) or a labelled count ([`labelled_count`]). Told by its first and last bytes
/// first: most lines are neither.
pub(super) fn summary_shape(t: &[u8]) -> Option<super::Signal> {
    let (first, last) = (t.first()?, t.last()?);
    let listed = (first.is_ascii_digit() || first.is_ascii_uppercase()) && count_list(t);
    let counted = last.is_ascii_digit() && first.is_ascii_uppercase() && labelled_count(t);
    (listed || counted).then_some(super::sig(crate::rules::Kind::Summary, 0, false))
}

/// `Plan: 5 to add, 0 to change, 0 to destroy.`, `12 hosts, 3 down, 0 skipped`: three or more
/// counts in a row, each `N` and a word, separated by commas (the first after an optional
/// `Label:`): a summary, whatever the counted words are. A list of numbers alone (`1, 2, 3`) or
/// of words (`a 1, b 2`) is data.
#[inline(never)]
pub(super) fn count_list(t: &[u8]) -> bool {
    // The first count, at the start or after a short `Label: `, told before any scan: most
    // lines start with neither.
    let first = match t.first() {
        Some(b) if b.is_ascii_digit() => t,
        Some(b) if b.is_ascii_uppercase() => {
            let Some(c) = t.iter().take(24).position(|&b| b == b':') else {
                return false;
            };
            if !t[..c].iter().all(|b| b.is_ascii_alphabetic() || *b == b' ') {
                return false;
            }
            t[c + 1..].trim_ascii_start()
        }
        _ => return false,
    };
    if !counted(first) {
        return false;
    }
    let t = t.strip_suffix(b".").unwrap_or(t);
    let mut items = 1;
    for item in t.split(|&b| b == b',').skip(1) {
        if !counted(item.trim_ascii()) {
            return false;
        }
        items += 1;
    }
    items >= 3
}

/// `Row count: 400`, `  Standard modules: 98`, `Number of threads: 1`, `No. of Data Rows :
/// 329`: a label naming what is counted (its last word `count` or a plural; an abbreviation's
/// dot and one blank before the colon allowed), a colon and the number, ending the line: a
/// listing's count. A `Key: N` field of a record (`Port: 22`, `Size: 4096`) names no plural.
#[inline(never)]
pub(super) fn labelled_count(t: &[u8]) -> bool {
    let digits = t.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let Some(label) = (digits > 0)
        .then(|| t[..t.len() - digits].strip_suffix(b": "))
        .flatten()
    else {
        return false;
    };
    let label = label.strip_suffix(b" ").unwrap_or(label);
    let last = label.rsplit(|&b| b == b' ').next().unwrap_or(label);
    label.first().is_some_and(u8::is_ascii_uppercase)
        && label
            .iter()
            .all(|b| b.is_ascii_alphabetic() || matches!(b, b' ' | b'-' | b'.'))
        && (last == b"count" || (last.len() >= 4 && last.ends_with(b"s") && !last.ends_with(b"ss")))
}

/// `5 to add`, `3 down`: digits, a blank, then a word in lower case.
fn counted(item: &[u8]) -> bool {
    let digits = item.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0
        && item.get(digits) == Some(&b' ')
        && item.get(digits + 1).is_some_and(u8::is_ascii_lowercase)
}

/// Whether a line led by `path:L:C:` (`rest` after it) is a compiler's `note:` that is a step of
/// the finding above it (`a.c:14:5: note: 'n' initialized here`, `note: expanded from macro`,
/// `note: Taking true branch`): context, like the excerpt under it. A note that names its own
/// rule code (`[SC2086]`) is a linter's finding of its lowest level, and a note without a column
/// (`a.py:4: note: …`) belongs to the finding on its line. A note about a macro (`in expansion
/// of macro 'cast'`) says where in the caller's code a finding inside a macro is: kept.
pub(super) fn located_step(line: &[u8], rest: &[u8]) -> bool {
    let Some(body) = rest.strip_prefix(b"note:") else {
        return false;
    };
    let loc = line[..line.len() - rest.len()].trim_ascii_end();
    let parts = loc.split(|&b| b == b':').filter(|p| !p.is_empty()).count();
    parts >= 3 && !ends_in_rule_code(body) && memchr::memmem::find(body, b" macro ").is_none()
}

/// Whether `rest` ends with a bracketed rule code (`[SC2086]`, `[-Wshadow]`, `[no-untyped-def]`).
pub(super) fn ends_in_rule_code(rest: &[u8]) -> bool {
    let t = rest.trim_ascii_end();
    let Some(body) = t.strip_suffix(b"]") else {
        return false;
    };
    let start = body.iter().rposition(|&b| b == b'[').map_or(0, |i| i + 1);
    let code = &body[start..];
    // The bracket opens after a blank: `a[i]` is an index.
    start >= 2
        && matches!(body[start - 2], b' ' | b'\t')
        && !code.is_empty()
        && code.len() <= 40
        && code
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'='))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(line: &str, m: &str) -> bool {
        let at = line.find(m).unwrap_or(0);
        not_a_count(line.as_bytes(), at, at + m.len(), m.as_bytes())
    }

    #[test]
    fn keys_and_level_labels_are_fields_not_counts() {
        assert!(check("upsert order id=7 total=3.5", "7 total"));
        assert!(check(
            "2026-12-06 15:15:33,699 INFO     app: started",
            "699 INFO"
        ));
        assert!(!check("Tests: 2 failed, 3 passed, 5 total", "5 total"));
        assert!(!check("Found 3 infos", "3 infos"));
        assert!(!check("Tasks: 105 total,   2 running", "105 total"));
        assert!(check("MiB Mem :  24105.3 total,   7860.0 free", "3 total"));
        assert!(check("12/36 Test #12: wrap_4 .... Passed", "36 Test"));
    }

    #[test]
    fn a_compilers_located_notes_are_steps() {
        let step = |l: &str| {
            let at = l.find(" note:").map_or(0, |i| i + 1);
            located_step(l.as_bytes(), &l.as_bytes()[at..])
        };
        assert!(step("analyze.c:14:5: note: 'n' initialized here"));
        assert!(step("analyze.c:36:5: note: Memory is released"));
        assert!(!step(
            "/usr/include/stddef.h:89:24: note: expanded from macro 'NULL'"
        ));
        assert!(!step(
            "lapi.c:757:17: note: in expansion of macro 'cast_voidp'"
        ));
        assert!(!step(
            "a.py:44: note: Use \"-> None\" if function does not return a value"
        ));
        assert!(!step(
            "/usr/bin/ant:27:6: note: Use $(...) notation instead. [SC2006]"
        ));
    }

    #[test]
    fn rule_codes_in_brackets_end_a_finding() {
        assert!(ends_in_rule_code(
            b"note: Double quote to prevent globbing. [SC2086]"
        ));
        assert!(ends_in_rule_code(b"warning: unused [-Wunused-variable]  "));
        assert!(!ends_in_rule_code(b"note: 'n' initialized here"));
        assert!(!ends_in_rule_code(b"note: in a[i]"));
        assert!(!ends_in_rule_code(b"note: x []"));
    }

    #[test]
    fn labelled_counts_aligned_and_abbreviated() {
        assert!(labelled_count(b"Number of threads: 1"));
        assert!(labelled_count(b"No. of Data Rows : 329"));
        assert!(labelled_count(b"Data Rows : 12"));
        assert!(!labelled_count(b"Port : 22"));
        assert!(!labelled_count(b"No. of Data Rows  : 329"));
        assert!(!labelled_count(b"e.g. row: 3"));
    }
}

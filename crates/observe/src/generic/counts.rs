//! Counts that are not counts: the `N word` shape of a count (`3 passed`, `5 total`) also
//! appears inside records whose numbers are field values, and a line kept for it keeps every
//! record of a log (issue 16, the `wild10` set).

/// Whether a count match `m` (ending at `e` in `line`) is a field of a record rather than a
/// count: its word is the key of the next `key=value` field (`id=7 total=3.5`), or an
/// upper-case level label after a record's clock (`15:15:33,699 INFO`, `12:00:01 INFO`).
pub(super) fn not_a_count(line: &[u8], e: usize, m: &[u8]) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn check(line: &str, m: &str) -> bool {
        let at = line.find(m).unwrap_or(0);
        not_a_count(line.as_bytes(), at + m.len(), m.as_bytes())
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
    }
}

//! `expected` said of a count or a thing that was not there (issue 16, the `wild22` set's tuning
//! half): `skipping row 12: '…' (6 columns expected, 7 found)` compares what was expected with
//! what was found, and `did not find expected key` (a YAML parser's error) says the expected
//! thing is missing. Neither has the `got`/`received` part an assertion's comparison has.

/// Whether the text after an `expected` (`rest`) compares it with what was found: a comma, then
/// a number and `found`, or `found`/`saw` and a number or a quoted thing (`, 7 found`,
/// `, saw 7`, ``, found `i32` ``).
pub(super) fn found_instead(rest: &[u8]) -> bool {
    let Some(comma) = memchr::memchr(b',', rest) else {
        return false;
    };
    let after = rest[comma + 1..].trim_ascii_start();
    let told = |w: &[u8]| {
        after.strip_prefix(w).is_some_and(|v| {
            v.first()
                .is_some_and(|b| b.is_ascii_digit() || matches!(b, b'`' | b'\'' | b'"'))
        })
    };
    if told(b"saw ") || told(b"found ") {
        return true;
    }
    let n = after.iter().take_while(|b| b.is_ascii_digit()).count();
    n > 0 && after[n..].starts_with(b" found")
}

/// Whether the `expected` at `line[s..]` follows `not find ` (`did not find expected key`).
pub(super) fn not_found(line: &[u8], s: usize) -> bool {
    line[..s].ends_with(b"not find ")
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A count expected and another found, and an expected thing not found, are kept; an
    /// `expected` with no comparison is not.
    #[test]
    fn expected_and_found_differ() {
        let row = "skipping row 12: '12,a,4,ok,EXTRA' (6 columns expected, 7 found)";
        assert!(kind(row).is_some());
        assert!(kind("line 9: expected 4 fields, saw 5").is_some());
        assert!(kind("did not find expected key").is_some());
        assert_eq!(kind("the expected output is written to out.txt"), None);
        assert_eq!(kind("expected files, found in 3 folders"), None);
        assert_eq!(kind("as expected, found nothing new"), None);
        let _ = Kind::Message;
    }
}

//! A summary heading over a block of labelled totals (issue 16, the residue of `wild6`, `wild8`
//! and `wild30`): a memory checker's `LEAK SUMMARY:` over `definitely lost: …`, `still
//! reachable: …`, `suppressed: …`, a runner's `Test Summary:` over its counts. The block is the
//! summary: a total that names no failure (`still reachable: 0 bytes in 0 blocks`) is as much an
//! answer as one that does, so the heading keeps the lines under it up to a blank one.

/// Whether `line` is a short heading whose last word is `summary`, closed by a colon, after an
/// optional `==PID==` checker prefix: `LEAK SUMMARY:`, `==5069== HEAP SUMMARY:`, `Summary:`.
/// A heading of at most three words of letters; anything after the colon makes it a line of
/// its own (`ERROR SUMMARY: 3 errors`).
#[inline]
pub(crate) fn block_heading(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    line.last() == Some(&b':') && heading_before_colon(line)
}

/// [`block_heading`] of a line that ends in a colon.
#[inline(never)]
fn heading_before_colon(line: &[u8]) -> bool {
    let t = without_checker_prefix(line).trim_ascii_start();
    let Some(head) = t.strip_suffix(b":") else {
        return false;
    };
    if head.len() > 40 || !head.iter().all(|b| b.is_ascii_alphabetic() || *b == b' ') {
        return false;
    }
    let mut words = head.split(|b| *b == b' ').filter(|w| !w.is_empty());
    let mut count = 0;
    let mut last: &[u8] = b"";
    for w in words.by_ref() {
        count += 1;
        last = w;
    }
    count <= 3 && last.eq_ignore_ascii_case(b"summary")
}

/// `line` without a leading `==PID==` prefix (a memory checker's), else `line`.
fn without_checker_prefix(line: &[u8]) -> &[u8] {
    let Some(rest) = line.strip_prefix(b"==") else {
        return line;
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    match rest[digits..].strip_prefix(b"==") {
        Some(after) if digits > 0 => after,
        _ => line,
    }
}

/// Whether `line` is blank once a checker's `==PID==` prefix is taken off (`==5069== `): the
/// checker's own blank line, which ends a block as an empty line does.
pub(crate) fn checker_blank(line: &[u8]) -> bool {
    let rest = without_checker_prefix(line);
    rest.len() < line.len() && rest.iter().all(u8::is_ascii_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_heading_ending_in_summary_and_a_colon() {
        assert!(block_heading(b"==8770== LEAK SUMMARY:"));
        assert!(block_heading(b"==1== HEAP SUMMARY:"));
        assert!(block_heading(b"Test Summary:"));
        assert!(block_heading(b"  Summary:  "));
        assert!(!block_heading(
            b"==8770== ERROR SUMMARY: 84 errors from 10 contexts"
        ));
        assert!(!block_heading(b"Summary of the talk:"));
        assert!(!block_heading(
            b"The summary of all the runs of last week summary:"
        ));
        assert!(!block_heading(b"summary"));
        assert!(!block_heading(b"src/summary:"));
    }

    #[test]
    fn a_checkers_blank_line_is_blank() {
        assert!(checker_blank(b"==8770== "));
        assert!(checker_blank(b"==8770=="));
        assert!(!checker_blank(b"==8770== For lists of detected errors"));
        assert!(!checker_blank(b"== =="));
        assert!(!checker_blank(b""));
    }

    fn run(text: &str) -> String {
        crate::compress(text.as_bytes(), &crate::CompressOptions::default()).text
    }

    /// Every total under a leak summary stays, the ones that name no loss too, and the block
    /// ends at the checker's blank line.
    #[test]
    fn a_summary_heading_keeps_its_block_up_to_the_checkers_blank_line() {
        let mut log = String::new();
        for i in 0..60 {
            log.push_str(&format!("==77== step {i} of the job went fine today\n"));
        }
        log.push_str("==77== LEAK SUMMARY:\n==77==    definitely lost: 80 bytes in 3 blocks\n");
        log.push_str("==77==      possibly lost: 0 bytes in 0 blocks\n");
        log.push_str("==77==    still reachable: 80 bytes in 5 blocks\n");
        log.push_str("==77==         suppressed: 0 bytes in 0 blocks\n==77== \n");
        for i in 0..60 {
            log.push_str(&format!("==77== tail {i} of the job went fine today\n"));
        }
        let out = run(&log);
        assert!(
            out.contains("still reachable: 80 bytes in 5 blocks\n"),
            "{out}"
        );
        assert!(out.contains("suppressed: 0 bytes in 0 blocks\n"), "{out}");
        assert!(!out.contains("tail 1 of the job"), "{out}");
    }
}

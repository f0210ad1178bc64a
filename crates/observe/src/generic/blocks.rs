//! Reports printed as blocks of `title / status / location`: a check's or a finding's title on
//! a line of its own, then, indented under it, its status (`FAILED for item: x`) and where it
//! is (`File: /src/a.conf:3-9`). A block whose status fails keeps its title above and its
//! location under it; a block that passed folds with the others.

use crate::rules::Cont;

mod records;
pub(crate) use records::record_pull;

/// Whether `line` is an indented status line that fails: its first word an upper-case
/// failure word (`FAILED`, `FAIL`, `FAILURE`, `ERROR`) then a blank, a colon or the end.
pub(crate) fn failed_status(line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    if t.len() == line.len() || !matches!(t.first(), Some(b'F' | b'E')) {
        return false;
    }
    let n = t.iter().take_while(|b| b.is_ascii_uppercase()).count();
    matches!(&t[..n], b"FAILED" | b"FAIL" | b"FAILURE" | b"ERROR")
        && matches!(t.get(n), None | Some(b' ' | b':' | b'\t'))
}

fn indent(l: &[u8]) -> usize {
    l.iter().take_while(|b| matches!(b, b' ' | b'\t')).count()
}

/// How many lines above a failed status line ([`failed_status`]) to keep so that its block's
/// title shows: `above` are the lines right above it, nearest first; the title is the nearest
/// one indented less, at most 4 lines up with no blank line between; else 0.
pub(crate) fn title_pull<'a>(line: &[u8], above: impl Iterator<Item = &'a [u8]>) -> usize {
    if !failed_status(line) {
        return 0;
    }
    let ind = indent(line);
    for (i, l) in above.take(4).enumerate() {
        if l.iter().all(u8::is_ascii_whitespace) {
            return 0;
        }
        if indent(l) < ind {
            return i + 1;
        }
    }
    0
}

/// Whether `line` says where a block's finding is: indented, a label (`File:`, `Location:`),
/// then a path ending in `:N`, `:N-M` or `:N:M` (`  File: /src/a.tf:23-31`).
pub(crate) fn block_location(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    if t.len() == line.len() || t.len() > 300 {
        return false;
    }
    let Some(c) = memchr::memchr(b':', t) else {
        return false;
    };
    let label = &t[..c];
    if label.is_empty() || !label.iter().all(|b| b.is_ascii_alphabetic() || *b == b' ') {
        return false;
    }
    let Some(path) = t[c + 1..].strip_prefix(b" ") else {
        return false;
    };
    let digits = |s: &[u8]| s.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let mut end = path.len();
    let n = digits(&path[..end]);
    if n == 0 {
        return false;
    }
    end -= n;
    if matches!(path[..end].last(), Some(b'-' | b':')) {
        let m = digits(&path[..end - 1]);
        if m > 0 && end > m + 1 && path[end - 2 - m] == b':' {
            end -= 1 + m;
        }
    }
    let Some(head) = path[..end].strip_suffix(b":") else {
        return false;
    };
    !head.is_empty() && !head.contains(&b' ') && memchr::memchr2(b'/', b'.', head).is_some()
}

/// A block's rule and `seen` once `line` was taken: an [`Cont::Excerpt`] ends at a blank
/// line, and its message paragraph follows ([`Cont::Paragraph`]).
pub(crate) fn after_line(cont: Cont, line: &[u8], seen: bool) -> (Cont, bool) {
    if cont == Cont::Excerpt && line.iter().all(u8::is_ascii_whitespace) {
        return (Cont::Paragraph, false);
    }
    (cont, seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scanner's or a test report's blocks: the failed one keeps its title and location,
    /// the passed ones fold.
    #[test]
    fn a_failed_blocks_title_and_location_stay_with_its_status() {
        let mut log = String::from("scan results:\n\n");
        for i in 0..40 {
            log.push_str(&format!(
                "Rule: R{i}: \"Ensure item {i} is set\"\n\tPASSED for item: box.{i}\n\tPlace: /etc/a.conf:{i}-{}\n",
                i + 3
            ));
        }
        log.push_str("Rule: R77: \"Ensure the lid is closed\"\n\tFAILED for item: box.lid\n\tPlace: /etc/b.conf:12-19\n\n\t\t12 | lid = open\n\n");
        for i in 40..80 {
            log.push_str(&format!(
                "Rule: R{i}: \"Ensure item {i} is set\"\n\tPASSED for item: box.{i}\n\tPlace: /etc/a.conf:{i}-{}\n",
                i + 3
            ));
        }
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(out.contains("Rule: R77: \"Ensure the lid is closed\"\n\tFAILED for item: box.lid\n\tPlace: /etc/b.conf:12-19\n"), "{out}");
        assert!(!out.contains("R50"), "{out}");
    }

    /// A diagnostic's location keeps its excerpt and, after the blank line under it, the
    /// paragraph that says what is wrong; the noise after that folds.
    #[test]
    fn a_location_keeps_its_excerpt_and_the_message_after_it() {
        let mut log = String::new();
        for i in 0..40 {
            log.push_str(&format!("reading module part {i} of the tree\n"));
        }
        log.push_str("Error: Unsupported thing\n\n  on main.conf line 13, in block \"a\" \"b\":\n  13:   thing = true\n\nA thing named \"thing\" is not expected\nhere.\n\n");
        for i in 40..80 {
            log.push_str(&format!("reading module part {i} of the tree\n"));
        }
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(
            out.contains(
                "  13:   thing = true\n\nA thing named \"thing\" is not expected\nhere.\n"
            ),
            "{out}"
        );
        assert!(!out.contains("part 60"), "{out}");
    }

    #[test]
    fn status_title_and_location_shapes() {
        assert!(failed_status(b"\tFAILED for resource: x"));
        assert!(failed_status(b"   ERROR: broken"));
        assert!(!failed_status(b"FAILED for resource: x"));
        assert!(!failed_status(b"\tPASSED for resource: x"));
        assert!(!failed_status(b"\tFAILEDX"));
        let above: [&[u8]; 2] = [b"  Severity: High", b">> Issue: shell"];
        assert_eq!(title_pull(b"  FAIL: shell=True", above.iter().copied()), 2);
        let open: [&[u8]; 2] = [b"  Severity: High", b""];
        assert_eq!(title_pull(b"  FAIL: shell=True", open.iter().copied()), 0);
        assert_eq!(title_pull(b"  PASS: x", above.iter().copied()), 0);
        assert!(block_location(b"\tFile: /compute.tf:23-31"));
        assert!(block_location(b"   Location: ./a.py:3:0"));
        assert!(block_location(b"  at: src/x.rs:12"));
        assert!(!block_location(b"File: /compute.tf:23-31"));
        assert!(!block_location(b"\tPort: 22"));
        assert!(!block_location(b"\tTime: 10:42"));
        assert!(!block_location(b"\tFile: a b.tf:3"));
    }
}

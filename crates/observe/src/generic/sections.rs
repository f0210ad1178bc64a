//! The line that opens the section an error falls in, whatever tool printed it: a marker a
//! script or a runner writes before each item (`== src/a.pdf`, `==> log.txt <==`, `### step`,
//! `--- job 3 ---`, `>>> call()`, `$ make check`), and the `NAME:` heading an indented block of
//! findings hangs from. Kept with the error, they say which item failed.

/// Whether `line` opens a section: at the left margin, `=` or `#` twice or more (`=` then maybe
/// `>`), a blank and a name holding a letter or digit; `-` three times or more around such a
/// name (`--- job 3 ---`: a diff's `--- a/file` is not one); or a shell prompt `$ ` before a
/// command word. `*`, `>` and `--` lead too many other lines (errors, debug traces, status).
pub(crate) fn section_marker(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    if t.len() < 4 || t.len() > 200 {
        return false;
    }
    let Some(&c) = t.first() else {
        return false;
    };
    if c == b'$' {
        return t.get(1) == Some(&b' ') && t.get(2).is_some_and(u8::is_ascii_alphabetic);
    }
    let least = match c {
        b'=' | b'#' => 2,
        b'-' if t.ends_with(b"---") => 3,
        _ => return false,
    };
    let run = t.iter().take_while(|&&b| b == c).count();
    if run < least || run > 12 {
        return false;
    }
    let mut rest = &t[run..];
    if c == b'=' && rest.first() == Some(&b'>') {
        rest = &rest[1..];
    }
    rest.first() == Some(&b' ') && rest.iter().any(u8::is_ascii_alphanumeric)
}

/// How many lines above an indented `line` to keep so that the `NAME:` heading its block hangs
/// from comes with it: the nearest line above that is indented less, when it ends with a colon
/// and every line between is indented at least as deep as `line` (at most three lines up: a
/// longer block, such as a backtrace under `stack backtrace:`, is not pulled whole); 0 otherwise. `above` runs upwards from the line just above.
pub(crate) fn colon_heading_pull<'a>(line: &[u8], above: impl Iterator<Item = &'a [u8]>) -> usize {
    let indent = |l: &[u8]| l.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
    let ind = indent(line);
    if ind == 0 {
        return 0;
    }
    for (i, l) in above.take(3).enumerate() {
        let t = l.trim_ascii_end();
        if t.is_empty() {
            return 0;
        }
        if indent(l) < ind {
            let heading = t.ends_with(b":") && t.len() <= 200 && t.len() > indent(l) + 1;
            return if heading { i + 1 } else { 0 };
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::{colon_heading_pull, section_marker};

    #[test]
    fn markers_open_sections() {
        for l in [
            "== docs/a.pdf",
            "=== RUN   TestSplit",
            "==> server.log <==",
            "### build step 3",
            "--- job 7 ---",
            "$ make check",
            "## [lint] src/main.c",
        ] {
            assert!(section_marker(l.as_bytes()), "{l}");
        }
    }

    #[test]
    fn other_lines_are_not_markers() {
        for l in [
            "-- Configuring done",
            "---",
            "=====",
            "  == indented",
            "# a comment",
            "==ab",
            "$5 paid",
            "> quoted mail",
            "=== ===",
            "-rw-r--r-- 1 root root 0 a",
            "--- a/src/main.rs",
            "** [{gen,do_call,4}]",
            ">>> host in list? no",
        ] {
            assert!(!section_marker(l.as_bytes()), "{l}");
        }
    }

    #[test]
    fn an_indented_finding_pulls_its_heading() {
        let above: Vec<&[u8]> = vec![b"  error: bad header", b"item_09.bin:", b"item_08 ok"];
        assert_eq!(
            colon_heading_pull(b"  error: cannot read", above.into_iter()),
            2
        );
        let direct: Vec<&[u8]> = vec![b"item_09.bin:", b"rest"];
        assert_eq!(colon_heading_pull(b"    fatal: x", direct.into_iter()), 1);
    }

    #[test]
    fn no_heading_no_pull() {
        let plain: Vec<&[u8]> = vec![b"  info: fine", b"item_09.bin read"];
        assert_eq!(colon_heading_pull(b"  error: x", plain.into_iter()), 0);
        let blank: Vec<&[u8]> = vec![b"", b"item:"];
        assert_eq!(colon_heading_pull(b"  error: x", blank.into_iter()), 0);
        let flat: Vec<&[u8]> = vec![b"item:"];
        assert_eq!(colon_heading_pull(b"error: x", flat.into_iter()), 0);
    }
}

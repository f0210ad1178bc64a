//! A kept line that introduces the list of what went wrong (issue 16, the `wild26` set's tuning
//! half): `  The conflict is caused by:` above the two requirements that clash, `* 1 failed:`
//! above the task that failed. The heading ends in a colon after words that name failures or
//! their cause; the more indented lines under it are the list, and they are what a reader needs.

use crate::rules::Cont;

/// Endings (lower case, before the colon) of a heading whose list says what failed or why.
const ENDINGS: &[&[u8]] = &[
    b"caused by",
    b"because of",
    b"due to",
    b"failed",
    b"failures",
    b"errors",
    b"conflicts",
];

/// Whether `line` heads a list of failures or their causes: it ends in a colon (blanks after it
/// allowed) right after one of [`ENDINGS`], as a word.
pub(crate) fn heading(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    let Some(body) = t.strip_suffix(b":") else {
        return false;
    };
    if body.len() > 160 {
        return false;
    }
    ENDINGS.iter().any(|e| {
        body.len() >= e.len()
            && body[body.len() - e.len()..].eq_ignore_ascii_case(e)
            && body
                .len()
                .checked_sub(e.len() + 1)
                .is_none_or(|i| !body[i].is_ascii_alphanumeric())
    })
}

/// The context such a heading opens when its own reading opened none: the indented lines under
/// a heading flush left, the lines up to the next blank under an indented one.
pub(crate) fn context(line: &[u8], cont: Cont, after: u16) -> (Cont, u16) {
    if after > 0 || !heading(line) {
        return (cont, after);
    }
    if matches!(line.first(), Some(b' ' | b'\t')) {
        (Cont::UntilBlank, 6)
    } else {
        (Cont::Indented, 6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A colon after words naming failures or their cause heads a list; the same words
    /// elsewhere, or inside a longer word, do not.
    #[test]
    fn headings_of_failure_lists() {
        assert!(heading(b"  The conflict is caused by:"));
        assert!(heading(b"* 1 failed:"));
        assert!(heading(b"Build FAILED due to:  "));
        assert!(heading(b"3 errors:"));
        assert!(!heading(b"* 19 ran successfully:"));
        assert!(!heading(b"caused by: x"));
        assert!(!heading(b"tests unfailed:"));
        assert!(!heading(b"terrors:"));
    }

    /// A heading with no context of its own gets one: indented lines under a flush-left one,
    /// lines up to a blank under an indented one; a context already open stays.
    #[test]
    fn a_heading_opens_its_list() {
        assert_eq!(
            context(b"* 1 failed:", Cont::Indented, 0),
            (Cont::Indented, 6)
        );
        assert_eq!(
            context(b"  Caused by:", Cont::Indented, 0),
            (Cont::UntilBlank, 6)
        );
        assert_eq!(context(b"1 failed:", Cont::Sides, 8), (Cont::Sides, 8));
        assert_eq!(
            context(b"all done:", Cont::Indented, 0),
            (Cont::Indented, 0)
        );
    }

    /// In an output, the list under a heading is kept with it, even where the heading is itself
    /// part of the context of an error above it.
    #[test]
    fn the_list_under_a_kept_heading_is_kept() {
        let mut log = String::new();
        for i in 0..60 {
            log.push_str(&format!(
                "  Collecting pkg{i}>=1.{i} (from -r in.txt (line {i}))\n"
            ));
        }
        log.push_str("  ERROR: Cannot install -r in.txt (line 1) and x<1 because of conflicting dependencies.\n  \n  The conflict is caused by:\n      The user requested x<1\n      y 2.0 depends on x>=1.2\n  \n");
        for i in 0..30 {
            log.push_str(&format!("  step {i} of cleanup\n"));
        }
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(out.contains("      y 2.0 depends on x>=1.2\n"), "{out}");
        assert!(out.contains("      The user requested x<1\n"), "{out}");
    }
}

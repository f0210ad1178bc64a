//! A level word glued to the end of another line (issue 16, the `wild23` set's held-out half):
//! a program writing data to stdout and errors to stderr, both into one pipe, can have its
//! `ERROR: from element …: No valid frames decoded` land in the middle of a long stdout line
//! (`… caps = …, streamheader=(buffer)< 01766f…0000ERROR: from element …`): the error is there,
//! glued to the data's last token.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// An error when `t` holds `ERROR: `, `FATAL: ` or `CRITICAL: ` right after a letter or digit
/// (glued, so the scan's word test refused it) and not at its start.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    const LEVELS: [&[u8]; 3] = [b"ERROR", b"FATAL", b"CRITICAL"];
    // Each `: ` of the line, then the level before it: one pass of `memchr`, no searcher built.
    memchr::memchr_iter(b':', t)
        .any(|i| {
            t.get(i + 1) == Some(&b' ')
                && LEVELS.iter().any(|level| {
                    t[..i].ends_with(level)
                        && i > level.len()
                        && t[i - level.len() - 1].is_ascii_alphanumeric()
                })
        })
        .then_some(sig(Kind::Error, 6, true))
}

/// [`shape`] of the last 1,024 bytes of a line longer than the part the core classifies (a
/// data line of kilobytes, the glued message at its end): bounded, as that part is.
pub(crate) fn in_tail(line: &[u8]) -> bool {
    shape(&line[line.len().saturating_sub(1024)..]).is_some()
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A capitalised level and its colon glued to the data before it is an error; a level
    /// inside a name (`MY_ERROR: 3`, `xERRORS`) or a lower-case one is not.
    #[test]
    fn a_level_glued_to_the_end_of_a_data_line() {
        assert_eq!(
            kind("x: caps = audio/x, header=(buffer)< 0100ERROR: from element /a/b: No frames"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("value 00fe00FATAL: cannot map segment"),
            Some(Kind::Error)
        );
        assert_eq!(kind("MY_ERROR: 3"), None);
        assert_eq!(kind("count 3 xerror: none"), None);
        let long = [&[b'0'; 3000][..], b"ERROR: from element /a: No frames"].concat();
        assert!(super::in_tail(&long));
        assert!(!super::in_tail(&[b'0'; 3000]));
    }
}

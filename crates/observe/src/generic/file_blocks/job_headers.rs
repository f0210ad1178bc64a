//! The header a runner of many jobs prints above the output of each one that wrote something
//! (issue 16, the `wild27` set's tuning half): `run-parts --report` prints `cron.daily/20backup:`
//! above the job's stderr (`tar: …: file changed as we read it`), which names no job; `ls -R`
//! prints `./src/lib:` above a directory's entries. A path with a directory, alone on its line
//! before a colon.

/// `cron.daily/20backup`, `./src/lib` (the header without its colon): a path of at most 120
/// bytes with a `/` and a name after its last one, of letters, digits and `._-/`.
pub(super) fn names_a_job(path: &[u8]) -> bool {
    let Some(slash) = memchr::memrchr(b'/', path) else {
        return false;
    };
    path.len() <= 120
        && slash + 1 < path.len()
        && path[slash + 1..].iter().any(u8::is_ascii_alphabetic)
        && path
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::super::names_a_file;

    /// A path with a directory alone before a colon heads a job's block; a bare name, a URL or
    /// a sentence does not.
    #[test]
    fn a_job_header_alone_before_a_colon() {
        assert!(names_a_file(b"cron.daily/20backup:"));
        assert!(names_a_file(b"./src/lib:"));
        assert!(!names_a_file(b"cron.daily/20backup"));
        assert!(!names_a_file(b"photo_like.png:"));
        assert!(!names_a_file(b"https://example.org/x:"));
        assert!(!names_a_file(b"dir/:"));
    }
}

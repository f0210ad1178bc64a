//! A file or a resource named alone on its line, heading what a tool says about it (issue 16,
//! the `wild30` set's tuning half): a linter's table formatter prints `/src/app/m1.js` above the
//! table of that file's findings, a downloader `--2026-12-07 12:25:31--  http://host/p.html`
//! above the request's `ERROR 404: Not Found.`, which name neither file nor URL.

/// `/src/app/m1.js`, `./lib/a.py`, `../x/y.c`: an absolute or relative path alone (no colon
/// after it: that is `job_headers`' shape) whose last part is a file name with an extension.
pub(super) fn names_a_path(path: &[u8], file_name: fn(&[u8]) -> bool) -> bool {
    (path.starts_with(b"/") || path.starts_with(b"./") || path.starts_with(b"../"))
        && memchr::memchr(b'/', &path[1..]).is_some()
        && file_name(path)
}

/// `http://host/p.html` after at most two leading words (a stamp, a method): an absolute URL
/// with a scheme of letters and a host, the last word of a short line.
pub(super) fn names_a_url(words: &[&[u8]]) -> bool {
    let Some((&url, lead)) = words.split_last() else {
        return false;
    };
    let Some(sep) = memchr::memmem::find(url, b"://") else {
        return false;
    };
    lead.len() <= 2
        && (3..=6).contains(&sep)
        && url[..sep].iter().all(u8::is_ascii_lowercase)
        && url.len() > sep + 4
        && url[sep + 3].is_ascii_alphanumeric()
}

#[cfg(test)]
mod tests {
    use super::super::names_a_file;

    #[test]
    fn a_path_alone_heads_its_block() {
        assert!(names_a_file(b"/src/app/m1.js"));
        assert!(names_a_file(b"./lib/report.py"));
        assert!(!names_a_file(b"m1.js"));
        assert!(!names_a_file(b"/usr/lib"));
        assert!(!names_a_file(b"/src/app/m1.js is fine"));
        assert!(!names_a_file(b"  /src/app/m1.js"));
    }

    #[test]
    fn a_url_alone_or_after_a_stamp_heads_its_block() {
        assert!(names_a_file(
            b"--2026-12-07 12:25:31--  http://127.0.0.1:8080/p3.html"
        ));
        assert!(names_a_file(b"GET https://example.org/a/b"));
        assert!(names_a_file(b"https://example.org/a/b"));
        assert!(!names_a_file(
            b"see https://example.org/help for more details"
        ));
        assert!(!names_a_file(b"http://"));
        assert!(!names_a_file(b"Error: file:///x"));
    }
}

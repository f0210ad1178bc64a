//! A request a server or a client logged with a failed status (issue 16, the `wild25` set's
//! held-out half): a web framework's access line `GET /posts/30 404 8.682 ms - 2` (a method, a
//! path, then the status) and a client's `404 /posts/30` (the status, then the path). A status
//! of 400 or more is an error; each request is kept (a 404 among 200s is what went wrong).
//! The `wild28` set's tuning half: a status a client printed with one label word after it
//! (`curl -w '%{http_code} name\n'`: `403 blocked`, `404 p31`, `000 connect` when no answer
//! came) is one too.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The request methods an access line starts with.
const METHODS: [&[u8]; 7] = [
    b"GET", b"POST", b"PUT", b"PATCH", b"DELETE", b"HEAD", b"OPTIONS",
];

/// An error when `t` (the line without its indentation) is a request with a failed status.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if lone_status(t) {
        return Some(sig(Kind::Error, 0, false));
    }
    // The first token is a method (at most 7 capitals) or a status (3 digits).
    let first_len = t.iter().take(8).position(|&b| b == b' ')?;
    if first_len < 3 {
        return None;
    }
    let mut words = t.split(|&b| b == b' ');
    let first = words.next()?;
    let second = words.next()?;
    let failed = if METHODS.contains(&first) {
        path(second) && words.next().is_some_and(failed_status)
    } else {
        failed_status(first) && path(second)
    };
    failed.then_some(sig(Kind::Error, 0, false))
}

/// A request path: `/` then no blank (the split already ends it).
fn path(w: &[u8]) -> bool {
    w.first() == Some(&b'/')
}

/// A failed status before one label word (a letter, then letters, digits, `_` or `-`: no path,
/// number or sentence), as a client's write-out prints it (a bare number may be a count).
fn lone_status(t: &[u8]) -> bool {
    if t.get(3) != Some(&b' ') {
        return false;
    }
    let (status, label) = (&t[..3], &t[4..]);
    // A label is a word: a numbered listing's blank line (`523 `) or code line is not.
    let word = label.first().is_some_and(u8::is_ascii_alphabetic)
        && label
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'));
    word && (failed_status(status) || status == b"000")
}

/// A three-digit HTTP status from 400 to 599.
fn failed_status(w: &[u8]) -> bool {
    w.len() == 3 && matches!(w[0], b'4' | b'5') && w[1..].iter().all(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::shape;

    fn failed(line: &str) -> bool {
        shape(line.trim_ascii_start().as_bytes()).is_some()
    }

    /// Requests with a 4xx or 5xx status are errors; a 2xx request, a count or a sentence is not.
    #[test]
    fn requests_logged_with_a_failed_status() {
        assert!(failed("GET /posts/30 404 8.682 ms - 2"));
        assert!(failed("DELETE /items/9 500 1.2 ms - 35"));
        assert!(failed("404 /posts/30"));
        assert!(!failed("GET /posts/3 200 1.669 ms - 57"));
        assert!(!failed("200 /posts/3"));
        assert!(!failed("404 files checked"));
        assert!(!failed("GET the value 404"));
    }

    /// A failed status before one label word is an error; a bare status, a status before a path
    /// only as above, a count before a sentence or a file name is not.
    #[test]
    fn statuses_a_client_printed() {
        assert!(!failed("404"));
        assert!(failed("403 blocked"));
        assert!(failed("404 p31"));
        assert!(!failed("200 p1"));
        assert!(!failed("200"));
        assert!(!failed("404 |"));
        assert!(!failed("404 lines.txt"));
        assert!(!failed("4040"));
        assert!(!failed("000 12"));
        assert!(!failed("523 "));
        assert!(!failed("404     return x"));
    }
}

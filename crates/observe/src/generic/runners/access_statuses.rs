//! A request a server or a client logged with a failed status (issue 16, the `wild25` set's
//! held-out half): a web framework's access line `GET /posts/30 404 8.682 ms - 2` (a method, a
//! path, then the status) and a client's `404 /posts/30` (the status, then the path). A status
//! of 400 or more is an error; each request is kept (a 404 among 200s is what went wrong).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The request methods an access line starts with.
const METHODS: [&[u8]; 7] = [
    b"GET", b"POST", b"PUT", b"PATCH", b"DELETE", b"HEAD", b"OPTIONS",
];

/// An error when `t` (the line without its indentation) is a request with a failed status.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
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
}

//! The status line of an HTTP response that failed, at the start of a line or after a verbose
//! client's `< `: `HTTP/1.0 404 File not found`, `< HTTP/1.1 503 Service Unavailable`, a load
//! tool's row `HTTP/1.1 404     0.00 secs:     335 bytes ==> GET  /docs/x.html`. A 4xx or 5xx
//! status is an error, each one kept (each row is a different request); 1xx to 3xx are not.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// An error when `t` is led (after an optional `< `) by `HTTP/`, a version, a blank and a 4xx
/// or 5xx status followed by a blank or the end.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let t = match t.first()? {
        b'H' => t,
        b'<' => t.strip_prefix(b"< ")?,
        _ => return None,
    };
    let rest = t.strip_prefix(b"HTTP/")?;
    let v = rest
        .iter()
        .take_while(|b| b.is_ascii_digit() || **b == b'.')
        .count();
    let [b' ', b'4' | b'5', d1, d2, ..] = rest.get(v..)? else {
        return None;
    };
    let ends = rest.get(v + 4).is_none_or(|&b| b == b' ');
    (v > 0 && d1.is_ascii_digit() && d2.is_ascii_digit() && ends).then_some(sig(
        Kind::Error,
        0,
        false,
    ))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A 4xx or 5xx status line is an error, with or without a client's `< `; a 2xx or 3xx
    /// one, and a status inside a sentence, are not.
    #[test]
    fn failed_http_status_lines() {
        assert_eq!(kind("HTTP/1.0 404 File not found\\r"), Some(Kind::Error));
        assert_eq!(
            kind("HTTP/1.1 404     0.00 secs:     335 bytes ==> GET  /docs/x.html"),
            Some(Kind::Error)
        );
        assert_eq!(kind("< HTTP/2 503"), Some(Kind::Error));
        assert_eq!(kind("HTTP/1.0 200 OK"), None);
        assert!(super::shape(b"HTTP/1.1 301 Moved Permanently").is_none());
        assert_eq!(kind("HTTP/1.1 4040 x"), None);
        assert_eq!(kind("the server sent HTTP/1.1 404 x"), None);
    }
}

//! A failed HTTP status next to the request it answers, in a server's access log or a
//! crawler's log (issue 16, the `wild26` set's tuning half): `"GET /item/0 HTTP/1.1" 500 453`
//! (the common log format, after any prefix), `Crawled (404) <GET http://h/p/x.html>`,
//! `Ignoring response <404 http://h/p/x.html>`; and a count keyed by such a status, `
//! 'downloader/response_status_count/404': 3,`. A 4xx or 5xx status is an error (each request
//! may name another page; repeats of one shape fold beyond the group limit); 1xx to 3xx are not.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Request methods, each with the blank after it.
const METHODS: &[&[u8]] = &[
    b"GET ",
    b"POST ",
    b"PUT ",
    b"DELETE ",
    b"PATCH ",
    b"HEAD ",
    b"OPTIONS ",
];

/// [`shape`] on the lines it can match that the line's first byte lets through: a count led
/// by its quoted key, a log line led by a timestamp, an address or a bracket (`[2026-…`,
/// `127.0.0.1 - -`, `::1 - -`). A line led by a word (a host name) is not searched: the search
/// for a quote in every line cost 2% of the compressor's instructions.
#[inline]
pub(super) fn led(t: &[u8]) -> Option<Signal> {
    match t.first()? {
        b'0'..=b'9' | b'[' | b':' | b'\'' | b'"' => shape(t),
        _ => None,
    }
}

/// An error when a request in `t` (a method and a path or URL after `"` or `<`) has a 4xx
/// or 5xx status right after its closing quote or bracket, or right before its `<` in
/// parentheses; or when `t` is a non-zero count keyed by such a status.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    if matches!(t.first(), Some(b'\'' | b'"')) && keyed_count(t) {
        return Some(sig(Kind::Error, 0, true));
    }
    for i in memchr::memchr2_iter(b'"', b'<', t) {
        let rest = &t[i + 1..];
        if t[i] == b'<' && failed(rest) {
            return Some(sig(Kind::Error, 0, true));
        }
        // The method, then a target that is a path or a URL.
        let Some(target) = METHODS.iter().find_map(|m| rest.strip_prefix(*m)) else {
            continue;
        };
        if !(target.starts_with(b"/") || target.starts_with(b"http")) {
            continue;
        }
        let close = if t[i] == b'"' { b'"' } else { b'>' };
        let before = t[..i].strip_suffix(b" ").and_then(|h| h.strip_suffix(b")"));
        let paren = before
            .is_some_and(|h| h.len() >= 4 && h[h.len() - 4] == b'(' && failed(&h[h.len() - 3..]));
        let after = memchr::memchr(close, rest).and_then(|e| rest[e + 1..].strip_prefix(b" "));
        return (paren || after.is_some_and(failed)).then_some(sig(Kind::Error, 0, true));
    }
    None
}

/// Whether `s` starts with a 4xx or 5xx status standing alone (not part of a longer number or
/// a name).
fn failed(s: &[u8]) -> bool {
    matches!(s, [b'4' | b'5', a, b, ..] if a.is_ascii_digit() && b.is_ascii_digit())
        && s.get(3)
            .is_none_or(|&b| !b.is_ascii_alphanumeric() && b != b'.')
}

/// `'downloader/response_status_count/404': 3,`: a quoted key whose last segment is a 4xx or
/// 5xx status, a colon and a count other than zero.
fn keyed_count(t: &[u8]) -> bool {
    let q = t[0];
    let Some(end) = memchr::memchr(q, &t[1..]).map(|e| e + 1) else {
        return false;
    };
    let key = &t[1..end];
    let Some(value) = t[end + 1..].strip_prefix(b":") else {
        return false;
    };
    let value = value.trim_ascii_start();
    let digits = value.iter().take_while(|b| b.is_ascii_digit()).count();
    key.len() > 4
        && matches!(key[key.len() - 4], b'/' | b'_' | b'.' | b':')
        && failed(&key[key.len() - 3..])
        && digits > 0
        && value[..digits].iter().any(|&b| b != b'0')
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A request answered by a 4xx or 5xx status is an error, in an access log or a crawler's
    /// line; 2xx and 3xx answers, a status inside a path, and a number of four digits are not.
    #[test]
    fn failed_requests() {
        let access = r#"[2026-01-02 10:00:00 +0000] [61] [INFO] 127.0.0.1:4054 - - [02/Jan/2026:10:00:00 +0000] "GET /item/0 1.1" 500 - "-" "curl/7.88.1""#;
        assert_eq!(kind(access), Some(Kind::Error));
        assert_eq!(
            kind(r#"10.0.0.7 - - [02/Jan/2026:10:00:01] "GET /item/17" 404 453"#),
            Some(Kind::Error)
        );
        assert_eq!(
            kind(
                "2026-01-02 10:00:02 [x.engine] DEBUG: Crawled (404) <GET http://h/p/old.html> (referer: None)"
            ),
            Some(Kind::Error)
        );
        assert!(
            super::shape(b"x INFO: Ignoring response <503 http://h/p/a.html>: not handled")
                .is_some()
        );
        assert_eq!(
            kind(r#"10.0.0.1 - - [02/Jan/2026:10:00:03] "GET /p/404.html HTTP/1.1" 200 12"#),
            None
        );
        assert!(super::shape(b"Crawled (200) <GET http://h/p/a.html>").is_none());
        assert!(super::shape(br#""POST /api HTTP/1.1" 4040 x"#).is_none());
        assert!(super::shape(br#"say "GET a" 500 times"#).is_none());
    }

    /// A non-zero count keyed by a failed status is an error; a zero count, a success status
    /// and a key that only ends in digits are not.
    #[test]
    fn counts_of_failed_statuses() {
        assert!(super::shape(b"'downloader/response_status_count/404': 3,").is_some());
        assert!(super::shape(br#""status_503": 12"#).is_some());
        assert!(super::shape(b"'downloader/response_status_count/404': 0,").is_none());
        assert!(super::shape(b"'downloader/response_status_count/200': 21,").is_none());
        assert!(super::shape(b"'memusage/max': 90669056,").is_none());
        assert!(super::shape(b"'port404': 3,").is_none());
    }
}

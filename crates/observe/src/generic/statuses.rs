//! The HTTP status of a logged request, as an access log or a proxy prints it.

/// The status code after the quoted request of an access-log line (`"GET / HTTP/1.1" 404`),
/// or of the protocol and status in parentheses (`GET / => … (HTTP/1.1 404) …`).
pub(super) fn http_status(line: &[u8]) -> Option<&[u8]> {
    // The quote that closes `HTTP/1.1"`: a quote is rarer than an `H`, and lines are short.
    memchr::memchr_iter(b'"', line)
        .find_map(|q| {
            let version = &line[q.saturating_sub(8)..q];
            let status = line.get(q + 2..q + 5)?;
            (version.windows(5).any(|w| w == b"HTTP/")
                && line[q + 1] == b' '
                && status.iter().all(u8::is_ascii_digit))
            .then_some(status)
        })
        .or_else(|| paren_status(line))
}

/// `(HTTP/1.1 404)`: the status of a request logged with its protocol in parentheses.
fn paren_status(line: &[u8]) -> Option<&[u8]> {
    memchr::memchr_iter(b'(', line).find_map(|at| {
        if !line[at..].starts_with(b"(HTTP/") {
            return None;
        }
        let rest = &line[at + 6..];
        let v = rest
            .iter()
            .take_while(|b| b.is_ascii_digit() || **b == b'.')
            .count();
        let status = rest.get(v + 1..v + 4)?;
        (rest[v] == b' ' && status.iter().all(u8::is_ascii_digit) && rest.get(v + 4) == Some(&b')'))
            .then_some(status)
    })
}

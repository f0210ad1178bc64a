//! A record's level in three capitals (issue 16, the `wild28` set's held-out half): Go
//! servers' `[12145] 2026/12/07 12:31:24.707309 [WRN] Plaintext passwords detected` (`[INF]`,
//! `[DBG]`, `[TRC]` are their ordinary record), and a line protocol's error reply `-ERR
//! Authorization Violation` (NATS, POP3, Redis), alone or closing a trace line (`… ->> [-ERR
//! Unknown Protocol Operation]`).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// How far into a line a bracketed level is looked for (after a pid, a date and a time).
const LEVEL_WITHIN: usize = 64;

/// A warning or an error when a bracketed three-capital level (`[WRN]`, `[ERR]`, `[FTL]`)
/// stands within the first [`LEVEL_WITHIN`] bytes of a line led by a bracket (`[pid]`), after a
/// blank or at the start.
pub(super) fn level(t: &[u8]) -> Option<Signal> {
    let head = &t[..t.len().min(LEVEL_WITHIN)];
    let mut from = 0;
    while let Some(i) = memchr::memchr(b'[', &head[from..]) {
        let at = from + i;
        if let Some(&[a, b, c, b']']) = t.get(at + 1..at + 5)
            && (at == 0 || t[at - 1] == b' ')
        {
            return match &[a, b, c] {
                b"WRN" => Some(sig(Kind::Warning, 1, true)),
                b"ERR" | b"FTL" | b"CRT" => Some(sig(Kind::Error, 2, true)),
                _ => None,
            };
        }
        from = at + 1;
    }
    None
}

/// An error when `t` is a protocol's error reply: `-ERR` then a blank and the reason.
pub(super) fn reply(t: &[u8]) -> Option<Signal> {
    let rest = t.strip_prefix(b"-ERR ")?;
    (!rest.trim_ascii().is_empty()).then_some(sig(Kind::Error, 0, true))
}

/// An error when `t` ends with a bracketed error reply: `… ->> [-ERR Authorization Violation]`.
pub(super) fn closing_reply(t: &[u8]) -> Option<Signal> {
    let open = memchr::memrchr(b'[', t)?;
    let inner = &t[open + 1..t.len() - 1];
    (open > 0 && t[open - 1] == b' ')
        .then(|| reply(inner))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::super::shape;
    use crate::rules::Kind;

    fn kind(line: &str) -> Option<Kind> {
        shape(line.trim_ascii_start().as_bytes()).map(|s| s.kind)
    }

    /// A bracketed three-capital level decides; the ordinary levels and brackets farther in
    /// do not.
    #[test]
    fn levels_in_three_capitals() {
        let w = "[12145] 2026/12/07 12:31:24.707309 [WRN] Plaintext passwords detected";
        assert_eq!(kind(w), Some(Kind::Warning));
        let e = "[7] 2026/12/07 12:31:28.054981 [ERR] 127.0.0.1:60206 - cid:5 - Publish Violation";
        assert_eq!(kind(e), Some(Kind::Error));
        assert_eq!(
            kind("[12145] 2026/12/07 12:31:24.707 [INF] Server is ready"),
            None
        );
        assert_eq!(kind("[WRNX] x"), None);
        let far = "[1] 2026/12/07 12:31:24 [INF] a client sent the text: `see [WRN] below` ok";
        assert_eq!(kind(far), None);
    }

    /// A protocol's `-ERR` reply, alone or closing a line in brackets, is an error.
    #[test]
    fn error_replies() {
        assert_eq!(kind("-ERR unknown command 'FOO'"), Some(Kind::Error));
        let traced =
            "[1] 12:31:28 [TRC] 127.0.0.1:60214 - cid:6 - ->> [-ERR Authorization Violation]";
        assert_eq!(kind(traced), Some(Kind::Error));
        assert_eq!(
            kind("[1] 12:31:28 [TRC] 127.0.0.1:60214 - cid:6 - ->> [OK]"),
            None
        );
        assert_eq!(kind("-ERRATA follow"), None);
        assert_eq!(kind("see the list [a-ERR b]"), None);
    }
}

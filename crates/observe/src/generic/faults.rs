//! Faults said without a severity word the scan knows: a connection reset in a packet trace
//! (`Flags [R.]`, `[RST, ACK]`), and a finding led by a lower level with its rule code
//! (`help[rule-name]: …`, `note[W12]: …`), as `warning[…]:` leads one. (A peer or port
//! `unreachable` is a severity word of the scan.)

use super::{Signal, sig};
use crate::rules::Kind;

/// The signal of a line with no scanned word that says one of these faults (see the module).
pub(crate) fn fault(t: &[u8]) -> Option<Signal> {
    // Told by the first byte: a trace's lines begin with a time or a number.
    match t.first()? {
        b'h' | b'n' | b'i' => coded_finding(t).then_some(sig(Kind::Warning, 2, true)),
        b'0'..=b'9' => reset(t).then_some(sig(Kind::Error, 0, true)),
        _ => None,
    }
}

/// `Flags [R.]`, `Flags [R]` or `[RST, ACK]`: a reset in a packet trace.
fn reset(t: &[u8]) -> bool {
    memchr::memchr_iter(b'[', t).any(|i| {
        let Some(r) = t[i + 1..].strip_prefix(b"R") else {
            return false;
        };
        r.starts_with(b".]")
            || r.starts_with(b"]")
            || r.starts_with(b"ST]")
            || r.starts_with(b"ST,")
    })
}

/// `help[template-injection]: code injection …`: a lower-case level, a bracketed rule code and
/// a colon lead the line.
fn coded_finding(t: &[u8]) -> bool {
    let level = t.iter().take_while(|b| b.is_ascii_lowercase()).count();
    if !matches!(&t[..level], b"help" | b"note" | b"info" | b"hint") || t.get(level) != Some(&b'[')
    {
        return false;
    }
    let rest = &t[level + 1..];
    let Some(close) = memchr::memchr(b']', rest) else {
        return false;
    };
    close > 0
        && rest[..close]
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'/'))
        && rest[close + 1..].starts_with(b": ")
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::generic::tests::kind;

    #[test]
    fn faults_said_without_a_severity_word() {
        assert_eq!(
            kind("10:00:01.187237 IP a > b: ICMP a udp port 53 unreachable, length 40"),
            Some(Kind::Error)
        );
        assert_eq!(kind("connect: Network is unreachable"), Some(Kind::Error));
        assert_ne!(
            kind("host : ok=3 changed=0 unreachable=0 failed=0"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("10:00:01.154349 IP a.80 > b.5000: Flags [R.], seq 0, ack 1, win 0"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("1 0.1 a -> b TCP 54 80 > 5000 [RST, ACK] Seq=1"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("10:00:01.154349 IP a.80 > b.5000: Flags [P.], seq 1:5, ack 1"),
            None
        );
        assert_eq!(
            kind("help[rule-name]: code injection via expansion"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("help: try this instead"), None);
        assert_eq!(kind("info[x y]: no"), None);
    }

    /// A trace that folds keeps the reset and the unreachable port among its packets.
    #[test]
    fn a_trace_keeps_its_faults() {
        let mut log = String::new();
        for i in 0..80 {
            log.push_str(&format!(
                "10:00:{:02}.{i:03} IP a.{} > b.80: Flags [P.], seq {i}:{}, ack 1, length 10\n",
                i % 60,
                4000 + i,
                i + 10
            ));
        }
        log.push_str("10:01:00.000 IP b.81 > a.4100: Flags [R.], seq 0, ack 7, win 0, length 0\n");
        for i in 0..80 {
            log.push_str(&format!(
                "10:02:{:02}.{i:03} IP a.{} > b.80: Flags [.], ack {i}, win 512, length 0\n",
                i % 60,
                4000 + i
            ));
        }
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(out.contains("Flags [R.]"), "{out}");
        assert!(out.len() * 4 < log.len(), "{out}");
    }
}

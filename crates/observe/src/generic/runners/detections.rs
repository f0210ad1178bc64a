//! What a scanner detected, said by a capitalised `FOUND` closing the line (issue 16, the
//! `wild21` set's tuning half): `tree/a/eicar.com: Eicar-Test-Signature FOUND`,
//! `mail/x.eml: Heuristics.Phishing.Email FOUND` — the scanned thing, a colon, the name of
//! the signature it matched, then the verdict.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A warning when `t` (the line without its indentation) is a detection: `SUBJECT: NAME FOUND`,
/// `NAME` one token (no blank) and `FOUND` in capitals ending the line.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let head = t.strip_suffix(b" FOUND")?;
    let at = memchr::memrchr(b' ', head)?;
    let name = &head[at + 1..];
    (at > 1 && head[at - 1] == b':' && !name.is_empty() && name.iter().any(u8::is_ascii_alphabetic))
        .then_some(sig(Kind::Warning, 0, true))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A signature's name after a colon, then `FOUND`, is a detection; `FOUND` said otherwise
    /// (a lower-case `found`, no signature) is not.
    #[test]
    fn detections_closed_by_found() {
        assert_eq!(
            kind("srv/upload/x.pdf: Doc.Dropper.Agent-1234 FOUND"),
            Some(Kind::Warning)
        );
        assert_eq!(
            kind("/home/a/b c/d.zip: Win.Trojan.X-1 FOUND"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("srv/upload/x.pdf: OK"), None);
        assert_eq!(kind("srv/upload/x.pdf: nothing found"), None);
        assert_eq!(kind("Checking suspicious files: FOUND"), None);
    }
}

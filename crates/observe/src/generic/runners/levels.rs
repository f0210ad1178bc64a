//! A log's level said by one letter between its timestamp and its source (issue 16, the
//! `wild19` set's tuning half): `2026-12-07 03:22:58.460592 W | auth: simple token is not
//! cryptographically signed`. `W` (warning) and `N` (notice) are warnings, `E` (error), `C`
//! (critical) and `F` (fatal) errors; `I` and `D` lines are the log's ordinary record.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// The level letter of a line led by `YYYY-MM-DD HH:MM:SS[.frac]` and `L | `, as a signal.
/// `t` is the line without its indentation.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    // The date's shape first, by position: most lines fail at the first byte.
    if t.len() < 24 || !t[0].is_ascii_digit() || t[4] != b'-' || t[7] != b'-' || t[10] != b' ' {
        return None;
    }
    if t[13] != b':' || t[16] != b':' {
        return None;
    }
    let time = t[11..]
        .iter()
        .take_while(|b| b.is_ascii_digit() || matches!(b, b':' | b'.'))
        .count();
    let rest = &t[11 + time..];
    let [b' ', level, b' ', b'|', b' ', ..] = rest else {
        return None;
    };
    match level {
        b'W' | b'N' => Some(sig(Kind::Warning, 2, true)),
        b'E' | b'C' | b'F' => Some(sig(Kind::Error, 6, true)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// The level letter after a timestamp decides; `I` lines and other letters are not this.
    #[test]
    fn one_letter_levels_after_a_timestamp() {
        let w = "2026-12-07 03:22:58.460592 W | auth: simple token is not cryptographically signed";
        assert_eq!(kind(w), Some(Kind::Warning));
        let n = "2026-12-07 03:22:58.877531 N | embed: serving insecure client requests";
        assert_eq!(kind(n), Some(Kind::Warning));
        let e = "2026-12-07 03:22:58 E | rafthttp: lost the TCP streaming connection";
        assert_eq!(kind(e), Some(Kind::Error));
        let i = "2026-12-07 03:22:58.210373 I | etcdmain: Git SHA: Not provided";
        assert_eq!(kind(i), None);
        assert_eq!(kind("2026-12-07 03:22:58.1 X | y"), None);
        assert_eq!(kind("2026-12-07 03:22:58 W something"), None);
    }
}

//! A level letter behind a timestamp and the program's `name[pid]`: `2026/12/07 06:16:18
//! socat[5572] W recvmsg(): Resource temporarily unavailable`. `W` is a warning, `E`, `F` and
//! `C` errors; `N` (notice), `I` and `D` lines are the log's ordinary record.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// After the timestamp (`rest`): a name, `[digits]`, a blank, the level letter and a blank.
#[inline]
pub(super) fn shape(rest: &[u8]) -> Option<Signal> {
    let open = rest.iter().take(40).position(|&b| b == b'[')?;
    let after = &rest[open + 1..];
    let digits = after.iter().take_while(|b| b.is_ascii_digit()).count();
    let [b']', b' ', level, b' ', ..] = *after.get(digits..)? else {
        return None;
    };
    if open == 0 || digits == 0 || rest[..open].contains(&b' ') {
        return None;
    }
    match level {
        b'W' => Some(sig(Kind::Warning, 2, true)),
        b'E' | b'F' | b'C' => Some(sig(Kind::Error, 6, true)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// The level letter after `name[pid]` decides; notices and other shapes are not this.
    #[test]
    fn level_letters_after_a_program_and_its_pid() {
        let w = "2026/12/07 06:16:18 socat[5572] W recvmsg(): Resource temporarily unavailable";
        assert_eq!(kind(w), Some(Kind::Warning));
        let e = "2026/12/07 06:16:18 relay[12] E connect(5): lost";
        assert_eq!(kind(e), Some(Kind::Error));
        let n = "2026/12/07 06:16:18 socat[5572] N listening on AF=2 127.0.0.1:28301";
        assert_eq!(kind(n), None);
        assert_eq!(kind("2026/12/07 06:16:18 a b[1] W x"), None);
    }
}

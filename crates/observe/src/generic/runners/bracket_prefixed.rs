//! A line a parallel runner printed behind the bracketed name of the command it ran (issue 16,
//! the `wild25` set's tuning half): `[build-f]     at Object.<anonymous>
//! (/w/packages/f/build.js:27:13)`. The name is one token in brackets, then a blank and the
//! command's own line with its indentation. Such a frame is read as if the runner had not
//! prefixed it: a frame of the project's own code is kept.

use crate::generic::Signal;

/// The longest name a prefix holds.
const MAX_NAME: usize = 40;

/// The command's own line after a `[name] ` prefix leading `t` (the line without its
/// indentation), or `None` when no such prefix leads it.
pub(super) fn strip(t: &[u8]) -> Option<&[u8]> {
    if t.first() != Some(&b'[') {
        return None;
    }
    let close = t.iter().take(MAX_NAME + 2).position(|&b| b == b']')?;
    let name = &t[1..close];
    let named = !name.is_empty() && name.iter().all(|&b| b.is_ascii_graphic() && b != b'[');
    (named && t.get(close + 1) == Some(&b' ')).then(|| &t[close + 2..])
}

/// The frame after a runner's `[name] ` prefix, as the core reads it unprefixed.
pub(super) fn frame(t: &[u8]) -> Option<Signal> {
    // A frame ends with its location: most lines end otherwise.
    if !matches!(t.last(), Some(b')' | b'0'..=b'9')) {
        return None;
    }
    super::prefixed::frame_after(strip(t)?)
}

#[cfg(test)]
mod tests {
    use super::strip;
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A bracket-prefixed frame of the project's code is kept; a library's, or a bracketed
    /// word that is not a prefix, is not.
    #[test]
    fn frames_behind_a_bracketed_command_name() {
        let own = "[build-f]     at Object.<anonymous> (/w/packages/f/build.js:27:13)";
        assert_eq!(kind(own), Some(Kind::Frame));
        let lib = "[build-f]     at Module._compile (node:internal/modules/cjs/loader:1521:14)";
        assert_eq!(kind(lib), None);
        assert_eq!(kind("[0] at noon (see page 2:11)"), None);
        assert_eq!(strip(b"[a b] x"), None);
        assert_eq!(strip(b"[api] ready"), Some(&b"ready"[..]));
    }
}

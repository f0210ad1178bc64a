//! A resolved stack frame in the project's own code, printed as its relative source path and
//! line, then the code address in brackets: `source/stats.d:31 [0x558efb240907]` (a D program
//! built with debug information). Frames of the runtime and the standard library carry an
//! absolute path (`/usr/lib/ldc/…/conv.d:3341 [0x…]`) or none (`??:? [0x…]`).

use crate::generic::{Signal, shapes::ends_with_ext, sig};
use crate::rules::Kind;

/// A frame when `t` is `PATH:N [0xHEX]` with a relative `PATH` ending in an extension.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let (place, addr) = t.strip_suffix(b"]")?.split_once_str(b" [0x")?;
    if addr.is_empty() || !addr.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    let colon = memchr::memrchr(b':', place)?;
    let (path, line) = (&place[..colon], &place[colon + 1..]);
    let own = !path.is_empty()
        && !matches!(path[0], b'/' | b'?')
        && !path.contains(&b' ')
        && ends_with_ext(path);
    (own && !line.is_empty() && line.iter().all(u8::is_ascii_digit)).then_some(sig(
        Kind::Frame,
        0,
        false,
    ))
}

/// The frame of `line` when what follows its `path:N` location (`rest`) is only `[0xHEX]`.
#[inline]
pub(super) fn after_location(line: &[u8], rest: &[u8]) -> Option<Signal> {
    let t = line.trim_ascii();
    (rest.len() < t.len() && t.ends_with(rest.trim_ascii_end())).then(|| shape(t))?
}

/// Splitting a byte string at its first `sep`.
trait SplitOnce {
    fn split_once_str(&self, sep: &[u8]) -> Option<(&[u8], &[u8])>;
}

impl SplitOnce for [u8] {
    fn split_once_str(&self, sep: &[u8]) -> Option<(&[u8], &[u8])> {
        let i = memchr::memmem::find(self, sep)?;
        Some((&self[..i], &self[i + sep.len()..]))
    }
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A relative source path with a line and an address is a frame; the runtime's absolute
    /// paths and unresolved frames are not.
    #[test]
    fn a_resolved_frame_of_the_project() {
        assert_eq!(
            kind("source/stats.d:31 [0x558efb240907]"),
            Some(Kind::Frame)
        );
        assert_eq!(
            kind("/usr/lib/ldc/include/d/std/conv.d:3341 [0x558efb2486c4]"),
            None
        );
        assert_eq!(kind("??:? [0x7fb901989445]"), None);
        assert_eq!(kind("source/stats.d [0x558efb245034]"), None);
    }
}

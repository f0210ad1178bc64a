//! What servers, databases and network daemons print around a fault with no severity word
//! (issue 16, the `wild28` set): where an error happened and what it ran (`error_context`), a
//! level abbreviated to three capitals in brackets or a protocol's `-ERR` reply
//! (`short_levels`), a message led by its file and line in prose (`leading_locations`).

use crate::generic::Signal;

mod error_context;
mod leading_locations;
mod short_levels;

/// The longest first word read (a file name before ` line N:`).
const HEAD_MAX: usize = 256;

/// The first of these shapes `t` (the line without its indentation) has, dispatched on its
/// first byte, then a reply closing the line (its last byte `]`).
#[inline(never)]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    match *t.first()? {
        b'a'..=b'z' | b'A'..=b'Z' | b'/' | b'.' => first_word(t),
        b'[' => error_context::detail(t).or_else(|| short_levels::level(t)),
        b'-' => short_levels::reply(t),
        _ => None,
    }
    .or_else(|| match t.last()? {
        b']' => short_levels::closing_reply(t),
        _ => None,
    })
}

/// The shapes told by the line's first word and the words after it: `name: from …`, `FILE
/// line N: …`, `Command was: …`.
fn first_word(t: &[u8]) -> Option<Signal> {
    let sp = memchr::memchr(b' ', &t[..t.len().min(HEAD_MAX)])?;
    let (head, rest) = t.split_at(sp);
    if head.ends_with(b":") {
        return error_context::origin(head, rest);
    }
    match rest.get(1)? {
        b'l' => leading_locations::shape(head, rest),
        b'w' => error_context::restated(head, rest),
        _ => None,
    }
}

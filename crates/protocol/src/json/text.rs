//! Strings as JavaScript sees them: UTF-16 units, lone surrogates and their stand-ins.

/// First code point used to stand for a lone surrogate inside a `String`.
const SURROGATE_STAND_IN: u32 = 0x10_F800;

/// The `char` for one UTF-16 unit that stands alone (lone surrogates become stand-ins).
pub(super) fn unit_char(u: u16) -> char {
    if (0xD800..0xE000).contains(&u) {
        char::from_u32(SURROGATE_STAND_IN + u32::from(u - 0xD800)).unwrap_or('\u{FFFD}')
    } else {
        char::from_u32(u32::from(u)).unwrap_or('\u{FFFD}')
    }
}

/// The lone surrogate a stand-in character represents, if it is one.
pub fn lone_surrogate(c: char) -> Option<u16> {
    let v = c as u32;
    if v >= SURROGATE_STAND_IN {
        u16::try_from(v - SURROGATE_STAND_IN + 0xD800).ok()
    } else {
        None
    }
}

/// The UTF-16 code units of `s` as JavaScript sees them (stand-ins become their lone unit).
pub fn utf16_units(s: &str) -> impl Iterator<Item = u16> + '_ {
    s.chars().flat_map(|c| {
        let mut buf = [0u16; 2];
        let units: &[u16] = match lone_surrogate(c) {
            Some(u) => {
                buf[0] = u;
                &buf[..1]
            }
            None => c.encode_utf16(&mut buf),
        };
        let (a, b) = (units[0], units.get(1).copied());
        std::iter::once(a).chain(b)
    })
}

/// Number of UTF-16 code units of `s` as JavaScript counts them.
pub fn utf16_len(s: &str) -> usize {
    s.chars()
        .map(|c| {
            if lone_surrogate(c).is_some() {
                1
            } else {
                c.len_utf16()
            }
        })
        .sum()
}

/// The text Node writes for `s` on a stream: lone surrogates become U+FFFD.
pub fn display_text(s: &str) -> std::borrow::Cow<'_, str> {
    if s.chars().any(|c| lone_surrogate(c).is_some()) {
        std::borrow::Cow::Owned(
            s.chars()
                .map(|c| {
                    if lone_surrogate(c).is_some() {
                        '\u{FFFD}'
                    } else {
                        c
                    }
                })
                .collect(),
        )
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

//! Byte searches on short text (a line, a token), eight bytes at a time: on a few dozen bytes a
//! `memchr` call or a `memmem` searcher costs more than it saves.

/// The first space or tab in `t` (tokens are short: see [`find2`]).
#[inline]
pub(crate) fn blank(t: &[u8]) -> Option<usize> {
    find2(t, b' ', b'\t')
}

/// The first `x` or `y` in `t`, eight bytes at a time: a word-wide zero-byte test (the high
/// bit is set in each zero byte of `v` and possibly in bytes above one, through borrows, so the
/// lowest set bit is always a zero byte). On short text a `memchr` call costs more than it saves.
#[inline]
pub(crate) fn find2(t: &[u8], x: u8, y: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let zeros = |v: u64| v.wrapping_sub(LO) & !v & HI;
    let found = |chunk: &[u8]| {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let v = u64::from_le_bytes(w);
        zeros(v ^ (LO * u64::from(x))) | zeros(v ^ (LO * u64::from(y)))
    };
    let mut i = 0;
    while let Some(chunk) = t.get(i..i + 8) {
        let m = found(chunk);
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    if i == t.len() {
        return None;
    }
    if t.len() < 8 {
        return t.iter().position(|&b| b == x || b == y);
    }
    // The last eight bytes, overlapping searched ones that hold neither byte: no borrow comes
    // from below them, so the lowest set bit is still the first match.
    let at = t.len() - 8;
    let m = found(&t[at..]);
    (m != 0).then(|| at + (m.trailing_zeros() / 8) as usize)
}

/// Whether `x` then `y` stand in a row somewhere in `t`, eight pairs at a time: the exact
/// zero bytes of two words one byte apart (a `memmem` searcher built per call costs more on a
/// short line).
#[inline]
pub(crate) fn has_pair(t: &[u8], x: u8, y: u8) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // Exactly the high bit of each byte of `v` equal to `c` (no borrows between bytes).
    let equal = |v: u64, c: u8| {
        let z = v ^ (LO * u64::from(c));
        !((z & LOW7).wrapping_add(LOW7) | z | LOW7)
    };
    let word = |w: &[u8]| {
        let mut b = [0u8; 8];
        b.copy_from_slice(w);
        u64::from_le_bytes(b)
    };
    let mut i = 0;
    while let (Some(a), Some(b)) = (t.get(i..i + 8), t.get(i + 1..i + 9)) {
        if equal(word(a), x) & equal(word(b), y) != 0 {
            return true;
        }
        i += 8;
    }
    t[i..].windows(2).any(|w| w[0] == x && w[1] == y)
}

/// The first `...` in `t`: each `.` found eight bytes at a time, then a look.
#[inline]
pub(crate) fn find_ellipsis(t: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(p) = find2(&t[i..], b'.', b'.') {
        if t[i + p..].starts_with(b"...") {
            return Some(i + p);
        }
        i += p + 1;
    }
    None
}

/// Whether `line` holds `Fault`: each `F` (rare in most lines) found eight bytes at a time,
/// then a look (a `memmem` searcher built per call costs more on a short line).
#[inline]
pub(super) fn has_fault(line: &[u8]) -> bool {
    let mut i = 0;
    while let Some(p) = find2(&line[i..], b'F', b'F') {
        if line[i + p..].starts_with(b"Fault") {
            return true;
        }
        i += p + 1;
    }
    false
}

//! The template of a line for the recall fallback: what is left once the values that change
//! from one line of a kind to the next are masked (digit runs, long hex ids, quoted text, paths),
//! hashed. Two rows of one listing, two records of one log format share it.

/// Bytes of a line the template reads (the rest rarely tells two kinds of line apart).
const READ: usize = 160;

const K: u64 = 0x9e37_79b9_7f4a_7c15;

#[inline]
fn mix(h: u64, b: u64) -> u64 {
    (h.rotate_left(7) ^ b).wrapping_mul(K)
}

/// The masked template of `line`, hashed: a run of digits reads as `0`, a token of 8+ hex digits
/// holding a digit as `H`, a quoted span (`"…"`, `'…'` after a non-letter, `` `…` ``) as `Q`, a
/// token holding a `/` or `\` as `P`, a run of blanks as one blank.
pub fn template(line: &[u8]) -> u64 {
    let line = &line[..line.len().min(READ)];
    let mut h = 0u64;
    let mut i = 0;
    while i < line.len() {
        let b = line[i];
        if b == b' ' || b == b'\t' {
            while i < line.len() && matches!(line[i], b' ' | b'\t') {
                i += 1;
            }
            h = mix(h, u64::from(b' '));
            continue;
        }
        if let Some(end) = quoted_end(line, i) {
            h = mix(h, u64::from(b'Q') | 0x100);
            i = end;
            continue;
        }
        let end = token_end(line, i);
        let tok = &line[i..end];
        if is_hex_id(tok) {
            h = mix(h, u64::from(b'H') | 0x100);
        } else if tok.len() > 1 && tok.iter().any(|&c| c == b'/' || c == b'\\') {
            h = mix(h, u64::from(b'P') | 0x100);
        } else {
            h = masked(h, tok);
        }
        i = end;
    }
    h
}

/// Where a token starting at `i` ends: at a blank or the end of the line.
fn token_end(line: &[u8], i: usize) -> usize {
    line[i..]
        .iter()
        .position(|&c| c == b' ' || c == b'\t')
        .map_or(line.len(), |p| i + p)
}

/// A token's bytes with every run of digits read as one `0` and every value after a `=` (up
/// to a `,`, `;` or `&`) as `V`: `user=alice,db=shop` is `user=V,db=V`.
fn masked(mut h: u64, tok: &[u8]) -> u64 {
    let mut digits = false;
    let mut value = false;
    for &c in tok {
        if value {
            if matches!(c, b',' | b';' | b'&') {
                value = false;
                h = mix(h, u64::from(c));
            }
            continue;
        }
        if c == b'=' {
            (value, digits) = (true, false);
            h = mix(h, u64::from(b'V') | 0x100);
        } else if c.is_ascii_digit() {
            if !digits {
                h = mix(h, u64::from(b'0'));
            }
            digits = true;
        } else {
            digits = false;
            h = mix(h, u64::from(c));
        }
    }
    h
}

/// A hex id: 8+ hex digits (after an optional `0x`), one of them a decimal digit.
fn is_hex_id(tok: &[u8]) -> bool {
    let t = tok.strip_prefix(b"0x").unwrap_or(tok);
    let t = t.strip_suffix(b":").unwrap_or(t);
    t.len() >= 8 && t.iter().all(u8::is_ascii_hexdigit) && t.iter().any(u8::is_ascii_digit)
}

/// When a quote opens at `i` and closes on the line, the index after the closing quote. A `'`
/// after a letter is an apostrophe (`can't`), not a quote.
fn quoted_end(line: &[u8], i: usize) -> Option<usize> {
    let q = line[i];
    if !matches!(q, b'"' | b'\'' | b'`') {
        return None;
    }
    if q == b'\'' && i > 0 && line[i - 1].is_ascii_alphanumeric() {
        return None;
    }
    let close = memchr::memchr(q, &line[i + 1..])?;
    Some(i + close + 2)
}

#[cfg(test)]
mod tests {
    use super::template;

    #[test]
    fn values_are_masked() {
        assert_eq!(
            template(b"copied 12 files to /tmp/a/b in 3ms"),
            template(b"copied 7 files to /var/x in 41ms")
        );
        assert_eq!(
            template(b"object 0xdeadbeef12 freed: \"alpha beta\""),
            template(b"object 0x00c0ffee34 freed: \"x\"")
        );
        assert_eq!(template(b"a   b"), template(b"a\tb"));
        assert_eq!(
            template(b"LOG: user=alice,db=shop app=[x]"),
            template(b"LOG: user=[unknown],db=nosuch app=psql")
        );
    }

    #[test]
    fn words_are_not_masked() {
        assert_ne!(template(b"copied 12 files"), template(b"skipped 12 files"));
        assert_ne!(template(b"can't open 3"), template(b"can open 3"));
    }
}

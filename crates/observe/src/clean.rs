//! Line cleaning: ANSI escape removal and collapse of `\r` progress redraws.

use std::borrow::Cow;

const ESC: u8 = 0x1b;

/// Returns what a terminal would finally show for one line (given without its `\n`):
/// a trailing `\r` (CRLF) is dropped, `\r` redraws are reduced to their last non-empty state
/// and ANSI escape sequences (CSI, OSC, DCS and two-byte escapes) are removed.
///
/// Borrows the input when there is nothing to clean (the common case).
pub fn clean_line(line: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr2(ESC, b'\r', line).is_none() {
        return Cow::Borrowed(line);
    }
    let mut line = line;
    if let Some(rest) = line.strip_suffix(b"\r") {
        line = rest;
    }
    if memchr::memchr(b'\r', line).is_some() {
        line = line
            .split(|&b| b == b'\r')
            .rev()
            .find(|seg| !seg.is_empty())
            .unwrap_or(&[]);
    }
    if memchr::memchr(ESC, line).is_none() {
        return Cow::Borrowed(line);
    }
    let mut out = Vec::with_capacity(line.len());
    strip_ansi_into(line, &mut out);
    Cow::Owned(out)
}

/// Appends `input` to `out` without ANSI escape sequences.
pub fn strip_ansi_into(input: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < input.len() {
        let Some(off) = memchr::memchr(ESC, &input[i..]) else {
            out.extend_from_slice(&input[i..]);
            return;
        };
        out.extend_from_slice(&input[i..i + off]);
        i = skip_escape(input, i + off);
    }
}

/// Given `input[start] == ESC`, returns the index just past the escape sequence.
fn skip_escape(input: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    let Some(&kind) = input.get(i) else {
        return i;
    };
    i += 1;
    match kind {
        b'[' => {
            // CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, final 0x40-0x7E.
            while let Some(&b) = input.get(i) {
                i += 1;
                if (0x40..=0x7e).contains(&b) {
                    return i;
                }
                if !(0x20..=0x3f).contains(&b) {
                    // Malformed: drop the introducer, keep this byte.
                    return i - 1;
                }
            }
            i
        }
        b']' | b'P' | b'X' | b'^' | b'_' => {
            // String sequences end with BEL or ST (ESC \).
            while let Some(&b) = input.get(i) {
                if b == 0x07 {
                    return i + 1;
                }
                if b == ESC && input.get(i + 1) == Some(&b'\\') {
                    return i + 2;
                }
                if b == b'\n' {
                    return i;
                }
                i += 1;
            }
            i
        }
        0x20..=0x2f => {
            // nF escape: intermediates then one final byte.
            while let Some(&b) = input.get(i) {
                i += 1;
                if !(0x20..=0x2f).contains(&b) {
                    return i;
                }
            }
            i
        }
        _ => i,
    }
}

/// Cleans a whole text (every line as [`clean_line`]) and decodes it as UTF-8, replacing invalid
/// sequences with U+FFFD. Line structure (`\n`) is kept.
pub fn clean_text(input: &[u8]) -> String {
    let mut out = Vec::with_capacity(input.len());
    let mut first = true;
    for line in input.split(|&b| b == b'\n') {
        if !first {
            out.push(b'\n');
        }
        first = false;
        out.extend_from_slice(&clean_line(line));
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_colour_codes() {
        let line = b"\x1b[31m\x1b[1merror\x1b[22m\x1b[39m: boom";
        assert_eq!(&*clean_line(line), b"error: boom");
    }

    #[test]
    fn keeps_plain_lines_borrowed() {
        assert!(matches!(clean_line(b"plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn collapses_redraws_to_last_state() {
        assert_eq!(&*clean_line(b"10%\r50%\r100% done"), b"100% done");
        assert_eq!(&*clean_line(b"10%\r100%\r\r"), b"100%");
        assert_eq!(&*clean_line(b"crlf line\r"), b"crlf line");
    }

    #[test]
    fn strips_osc_and_truncated_sequences() {
        assert_eq!(
            &*clean_line(b"\x1b]8;;http://x\x07link\x1b]8;;\x07 ok"),
            b"link ok"
        );
        assert_eq!(&*clean_line(b"tail \x1b["), b"tail ");
        assert_eq!(&*clean_line(b"\x1b(Bq"), b"q");
    }

    #[test]
    fn clean_text_keeps_newlines() {
        assert_eq!(clean_text(b"a\x1b[0m\nb\r\n"), "a\nb\n");
    }
}

//! The template of a line for the recall fallback: what is left once the values that change
//! from one line of a kind to the next are masked (digit runs, long hex ids, quoted text, paths),
//! hashed. Two rows of one listing, two records of one log format share it.

/// Bytes of a line the template reads (the rest rarely tells two kinds of line apart).
const READ: usize = 64;

const K: u64 = 0x9e37_79b9_7f4a_7c15;

#[inline]
fn mix(h: u64, b: u64) -> u64 {
    (h.rotate_left(7) ^ b).wrapping_mul(K)
}

/// The masked template of `line`, hashed, in one pass: a run of digits (with the hex digits
/// after it: `0x7f84daffd6c0`) reads as `0`, a quoted span (`"…"`, `'…'` after a non-letter,
/// `` `…` ``) as `Q`, a token holding a `/` or `\` as `P`, a value after a `=` (up to a `,`, `;`
/// or `&`) as `V`, a run of blanks as one blank.
pub fn template(line: &[u8]) -> u64 {
    let line = &line[..line.len().min(READ)];
    let mut h = 0u64;
    // The current token's hash, and whether it is a path.
    let (mut th, mut path, mut token) = (0u64, false, false);
    let mut i = 0;
    while i < line.len() {
        let c = line[i];
        match c {
            b' ' | b'\t' => {
                if token {
                    h = mix(h, if path { 0x150 } else { th });
                    (th, path, token) = (0, false, false);
                }
                while i < line.len() && matches!(line[i], b' ' | b'\t') {
                    i += 1;
                }
                h = mix(h, u64::from(b' '));
                continue;
            }
            b'"' | b'\'' | b'`' if !token || c != b'\'' => {
                if let Some(close) = memchr::memchr(c, &line[i + 1..]) {
                    th = mix(th, 0x151);
                    token = true;
                    i += close + 2;
                    continue;
                }
                th = mix(th, u64::from(c));
            }
            b'0'..=b'9' => {
                if c == b'0' && line.get(i + 1) == Some(&b'x') {
                    i += 2;
                }
                while i < line.len() && line[i].is_ascii_hexdigit() {
                    i += 1;
                }
                th = mix(th, u64::from(b'0'));
                token = true;
                continue;
            }
            b'=' => {
                th = mix(th, 0x156);
                while i + 1 < line.len()
                    && !matches!(line[i + 1], b',' | b';' | b'&' | b' ' | b'\t')
                {
                    i += 1;
                }
            }
            b'/' | b'\\' => path = true,
            _ => {
                // A run of plain bytes, mixed one by one as the arm would, without the match.
                th = mix(th, u64::from(c));
                i += 1;
                while let Some(&c) = line.get(i).filter(|&&c| PLAIN[usize::from(c)]) {
                    th = mix(th, u64::from(c));
                    i += 1;
                }
                token = true;
                continue;
            }
        }
        token = true;
        i += 1;
    }
    if token {
        h = mix(h, if path { 0x150 } else { th });
    }
    h
}

/// The bytes [`template`] mixes into a token as they are (its `_` arm): all but blanks,
/// quotes, digits, `=`, `/` and `\`.
static PLAIN: [bool; 256] = {
    let mut t = [true; 256];
    let special = b" \t\"'`0123456789=/\\";
    let mut i = 0;
    while i < special.len() {
        t[special[i] as usize] = false;
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::{READ, mix, template};

    /// [`template`] as first written: every byte through the match.
    fn reference(line: &[u8]) -> u64 {
        let line = &line[..line.len().min(READ)];
        let mut h = 0u64;
        // The current token's hash, and whether it is a path.
        let (mut th, mut path, mut token) = (0u64, false, false);
        let mut i = 0;
        while i < line.len() {
            let c = line[i];
            match c {
                b' ' | b'\t' => {
                    if token {
                        h = mix(h, if path { 0x150 } else { th });
                        (th, path, token) = (0, false, false);
                    }
                    while i < line.len() && matches!(line[i], b' ' | b'\t') {
                        i += 1;
                    }
                    h = mix(h, u64::from(b' '));
                    continue;
                }
                b'"' | b'\'' | b'`' if !token || c != b'\'' => {
                    if let Some(close) = memchr::memchr(c, &line[i + 1..]) {
                        th = mix(th, 0x151);
                        token = true;
                        i += close + 2;
                        continue;
                    }
                    th = mix(th, u64::from(c));
                }
                b'0'..=b'9' => {
                    if c == b'0' && line.get(i + 1) == Some(&b'x') {
                        i += 2;
                    }
                    while i < line.len() && line[i].is_ascii_hexdigit() {
                        i += 1;
                    }
                    th = mix(th, u64::from(b'0'));
                    token = true;
                    continue;
                }
                b'=' => {
                    th = mix(th, 0x156);
                    while i + 1 < line.len()
                        && !matches!(line[i + 1], b',' | b';' | b'&' | b' ' | b'\t')
                    {
                        i += 1;
                    }
                }
                b'/' | b'\\' => path = true,
                _ => th = mix(th, u64::from(c)),
            }
            token = true;
            i += 1;
        }
        if token {
            h = mix(h, if path { 0x150 } else { th });
        }
        h
    }

    /// Pieces of real log lines: every byte class of the walk, quotes closed and not.
    const PIECES: &[&str] = &[
        " ",
        "  ",
        "\t",
        "\"",
        "'",
        "`",
        "\"a b\"",
        "'x'",
        "0",
        "0x",
        "0x7f84daffd6c0",
        "12",
        "3.5",
        "12abc",
        "=",
        "user=alice,",
        "db=x;",
        "&",
        ",",
        ";",
        "/",
        "\\",
        "/tmp/a/b",
        "C:\\x",
        "a",
        "warning",
        "can't",
        "ERROR",
        "[x]",
        "(",
        ")",
        ":",
        "-",
        "_",
        ".",
        "\u{e9}",
        "\u{2717}",
        "\u{1b}[0m",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

        /// The plain-run loop hashes every line as the byte-by-byte walk did.
        #[test]
        fn template_agrees_with_the_byte_walk(
            parts in proptest::collection::vec(proptest::sample::select(PIECES), 0..40)
        ) {
            let line = parts.concat();
            proptest::prop_assert_eq!(template(line.as_bytes()), reference(line.as_bytes()));
        }
    }

    #[test]
    fn template_agrees_on_every_corpus_line() {
        let sets = [
            "corpus", "wild", "wild2", "wild7", "wild19", "wild21", "wild24",
        ];
        for data in crate::corpus_logs::corpus_logs(&sets) {
            for line in data.split(|&b| b == b'\n') {
                assert_eq!(
                    template(line),
                    reference(line),
                    "{}",
                    String::from_utf8_lossy(line)
                );
            }
        }
    }

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

//! Near-duplicate detection: two lines are near-identical when they are equal after numbers,
//! hex ids, durations and paths are normalised.

const K: u64 = 0x517c_c1b7_2722_0a95;

#[inline]
fn mix(h: u64, b: u64) -> u64 {
    (h.rotate_left(5) ^ b).wrapping_mul(K)
}

/// A fast, deterministic (non-cryptographic) hash of a byte string.
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = mix(h, u64::from_le_bytes(w));
    }
    for &b in chunks.remainder() {
        h = mix(h, u64::from(b));
    }
    h
}

#[cfg(test)]
fn tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|b| *b == b' ' || *b == b'\t')
        .filter(|t| !t.is_empty())
}

fn is_path(t: &[u8]) -> bool {
    // Tokens are short: a plain walk beats a `memchr` call.
    t.iter().any(|&c| c == b'/' || c == b'\\')
}

fn is_hex_id(t: &[u8]) -> bool {
    t.len() >= 7 && t.iter().all(u8::is_ascii_hexdigit) && t.iter().any(u8::is_ascii_digit)
}

/// Whether two tokens are equal once digit runs (with `.`, `,`, `:` inside numbers) are
/// collapsed, or are both paths, or both hex ids.
fn token_similar(a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return true;
    }
    let (mut i, mut j) = (0, 0);
    loop {
        match (a.get(i), b.get(j)) {
            (None, None) => return true,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                i = skip_number(a, i);
                j = skip_number(b, j);
            }
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            _ => return (is_path(a) && is_path(b)) || (is_hex_id(a) && is_hex_id(b)),
        }
    }
}

fn skip_number(t: &[u8], mut i: usize) -> usize {
    while i < t.len()
        && (t[i].is_ascii_digit()
            || (matches!(t[i], b'.' | b',' | b':') && t.get(i + 1).is_some_and(u8::is_ascii_digit)))
    {
        i += 1;
    }
    i
}

/// Whether `a` and `b` are near-identical: the same tokens up to numbers, hex ids, durations
/// (`12ms` ~ `7ms`) and paths. Stops at the first difference, so unrelated lines cost little.
pub fn similar(a: &[u8], b: &[u8]) -> bool {
    let trim = |t: &[u8]| -> usize {
        t.iter()
            .position(|c| !matches!(c, b' ' | b'\t'))
            .unwrap_or(t.len())
    };
    let (a, b) = (&a[trim(a)..], &b[trim(b)..]);
    // Fast path: find the first difference; if it sits in a token that is neither a number nor
    // a path nor a hex id on both sides, the lines differ.
    let Some(i) = first_difference(a, b) else {
        return a.len() == b.len() || slow_similar(a, b);
    };
    // The token holding the first difference starts at the same byte on both sides (the bytes
    // before it are equal); the tokens before it are equal.
    let start = a[..i]
        .iter()
        .rposition(|c| matches!(c, b' ' | b'\t'))
        .map_or(0, |p| p + 1);
    let plain = |t: &[u8]| {
        let end = t[i..]
            .iter()
            .position(|c| matches!(c, b' ' | b'\t'))
            .map_or(t.len(), |p| i + p);
        let tok = &t[start..end];
        !(t[i].is_ascii_digit()
            || i > start && t[i - 1].is_ascii_digit()
            || is_path(tok)
            || is_hex_id(tok))
    };
    let ws = |c: u8| matches!(c, b' ' | b'\t');
    if !ws(a[i]) && !ws(b[i]) && (plain(a) || plain(b)) {
        return false;
    }
    let (a, b) = (&a[start..], &b[start..]);
    equal_but_numbers(a, b) || slow_similar(a, b)
}

/// Whether `a` and `b` are byte-equal once each run of a number is skipped on both sides
/// (the common case of near-identical lines; tokens then split the same way, so this implies
/// the token-by-token definition).
fn equal_but_numbers(a: &[u8], b: &[u8]) -> bool {
    let (mut i, mut j) = (0, 0);
    loop {
        let common = (a.len() - i).min(b.len() - j);
        let d = first_difference(&a[i..], &b[j..]).unwrap_or(common);
        i += d;
        j += d;
        if i == a.len() && j == b.len() {
            return true;
        }
        // At a difference: both sides must be in a number that started at or before it.
        let in_number = |t: &[u8], k: usize| {
            t.get(k).is_some_and(u8::is_ascii_digit) || (k > 0 && t[k - 1].is_ascii_digit())
        };
        if !(in_number(a, i) && in_number(b, j)) {
            return false;
        }
        let (mut si, mut sj) = (i, j);
        while si > 0 && sj > 0 && a[si - 1].is_ascii_digit() && b[sj - 1].is_ascii_digit() {
            si -= 1;
            sj -= 1;
        }
        if !(a.get(si).is_some_and(u8::is_ascii_digit) && b.get(sj).is_some_and(u8::is_ascii_digit))
        {
            return false;
        }
        let (ei, ej) = (skip_number(a, si), skip_number(b, sj));
        if ei <= i && ej <= j {
            return false;
        }
        i = ei.max(i);
        j = ej.max(j);
    }
}

/// Index of the first differing byte within the common length, if any.
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 16 <= n {
        if a[i..i + 16] != b[i..i + 16] {
            break;
        }
        i += 16;
    }
    a[i..n]
        .iter()
        .zip(&b[i..n])
        .position(|(x, y)| x != y)
        .map(|p| i + p)
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// The token-by-token definition of [`similar`] (on lines without leading blanks), in one walk
/// over both lines: equal tokens are compared byte by byte as they are scanned, and only a pair
/// that differs goes through [`token_similar`].
fn slow_similar(a: &[u8], b: &[u8]) -> bool {
    let (mut i, mut j) = (0, 0);
    loop {
        while i < a.len() && is_blank(a[i]) {
            i += 1;
        }
        while j < b.len() && is_blank(b[j]) {
            j += 1;
        }
        match (i < a.len(), j < b.len()) {
            (false, false) => return true,
            (true, true) => {}
            _ => return false,
        }
        let (mut ea, mut eb) = (i, j);
        while ea < a.len() && eb < b.len() && a[ea] == b[eb] && !is_blank(a[ea]) {
            ea += 1;
            eb += 1;
        }
        let end_a = ea == a.len() || is_blank(a[ea]);
        let end_b = eb == b.len() || is_blank(b[eb]);
        if !(end_a && end_b) {
            while ea < a.len() && !is_blank(a[ea]) {
                ea += 1;
            }
            while eb < b.len() && !is_blank(b[eb]) {
                eb += 1;
            }
            if !token_similar(&a[i..ea], &b[j..eb]) {
                return false;
            }
        }
        i = ea;
        j = eb;
    }
}

/// The definition [`slow_similar`] implements, as written first: kept to test against.
#[cfg(test)]
fn definition(a: &[u8], b: &[u8]) -> bool {
    let (mut ta, mut tb) = (tokens(a), tokens(b));
    loop {
        match (ta.next(), tb.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if token_similar(x, y) => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_identical_lines() {
        assert!(similar(
            b"Downloading 12% (1.2 MB/s) eta 3s",
            b"Downloading 87% (10.5 MB/s) eta 11s"
        ));
        assert!(similar(b"GET /a/b 200 12ms", b"GET /c 200 7ms"));
        assert!(similar(b"object 1a2b3c4d ok", b"object ffee0099aa ok"));
        assert!(!similar(b"Compiling serde v1.0", b"Compiling tokio v1.0"));
        assert!(!similar(b"ok 1", b"not ok 1"));
        assert!(!similar(b"a b", b"a b c"));
    }

    #[test]
    fn hash_is_deterministic_and_length_sensitive() {
        assert_eq!(hash_bytes(b"abc"), hash_bytes(b"abc"));
        assert_ne!(hash_bytes(b"abc"), hash_bytes(b"abcd"));
        assert_ne!(hash_bytes(b""), hash_bytes(b"\0"));
    }
}

#[cfg(test)]
mod fast_path_tests {
    use super::*;

    /// The fast path of `similar` must agree with the token-by-token definition.
    #[test]
    fn fast_path_agrees_with_definition_on_the_corpus() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let dirs = [root.join("corpus/logs"), root.join("wild/logs")];
        for entry in dirs.iter().flat_map(|d| std::fs::read_dir(d).unwrap()) {
            let data = std::fs::read(entry.unwrap().path()).unwrap();
            let lines: Vec<&[u8]> = data.split(|&c| c == b'\n').collect();
            for w in lines.windows(2) {
                assert_eq!(
                    similar(w[0], w[1]),
                    definition(w[0], w[1]),
                    "{:?} / {:?}",
                    String::from_utf8_lossy(w[0]),
                    String::from_utf8_lossy(w[1])
                );
            }
        }
    }

    proptest::proptest! {
        /// The one-walk token comparison answers what the token iterators answer.
        #[test]
        fn token_walk_agrees_with_definition(
            a in "[ a-c0-9x/.:,\t]{0,24}",
            b in "[ a-c0-9x/.:,\t]{0,24}",
        ) {
            proptest::prop_assert_eq!(
                slow_similar(a.as_bytes(), b.as_bytes()),
                definition(a.as_bytes(), b.as_bytes()),
                "{:?} / {:?}", a, b
            );
        }

        /// On lines of numbers, hex ids, paths and words differing anywhere, the fast paths
        /// answer what the token-by-token definition answers.
        #[test]
        fn fast_path_agrees_with_definition(
            a in "[ a-f0-9xyz/.:,\t]{0,24}",
            edits in proptest::collection::vec((0usize..24, "[ a-f0-9xyz/.:,]{0,3}"), 0..3),
        ) {
            let mut b = a.clone();
            for (at, text) in edits {
                let at = at.min(b.len());
                b.replace_range(at..(at + 1).min(b.len()), &text);
            }
            proptest::prop_assert_eq!(
                similar(a.as_bytes(), b.as_bytes()),
                definition(a.trim_start().as_bytes(), b.trim_start().as_bytes()),
                "{:?} / {:?}", a, b
            );
        }
    }
}

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

/// The template of a line: its hash with every `0x` hex number read as `0x` and every run of
/// blanks as one space, so lines that differ only in addresses or alignment share it (other
/// numbers stay: `a.js:14:5` is not `a.js:15:5`). Only the first 256 bytes are read.
pub fn template_key(line: &[u8]) -> u64 {
    template(line, false, false)
}

/// [`template_key`] with every run of digits read as one `0` too: the shape of a line.
pub fn shape_key(line: &[u8]) -> u64 {
    template(line, true, false)
}

/// The name of a test case without its parameters: [`shape_key`] with what brackets and
/// parentheses hold left out (`test_x[case3]`, `Tests.test_y (n=2)` are `test_x[]`,
/// `Tests.test_y ()`).
pub fn case_key(line: &[u8]) -> u64 {
    template(line, true, true)
}

fn template(line: &[u8], digits: bool, params: bool) -> u64 {
    // Two lines alike over their first 256 bytes say the same thing: the rest is not read.
    let line = &line[..line.len().min(256)];
    // Nothing to normalise (no hex number, tab or blank run; digits and brackets kept): the
    // bytes are their own template, found by three vectorised scans instead of the walk below.
    if !digits
        && !params
        && memchr::memchr(b'\t', line).is_none()
        && !crate::generic::has_pair(line, b'0', b'x')
        && !crate::generic::has_pair(line, b' ', b' ')
    {
        return hash_bytes(line);
    }
    walk(line, digits, params)
}

/// [`template`] of a line of at most 256 bytes, byte by byte.
fn walk(line: &[u8], digits: bool, params: bool) -> u64 {
    // The normalised bytes (never more than the line's) are gathered on the stack, then hashed
    // eight at a time.
    let mut buf = Buf::default();
    let mut i = 0;
    while i < line.len() {
        let b = line[i];
        match b {
            b'0' if line.get(i + 1) == Some(&b'x') => {
                buf.push(b'0');
                i += 2;
                while i < line.len() && line[i].is_ascii_hexdigit() {
                    i += 1;
                }
            }
            b'0'..=b'9' if digits => {
                buf.push(b'0');
                while i < line.len() && line[i].is_ascii_digit() {
                    i += 1;
                }
            }
            b'[' | b'(' if params => {
                buf.push(b);
                let close = if b == b'[' { b']' } else { b')' };
                i = memchr::memchr(close, &line[i + 1..]).map_or(line.len(), |p| i + 1 + p);
            }
            b' ' | b'\t' => {
                buf.push(b' ');
                while i < line.len() && matches!(line[i], b' ' | b'\t') {
                    i += 1;
                }
            }
            _ => {
                // A run of plain bytes is copied at once.
                let run = line[i + 1..]
                    .iter()
                    .position(|&c| c.is_ascii_digit() || matches!(c, b' ' | b'\t' | b'[' | b'('))
                    .map_or(line.len(), |p| i + 1 + p);
                buf.extend_from_slice(&line[i..run]);
                i = run;
            }
        }
    }
    hash_bytes(buf.bytes())
}

/// A buffer of at most 256 bytes on the stack (what [`template`] reads of a line).
struct Buf {
    data: [u8; 256],
    len: usize,
}

impl Default for Buf {
    fn default() -> Self {
        Self {
            data: [0; 256],
            len: 0,
        }
    }
}

impl Buf {
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.data.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    fn extend_from_slice(&mut self, bytes: &[u8]) {
        let n = bytes.len().min(self.data.len() - self.len);
        self.data[self.len..self.len + n].copy_from_slice(&bytes[..n]);
        self.len += n;
    }

    fn bytes(&self) -> &[u8] {
        &self.data[..self.len]
    }
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
    let trim = |t: &[u8]| -> usize { t.iter().position(|c| !is_blank(*c)).unwrap_or(t.len()) };
    slow_similar(&a[trim(a)..], &b[trim(b)..])
}

/// Index of the first differing byte within the common length, if any: eight bytes at a time
/// (the lowest set byte of the XOR of two words is their first difference).
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut i = 0;
    while let (Some(x), Some(y)) = (a.get(i..i + 8), b.get(i..i + 8)) {
        let d = word(x) ^ word(y);
        if d != 0 {
            return Some(i + (d.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    a[i..]
        .iter()
        .zip(&b[i..])
        .position(|(x, y)| x != y)
        .map(|p| i + p)
}

/// Eight bytes as a little-endian word.
#[inline]
fn word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(w)
}

/// The last space or tab in `t`, eight bytes at a time from the end (tokens such as
/// timestamps, URLs and JSON records are long, and a byte loop walks all of them).
fn last_blank(t: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // Exactly the high bit of each zero byte of `v` (no borrows between bytes), so the highest
    // set bit is the last zero byte.
    let zeros = |v: u64| !((v & LOW7).wrapping_add(LOW7) | v | LOW7);
    let mut end = t.len();
    while end >= 8 {
        let v = word(&t[end - 8..end]);
        let m = zeros(v ^ (LO * u64::from(b' '))) | zeros(v ^ (LO * u64::from(b'\t')));
        if m != 0 {
            return Some(end - 8 + (63 - m.leading_zeros() as usize) / 8);
        }
        end -= 8;
    }
    t[..end].iter().rposition(|&c| is_blank(c))
}

/// The number of tokens of `t` (runs of bytes other than space and tab), eight bytes at a
/// time. Lines [`similar`] calls near-identical have as many tokens (its definition pairs them
/// one to one), so two counts that differ prove two lines are not.
pub(crate) fn token_count(t: &[u8]) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // The high bit of each byte of `v` other than `c`, exactly: the sum of two 7-bit halves
    // stays inside its byte (no carries between bytes).
    let other = |v: u64, c: u8| {
        let x = v ^ (LO * u64::from(c));
        (x & LOW7).wrapping_add(LOW7) | x
    };
    let solid = |v: u64| other(v, b' ') & other(v, b'\t') & (LO << 7);
    let mut count = 0;
    // The high bit of the byte before: part of a token.
    let mut before = 0u64;
    // Up to 4 starts per word, 32 words a block: the per-byte sums stay below 256.
    for block in t.chunks(256) {
        let mut lanes = 0u64;
        let mut chunks = block.chunks_exact(8);
        let mut add = |v: u64| {
            let s = solid(v);
            // A token starts at a byte other than a blank after a blank (or the start).
            lanes += (s & !((s << 8) | before)) >> 7;
            before = s >> 56;
        };
        for c in &mut chunks {
            add(word(c));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // Padded with spaces, which start no token.
            let mut w = [b' '; 8];
            w[..rest.len()].copy_from_slice(rest);
            add(u64::from_le_bytes(w));
        }
        count += (lanes.wrapping_mul(LO) >> 56) as usize;
    }
    count
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// The token starting at `t[start]` (up to the next blank): where it ends, and whether it is
/// a path or a hex id.
#[derive(Clone, Copy)]
struct Tok {
    end: usize,
    path: bool,
    hex: bool,
}

fn token_at(t: &[u8], start: usize) -> Tok {
    let rest = &t[start..];
    let (len, path) = token_end(rest);
    let tok = &rest[..len];
    Tok {
        end: start + len,
        path,
        hex: !path && is_hex_id(tok),
    }
}

/// The length of the token at the start of `t` (up to the first space or tab) and whether it
/// holds a slash or a backslash, in one walk eight bytes at a time.
fn token_end(t: &[u8]) -> (usize, bool) {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // High bit set in each zero byte of `v` and possibly in bytes above one (borrows): the
    // lowest set bit is always a zero byte, so a set bit below the first blank means a slash.
    let zeros = |v: u64| v.wrapping_sub(LO) & !v & HI;
    let has = |v: u64, c: u8| zeros(v ^ (LO * u64::from(c)));
    let mut i = 0;
    let mut path = false;
    while let Some(chunk) = t.get(i..i + 8) {
        let v = word(chunk);
        let blanks = has(v, b' ') | has(v, b'\t');
        let slashes = has(v, b'/') | has(v, b'\\');
        if blanks != 0 {
            let below = (1u64 << blanks.trailing_zeros()) - 1;
            path |= slashes & below != 0;
            return (i + (blanks.trailing_zeros() / 8) as usize, path);
        }
        path |= slashes != 0;
        i += 8;
    }
    for (k, &c) in t[i..].iter().enumerate() {
        if is_blank(c) {
            return (i + k, path);
        }
        path |= c == b'/' || c == b'\\';
    }
    (t.len(), path)
}

/// The token-by-token definition of [`similar`] (on lines without leading blanks). Equal
/// stretches are skipped 16 bytes at a time (their tokens are equal on both sides); only the
/// token pair around each difference is looked at. A difference inside a token that is
/// neither a number, a path nor a hex id on one side rejects the pair at once.
fn slow_similar(a: &[u8], b: &[u8]) -> bool {
    let (mut i, mut j) = (0, 0);
    loop {
        let common = (a.len() - i).min(b.len() - j);
        let d = first_difference(&a[i..], &b[j..]).unwrap_or(common);
        let (pa, pb) = (i + d, j + d);
        if pa == a.len() && pb == b.len() {
            return true;
        }
        // Back to the start of the token holding the difference (the bytes before are equal).
        let s = last_blank(&a[i..i + d]).map_or(0, |p| p + 1);
        i += s;
        j += s;
        // Inside a token on both sides: the tokens share `[i, pa)`, and differ at `pa`.
        let inside = pa < a.len() && pb < b.len() && !is_blank(a[pa]) && !is_blank(b[pb]);
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
        // Whether the difference follows a byte of the token (`pa - i == pb - j`).
        let mid = pa > i;
        // A difference inside a token that is not in a number: the pair is similar only as
        // two paths or two hex ids (told below), else the lines are not.
        let plain = |t: &[u8], p: usize| {
            inside && !(t[p].is_ascii_digit() || mid && in_number_before(t, i, p))
        };
        let (plain_a, plain_b) = (plain(a, pa), plain(b, pb));
        // Most differences are numbers: walking the two tokens finds their ends too.
        if !(plain_a || plain_b)
            && let Some((ea, eb)) = walk_tokens(a, i, b, j)
        {
            i = ea;
            j = eb;
            continue;
        }
        let ta = token_at(a, i);
        if plain_a && !(ta.path || ta.hex) {
            return false;
        }
        let tb = token_at(b, j);
        if plain_b && !(tb.path || tb.hex) {
            return false;
        }
        let same_class = ta.path && tb.path || ta.hex && tb.hex;
        // Without a plain difference the walk above was the token comparison, and failed.
        if !(same_class || (plain_a || plain_b) && token_similar(&a[i..ta.end], &b[j..tb.end])) {
            return false;
        }
        i = ta.end;
        j = tb.end;
    }
}

/// Whether the byte before `t[p]` (inside the token starting at `t[start]`) belongs to a
/// number: a digit, or a separator (`.`, `,`, `:`) after a digit, which the number takes on
/// the side where a digit follows it (`1.5.x` and `1.x` are both a number and `.x`).
fn in_number_before(t: &[u8], start: usize, p: usize) -> bool {
    t[p - 1].is_ascii_digit()
        || matches!(t[p - 1], b'.' | b',' | b':') && p >= start + 2 && t[p - 2].is_ascii_digit()
}

/// The walk of [`token_similar`] on the tokens starting at `a[i]` and `b[j]` (up to a blank or
/// the end of the line), without its path and hex-id fallback: the ends of both tokens when
/// they are equal once numbers are collapsed.
fn walk_tokens(a: &[u8], mut i: usize, b: &[u8], mut j: usize) -> Option<(usize, usize)> {
    loop {
        let x = a.get(i).copied().filter(|&c| !is_blank(c));
        let y = b.get(j).copied().filter(|&c| !is_blank(c));
        match (x, y) {
            (None, None) => return Some((i, j)),
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                i = skip_number(a, i);
                j = skip_number(b, j);
            }
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            _ => return None,
        }
    }
}

/// The per-token step [`slow_similar`] took before [`walk_tokens`]: kept to test against.
#[cfg(test)]
fn slow_similar_reference(a: &[u8], b: &[u8]) -> bool {
    let (mut i, mut j) = (0, 0);
    loop {
        let common = (a.len() - i).min(b.len() - j);
        let d = first_difference(&a[i..], &b[j..]).unwrap_or(common);
        let (pa, pb) = (i + d, j + d);
        if pa == a.len() && pb == b.len() {
            return true;
        }
        let s = last_blank(&a[i..i + d]).map_or(0, |p| p + 1);
        i += s;
        j += s;
        let inside = pa < a.len() && pb < b.len() && !is_blank(a[pa]) && !is_blank(b[pb]);
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
        let mid = pa > i;
        let plain = |t: &[u8], p: usize, tok: Tok| {
            inside
                && !(t[p].is_ascii_digit()
                    || mid && in_number_before(t, i, p)
                    || tok.path
                    || tok.hex)
        };
        let ta = token_at(a, i);
        if plain(a, pa, ta) {
            return false;
        }
        let tb = token_at(b, j);
        if plain(b, pb, tb) {
            return false;
        }
        let same_class = ta.path && tb.path || ta.hex && tb.hex;
        if !(same_class || token_similar(&a[i..ta.end], &b[j..tb.end])) {
            return false;
        }
        i = ta.end;
        j = tb.end;
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
        // a difference just after a number's separator: the number is `1.5` on one side
        assert!(similar(b"v 1.5.x ok", b"v 1.x ok"));
        assert!(similar(b"1,x", b"1,5,x"));
        assert!(!similar(b"a.5", b"a.x"));
    }

    #[test]
    fn token_end_agrees_with_a_byte_loop() {
        let bytes: Vec<u8> = (0..=255u8).chain(b"ab/c d\\e\tf".iter().copied()).collect();
        for start in 0..bytes.len() {
            for end in start..bytes.len().min(start + 40) {
                let t = &bytes[start..end];
                let len = t.iter().position(|&c| is_blank(c)).unwrap_or(t.len());
                assert_eq!(token_end(t), (len, is_path(&t[..len])), "{t:?}");
            }
        }
    }

    #[test]
    fn last_blank_agrees_with_a_byte_loop() {
        let bytes: Vec<u8> = (0..=255u8).chain(b"ab c\td  e".iter().copied()).collect();
        for start in 0..bytes.len() {
            for end in start..bytes.len().min(start + 40) {
                let t = &bytes[start..end];
                assert_eq!(last_blank(t), t.iter().rposition(|&c| is_blank(c)), "{t:?}");
            }
        }
    }

    proptest::proptest! {
        /// The word-wide search agrees with a byte loop around the bytes whose borrows a
        /// plain zero-byte test could confuse with a space or a tab.
        #[test]
        fn last_blank_agrees_on_near_blank_bytes(t in proptest::collection::vec(
            proptest::sample::select(vec![0u8, 1, 8, 9, 10, 0x1f, 0x20, 0x21, 0x80, 0xa0, 0xff, b'a']),
            0..40,
        )) {
            proptest::prop_assert_eq!(last_blank(&t), t.iter().rposition(|&c| is_blank(c)));
        }
    }

    proptest::proptest! {
        /// The word-wide count agrees with the tokens split out one by one.
        #[test]
        fn token_count_agrees_with_tokens(t in proptest::collection::vec(
            proptest::sample::select(vec![0u8, 8, 9, 10, 0x1f, 0x20, 0x21, 0x80, 0xa0, 0xff, b'a']),
            0..40,
        )) {
            proptest::prop_assert_eq!(token_count(&t), tokens(&t).count());
        }
    }

    #[test]
    fn first_difference_agrees_with_a_byte_loop() {
        let a = b"abcdefghijklmnopqrstuvwxyz0123456789";
        for i in 0..a.len() {
            let mut b = a.to_vec();
            b[i] = b'#';
            assert_eq!(first_difference(a, &b), Some(i));
            assert_eq!(first_difference(&a[..i], &b), None);
        }
    }

    #[test]
    fn hash_is_deterministic_and_length_sensitive() {
        assert_eq!(hash_bytes(b"abc"), hash_bytes(b"abc"));
        assert_ne!(hash_bytes(b"abc"), hash_bytes(b"abcd"));
        assert_ne!(hash_bytes(b""), hash_bytes(b"\0"));
    }
}

#[cfg(test)]
mod template_tests {
    use super::*;

    #[test]
    fn the_template_fast_path_is_the_walk() {
        for data in crate::corpus_logs::corpus_logs(&["corpus", "wild", "wild8"]) {
            for line in data.split(|&b| b == b'\n') {
                let l = &line[..line.len().min(256)];
                assert_eq!(template(line, false, false), walk(l, false, false));
            }
        }
        for l in [&b"a  b"[..], b"a\tb", b"x 0x1f y", b"plain words only", b""] {
            assert_eq!(template(l, false, false), walk(l, false, false));
        }
    }

    #[test]
    fn templates_shapes_and_cases() {
        assert_eq!(
            template_key(b"by 0x10942F: main  (a.c:4)"),
            template_key(b"by 0xAB: main (a.c:4)")
        );
        assert_ne!(template_key(b"at a.js:14:5"), template_key(b"at a.js:15:5"));
        assert_eq!(
            shape_key(b"assert 1990 == 1991"),
            shape_key(b"assert 2 == 3")
        );
        assert_ne!(shape_key(b"assert 1 == 2"), shape_key(b"assert x == 2"));
        assert_eq!(
            case_key(b"____ test_easter[easter_date0] ____"),
            case_key(b"____ test_easter[easter_date17] ____")
        );
        assert_ne!(
            case_key(b"____ test_a[x] ____"),
            case_key(b"____ test_b[x] ____")
        );
    }
}

#[cfg(test)]
mod fast_path_tests {
    use super::*;

    /// Every pair of adjacent lines of every corpus: the token walk answers what the step
    /// before it answered.
    #[test]
    fn token_walk_agrees_with_the_step_before_it_on_every_corpus() {
        let sets = ["corpus", "wild", "wild2", "wild3", "wild4", "wild5"];
        let mut pairs = 0;
        for data in crate::corpus_logs::corpus_logs(&sets) {
            let lines: Vec<&[u8]> = data.split(|&c| c == b'\n').collect();
            for w in lines.windows(2) {
                let (x, y) = (w[0].trim_ascii_start(), w[1].trim_ascii_start());
                assert_eq!(slow_similar(x, y), slow_similar_reference(x, y));
                pairs += 1;
            }
        }
        assert!(pairs > 100_000, "{pairs}");
    }

    /// The fast path of `similar` must agree with the token-by-token definition.
    #[test]
    fn fast_path_agrees_with_definition_on_the_corpus() {
        for data in crate::corpus_logs::corpus_logs(&["corpus", "wild"]) {
            let lines: Vec<&[u8]> = data.split(|&c| c == b'\n').collect();
            for w in lines.windows(2) {
                let near = similar(w[0], w[1]);
                // The count filter in front of `similar` never rules out a near-identical pair.
                assert!(!near || token_count(w[0]) == token_count(w[1]));
                assert_eq!(
                    near,
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

        /// Walking the two tokens of a difference in a number answers what the per-token step
        /// before it answered (the outputs must not change), on lines built from numbers with
        /// separators, paths, hex ids and words, one differing from the other in a few places.
        #[test]
        fn token_walk_agrees_with_the_step_before_it(
            a in "[ a-f0-9xyz/.:,\t]{0,24}",
            edits in proptest::collection::vec((0usize..24, "[ a-f0-9xyz/.:,]{0,3}"), 0..3),
        ) {
            let mut b = a.clone();
            for (at, text) in edits {
                let at = at.min(b.len());
                b.replace_range(at..(at + 1).min(b.len()), &text);
            }
            for (x, y) in [(&a, &b), (&b, &a)] {
                let (x, y) = (x.trim_start().as_bytes(), y.trim_start().as_bytes());
                proptest::prop_assert_eq!(slow_similar(x, y), slow_similar_reference(x, y));
            }
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

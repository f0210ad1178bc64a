//! The log compressor, streaming and whole, with arbitrary chunk splits.
//!
//! Invariants: streaming in any chunks gives exactly what compressing the whole gives; a folded
//! result is never longer than its input and an unchanged one is the cleaned input; the output lines
//! cover the input lines exactly once, in order (every folded range `a:b` names the lines it
//! replaced, so reading that range from the spilled original gives them back), and every kept
//! line is its input line.

use std::sync::LazyLock;

use loopwright_observe::{
    CompressOptions, Compressed, Compressor, clean_line, clean_text, compress,
};

use crate::split::{chunks, cuts_and_payload};

/// The two option sets, built once per process (the search command's keep set is a compiled
/// regex set; its input is fixed, so compiling it per execution tests nothing more).
static OPTIONS: LazyLock<[CompressOptions; 2]> = LazyLock::new(|| {
    let mut search = CompressOptions::default();
    search.min_lines = 4;
    search.min_saving = 0.0;
    [
        CompressOptions::default(),
        search.with_command("grep -n error"),
    ]
});

/// Runs the checks with the default options and with a search command (keep-all matches).
pub fn check(data: &[u8]) {
    let (cuts, payload) = cuts_and_payload(data);
    let opts = &OPTIONS[cuts.len() % 2];
    let whole = compress(payload, opts);
    let mut c = Compressor::new(opts);
    for chunk in chunks(payload, &cuts) {
        c.push(chunk);
    }
    let mut streamed = c.finish();
    if streamed.unchanged.is_some() {
        streamed.text = clean_text(payload);
        streamed.stats.bytes_out = streamed.text.len() as u64;
        streamed.stats.lines_out = loopwright_observe::count_lines(streamed.text.as_bytes());
        streamed.stats.folded_lines = 0;
    }
    assert_eq!(whole, streamed, "streaming differs from whole");
    if whole.unchanged.is_some() {
        assert_eq!(whole.text, clean_text(payload));
        return;
    }
    assert!(
        whole.text.len() <= payload.len(),
        "folded output ({} bytes) is longer than its input ({} bytes)",
        whole.text.len(),
        payload.len()
    );
    // An input that holds marker text (`[…`, `[×`) reads back ambiguously: `a  [×2]` may be
    // its own line or a line said twice. (`[×` is three bytes: each mark is searched for at
    // its own length.)
    let marker_like = |s: &[u8]| {
        ["[…", "[×"]
            .iter()
            .any(|m| s.windows(m.len()).any(|w| w == m.as_bytes()))
    };
    if !marker_like(payload) {
        check_coverage(payload, &whole);
    }
}

/// Walks the output: markers and `×N` lines cover their ranges, kept lines are input lines.
fn check_coverage(input: &[u8], out: &Compressed) {
    let lines: Vec<&[u8]> = input_lines(input);
    assert_eq!(lines.len() as u64, out.stats.lines_in);
    let mut next = 1u64; // the next input line not yet covered
    let text = out.text.strip_suffix('\n').unwrap_or(&out.text);
    for shown in text.split('\n') {
        if let Some((count, a, b)) = folded_marker(shown) {
            assert_eq!((a, b - a + 1), (next, count), "marker {shown:?}");
            next = b + 1;
        } else if let Some((first, count, a, b)) = similar_marker(shown) {
            assert_eq!((a, b - a + 1), (next, count), "marker {shown:?}");
            assert_kept(lines.get(a as usize - 1), first, shown);
            next = b + 1;
        } else if let Some((line, n)) = repeat_marker(shown) {
            for k in 0..n {
                assert_kept(lines.get((next + k) as usize - 1), line, shown);
            }
            next += n;
        } else {
            assert_kept(lines.get(next as usize - 1), shown, shown);
            next += 1;
        }
    }
    assert_eq!(
        next - 1,
        out.stats.lines_in,
        "output does not cover every input line"
    );
}

fn assert_kept(input: Option<&&[u8]>, shown: &str, whole: &str) {
    let Some(input) = input else {
        panic!("output line {whole:?} is past the end of the input");
    };
    if shown.contains(" bytes cut …]") {
        return;
    }
    let want = String::from_utf8_lossy(&clean_line(input)).into_owned();
    assert_eq!(shown, want, "kept line is not its input line");
}

fn input_lines(input: &[u8]) -> Vec<&[u8]> {
    let mut v: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if input.last().is_none_or(|&b| b == b'\n') {
        v.pop();
    }
    v
}

fn range(s: &str) -> Option<(u64, u64)> {
    let (a, b) = s.split_once(':')?;
    let (a, b) = (a.parse().ok()?, b.parse().ok()?);
    (a >= 1 && b >= a).then_some((a, b))
}

/// `[… a:b folded]` (the count is b-a+1)
fn folded_marker(s: &str) -> Option<(u64, u64, u64)> {
    let rest = s.strip_prefix("[… ")?.strip_suffix(" folded]")?;
    let (a, b) = range(rest)?;
    Some((b - a + 1, a, b))
}

/// `FIRST  [×N similar, a:b]`
fn similar_marker(s: &str) -> Option<(&str, u64, u64, u64)> {
    let body = s.strip_suffix(']')?;
    let i = body.rfind("  [×")?;
    let (first, tail) = (&body[..i], &body[i + "  [×".len()..]);
    let (count, r) = tail.split_once(" similar, ")?;
    let (a, b) = range(r)?;
    Some((first, count.parse().ok()?, a, b))
}

/// `LINE  [×N]`
fn repeat_marker(s: &str) -> Option<(&str, u64)> {
    let body = s.strip_suffix(']')?;
    let i = body.rfind("  [×")?;
    let n = body[i + "  [×".len()..].parse().ok()?;
    Some((&body[..i], n))
}

//! The replacements of a signature, as hand-written scanners.
//!
//! Each function does what one JavaScript `replace(/…/g, …)` of the reference does, with the
//! same leftmost-first matching (checked against the regular expressions by property tests in
//! `signature.rs`), but in one pass over the bytes and with nothing to compile: a signature is
//! computed for every failure of a ledger, so this is the hot loop of `--summary`, `--status`
//! and `--inject`. `\b` and `[0-9]` are ASCII as in JavaScript; `\s` is JavaScript whitespace.

use crate::text::is_js_whitespace;

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `\b` between `s[i - 1]` and `s[i]` (ASCII word characters; bytes of non-ASCII characters
/// are not word characters).
fn boundary(s: &[u8], i: usize) -> bool {
    let before = i > 0 && is_word(s[i - 1]);
    let after = i < s.len() && is_word(s[i]);
    before != after
}

/// Replaces every match of `at` (which returns the end of a match starting at `i`, if any),
/// scanning left to right; `quick` is a cheap filter for possible starts.
fn replace_with(
    s: &str,
    quick: impl Fn(u8) -> bool,
    at: impl Fn(&[u8], usize) -> Option<usize>,
    with: impl Fn(&str, &mut String),
) -> Option<String> {
    let b = s.as_bytes();
    let mut out: Option<String> = None;
    let (mut copied, mut i) = (0, 0);
    while i < b.len() {
        if quick(b[i])
            && let Some(end) = at(b, i)
        {
            let o = out.get_or_insert_with(|| String::with_capacity(s.len()));
            o.push_str(&s[copied..i]);
            with(&s[i..end], o);
            copied = end;
            i = end;
        } else {
            i += 1;
        }
    }
    let mut o = out?;
    o.push_str(&s[copied..]);
    Some(o)
}

/// The result of one replacement pass: the new text, or the input when nothing matched.
fn or_same(s: String, r: Option<String>) -> String {
    r.unwrap_or(s)
}

fn digits(s: &[u8], i: usize, n: usize) -> bool {
    s.get(i..i + n)
        .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
}

/// `/\b\d{4}-\d{2}-\d{2}[T ][\d:.]+Z?\b/g` → `<ts>`.
pub fn timestamps(s: String) -> String {
    let r = replace_with(
        &s,
        |b| b.is_ascii_digit(),
        |s, i| {
            if !boundary(s, i)
                || !digits(s, i, 4)
                || s.get(i + 4) != Some(&b'-')
                || !digits(s, i + 5, 2)
                || s.get(i + 7) != Some(&b'-')
                || !digits(s, i + 8, 2)
                || !matches!(s.get(i + 10), Some(b'T' | b' '))
            {
                return None;
            }
            let run = i + 11;
            let mut max = run;
            while s
                .get(max)
                .is_some_and(|&b| b.is_ascii_digit() || b == b':' || b == b'.')
            {
                max += 1;
            }
            // Greedy `+`, then `Z?` (tried first), then `\b`; backtrack one character at a time.
            (run + 1..=max).rev().find_map(|end| {
                if s.get(end) == Some(&b'Z') && boundary(s, end + 1) {
                    Some(end + 1)
                } else if boundary(s, end) {
                    Some(end)
                } else {
                    None
                }
            })
        },
        |_, o| o.push_str("<ts>"),
    );
    or_same(s, r)
}

/// `/0x[0-9a-fA-F]+/g` → `<addr>`.
pub fn hex(s: String) -> String {
    let r = replace_with(
        &s,
        |b| b == b'0',
        |s, i| {
            if s.get(i + 1) != Some(&b'x') || !s.get(i + 2).is_some_and(u8::is_ascii_hexdigit) {
                return None;
            }
            let mut end = i + 3;
            while s.get(end).is_some_and(u8::is_ascii_hexdigit) {
                end += 1;
            }
            Some(end)
        },
        |_, o| o.push_str("<addr>"),
    );
    or_same(s, r)
}

/// The character starting at byte `i` and its length, when `i` is in `s`.
fn char_at(s: &[u8], i: usize) -> Option<(char, usize)> {
    let b = *s.get(i)?;
    if b.is_ascii() {
        return Some((char::from(b), 1));
    }
    let len = match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    let c = std::str::from_utf8(s.get(i..i + len)?)
        .ok()?
        .chars()
        .next()?;
    Some((c, len))
}

/// The end of the longest run of characters from `i` that `ok` accepts.
fn run_of(s: &[u8], mut i: usize, ok: impl Fn(char) -> bool) -> usize {
    while let Some((c, n)) = char_at(s, i) {
        if !ok(c) {
            break;
        }
        i += n;
    }
    i
}

fn is_slash(b: u8) -> bool {
    b == b'/' || b == b'\\'
}

/// `/[A-Za-z]:[\\/][^\s:]+|(?:[\\/][^\s:\/\\]+)+/g` → the last path component (the match
/// itself when that is empty).
pub fn paths(s: String) -> String {
    let r = replace_with(
        &s,
        |b| b.is_ascii_alphabetic() || is_slash(b),
        |s, i| {
            if s[i].is_ascii_alphabetic() {
                if s.get(i + 1) != Some(&b':') || !s.get(i + 2).is_some_and(|&b| is_slash(b)) {
                    return None;
                }
                let end = run_of(s, i + 3, |c| !is_js_whitespace(c) && c != ':');
                return (end > i + 3).then_some(end);
            }
            let component = |c: char| !is_js_whitespace(c) && !matches!(c, ':' | '/' | '\\');
            let mut end = i;
            while s.get(end).is_some_and(|&b| is_slash(b)) {
                let stop = run_of(s, end + 1, component);
                if stop == end + 1 {
                    break;
                }
                end = stop;
            }
            (end > i).then_some(end)
        },
        |m, o| {
            let last = m.rsplit(['/', '\\']).next().unwrap_or("");
            o.push_str(if last.is_empty() { m } else { last });
        },
    );
    or_same(s, r)
}

/// `/:\d+(?::\d+)?/g` → `""`.
pub fn line_cols(s: String) -> String {
    let r = replace_with(
        &s,
        |b| b == b':',
        |s, i| {
            let run = |from: usize| {
                let mut e = from;
                while s.get(e).is_some_and(u8::is_ascii_digit) {
                    e += 1;
                }
                e
            };
            let end = run(i + 1);
            if end == i + 1 {
                return None;
            }
            if s.get(end) == Some(&b':') {
                let end2 = run(end + 1);
                if end2 > end + 1 {
                    return Some(end2);
                }
            }
            Some(end)
        },
        |_, _| {},
    );
    or_same(s, r)
}

/// `/\b\d+\b/g` → `#`.
pub fn numbers(s: String) -> String {
    let r = replace_with(
        &s,
        |b| b.is_ascii_digit(),
        |s, i| {
            if !boundary(s, i) {
                return None;
            }
            let mut end = i;
            while s.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            boundary(s, end).then_some(end)
        },
        |_, o| o.push('#'),
    );
    or_same(s, r)
}

/// `/\s+/g` → `" "`.
pub fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_ws = false;
    for c in s.chars() {
        if is_js_whitespace(c) {
            if !in_ws {
                out.push(' ');
            }
            in_ws = true;
        } else {
            out.push(c);
            in_ws = false;
        }
    }
    out
}

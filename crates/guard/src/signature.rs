//! Error signatures: the first meaningful line of an error with the volatile parts
//! (timestamps, addresses, paths, line numbers, numbers) normalised away, so that the same
//! failure recognises itself across retries.
//!
//! The normalisation follows the JavaScript regular expressions of the reference tool exactly:
//! `\d` is ASCII, `\b` is the ASCII word boundary and `\s` is JavaScript whitespace. `regex-lite`
//! is used because its classes are ASCII like JavaScript's and it compiles in microseconds, which
//! matters for a command that runs once per loop iteration.

use std::sync::LazyLock;

use regex_lite::{Captures, Regex};

use crate::text::{JS_WHITESPACE_CLASS, is_js_whitespace, js_trim};

/// Compiles a constant pattern.
#[allow(clippy::expect_used)] // constant patterns, compiled by every test run
fn constant(pattern: &str) -> Regex {
    Regex::new(pattern).expect("constant regex compiles")
}

static TIMESTAMP: LazyLock<Regex> =
    LazyLock::new(|| constant(r"\b[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9:.]+Z?\b"));
static HEX: LazyLock<Regex> = LazyLock::new(|| constant(r"0x[0-9a-fA-F]+"));
static PATH: LazyLock<Regex> = LazyLock::new(|| {
    constant(&format!(
        r"[A-Za-z]:[\\/][^{ws}:]+|(?:[\\/][^{ws}:/\\]+)+",
        ws = JS_WHITESPACE_CLASS
    ))
});
static LINE_COL: LazyLock<Regex> = LazyLock::new(|| constant(r":[0-9]+(?::[0-9]+)?"));
static NUMBER: LazyLock<Regex> = LazyLock::new(|| constant(r"\b[0-9]+\b"));
static WHITESPACE: LazyLock<Regex> =
    LazyLock::new(|| constant(&format!("[{JS_WHITESPACE_CLASS}]+")));

/// The first line of `error` whose trimmed form is not empty, or `""`.
pub fn first_meaningful_line(error: &str) -> &str {
    error
        .split('\n')
        .find(|l| !js_trim(l).is_empty())
        .unwrap_or("")
}

/// The signature of an error text.
///
/// ```
/// use loopwright_guard::signature::signature;
/// assert_eq!(
///     signature("TypeError: cannot read x at /home/u/app/foo.js:12:5\n    at main"),
///     "TypeError: cannot read x at foo.js"
/// );
/// assert_eq!(signature("Error: connect ECONNREFUSED 127.0.0.1:5432"), "Error: connect ECONNREFUSED #.#.#.#");
/// ```
pub fn signature(error: &str) -> String {
    let line = js_trim(first_meaningful_line(error));
    let s = TIMESTAMP.replace_all(line, "<ts>");
    let s = HEX.replace_all(&s, "<addr>");
    let s = PATH.replace_all(&s, |c: &Captures<'_>| {
        let m = &c[0];
        let last = m.rsplit(['/', '\\']).next().unwrap_or("");
        if last.is_empty() {
            m.to_owned()
        } else {
            last.to_owned()
        }
    });
    let s = LINE_COL.replace_all(&s, "");
    let s = NUMBER.replace_all(&s, "#");
    let s = if s.contains(|c: char| is_js_whitespace(c) && c != ' ') || s.contains("  ") {
        WHITESPACE.replace_all(&s, " ").into_owned()
    } else {
        s.into_owned()
    };
    js_trim(&s).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_examples_of_the_spec() {
        let cases = [
            (
                "TypeError: cannot read x at /home/u/app/foo.js:12:5",
                "TypeError: cannot read x at foo.js",
            ),
            (
                "Error: connect ECONNREFUSED 127.0.0.1:5432",
                "Error: connect ECONNREFUSED #.#.#.#",
            ),
            ("Error:/foo/bar baz", "Errobar baz"),
            (
                "fetch http://example.com/api/v1 failed",
                "fetch httv1 failed",
            ),
            (
                "GET https://api.x.io:8443/v2/items?id=5 returned 500",
                "GET httpapi.x.ioitems?id=# returned #",
            ),
            (
                r"C:\Users\bob\proj\src\main.rs:10:3 panicked",
                "main.rs panicked",
            ),
            (r"C:\dir\ trailing", r"C:\dir\ trailing"),
            ("at 2024-01-01T10:00:00+02:00 x", "at <ts>+# x"),
            ("at 2024-01-01T10:00:00. end", "at <ts>. end"),
            ("12345-01-01T10:00:00Z", "#-#-01T10Z"),
            ("expected 1/2 got 3/4", "expected # got #"),
            (r"\\server\share\f.txt", r"\f.txt"),
            (
                "v2 build123 123abc 1.5 -5 _5 é5 ٣",
                "v2 build123 123abc #.# -# _5 é# ٣",
            ),
            ("abc0x1fz", "abc<addr>z"),
            ("0x alone 0xg", "0x alone 0xg"),
        ];
        for (input, want) in cases {
            assert_eq!(signature(input), want, "input {input:?}");
        }
    }

    #[test]
    fn takes_first_non_blank_line_and_collapses_whitespace() {
        assert_eq!(signature("\n  \n\tboom \u{3000}  here\nnext"), "boom here");
        assert_eq!(signature(""), "");
        assert_eq!(signature(" \n \n"), "");
        // U+0085 is not JavaScript whitespace, so it survives.
        assert_eq!(signature("a\u{85}b"), "a\u{85}b");
    }

    proptest::proptest! {
        #[test]
        fn signature_is_idempotent_on_its_shape(s in "\\PC{0,80}") {
            let sig = signature(&s);
            proptest::prop_assert!(!sig.contains('\n'));
            proptest::prop_assert_eq!(js_trim(&sig), sig.as_str());
        }
    }
}

//! Error signatures: the first meaningful line of an error with the volatile parts
//! (timestamps, addresses, paths, line numbers, numbers) normalised away, so that the same
//! failure recognises itself across retries.
//!
//! The normalisation follows the JavaScript regular expressions of the reference tool exactly
//! (`\d` is ASCII, `\b` is the ASCII word boundary and `\s` is JavaScript whitespace), as
//! hand-written scanners in [`crate::normalize`]: nothing to compile at startup, one pass per
//! replacement. The tests below check them against the regular expressions themselves.

use crate::normalize;
use crate::text::{is_js_whitespace, js_trim};

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
    let line = js_trim(first_meaningful_line(error)).to_owned();
    let s = normalize::timestamps(line);
    let s = normalize::hex(s);
    let s = normalize::paths(s);
    let s = normalize::line_cols(s);
    let s = normalize::numbers(s);
    let s = if s.contains(|c: char| is_js_whitespace(c) && c != ' ') || s.contains("  ") {
        normalize::collapse_whitespace(&s)
    } else {
        s
    };
    js_trim(&s).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::JS_WHITESPACE_CLASS;
    use regex_lite::{Captures, Regex};

    /// The signature as the reference computes it, with its regular expressions (the oracle).
    fn by_regex(error: &str) -> String {
        let re = |p: &str| Regex::new(p).unwrap();
        let ws = JS_WHITESPACE_CLASS;
        let line = js_trim(first_meaningful_line(error));
        let s = re(r"\b[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9:.]+Z?\b").replace_all(line, "<ts>");
        let s = re(r"0x[0-9a-fA-F]+").replace_all(&s, "<addr>");
        let path = re(&format!(r"[A-Za-z]:[\\/][^{ws}:]+|(?:[\\/][^{ws}:/\\]+)+"));
        let s = path.replace_all(&s, |c: &Captures<'_>| {
            let m = &c[0];
            let last = m.rsplit(['/', '\\']).next().unwrap_or("");
            if last.is_empty() {
                m.to_owned()
            } else {
                last.to_owned()
            }
        });
        let s = re(r":[0-9]+(?::[0-9]+)?").replace_all(&s, "");
        let s = re(r"\b[0-9]+\b").replace_all(&s, "#");
        let s = re(&format!("[{ws}]+")).replace_all(&s, " ");
        js_trim(&s).to_owned()
    }

    /// Characters that the patterns care about, and a few that they must leave alone.
    const ALPHABET: &str = "[0-9:./\\\\ TZxabfg_AXé\t\u{a0}\u{3000}\u{85}\u{10F800}😀-]{0,40}";

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        #[test]
        fn scanners_agree_with_the_reference_regexes(s in ALPHABET) {
            proptest::prop_assert_eq!(signature(&s), by_regex(&s), "input {:?}", s);
        }

        #[test]
        fn scanners_agree_on_any_text(s in "\\PC{0,60}") {
            proptest::prop_assert_eq!(signature(&s), by_regex(&s), "input {:?}", s);
        }

        #[test]
        fn scanners_agree_on_timestamps_and_paths(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "2024-01-01", "T", " ", "10:00:00", ".5", "Z", "Zx", "12345", "0x1f", "/a", "\\b",
                "C:", "//", ":12", ":3:4", "x", "_", "é", "\u{3000}", "::", "1", "-",
            ]), 0..12),
        ) {
            let s: String = parts.concat();
            proptest::prop_assert_eq!(signature(&s), by_regex(&s), "input {:?}", s);
        }
    }

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

//! Shape checks on the line itself, byte tests on its first tokens: location-only lines,
//! stack frames of any language outside library code, failure marks, section banners,
//! exception names, record headers, numbered failure lists and expected/actual lines.

mod glyph_marks;
mod sigil_sides;

use super::reports::report;
use super::{Signal, blank, code_word, sig, steps::value_lines};
use crate::rules::Kind;

/// Shapes checked on the line itself: location-only lines and project stack frames.
/// `t` is `line` without its indentation and `space` its first blank; `named`: the line may
/// name an exception (else that check is skipped).
pub(super) fn shape(line: &[u8], t: &[u8], space: Option<usize>, named: bool) -> Option<Signal> {
    let first = *t.first()?;
    if !(first.is_ascii_punctuation() || first.is_ascii_alphanumeric() || first >= 0x80) {
        return None;
    }
    if super::frames::is_frame(t, space) {
        return (!library_path(t)).then_some(sig(Kind::Frame, 1, false));
    }
    if let Some(s) = other_location(line, t, space) {
        return Some(s);
    }
    // `--- expected` / `+++ actual`: the header of a difference between the two.
    if matches!(first, b'-' | b'+') && diff_sides(t) {
        return Some(sig(Kind::Message, 6, false));
    }
    if location_only(t, space) {
        return Some(sig(Kind::Location, 2, false));
    }
    if first == b'n' && t.starts_with(b"not ok ") {
        return Some(sig(Kind::Failure, 30, false));
    }
    if first >= 0x80
        && let Some(s) = glyph_marks::shape(t)
    {
        return Some(s);
    }
    if matches!(first, b'-' | b'=' | b'_' | b'*' | b'#' | b'~') && banner(t) {
        return Some(sig(Kind::Structure, 0, false));
    }
    // `src/app.js format ━━━━━━`: a finding about a whole file, titled by its path.
    let last = t[t.len() - 1];
    if matches!(last, b'*' | b'=' | b'-' | 0x80 | 0x81)
        && (last >= 0x80 || t.ends_with(&[last; 10]))
        && super::rule_run(t).is_some()
        && space.is_some_and(|sp| path_token(&t[..sp]))
    {
        return Some(sig(Kind::Warning, 2, true));
    }
    if named && exception_name(t, space) {
        return Some(sig(Kind::Message, 4, false));
    }
    match first {
        b'd' if t.starts_with(b"diff --git ") || t.starts_with(b"diff -u") => {
            Some(sig(Kind::Structure, 0, false))
        }
        b's' | b'S' | b'b' | b'B' | b'c' | b'C' if trace_heading(t) => {
            Some(sig(Kind::Structure, 3, false))
        }
        b'a'..=b'z' if line.first() == Some(&first) && hex_header(t, space) => {
            Some(sig(Kind::Structure, 0, false))
        }
        // `B028 No explicit stacklevel`, `E501: line too long`: a rule code heading a diagnostic.
        // Indented under a location header (`path:41 in public function `f`:`), the code
        // ends in a colon: `        D103: Missing docstring in public function`.
        b'A'..=b'Z'
            if t.len() > 8
                && code_word(t)
                && (line.first() == Some(&first) || coded_finding(t)) =>
        {
            Some(sig(Kind::Warning, 2, true))
        }
        // `0x6040000000b8 is located 0 bytes to the right of 40-byte region`: a checker says
        // what an address is.
        b'0' if addressed(t, space) => Some(sig(Kind::Message, 0, false)),
        b'0'..=b'9' if numbered_item(t) => Some(sig(Kind::Failure, 2, false)),
        // `  4:1   ✖  Expected empty line  rule-name`: a finding at `line:col` in a per-file block.
        b'0'..=b'9' if marked_coordinate(t, space) => Some(sig(Kind::Warning, 0, true)),
        b'e' | b'E' | b'a' | b'A' | b'r' | b'R' | b'g' | b'G' | b'w' | b'W' if expectation(t) => {
            Some(sig(Kind::Message, value_lines(t, space), false))
        }
        // `left:  105`: a comparison's left side (its right side starts with `r`, above).
        b'l' | b'L' if t.len() > 5 && t[..4].eq_ignore_ascii_case(b"left") && expectation(t) => {
            Some(sig(Kind::Message, 0, false))
        }
        b'L' | b'l' if labelled_coordinate(t) => Some(sig(Kind::Warning, 0, true)),
        // `#          got: '8'`: an expectation quoted after a comment mark.
        b'#' | b'/' | b';' if commented_expectation(t) => Some(sig(Kind::Message, 0, false)),
        // Told by the last byte first: most lines do not end in a digit or a period.
        _ if super::titles::located(t) => Some(sig(Kind::Warning, 2, true)),
        // `config.status: creating Makefile`: a made file alone after its verb (token ends in `:`)
        b'a'..=b'z' | b'A'..=b'Z'
            if space.is_some_and(|sp| sp > 1 && t[sp - 1] == b':') && made_file(t, space) =>
        {
            Some(sig(Kind::Summary, 0, true))
        }
        _ => report(t, space), // report lines told by their layout (`reports.rs`)
    }
}

/// `0x… is …`: a hex address as the subject of a sentence.
pub(super) fn addressed(t: &[u8], space: Option<usize>) -> bool {
    let Some(sp) = space else { return false };
    t.len() > sp + 4
        && sp > 3
        && t.starts_with(b"0x")
        && t[2..sp].iter().all(u8::is_ascii_hexdigit)
        && &t[sp..sp + 4] == b" is "
}

/// `D103: message`: a rule code glued to a colon, then a space and the message.
fn coded_finding(t: &[u8]) -> bool {
    let code = t.iter().take_while(|b| b.is_ascii_alphanumeric()).count();
    t[code..].starts_with(b": ") && t.get(code + 2).is_some_and(u8::is_ascii_graphic)
}

/// `4:1  ✖  message`: a `line:col` coordinate, then a mark glyph (`✖`, `⚠`, `✗`, `×`).
fn marked_coordinate(t: &[u8], space: Option<usize>) -> bool {
    let Some(sp) = space else { return false };
    let tok = &t[..sp];
    let Some(colon) = tok.iter().position(|&b| b == b':') else {
        return false;
    };
    let digits = |p: &[u8]| !p.is_empty() && p.iter().all(u8::is_ascii_digit);
    digits(&tok[..colon])
        && digits(&tok[colon + 1..])
        && t[sp..]
            .trim_ascii_start()
            .first()
            .is_some_and(|&b| b >= 0x80)
}

/// `L:   3 | P:  13 | LT01 | message`, `line 3, col 5, E501 …`: a labelled line number, then a
/// rule code among the next few words (a finding; the group limit folds repeats).
fn labelled_coordinate(t: &[u8]) -> bool {
    let rest = if let Some(r) = t.strip_prefix(b"L:") {
        r
    } else if t.len() > 5 && t[..5].eq_ignore_ascii_case(b"line ") {
        &t[5..]
    } else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0
        && rest[digits..]
            .split(|&b| matches!(b, b' ' | b'|' | b','))
            .filter(|w| !w.is_empty())
            .take(4)
            .any(|w| {
                // `LT01`, or a code of capitals alone (`PRS`)
                code_word(w) || ((2..=6).contains(&w.len()) && w.iter().all(u8::is_ascii_uppercase))
            })
}

/// An expectation line after a comment mark (`#`, `//`, `;`) and blanks.
fn commented_expectation(t: &[u8]) -> bool {
    let marks = t
        .iter()
        .take_while(|b| matches!(b, b'#' | b'/' | b';'))
        .count();
    let rest = t[marks..].trim_ascii_start();
    // Every word [`expectation`] knows starts with one of these letters.
    if !matches!(
        rest.first().map(|b| b | 0x20),
        Some(b'e' | b'a' | b'r' | b'g' | b'w' | b'l' | b'$')
    ) {
        return false;
    }
    let compared = |r| expectation(r) || sigil_sides::compared_side(r);
    marks > 0 && marks < 3 && rest.len() < t.len() - marks && compared(rest)
}

/// `● suite › test`, `× name 12ms`, `✗ name`: the failure marks of test runners.
fn failure_glyph(t: &[u8]) -> bool {
    ["●", "×", "✗", "✖", "✘", "❌", "⨯", "✕"]
        .iter()
        .any(|g| t.starts_with(g.as_bytes()) && t.get(g.len()).is_some_and(|b| *b == b' '))
}

/// `---- tests::x stdout ----`, `____ test_total ____`, `==== FAILURES ====`: a section banner.
fn banner(t: &[u8]) -> bool {
    let t = t.trim_ascii_end();
    let c = t[0];
    let lead = t.iter().take_while(|b| **b == c).count();
    let trail = t.iter().rev().take_while(|b| **b == c).count();
    lead >= 3
        && trail >= 3
        && lead + trail + 2 < t.len()
        && t[lead] == b' '
        && t[t.len() - trail - 1] == b' '
}

/// `commit 3f2a9c1…`, `changeset 12ab34cd…`: a record header naming a hex id.
fn hex_header(t: &[u8], space: Option<usize>) -> bool {
    let Some(sp) = space else { return false };
    if sp > 12 || !t[..sp].iter().all(u8::is_ascii_lowercase) {
        return false;
    }
    let id = t[sp + 1..]
        .iter()
        .take_while(|b| b.is_ascii_hexdigit())
        .count();
    (7..=64).contains(&id) && !t.get(sp + 1 + id).is_some_and(u8::is_ascii_alphanumeric)
}

/// `KeyError: 'x'`, `E   AssertionError: …`, `Caused by: x.NumberFormatException: …`: an
/// exception or error type naming what went wrong, in the first words of a line.
fn exception_name(t: &[u8], space: Option<usize>) -> bool {
    // A named token ends in one of these words: most lines hold none of them anywhere.
    let named_somewhere = memchr::memchr3_iter(b'E', b'F', b'P', t).any(|i| {
        let w = &t[i..];
        w.starts_with(b"Error")
            || w.starts_with(b"Exception")
            || w.starts_with(b"Failure")
            || w.starts_with(b"Fault")
            || w.starts_with(b"Panic")
    });
    if !named_somewhere {
        return false;
    }
    let mut rest = t;
    let mut space = space;
    for _ in 0..3 {
        let end = space
            .take()
            .unwrap_or_else(|| blank(rest).unwrap_or(rest.len()));
        let tok = thrown_at(rest[..end].strip_suffix(b":").unwrap_or(&rest[..end]));
        // Told by the last byte first: most tokens end in none of these words.
        let named = match tok.last() {
            Some(b'r') => tok.len() > 5 && tok.ends_with(b"Error"),
            Some(b'n') => tok.len() > 9 && tok.ends_with(b"Exception"),
            Some(b'e') => tok.len() > 7 && tok.ends_with(b"Failure"),
            Some(b'c') => tok.len() > 5 && tok.ends_with(b"Panic"),
            Some(b't') => tok.len() > 5 && tok.ends_with(b"Fault"),
            _ => false,
        };
        if named
            && tok
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'$'))
        {
            return rest[..end].ends_with(b":") || end == rest.len();
        }
        if end == rest.len() {
            return false;
        }
        rest = rest[end..].trim_ascii_start();
    }
    false
}

/// `core.exception.RangeError@app.d(31)`: an exception's name, then `@` and the place it was
/// thrown; the name alone (the token itself when it names no such place).
fn thrown_at(tok: &[u8]) -> &[u8] {
    match memchr::memchr(b'@', tok) {
        Some(at) if has_file_line(&tok[at + 1..]) => &tok[..at],
        _ => tok,
    }
}

/// `1) cart deep`, `12) Foo::bar`: the numbered failure lists of test runners (mocha, RSpec,
/// PHPUnit).
fn numbered_item(t: &[u8]) -> bool {
    let digits = t.iter().take_while(|b| b.is_ascii_digit()).count();
    (1..=4).contains(&digits)
        && t[digits..].starts_with(b") ")
        && t.get(digits + 2).is_some_and(|b| !b.is_ascii_whitespace())
}

/// `Expected: 3`, `actual: 101,`, `Received value = x`, `got: …`, `want: …`: what a failed
/// assertion compared.
fn expectation(t: &[u8]) -> bool {
    let word = t.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    if !(3..=8).contains(&word) {
        return false;
    }
    // Then at most 12 letters or spaces, and a `:` or `=`.
    let rest = &t[word..];
    let Some(gap) = rest
        .iter()
        .take(13)
        .position(|b| !(b.is_ascii_alphabetic() || *b == b' '))
    else {
        return false;
    };
    matches!(rest[gap], b':' | b'=')
        && [
            &b"expected"[..],
            b"actual",
            b"received",
            b"got",
            b"want",
            b"wanted",
            b"expect",
            b"left",
            b"right",
        ]
        .iter()
        .any(|x| t[..word].eq_ignore_ascii_case(x))
}

/// `file.ext:N[:M]` (or `file.ext(N[,M])`) and nothing else on the line but a marker;
/// `space` is the first space or tab in `t`.
#[inline(always)]
pub(super) fn location_only(t: &[u8], space: Option<usize>) -> bool {
    let t = match space {
        None => t,
        // `tests/x.py:6: `: a location with trailing blanks.
        Some(sp)
            if t.last().is_some_and(u8::is_ascii_whitespace)
                && t[sp..].iter().all(u8::is_ascii_whitespace) =>
        {
            &t[..sp]
        }
        Some(sp) => {
            let tok = &t[..sp];
            // The longest marker (`╭─`, 6 bytes) and 3 more; only the markers starting with
            // the token's first byte can start it (`❯`, `›`, `╭`, `┌` start with 0xE2).
            let markers: &[&str] = match tok.first() {
                Some(b'-') => &["-->", "->"],
                Some(b'a' | b'i' | b'f' | b'|') => &["at", "in", "from", "|"],
                Some(0xE2) => &["❯", "›", "╭─", "┌─"],
                _ => return false,
            };
            if tok.len() > 9
                || !markers
                    .iter()
                    .any(|m| tok.starts_with(m.as_bytes()) && tok.len() <= m.len() + 3)
            {
                return false;
            }
            let rest = t[sp..].trim_ascii();
            if blank(rest).is_some() {
                return false;
            }
            rest
        }
    };
    let t = t.trim_ascii_end();
    let t = t.strip_prefix(b"[").unwrap_or(t);
    let t = t.strip_prefix(b"(").unwrap_or(t);
    let t = t
        .strip_suffix(b")")
        .or_else(|| t.strip_suffix(b"]"))
        .unwrap_or(t);
    if t.is_empty() || t.len() > 400 {
        return false;
    }
    // The location ends the token: `a.rs:3:5`, `a.ts(3,5)`, `a.py:12:` but not `a.py:12:pass`.
    let tail = t
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit() || matches!(b, b':' | b',' | b'('))
        .count();
    if tail < 2 {
        return false;
    }
    let (head, tail) = t.split_at(t.len() - tail);
    matches!(tail[0], b':' | b'(') && tail[1].is_ascii_digit() && ends_with_ext(head)
}

/// `stacktrace:`, `Backtrace for: #<THREAD …>`, `Call stack:`: the heading of a stack trace,
/// whose first frames follow it.
fn trace_heading(t: &[u8]) -> bool {
    // `st`-`a`, `ba`-`c`, `ca`-`l` first: most lines fail on two bytes.
    if t.len() < 10
        || !matches!(
            (t[0] | 0x20, t[2] | 0x20),
            (b's', b'a') | (b'b', b'c') | (b'c', b'l')
        )
    {
        return false;
    }
    const HEADS: &[&[u8]] = &[
        b"stacktrace",
        b"stack trace",
        b"backtrace",
        b"backtrace for",
        b"call stack",
    ];
    let Some(colon) = t.iter().take(16).position(|&b| b == b':') else {
        return false;
    };
    HEADS.iter().any(|h| t[..colon].eq_ignore_ascii_case(h))
}

/// `src/app.js`, `lib/a.ex:3`: a token naming a file (a separator and an extension).
fn path_token(tok: &[u8]) -> bool {
    let name = tok.split(|&b| b == b':').next().unwrap_or(tok);
    memchr::memchr2(b'/', b'\\', name).is_some() && ends_with_ext(name)
}

/// `6:12`, `6:12  root stylesheet`: a line and a column as the first word.
fn line_col(rest: &[u8]) -> bool {
    let word = &rest[..blank(rest).unwrap_or(rest.len())];
    let Some(c) = memchr::memchr(b':', word) else {
        return false;
    };
    c > 0
        && c + 1 < word.len()
        && word[..c].iter().all(u8::is_ascii_digit)
        && word[c + 1..].iter().all(u8::is_ascii_digit)
}

/// `--- expected`, `+++ actual`: a diff's header naming the expected or the actual side.
fn diff_sides(t: &[u8]) -> bool {
    let Some(side) = t.strip_prefix(b"--- ").or_else(|| t.strip_prefix(b"+++ ")) else {
        return false;
    };
    let side = side.trim_ascii();
    [&b"expected"[..], b"actual", b"received"]
        .iter()
        .any(|w| side.eq_ignore_ascii_case(w))
}

/// `x: creating Makefile`, `x: wrote dist/app.js`: a verb of making and one file name, nothing
/// after.
#[inline(never)]
fn made_file(t: &[u8], space: Option<usize>) -> bool {
    let Some(sp) = space.filter(|&sp| sp > 1 && t[sp - 1] == b':') else {
        return false;
    };
    let rest = &t[sp + 1..];
    const VERBS: &[&[u8]] = &[
        b"creating ",
        b"created ",
        b"writing ",
        b"wrote ",
        b"generated ",
    ];
    VERBS.iter().any(|v| {
        rest.strip_prefix(*v)
            .is_some_and(|f| !f.is_empty() && blank(f).is_none() && f.len() < 200)
    })
}

/// A location in another layout: `styles/main.scss 6:12  root stylesheet` (a file, then its
/// line and column) or `Origin: path:24:7` at the start of a line (the location of what was
/// reported above it).
#[inline(always)]
fn other_location(line: &[u8], t: &[u8], space: Option<usize>) -> Option<Signal> {
    let sp = space?;
    if t.get(sp + 1).is_some_and(u8::is_ascii_digit)
        && t[sp.saturating_sub(7)..sp].contains(&b'.')
        && line_col(&t[sp + 1..])
        && path_token(&t[..sp])
    {
        return Some(sig(Kind::Location, 0, false));
    }
    (t[0].is_ascii_uppercase()
        && line.first() == t.first()
        && labelled(&t[..sp])
        && location_only(t[sp..].trim_ascii(), None))
    .then_some(sig(Kind::Location, 2, false))
}

/// `Origin:`, `Location:`: one capitalised word and a colon, labelling the location after it.
fn labelled(tok: &[u8]) -> bool {
    (3..=12).contains(&tok.len())
        && tok[0].is_ascii_uppercase()
        && tok.ends_with(b":")
        && tok[1..tok.len() - 1].iter().all(u8::is_ascii_lowercase)
}

/// Whether `name` ends with `.ext` (1-6 letters or digits, the first a letter) after a name.
pub(super) fn ends_with_ext(name: &[u8]) -> bool {
    let ext_len = name
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    let Some(d) = name.len().checked_sub(ext_len + 1) else {
        return false;
    };
    (1..=6).contains(&ext_len) && d > 0 && name[d] == b'.' && name[d + 1].is_ascii_alphabetic()
}

/// Whether `t` holds `name.ext:DIGIT` or `name.ext(DIGIT` (ext 1-6 letters/digits, starting
/// with a letter).
pub(super) fn has_file_line(t: &[u8]) -> bool {
    // Eight bytes at a time: `t` is a token or the rest of a frame line, short enough that a
    // `memchr` call per candidate costs more than it saves.
    let mut from = 0;
    while let Some(p) = super::find2(&t[from..], b':', b'(') {
        let i = from + p;
        if t.get(i + 1).is_some_and(u8::is_ascii_digit) && ends_with_ext(&t[..i]) {
            return true;
        }
        from = i + 1;
    }
    false
}

/// Frames in code the user did not write.
pub(crate) fn library_path(t: &[u8]) -> bool {
    const LIB: &[&str] = &[
        "site-packages",
        "dist-packages",
        "/lib/python",
        "<frozen",
        "node_modules",
        "node:",
        "internal/",
        "/rustc/",
        ".cargo/registry",
        "/usr/",
        "libc.so",
        "ld-linux",
        "/go/src/",
        "go/src/runtime",
        "vg_replace",
        "(in /",
        " java.",
        " jdk.",
        " sun.",
        " org.junit.",
        "/library/std/",
        "/library/core/",
        "<unknown>",
        "(native)",
    ];
    // One search for all the names (an automaton built once, in a fraction of what a regex of
    // the names took to compile), not one `memmem` search each.
    static ANY_LIB: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> =
        std::sync::LazyLock::new(|| aho_corasick::AhoCorasick::new(LIB).ok());
    match ANY_LIB.as_ref() {
        Some(any) => any.is_match(t),
        None => LIB
            .iter()
            .any(|n| memchr::memmem::find(t, n.as_bytes()).is_some()),
    }
}

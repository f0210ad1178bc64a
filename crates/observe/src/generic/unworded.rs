//! Lines that say what went wrong, or sum a run up, without a severity word or a rule code:
//!
//! - a frame named by its function with the file and line in parentheses, innermost first
//!   (`in function m:f/1 (m.erl, line 15)`);
//! - a frame led by its location and naming a function with its arity (`ledger.exs:11:
//!   Ledger.handle_cast/2`), or a Ruby-style frame in a file with no extension
//!   (`/p/Rakefile:16:in `block'`);
//! - an exception's name in parentheses after marks (`** (ArithmeticError) bad argument`);
//! - the totals row of a table (`471,201 (100.0%)  2,098 (100.0%)  PROGRAM TOTALS`);
//! - a located message, `path:L:C:` and then words in lower case that quote the token they are
//!   about (`list.go:70:2: expected operand, found 'if'`): a parser's message, where a listing
//!   of `path:L:C:` lines (a compiler's optimisation notes) names no token so;
//! - the located lines right above a count of errors (`x.po:19: duplicate message definition`
//!   then `found 1 fatal error`): the errors counted;
//! - the markers of a merge conflict (`<<<<<<< mine`, `=======`, `>>>>>>> theirs`), each with
//!   the first line after it;
//! - a warning named by its category (`(node:7) ExperimentalWarning: …`, `UserWarning: …`).

use super::{Signal, sig};
use crate::rules::Kind;

pub(super) mod advice;
mod defect_leads;
mod framed;
pub(super) mod pointed_rules;
pub(super) mod positioned;
pub(super) use advice::title as advice_title;
pub(super) use defect_leads::shape as defect_lead;
pub(crate) use framed::{detail_block, framed_pull};
pub(super) use pointed_rules::pull as pointed_pull;

/// A line no earlier check told that is advice about a file, a message ending at a line and
/// column or located with a column range, or a rule's name led by pointers (see [`advice`],
/// [`positioned`], [`pointed_rules`]).
#[cfg(test)]
pub(super) fn unmarked(t: &[u8]) -> Option<Signal> {
    advice::shape(t)
        .or_else(|| positioned::ends_at_position(t))
        .or_else(|| positioned::ranged_location(t))
        .or_else(|| pointed_rules::shape(t))
}

/// Shapes of a line without its indentation (`t`) that no other check told. Told by its first
/// and last bytes first: most lines end in none of these. (The chain of
/// [`super::runners::WORDLESS`] runs its three checks apart; this is what they replaced, for
/// the tests.)
/// `scanned` says whether the word scan found a candidate in the line (rejected since): a
/// category like `DeprecationWarning` leaves one (the scan ignores case and word boundaries).
#[cfg(test)]
pub(super) fn shape(line: &[u8], t: &[u8], scanned: bool) -> Option<Signal> {
    let (&first, &last) = (t.first()?, t.last()?);
    if matches!(line.first(), Some(b'<' | b'=' | b'>' | b'|' | b'+')) && conflict_marker(line) {
        return Some(sig(Kind::Structure, 1, false));
    }
    let maybe = matches!(last, b')' | b'L' | b'S' | b'0'..=b'9' | b'\'') || first == b'*';
    if maybe && let Some(s) = shape_of(t) {
        return Some(s);
    }
    (scanned && warning_category(t)).then_some(sig(Kind::Warning, 1, true))
}

/// `(node:7) ExperimentalWarning: …`, `[DEP0040] DeprecationWarning: …`, `UserWarning: …`: a
/// warning named by its category, a word ending in `Warning` glued to a longer name, among the
/// first three words of a line and followed by a colon.
#[inline(never)]
pub(super) fn warning_category(t: &[u8]) -> bool {
    t.split(|&b| b == b' ').take(3).any(|word| {
        word.strip_suffix(b":")
            .and_then(|w| w.strip_suffix(b"Warning"))
            .is_some_and(|name| {
                // the class's own name (after any module path) starts in upper case
                let own = name.rsplit(|&b| b == b'.').next().unwrap_or(name);
                name.last().is_some_and(u8::is_ascii_alphabetic)
                    && own.first().is_some_and(u8::is_ascii_uppercase)
                    && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'.')
            })
    })
}

/// [`shape`] for the lines its first and last bytes let through.
#[inline(never)]
pub(super) fn shape_of(t: &[u8]) -> Option<Signal> {
    match (t.first()?, t.last()?) {
        (b'i', b')') if innermost_frame(t) => Some(sig(Kind::Frame, 1, false)),
        (_, b'L' | b'S') if totals_row(t) => Some(sig(Kind::Summary, 0, false)),
        (b'*', _) if parenthesised_exception(t) => Some(sig(Kind::Message, 4, false)),
        (_, b'0'..=b'9' | b'\'') if located_function(t) && !super::shapes::library_path(t) => {
            Some(sig(Kind::Frame, 1, false))
        }
        _ => None,
    }
}

/// `<<<<<<< mine`, `||||||| base`, `=======`, `>>>>>>> theirs`: the markers of a merge
/// conflict, at the start of the line in a file shown whole or after a combined diff's `++`
/// (`++<<<<<<< HEAD`). Exactly seven marks; the `=` one alone on its line (a longer run, or one
/// with a title, is a banner; an indented one underlines a heading).
#[inline(never)]
pub(super) fn conflict_marker(line: &[u8]) -> bool {
    let body = line.strip_prefix(b"++").unwrap_or(line);
    let Some(&mark) = body.first() else {
        return false;
    };
    if !matches!(mark, b'<' | b'=' | b'>' | b'|')
        || body.len() < 7
        || body[..7].iter().any(|&b| b != mark)
    {
        return false;
    }
    match body.get(7) {
        None => true,
        Some(b' ') => mark != b'=' && body.len() > 8,
        Some(_) => false,
    }
}

/// `** (ArithmeticError) bad argument`: an exception's name in parentheses after marks.
#[inline(never)]
fn parenthesised_exception(t: &[u8]) -> bool {
    let body = after_stars(t);
    let Some(inner) = body.strip_prefix(b"(") else {
        return false;
    };
    let Some(close) = memchr::memchr(b')', inner) else {
        return false;
    };
    let name = &inner[..close];
    (name.ends_with(b"Error") || name.ends_with(b"Exception"))
        && name.len() > 5
        && name
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_'))
}

/// A frame led by its location, `path:N:`, then the function: `ledger.exs:11:
/// Ledger.handle_cast/2` (a dotted name with its arity), or `lib/Rakefile:16:in `block'` (a
/// file named with no extension, which the frames of `shapes.rs` need).
#[inline(never)]
fn located_function(t: &[u8]) -> bool {
    // Told by the end first: an arity after a slash, or a quote closing a Ruby method name.
    let digits = t.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let end_ok = if digits > 0 {
        t.len() > digits && t[t.len() - digits - 1] == b'/'
    } else {
        memchr::memchr(b'`', t).is_some()
    };
    if !end_ok {
        return false;
    }
    let Some(sp) = super::blank(t) else {
        return false;
    };
    let (tok, rest) = (&t[..sp], t[sp..].trim_ascii_start());
    if let Some(loc) = tok.strip_suffix(b":in") {
        return rest.first() == Some(&b'`')
            && memchr::memchr(b'/', loc).is_some()
            && line_number_after_colon(loc);
    }
    let Some(loc) = tok.strip_suffix(b":") else {
        return false;
    };
    if !line_number_after_colon(loc) {
        return false;
    }
    let Some(slash) = memchr::memrchr(b'/', rest) else {
        return false;
    };
    let (name, arity) = (&rest[..slash], &rest[slash + 1..]);
    super::shapes::ends_with_ext(&loc[..memchr::memrchr(b':', loc).unwrap_or(0)])
        && name.first().is_some_and(u8::is_ascii_uppercase)
        && memchr::memchr(b'.', name).is_some()
        && name
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'?' | b'!'))
        && !arity.is_empty()
        && arity.iter().all(u8::is_ascii_digit)
}

/// `name:12`: a token ending in a colon and a line number.
fn line_number_after_colon(tok: &[u8]) -> bool {
    memchr::memrchr(b':', tok)
        .is_some_and(|c| c > 0 && c + 1 < tok.len() && tok[c + 1..].iter().all(u8::is_ascii_digit))
}

/// `t` without its leading `*` marks and blanks.
fn after_stars(t: &[u8]) -> &[u8] {
    let n = t
        .iter()
        .take_while(|b| matches!(b, b'*' | b' ' | b'\t'))
        .count();
    &t[n..]
}

/// `in function otp_tests:'-queue_test_/0-fun-1-'/1 (otp_tests.erl, line 15)`: where an error
/// was raised, the first frame of its stack.
#[inline(never)]
fn innermost_frame(t: &[u8]) -> bool {
    let Some(body) = t.strip_prefix(b"in function ") else {
        return false;
    };
    let Some(open) = memchr::memrchr(b'(', body) else {
        return false;
    };
    let inner = &body[open + 1..body.len() - 1];
    let Some(comma) = memchr::memmem::find(inner, b", line ") else {
        return false;
    };
    let n = &inner[comma + 7..];
    open > 0
        && super::shapes::ends_with_ext(&inner[..comma])
        && !n.is_empty()
        && n.iter().all(u8::is_ascii_digit)
}

/// A row whose last word is `TOTAL` or `TOTALS` in capitals, after numbers.
#[inline(never)]
fn totals_row(t: &[u8]) -> bool {
    let word = t
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_uppercase())
        .count();
    let head = &t[..t.len() - word];
    let last = &t[t.len() - word..];
    (last == b"TOTAL" || last == b"TOTALS")
        && head.last().is_some_and(|&b| b == b' ' || b == b'\t')
        && head.iter().any(u8::is_ascii_digit)
}

/// `list.go:70:2: expected operand, found 'if'`: after a `path:L:C:` location (`rest` is what
/// follows it), a message in lower case that quotes a token.
pub(super) fn quoting_message(line: &[u8], rest: &[u8]) -> Option<Signal> {
    if let Some(s) = positioned::expectation(line, rest).filter(|_| !quotes_token(rest)) {
        return Some(s);
    }
    if !rest.first().is_some_and(u8::is_ascii_lowercase) || rest.len() > 200 {
        return None;
    }
    let head = line[..line.len() - rest.len()]
        .trim_ascii_end()
        .strip_suffix(b":")?;
    let mut parts = head.rsplitn(3, |&b| b == b':');
    let numbers = [parts.next()?, parts.next()?];
    let file = parts.next()?;
    let located = numbers
        .iter()
        .all(|n| !n.is_empty() && n.iter().all(u8::is_ascii_digit))
        && super::shapes::ends_with_ext(file);
    (located && quotes_token(rest)).then_some(sig(Kind::Warning, 1, true))
}

/// A token of 1 to 20 bytes in single quotes, the opening quote after a blank.
fn quotes_token(s: &[u8]) -> bool {
    memchr::memchr_iter(b'\'', s).any(|i| {
        i > 0
            && s[i - 1] == b' '
            && s[i + 1..]
                .iter()
                .take(21)
                .position(|&b| b == b'\'' || b == b' ')
                .is_some_and(|q| q > 0 && s[i + 1 + q] == b'\'')
    })
}

/// How many lines above a count of errors to keep with it: the located lines (`path:N:` and a
/// message with no severity word or rule code, unindented: findings that do have one were
/// kept or folded by their own budget) right above it, at most 6, when it counts one error or more
/// (`found 2 fatal errors`, `3 errors generated.`). `above` are the lines right above, nearest
/// first.
pub(crate) fn count_pull<'a>(line: &[u8], above: impl Iterator<Item = &'a [u8]>) -> usize {
    if !counts_errors(line) {
        return 0;
    }
    above
        .take(6)
        .take_while(|l| {
            !matches!(l.first(), None | Some(b' ' | b'\t'))
                && super::after_location(l)
                    .is_some_and(|r| !r.is_empty() && super::diagnostic_after_location(r).is_none())
        })
        .count()
}

/// `N error(s)`, with at most one word between (`2 fatal errors`), N not zero.
fn counts_errors(line: &[u8]) -> bool {
    // `error` in any case somewhere, told by its `rror` (no searcher built per line).
    let named = memchr::memchr2_iter(b'r', b'R', line).any(|i| {
        line.get(i + 1..i + 4)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"ror"))
    });
    if !named {
        return false;
    }
    let mut prev: [&[u8]; 2] = [b"", b""];
    for w in line
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty())
    {
        let lower = w.trim_ascii_end();
        if lower.len() <= 7
            && (lower.eq_ignore_ascii_case(b"error") || lower.eq_ignore_ascii_case(b"errors"))
        {
            let number = |n: &[u8]| {
                !n.is_empty() && n.iter().all(u8::is_ascii_digit) && n.iter().any(|&b| b != b'0')
            };
            if number(prev[1]) || number(prev[0]) {
                return true;
            }
        }
        prev = [prev[1], w];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`shape`] of a whole line.
    fn one(line: &[u8]) -> Option<Signal> {
        shape(line, line.trim_ascii_start(), true)
    }

    #[test]
    fn innermost_frames_name_file_and_line_in_parentheses() {
        let f = b"in function otp_tests:'-queue_test_/0-fun-1-'/1 (otp_tests.erl, line 15)";
        assert_eq!(one(f).map(|s| s.kind), Some(Kind::Frame));
        assert_eq!(one(b"in function f (no file here)"), None);
        assert_eq!(one(b"in function f (a.erl, line x)"), None);
        assert_eq!(one(b"in call from g/1 (a.erl, line 3)"), None);
    }

    #[test]
    fn warnings_named_by_their_category_are_kept() {
        let kind = |l: &[u8]| one(l).map(|s| s.kind);
        for line in [
            &b"(node:11938) ExperimentalWarning: VM Modules is an experimental feature"[..],
            b"(node:7) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.",
            b"UserWarning: the default will change",
            b"  warnings.PendingDeprecationWarning: soon",
        ] {
            assert_eq!(kind(line), Some(Kind::Warning), "{line:?}");
        }
        for line in [
            &b"see the Warning: section below"[..],
            b"Warning: bare level words are told elsewhere",
            b"a list of the messages printed: DeprecationWarning: x",
            b"class MyWarning(Warning):",
        ] {
            assert_eq!(kind(line), None, "{line:?}");
        }
    }

    #[test]
    fn merge_conflict_markers_are_kept_and_banners_are_not() {
        let kind = |l: &[u8]| one(l).map(|s| s.kind);
        for marker in [
            &b"<<<<<<< mine.py"[..],
            b"||||||| base.py",
            b"=======",
            b">>>>>>> theirs.py",
            b"<<<<<<<",
            b"++<<<<<<< HEAD",
            b"++=======",
        ] {
            assert_eq!(kind(marker), Some(Kind::Structure), "{marker:?}");
        }
        for banner in [
            &b"======= FAILURES ======="[..],
            b"========",
            b"<<<<<<<<",
            b">>> tuple(x)",
            b"<<<<<<<x",
            b"+ seen = set()",
            b" =======",
        ] {
            assert_eq!(kind(banner), None, "{banner:?}");
        }
    }

    #[test]
    fn exceptions_in_parentheses_and_frames_led_by_their_location() {
        let kind = |l: &[u8]| one(l).map(|s| s.kind);
        let exc = b"** (ArithmeticError) bad argument in arithmetic expression";
        assert_eq!(kind(exc), Some(Kind::Message));
        assert_eq!(kind(b"** (note) see above"), None);
        assert_eq!(
            kind(b"ledger.exs:11: Ledger.handle_cast/2"),
            Some(Kind::Frame)
        );
        assert_eq!(kind(b"a.exs:11: see page/2"), None);
        let rake = b"/tmp/p/Rakefile:16:in `block in <top (required)>'";
        assert_eq!(kind(rake), Some(Kind::Frame));
        let lib = b"/usr/lib/ruby/rake/task.rb:281:in `each'";
        assert_eq!(kind(lib), None);
        assert_eq!(kind(b"Rakefile:16:in `block'"), None);
    }

    #[test]
    fn a_totals_row_after_numbers() {
        let row = b"471,201 (100.0%) 2,098 (100.0%)  PROGRAM TOTALS";
        assert_eq!(one(row).map(|s| s.kind), Some(Kind::Summary));
        assert_eq!(one(b"TOTAL"), None);
        assert_eq!(one(b"see the TOTALS"), None);
        assert_eq!(one(b"12 files in SUBTOTAL"), None);
    }

    #[test]
    fn located_messages_that_quote_a_token() {
        let at = |l: &'static [u8]| {
            let rest = super::super::after_location(l).unwrap_or(b"");
            quoting_message(l, rest).map(|s| s.kind)
        };
        assert_eq!(
            at(b"list.go:70:2: expected operand, found 'if'"),
            Some(Kind::Warning)
        );
        assert_eq!(
            at(b"list.go:71:3: missing ',' in composite literal"),
            Some(Kind::Warning)
        );
        assert_eq!(at(b"./a.go:12:6: can inline sum"), None);
        assert_eq!(at(b"a.go:12: expected operand, found 'if'"), None);
        assert_eq!(at(b"a.go:1:2: it's a note about 'quoted words'"), None);
    }

    #[test]
    fn an_error_count_pulls_the_located_lines_above_it() {
        let above: [&[u8]; 4] = [
            b"tlh.po:2: ...but header entry lacks a \"nplurals=INTEGER\" attribute",
            b"tlh.po:17: message catalog has plural form translations...",
            b"== tlh.po",
            b"sv_SE.po: 67 translated messages.",
        ];
        let count = b"msgfmt: found 2 fatal errors";
        assert_eq!(count_pull(count, above.iter().copied()), 2);
        assert_eq!(count_pull(b"3 errors generated.", above.iter().copied()), 2);
        assert_eq!(count_pull(b"found 0 errors", above.iter().copied()), 0);
        assert_eq!(count_pull(b"an error occurred", above.iter().copied()), 0);
        let coded: [&[u8]; 1] = [b"a.py:3: error: Function is missing a type annotation"];
        assert_eq!(count_pull(b"Found 60 errors", coded.iter().copied()), 0);
        let indented: [&[u8]; 1] = [b"  a.c:3: x"];
        assert_eq!(count_pull(count, indented.iter().copied()), 0);
    }
}

//! Lines that say again what kept lines said (issue 16, the long outputs of `wild8`): a context
//! or message line repeating word for word one kept twice already (pytest's `E   Omitting 1
//! identical items` under each failure, the same runtime frames under each panic), and under
//! the later cases of one parametrised test (`test_x[case7]`), messages, locations and frames
//! shaped like ones kept twice for that test. Memory is bounded: at most
//! [`TEMPLATES`] shapes are remembered.

use std::collections::HashMap;

use crate::normalize::{case_key, shape_key, template_key};
use crate::rules::Kind;

/// Lines of one template (or shape, in one test) kept before the rest fold.
const REPEATS: u32 = 2;

/// Lines at least this long (trimmed) fold from their second repeat on: shown again they cost
/// more than twice the fold marker that stands for them (`[… 1234:1240 folded]`).
const LONG_REPEAT: usize = 48;

/// Templates remembered (memory stays bounded whatever the input).
const TEMPLATES: usize = 4096;

/// Variants of one message template of findings kept in a long output before the rest fold:
/// as many as the examples kept of a rule code there (a finding that names no code).
pub(crate) const FINDINGS_PER_TEMPLATE: u32 = 8;

/// Mixed into the group key of a parametrised test's failed cases.
const CASE_SALT: u64 = 0x2545_f491_4f6c_dd1d;

/// The templates of the lines kept so far and the test case being read.
#[derive(Debug, Default)]
pub(crate) struct Repeats {
    seen: HashMap<u64, u32>,
    /// Located findings naming no rule code by variant ([`finding_keys`]): how many were read
    /// and whether the first came beyond its template's budget.
    variants: HashMap<u64, (u32, bool)>,
    /// The variants read of each template of such findings.
    templates: HashMap<u64, u32>,
    /// The failed test case whose report is being read ([`case_key`] of its header; 0 before
    /// any).
    case: u64,
}

impl Repeats {
    /// Whether `line` repeats, hex addresses and blank runs aside, a line kept [`REPEATS`]
    /// times already (counting this one).
    pub(crate) fn again(&mut self, line: &[u8]) -> bool {
        self.count(line, template_key, LONG_REPEAT)
    }

    /// Whether `line`, read under a failed test case, has the shape (digits masked) of lines
    /// kept [`REPEATS`] times under cases of the same test.
    pub(crate) fn again_in_case(&mut self, line: &[u8]) -> bool {
        let case = self.case;
        if case == 0 {
            return false;
        }
        // A failure's header names where it failed: another line is another failure, only
        // the same place said again folds.
        let key = if failure_at(line) {
            template_key
        } else {
            shape_key
        };
        // Values differ between cases (digits masked): long lines get no shorter budget.
        self.count(line, |l| key(l) ^ case.rotate_left(29), usize::MAX)
    }

    /// Whether a located finding that names no rule code folds ([`finding_keys`]): its
    /// variant was read [`REPEATS`] times already, or it was new when its template already had
    /// [`FINDINGS_PER_TEMPLATE`] variants (`limit` when larger). Memory is bounded: at most
    /// [`TEMPLATES`] variants and templates are remembered; beyond, new ones never fold.
    pub(crate) fn finding_out(&mut self, line: &[u8], limit: u32) -> bool {
        let Some((variant, template)) = finding_keys(line) else {
            return false;
        };
        if let Some(v) = self.variants.get_mut(&variant) {
            v.0 += 1;
            return v.1 || v.0 > REPEATS;
        }
        if self.variants.len() >= TEMPLATES
            || (self.templates.len() >= TEMPLATES && !self.templates.contains_key(&template))
        {
            return false;
        }
        let n = self.templates.entry(template).or_insert(0);
        *n += 1;
        let over = *n > limit.max(FINDINGS_PER_TEMPLATE);
        self.variants.insert(variant, (1, over));
        over
    }

    /// Notes a kept line: a failure or a banner (`____ test_x[case3] ____`) starts a case.
    pub(crate) fn kept(&mut self, kind: Kind, line: &[u8]) {
        if kind == Kind::Failure
            || (kind == Kind::Structure && matches!(line.first(), Some(b'_' | b'-' | b'=')))
        {
            self.case = case_key(line);
        }
    }

    fn count(&mut self, line: &[u8], key: impl Fn(&[u8]) -> u64, long: usize) -> bool {
        // Folding a short line costs more than it saves (the fold marker).
        let len = line.trim_ascii().len();
        if len < 24 {
            return false;
        }
        let key = key(line);
        if self.seen.len() >= TEMPLATES && !self.seen.contains_key(&key) {
            return false;
        }
        let n = self.seen.entry(key).or_insert(0);
        *n += 1;
        // A long line said once is enough: showing it again costs more than its marker.
        *n > REPEATS || (*n > 1 && len >= long)
    }
}

/// Whether `line` is a located failure header: a place (`FILE:N:`) then only the name of the
/// failure or exception raised there (`docs/a.rst:34: DocTestFailure`, `t.py:9: ValueError`).
fn failure_at(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    let Some(sep) = line.iter().rposition(|&b| b == b' ') else {
        return false;
    };
    let (place, name) = (&line[..sep], &line[sep + 1..]);
    let Some(place) = place.strip_suffix(b":") else {
        return false;
    };
    let digits = place
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    digits > 0
        && place[..place.len() - digits].ends_with(b":")
        && name.first().is_some_and(u8::is_ascii_uppercase)
        && name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
        && [&b"Failure"[..], b"Error", b"Exception"]
            .iter()
            .any(|s| name.ends_with(s))
}

/// The keys of a located finding (`troff: a.1:12: warning: invalid input character code 134`,
/// `Subroutine _init redefined at /usr/share/perl5/A/B.pm line 10.`), read word by word
/// without allocating: its **variant**, the words with numbers masked (the same finding at
/// another line of one file), and its **template**, the variant with paths, quoted parts and
/// identifiers (a word with an underscore, `::`, `=`, a dot, a digit or a capital after its
/// first letter) masked too; a leading `FILE:N:` keeps its file there (the finding is about
/// that file). `None` when the line names no
/// location (`FILE:N`, `line N`).
pub(crate) fn finding_keys(line: &[u8]) -> Option<(u64, u64)> {
    let line = &line[..line.len().min(256)];
    let (mut located, mut after_line) = (false, false);
    let (mut variant, mut template) = (0x9e37_79b9_u64, 0x7f4a_7c15_u64);
    let mut quote: Option<u8> = None;
    for w in line
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty())
    {
        let f = word_flags(w);
        located |= f.at || (after_line && f.digit);
        after_line = w == b"line";
        // One hash of the word (digits masked) serves both keys.
        let h = if f.digit {
            mix_digits(w)
        } else {
            crate::normalize::hash_bytes(w)
        };
        variant = (variant.rotate_left(7) ^ h).wrapping_mul(FINDING_MIX);
        let masked = if let Some(q) = quote {
            // Inside a quoted part: masked up to the word that closes it.
            quote = quote.filter(|_| memchr::memchr(q, w).is_none());
            true
        } else if let Some(p) = f.quote {
            // `‘…’`: the closing mark's last byte.
            let q = if w[p] == 0xE2 { 0x99 } else { w[p] };
            if memchr::memchr(q, &w[p + 1..]).is_none() {
                quote = Some(q);
            }
            true
        } else {
            !f.at && (f.digit || f.slash || f.ident)
        };
        template =
            (template.rotate_left(7) ^ if masked { MASKED } else { h }).wrapping_mul(FINDING_MIX);
    }
    located.then_some((variant, template))
}

/// What one word of a finding holds, read in one pass (see [`finding_keys`]).
#[derive(Default)]
struct WordFlags {
    digit: bool,
    /// `FILE:N`: a colon before a digit.
    at: bool,
    slash: bool,
    /// Where its first quote mark is.
    quote: Option<usize>,
    /// An identifier: an underscore, `::`, `=`, a dot, a bracket or a capital after its
    /// first letter, before any closing punctuation.
    ident: bool,
}

fn word_flags(w: &[u8]) -> WordFlags {
    let mut end = w.len();
    while end > 0 && matches!(w[end - 1], b'.' | b',' | b';' | b':' | b'!' | b'?' | b')') {
        end -= 1;
    }
    let mut f = WordFlags::default();
    let mut prev = 0u8;
    for (i, &b) in w.iter().enumerate() {
        let inner = i < end;
        match b {
            b'0'..=b'9' => {
                f.digit = true;
                f.at |= prev == b':';
            }
            b'/' => f.slash = true,
            b'\'' | b'"' | b'`' | 0xE2 if f.quote.is_none() => f.quote = Some(i),
            b'_' | b'=' | b'.' | b'(' | b'[' if inner => f.ident = true,
            b':' if inner && prev == b':' => f.ident = true,
            b'A'..=b'Z' if inner && i > 0 => f.ident = true,
            _ => {}
        }
        prev = b;
    }
    f
}

/// The key of a masked word in a template.
const MASKED: u64 = 0x5f;

/// The hash of a word with each run of digits read as one `0`.
fn mix_digits(word: &[u8]) -> u64 {
    // Not seeded by the length: `12` and `1290` are one number.
    let mut h = 0x6a09_e667_u64;
    let mut prev_digit = false;
    for &b in word {
        let d = b.is_ascii_digit();
        if !(d && prev_digit) {
            h = (h.rotate_left(5) ^ u64::from(if d { b'0' } else { b })).wrapping_mul(FINDING_MIX);
        }
        prev_digit = d;
    }
    h
}

/// The multiplier of [`finding_keys`].
const FINDING_MIX: u64 = 0x2545_f491_4f6c_dd1d;

/// The group of a failed case of a parametrised test (`t.py::test_x[case7] FAILED`, `test_y
/// (n=3) ... FAIL`: parameters in brackets or parentheses right after a name): the other cases
/// of that test.
pub(crate) fn case_group(line: &[u8]) -> Option<u64> {
    let o = memchr::memchr2(b'[', b'(', line)?;
    let close = if line[o] == b'[' { b']' } else { b')' };
    let named = o > 0 && (line[o - 1].is_ascii_alphanumeric() || line[o - 1] == b' ');
    (named && memchr::memchr(close, &line[o + 1..]).is_some_and(|c| c > 0))
        .then(|| case_key(line) ^ CASE_SALT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_repeat_folds() {
        let mut r = Repeats::default();
        let l = b"E         Omitting 1 identical items";
        assert!(!r.again(l));
        assert!(!r.again(l));
        assert!(r.again(l));
        // A long line folds from its second repeat on.
        let long = b"E         Omitting 1 identical items, use -vv to show";
        assert!(!r.again(long));
        assert!(r.again(long));
        // Hex addresses and blank runs aside; other numbers count.
        let a = b"==1== by 0x10942F: main (grid.c:41)   x";
        let b = b"==1== by 0x2A: main (grid.c:41) x";
        let c = b"==1== by 0x2A: main (grid.c:42) x";
        assert!(!r.again(a) && !r.again(b) && r.again(a));
        assert!(!r.again(c));
        // Short lines never fold.
        assert!(!r.again(b"  |") && !r.again(b"  |") && !r.again(b"  |"));
    }

    #[test]
    fn located_failure_headers_fold_only_at_the_same_place() {
        let mut r = Repeats::default();
        r.kept(Kind::Failure, b"______ [check] guide.txt ______");
        let at = |n: u32| format!("/src/docs/guide.txt:{n}: ExampleMismatchFailure");
        for n in [10, 17, 24, 31, 38] {
            assert!(!r.again_in_case(at(n).as_bytes()), "line {n}");
        }
        // The same place said a third time folds.
        assert!(!r.again_in_case(at(10).as_bytes()));
        assert!(r.again_in_case(at(10).as_bytes()));
        // Other located lines still fold by shape under one case.
        let msg = |n: u32| format!("/src/docs/guide.txt:{n}: in the middle of something");
        assert!(!r.again_in_case(msg(1).as_bytes()) && !r.again_in_case(msg(2).as_bytes()));
        assert!(r.again_in_case(msg(3).as_bytes()));
        assert!(failure_at(b"pkg/mod.py:9: ValueError"));
        assert!(!failure_at(b"pkg/mod.py: ValueError"));
        assert!(!failure_at(b"pkg/mod.py:9: value error"));
        assert!(!failure_at(b"pkg/mod.py:9: Value"));
    }

    #[test]
    fn cases_of_one_test_fold_by_shape() {
        let mut r = Repeats::default();
        let e = |y: u32| {
            format!("E       assert datetime.date({y}, 4, 15) == datetime.date({y}, 4, 16)")
        };
        // No case read yet: nothing folds by shape.
        assert!(!r.again_in_case(e(1990).as_bytes()));
        r.kept(
            Kind::Structure,
            b"____ test_easter_orthodox[easter_date0] ____",
        );
        assert!(!r.again_in_case(e(1990).as_bytes()));
        r.kept(
            Kind::Structure,
            b"____ test_easter_orthodox[easter_date1] ____",
        );
        assert!(!r.again_in_case(e(1991).as_bytes()));
        r.kept(
            Kind::Structure,
            b"____ test_easter_orthodox[easter_date2] ____",
        );
        assert!(r.again_in_case(e(1992).as_bytes()));
        // Another test's message of the same shape is its own.
        r.kept(
            Kind::Structure,
            b"____ test_easter_western[easter_date0] ____",
        );
        assert!(!r.again_in_case(e(1993).as_bytes()));
    }

    #[test]
    fn findings_by_variant_and_template() {
        let keys = |l: &str| finding_keys(l.as_bytes());
        let troff = |f: &str, n: u32, c: u32| {
            keys(&format!(
                "troff: {f}:{n}: warning: invalid input character code {c}"
            ))
        };
        // Another line or character code: the same variant; another file: its own template.
        let a = troff("a.1", 12, 134).map(|k| k.0);
        assert!(a.is_some() && a == troff("a.1", 1290, 146).map(|k| k.0));
        assert_ne!(
            troff("a.1", 1, 1).map(|k| k.1),
            troff("b.1", 1, 1).map(|k| k.1)
        );
        // A name (quoted, or an identifier) is masked in the template, not in the variant.
        let perl = |name: &str, file: &str| {
            keys(&format!(
                "Subroutine {name} redefined at /usr/share/perl5/{file}.pm line 10."
            ))
        };
        let (x, y) = (perl("_init", "A/B"), perl("AUTOLOAD", "A/B"));
        assert!(x.is_some() && x.map(|k| k.1) == y.map(|k| k.1));
        assert_ne!(x.map(|k| k.0), y.map(|k| k.0));
        // Another file at the end: another variant, the same template.
        let z = perl("_init", "C/D");
        assert!(x.map(|k| k.1) == z.map(|k| k.1) && x.map(|k| k.0) != z.map(|k| k.0));
        // A plain word is part of the message; no location: no finding.
        assert_ne!(perl("init", "A/B").map(|k| k.1), x.map(|k| k.1));
        assert_eq!(keys("warning: something was odd in 12 files"), None);
    }

    #[test]
    fn findings_fold_beyond_their_budgets() {
        let mut r = Repeats::default();
        // Names told apart by letters (digits are masked in a variant too).
        let line = |i: u8| {
            let c = char::from(b'a' + i);
            format!("Subroutine sub_{c} redefined at /a/B.pm line {i}.")
        };
        // Eight variants of one template are kept, then each new one folds.
        for i in 0..8 {
            assert!(!r.finding_out(line(i).as_bytes(), 5), "{i}");
        }
        assert!(r.finding_out(line(8).as_bytes(), 5));
        assert!(r.finding_out(line(8).as_bytes(), 5));
        // A kept variant is shown twice, at any line, then folds.
        assert!(!r.finding_out(b"Subroutine sub_a redefined at /a/B.pm line 99.", 5));
        assert!(r.finding_out(b"Subroutine sub_a redefined at /a/B.pm line 7.", 5));
        // A larger group limit is a larger budget.
        let mut r = Repeats::default();
        assert!((0..20).all(|i| !r.finding_out(line(i).as_bytes(), 20)));
    }

    #[test]
    fn parametrised_cases_group() {
        let a = case_group(b"t.py::test_x[case7] FAILED    [ 24%]");
        let b = case_group(b"t.py::test_x[case10] FAILED    [ 25%]");
        assert!(a.is_some() && a == b);
        assert_ne!(a, case_group(b"t.py::test_y[case7] FAILED    [ 24%]"));
        assert!(case_group(b"test_y (n=3) ... FAIL").is_some());
        assert_eq!(case_group(b"t.py::test_x FAILED"), None);
        assert_eq!(case_group(b"t.py::test_x[] FAILED"), None);
    }
}

//! Group keys: lines of one kind that say the same thing (a warning repeated in many files)
//! share a key, so the compressor folds them beyond the group limit.

mod placed_rules;

/// The group key of a grouped line: a bracketed rule code at its end (`[-Wconversion]`,
/// `[attr-defined]`) or else its text with quoted parts and numbers normalised.
pub fn group_key(line: &[u8]) -> u64 {
    let t = line.trim_ascii_end();
    // `^----^ SC2086 (info): …`: a finding under a caret underline as long as the code it
    // marks groups by its rule code alone.
    if let Some(c) = rule_code(t).filter(|_| t.trim_ascii_start().starts_with(b"^")) {
        return crate::normalize::hash_bytes(c) ^ CODE_SALT;
    }
    if t.ends_with(b"]")
        && let Some(open) = memchr::memrchr(b'[', t)
    {
        let code = &t[open..];
        if code.len() > 2
            && code[1..code.len() - 1]
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(b))
        {
            return crate::normalize::hash_bytes(code);
        }
    }
    // `… Extra semicolon. (semi)`: a finding closed by its rule in parentheses, or naming
    // it before its place (`… (no-var) at src/a.js:12:3:`).
    if let Some(rule) = (t.ends_with(b")"))
        .then(|| crate::generic::reports::paren_rule(t))
        .or_else(|| {
            t.ends_with(b":")
                .then(|| placed_rules::rule_before_place(t))
        })
        .flatten()
        .or_else(|| crate::generic::runners::worded_rule(t))
    {
        return crate::normalize::hash_bytes(rule);
    }
    // `| is_continuation (L29) |   MISSED |`: a table row, by its status cell; `- umask
    // [ SUGGESTION ]`: a check, by its bracketed status.
    if let Some(cell) = (t.ends_with(b"|"))
        .then(|| crate::generic::reports::findings::status_cell(t))
        .flatten()
        .or_else(|| crate::generic::reports::findings::bracket_status(t))
    {
        return crate::normalize::hash_bytes(cell);
    }
    // `  193:48 UP045 [*] Use …`, `a.py:3:1: E128 …`: a finding led by its location and its rule
    // code groups by its text and the code (digits and all: `RUF022` is not `RUF023`).
    let code = rule_code(t).map_or(0, |c| crate::normalize::hash_bytes(c) ^ CODE_SALT);
    let mut key = Vec::with_capacity(t.len());
    // Skip any leading location (`file:12:3: `) so the same warning in two files groups together.
    static WARNING: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"warning"));
    let mut i = WARNING.find(t).unwrap_or_else(|| after_location(t));
    while i < t.len() {
        let b = t[i];
        if matches!(b, b'`' | b'\'' | b'"') {
            // A quoted part becomes `_` once closed; an open one drops the rest.
            match memchr::memchr(b, &t[i + 1..]) {
                Some(p) => {
                    key.push(b'_');
                    i += p + 2;
                }
                None => i = t.len(),
            }
            continue;
        }
        if t[i..].starts_with("‘".as_bytes()) {
            // gcc quotes: ‘…’
            let end = memchr::memmem::find(&t[i..], "’".as_bytes()).map_or(t.len(), |e| i + e + 3);
            key.push(b'_');
            i = end;
            continue;
        }
        if b.is_ascii_digit() {
            if key.last() != Some(&b'0') {
                key.push(b'0');
            }
            i += 1;
            continue;
        }
        // A run of plain bytes is copied at once.
        let run = t[i + 1..]
            .iter()
            .position(|&c| matches!(c, b'`' | b'\'' | b'"' | 0xE2 | b'0'..=b'9'))
            .map_or(t.len(), |p| i + 1 + p);
        key.extend_from_slice(&t[i..run]);
        i = run;
    }
    // Columns aligned per file (`warning  Unexpected x      rule`) pad with as many blanks as
    // the longest message of that file needs: a run of blanks counts as one.
    key.dedup_by(|a, b| matches!(*a, b' ' | b'\t') && matches!(*b, b' ' | b'\t'));
    crate::normalize::hash_bytes(&key) ^ code
}

/// Whether a finding names its rule: a code after its location (see [`rule_code`]), a
/// bracketed code at its end (`[-Wconversion]`) or a rule in parentheses (`(semi)`).
pub(crate) fn names_code(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    rule_code(t).is_some()
        || (t.ends_with(b")") && crate::generic::reports::paren_rule(t).is_some())
        || (t.ends_with(b":") && placed_rules::rule_before_place(t).is_some())
        || (t.ends_with(b"]")
            && memchr::memrchr(b'[', t).is_some_and(|o| {
                t.len() - o > 2
                    && t[o + 1..t.len() - 1]
                        .iter()
                        .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(b))
            }))
}

/// Mixed into the keys of coded findings, so a code never shares a key with a text.
const CODE_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

/// Severity words a finding may print between its location and its rule code.
const SEVERITIES: [&[u8]; 10] = [
    b"error",
    b"warning",
    b"warn",
    b"info",
    b"note",
    b"style",
    b"hint",
    b"fatal",
    b"convention",
    b"refactor",
];

/// The rule code of a finding led by its location: `path:N[:M]: CODE …`, `path(N,M): error
/// CODE: …`, `  N:M  CODE …` (a per-file block's rows), a severity word allowed between them
/// (`- error TS2322:`), or a stylish row's rule name after two blanks at its end (`  4:1
/// warning  Unexpected var  no-var`). A code is 1-4 capitals and 2-5 digits (`E501`, `TS7006`,
/// `SC2086`, `RUF022`).
pub(crate) fn rule_code(line: &[u8]) -> Option<&[u8]> {
    let t = line.trim_ascii();
    // Only lines that start with a digit, a path or a caret can be led by a location.
    if !t
        .first()
        .is_some_and(|b| b.is_ascii_alphanumeric() || b"./_~^".contains(b))
    {
        return None;
    }
    // The first token ends in a colon, a digit or a parenthesis, or is a caret underline: one
    // byte rules most lines out before the words are split.
    let end = memchr::memchr2(b' ', b'\t', t)?;
    let first = &t[..end];
    if !(matches!(
        first[end - 1],
        b':' | b')' | b'0'..=b'9' | b'^' | b'-' | b'~'
    )) {
        return None;
    }
    // `^----^ SC2086 (info): …`: a caret underline stands where the location would.
    let underline = first[0] == b'^' && first.iter().all(|b| matches!(b, b'^' | b'-' | b'~'));
    if !underline && !location_token(first) {
        return None;
    }
    let mut words = t[end..]
        .split(|b| matches!(b, b' ' | b'\t'))
        .filter(|w| !w.is_empty());
    let mut w = words.next()?;
    if w == b"-" {
        w = words.next()?;
    }
    let bare = w.strip_suffix(b":").unwrap_or(w);
    let severity = SEVERITIES.iter().any(|s| bare.eq_ignore_ascii_case(s));
    if severity {
        w = words.next()?;
    }
    let c = w.strip_suffix(b":").unwrap_or(w);
    let c = c
        .strip_prefix(b"[")
        .and_then(|c| c.strip_suffix(b"]"))
        .unwrap_or(c);
    if is_code(c) {
        return Some(c);
    }
    if severity { trailing_rule(t) } else { None }
}

/// Where the text after a leading location token (`toolz/a.py:12: note: …`) starts; 0 without
/// one: a finding groups by what it says, not where.
fn after_location(t: &[u8]) -> usize {
    let sp = t
        .iter()
        .position(|b| matches!(b, b' ' | b'\t'))
        .unwrap_or(t.len());
    if sp > 0 && sp < t.len() && t[sp - 1] == b':' && location_token(&t[..sp]) {
        sp
    } else {
        0
    }
}

/// The group key of a warning said again at the same place (`app.py:22: UserWarning: bad row
/// '…'`, printed once per row of a loop): its exact location and its message with quoted parts
/// and numbers normalised, so only repeats of one place fold beyond the group limit; `None` for
/// a line that is not a located warning (whose category, the word after the location, is
/// `warning` in any case or ends in `Warning`).
pub(crate) fn same_place_warning_key(line: &[u8]) -> Option<u64> {
    let t = line.trim_ascii_end();
    let at = after_location(t);
    if at == 0 {
        return None;
    }
    let rest = t[at..].trim_ascii_start();
    let word = &rest[..memchr::memchr(b':', rest)?];
    let warning = word.ends_with(b"Warning") || word.eq_ignore_ascii_case(b"warning");
    (warning && !word.contains(&b' '))
        .then(|| crate::normalize::hash_bytes(&t[..at]) ^ group_key(t) ^ PLACE_SALT)
}

/// Keeps keys by place apart from keys by message alone.
const PLACE_SALT: u64 = 0x5bd1_e995_7f4a_7c15;

/// A finding led by its location (`a.py:3:1: error: …`) that does not end in a bracketed code:
/// its message may wrap onto the next line (see [`wrapped_tail`]).
pub(crate) fn may_wrap(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    !t.first().is_none_or(u8::is_ascii_whitespace)
        && bracket_code_tail(t).is_none()
        && after_location(t) > 0
}

/// The rest of a wrapped finding's message: an unindented line with no location of its own that
/// ends in the finding's bracketed code (`"TextIO")  [return-value]`, `[no-untyped-def]`), or
/// the code alone after the blank the wrap fell on (` [no-untyped-call]`).
pub(crate) fn wrapped_tail(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    if t.first().is_none_or(u8::is_ascii_whitespace) {
        let code = t.trim_ascii_start();
        return code.first() == Some(&b'[')
            && bracket_code_tail(code).is_some_and(|c| c.len() + 2 == code.len());
    }
    bracket_code_tail(t).is_some() && after_location(t) == 0
}

/// The group key of a wrapped finding by the code its rest ends in (see [`wrapped_tail`]): the
/// key of the one-line findings of that code (see [`coded_error_key`]).
pub(crate) fn wrapped_code_key(line: &[u8]) -> Option<u64> {
    bracket_code_tail(line.trim_ascii_end()).map(|c| crate::normalize::hash_bytes(c) ^ CODE_SALT)
}

/// The `code` of a line ending in `[code]` (lower-case letters, digits, `-` and `_`), the
/// bracket opening the line or after a blank.
fn bracket_code_tail(t: &[u8]) -> Option<&[u8]> {
    let body = t.strip_suffix(b"]")?;
    let open = memchr::memrchr(b'[', body)?;
    let code = &body[open + 1..];
    let named = code.first().is_some_and(u8::is_ascii_lowercase)
        && code
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_'));
    let led = open == 0 || matches!(body[open - 1], b' ' | b'\t');
    (named && led).then_some(code)
}

/// `4:1`, `a.py:3:1:`, `src/x.ts(4,24):`: a location token.
fn location_token(w: &[u8]) -> bool {
    let w = w.strip_suffix(b":").unwrap_or(w);
    if let Some(body) = w.strip_suffix(b")") {
        return memchr::memrchr(b'(', body).is_some_and(|o| {
            let n = &body[o + 1..];
            o > 0
                && n.first().is_some_and(u8::is_ascii_digit)
                && n.iter().all(|b| b.is_ascii_digit() || *b == b',')
        });
    }
    let mut parts = w.rsplit(|b| *b == b':');
    let last = parts.next().unwrap_or_default();
    !last.is_empty()
        && last.iter().all(u8::is_ascii_digit)
        && parts.next().is_some_and(|p| !p.is_empty())
}

/// `E501`, `TS7006`, `SC2086`: 1-4 capitals then 2-5 digits.
pub(crate) fn is_code(c: &[u8]) -> bool {
    let letters = c.iter().take_while(|b| b.is_ascii_uppercase()).count();
    let digits = c.len() - letters;
    (1..=4).contains(&letters)
        && (2..=5).contains(&digits)
        && c[letters..].iter().all(u8::is_ascii_digit)
}

/// A stylish row's rule name, the last word after two blanks (`no-plusplus`,
/// `@typescript-eslint/no-unused-vars`): lower case, with a `-` or a `/`.
fn trailing_rule(t: &[u8]) -> Option<&[u8]> {
    let sp = t.iter().rposition(|b| matches!(b, b' ' | b'\t'))?;
    let rule = &t[sp + 1..];
    let padded = sp > 0 && matches!(t[sp - 1], b' ' | b'\t');
    let named = rule
        .first()
        .is_some_and(|b| b.is_ascii_lowercase() || *b == b'@')
        && rule.iter().any(|b| matches!(b, b'-' | b'/'))
        && rule.iter().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'/' | b'@' | b'_')
        });
    (padded && named).then_some(rule)
}

/// The group key of an error that names its rule: a located rule code (see [`rule_code`]) or a
/// type checker's `[code]` at its end (`… annotation  [no-untyped-def]`); `None` for other
/// errors, each of which says something of its own.
pub(crate) fn coded_error_key(line: &[u8]) -> Option<u64> {
    let t = line.trim_ascii_end();
    if let Some(code) = rule_code(t) {
        return Some(crate::normalize::hash_bytes(code) ^ CODE_SALT);
    }
    let open = memchr::memrchr(b'[', t.strip_suffix(b"]")?)?;
    let code = &t[open + 1..t.len() - 1];
    let named = code.len() > 2
        && code[0].is_ascii_lowercase()
        && code.iter().all(|b| b.is_ascii_lowercase() || *b == b'-');
    (named && t[..open].ends_with(b"  ")).then(|| crate::normalize::hash_bytes(code) ^ CODE_SALT)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_warning_said_again_at_one_place_groups_by_that_place() {
        let key = |l: &str| super::same_place_warning_key(l.as_bytes());
        let a = key("app.py:22: UserWarning: bad row '1,x,104'");
        assert!(a.is_some());
        assert_eq!(a, key("app.py:22: UserWarning: bad row '7,y,9'"));
        assert_ne!(a, key("app.py:23: UserWarning: bad row '1,x,104'"));
        assert_ne!(a, key("lib.py:22: UserWarning: bad row '1,x,104'"));
        assert!(key("src/a.c:3:9: warning: unused variable 'x'").is_some());
        assert_eq!(key("tests/t.py:12: AssertionError: 1 != 2"), None);
        assert_eq!(key("app.py:22: in parse"), None);
        assert_eq!(key("UserWarning: no location"), None);
    }

    use super::*;

    /// The byte-at-a-time version the run-copying one replaced, kept to test against.
    fn reference(line: &[u8]) -> u64 {
        let t = line.trim_ascii_end();
        if let Some(c) = rule_code(t).filter(|_| t.trim_ascii_start().starts_with(b"^")) {
            return crate::normalize::hash_bytes(c) ^ CODE_SALT;
        }
        if t.ends_with(b"]")
            && let Some(open) = memchr::memrchr(b'[', t)
        {
            let code = &t[open..];
            if code.len() > 2
                && code[1..code.len() - 1]
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(b))
            {
                return crate::normalize::hash_bytes(code);
            }
        }
        let mut key = Vec::with_capacity(t.len());
        let mut quote: Option<u8> = None;
        // Skip any leading location (`file:12:3: `) so the same warning in two files groups together.
        let mut i = memchr::memmem::find(t, b"warning").unwrap_or_else(|| after_location(t));
        while i < t.len() {
            let b = t[i];
            match quote {
                Some(q) => {
                    if b == q {
                        quote = None;
                        key.push(b'_');
                    }
                }
                None if b == b'`' || b == b'\'' || b == b'"' => {
                    quote = Some(b);
                }
                None if t[i..].starts_with("‘".as_bytes()) => {
                    // gcc quotes: ‘…’
                    let end = memchr::memmem::find(&t[i..], "’".as_bytes())
                        .map_or(t.len(), |e| i + e + 3);
                    key.push(b'_');
                    i = end;
                    continue;
                }
                None if b.is_ascii_digit() => {
                    if key.last() != Some(&b'0') {
                        key.push(b'0');
                    }
                }
                None => key.push(b),
            }
            i += 1;
        }
        key.dedup_by(|a, b| matches!(*a, b' ' | b'\t') && matches!(*b, b' ' | b'\t'));
        crate::normalize::hash_bytes(&key)
            ^ rule_code(t).map_or(0, |c| crate::normalize::hash_bytes(c) ^ CODE_SALT)
    }

    proptest::proptest! {
        /// Copying runs of plain bytes gives the keys the byte loop gave.
        #[test]
        fn run_copy_agrees_with_the_byte_loop(parts in proptest::collection::vec(
            proptest::sample::select(vec!["a", "warning", " ", "0", "42", "`", "'", "\"", "‘", "’", "\u{e2}", "[x]", "]", "[-W1]"]),
            0..16,
        )) {
            let line = parts.concat();
            proptest::prop_assert_eq!(group_key(line.as_bytes()), reference(line.as_bytes()));
        }
    }

    #[test]
    fn located_rule_codes() {
        assert_eq!(
            rule_code(b"  193:48 UP045 [*] Use `X | None`"),
            Some(&b"UP045"[..])
        );
        assert_eq!(
            rule_code(b"a.py:3:1: E128 continuation line"),
            Some(&b"E128"[..])
        );
        assert_eq!(
            rule_code(b"lib/a.mjs(4,24): error TS2307: Cannot find module"),
            Some(&b"TS2307"[..])
        );
        assert_eq!(
            rule_code(b"a.ts:4:2 - error TS2322: Type"),
            Some(&b"TS2322"[..])
        );
        assert_eq!(
            rule_code(
                b"   63:5   warning  Assignment to function parameter 'c'  no-param-reassign"
            ),
            Some(&b"no-param-reassign"[..])
        );
        assert_eq!(
            rule_code(b"     ^--------^ SC2006 (style): Use $(...) notation"),
            Some(&b"SC2006"[..])
        );
        // No location, or no code after it.
        assert_eq!(rule_code(b"error[E0308]: mismatched types"), None);
        assert_eq!(rule_code(b"a.c:3:1: error: expected ';'"), None);
        assert_eq!(rule_code(b"E128 continuation line"), None);
        assert_eq!(rule_code(b"src/a.rs:12: hello world"), None);
        // Two codes of one family stay apart, alignment aside the same message groups.
        assert_ne!(
            group_key(b"  7:11 RUF022 [*] `__all__` is not sorted"),
            group_key(b"  7:11 RUF023 [*] `__all__` is not sorted")
        );
        assert_eq!(
            group_key(b"   9:20  warning  Unexpected string concatenation  prefer-template"),
            group_key(b"  27:27  warning  Unexpected string concatenation         prefer-template")
        );
        // A finding groups by what it says, not where.
        assert_eq!(
            group_key(b"toolz/a.py:12: note: Use \"-> None\" if function does not return a value"),
            group_key(b"toolz/b/c.py:7: note: Use \"-> None\" if function does not return a value")
        );
        // Under a caret, by the code alone (the caret is as long as the code it marks).
        assert_eq!(
            group_key(b"  ^--^ SC2086 (info): Double quote to prevent globbing."),
            group_key(b"      ^--------^ SC2086 (info): Double quote to prevent globbing.")
        );
    }

    #[test]
    fn errors_that_name_their_rule() {
        let a = coded_error_key(
            b"t/u.py:1: error: Function is missing a type annotation  [no-untyped-def]",
        );
        let b = coded_error_key(
            b"t/v.py:9: error: Function is missing a return type annotation  [no-untyped-def]",
        );
        assert!(a.is_some() && a == b);
        assert!(
            coded_error_key(
                b"x.ts(1,2): error TS7006: Parameter 'a' implicitly has an 'any' type."
            )
            .is_some()
        );
        // A compiler's errors name no such code; gcc's `-Werror=` flag is not a rule name here.
        assert_eq!(
            coded_error_key(b"a.c:3:1: error: expected ';' before '}' token"),
            None
        );
        assert_eq!(
            coded_error_key(b"a.c:3:1: error: unused variable 'x' [-Werror=unused-variable]"),
            None
        );
        assert_eq!(coded_error_key(b"error[E0308]: mismatched types"), None);
    }

    #[test]
    fn wrapped_findings() {
        let first =
            b"src/a.py:21:9: error: Incompatible return value type (got \"IO[str]\", expected";
        assert!(may_wrap(first));
        assert!(!may_wrap(
            b"src/a.py:3:1: error: Missing annotation  [no-untyped-def]"
        ));
        assert!(!may_wrap(b"    src/a.py:3:1: error: indented"));
        assert!(!may_wrap(b"Incompatible types without a location"));
        assert!(wrapped_tail(b"\"TextIO\")  [return-value]"));
        assert!(wrapped_tail(b"[no-untyped-def] "));
        assert!(wrapped_tail(b" [no-untyped-call]"));
        assert!(!wrapped_tail(b"    x = [no-untyped-def]"));
        assert!(!wrapped_tail(b""));
        assert!(!wrapped_tail(b" ["));
        assert!(!wrapped_tail(b"src/a.py:4:1: error: x  [misc]"));
        assert!(!wrapped_tail(b"items = values[idx]"));
        assert!(!wrapped_tail(b"see [Issue 12]"));
        assert_eq!(
            wrapped_code_key(b"[no-untyped-def]"),
            coded_error_key(b"a.py:3:1: error: Missing annotation  [no-untyped-def]")
        );
    }

    #[test]
    fn group_keys() {
        let a = group_key("a.c:1:2: warning: x ‘int’ from ‘long’ [-Wconversion]".as_bytes());
        let b = group_key("b.c:9:2: warning: y ‘char’ [-Wconversion]".as_bytes());
        let c = group_key("b.c:9:2: warning: y ‘char’ [-Wsign-conversion]".as_bytes());
        assert_eq!(a, b);
        assert_ne!(a, c);
        let d = group_key(b"warning: unused variable: `a`");
        let e = group_key(b"warning: unused variable: `bcd`");
        let f = group_key(b"warning: unused import: `bcd`");
        assert_eq!(d, e);
        assert_ne!(d, f);
    }
}

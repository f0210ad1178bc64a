//! More report lines told by their layout (classes of the `wild6` blind set): an HTTP status
//! with its reason phrase, a limit exceeded or a retry loop given up, measured rates and
//! processed counts, an assertion titled `Expected … to …` and the sides of its difference
//! labelled `(Expected)` / `(Actual)` or under `+ Received`, a row of test marks closed by its
//! `(passed / total)` count, a one-letter outcome mark before a test name (`F   test_convert`), a
//! one-letter severity after a location (`cart.rb:5:3: C: Style/…: …`), a `line:col CODE`
//! finding under a per-file header, a thread checker's race title, a leak record, a check closed
//! by a bracketed finding status, table rows whose status cell says `MISSED`.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A table of the bytes in `set`.
const fn table(set: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < set.len() {
        t[set[i] as usize] = true;
        i += 1;
    }
    t
}

/// The bytes the lines of this module end in, and those they start with.
static LAST: [bool; 256] = table(b")|,0123456789d.:]}");
static FIRST: [bool; 256] = table(b"FEGOR;<HA+=^");

/// Whether `t` may be a line of this module (one table load for each end; most lines are not).
#[inline]
pub(super) fn candidate(t: &[u8]) -> bool {
    LAST[t[t.len() - 1] as usize]
        || FIRST[t[0] as usize]
        // `118:6 UP007 …`: a coordinate (a colon among the first four bytes after a digit).
        || (t[0].is_ascii_digit() && t.get(1..4).is_some_and(|w| w.contains(&b':')))
}

/// The report lines of this module (`t` is the line without its indentation, a
/// [`candidate`]), checked after [`super::report`]'s: told by the last byte, then by
/// the first.
#[inline(never)]
pub(super) fn finding(t: &[u8]) -> Option<Signal> {
    let last = t[t.len() - 1];
    let tail = match last {
        b')' => paren_tail(t).or_else(|| exit_status(t)),
        b'}' => process_result(t),
        b'|' if t[0] == b'|' && missed_cell(t) => Some(sig(Kind::Warning, 0, true)),
        b',' if data_path(t) => Some(sig(Kind::Location, 0, false)),
        b'0'..=b'9' => digit_tail(t).or_else(|| exit_status(t)),
        b'd' | b'.' if exceeded(t) => Some(sig(Kind::Error, 0, false)),
        b':' if path_header(t) => Some(sig(Kind::Location, 0, false)),
        b']' if bracket_status(t).is_some() => Some(sig(Kind::Warning, 0, true)),
        _ => None,
    };
    tail.or_else(|| head(t, last))
}

/// `^-----^ SC2086 (info): Double quote to prevent globbing`: a caret underline, a rule code
/// and its severity in parentheses, then the message; whether the severity is `error`.
pub(crate) fn underlined_finding(t: &[u8]) -> Option<bool> {
    let sp = memchr::memchr(b' ', t)?;
    if !t[..sp].iter().all(|b| matches!(b, b'^' | b'-' | b'~')) {
        return None;
    }
    let rest = &t[sp + 1..];
    let code = memchr::memchr(b' ', rest)?;
    if !crate::group::is_code(&rest[..code]) {
        return None;
    }
    let sev = rest[code + 1..].strip_prefix(b"(")?;
    let close = memchr::memchr(b')', sev)?;
    (sev.get(close + 1) == Some(&b':') && sev[..close].iter().all(u8::is_ascii_lowercase))
        .then(|| &sev[..close] == b"error")
}

/// `npm verbose exit 1`, `py: exit 1 (2.34 seconds) …`: an exit status other than 0 that a
/// tool reports after a word of its own (a script's `exit 1` stands first on its line).
fn exit_status(t: &[u8]) -> Option<Signal> {
    static EXIT: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b" exit "));
    let i = EXIT.find(t)?;
    let n = &t[i + 6..];
    let digits = n.iter().take_while(|b| b.is_ascii_digit()).count();
    let status = digits > 0 && n[..digits].iter().any(|b| *b != b'0');
    (status && i > 0 && t[i - 1] != b' ' && n.get(digits).is_none_or(|b| *b == b' '))
        .then_some(sig(Kind::Summary, 0, false))
}

/// `… install { code: 1, signal: null }`: a child process's result with an exit code other
/// than 0.
fn process_result(t: &[u8]) -> Option<Signal> {
    let i = memchr::memmem::find(t, b"{ code: ")?;
    let n = &t[i + 8..];
    let digits = n.iter().take_while(|b| b.is_ascii_digit()).count();
    (digits > 0 && n[..digits].iter().any(|b| *b != b'0') && n[digits..].starts_with(b", signal: "))
        .then_some(sig(Kind::Error, 0, false))
}

/// `==5069==  Address 0x… is …`: [`addressed`] after a checker's `==pid==` prefix.
fn checker_address(t: &[u8]) -> bool {
    let Some(rest) = t.strip_prefix(b"==") else {
        return false;
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    rest[digits..]
        .strip_prefix(b"==")
        .map(|r| r.trim_ascii_start())
        .and_then(|r| r.strip_prefix(b"Address "))
        .is_some_and(|a| {
            digits > 0 && crate::generic::shapes::addressed(a, crate::generic::blank(a))
        })
}

/// Lines told by their first byte.
#[inline]
fn head(t: &[u8], last: u8) -> Option<Signal> {
    let (kind, group) = match t[0] {
        b'F' | b'E' if marked_test(t) => (Kind::Failure, false),
        b'E' if t.starts_with(b"Expected ") && expectation_title(t) => (Kind::Message, false),
        b'G' if t.starts_with(b"Giving up") => (Kind::Error, false),
        b'O' | b'R' if labelled_result(t) => (Kind::Summary, false),
        b';' if t.starts_with(b"; file: ") || t.starts_with(b"; in: ") => (Kind::Location, false),
        b'A' if t.starts_with(b"All files") && memchr::memchr(b'|', t).is_some() => {
            (Kind::Summary, false)
        }
        // `+ Received`: keeps the difference printed under it (`context`, `diff_header`).
        b'+' if t.starts_with(b"+ Received") => return Some(sig(Kind::Message, 12, false)),
        // `- Expected:` alone on its line: the expected value is printed under it.
        b'-' if t == b"- Expected:" => return Some(sig(Kind::Message, 12, false)),
        b'=' if checker_race(t) => (Kind::Error, true),
        // `==5069==  Address 0x4a42074 is 28 bytes before a block of size 96 alloc'd`: a
        // checker says what an address is, after its `==pid==` prefix.
        b'=' if checker_address(t) => (Kind::Message, false),
        b'0'..=b'9' if coded_coordinate(t) => (Kind::Warning, true),
        // `^-----^ SC2086 (info): Double quote …`: a finding under the code it underlines.
        b'^' => match underlined_finding(t)? {
            true => (Kind::Error, true),
            false => (Kind::Warning, true),
        },
        // Grouped: an access log's hundred `404 Not Found` requests fold after a few.
        b'<' | b'H' if last.is_ascii_alphabetic() => match http_status(t)? {
            b'3' => (Kind::Message, true),
            _ => (Kind::Error, true),
        },
        _ => return None,
    };
    Some(sig(kind, 0, group))
}

/// Lines ending in `)`: a rate in parentheses (`(2347548.07 per second)`, `(2292.53
/// MiB/sec)`), a row of test marks closed by `(2 / 5)`, a difference side labelled
/// `(Expected)` / `(Actual)`, a tool's `tps = 506.99 (without …)`.
#[inline(never)]
fn paren_tail(t: &[u8]) -> Option<Signal> {
    let open = memchr::memrchr(b'(', t)?;
    let inner = &t[open + 1..t.len() - 1];
    // Rates and counts are grouped (by their first word): a download meter's hundred
    // `Downloading chunk 7 of 100 (7.5 MB/s)` lines fold after a few.
    let (kind, group) = match inner.first() {
        Some(b'E' | b'A') if inner == b"Expected" || inner == b"Actual" => (Kind::Message, false),
        Some(b'0'..=b'9') if rate(inner) || marks_count(inner) => (Kind::Summary, true),
        _ if matches!(t[0] | 0x20, b't' | b'q' | b'r' | b'i' | b'o') && rate_key(t) => {
            (Kind::Summary, true)
        }
        _ => return None,
    };
    Some(sig(kind, 0, group))
}

/// `2347548.07 per second`, `2292.53 MiB/sec`: a measured rate (a progress meter's `MB/s`
/// is not one: its lines fold as noise).
fn rate(inner: &[u8]) -> bool {
    inner.ends_with(b" per second") || inner.ends_with(b"/sec")
}

/// `tps = 506.993513`, `qps: 12`, `iops=300`: a measured rate led by its abbreviation.
fn rate_key(t: &[u8]) -> bool {
    let word = t.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let key = &t[..word];
    let rest = t[word..].trim_ascii_start();
    let rest = rest
        .strip_prefix(b"=")
        .or_else(|| rest.strip_prefix(b":"))
        .map(<[u8]>::trim_ascii_start);
    [&b"tps"[..], b"qps", b"rps", b"iops", b"ops"]
        .iter()
        .any(|k| key.eq_ignore_ascii_case(k))
        && rest.is_some_and(|r| r.first().is_some_and(u8::is_ascii_digit))
}

/// `2 / 5`: passed over total, with blanks around the slash, after a row of marks.
fn marks_count(inner: &[u8]) -> bool {
    let mut parts = inner.split(|&b| b == b'/');
    let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let num = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    a.ends_with(b" ") && b.starts_with(b" ") && num(a.trim_ascii()) && num(b.trim_ascii())
}

/// `4 redirections exceeded.`, `time limit exceeded`: a limit a run went past.
#[inline]
fn exceeded(t: &[u8]) -> bool {
    t.strip_suffix(b".").unwrap_or(t).ends_with(b" exceeded")
}

/// `HTTP request sent, awaiting response... 404 Not Found`, `< HTTP/1.1 301 Moved
/// Permanently`: a 3xx, 4xx or 5xx status code after `HTTP/x[.y]` or `...`, then its reason
/// phrase of capitalised words to the end of the line; the code's first digit.
fn http_status(t: &[u8]) -> Option<u8> {
    // The reason phrase: up to four capitalised words (`I'm a Teapot`, `Not Found`).
    let mut end = t.len();
    let mut words = 0;
    loop {
        let start = memchr::memrchr(b' ', &t[..end])? + 1;
        let w = &t[start..end];
        if w.first()?.is_ascii_digit() {
            let ok = words > 0
                && w.len() == 3
                && matches!(w[0], b'3'..=b'5')
                && w.iter().all(u8::is_ascii_digit);
            let before = t[..start - 1].trim_ascii_end();
            let led = before.ends_with(b"...")
                || before
                    .rsplit(|&b| b == b' ')
                    .next()
                    .is_some_and(|tok| tok.starts_with(b"HTTP/"));
            return (ok && led).then_some(w[0]);
        }
        if words == 4 || !w.first()?.is_ascii_uppercase() {
            return None;
        }
        words += 1;
        end = start - 1;
    }
}

/// `Objective:  profit = 1090 (MAXimum)`, `Result: …`: the labelled result of a run.
#[inline(never)]
fn labelled_result(t: &[u8]) -> bool {
    [&b"Objective:"[..], b"Result:"].iter().any(|l| {
        t.strip_prefix(*l)
            .is_some_and(|r| r.first().is_some_and(|&b| b == b' ' || b == b'\t'))
    })
}

/// `instancePath: '/lines/0/sku',`: the field of an error object that says where in the data
/// the error is (a key ending in `Path` or `path`, a quoted JSON pointer).
#[inline(never)]
fn data_path(t: &[u8]) -> bool {
    let Some(colon) = memchr::memchr(b':', t) else {
        return false;
    };
    let key = &t[..colon];
    (key.ends_with(b"Path") || key == b"path")
        && key.iter().all(u8::is_ascii_alphabetic)
        && matches!(
            t.get(colon + 1..colon + 4),
            Some([b' ', b'\'' | b'"', b'/'])
        )
}

/// `| is_continuation (L29)   |   MISSED |`: a table row whose last cell says the item was
/// missed (`MISSED`, `MISSING`).
#[inline(never)]
fn missed_cell(t: &[u8]) -> bool {
    status_cell(t).is_some_and(|c| c == b"MISSED" || c == b"MISSING")
}

/// The last cell of a table row (`| … |   MISSED |`) when it is one upper-case word: the row's
/// status, by which such rows group (and fold) together.
pub(crate) fn status_cell(t: &[u8]) -> Option<&[u8]> {
    let body = t.strip_suffix(b"|")?.trim_ascii_end();
    let cell = body[memchr::memrchr(b'|', body)? + 1..].trim_ascii();
    (cell.len() >= 4 && cell.iter().all(u8::is_ascii_uppercase)).then_some(cell)
}

/// Lines ending in a digit: a count of what a run processed (`number of transactions actually
/// processed: 2030`), a leak record of a memory checker (`5 bytes in 1 blocks are indirectly
/// lost in loss record 1 of 6`, `… are still reachable in loss record 1 of 7`, grouped).
#[inline(never)]
fn digit_tail(t: &[u8]) -> Option<Signal> {
    let digits = |s: &[u8]| s.len() - s.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let head = &t[..digits(t)];
    if head.last() != Some(&b' ') {
        // `processed: 0/10`
        let h = head.strip_suffix(b"/")?;
        return h[..digits(h)]
            .ends_with(b"processed: ")
            .then_some(sig(Kind::Summary, 0, false));
    }
    if head.ends_with(b"processed: ") {
        return Some(sig(Kind::Summary, 0, false));
    }
    // `… lost in loss record 1 of 6`
    let h = head.strip_suffix(b" of ")?;
    let h = &h[..digits(h)];
    (h.ends_with(b" lost in loss record ") || h.ends_with(b" still reachable in loss record "))
        .then_some(sig(Kind::Error, 0, true))
}

/// `docformatter/classify.py:`: a file's name alone before the findings in it (a path with a
/// directory and an extension, then a colon).
#[inline(never)]
fn path_header(t: &[u8]) -> bool {
    let name = &t[..t.len() - 1];
    memchr::memchr(b'/', name).is_some()
        && super::super::blank(name).is_none()
        && super::super::shapes::ends_with_ext(name)
}

/// `- umask (/etc/login.defs) [ SUGGESTION ]`: a check closed by a bracketed status that is a
/// finding (`SUGGESTION`, `WEAK`, `DIFFERENT`, `UNSAFE`, `EXPOSED`, `VULNERABLE`, `MISSING`);
/// the status, by which such lines group.
pub(crate) fn bracket_status(t: &[u8]) -> Option<&[u8]> {
    let body = t.strip_suffix(b" ]")?;
    let open = memchr::memrchr(b'[', body)?;
    let word = body[open + 1..].strip_prefix(b" ")?;
    [
        &b"SUGGESTION"[..],
        b"WEAK",
        b"DIFFERENT",
        b"UNSAFE",
        b"EXPOSED",
        b"VULNERABLE",
        b"MISSING",
    ]
    .contains(&word)
    .then_some(word)
}

/// `==5069== Possible data race during read of size 8`, `==5069== Conflicting store by thread
/// 3`, `==5069== This conflicts with a previous write`, `… lock order "…" violated`: a thread
/// checker's report title (after its `==pid==` prefix).
#[inline(never)]
fn checker_race(t: &[u8]) -> bool {
    let Some(rest) = t.strip_prefix(b"==") else {
        return false;
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let Some(title) = rest[digits..].strip_prefix(b"== ") else {
        return false;
    };
    digits > 0
        && title.first().is_some_and(u8::is_ascii_uppercase)
        && [
            &b"data race"[..],
            b"Conflicting ",
            b" conflicts with ",
            b" violated",
        ]
        .iter()
        .any(|w| memchr::memmem::find(title, w).is_some())
}

/// `  34:35 RUF100 [*] Unused blanket `noqa` directive`: a `line:column` coordinate, then a
/// rule code (the findings under a per-file header).
#[inline(never)]
fn coded_coordinate(t: &[u8]) -> bool {
    let Some(sp) = super::super::blank(t) else {
        return false;
    };
    let tok = &t[..sp];
    let Some(colon) = memchr::memchr(b':', tok) else {
        return false;
    };
    let digits = |p: &[u8]| !p.is_empty() && p.iter().all(u8::is_ascii_digit);
    digits(&tok[..colon])
        && digits(&tok[colon + 1..])
        && super::super::code_word(t[sp..].trim_ascii_start())
}

/// `Expected values to be strictly equal:  (is)`, `Expected function to throw  (throws)`: an
/// assertion's title, `Expected` then `to` (a sentence, not a field `Expected: 3`).
#[inline(never)]
fn expectation_title(t: &[u8]) -> bool {
    t.len() < 100 && memchr::memmem::find(&t[9..], b" to ").is_some()
}

/// `F   test_convert`, `E   test_parse_bad`: a failed or erroring test in a listing of one mark
/// letter, blanks, and a test's name (nothing after it).
#[inline(never)]
fn marked_test(t: &[u8]) -> bool {
    let rest = &t[1..];
    let name = rest.trim_ascii_start();
    rest.len() - name.len() >= 2
        && name.starts_with(b"test")
        && name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
}

/// After a location: a one-letter severity and a colon (`C: [Correctable] Style/Foo: …`,
/// `W: Lint/Unused…`), the convention of linters that grade their findings by letter.
pub(super) fn lettered(rest: &[u8]) -> Option<Signal> {
    match rest {
        [b'E' | b'F', b':', b' ', ..] => Some(sig(Kind::Error, 2, true)),
        [b'C' | b'R' | b'W', b':', b' ', b, ..] if b.is_ascii_alphabetic() || *b == b'[' => {
            Some(sig(Kind::Warning, 2, true))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Kind;

    use crate::generic::tests::kind;
    #[test]
    fn underlined_findings_exit_statuses_and_process_results() {
        let info =
            "      ^---^ SC2086 (info): Double quote to prevent globbing and word splitting.";
        assert_eq!(kind(info), Some(Kind::Warning));
        let err = "  ^-- SC1073 (error): Couldn't parse this test expression.";
        assert_eq!(kind(err), Some(Kind::Error));
        assert_eq!(kind("    ^^^^ here"), None);
        assert_eq!(kind("npm verbose exit 1"), Some(Kind::Summary));
        let tox = "py: exit 1 (2.34 seconds) /tmp/du> pytest -v pid=9909";
        assert_eq!(kind(tox), Some(Kind::Summary));
        assert_eq!(kind("npm verbose exit 0"), None);
        assert_eq!(kind("    exit 1"), None);
        let script = "npm info run fast-csv-native@1.0.2 install { code: 1, signal: null }";
        assert_eq!(kind(script), Some(Kind::Error));
        assert_eq!(
            kind("npm info run x@1.0.0 install { code: 0, signal: null }"),
            None
        );
    }

    #[test]
    fn http_statuses_with_their_reason_phrase() {
        let w = "HTTP request sent, awaiting response... 503 Service Unavailable";
        assert_eq!(kind(w), Some(Kind::Error));
        assert_eq!(
            kind("< HTTP/1.0 301 Moved Permanently"),
            Some(Kind::Message)
        );
        assert_eq!(
            kind("HTTP request sent, awaiting response... 401 Unauthorized"),
            Some(Kind::Error)
        );
        // 2xx is no news; a number in prose is not a status.
        assert_eq!(kind("HTTP request sent, awaiting response... 200 OK"), None);
        assert_eq!(kind("We sent 404 Letters Today"), None);
        assert_eq!(kind("Moved 301 Files"), None);
    }

    #[test]
    fn limits_exceeded_retries_given_up_rates_and_counts() {
        assert_eq!(kind("4 redirections exceeded."), Some(Kind::Error));
        assert_eq!(kind("Giving up."), Some(Kind::Error));
        assert_eq!(kind("Give up on it"), None);
        let ops = "Total operations: 1048576 (2347548.07 per second)";
        assert_eq!(kind(ops), Some(Kind::Summary));
        assert_eq!(
            kind("1024.00 MiB transferred (2292.53 MiB/sec)"),
            Some(Kind::Summary)
        );
        let tps = "tps = 506.993513 (without initial connection time)";
        assert_eq!(kind(tps), Some(Kind::Summary));
        assert_eq!(kind("steps = 5 (without the first)"), None);
        let n = "number of transactions actually processed: 2030";
        assert_eq!(kind(n), Some(Kind::Summary));
        assert_eq!(kind("see the notes (per second edition)"), None);
    }

    #[test]
    fn assertion_titles_labelled_sides_and_mark_rows() {
        let t = "    Expected values to be strictly equal:  (is)";
        assert_eq!(kind(t), Some(Kind::Message));
        assert_eq!(
            kind("Expected function to throw  (throws)"),
            Some(Kind::Message)
        );
        assert_eq!(kind("        ++0.31    (Expected)"), Some(Kind::Message));
        assert_eq!(kind("        --0.3     (Actual)"), Some(Kind::Message));
        assert_eq!(kind("• ✘ ✘ • ✘   (2 / 5)"), Some(Kind::Summary));
        assert_eq!(kind("Compiling foo (2/5)"), None);
        assert_eq!(kind("F   test_convert"), Some(Kind::Failure));
        assert_eq!(kind("E   test_parse_bad"), Some(Kind::Failure));
        assert_eq!(kind("E   assert 3 == 4"), None);
        assert_eq!(kind("Expected delivery on Monday"), None);
    }

    #[test]
    fn one_letter_severities_after_a_location() {
        let c = "cart.rb:5:3: C: [Correctable] Layout/EmptyLineBetweenDefs: Expected 1 empty line.";
        assert_eq!(kind(c), Some(Kind::Warning));
        let w =
            "cart.rb:11:21: W: [Correctable] Lint/UnusedMethodArgument: Unused method argument.";
        assert_eq!(kind(w), Some(Kind::Warning));
        assert_eq!(
            kind("a.rb:3:1: E: Lint/Syntax: unexpected token"),
            Some(Kind::Error)
        );
        assert_eq!(kind("notes.txt:3:1: A: the first answer"), None);
    }

    #[test]
    fn grouped_lint_reports_race_titles_leak_records_and_statuses() {
        assert_eq!(kind("docformatter/classify.py:"), Some(Kind::Location));
        assert_eq!(kind("Building the project/app:"), None);
        assert_eq!(
            kind("  118:6 UP007 [*] Use `X | Y` for type annotations"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("  12:30 Started the job"), None);
        let race = "==19156== Possible data race during read of size 8 at 0x10C060 by thread #3";
        assert_eq!(kind(race), Some(Kind::Error));
        let drd = "==19175== Conflicting store by thread 3 at 0x0010c060 size 8";
        assert_eq!(kind(drd), Some(Kind::Error));
        assert_eq!(kind("==19175== Command: ./race"), None);
        let lost = "==19083== 5 bytes in 1 blocks are indirectly lost in loss record 1 of 6";
        assert_eq!(kind(lost), Some(Kind::Error));
        let reachable = "==8770== 80 bytes in 5 blocks are still reachable in loss record 1 of 7";
        assert_eq!(kind(reachable), Some(Kind::Error));
        assert_eq!(
            kind("- umask (/etc/login.defs) [ SUGGESTION ]"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("- Checking PAM [ OK ]"), None);
        let all = "All files |     100 |      100 |     100 |     100 |";
        assert_eq!(kind(all), Some(Kind::Summary));
        assert_eq!(kind("+ Received"), Some(Kind::Message));
        assert_eq!(kind("- Expected:"), Some(Kind::Message));
        assert_eq!(kind("- Expected  - 1"), None);
        assert_eq!(
            kind("   → expected +0 to be 1 // Object.is equality"),
            Some(Kind::Message)
        );
        assert_eq!(kind("  ✕ negative (2 ms)"), Some(Kind::Failure));
    }

    #[test]
    fn results_data_paths_missed_rows_and_comment_locations() {
        assert_eq!(
            kind("Objective:  profit = 0 (MAXimum)"),
            Some(Kind::Summary)
        );
        assert_eq!(kind("Objectives: none"), None);
        assert_eq!(
            kind("    instancePath: '/lines/0/sku',"),
            Some(Kind::Location)
        );
        assert_eq!(kind("    schemaPath: '#/required',"), None);
        let row = "| check_for_do (L33)                      |        MISSED |";
        assert_eq!(kind(row), Some(Kind::Warning));
        assert_eq!(kind("| check_for_do (L33)  |  COVERED |"), None);
        assert_eq!(
            kind("; file: /tmp/lisp/inventory.lisp"),
            Some(Kind::Location)
        );
        assert_eq!(kind("; in: DEFUN REPORT"), Some(Kind::Location));
        assert_eq!(kind("; a comment"), None);
    }
}

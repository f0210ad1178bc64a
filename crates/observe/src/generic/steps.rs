//! Lines an error or a message points back to: a probe that answered no or a traced call that
//! returned nothing right above an error, and the two halves of an assertion's comparison
//! (`expected 3, got 4`, `Difference (- actual, + expected):`).

use super::ident;

/// After an `expected`: whether the line goes on to say what came instead (`expected 3, got
/// 4`, `expected -3 but received 3`, `expected x, actual y`, `expected:<3> but was:<4>`,
/// `expected +0 to be 1`).
pub(super) fn compared(rest: &[u8]) -> bool {
    [
        &b" got "[..],
        b" received ",
        b" actual ",
        b" but was",
        b" to be ",
        b" to equal ",
    ]
    .iter()
    .any(|w| memchr::memmem::find(rest, w).is_some())
}

/// `Difference (- actual, + expected):`: the heading of an expected/actual difference, whose
/// paragraph below is the difference; so is `+ Received` (`+ Received  + 2`), the legend of the
/// second side of a `-`/`+` difference printed after a blank line.
pub(super) fn diff_header(line: &[u8]) -> bool {
    (line.trim_ascii_end().ends_with(b":") && memchr::memmem::find(line, b"actual").is_some())
        || line.trim_ascii_start().starts_with(b"+ Received")
}

/// Whether `line` is a probe that answered no (`checking for x in -lfoo... no`, `Dependency
/// foo found: NO (tried pkgconfig)`): the step an error that follows it is about.
pub(crate) fn failed_probe(line: &[u8]) -> bool {
    let mut t = line.trim_ascii_end();
    if t.ends_with(b")")
        && let Some(open) = memchr::memrchr(b'(', t)
    {
        t = t[..open].trim_ascii_end();
    }
    let Some(head) = t
        .strip_suffix(b"no")
        .or_else(|| t.strip_suffix(b"NO"))
        .or_else(|| t.strip_suffix(b"No"))
    else {
        return false;
    };
    let head = head.trim_ascii_end();
    head.ends_with(b"...") || head.ends_with(b":")
}

/// Whether `prev`, the line right above the error `line`, is the step the error is about: a
/// probe that answered no, or a traced call that returned nothing (`fopen("x", "r")   = 0`,
/// `= NULL`) when the error is not itself a traced call's result (`open(…) = -1 ENOENT`), or
/// any line when the error does not say what failed, or the `<testcase …>` element a JUnit
/// report's `<failure …>` / `<error …>` element is in.
pub(crate) fn failed_step(prev: &[u8], line: &[u8]) -> bool {
    failed_probe(prev)
        || (returned_nothing(prev) && !call_result(line))
        || bare_failure(line)
        || xml_case(prev, line)
}

/// `<testcase name="x">` above `<failure message="…">`: the failed case of a JUnit report.
fn xml_case(prev: &[u8], line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    (t.starts_with(b"<failure") || t.starts_with(b"<error"))
        && prev.trim_ascii_start().starts_with(b"<testcase ")
}

/// `[junit] \tCaused an ERROR`, `\tFAILED`: a failure that does not say what failed (three
/// words or fewer, letters only, after a leading `[tag]`): the line above it does.
fn bare_failure(line: &[u8]) -> bool {
    let mut t = line.trim_ascii();
    if t.first() == Some(&b'[')
        && let Some(c) = memchr::memchr(b']', t)
    {
        t = t[c + 1..].trim_ascii();
    }
    !t.is_empty()
        && t.len() <= 24
        && t.iter().all(|b| b.is_ascii_alphabetic() || *b == b' ')
        && t.split(|&b| b == b' ').filter(|w| !w.is_empty()).count() <= 3
}

/// `access("/x", F_OK)     = -1 ENOENT`: a line holding a traced call's result.
fn call_result(line: &[u8]) -> bool {
    memchr::memchr_iter(b'=', line)
        .any(|i| line.get(i + 1) == Some(&b' ') && line[..i].trim_ascii_end().ends_with(b")"))
}

/// `fopen("x", "r")   = 0`: a traced call whose result is zero or null.
fn returned_nothing(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    let Some(call) = [&b"= 0"[..], b"= NULL", b"= nil", b"= 0x0"]
        .iter()
        .find_map(|r| t.strip_suffix(*r))
    else {
        return false;
    };
    let call = call.trim_ascii_end();
    let name = call.iter().take_while(|&&b| ident(b)).count();
    name > 0 && call.get(name) == Some(&b'(') && call.ends_with(b")")
}

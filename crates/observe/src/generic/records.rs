//! What a line of a pretty-printed report of records says about its record (issue 16, the
//! `wild31` set): JSON reports of test runners and linters print one object per test or
//! finding, one `"key": value` a line, and the record's outcome sits in a field of its own
//! (`"outcome": "failed"`, `"err": {`, `"severity": 2`) away from the line naming it
//! (`"nodeid": "…"`) and the line saying what went wrong (`"message": "…"`). Read a line at a
//! time, none of these lines says enough; read as a record, the failing one is the finding.
//!
//! The reader here is pure: it tells a field's role from its key and value alone; the
//! compressor (`compress/records.rs`) keeps the record's state.

use crate::rules::Kind;

/// One `"key": value` line of a pretty-printed JSON object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Field<'a> {
    /// Spaces before the key's opening quote.
    pub(crate) indent: usize,
    /// The key, without its quotes.
    pub(crate) key: &'a [u8],
    /// The value as printed, without a trailing comma.
    pub(crate) value: &'a [u8],
}

/// What a field says about the record it stands in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// It names the record (`"nodeid"`, `"fullName"`, `"title"`).
    Name,
    /// It places the record in a file (`"filePath"`, `"path"`, `"file"`, `"uri"`).
    Place,
    /// It says what went wrong or what was found (`"message"`, `"text"`, `"stack"`).
    Message,
    /// The record failed (`"status": "failed"`, a non-empty `"err": {`).
    Fails,
    /// A count of failures or a non-zero exit status (`"numFailedTests": 3`).
    Count,
    /// The record is a finding of this severity (`"level": "error"`, `"severity": 1`).
    Severity(Kind),
}

/// The spaces leading `line`, when its first other byte can open a JSON field or structure
/// (`"`, `{`, `}`, `[`, `]`) or an XML element (`<`): the gate every line passes, one short
/// scan.
#[inline]
pub(crate) fn lead(line: &[u8]) -> Option<usize> {
    let indent = line
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    matches!(
        line.get(indent),
        Some(b'"' | b'{' | b'}' | b'[' | b']' | b'<')
    )
    .then_some(indent)
}

/// What an XML element line of a report is to its record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Element {
    /// `</testcase>`: the record opened at this depth ends.
    Close,
    /// `<testcase name="…" …>` left open: a record named by its `name` attribute.
    Opens,
    /// `<failure …>`, `<error …>`: the record failed; `whole` when the element ends on its line.
    Fails { whole: bool },
    /// `<error … severity="…" …/>`: a finding in the record (a file of a checkstyle report).
    Finding { whole: bool },
    /// Another element ending on its line (`<property name="severity" value="error"/>`).
    Whole,
}

/// `line` (its first byte after `indent` spaces a `<`) read as an element of an XML report.
pub(crate) fn element(line: &[u8], indent: usize) -> Option<Element> {
    let t = line[indent..].trim_ascii_end();
    let rest = t.get(1..)?;
    if rest.first() == Some(&b'/') {
        return Some(Element::Close);
    }
    if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let tag_len = rest
        .iter()
        .position(|&b| matches!(b, b' ' | b'>' | b'/'))
        .unwrap_or(rest.len());
    let tag = &rest[..tag_len];
    let whole =
        t.ends_with(b"/>") || memchr::memchr_iter(b'<', t).any(|i| t.get(i + 1) == Some(&b'/'));
    if matches!(tag, b"failure" | b"error" | b"failed") {
        if memchr::memmem::find(t, b" severity=").is_some() {
            return Some(Element::Finding { whole });
        }
        return Some(Element::Fails { whole });
    }
    if whole {
        return Some(Element::Whole);
    }
    name_attr(t).map(|_| Element::Opens)
}

/// The rule code of a logging command that reports a finding as attributes (`##x[task.issue
/// type=error;code=E402;]message`, `::error file=a,code=E1::message`): the `code=` value.
pub(crate) fn command_code(line: &[u8]) -> Option<&[u8]> {
    if !(line.starts_with(b"##") || line.starts_with(b"::")) {
        return None;
    }
    let end = memchr::memchr2(b']', b'\n', line)
        .unwrap_or(line.len())
        .min(512);
    let head = &line[..end];
    let at = head
        .windows(6)
        .position(|w| w[1..] == *b"code=" && matches!(w[0], b';' | b' ' | b',' | b'['))?
        + 6;
    let len = head[at..]
        .iter()
        .position(|&b| matches!(b, b';' | b',' | b']' | b':' | b' '))
        .unwrap_or(head.len() - at);
    (len > 0).then_some(&head[at..at + len])
}

/// The value of the `name` attribute of an element line (`name="…"` or `name='…'`).
pub(crate) fn name_attr(line: &[u8]) -> Option<&[u8]> {
    let at = memchr::memmem::find(line, b" name=")? + 6;
    let quote = *line.get(at).filter(|&&q| q == b'"' || q == b'\'')?;
    let len = memchr::memchr(quote, &line[at + 1..])?;
    Some(&line[at + 1..at + 1 + len])
}

/// The indentation of a line holding only a bracket (`{`, `}`, `},`, `[`, `]`, `],`): where an
/// object or array of that depth opens or closes.
pub(crate) fn structure(line: &[u8], indent: usize) -> Option<usize> {
    let t = line[indent..].trim_ascii_end();
    let t = t.strip_suffix(b",").unwrap_or(t);
    matches!(t, b"{" | b"}" | b"[" | b"]" | b"{}" | b"[]").then_some(indent)
}

/// `line` read as `"key": value` (the value's trailing comma left out).
pub(crate) fn field(line: &[u8], indent: usize) -> Option<Field<'_>> {
    let rest = line.get(indent + 1..)?;
    if line.get(indent) != Some(&b'"') {
        return None;
    }
    let close = memchr::memchr(b'"', rest)?;
    let key = &rest[..close];
    let value = rest[close + 1..].strip_prefix(b": ")?.trim_ascii_end();
    let value = value.strip_suffix(b",").unwrap_or(value);
    (!key.is_empty() && key.len() <= 40 && !value.is_empty()).then_some(Field {
        indent,
        key,
        value,
    })
}

/// The role of `f` in its record, if any.
pub(crate) fn role(f: &Field<'_>) -> Option<Role> {
    let mut buf = [0u8; 40];
    let key = &mut buf[..f.key.len()];
    key.copy_from_slice(f.key);
    key.make_ascii_lowercase();
    let key: &[u8] = key;
    let v = f.value;
    let string = v.len() >= 2 && v[0] == b'"' && v[v.len() - 1] == b'"';
    let text = if string { &v[1..v.len() - 1] } else { v };
    if string
        && matches!(
            key,
            b"status" | b"outcome" | b"state" | b"result" | b"conclusion"
        )
    {
        return failed_word(text).then_some(Role::Fails);
    }
    if matches!(key, b"level" | b"severity" | b"type" | b"levelname") {
        return severity(text, string).map(Role::Severity);
    }
    let failing = has(key, b"fail") || has(key, b"err") || has(key, b"exception");
    if failing || matches!(key, b"exitcode" | b"exit_code" | b"returncode" | b"exit") {
        if v.iter().all(u8::is_ascii_digit) {
            return v.iter().any(|&b| b != b'0').then_some(Role::Count);
        }
        let opens = matches!(v, b"{" | b"[");
        return (failing && (opens || (string && text.len() > 1))).then_some(Role::Fails);
    }
    if !string || text.is_empty() {
        return None;
    }
    if matches!(
        key,
        b"message" | b"msg" | b"text" | b"description" | b"stack" | b"reason"
    ) {
        return Some(Role::Message);
    }
    if [&b"path"[..], b"file", b"uri", b"filename"]
        .iter()
        .any(|end| key.ends_with(end))
    {
        return Some(Role::Place);
    }
    let named = [&b"name"[..], b"title", b"nodeid"]
        .iter()
        .any(|end| key.ends_with(end));
    named.then_some(Role::Name)
}

/// Whether `key` holds `part`.
fn has(key: &[u8], part: &[u8]) -> bool {
    key.windows(part.len()).any(|w| w == part)
}

/// An outcome that is a failure: `failed`, `failure`, `fail`, `error`, `errored`, `broken`,
/// `crashed`, `timedout` (any case).
fn failed_word(text: &[u8]) -> bool {
    let mut buf = [0u8; 12];
    let Some(w) = buf.get_mut(..text.len()) else {
        return false;
    };
    w.copy_from_slice(text);
    w.make_ascii_lowercase();
    matches!(
        &*w,
        b"failed"
            | b"failure"
            | b"fail"
            | b"error"
            | b"errored"
            | b"broken"
            | b"crashed"
            | b"timedout"
    )
}

/// A finding's severity: a word (`error`, `fatal`, `critical`, `major`, `blocker` errors;
/// `warning`, `warn`, `minor` warnings) or, unquoted, a number (2 or more an error, 1 a warning).
fn severity(text: &[u8], string: bool) -> Option<Kind> {
    if !string {
        // A linter's `1`/`2`; a Node logger's (pino, bunyan) `40` warn, `50` error, `60` fatal.
        return match text {
            b"1" | b"40" => Some(Kind::Warning),
            [b'2'..=b'9'] | b"50" | b"60" => Some(Kind::Error),
            _ => None,
        };
    }
    let mut buf = [0u8; 10];
    let w = buf.get_mut(..text.len())?;
    w.copy_from_slice(text);
    w.make_ascii_lowercase();
    match &*w {
        b"error" | b"fatal" | b"critical" | b"major" | b"blocker" => Some(Kind::Error),
        // A linter's lesser findings (`style`, pylint's `convention`/`refactor`) are findings
        // too; `info` and SARIF's `note` are not (a log's everyday level, a rule's default).
        b"warning" | b"warn" | b"minor" | b"style" | b"convention" | b"refactor" => {
            Some(Kind::Warning)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn role_of(line: &str) -> Option<Role> {
        let l = line.as_bytes();
        let i = lead(l)?;
        field(l, i).and_then(|f| role(&f))
    }

    #[test]
    fn a_field_is_read_with_its_indent_key_and_value() {
        let l = b"      \"outcome\": \"failed\",";
        let Some(f) = field(l, 6) else {
            panic!("no field");
        };
        assert_eq!(
            (f.indent, f.key, f.value),
            (6, &b"outcome"[..], &b"\"failed\""[..])
        );
        assert_eq!(lead(b"plain text"), None);
        assert_eq!(lead(b"    {"), Some(4));
        assert_eq!(structure(b"    },", 4), Some(4));
        assert_eq!(structure(b"    \"a\": 1", 4), None);
    }

    #[test]
    fn xml_elements_open_fail_close_or_stand_whole() {
        let el = |s: &str| element(s.as_bytes(), s.len() - s.trim_start().len());
        assert_eq!(
            el("    <case name=\"t.a\" line=\"3\">"),
            Some(Element::Opens)
        );
        assert_eq!(
            el("      <failure message=\"x\">x</failure>"),
            Some(Element::Fails { whole: true })
        );
        assert_eq!(
            el("      <failure>Error: boom"),
            Some(Element::Fails { whole: false })
        );
        assert_eq!(
            el("      <property name=\"severity\" value=\"error\"/>"),
            Some(Element::Whole)
        );
        assert_eq!(el("    </case>"), Some(Element::Close));
        assert_eq!(el("    <?xml version=\"1.0\"?>"), None);
        assert_eq!(
            name_attr(b"<case name=\"org.x.E501\" line=\"3\">"),
            Some(&b"org.x.E501"[..])
        );
    }

    #[test]
    fn a_logging_command_names_its_rule_code() {
        let l = b"##x[task.issue type=error;sourcepath=/a.py;linenumber=13;code=E402;]Module level";
        assert_eq!(command_code(l), Some(&b"E402"[..]));
        assert_eq!(
            command_code(b"::warning file=a.py,line=3,code=W1::text"),
            Some(&b"W1"[..])
        );
        assert_eq!(command_code(b"## code=E402 in prose"), Some(&b"E402"[..]));
        assert_eq!(command_code(b"plain code=E402;"), None);
        assert_eq!(command_code(b"##x[task.issue type=error;]no code"), None);
    }

    #[test]
    fn outcomes_and_non_empty_failure_fields_fail_the_record() {
        assert_eq!(role_of("      \"outcome\": \"failed\","), Some(Role::Fails));
        assert_eq!(role_of("  \"status\": \"ERROR\""), Some(Role::Fails));
        assert_eq!(role_of("      \"status\": \"passed\","), None);
        assert_eq!(role_of("      \"err\": {"), Some(Role::Fails));
        assert_eq!(role_of("      \"err\": {},"), None);
        assert_eq!(role_of("      \"failureMessages\": ["), Some(Role::Fails));
        assert_eq!(role_of("      \"failureMessages\": [],"), None);
        assert_eq!(role_of("      \"failing\": false,"), None);
    }

    #[test]
    fn non_zero_failure_counts_and_exit_codes_are_counts() {
        assert_eq!(role_of("  \"numFailedTests\": 3,"), Some(Role::Count));
        assert_eq!(role_of("  \"numFailedTests\": 0,"), None);
        assert_eq!(role_of("  \"exitcode\": 1,"), Some(Role::Count));
        assert_eq!(role_of("    \"errors\": 12"), Some(Role::Count));
        assert_eq!(role_of("    \"passed\": 12"), None);
    }

    #[test]
    fn severities_names_and_messages() {
        assert_eq!(
            role_of("  \"level\": \"error\","),
            Some(Role::Severity(Kind::Error))
        );
        assert_eq!(
            role_of("      \"level\": \"style\","),
            Some(Role::Severity(Kind::Warning))
        );
        assert_eq!(role_of("      \"level\": \"info\","), None);
        assert_eq!(
            role_of("  \"level\": 50,"),
            Some(Role::Severity(Kind::Error))
        );
        assert_eq!(
            role_of("  \"severity\": 1,"),
            Some(Role::Severity(Kind::Warning))
        );
        assert_eq!(role_of("  \"severity\": \"info\","), None);
        assert_eq!(role_of("  \"nodeid\": \"t/a.py::x\","), Some(Role::Name));
        assert_eq!(role_of("  \"fullTitle\": \"cart sums\","), Some(Role::Name));
        assert_eq!(role_of("  \"filePath\": \"/src/a.js\","), Some(Role::Place));
        assert_eq!(
            role_of("  \"message\": \"went wrong\","),
            Some(Role::Message)
        );
        assert_eq!(role_of("  \"message\": \"\","), None);
        assert_eq!(role_of("  \"duration\": 12,"), None);
    }
}

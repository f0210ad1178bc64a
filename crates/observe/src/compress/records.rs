//! Records of a pretty-printed JSON report read as records (issue 16, the `wild31` set; the
//! fields' roles in `generic/records.rs`). A failing record keeps the field that says it failed
//! (`"outcome": "failed"`, `"err": {`), the line naming it (`"nodeid": "t/a.py::x"`, folded
//! above, taken out of its fold) and its first message below; a finding's record (`"severity":
//! 2`, `"level": "error"`) keeps its message, grouped by its text like other findings, and the
//! line naming its file; a non-zero count of failures is a summary. A passing record, and a
//! severity attribute said again on every finding, fold.
//!
//! Lines whose first byte after their spaces cannot open a JSON field or bracket pass with one
//! short scan; the state is a few remembered name lines of the records still open.

use super::hits::Hit;
use super::{Compressor, Kind};
use crate::fold::Item;
use crate::generic::records::{self, Element, Field, Role};
use crate::rules::Cont;

/// Name lines remembered at most (one per depth of the records still open).
const NAMES: usize = 8;

/// Bytes of a name line remembered (a longer one is not shown out of its fold).
const NAME_BYTES: usize = 1024;

/// JSON lines after a failing field or a severity within which its record's message is kept.
const WANT_LINES: u16 = 32;

/// A message at most this many lines above its record's severity is that finding's message.
const MESSAGE_ABOVE: u64 = 3;

/// Keys finding messages apart from other groups of the same text.
const FINDING_SALT: u64 = 0x51c3_a7e2_94d0_6b1f;

/// Keys the findings of logging commands of one rule code apart from other groups.
const COMMAND_SALT: u64 = 0x93b1_0c5e_27fa_d846;

/// Keys the failures of records of one name apart from other groups.
const ELEMENT_SALT: u64 = 0x2d9e_6f14_b8a3_c570;

/// `[test`, which opens a test's service message (`##x[testStarted …]`).
static SERVICE: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"[test"));

/// A remembered line of an open record: its indent, number and text.
type Mark = (usize, u64, Vec<u8>);

/// The state of the records still open.
#[derive(Debug, Default)]
pub(super) struct Records {
    /// Name lines of open records (the first of each depth).
    names: Vec<Mark>,
    /// Place lines of open records (`"path"`, `"file"`; the first of each depth).
    places: Vec<Mark>,
    /// The record whose message line, when it comes, is kept.
    want: Option<Want>,
    /// The last message field seen outside a wanted record: indent, number, text's hash.
    message: Option<(usize, u64, u64)>,
    /// A line to show (number, text) once the line that asked for it (the last number) is kept,
    /// and whether the record's place below is then wanted too (its indent).
    pending: Option<(u64, Vec<u8>, u64, Option<usize>)>,
    /// A second line to show with the pending one (a finding's nested place).
    extra: Option<(u64, Vec<u8>)>,
    /// After a kept record line: the record's next place line is kept (indent, lines left).
    place_next: Option<(usize, u16)>,
    /// A wanted finding's place nested deeper in its record (SARIF's `"uri"` inside its
    /// location object, closed before the message): shown with the message (number, text).
    nested_place: Option<(u64, Vec<u8>)>,
    /// The last `[testStarted …]` service message line (number, text).
    started: Option<(u64, Vec<u8>)>,
    /// The last line shown out of its fold (a record names itself once).
    shown: u64,
}

/// A record whose message line, when it comes, is kept.
#[derive(Debug, Clone, Copy)]
struct Want {
    indent: usize,
    kind: Kind,
    finding: bool,
    left: u16,
    /// Message lines still kept (a failure's stack and message: 2).
    messages: u8,
}

impl Records {
    /// A bracket line at `indent` opens or closes a record there: deeper records are closed.
    fn close(&mut self, indent: usize) {
        self.names.retain(|(i, _, _)| *i <= indent);
        self.places.retain(|(i, _, _)| *i <= indent);
        if self.want.is_some_and(|w| w.indent > indent) {
            self.want = None;
        }
        if self.place_next.is_some_and(|(i, _)| i > indent) {
            self.place_next = None;
        }
    }

    /// Asks for the name (or else the place) of the record at `indent`, the nearest at or above
    /// that depth, to be shown once line `by` is kept; `below`: then keep its place below when
    /// none stood above.
    fn ask_name(&mut self, indent: usize, by: u64, below: bool) {
        let up = |marks: &[Mark]| marks.iter().rposition(|(i, _, _)| *i <= indent);
        let (mark, placed) = match (up(&self.names), up(&self.places)) {
            (Some(k), p) => (Some(&self.names[k]), p.is_some()),
            (None, Some(k)) => (Some(&self.places[k]), true),
            (None, None) => (None, false),
        };
        let place = (below && !placed).then_some(indent);
        let (at, text) = match mark {
            Some((_, at, text)) if *at != self.shown => (*at, text.clone()),
            _ => (0, Vec::new()),
        };
        if at != 0 || place.is_some() {
            self.pending = Some((at, text, by, place));
        }
    }

    /// Counts down the wanted record's window by one JSON line.
    fn tick(&mut self) {
        if let Some(w) = self.want.as_mut() {
            w.left = w.left.saturating_sub(1);
            if w.left == 0 {
                self.want = None;
            }
        }
        if let Some((_, left)) = self.place_next.as_mut() {
            *left = left.saturating_sub(1);
            if *left == 0 {
                self.place_next = None;
            }
        }
    }
}

/// Remembers line `no` at `indent` in `marks`: the first of its depth (`first`), or in place
/// of it; deeper ones are dropped either way.
fn remember(marks: &mut Vec<Mark>, indent: usize, no: u64, line: &[u8], first: bool) {
    if first
        && marks
            .last()
            .is_some_and(|(i, _, text)| *i == indent && !fuller(line, text, indent))
    {
        return;
    }
    marks.retain(|(i, _, _)| *i < indent);
    if marks.len() >= NAMES {
        marks.remove(0);
    }
    if line.len() <= NAME_BYTES {
        marks.push((indent, no, line.to_vec()));
    }
}

/// Whether field `line` names its record more fully than `than`, the first name of its depth:
/// its key ends with the other's (`"fullTitle"` after `"title"`, `"fullName"` after `"name"`).
fn fuller(line: &[u8], than: &[u8], indent: usize) -> bool {
    match (records::field(line, indent), records::field(than, indent)) {
        (Some(a), Some(b)) => {
            a.key.len() > b.key.len() && {
                let tail = &a.key[a.key.len() - b.key.len()..];
                tail.eq_ignore_ascii_case(b.key)
            }
        }
        _ => false,
    }
}

/// A hit the record rule makes for a line the rules and the core left unkept.
fn record_hit(kind: Kind, group: Option<u64>) -> Hit {
    Hit {
        kind,
        after: 0,
        cont: Cont::Indented,
        before: 0,
        group,
        coded: false,
        generic: true,
    }
}

impl Compressor<'_> {
    /// `hit` for line `no`, read with the record it stands in (see the module's doc). A line
    /// whose first byte is a letter, a digit or most punctuation, and whose last byte is not
    /// `]`, is no field, bracket, element, service message or logging command: it passes on two
    /// byte tests.
    #[inline]
    pub(super) fn recorded(&mut self, hit: Option<Hit>, no: u64, line: &[u8]) -> Option<Hit> {
        let may = matches!(
            line.first(),
            Some(b' ' | b'\t' | b'"' | b'{' | b'}' | b'[' | b']' | b'<' | b'#' | b':')
        ) || line.last() == Some(&b']');
        if !may && self.records.pending.is_none() {
            return hit;
        }
        self.read_record(hit, no, line)
    }

    /// [`Self::recorded`] past its byte tests.
    #[inline(never)]
    fn read_record(&mut self, hit: Option<Hit>, no: u64, line: &[u8]) -> Option<Hit> {
        if self.records.pending.is_some() {
            self.show_pending();
        }
        if line.last() == Some(&b']') {
            self.service_message(no, line);
        }
        if let Some(code) = records::command_code(line) {
            // A logging command's finding groups by its rule code, not by its attribute words.
            let group = crate::normalize::hash_bytes(code) ^ COMMAND_SALT;
            return hit
                .filter(|h| matches!(h.kind, Kind::Error | Kind::Warning))
                .map(|h| Hit {
                    group: Some(group),
                    coded: false,
                    ..h
                })
                .or(hit);
        }
        let Some(indent) = records::lead(line) else {
            return hit;
        };
        if line[indent] == b'<' {
            return self.recorded_element(hit, no, line, indent);
        }
        if let Some(at) = records::structure(line, indent) {
            self.records.close(at);
            return hit;
        }
        let Some(f) = records::field(line, indent) else {
            return hit;
        };
        self.records.tick();
        match records::role(&f) {
            None => hit,
            Some(Role::Name) => {
                remember(&mut self.records.names, indent, no, line, true);
                hit
            }
            Some(Role::Place) => self.place(hit, indent, no, line),
            Some(Role::Fails) => {
                if self.records.want.is_none_or(|w| w.finding) {
                    self.records.want = Some(Want {
                        indent,
                        kind: Kind::Message,
                        finding: false,
                        left: WANT_LINES,
                        messages: 2,
                    });
                }
                self.records.ask_name(indent, no, false);
                Some(hit.unwrap_or(record_hit(Kind::Failure, None)))
            }
            Some(Role::Count) => {
                self.records.ask_name(indent, no, false);
                Some(hit.unwrap_or(record_hit(Kind::Summary, None)))
            }
            Some(Role::Severity(kind)) => self.severity(hit, kind, indent, no),
            Some(Role::Message) => self.wanted_message(hit, &f, no),
        }
    }

    /// A place field: kept when a kept line of its record armed it, else remembered.
    fn place(&mut self, hit: Option<Hit>, indent: usize, no: u64, line: &[u8]) -> Option<Hit> {
        if self.records.place_next.is_some_and(|(i, _)| indent >= i) {
            self.records.place_next = None;
            return Some(hit.unwrap_or(record_hit(Kind::Location, None)));
        }
        if self
            .records
            .want
            .is_some_and(|w| w.finding && indent > w.indent)
            && self.records.nested_place.is_none()
            && line.len() <= NAME_BYTES
        {
            self.records.nested_place = Some((no, line.to_vec()));
        }
        remember(&mut self.records.places, indent, no, line, true);
        hit
    }

    /// A finding's severity field: its message just above is kept with it (grouped by the
    /// message's text), else the record's message below is wanted.
    fn severity(&mut self, hit: Option<Hit>, kind: Kind, indent: usize, no: u64) -> Option<Hit> {
        if let Some((i, at, text)) = self.records.message.take()
            && i == indent
            && no - at <= MESSAGE_ABOVE
        {
            self.records.ask_name(indent, no, true);
            let before = u8::try_from(no - at).unwrap_or(0);
            let h = hit.unwrap_or(record_hit(kind, None));
            return Some(Hit {
                before: h.before.max(before),
                group: Some(text ^ FINDING_SALT),
                ..h
            });
        }
        if self.records.want.is_none_or(|w| w.finding) {
            self.records.want = Some(Want {
                indent,
                kind,
                finding: true,
                left: WANT_LINES,
                messages: 1,
            });
            self.records.nested_place = None;
        }
        hit
    }

    /// A message field: kept when its record asked for it (a failure's as a message, a
    /// finding's grouped by its text), the record's name asked for too; else remembered.
    fn wanted_message(&mut self, hit: Option<Hit>, f: &Field<'_>, no: u64) -> Option<Hit> {
        let hash = crate::normalize::hash_bytes(f.value);
        let Some(w) = self.records.want.filter(|w| f.indent >= w.indent) else {
            self.records.message = Some((f.indent, no, hash));
            return hit;
        };
        self.records.want = (w.messages > 1).then_some(Want {
            messages: w.messages - 1,
            ..w
        });
        self.records.ask_name(w.indent, no, true);
        if let Some(place) = self.records.nested_place.take().filter(|_| w.finding) {
            self.records.extra = Some(place);
            if self.records.pending.is_none() {
                self.records.pending = Some((0, Vec::new(), no, None));
            }
        }
        if hit.is_some() {
            return hit;
        }
        Some(record_hit(w.kind, w.finding.then_some(hash ^ FINDING_SALT)))
    }

    /// A service message line (`… ##x[testStarted name='t']`, `##x[testFailed …]`): a failed
    /// test's report shows the line that started it.
    fn service_message(&mut self, no: u64, line: &[u8]) {
        let Some(at) = SERVICE.find(line) else {
            return;
        };
        let rest = &line[at + 5..];
        if rest.starts_with(b"Started ") {
            self.records.started = Some((no, line.to_vec()));
        } else if rest.starts_with(b"Failed ")
            && let Some((at, text)) = self.records.started.take()
        {
            self.records.pending = Some((at, text, no, None));
        }
    }

    /// Shows the line asked for, taken out of the fold that holds it, when the line that asked
    /// was kept (the last kept line); then wants the record's place below if asked.
    fn show_pending(&mut self) {
        let Some((at, text, by, place)) = self.records.pending.take() else {
            return;
        };
        let kept = matches!(self.out.last(), Some(Item::Line { no, repeat, .. }) if *no <= by && by < *no + *repeat);
        let extra = self.records.extra.take();
        if !kept {
            return;
        }
        if let Some((at, text)) = extra {
            self.unfold(at, text, "record");
        }
        if let Some(indent) = place {
            self.records.place_next = Some((indent, WANT_LINES));
        }
        if at != 0 && at != self.records.shown && self.unfold(at, text, "record") {
            self.records.shown = at;
        }
    }

    /// `hit` for an XML element line `no` at `indent`: an open element with a `name` names its
    /// record; a failure child fails it (grouped by the record's name, so the failures of
    /// records of one name, a linter's rule, fold beyond the group limit) and asks for its
    /// name; an element ending on its line inside a record opens no context below it.
    fn recorded_element(
        &mut self,
        hit: Option<Hit>,
        no: u64,
        line: &[u8],
        indent: usize,
    ) -> Option<Hit> {
        match records::element(line, indent) {
            None => hit,
            Some(Element::Close) => {
                self.records.names.retain(|(i, _, _)| *i < indent);
                hit
            }
            Some(Element::Opens) => {
                remember(&mut self.records.names, indent, no, line, false);
                hit
            }
            Some(Element::Whole) if !self.records.names.is_empty() => {
                hit.map(|h| Hit { after: 0, ..h })
            }
            Some(Element::Whole) => hit,
            Some(Element::Finding { whole }) => {
                self.records.ask_name(indent, no, false);
                hit.map(|h| Hit {
                    after: if whole { 0 } else { h.after },
                    ..h
                })
            }
            Some(Element::Fails { whole }) => {
                let group = self
                    .records
                    .names
                    .iter()
                    .rev()
                    .find(|(i, _, _)| *i < indent)
                    .and_then(|(_, _, text)| records::name_attr(text))
                    .map(|n| crate::normalize::hash_bytes(n) ^ ELEMENT_SALT);
                self.records.ask_name(indent, no, false);
                let h = hit.unwrap_or(record_hit(Kind::Failure, None));
                Some(Hit {
                    after: if whole { 0 } else { h.after },
                    group: group.or(h.group),
                    ..h
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{CompressOptions, Compressor};

    fn run(text: &str) -> String {
        let opts = CompressOptions::default();
        let mut c = Compressor::new(&opts);
        c.push(text.as_bytes());
        c.finish().text
    }

    /// A JSON report of `n` test records, the `bad` ones failed.
    fn report(n: usize, bad: &[usize]) -> String {
        let mut s = String::from("{\n  \"tests\": [\n");
        for i in 0..n {
            let outcome = if bad.contains(&i) { "failed" } else { "passed" };
            s.push_str(&format!(
                "    {{\n      \"nodeid\": \"pkg/t_{i}.py::case_{i}\",\n      \"lineno\": {},\n      \"duration\": 0.{i}3,\n      \"outcome\": \"{outcome}\"",
                i * 7
            ));
            if bad.contains(&i) {
                s.push_str(&format!(
                    ",\n      \"err\": {{\n        \"lineno\": {},\n        \"message\": \"expected {i} to equal {}\"\n      }}",
                    i * 7 + 2,
                    i + 1
                ));
            }
            s.push_str(if i + 1 < n { "\n    },\n" } else { "\n    }\n" });
        }
        s.push_str("  ],\n  \"failed\": 2\n}\n");
        s
    }

    #[test]
    fn a_failing_record_keeps_its_name_and_message_and_a_passing_one_folds() {
        let text = run(&report(60, &[17, 41]));
        for i in [17, 41] {
            assert!(
                text.contains(&format!("\"nodeid\": \"pkg/t_{i}.py::case_{i}\"")),
                "{text}"
            );
            assert!(
                text.contains(&format!("\"message\": \"expected {i} to equal")),
                "{text}"
            );
        }
        assert!(!text.contains("case_30\""), "{text}");
        assert!(text.contains("\"failed\": 2"), "{text}");
        assert!(text.len() < report(60, &[17, 41]).len() / 4, "{text}");
    }

    /// A linter's JSON findings: one object each, `n` of one message and one of another.
    fn findings(n: usize) -> String {
        let mut s = String::from("[\n");
        for i in 0..=n {
            let msg = if i == n {
                "Unexpected var"
            } else {
                "Double quote to prevent splitting"
            };
            s.push_str(&format!(
                "  {{\n    \"file\": \"src/m{i}.sh\",\n    \"line\": {},\n    \"severity\": 2,\n    \"message\": \"{msg}\"\n  }},\n",
                i + 3
            ));
        }
        s.push_str("]\n");
        s
    }

    #[test]
    fn findings_keep_their_message_and_file_and_fold_by_message_beyond_the_limit() {
        let text = run(&findings(40));
        let shown = text.matches("Double quote to prevent").count();
        assert!((1..40).contains(&shown), "{shown}: {text}");
        assert!(text.contains("\"message\": \"Unexpected var\""), "{text}");
        assert!(text.contains("\"file\": \"src/m0.sh\""), "{text}");
        assert!(text.contains("\"file\": \"src/m40.sh\""), "{text}");
    }

    /// An XML report of `n` findings of one rule and one of another, each a record with a
    /// severity property and a failure element.
    fn xml(n: usize) -> String {
        let mut s = String::from("<?xml version=\"1.0\"?>\n<suites failures=\"41\">\n");
        for i in 0..=n {
            let rule = if i == n { "B006" } else { "E501" };
            s.push_str(&format!(
                "    <case name=\"lint.{rule}\" file=\"pkg/m{i}.py\" line=\"{i}\">\n        <properties>\n            <property name=\"severity\" value=\"error\"/>\n        </properties>\n        <failure message=\"rule {rule} at {i}\">line {i}, rule {rule}</failure>\n    </case>\n"
            ));
        }
        s.push_str("</suites>\n");
        s
    }

    #[test]
    fn xml_failures_keep_their_record_line_and_fold_by_its_name() {
        let input = xml(40);
        let text = run(&input);
        assert!(
            text.contains("<case name=\"lint.E501\" file=\"pkg/m0.py\""),
            "{text}"
        );
        assert!(
            text.contains("<failure message=\"rule B006 at 40\">"),
            "{text}"
        );
        assert!(text.contains("<case name=\"lint.B006\""), "{text}");
        let shown = text.matches("<failure message=\"rule E501").count();
        assert!((1..40).contains(&shown), "{shown}: {text}");
        assert!(text.len() < input.len() / 2, "{text}");
    }

    #[test]
    fn a_failed_service_message_shows_the_line_that_started_its_test() {
        let mut s = String::new();
        for i in 0..50 {
            s.push_str(&format!(
                "t.py::case_{i} ##svc[testStarted name='case_{i}' flowId='{i}']\n"
            ));
            if i == 23 {
                s.push_str(&format!(
                    "FAILED ##svc[testFailed name='case_{i}' message='boom']\n"
                ));
            } else {
                s.push_str(&format!(
                    "PASSED ##svc[testFinished name='case_{i}' duration='{i}']\n"
                ));
            }
        }
        let text = run(&s);
        assert!(text.contains("t.py::case_23 ##svc[testStarted"), "{text}");
        assert!(!text.contains("t.py::case_30 ##svc[testStarted"), "{text}");
    }

    #[test]
    fn logging_command_findings_fold_by_their_rule_code() {
        let mut s = String::new();
        for i in 0..40 {
            s.push_str(&format!(
                "##x[task.issue type=error;sourcepath=/src/m{i}.py;linenumber={i};code=UP006;]Use `list` for case {i}\n"
            ));
        }
        s.push_str("##x[task.issue type=error;sourcepath=/src/z.py;linenumber=3;code=B028;]No stacklevel\n");
        let text = run(&s);
        let shown = text.matches("code=UP006;").count();
        assert!((1..=8).contains(&shown), "{shown}: {text}");
        assert!(text.contains("code=B028;]No stacklevel"), "{text}");
    }

    #[test]
    fn a_findings_nested_place_comes_with_its_message() {
        let mut s = String::from("{\n  \"results\": [\n");
        for i in 0..30 {
            let msg = if i == 29 {
                "Unsafe call"
            } else {
                "Use of assert"
            };
            s.push_str(&format!(
                "    {{\n      \"level\": \"error\",\n      \"locations\": [\n        {{\n          \"place\": {{\n            \"uri\": \"file:///src/m{i}.py\"\n          }},\n          \"region\": {{\n            \"startLine\": {i}\n          }}\n        }}\n      ],\n      \"message\": {{\n        \"text\": \"{msg}\"\n      }}\n    }},\n"
            ));
        }
        s.push_str("  ]\n}\n");
        let text = run(&s);
        assert!(text.contains("\"uri\": \"file:///src/m0.py\""), "{text}");
        assert!(text.contains("\"uri\": \"file:///src/m29.py\""), "{text}");
        assert!(text.contains("\"text\": \"Unsafe call\""), "{text}");
        assert!(!text.contains("\"uri\": \"file:///src/m20.py\""), "{text}");
    }
}

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

/// Keys finding messages apart from other groups of the same text.
const FINDING_SALT: u64 = 0x51c3_a7e2_94d0_6b1f;

/// Keys the failures of records of one name apart from other groups.
const ELEMENT_SALT: u64 = 0x2d9e_6f14_b8a3_c570;

/// The state of the records still open.
#[derive(Debug, Default)]
pub(super) struct Records {
    /// Name lines of open records: (indent, line number, text).
    names: Vec<(usize, u64, Vec<u8>)>,
    /// The record whose message is wanted next.
    want: Option<Want>,
    /// A name line to show once the line that asked for it (the second number) is kept.
    pending: Option<(usize, u64)>,
    /// The last name line shown (a record names itself once).
    shown: u64,
}

/// A record whose message line, when it comes, is kept.
#[derive(Debug, Clone, Copy)]
struct Want {
    indent: usize,
    kind: Kind,
    finding: bool,
    left: u16,
}

impl Records {
    /// A bracket line at `indent` opens or closes a record there: deeper records are closed.
    fn close(&mut self, indent: usize) {
        self.names.retain(|(i, _, _)| *i <= indent);
        if self.want.is_some_and(|w| w.indent > indent) {
            self.want = None;
        }
    }

    /// Remembers name line `no` at `indent`, in place of the names of its depth and deeper.
    fn name(&mut self, indent: usize, no: u64, line: &[u8]) {
        self.names.retain(|(i, _, _)| *i < indent);
        if self.names.len() >= NAMES {
            self.names.remove(0);
        }
        if line.len() <= NAME_BYTES {
            self.names.push((indent, no, line.to_vec()));
        }
    }

    /// Asks for the name of the record at `indent` (the nearest name at or above that depth)
    /// to be shown once line `by` is kept.
    fn ask_name(&mut self, indent: usize, by: u64) {
        let Some(k) = self.names.iter().rposition(|(i, _, _)| *i <= indent) else {
            return;
        };
        if self.names[k].1 != self.shown {
            self.pending = Some((k, by));
        }
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
    /// `hit` for line `no`, read with the record it stands in (see the module's doc).
    #[inline]
    pub(super) fn recorded(&mut self, hit: Option<Hit>, no: u64, line: &[u8]) -> Option<Hit> {
        if self.records.pending.is_some() {
            self.show_record_name();
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
        let role = records::role(&f);
        if let Some(w) = self.records.want.as_mut() {
            w.left = w.left.saturating_sub(1);
            if w.left == 0 {
                self.records.want = None;
            }
        }
        match role {
            None => hit,
            Some(Role::Name) => {
                self.records.name(indent, no, line);
                hit
            }
            Some(Role::Fails) => {
                self.records.want = Some(Want {
                    indent,
                    kind: Kind::Message,
                    finding: false,
                    left: WANT_LINES,
                });
                self.records.ask_name(indent, no);
                Some(hit.unwrap_or(record_hit(Kind::Failure, None)))
            }
            Some(Role::Count) => {
                self.records.ask_name(indent, no);
                Some(hit.unwrap_or(record_hit(Kind::Summary, None)))
            }
            Some(Role::Severity(kind)) => {
                if self.records.want.is_none_or(|w| w.finding) {
                    self.records.want = Some(Want {
                        indent,
                        kind,
                        finding: true,
                        left: WANT_LINES,
                    });
                }
                hit
            }
            Some(Role::Message) => self.wanted_message(hit, &f, no),
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
                self.records.name(indent, no, line);
                hit
            }
            Some(Element::Whole) if !self.records.names.is_empty() => {
                hit.map(|h| Hit { after: 0, ..h })
            }
            Some(Element::Whole) => hit,
            Some(Element::Fails { whole }) => {
                let group = self
                    .records
                    .names
                    .iter()
                    .rev()
                    .find(|(i, _, _)| *i < indent)
                    .and_then(|(_, _, text)| records::name_attr(text))
                    .map(|n| crate::normalize::hash_bytes(n) ^ ELEMENT_SALT);
                self.records.ask_name(indent, no);
                let h = hit.unwrap_or(record_hit(Kind::Failure, None));
                Some(Hit {
                    after: if whole { 0 } else { h.after },
                    group: group.or(h.group),
                    ..h
                })
            }
        }
    }

    /// A message field: kept when its record asked for it (a failure's as a message, a
    /// finding's grouped by its text), the record's name asked for too.
    fn wanted_message(&mut self, hit: Option<Hit>, f: &Field<'_>, no: u64) -> Option<Hit> {
        let Some(w) = self.records.want.filter(|w| f.indent >= w.indent) else {
            return hit;
        };
        self.records.want = None;
        self.records.ask_name(w.indent, no);
        if hit.is_some() {
            return hit;
        }
        let group = w
            .finding
            .then(|| crate::normalize::hash_bytes(f.value) ^ FINDING_SALT);
        Some(record_hit(w.kind, group))
    }

    /// Shows the name line asked for, taken out of the fold that holds it, when the line that
    /// asked was kept (the last kept line); else forgets it.
    fn show_record_name(&mut self) {
        let Some((k, by)) = self.records.pending.take() else {
            return;
        };
        let kept = matches!(self.out.last(), Some(Item::Line { no, repeat, .. }) if *no <= by && by < *no + *repeat);
        let Some((_, at, _)) = self.records.names.get(k) else {
            return;
        };
        let at = *at;
        if !kept || at == self.records.shown {
            return;
        }
        let Some(i) = self.out.iter().rposition(|item| match item {
            Item::Line { no, .. } => *no <= at,
            Item::Omitted { start, .. } | Item::Similar { start, .. } => *start <= at,
        }) else {
            return;
        };
        let Some(&Item::Omitted { start, count }) = self.out.get(i) else {
            return;
        };
        if at >= start + count {
            return;
        }
        self.records.shown = at;
        let text = std::mem::take(&mut self.records.names[k].2);
        let mut parts = Vec::with_capacity(3);
        if at > start {
            parts.push(Item::Omitted {
                start,
                count: at - start,
            });
        }
        parts.push(Item::Line {
            text,
            repeat: 1,
            no: at,
        });
        if at + 1 < start + count {
            parts.push(Item::Omitted {
                start: at + 1,
                count: start + count - at - 1,
            });
        }
        self.out.splice(i..=i, parts);
        self.stats.folded_lines = self.stats.folded_lines.saturating_sub(1);
        let why = std::mem::replace(&mut self.why, "record");
        self.note(at, 0);
        self.why = why;
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
}

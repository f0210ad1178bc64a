//! What test runners print around a failure, with no severity word where the scan looks for
//! one (issue 16, the `wild15` set): a frame indented under a failure header, a result row
//! that passed fewer checks than it ran, a count of a failing outcome, and a warning printed
//! into the middle of a result row.

use super::gate::{Bytes, Check, Gate, Line, Need};
use super::{sig, unworded};
use crate::rules::Kind;

mod access_statuses;
mod arrow_locations;
mod bracket_prefixed;
mod call_errors;
mod cell_frames;
mod change_counts;
mod checkers;
mod constraints;
mod counted_lists;
pub(crate) use counted_lists::title as counted_list;
mod counted_titles;
mod coverage_summaries;
mod daemon_lines;
mod defect_flags;
mod detections;
mod exception_sites;
mod failure_tables;
mod fields;
mod finding_counts;
pub(crate) mod glued_levels;
mod leader_verdicts;
mod levels;
pub(crate) use leader_verdicts::failed as leader_failure;
mod lone_verdicts;
mod marked_notices;
mod nan_cells;
mod nan_scores;
mod negated_labels;
pub(super) mod plain_faults;
mod positions;
mod prefixed;
mod processed_counts;
mod prompts;
mod replies;
mod starred_messages;
mod strict_inequalities;
mod tallies;
mod trailing_marks;
pub(super) mod unflagged;
mod verdicts;
mod worded_places;
/// `<testcase …>` right above its `<failure …>` child (see [`super::steps`]).
pub(crate) use super::steps::xml_case as failed_case;
pub(crate) use worded_places::rule as worded_rule;

/// `0x1255d84 in parse (a.src)`: the address the frame's code ran at, then `in` and its
/// symbol (the rest of a frame after its `path:L:C:`).
pub(super) fn addressed_call(rest: &[u8]) -> bool {
    let Some(hex) = rest.strip_prefix(b"0x") else {
        return false;
    };
    let n = hex.iter().take_while(|b| b.is_ascii_hexdigit()).count();
    n > 0 && hex[n..].starts_with(b" in ")
}

/// Words of an outcome that is a failure when counted (`REGRESSION   1`, `broken 2`).
const FAILING: &[&[u8]] = &[
    b"regression",
    b"regressions",
    b"broken",
    b"crashed",
    b"crashes",
    b"timeout",
    b"timeouts",
    b"xpass",
    b"unexpected",
];

/// A line with no severity word: the shapes that still make it a finding (an unworded located
/// message, a summary of counts, a failed result row, a fault flag, …), in the order of
/// [`WORDLESS`], each run only where the line's first and last bytes meet its needs (see
/// [`super::gate`]).
pub(super) fn wordless(line: &[u8], t: &[u8], scanned: bool) -> Option<super::Signal> {
    let line = Line { line, t, scanned };
    WORDLESS_GATE.run(WORDLESS, &line)
}

static WORDLESS_GATE: Gate = Gate::new(WORDLESS);

/// The checks of [`wordless`], in order, each with the first and last bytes (of the line
/// without its indentation) it can match on. A new check goes here with its needs.
pub(super) static WORDLESS: &[Check] = &[
    Check {
        name: "conflict marker",
        needs: &[Need::first(Bytes::of(b"<=>|+"))],
        run: |l| {
            (matches!(l.line.first(), Some(b'<' | b'=' | b'>' | b'|' | b'+'))
                && unworded::conflict_marker(l.line))
            .then_some(sig(Kind::Structure, 1, false))
        },
    },
    Check {
        name: "unworded shape",
        needs: &[
            Need::last(Bytes::of(b")LS'").or(Bytes::DIGIT)),
            Need::first(Bytes::of(b"*")),
        ],
        run: |l| unworded::shape_of(l.t),
    },
    Check {
        name: "warning category",
        needs: &[Need::ANY.scanned()],
        run: |l| {
            (l.scanned && unworded::warning_category(l.t)).then_some(sig(Kind::Warning, 1, true))
        },
    },
    Check {
        name: "summary of counts",
        needs: &[Need::first(Bytes::DIGIT.or(Bytes::UPPER))],
        run: |l| super::counts::summary_shape(l.t),
    },
    Check {
        name: "failed row",
        needs: &[Need::last(Bytes::DIGIT.or(Bytes::of(b" \t")))],
        run: |l| failed_row(l.t),
    },
    Check {
        name: "fault",
        needs: &[Need::first(Bytes::DIGIT.or(Bytes::of(b"hni")))],
        run: |l| super::faults::fault(l.t),
    },
    Check {
        name: "tallies",
        needs: &[Need::ANY],
        run: |l| tallies::shape(l.t),
    },
    Check {
        name: "verdicts",
        needs: &[
            Need::first(Bytes::ALPHA),
            Need::ends(Bytes::DIGIT, Bytes::LOWER),
            Need::last(Bytes::of(b"K.!")),
        ],
        run: |l| verdicts::shape(l.line, l.t),
    },
    Check {
        name: "checkers",
        needs: &[
            Need::first(Bytes::DIGIT.or(Bytes::of(b"!bBw"))),
            Need::ends(Bytes::LOWER, Bytes::DIGIT),
            Need::last(Bytes::of(b"dDosOS")),
        ],
        run: |l| checkers::shape(l.line, l.t),
    },
    Check {
        name: "unsaid, by the last byte",
        needs: &[Need::last(
            Bytes::ALPHA.or(Bytes::DIGIT).or(Bytes::of(b").!\"")),
        )],
        run: |l| unsaid(l.line, l.t),
    },
    Check {
        name: "advice",
        needs: &[Need::last(Bytes::of(b":"))],
        run: |l| unworded::advice::shape(l.t),
    },
    Check {
        name: "ends at a position",
        needs: &[Need::last(Bytes::DIGIT.or(Bytes::of(b")")))],
        run: |l| unworded::positioned::ends_at_position(l.t),
    },
    Check {
        name: "ranged location",
        needs: &[Need::ANY],
        run: |l| unworded::positioned::ranged_location(l.t),
    },
    Check {
        name: "pointed rules",
        needs: &[Need::first(Bytes::of(b"\xC2\xE2"))],
        run: |l| unworded::pointed_rules::shape(l.t),
    },
    Check {
        name: "refusal",
        needs: &[Need::first(Bytes::of(b"5"))],
        run: |l| replies::refusal(l.line, l.t),
    },
    Check {
        name: "constraints",
        needs: &[
            Need::last(Bytes::of(b"):.")),
            Need::first(Bytes::of(b"BASa")),
        ],
        run: |l| constraints::shape(l.t),
    },
    Check {
        name: "prefixed frame",
        needs: &[Need::last(Bytes::DIGIT.or(Bytes::of(b")")))],
        run: |l| prefixed::shape(l.t),
    },
    Check {
        name: "fields",
        needs: &[Need::first(Bytes::of(b"RDF\""))],
        run: |l| fields::shape(l.t),
    },
    Check {
        name: "plain faults",
        needs: &[Need::ANY],
        run: |l| plain_faults::shape(l.line, l.t),
    },
    Check {
        name: "exception site",
        needs: &[Need::ANY.scanned()],
        run: |l| l.scanned.then(|| exception_sites::shape(l.t)).flatten(),
    },
    Check {
        name: "failure table header",
        needs: &[Need::ANY],
        run: |l| failure_tables::header(l.t, l.scanned),
    },
    Check {
        name: "starred message or negated label",
        needs: &[Need::ANY],
        run: |l| starred_messages::shape(l.t).or_else(|| negated_labels::shape(l.t)),
    },
    Check {
        name: "nan score",
        needs: &[Need::ANY],
        run: |l| nan_scores::shape(l.t),
    },
    Check {
        name: "counted title",
        needs: &[Need::ends(Bytes::UPPER, Bytes::of(b")"))],
        run: |l| counted_titles::shape(l.line, l.t),
    },
    Check {
        name: "counted list or nan cell",
        needs: &[Need::first(Bytes::DIGIT)],
        run: |l| counted_lists::shape(l.line, l.t).or_else(|| nan_cells::shape(l.t)),
    },
    Check {
        name: "bracket-prefixed frame",
        needs: &[Need::ends(
            Bytes::of(b"["),
            Bytes::DIGIT.or(Bytes::of(b")")),
        )],
        run: |l| bracket_prefixed::frame(l.t),
    },
    Check {
        name: "strict inequality",
        needs: &[Need::ANY],
        run: |l| strict_inequalities::shape(l.t),
    },
    Check {
        name: "access status",
        needs: &[Need::first(Bytes::of(b"GPDHO045"))],
        run: |l| access_statuses::shape(l.t),
    },
    Check {
        name: "coverage row",
        needs: &[Need::ends(Bytes::UPPER, Bytes::of(b")"))],
        run: |l| coverage_summaries::shape(l.t),
    },
    Check {
        name: "marked notice",
        needs: &[Need::first(Bytes::of(b"(["))],
        run: |l| marked_notices::shape(l.t),
    },
    Check {
        name: "glued level",
        needs: &[Need::ANY.scanned()],
        run: |l| l.scanned.then(|| glued_levels::shape(l.t)).flatten(),
    },
    Check {
        name: "unflagged places and faults",
        needs: &[
            Need::last(Bytes::DIGIT.or(Bytes::of(b")]esyo.:"))),
            Need::first(Bytes::of(b"dn")),
        ],
        run: |l| unflagged::shape(l.t),
    },
    Check {
        name: "daemon lines",
        needs: &[
            Need::first(Bytes::ALPHA.or(Bytes::of(b"[/.-"))),
            Need::last(Bytes::of(b"]")),
        ],
        run: |l| daemon_lines::shape(l.t),
    },
    Check {
        name: "arrow location",
        needs: &[Need::last(Bytes::DIGIT)],
        run: |l| arrow_locations::shape(l.t),
    },
    Check {
        name: "worded place",
        needs: &[Need::last(Bytes::of(b")"))],
        run: |l| worded_places::shape(l.t),
    },
    Check {
        name: "trailing failure mark",
        needs: &[Need::last(Bytes::of(trailing_marks::LAST))],
        run: |l| trailing_marks::shape(l.t),
    },
];

/// The `wild18` set's shapes of a line with no severity word, told by its last byte: a lone
/// verdict word, a dot leader's failing verdict, a count of findings, a notebook's frames.
/// [`WORDLESS`] runs [`super::unworded`]'s unmarked shapes (a located `expected`, advice,
/// pointed rules, positions) and a 5xx reply after it.
#[inline]
fn unsaid(line: &[u8], t: &[u8]) -> Option<super::Signal> {
    match *t.last()? {
        b'A'..=b'Z' => lone_verdicts::shape(t)
            .or_else(|| leader_verdicts::shape(t))
            .or_else(|| detections::shape(t))
            .or_else(|| defect_flags::shape(t)),
        b'a'..=b'z' => lone_verdicts::shape(t)
            .or_else(|| leader_verdicts::shape(t))
            .or_else(|| finding_counts::shape(t))
            .or_else(|| replies::ends_undefined(t))
            .or_else(|| change_counts::counted_differences(t))
            .or_else(|| processed_counts::shape(t))
            .or_else(|| defect_flags::shape(t)),
        b'0'..=b'9' => cell_frames::shape(t)
            .or_else(|| finding_counts::shape(t))
            .or_else(|| change_counts::count(t))
            .or_else(|| positions::shape(t)),
        b')' => cell_frames::shape(t)
            .or_else(|| finding_counts::shape(t))
            .or_else(|| call_errors::shape(line, t)),
        b'.' | b'!' => finding_counts::shape(t)
            .or_else(|| change_counts::differences(t))
            .or_else(|| processed_counts::shape(t)),
        b'"' => defect_flags::shape(t),
        _ => None,
    }
}

/// A line of a test runner's results that says something failed without a severity word:
/// a row whose pass count is short of its total (`name.m ..... PASS   21/41`, ` PASS 3/4`),
/// or only a failing outcome's non-zero count (`REGRESSION   1`). `t` is the line without
/// its indentation.
#[inline]
fn failed_row(t: &[u8]) -> Option<super::Signal> {
    // Most lines end otherwise: tested where the caller reads the line, not in a call.
    match t.last() {
        Some(b) if b.is_ascii_digit() || matches!(b, b' ' | b'\t') => counted_row(t),
        _ => None,
    }
}

/// [`failed_row`] of a line that ends with a digit or a blank, read from the end.
fn counted_row(t: &[u8]) -> Option<super::Signal> {
    let t = t.trim_ascii_end();
    let total = trailing_digits(t);
    if total == 0 {
        return None;
    }
    let (head, count) = t.split_at(t.len() - total);
    if let Some(head) = head.strip_suffix(b"/") {
        let passed = trailing_digits(head);
        let (head, done) = head.split_at(head.len() - passed);
        let word = last_word(head)?;
        return (passed > 0
            && matches!((number(done), number(count)), (Some(p), Some(n)) if p < n)
            && (word.eq_ignore_ascii_case(b"pass") || word.eq_ignore_ascii_case(b"passed")))
        .then_some(sig(Kind::Failure, 1, false));
    }
    let word = last_word(head)?;
    (word.len() == head.trim_ascii_end().len()
        && number(count).is_some_and(|n| n > 0)
        && FAILING.iter().any(|f| word.eq_ignore_ascii_case(f)))
    .then_some(sig(Kind::Summary, 0, false))
}

/// How many digits `s` ends with.
fn trailing_digits(s: &[u8]) -> usize {
    s.iter().rev().take_while(|b| b.is_ascii_digit()).count()
}

/// The word `s` ends with before its blanks (after a blank or a dot leader), when blanks
/// end `s` and the word is at most 12 letters.
fn last_word(s: &[u8]) -> Option<&[u8]> {
    let head = s.trim_ascii_end();
    if head.len() == s.len() {
        return None;
    }
    let n = head
        .iter()
        .rev()
        .take(13)
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    let start = head.len() - n;
    (n > 0 && n <= 12 && (start == 0 || matches!(head[start - 1], b' ' | b'\t' | b'.')))
        .then(|| &head[start..])
}

fn number(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 18 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(s.iter().fold(0, |n, &d| n * 10 + u64::from(d - b'0')))
}

/// A message printed into a result row after its dot leader (`name.m ......warning: x is
/// obsolete`): the message, to be read as a line of its own. `t` is the line without its
/// indentation.
pub(super) fn after_leader(t: &[u8]) -> Option<&[u8]> {
    let at = super::search::find_ellipsis(t)?;
    let dots = t[at..].iter().take_while(|&&b| b == b'.').count();
    let rest = &t[at + dots..];
    let word = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    (word > 0 && rest.get(word) == Some(&b':')).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generic::gate::{corpus_lines, family_line, run_all, unmet};
    use proptest::prelude::*;

    /// The chain [`WORDLESS`] replaced, every check run in turn.
    fn wordless_chain(line: &[u8], t: &[u8], scanned: bool) -> Option<crate::generic::Signal> {
        unworded::shape(line, t, scanned)
            .or_else(|| crate::generic::counts::summary_shape(t))
            .or_else(|| failed_row(t))
            .or_else(|| crate::generic::faults::fault(t))
            .or_else(|| tallies::shape(t))
            .or_else(|| verdicts::shape(line, t))
            .or_else(|| checkers::shape(line, t))
            .or_else(|| {
                unsaid(line, t)
                    .or_else(|| unworded::unmarked(t))
                    .or_else(|| replies::refusal(line, t))
            })
            .or_else(|| constraints::shape(t))
            .or_else(|| prefixed::shape(t))
            .or_else(|| fields::shape(t))
            .or_else(|| plain_faults::shape(line, t))
            .or_else(|| scanned.then(|| exception_sites::shape(t)).flatten())
            .or_else(|| failure_tables::header(t, scanned))
            .or_else(|| starred_messages::shape(t).or_else(|| negated_labels::shape(t)))
            .or_else(|| nan_scores::shape(t))
            .or_else(|| counted_titles::shape(line, t))
            .or_else(|| counted_lists::shape(line, t).or_else(|| nan_cells::shape(t)))
            .or_else(|| bracket_prefixed::frame(t).or_else(|| strict_inequalities::shape(t)))
            .or_else(|| access_statuses::shape(t))
            .or_else(|| coverage_summaries::shape(t).or_else(|| marked_notices::shape(t)))
            .or_else(|| scanned.then(|| glued_levels::shape(t)).flatten())
            .or_else(|| unflagged::shape(t))
            .or_else(|| daemon_lines::shape(t))
            .or_else(|| arrow_locations::shape(t))
            .or_else(|| worded_places::shape(t))
            .or_else(|| trailing_marks::shape(t))
    }

    /// Gated, every check run in turn and the chain it replaced agree on `line`, and no check
    /// matches it outside its needs.
    fn agree(line: &[u8]) -> Result<(), String> {
        let t = line.trim_ascii_start();
        for scanned in [false, true] {
            let l = Line { line, t, scanned };
            let gated = wordless(line, t, scanned);
            if t.is_empty() {
                assert_eq!(gated, None);
                continue;
            }
            let (all, chain) = (run_all(WORDLESS, &l), wordless_chain(line, t, scanned));
            let wrong = unmet(WORDLESS, &l);
            if gated != all || all != chain || !wrong.is_empty() {
                return Err(format!(
                    "{:?}: gated {gated:?}, all {all:?}, chain {chain:?}, outside needs {wrong:?}",
                    String::from_utf8_lossy(line)
                ));
            }
        }
        Ok(())
    }

    #[test]
    fn gated_checks_agree_on_every_corpus_line() {
        let lines = corpus_lines();
        assert!(lines.len() > 10_000);
        for line in &lines {
            if let Err(e) = agree(line) {
                panic!("{e}");
            }
        }
    }

    proptest! {
        #[test]
        fn gated_checks_agree_on_lines_of_the_keyword_families(line in family_line()) {
            prop_assert!(agree(&line).is_ok(), "{:?}", agree(&line));
        }
    }

    fn row(line: &str) -> bool {
        failed_row(line.trim_ascii_start().as_bytes()).is_some()
    }

    #[test]
    fn rows_short_of_their_total_and_failing_counts() {
        assert!(row("  parse.src ................ PASS     21/41  "));
        assert!(row(" PASS      3/4   "));
        assert!(row("suite two: passed 9/10"));
        assert!(!row("  parse.src ................ PASS     41/41  "));
        assert!(!row("  copied 3/4"));
        assert!(!row("                    REGRESSION   0"));
        assert!(row("                    REGRESSION   1"));
        assert!(row("broken 2"));
        assert!(!row("the build is broken 2"));
        assert!(!row("  total 12"));
    }

    #[test]
    fn messages_printed_after_a_dot_leader() {
        let l = b"  shapes.src ..........warning: mode 3 is obsolete";
        assert_eq!(
            after_leader(l.trim_ascii_start()),
            Some(&b"warning: mode 3 is obsolete"[..])
        );
        assert_eq!(after_leader(b"wait... done"), None);
        assert_eq!(after_leader(b"a ....... PASS 3/3"), None);
    }

    #[test]
    fn frames_addressed_then_named() {
        assert!(addressed_call(b"0x1255d84 in test.parse cents (t.src)"));
        assert!(!addressed_call(b"0x in f"));
        assert!(!addressed_call(b"0x12ab: f"));
    }
}

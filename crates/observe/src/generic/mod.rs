//! The tool-agnostic core: structural signals that mark a line worth keeping in the output of
//! any tool, with no rule naming the tool. Tool rules (`rules.rs`) only add to these.
//!
//! - severity words in any case and position (`error`, `FATAL`, `failed`, `panicked`,
//!   `Segmentation fault`, `denied`, `could not`, …) as whole words, not inside identifiers,
//!   paths or flags (`http-errors`, `error.rs`, `-Werror` are not severities);
//! - a diagnostic prefix `path:line[:col]:` followed by a severity word or a rule code;
//! - lines that are only a location (`--> src/a.rs:3:5`, `❯ test/x.ts:32:43`, `at file:1`);
//! - stack frames of any language that point into the project (not into a standard library,
//!   `site-packages`, `node_modules`, `/usr`, the Rust toolchain or libc);
//! - counts of passed/failed/errors/warnings, outcome words and exit statuses.
//!
//! A chunk is scanned once for candidate words ([`Generic::scan`]); the shape checks are
//! byte tests on the start of a line.

use regex_automata::meta;

use crate::rules::{Cont, Kind};

mod blocks;
pub(crate) mod boxed_titles;
pub(crate) mod cause_lists;
mod counts;
mod faults;
pub(crate) mod file_blocks;
pub(crate) mod frames;
mod gate;
mod logfmt;
pub(crate) mod records;
pub(crate) mod reports;
pub(crate) mod rule_titles;
pub(crate) mod runners;
mod scanner;
mod search;
mod sections;
mod shapes;
mod statuses;
mod steps;
pub(crate) mod summary_blocks;
mod titles;
pub(crate) mod trees;
mod unworded;
mod values;
mod word_pattern;
mod words;
pub(crate) use blocks::{after_line, block_location, failed_status, record_pull, title_pull};
pub(crate) use logfmt::logfmt_key;
use search::has_fault;
pub(crate) use search::{blank, find2, has_pair};
pub(crate) use sections::{colon_heading_pull, section_marker};
pub(crate) use shapes::library_path;
use shapes::shape;
use statuses::http_status;
use steps::{checker_prefix, diff_header, ends_in_failure, labelled_prefix};
pub(crate) use steps::{detail_of, failed_step, location_pull, named_prefix, opens_traceback};
use titles::rule_path;
pub(crate) use titles::rule_run;
pub(crate) use unworded::{count_pull, detail_block, framed_pull};
use words::{Word, hit_word, zero_count};

/// What the generic core says about one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Signal {
    pub kind: Kind,
    /// Context lines kept after it (indented ones).
    pub after: u16,
    /// Grouped with lines of the same shape, folded beyond the group limit.
    pub group: bool,
}

const fn sig(kind: Kind, after: u16, group: bool) -> Signal {
    Signal { kind, after, group }
}

static GENERIC: std::sync::LazyLock<Option<Generic>> =
    std::sync::LazyLock::new(|| Generic::new().ok());

/// The compiled tool-agnostic core (`None` only if its regex failed to build: a bug the tests
/// catch).
pub(crate) fn generic() -> Option<&'static Generic> {
    GENERIC.as_ref()
}

/// The compiled word scanner.
#[derive(Debug)]
pub(crate) struct Generic {
    words: scanner::Words,
}

impl Generic {
    /// The word scan's embedded DFAs (see [`scanner`]), or its pattern compiled here.
    pub(crate) fn new() -> Result<Self, Box<meta::BuildError>> {
        Ok(Self {
            words: scanner::Words::new()?,
        })
    }

    /// Byte offsets in `block` of candidate words (not yet checked for word boundaries): the
    /// scan of a whole chunk the compressor once ran, now the reference the per-line scan of
    /// [`classify`](Self::classify) is tested against.
    #[cfg(test)]
    pub(crate) fn scan(&self, block: &[u8], out: &mut Vec<(usize, usize)>) {
        out.clear();
        self.words.find_into(block, out);
    }

    /// Classifies `line`; `hits` are the candidate words found in it by a scan, as ranges
    /// relative to the line (pass `None` to search the line here: the compressor does, so a
    /// line its memo answers is never scanned; no word of the scan spans a line, so a line
    /// alone has the words a scan of its whole chunk finds in it).
    pub(crate) fn classify(&self, line: &[u8], hits: Option<&[(usize, usize)]>) -> Option<Signal> {
        // Every word the scan can find in a token ending in `Error`, `Exception`, `Failure` or
        // `Panic` leaves a hit on the line (each match ends before or covers the word's start),
        // so without hits only a `…Fault` can name an exception.
        let mut own = Vec::new();
        let hits = match hits {
            Some(h) => h,
            None => {
                self.words.find_into(line, &mut own);
                &own
            }
        };
        let named = !hits.is_empty() || has_fault(line);
        // The first blank of the line without its indentation, found once for both checks.
        let t = line.trim_ascii_start();
        let space = blank(t);
        if let Some(s) = shape(line, t, space, named)
            .or_else(|| values::side(line, t))
            .or_else(|| {
                matches!(t.last(), Some(b'*' | b' '))
                    .then(|| titles::starred(t))
                    .flatten()
            })
            .or_else(|| titles::on_location(t).then_some(sig(Kind::Error, 6, true)))
        {
            return Some(s);
        }
        let (best, verdict) = strongest_word(line, hits);
        // A line led by `path:N[:M]:` is a diagnostic when a severity or a rule code follows
        // the location, and else the data of a listing (`grep -n`). A coded diagnostic that
        // says `undefined name`, `invalid …` is an error, each one kept.
        // A line indented by a blank has no leading location (its first token is empty).
        let located = if t.len() == line.len() {
            after_location_at(line, space)
        } else if matches!(line[0], b' ' | b'\t') {
            None
        } else {
            after_location(line)
        };
        // `prog: a.txt:131: is not sorted`: a program names itself, then where the finding is.
        let named = located.is_none() && t.len() == line.len();
        let located = located.or_else(|| named.then(|| named_location(line, space)).flatten());
        if let Some(rest) = located {
            if counts::located_step(line, rest) {
                return None;
            }
            let diag = diagnostic_after_location(rest)
                .or_else(|| reports::column_finding(line, rest))
                .or(named.then_some(sig(Kind::Warning, 2, true)))
                .or_else(|| unworded::quoting_message(line, rest))
                .or_else(|| unworded::defect_lead(rest))
                .or_else(|| runners::unflagged::after_location(line, rest))?;
            if diag.kind == Kind::Warning && best == Some(Word::Severe) && !zero_count(line) {
                return Some(sig(Kind::Error, 6, true));
            }
            return Some(diag);
        }
        let Some(best) = best else {
            // `name ......warning: …`: a message printed into a result row is read alone.
            if let Some(rest) = (!hits.is_empty())
                .then(|| runners::after_leader(t))
                .flatten()
            {
                return self.classify(rest, None);
            }
            return runners::wordless(line, t, !hits.is_empty());
        };
        // `LEAK SUMMARY:` over its totals: the heading keeps the block, whatever its words say.
        if summary_blocks::block_heading(line) {
            return Some(sig(Kind::Summary, 6, false));
        }
        Some(match best {
            Word::Severe if zero_count(line) => sig(Kind::Summary, 0, false),
            Word::Severe => sig(Kind::Error, 6, true),
            Word::Warn if zero_count(line) => sig(Kind::Summary, 0, false),
            Word::Warn => sig(Kind::Warning, 2, true),
            Word::Expect if diff_header(line) => sig(Kind::Message, 6, false),
            Word::Expect => sig(Kind::Message, 0, false),
            Word::Count => sig(Kind::Summary, 0, false),
            // `Downloaded x v1.2` a hundred times is a progress listing, not an outcome.
            // `no circular dependency was found`: a check's verdict, said once.
            Word::Outcome if verdict => sig(Kind::Summary, 0, false),
            Word::Outcome => sig(Kind::Summary, 0, true),
        })
    }
}

/// The strongest word among `hits` on `line` (severe, then warning, expectation, count,
/// outcome), and whether any of them says a check's verdict.
fn strongest_word(line: &[u8], hits: &[(usize, usize)]) -> (Option<Word>, bool) {
    let mut best: Option<Word> = None;
    let mut verdict = false;
    for &(s, e) in hits {
        let Some((word, said)) = hit_word(line, s, e) else {
            continue;
        };
        verdict |= said;
        best = Some(match (best, word) {
            (Some(Word::Severe), _) | (_, Word::Severe) => Word::Severe,
            (Some(Word::Warn), _) | (_, Word::Warn) => Word::Warn,
            (Some(Word::Expect), _) | (_, Word::Expect) => Word::Expect,
            (Some(Word::Count), _) | (_, Word::Count) => Word::Count,
            _ => Word::Outcome,
        });
        if best == Some(Word::Severe) {
            break;
        }
    }
    (best, verdict)
}

pub(super) fn ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'/' | b'\\' | b'-')
}

/// After a leading `path:N:` or `path:N:M:` (no spaces in the path), the rest of the line.
fn after_location(line: &[u8]) -> Option<&[u8]> {
    after_location_at(line, blank(line))
}

/// [`after_location`] with `space`, the first blank of `line`, already found.
fn after_location_at(line: &[u8], space: Option<usize>) -> Option<&[u8]> {
    let end = space?;
    let tok = &line[..end];
    // The first token is short: a plain walk beats a `memchr` call.
    let c = tok.iter().position(|&b| b == b':')?;
    if tok[..c].iter().all(u8::is_ascii_digit) || !tok.get(c + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let mut i = c + 1;
    while i < tok.len() && (tok[i].is_ascii_digit() || tok[i] == b':') {
        i += 1;
    }
    (i == tok.len()).then(|| line[end..].trim_ascii_start())
}

/// After a program's name and a location (`prog: path:N: …`, the name a word with no path in
/// it), the rest of the line.
fn named_location(line: &[u8], space: Option<usize>) -> Option<&[u8]> {
    let sp = space?;
    let name = line[..sp].strip_suffix(b":")?;
    if name.is_empty()
        || !name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return None;
    }
    let rest = &line[sp + 1..];
    after_location(rest).filter(|r| !r.is_empty())
}

/// `a.rb:814: dynamic constant assignment`: a located message that names no severity or rule
/// (read alone, a line of a `grep -n` listing), nor a function (a frame: `a.py:3: in f`).
pub(crate) fn silent_location(line: &[u8]) -> bool {
    after_location(line).is_some_and(|r| {
        !r.is_empty() && !r.starts_with(b"in ") && diagnostic_after_location(r).is_none()
    })
}

/// Severity word or rule code as the first words after a location: a diagnostic.
fn diagnostic_after_location(rest: &[u8]) -> Option<Signal> {
    // The first two words, as in `error: …`, `fatal error: …`, `Error - …`.
    let words = rest
        .split(|b| matches!(b, b' ' | b'\t'))
        .filter(|w| !w.is_empty())
        .take(2)
        .map(|w| {
            w.trim_ascii_start()
                .strip_prefix(b"[")
                .or_else(|| w.strip_prefix(b"("))
                .unwrap_or(w)
                .to_ascii_lowercase()
        });
    // `[5] (buffer) gets:`: a finding's risk level in brackets.
    let level = rest.first() == Some(&b'[')
        && rest.get(2..4).is_some_and(|w| w[0] == b']' || w[1] == b']')
        && rest[1].is_ascii_digit();
    let mut warn = code_word(rest) || rule_path(rest) || level;
    for w in words {
        let starts = |p: &[u8]| w.starts_with(p);
        let severe = starts(b"severe");
        if starts(b"error") || starts(b"fatal") || starts(b"fail") || starts(b"panic") || severe {
            return Some(sig(Kind::Error, 6, true));
        }
        warn |= starts(b"warn")
            || starts(b"note")
            || starts(b"info")
            || starts(b"style")
            || w == b"remark:";
        if w.ends_with(b":") {
            break;
        }
    }
    if warn {
        return Some(sig(Kind::Warning, 2, true));
    }
    None
}

/// A rule code such as `E501`, `F401`, `SC2086`, `B006`, `[W0611]`.
fn code_word(rest: &[u8]) -> bool {
    let t = rest.strip_prefix(b"[").unwrap_or(rest);
    let letters = t.iter().take_while(|b| b.is_ascii_uppercase()).count();
    let digits = t[letters..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    (1..=4).contains(&letters)
        && (2..=5).contains(&digits)
        && !t
            .get(letters + digits)
            .is_some_and(u8::is_ascii_alphanumeric)
}

/// `AssertionError: 'a' != 'b'`: a message saying two values differ, whose sides may follow.
pub(crate) fn unequal(line: &[u8]) -> bool {
    memchr::memchr_iter(b'!', line)
        .any(|i| i > 0 && line[i - 1] == b' ' && line[i + 1..].starts_with(b"= "))
}

/// Which lines after a generic hit are kept with it: the rest of a marker block (`E   …`), the
/// paragraph a line ending in `:` introduces, or else indented lines.
pub(crate) fn context(line: &[u8], kind: Kind, after: u16) -> (Cont, u16) {
    // Only a summary heading's block (`LEAK SUMMARY:`) gives a summary lines after it.
    if kind == Kind::Summary && after > 0 {
        return (Cont::UntilBlank, after);
    }
    if kind == Kind::Error && titles::on_location(line.trim_ascii_start()) {
        return (Cont::Excerpt, after);
    }
    if matches!(kind, Kind::Message | Kind::Error)
        && let [m, b' ' | b'\t', ..] = line
        && (m.is_ascii_uppercase() || matches!(m, b'>' | b'|' | b'!'))
    {
        return (Cont::Marker(*m), 12);
    }
    // `AssertionError: '-Inf' != '-Infinity'` then `- -Inf` / `+ -Infinity`: the two sides.
    if matches!(kind, Kind::Message | Kind::Error) && unequal(line) {
        return (Cont::Sides, 8);
    }
    if kind == Kind::Warning && line.first() == Some(&b';') {
        return (Cont::Marker(b';'), 12);
    }
    if kind == Kind::Structure && after > 0 {
        // `1 Removed function:`, a blank, then what it counts.
        let list = runners::counted_list(line);
        return (
            if list {
                Cont::Paragraph
            } else {
                Cont::UntilBlank
            },
            after,
        );
    }
    if kind == Kind::Warning && rule_run(line).is_some() {
        return (Cont::Paragraph, after);
    }
    if kind == Kind::Error && (line.trim_ascii_end().ends_with(b":") || checker_prefix(line)) {
        return (Cont::UntilBlank, 6);
    }
    if kind == Kind::Warning && (titles::bare_label(line) || unworded::advice_title(line)) {
        return (Cont::UntilBlank, 8);
    }
    if matches!(kind, Kind::Warning | Kind::Error)
        && let Some(lead) = titles::verdict_last(line)
    {
        return (Cont::Section(lead), 8);
    }
    if kind == Kind::Error && titles::starred(line).is_some() {
        return (Cont::UntilBlank, after);
    }
    if kind == Kind::Message && after > 0 && diff_header(line) {
        return (Cont::Paragraph, after);
    }
    if kind == Kind::Error && ends_in_failure(line) {
        return (Cont::UntilBlank, 1);
    }
    // `… ERROR:  duplicate key …` then `… DETAIL:  Key (id)=(1) already exists.`
    if kind == Kind::Error
        && let Some(prefix) = named_prefix(line).or_else(|| labelled_prefix(line))
    {
        return (Cont::Detail(prefix), after);
    }
    (Cont::Indented, after)
}

/// How many lines before a generic hit it also keeps: a Rust-style `at ./src/x.rs:3:5` frame
/// names its function on the line above; a report that a program `exited with N` (not 0)
/// keeps the two lines above it, the last the program said; a pointed rule, its file above.
pub(crate) fn pulls_previous(line: &[u8], kind: Kind) -> u8 {
    let t = line.trim_ascii_start();
    if kind == Kind::Frame && t.starts_with(b"at ") && memchr::memchr(b'(', t).is_none() {
        return 1;
    }
    let exit = kind == Kind::Summary
        && memchr::memmem::find(t, b"exited with ").is_some_and(|i| {
            let n = t[i + 12..].trim_ascii_start();
            n.first().is_some_and(|b| b.is_ascii_digit() && *b != b'0')
        });
    (2 * u8::from(exit)).max(unworded::pointed_pull(t, kind))
}

/// Group key of a warning of the core: timed statements (`duration: 406.1 ms  statement: …`, a
/// slow-query log) are one group whatever the statement, so a log of every statement folds
/// after a few; other warnings group by their text ([`crate::group::group_key`]).
pub(crate) fn warning_key(line: &[u8]) -> u64 {
    if memchr::memmem::find(line, b"duration: ").is_some() {
        return crate::normalize::hash_bytes(b"duration: ");
    }
    crate::group::group_key(line)
}

/// Group key of an outcome line: its first word with digits masked, so that a listing of
/// `Downloaded x`, `Installed y` lines folds after a few while distinct outcomes stay.
pub(crate) fn outcome_key(line: &[u8]) -> u64 {
    let t = line.trim_ascii_start();
    let end = memchr::memchr2(b' ', b'\t', t).unwrap_or(t.len());
    let key: Vec<u8> = t[..end]
        .iter()
        .map(|b| {
            if b.is_ascii_digit() {
                b'0'
            } else {
                b.to_ascii_lowercase()
            }
        })
        .collect();
    crate::normalize::hash_bytes(&key) ^ 0x5bd1_e995
}

/// Group key of a generic error: the line without a leading timestamp, with process ids and
/// hex addresses masked, so repeats of one message fold while distinct messages stay.
pub(crate) fn error_key(line: &[u8]) -> u64 {
    if let Some(status) = http_status(line) {
        // Access-log lines of one status fold together, whatever path, client or time.
        return crate::group::group_key(line) ^ crate::normalize::hash_bytes(status);
    }
    let start = line
        .iter()
        .position(|b| !(b.is_ascii_digit() || b" :.-TZ,+/[]".contains(b)))
        .unwrap_or(line.len());
    let mut key = Vec::with_capacity(line.len() - start);
    let mut i = start;
    while i < line.len() {
        let b = line[i];
        if b == b'0' && line.get(i + 1) == Some(&b'x') {
            key.push(b'#');
            i += 2;
            while i < line.len() && line[i].is_ascii_hexdigit() {
                i += 1;
            }
            continue;
        }
        if b == b'[' || b == b'=' {
            // `[1234]` pids, `==1234==` valgrind prefixes
            let digits = line[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            if digits > 0 {
                key.extend_from_slice(b"#");
                i += 1 + digits;
                continue;
            }
        }
        // A run of bytes none of the three above starts is copied at once.
        let run = line[i + 1..]
            .iter()
            .position(|&c| matches!(c, b'0' | b'[' | b'='))
            .map_or(line.len(), |p| i + 1 + p);
        key.extend_from_slice(&line[i..run]);
        i = run;
    }
    crate::normalize::hash_bytes(&key) ^ 0x9e37_79b9
}

/// `path:41 in public function `f`:`, or a titled banner (`TASK [x] *****`): a location `path:N` (no colon after it, unlike a
/// `grep -n` line) and text ending in a colon, the header of the finding on the next line.
pub(crate) fn location_header(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    // A banner titled by a word (`TASK [x] ****`), not a diff or comment line drawing one.
    if t.first().is_some_and(u8::is_ascii_alphabetic) && rule_run(t).is_some() {
        return true;
    }
    t.ends_with(b":")
        && blank(t).is_some_and(|sp| sp > 0 && t[sp - 1].is_ascii_digit())
        && after_location(t).is_some_and(|r| r.len() > 1)
}

/// `27: ring_test.c:16: ring_full() is true …` above `27/36 Test #27: full_32 ***Failed`: a
/// line of a test's output, led by the test's number, right above that test's result, which
/// says it failed.
pub(crate) fn numbered_output(prev: &[u8], result: &[u8]) -> bool {
    let digits = prev.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || !prev[digits..].starts_with(b": ") {
        return false;
    }
    let failed = memchr::memmem::find_iter(result, b"ail")
        .any(|i| i > 0 && result[i - 1].eq_ignore_ascii_case(&b'f'))
        || memchr::memmem::find(result, b"FAIL").is_some();
    if !failed {
        return false;
    }
    let n = &prev[..digits];
    memchr::memmem::find_iter(result, b"#").any(|i| {
        result[i + 1..].starts_with(n)
            && !result.get(i + 1 + digits).is_some_and(u8::is_ascii_digit)
    })
}

/// `In src/a.sh line 27:`: a header naming a file and a line, the location of the findings
/// printed under the code it quotes.
pub(crate) fn line_header(line: &[u8]) -> bool {
    let Some(t) = line.trim_ascii_end().strip_suffix(b":") else {
        return false;
    };
    let digits = t.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && t[..t.len() - digits].ends_with(b" line ") && t.len() < 400
}

/// How many lines above an indented failure to keep so that the heading of its block shows
/// (`  Scenario: x`, then its steps, then `      ASSERT FAILED: …`): `above` are the lines
/// right above it, nearest first. The block is a paragraph of at most 6 lines after a blank
/// line whose first line is indented less than the others and than the failure; else 0.
pub(crate) fn heading_pull<'a>(line: &[u8], above: impl Iterator<Item = &'a [u8]>) -> usize {
    let indent = |l: &[u8]| l.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
    let ind = indent(line);
    if ind == 0 {
        return 0;
    }
    let mut inner = usize::MAX;
    let mut last = None;
    for (i, l) in above.take(7).enumerate() {
        if l.iter().all(u8::is_ascii_whitespace) {
            return match last {
                Some(h) if h < ind && h < inner && i > 1 => i,
                _ => 0,
            };
        }
        if let Some(h) = last {
            inner = inner.min(h);
        }
        last = Some(indent(l));
    }
    0
}

/// Whether `line` is a file name alone (`/src/a.js`, `src/b.ts`): the header of a per-file
/// group of diagnostics, kept when a diagnostic follows it.
pub(crate) fn file_header(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    if t.is_empty() || t.len() > 300 || t.iter().any(|b| matches!(b, b' ' | b'\t')) {
        return false;
    }
    let dot = memchr::memrchr(b'.', t);
    let slash = memchr::memchr2(b'/', b'\\', t);
    matches!((dot, slash), (Some(d), Some(_)) if t.len() - d <= 7 && t.len() - d >= 2
        && t[d + 1..].iter().all(u8::is_ascii_alphanumeric))
}

#[cfg(test)]
mod tests {
    use super::steps::failed_probe;
    use super::word_pattern::EXPECT;
    use super::*;

    #[test]
    fn unequal_messages_name_two_sides() {
        assert!(unequal(b"AssertionError: '-Inf' != '-Infinity'"));
        assert!(!unequal(b"error: x!=y is always true"));
        assert!(!unequal(b"ends with a bang !"));
        assert!(!unequal(b"!= at the start"));
    }

    /// The byte-at-a-time version the run-copying one replaced, kept to test against.
    fn error_key_reference(line: &[u8]) -> u64 {
        if let Some(status) = http_status(line) {
            // Access-log lines of one status fold together, whatever path, client or time.
            return crate::group::group_key(line) ^ crate::normalize::hash_bytes(status);
        }
        let start = line
            .iter()
            .position(|b| !(b.is_ascii_digit() || b" :.-TZ,+/[]".contains(b)))
            .unwrap_or(line.len());
        let mut key = Vec::with_capacity(line.len() - start);
        let mut i = start;
        while i < line.len() {
            let b = line[i];
            if b == b'0' && line.get(i + 1) == Some(&b'x') {
                key.push(b'#');
                i += 2;
                while i < line.len() && line[i].is_ascii_hexdigit() {
                    i += 1;
                }
                continue;
            }
            if b == b'[' || b == b'=' {
                // `[1234]` pids, `==1234==` valgrind prefixes
                let digits = line[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                if digits > 0 {
                    key.extend_from_slice(b"#");
                    i += 1 + digits;
                    continue;
                }
            }
            key.push(b);
            i += 1;
        }
        crate::normalize::hash_bytes(&key) ^ 0x9e37_79b9
    }

    proptest::proptest! {
        /// Copying runs of plain bytes gives the keys the byte loop gave.
        #[test]
        fn error_key_run_copy_agrees_with_the_byte_loop(parts in proptest::collection::vec(
            proptest::sample::select(vec!["a", " ", "0", "0x1f", "x", "[", "[12]", "=", "==7==", "2024-01-01 ", "\"GET / HTTP/1.1\" 404 "]),
            0..16,
        )) {
            let line = parts.concat();
            proptest::prop_assert_eq!(error_key(line.as_bytes()), error_key_reference(line.as_bytes()));
        }
    }

    /// The kind the core gives one line alone (shared by the test modules of `generic`).
    pub(super) fn kind(line: &str) -> Option<Kind> {
        super::generic()?
            .classify(line.as_bytes(), None)
            .map(|s| s.kind)
    }
    #[test]
    fn a_diagnostics_on_file_line_location_is_kept() {
        // the place a titled diagnostic was raised, under its title and above its excerpt
        let at = kind(r#"  on deploy/main.xyz line 33, in resource "kind" "name":"#);
        assert_eq!(at, Some(Kind::Error));
        assert_eq!(kind("  on lib/net.cfg line 14:"), Some(Kind::Error));
        // `on` a place that is no file, or a file with no line, is prose
        assert_eq!(kind("  on line 33, in the loop:"), None);
        assert_eq!(kind("  on disk line 4 of the report:"), None);
        assert_eq!(kind("  on main.xyz, the entry point"), None);
    }

    #[test]
    fn counts_in_a_row_are_a_summary() {
        let plan = kind("Plan: 5 to add, 0 to change, 0 to destroy.");
        assert_eq!(plan, Some(Kind::Summary));
        assert_eq!(kind("12 hosts up, 3 down, 0 unknown"), Some(Kind::Summary));
        // numbers alone, two counts, or words with numbers after them are data
        assert_eq!(kind("values: 1, 2, 3, 4"), None);
        assert_eq!(kind("3 apples, 4 pears"), None);
        assert_eq!(kind("a 1, b 2, c 3"), None);
        // a label naming what it counts, then the number
        assert_eq!(kind("  Standard widgets: 98"), Some(Kind::Summary));
        assert_eq!(kind("Row count: 400"), Some(Kind::Summary));
        assert_eq!(kind("Port: 22"), None);
        assert_eq!(kind("Access: 0644"), None);
    }

    #[test]
    fn refusals_and_statuses_in_parentheses_are_errors() {
        let refused = "1700000000: Client <unknown> disconnected, not authorised.";
        assert_eq!(kind(refused), Some(Kind::Error));
        assert_eq!(
            kind("sh: line 1: kill: (42) - No such process"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("[req 8] GET /x => generated 0 bytes (HTTP/1.1 500) 0 headers"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("[req 9] GET / => generated 29 bytes (HTTP/1.1 200) 1 headers"),
            None
        );
        // requests of one status fold together, whatever the pid, counters or size
        let a = error_key(
            b"[pid: 7|req: 1/5] GET /a.ico => generated 9 bytes (HTTP/1.1 404) 1 headers",
        );
        let b = error_key(
            b"[pid: 8|req: 9/12] GET /a.ico => generated 19 bytes (HTTP/1.1 404) 1 headers",
        );
        assert_eq!(a, b);
        let planned = "The tool planned these steps, but then encountered a problem:";
        assert_eq!(kind(planned), Some(Kind::Error));
    }

    #[test]
    fn progress_counters_headers_and_numbered_outputs() {
        // `12/36 Test #12: …`: where a progress counter runs to is not a count of tests.
        assert_eq!(
            kind("12/36 Test #12: wrap_4 ......................   Passed    0.00 sec"),
            None
        );
        assert_ne!(kind("92% tests passed, 3 tests failed out of 36"), None);
        assert!(line_header(b"In /usr/bin/ant line 27:"));
        let ld = b"/usr/bin/ld: libbrotli.a(histogram.o): in function `brotli_note':";
        assert!(failed_step(
            ld,
            b"histogram.c:(.text+0x8): undefined reference to `f'"
        ));
        assert!(!line_header(b"In the first line:"));
        let result = b"27/36 Test #27: full_32 ..........................***Failed    0.00 sec";
        assert!(numbered_output(
            b"27: ring_test.c:16: ring_full() is true",
            result
        ));
        assert!(!numbered_output(
            b"2: ring_test.c:16: ring_full() is true",
            result
        ));
        assert!(!numbered_output(
            b"26: ok",
            b"26/36 Test #26: wrap_32 ....   Passed    0.00 sec"
        ));
    }

    /// Server and system logs (`wild7`): an error after a dotted address, a shouted negation, a
    /// unit's failed exit status, a service that is down, a refusal with its reason, a shouted
    /// `…_ERROR` status, a timed statement.
    #[test]
    fn server_logs_say_what_failed_in_their_own_words() {
        let l =
            "2026-01-01 10:00:00 UTC [7]: [5-1] user=a,db=b,client=127.0.0.1 ERROR:  23505: dup";
        assert_eq!(kind(l), Some(Kind::Error));
        assert_eq!(
            kind("Dec  6 vm sudo:   bob : user NOT in sudoers ; PWD=/"),
            Some(Kind::Error)
        );
        assert_eq!(kind("  WHERE x IS NOT NULL AND y"), None);
        assert_eq!(kind("  where 'follow' is NOT Enabled"), None);
        assert_eq!(
            kind("vm systemd: app.service: Main process exited, code=exited, status=1/FAILURE"),
            Some(Kind::Error)
        );
        assert_ne!(
            kind("vm systemd: Main process exited, status=0/SUCCESS"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("(gw_backend.c.960) all handlers for /api/ping? on  are down."),
            Some(Kind::Error)
        );
        assert_eq!(kind("scrolling this down the page"), None);
        assert_eq!(
            kind("sshd[5]: User bob not allowed because account is locked"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind(">23 SERVER_ERROR object too large for cache"),
            Some(Kind::Error)
        );
        assert_eq!(kind("    return EXIT_FAILURE);"), None);
        assert_eq!(kind("    PARSE_ERROR', x"), None);
        let slow = "2026-01-01 UTC [9] LOG:  duration: 406.180 ms  statement: select 1";
        assert_eq!(kind(slow), Some(Kind::Warning));
        let other = "2026-01-01 UTC [9] LOG:  duration: 12.5 ms  statement: update t set v=1";
        assert_eq!(warning_key(slow.as_bytes()), warning_key(other.as_bytes()));
    }

    #[test]
    fn severity_words_in_any_case_and_position() {
        assert_eq!(
            kind("2024-01-01 10:00:00 UTC [42] ERROR:  relation \"t\" does not exist"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("Dec  1 host sshd[12]: Failed password for root"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("something Segmentation fault (core dumped)"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("npm http fetch GET 200 https://r/http-errors 12ms"),
            None
        );
        assert_eq!(kind("   Compiling error-chain v0.12"), None);
        assert_eq!(kind("src/error.rs is fine"), None);
        assert_eq!(kind("cc -Werror -c x.c"), None);
        assert_eq!(kind("Found 0 errors in 3 files"), Some(Kind::Summary));
    }

    #[test]
    fn a_server_that_deadlocks_or_terminates_its_processes_says_so_without_a_severity() {
        // a server log's crash and recovery at its ordinary `LOG` level
        for line in [
            "2026-01-01 10:00:00 UTC [7] LOG:  process 7 detected deadlock while waiting",
            "2026-01-01 10:00:00 UTC [7] LOG:  terminating any other active server processes",
            "2026-01-01 10:00:00 UTC [7] LOG:  all server processes terminated; reinitializing",
            "2026-01-01 10:00:00 UTC [8] LOG:  database system was interrupted; last known up",
        ] {
            assert_eq!(kind(line), Some(Kind::Error), "{line}");
        }
        // inside another word it is not one
        assert_eq!(
            kind("2026-01-01 10:00:00 [7] LOG:  reinterrupted_count=0"),
            None
        );
    }

    #[test]
    fn a_location_after_a_form_feed_still_leads_its_line() {
        // `t` (the line without its indentation) is not the line: the location is looked for
        // on the line itself, as before the first blank was shared with the shape checks.
        assert_eq!(kind("\x0cfile.c:12: error: x"), Some(Kind::Error));
        // A `grep -n` listing line is data, whatever words it holds.
        assert_eq!(kind("\x0ca.py:12:    raise ValueError('error')"), None);
        assert_eq!(
            kind("  a.py:12:    raise ValueError('error')"),
            Some(Kind::Error)
        );
    }

    #[test]
    fn grep_listings_are_data_diagnostics_are_not() {
        assert_eq!(kind("src/a.py:12:    raise ValueError('error here')"), None);
        assert_eq!(kind("src/a.py:12:5: error: bad thing"), Some(Kind::Error));
        assert_eq!(
            kind("src/a.py:12:5: E501 line too long"),
            Some(Kind::Warning)
        );
        assert_eq!(
            kind("script.sh:3:10: note: Double quote to prevent globbing [SC2086]"),
            Some(Kind::Warning)
        );
        // a compiler's remark is a level of its own, between warning and note
        assert_eq!(
            kind("src/dec/table.c:159:5: remark: loop not unrolled [-Rpass-missed=unroll]"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("src/notes.txt:4: a remark about style"), None);
    }

    #[test]
    fn locations_and_frames_of_any_language() {
        assert_eq!(kind("  --> shop/cart.py:66:1"), Some(Kind::Location));
        assert_eq!(kind(" ❯ test/cart.test.ts:32:43"), Some(Kind::Location));
        assert_eq!(
            kind("==5069==    by 0x10D8DB: main (host.c:46)"),
            Some(Kind::Frame)
        );
        assert_eq!(
            kind("==5069==    at 0x483B7F3: malloc (in /usr/lib/vgpreload_memcheck.so)"),
            None
        );
        assert_eq!(
            kind("#1  0x0000555 in main (argc=2, argv=0x7ff) at host.c:11"),
            Some(Kind::Frame)
        );
        assert_eq!(
            kind("    at Object.<anonymous> (/p/test/cart.test.js:3:40)"),
            Some(Kind::Frame)
        );
        assert_eq!(
            kind("    at Module._compile (node:internal/modules/cjs/loader:1105:14)"),
            None
        );
        assert_eq!(
            kind("  File \"/p/shop/cart.py\", line 20, in discount"),
            Some(Kind::Frame)
        );
        assert_eq!(
            kind("  File \"/usr/lib/python3.11/json/__init__.py\", line 346, in loads"),
            None
        );
        assert_eq!(kind("\t/tmp/go/calc.go:12 +0x1d"), Some(Kind::Frame));
        assert_eq!(kind("             at ./src/lib.rs:5:78"), Some(Kind::Frame));
    }

    #[test]
    fn counts_outcomes_and_exit_statuses() {
        assert_eq!(
            kind("Tests: 2 failed, 3 passed, 5 total"),
            Some(Kind::Error)
        );
        assert_eq!(kind("12 passed in 0.3s"), Some(Kind::Summary));
        assert_eq!(
            kind("2024-05-01 12:00:01 (51.9 MB/s) - '/dev/null' saved [3000000/3000000]"),
            Some(Kind::Summary)
        );
        assert_eq!(kind("exit status 2"), Some(Kind::Summary));
        assert_eq!(kind("Listing files in 12 directories"), None);
    }

    #[test]
    fn blank_finds_the_first_space_or_tab() {
        for line in [
            "",
            "a",
            "abcdefgh",
            "abcdefgh ",
            "a\tb c",
            "abcdefghijk\tl",
            "ab\u{a0} c",
        ] {
            let want = line.bytes().position(|b| b == b' ' || b == b'\t');
            assert_eq!(blank(line.as_bytes()), want, "{line:?}");
        }
        let bytes: Vec<u8> = (0..=255u8).collect();
        for start in 0..bytes.len() {
            let want = bytes[start..].iter().position(|&b| b == b' ' || b == b'\t');
            assert_eq!(blank(&bytes[start..]), want);
        }
    }

    /// The word lists as first written, unfactored.
    const SEVERE_LIST: &str = r#"errors?|err!|fatal|failed|failures?|failing|fail|panicked|panic|exceptions?|critical|crit|emerg|alert|severe|aborted|abort|segmentation fault|core dumped|denied|refused|cannot|can't|could not|couldn't|unable to|undefined (?:reference|symbol|variable|name)|not found|no such file|no module named|timed out|traceback|invalid|unresolved|uncaught|unhandled|unreachable|mismatched|mismatch|leaked|leaks?|definitely lost|killed|oom|dubious|deadlock|terminated|terminating|interrupted|is down|are down|not allowed because|not recogni[sz]ed|unexpected (?:end of|eof)|unrecogni[sz]ed|unknown (?:parameter|option|directive|setting)s?|bad crc|corrupt|conflicts?|illegal|impossible to|premature end|does not exist|doesn't exist|rejected|undeliverable|nxdomain|servfail|(?-i:NOT )|status=[1-9]\d*/[a-z]+|http/\d(?:\.\d)?" [45]\d\d"#;
    const WARN_LIST: &str =
        r"warnings|warning|warn|deprecated|deprecation|caution|notice|duration: \d+(?:\.\d+)? ms";
    const COUNT_LIST: &str = r"\d+[ \t]+(?:tests?|passed|passing|failed|failing|fail|pass|errors?|warnings?|problems?|issues?|skipped|pending|todo|failures?|infos?|suites?|examples?|assertions?|checks?|files?[ \t]+(?:would[ \t]+be[ \t]+)?(?:reformatted|changed|left|updated)|vulnerabilit\w+|packages?|upgraded|newly installed|insertions?|deletions?|total)\b|\b(?:tests|ok|pass|fail|failures|errors|skipped|passed|failed|hits)[ \t]*[:=][ \t]*\d+|\berr(?:no)?=[1-9]\d*|\b(?:tests|suites|pass|fail|failures|errors|skipped|passed|failed|cancelled|todo)[ \t]+\d+[ \t]*$";
    const OUTCOME_LIST: &str = r"\b(?:finished|succeeded|success|successfully|saved|downloaded|installed|complete(?:d|)\b|done|rated at|exit(?:ed)? (?:status|code)|exit code|returned non-zero|ELIFECYCLE|BUILD (?:SUCCESS|FAILURE)|(?:sent|received) [\d,.]+ bytes|total size is|exited with (?:code |status )?\d+|=[\d.]+ ?[kmgt]?i?b/s|checked \d+ files?|returned [1-9]\d*|per second:|(?:was|were) found\b|detected\b|verified(?:\.| ok)?[ \t]*$|contains [\d,]+ entr(?:y|ies)\b)|^summary:|\*\*\* \[|^[^\w\n]*(?:ok|pass|passed|fail|failed)[ \t]*$|^(?:ok|FAIL)\t";

    fn unfactored() -> regex::bytes::Regex {
        regex::bytes::RegexBuilder::new(&format!(
            r"(?im)(?:{SEVERE_LIST})|(?:{WARN_LIST})|(?:{COUNT_LIST})|(?:{OUTCOME_LIST})|(?:{EXPECT})"
        ))
        .unicode(false)
        .build()
        .unwrap()
    }

    fn spans(re: &regex::bytes::Regex, t: &[u8]) -> Vec<(usize, usize)> {
        re.find_iter(t).map(|m| (m.start(), m.end())).collect()
    }

    /// What [`Generic::scan`] finds.
    fn ours(t: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        Generic::new().unwrap().scan(t, &mut out);
        out
    }

    /// The factored word lists find the same words as the lists written out, on every corpus
    /// log and on text made of the words' pieces.
    #[test]
    fn words_match_the_unfactored_lists() {
        let theirs = unfactored();
        let sets = [
            "corpus", "wild", "wild2", "wild3", "wild4", "wild5", "wild6", "wild7",
        ];
        for data in crate::corpus_logs::corpus_logs(&sets) {
            assert_eq!(ours(&data), spans(&theirs, &data));
        }
    }

    proptest::proptest! {
        #[test]
        fn factored_words_agree_on_word_pieces(parts in proptest::collection::vec(
            proptest::sample::select(vec![
                "err", "ors", "or", "!", "fail", "ed", "ures", "ure", "ing", "panic", "ked",
                "crit", "ical", "abort", "can", "not", "'t", "could", " not", "n't", "no",
                "t found", " such file", " module named", "un", "resolved", "caught", "handled", "mismatch",
                "leak", "s", "warn", "ings", "deprecat", "ion", "ERR", "FAIL", "Warn", " ", "\n",
                "a", "lert", "bort", "c", "ore dumped", "aution", "d", "e", "nied", "xceptions",
                "merg", "fa", "tal", "tice", "se", "vere", "gmentation fault", "oom", "t",
                "imed out", "raceback", "able to", "defined name", "definitely lost", "adlock",
                "erminat", "in", "terrupted", "valid",
                "tests", "suites", "skipped", "cancelled", "todo", "finished", "succe", "eded", "ss",
                "fully", "saved", "do", "wnloaded", "ne", "exit", "ed", "code", "status", "elifecycle",
                "rated at", "returned non-zero", "BUILD", "SUCCESS", "1", "42", ":", "=", "\t",
                "x", "_", "3", ".", "-", "dubious", "HTTP/1.1\" 404", "http/2\" 503", "total",
                "ok", "sent 1,024 bytes", "received", "total size is", "exited with code 2",
                "infos", "hits", "bw=5.1MiB/s", "checked 4 files",
                "returned 1", "returned non-zero", "summary:", "SUMMARY:", "expected", "got",
                "is down", "are down", "NOT ", "NOT", "allowed because", "status=", "/FAILURE",
                "duration: ", "406.1", " ms", "ration", " recognized", "recognised", "expected end of",
                "expected eof", "bad crc", "orrupt", "co", "rrupted", "nflict", "nflicts", "illegal", "i", "mpossible to", "p", "remature end", "anic",
            ]),
            0..12,
        )) {
            let t = parts.concat();
            proptest::prop_assert_eq!(ours(t.as_bytes()), spans(&unfactored(), t.as_bytes()));
        }
    }

    #[test]
    fn has_fault_finds_the_word_anywhere() {
        for (line, want) in [
            ("Segmentation Fault", true),
            ("F F Fau Faul Fault", true),
            ("a long line with no such word at all, FAIL", false),
            ("Faul", false),
            ("", false),
        ] {
            assert_eq!(has_fault(line.as_bytes()), want, "{line:?}");
        }
    }

    /// The version without the next-byte test, kept to test against.
    fn zero_count_reference(line: &[u8]) -> bool {
        const LEAD: &[&[u8]] = &[
            b"0 error",
            b"0 warning",
            b"0 fail",
            b"0 problem",
            b"0 leak",
            b"0 conflict",
            b"no conflict",
            b"no error",
            b"no warning",
            b"no issue",
            b"no problem",
        ];
        const TRAIL: &[&[u8]] = &[b"errors", b"failures", b"failed"];
        let at = |i: usize, w: &[u8]| {
            line.len() - i >= w.len() && line[i..i + w.len()].eq_ignore_ascii_case(w)
        };
        for i in memchr::memchr3_iter(b'0', b'n', b'N', line) {
            if (i == 0 || !line[i - 1].is_ascii_alphanumeric()) && LEAD.iter().any(|w| at(i, w)) {
                return true;
            }
        }
        // `errors: 0`, `failed=0`
        for i in memchr::memchr2_iter(b':', b'=', line) {
            let rest = line[i + 1..].trim_ascii_start();
            if rest.first() == Some(&b'0')
                && !rest.get(1).is_some_and(u8::is_ascii_digit)
                && TRAIL
                    .iter()
                    .any(|w| i >= w.len() && line[i - w.len()..i].eq_ignore_ascii_case(w))
            {
                return true;
            }
        }
        false
    }

    proptest::proptest! {
        /// The next-byte test in front of the word list changes no answer.
        #[test]
        fn zero_count_agrees_with_the_word_list_alone(parts in proptest::collection::vec(
            proptest::sample::select(vec![
                "0", " ", "error", "errors", "warning", "fail", "No", "no", "NO", "n", "N", "o",
                "problem", "leak", "issue", ":", "=", "0x", "1", "failed", "failures", "known",
            ]),
            0..12,
        )) {
            let t = parts.concat();
            proptest::prop_assert_eq!(zero_count(t.as_bytes()), zero_count_reference(t.as_bytes()));
        }
    }

    proptest::proptest! {
        /// The word-wide pair test and the `...` search agree with `memmem`, around the bytes
        /// whose borrows a zero-byte test could confuse with the ones looked for.
        #[test]
        fn pair_and_ellipsis_agree_with_memmem(t in proptest::collection::vec(
            proptest::sample::select(vec![b' ', b'0', b'x', b'.', b'!', b'/', 0x80, 0xff, 0x01, b'a']),
            0..40,
        )) {
            for (x, y) in [(b'0', b'x'), (b' ', b' '), (b'.', b'.')] {
                proptest::prop_assert_eq!(
                    search::has_pair(&t, x, y),
                    memchr::memmem::find(&t, &[x, y]).is_some()
                );
            }
            proptest::prop_assert_eq!(search::find_ellipsis(&t), memchr::memmem::find(&t, b"..."));
        }
    }

    #[test]
    fn find2_finds_the_first_of_two_bytes() {
        let bytes: Vec<u8> = (0..=255u8).chain(b"a:b(c::d(1".iter().copied()).collect();
        for start in 0..bytes.len() {
            for end in start..bytes.len().min(start + 40) {
                let t = &bytes[start..end];
                let want = t.iter().position(|&b| b == b':' || b == b'(');
                assert_eq!(find2(t, b':', b'('), want, "{t:?}");
            }
        }
    }

    proptest::proptest! {
        /// The word-wide test agrees with a byte loop, around the bytes whose borrows it
        /// could confuse with a space or a tab.
        #[test]
        fn blank_agrees_with_a_byte_loop(t in proptest::collection::vec(
            proptest::sample::select(vec![0u8, 1, 8, 9, 10, 0x1f, 0x20, 0x21, 0x80, 0xa0, 0xff, b'a']),
            0..40,
        )) {
            let want = t.iter().position(|&b| b == b' ' || b == b'\t');
            proptest::prop_assert_eq!(blank(&t), want);
        }
    }

    #[test]
    fn probes_that_answered_no() {
        assert!(failed_probe(b"checking for foo_open in -lfoo... no"));
        assert!(failed_probe(
            b"Run-time dependency zlib found: NO (tried pkgconfig)"
        ));
        assert!(!failed_probe(b"checking for foo_open in -lfoo... yes"));
        assert!(!failed_probe(b"compiling casino"));
        assert!(!failed_probe(b"no"));
    }

    #[test]
    fn comparisons_inside_a_line_and_ok_counts() {
        assert_eq!(kind("neg: expected -3 got 3"), Some(Kind::Message));
        assert_eq!(
            kind("total: expected 7, but received 6"),
            Some(Kind::Message)
        );
        assert_eq!(kind("the expected value is 3"), None);
        assert_eq!(kind("an unexpected got here"), None);
        assert_eq!(kind("Ok:                 2"), Some(Kind::Summary));
    }

    #[test]
    fn ruby_frames_and_frames_after_a_comment_mark() {
        assert_eq!(kind("    /p/lib/cart.rb:19:in `fetch'"), Some(Kind::Frame));
        assert_eq!(
            kind("     # ./spec/cart_spec.rb:125:in `block (2 levels) in <top (required)>'"),
            Some(Kind::Frame)
        );
        assert_eq!(kind("     # /usr/lib/ruby/3.1.0/x.rb:5:in `y'"), None);
        assert_eq!(kind("# a comment about x.rb:3"), None);
    }

    #[test]
    fn coordinates_with_a_mark_and_comment_quoted_expectations() {
        assert_eq!(
            kind("   4:1   ✖  Expected empty line before rule   rule-empty-line-before"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("  12:30   some data"), None);
        assert_eq!(kind("#          got: '8'"), Some(Kind::Message));
        assert_eq!(kind("#     expected: '9'"), Some(Kind::Message));
        assert_eq!(kind("// actual: 3"), Some(Kind::Message));
        assert_eq!(kind("# got a cat"), None);
    }

    #[test]
    fn messages_located_at_a_file_line() {
        assert_eq!(
            kind("Use of uninitialized value in addition (+) at t/05-die.t line 6."),
            Some(Kind::Warning)
        );
        assert_eq!(kind("look at this line 6."), None);
        assert_eq!(kind("tests/test_props.py:6: "), Some(Kind::Location));
    }

    #[test]
    fn totals_summaries_statuses_and_checker_reports() {
        assert_eq!(
            kind("Tasks: 105 total,   2 running, 103 sleeping,   0 stopped,   0 zombie"),
            Some(Kind::Summary)
        );
        assert_eq!(kind("MiB Mem :  24105.3 total,   7860.0 free"), None);
        assert_eq!(
            kind("sent 19 bytes  received 39 bytes  116.00 bytes/sec"),
            Some(Kind::Summary)
        );
        assert_eq!(
            kind("total size is 0  speedup is 0.00"),
            Some(Kind::Summary)
        );
        assert_eq!(
            kind("SUMMARY: AddressSanitizer: heap-buffer-overflow /p/a.c:5:88 in f"),
            Some(Kind::Summary)
        );
        assert_eq!(
            kind("Dubious, test returned 2 (wstat 512, 0x200)"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("# Looks like your test exited with 255 just after 1."),
            Some(Kind::Summary)
        );
        let a = "127.0.0.1 - - [06/Dec/2026 03:58:41] \"GET /nope HTTP/1.1\" 404 -";
        let b = "127.0.0.1 - - [06/Dec/2026 03:59:12] \"GET /gone HTTP/1.1\" 404 -";
        let c = "127.0.0.1 - - [06/Dec/2026 03:59:12] \"GET /boom HTTP/1.1\" 500 -";
        assert_eq!(kind(a), Some(Kind::Error));
        assert_eq!(kind(&a.replace("404", "200")), None);
        assert_eq!(error_key(a.as_bytes()), error_key(b.as_bytes()));
        assert_ne!(error_key(a.as_bytes()), error_key(c.as_bytes()));
        let title = b"==22850==ERROR: AddressSanitizer: heap-use-after-free on address 0x6";
        assert_eq!(context(title, Kind::Error, 6), (Cont::UntilBlank, 6));
        let log = b"==5582== Memcheck, a memory error detector";
        assert_eq!(context(log, Kind::Error, 6), (Cont::Indented, 6));
    }

    /// An exception named before `@` and the place it was thrown is a message, also when the
    /// program's own output was glued before it; `file:N symbol [0xADDR]` is a frame (outside
    /// library paths); a mail address or a symbol without its place is neither.
    #[test]
    fn an_exception_thrown_at_a_place_and_an_addressed_frame() {
        let thrown = "core.errors.RangeError@src/app.d(31): index [9] is out of bounds";
        assert_eq!(kind(thrown), Some(Kind::Message));
        assert_eq!(kind(&format!("row 18{thrown}")), Some(Kind::Message));
        assert_eq!(kind("mail RangeError@example.org: is new"), None);
        assert_eq!(
            kind("/home/u/src/app.d:31 _Dmain [0x55d0c3e1d9d]"),
            Some(Kind::Frame)
        );
        assert_eq!(kind("??:? onRangeError [0x7f3281341]"), None);
        assert_eq!(kind("/usr/include/d/core.d:7 _d_run [0x7f3281341]"), None);
        assert_eq!(kind("src/app.d:31 two words [0x55d0c3e1d9d]"), None);
    }

    #[test]
    fn labelled_coordinates_and_the_line_after_a_failed_result() {
        assert_eq!(
            kind("L:   3 | P:  13 | LT01 | Expected single whitespace. [layout.spacing]"),
            Some(Kind::Warning)
        );
        assert_eq!(
            kind("L:   1 | P:  24 |  PRS | Line 1, Position 24: Found unparsable section"),
            Some(Kind::Warning)
        );
        assert_eq!(
            kind("line 12, col 3, E501 line too long"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("line 12 of the file is long"), None);
        let fail = b"Case 17                                   | FAIL |";
        assert_eq!(context(fail, Kind::Error, 6), (Cont::UntilBlank, 1));
        assert_eq!(
            context(b"test_kiwi ... FAILED", Kind::Error, 6),
            (Cont::UntilBlank, 1)
        );
        assert_eq!(
            context(b"FAIL test/cart.test.js", Kind::Error, 6),
            (Cont::Indented, 6)
        );
    }

    #[test]
    fn a_difference_heading_keeps_its_paragraph() {
        let head = "  Difference (- actual, + expected):";
        assert_eq!(kind(head), Some(Kind::Message));
        assert_eq!(
            context(head.as_bytes(), Kind::Message, 6),
            (Cont::Paragraph, 6)
        );
        assert_eq!(kind("the actual value is shown below:"), None);
    }

    #[test]
    fn indented_coded_findings_under_a_location_header() {
        assert_eq!(
            kind("        D103: Missing docstring in public function"),
            Some(Kind::Warning)
        );
        assert_eq!(
            kind("    E201: 1 blank line required (found 0)"),
            Some(Kind::Warning)
        );
        // An indented code without the colon is not a finding by itself.
        assert_eq!(kind("    AB12 34 56 78"), None);
        assert!(location_header(b"src/a.py:41 in public function `f`:"));
        assert!(location_header(b"lib/x.rb:3 at module level:"));
        // A `grep -n` line ending in a colon is data.
        assert!(!location_header(b"src/a.py:41:    def f(self):"));
        assert!(!location_header(b"   src/a.py:41 x:"));
        assert!(!location_header(b"Summary:"));
    }

    #[test]
    fn an_indented_failure_pulls_the_heading_of_its_block() {
        let above = |ls: &[&'static str]| ls.iter().map(|l| l.as_bytes()).collect::<Vec<_>>();
        let block = above(&["    Then c  # s.py:26", "    Given b", "  Scenario: a", ""]);
        let fail = b"      ASSERT FAILED: total was 9";
        assert_eq!(heading_pull(fail, block.iter().copied()), 3);
        // Not indented, no heading less indented than the rest, or no blank line above.
        assert_eq!(heading_pull(b"error: x", block.iter().copied()), 0);
        let flat = above(&["  b", "  a", ""]);
        assert_eq!(heading_pull(fail, flat.iter().copied()), 0);
        let open = above(&["    b", "  a"]);
        assert_eq!(heading_pull(fail, open.iter().copied()), 0);
    }

    #[test]
    fn traced_calls_that_returned_nothing() {
        let err = b"perror(\"cart.db\"cart.db: No such file or directory";
        assert!(failed_step(
            b"fopen(\"/nonexistent/cart.db\", \"r\")             = 0",
            err
        ));
        assert!(failed_step(b"getenv(\"HOME\") = NULL", err));
        assert!(!failed_step(b"total = 0", err));
        assert!(!failed_step(b"  x(1) + y = 0", err));
        // A successful call above a failed one, both traced.
        let failed = b"access(\"/x\", F_OK)     = -1 ENOENT (No such file or directory)";
        assert!(!failed_step(
            b"close(3)                                = 0",
            failed
        ));
    }

    #[test]
    fn a_sentence_about_an_address() {
        assert_eq!(
            kind(
                "0x6040000000b8 is located 0 bytes to the right of 40-byte region [0x6040,0x6048)"
            ),
            Some(Kind::Message)
        );
        let memcheck = "==20078==  Address 0x4a42328 is 0 bytes after a block of size 24 alloc'd";
        assert_eq!(kind(memcheck), Some(Kind::Message));
        assert_eq!(kind("==20078==  Address book is empty"), None);
        assert_eq!(kind("0x0010 00 11 22 33"), None);
    }

    #[test]
    fn file_headers() {
        assert!(file_header(b"/tmp/js/src/cart.js"));
        assert!(!file_header(b"hello world.js"));
        assert!(!file_header(b"version 1.2"));
    }

    #[test]
    fn comparison_sides_trace_headings_and_labelled_locations() {
        assert_eq!(kind("     left:  105"), Some(Kind::Message));
        assert_eq!(kind("     right: 100"), Some(Kind::Message));
        assert_eq!(kind("turn left here"), None);
        assert_eq!(kind("     stacktrace:"), Some(Kind::Structure));
        let trace = b"Backtrace for: #<SB-THREAD:THREAD \"main thread\" RUNNING {1001348003}>";
        assert_eq!(
            Generic::new()
                .unwrap()
                .classify(trace, None)
                .map(|s| s.kind),
            Some(Kind::Structure)
        );
        assert_eq!(context(trace, Kind::Structure, 3), (Cont::UntilBlank, 3));
        assert_eq!(
            kind("Origin: /w/ansible/site.yml:24:7"),
            Some(Kind::Location)
        );
        // Indented, it is a field of a finding that may fold with it.
        assert_eq!(kind("   Location: shop/store.py:2:0"), None);
        assert_eq!(kind("Time: 10:30:45"), None);
    }

    #[test]
    fn namespaced_rules_titled_banners_and_compound_warnings() {
        let lint = "src/format.js:6:10 lint/style/useTemplate  FIXABLE  ━━━━━━━━━━━━━━━━━━━━━━";
        assert_eq!(kind(lint), Some(Kind::Warning));
        assert_eq!(
            context(lint.as_bytes(), Kind::Warning, 2),
            (Cont::Paragraph, 2)
        );
        assert_eq!(
            kind("src/a.js:3:1 react/jsx-key/extra"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("src/a.js:3:1 docs/a.md/x.txt"), None);
        assert_eq!(
            kind("src/app.js format ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("Setup ===================="), None);
        assert!(location_header(
            b"TASK [Run the migration script] ****************************"
        ));
        assert!(!location_header(
            b"+    // --- rustc / cargo ---------------------------------"
        ));
        assert!(!location_header(b"TASK [short] ****"));
        assert_eq!(rule_run(b"x ----------"), Some(1));
        assert_eq!(rule_run(b"----------"), None);
        assert_eq!(kind("; caught STYLE-WARNING:"), Some(Kind::Warning));
        assert_eq!(
            context(b"; caught STYLE-WARNING:", Kind::Warning, 2),
            (Cont::Marker(b';'), 12)
        );
        assert_eq!(kind("cc -Wno-warning-flags x.c"), None);
        assert_eq!(kind("NO-WARNINGS-HERE"), None);
        assert_eq!(kind("Found 2 infos."), Some(Kind::Summary));
    }

    #[test]
    fn an_error_inside_a_failure_block_keeps_its_own_block() {
        let mut log = String::new();
        for i in 0..60 {
            log.push_str(&format!("  * test adds {i} apples (0.00ms)\n"));
        }
        log.push_str(
            "\n  1) test unknown price raises (Shop.CartTest)\n     test/cart_test.exs:15\n",
        );
        log.push_str("     ** (KeyError) key \"kiwi\" not found in: %{\"apple\" => 30}\n");
        log.push_str("     code: Cart.total(cart, %{\"apple\" => 30})\n     stacktrace:\n");
        log.push_str("       :erlang.map_get(\"kiwi\", %{\"apple\" => 30})\n");
        log.push_str(
            "       (shop 0.1.0) lib/shop/cart.ex:12: anonymous fn/3 in Shop.Cart.total/2\n\n",
        );
        for i in 0..60 {
            log.push_str(&format!("  * test totals {i} (0.00ms)\n"));
        }
        log.push_str("6 tests, 1 failure\n");
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(
            out.contains("     code: Cart.total(cart, %{\"apple\" => 30})\n"),
            "{out}"
        );
        assert!(
            out.contains("(shop 0.1.0) lib/shop/cart.ex:12: anonymous fn/3"),
            "{out}"
        );
    }

    #[test]
    fn rates_and_the_last_words_before_a_failed_exit() {
        let read = "  read: IOPS=14.9k, BW=58.1MiB/s (60.9MB/s)(174MiB/3001msec)";
        assert_eq!(kind(read), Some(Kind::Summary));
        assert_eq!(
            kind("   READ: bw=58.1MiB/s (60.9MB/s), io=174MiB (183MB)"),
            Some(Kind::Summary)
        );
        assert_eq!(
            kind("   bw (  KiB/s): min=57640, max=64920, per=100.00%"),
            None
        );
        let exit = b"# Looks like your test exited with 255 just after 1.";
        assert_eq!(pulls_previous(exit, Kind::Summary), 2);
        assert_eq!(pulls_previous(b"worker exited with 0", Kind::Summary), 0);
        assert_eq!(pulls_previous(b"  at ./src/main.rs:3:5", Kind::Frame), 1);
        assert_eq!(
            kind("Checked 4 files in 5ms. No fixes applied."),
            Some(Kind::Summary)
        );
    }

    #[test]
    fn levelled_findings_spaced_locations_diff_sides_and_bare_js_frames() {
        assert_eq!(
            kind("unsafe.c:29:  [5] (buffer) gets:"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("src/a.py:12:    x = [1] + y"), None);
        assert_eq!(kind("Hits = 14"), Some(Kind::Summary));
        assert_eq!(
            kind("    styles/main.scss 6:12  root stylesheet"),
            Some(Kind::Location)
        );
        assert_eq!(kind("    styles/main.scss was 6:12"), None);
        assert_eq!(kind("  +++ actual"), Some(Kind::Message));
        assert_eq!(kind("  --- expected"), Some(Kind::Message));
        // A unified diff's file header is the file the difference is about (`reports.rs`).
        assert_eq!(kind("--- a/src/lib.rs"), Some(Kind::Structure));
        assert_eq!(kind("  Cart.total (src/cart.js:16:35)"), Some(Kind::Frame));
        assert_eq!(
            kind("  Module._compile (node:internal/modules/cjs/loader:1105:14)"),
            None
        );
        assert_eq!(kind("see the notes (docs/a.md:3) first"), None);
        let junit = "    [junit] expected:<[bolt, [nut]]> but was:<[bolt, [washer]]>";
        assert_eq!(kind(junit), Some(Kind::Message));
    }

    #[test]
    fn leveled_lint_findings_fold_by_their_rule() {
        let mut log = String::from("Starting audit...\n");
        for i in 0..40 {
            log.push_str(&format!(
                "[ERROR] /p/src/C{i}.java:{i}:5: '{{' is not preceded with whitespace. [WhitespaceAround]\n"
            ));
            log.push_str(&format!(
                "[ERROR] /p/src/C{i}.java:{i}:9: '42' is a magic number. [MagicNumber]\n"
            ));
        }
        log.push_str("Audit done.\nCheckstyle ends with 80 errors.\n");
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert_eq!(out.matches("[WhitespaceAround]").count(), 5, "{out}");
        assert_eq!(out.matches("[MagicNumber]").count(), 5, "{out}");
        assert!(out.contains("Checkstyle ends with 80 errors."), "{out}");
    }

    #[test]
    fn a_made_file_named_after_its_verb() {
        assert_eq!(
            kind("config.status: creating Makefile"),
            Some(Kind::Summary)
        );
        assert_eq!(kind("webpack: wrote dist/app.js"), Some(Kind::Summary));
        assert_eq!(kind("note: avoid creating a new file"), None);
        assert_eq!(kind("config.status: creating"), None);
    }
}

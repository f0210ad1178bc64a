//! How the compressor reads a line it may keep: the tool rules, then the generic core (`hit`);
//! whether it says again what kept lines said, or folds beyond its group's limit; which lines
//! above it come with it.

use super::{CARRIED, Compressor, Kind, Src, generic, rules};
use crate::fold::Item;
use crate::rules::Cont;

/// Errors of one rule code (`TS7006`, `[no-untyped-call]`) kept before the rest fold: a type
/// checker's thousand findings of a few rules become a few dozen of each, while a compiler's
/// errors, which name no such code, are all kept.
const ERROR_GROUP_LIMIT: u64 = 32;

/// From this line on an output is long: a code's errors fold beyond [`LONG_ERROR_GROUP_LIMIT`]
/// (the budget of examples per code shrinks as the output grows; a short report keeps all).
const LONG_FROM: u64 = 200;

/// Errors of one rule code kept in a long output before the rest fold.
const LONG_ERROR_GROUP_LIMIT: u64 = 8;

/// `warning:`, the word an error its tool calls a warning says (`troff: a.1:3: warning:
/// invalid input …`, read as an error by `invalid`).
static WARNING: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"warning:"));

/// How a kept line was classified: by a tool rule or by the generic core.
#[derive(Debug, Clone, Copy)]
pub(super) struct Hit {
    pub(super) kind: Kind,
    pub(super) after: u16,
    pub(super) cont: Cont,
    pub(super) before: u8,
    /// Group key when the line is grouped (folded beyond the group limit).
    pub(super) group: Option<u64>,
    /// An error grouped by the rule code it names: its group folds only beyond
    /// [`ERROR_GROUP_LIMIT`].
    pub(super) coded: bool,
    /// Classified by the generic core (a tool rule's open context then takes precedence).
    pub(super) generic: bool,
}

impl Compressor<'_> {
    /// Classifies one line: a tool rule first, then the generic core.
    #[inline]
    pub(super) fn hit(&mut self, line: &[u8], anywhere: bool) -> Option<Hit> {
        let rule = match (self.rules, self.found.as_mut()) {
            (Some(r), Some(found)) => {
                r.classify_without(line, anywhere, self.opts.rules_off(), found)
            }
            _ => None,
        };
        // A tool rule's location (`tests/a.py:6: AssertionError`) that the core reads as a
        // located finding (`a.py:3: note: Use "-> None" …`) is that finding: it groups.
        let rule = rule.filter(|r| {
            r.kind != Kind::Location
                || !self.generic.is_some_and(|g| {
                    g.classify(&line[..line.len().min(rules::CLASSIFY_PREFIX)], None)
                        .is_some_and(|s| matches!(s.kind, Kind::Warning | Kind::Error) && s.group)
                })
        });
        if let Some(rule) = rule {
            // A tool's message that two values differ keeps the sides printed under it.
            let sides = rule.after <= 1
                && matches!(rule.kind, Kind::Message | Kind::Error)
                && generic::unequal(line);
            // A program's error that names it (`prog: error: …`) keeps the detail lines that
            // name it again (`prog: detail: …`), whichever rule read the error.
            let named = (rule.kind == Kind::Error && rule.cont == Cont::Indented)
                .then(|| generic::named_prefix(line))
                .flatten();
            let (cont, after) = if sides {
                (Cont::Sides, 8)
            } else if let Some(p) = named {
                (Cont::Detail(p), rule.after.max(2))
            } else if rule.after == 0 && generic::failed_status(line) {
                (Cont::Located, 1)
            } else if rule.after == 0 && rule.kind == Kind::Failure && line.ends_with(b":") {
                // `a.cc:87: FAILED:`: a failure that introduces its detail (wild18).
                (Cont::UntilBlank, 8)
            } else {
                (rule.cont, rule.after)
            };
            return Some(Hit {
                kind: rule.kind,
                after,
                cont,
                before: rule.before,
                // An error that names its rule (`a.ts(4,2): error TS7006: …`) folds with the
                // other findings of that rule beyond the group limit, as warnings do; a failed
                // case of a parametrised test (`t.py::test_x[case7] FAILED`) with the other
                // cases of that test.
                group: match rule.kind {
                    _ if rule.group => Some(crate::group::group_key(line)),
                    Kind::Error => crate::group::coded_error_key(line),
                    Kind::Failure => crate::repeat::case_group(line),
                    Kind::Location => crate::group::same_place_warning_key(line),
                    _ => None,
                },
                coded: !rule.group && rule.kind == Kind::Error,
                generic: false,
            });
        }
        let sig = self.generic_signal(line)?;
        let line = &line[..line.len().min(rules::CLASSIFY_PREFIX)];
        let code = (sig.group && sig.kind == Kind::Error)
            .then(|| crate::group::coded_error_key(line))
            .flatten();
        let group = sig.group.then(|| match sig.kind {
            Kind::Warning => generic::warning_key(line),
            Kind::Summary => generic::outcome_key(line),
            _ => code
                .or_else(|| generic::logfmt_key(line))
                .unwrap_or_else(|| generic::error_key(line)),
        });
        let coded = code.is_some();
        let group = group.or_else(|| match sig.kind {
            Kind::Failure => crate::repeat::case_group(line),
            // `app.py:22: UserWarning: …` printed once per row: the same place folds.
            Kind::Location => crate::group::same_place_warning_key(line),
            _ => None,
        });
        // `a.cc:270: Failure`, its detail flush left under it up to the blank line (wild18).
        let (cont, after) = generic::detail_block(line, sig.kind)
            .unwrap_or_else(|| generic::context(line, sig.kind, sig.after));
        let (cont, after) = generic::cause_lists::context(line, cont, after);
        let (cont, after) = generic::boxed_titles::context(line, cont, after);
        Some(Hit {
            kind: sig.kind,
            after,
            cont,
            before: generic::pulls_previous(line, sig.kind),
            group,
            coded,
            generic: true,
        })
    }

    /// Whether a kept-kind line says again what kept lines said: a message or an error
    /// repeating word for word one kept twice (pytest's `E   Omitting 1 identical items` under
    /// each failure, the same runtime frame read as an error under each panic), or,
    /// under the later cases of one parametrised test, a message, location or frame shaped like
    /// one kept twice for that test (the cases fail the same way). See [`crate::repeat`].
    pub(super) fn said_again(&mut self, hit: Option<Hit>, line: &[u8]) -> bool {
        let Some(kind) = hit.map(|h| h.kind) else {
            return false;
        };
        (matches!(kind, Kind::Message | Kind::Error) && self.repeats.again(line))
            || (matches!(kind, Kind::Message | Kind::Location | Kind::Frame)
                && self.repeats.again_in_case(line))
    }

    /// How many errors of one code line `no` may be among before it folds.
    fn coded_limit(&self, no: u64) -> u64 {
        let limit = if no < LONG_FROM {
            ERROR_GROUP_LIMIT
        } else {
            LONG_ERROR_GROUP_LIMIT
        };
        limit.max(self.opts.group_limit as u64)
    }

    /// Folds line `no`, which says again what kept lines said ([`Self::said_again`]). An open
    /// context counts it; an error opens its own, since what it prints under it may differ
    /// this time.
    pub(super) fn fold_again(&mut self, hit: Option<Hit>, no: u64, line: &[u8], src: Src<'_>) {
        if let Some(ctx) = self.ctx.as_mut().filter(|c| c.left > 0) {
            ctx.left -= 1;
        }
        if let Some(h) = hit.filter(|h| h.kind == Kind::Error && h.after > 0) {
            self.ctx = Some(super::Ctx {
                left: h.after,
                cont: h.cont,
                seen: false,
                opener: h.kind,
            });
        }
        self.noise(no, line, src);
    }

    /// Folds, from line [`LONG_FROM`] on, a located finding that names no rule code (a
    /// warning, or an error its tool calls a warning: `troff: a.1:12: warning: invalid input
    /// …`), whose varying line, number or name keeps it from folding as a repeat, beyond the
    /// budget of its message template ([`crate::repeat::Repeats::finding_out`]): true when it
    /// did. A compiler's errors, which no code names either, are all kept.
    pub(super) fn template_out(
        &mut self,
        hit: Option<Hit>,
        no: u64,
        line: &[u8],
        src: Src<'_>,
    ) -> bool {
        let Some(hit) = hit.filter(|h| !h.coded && h.group.is_some()) else {
            return false;
        };
        let warning = match hit.kind {
            Kind::Warning => true,
            Kind::Error => WARNING.find(line).is_some(),
            _ => false,
        };
        if !warning || crate::group::names_code(line) {
            return false;
        }
        let limit = u32::try_from(self.opts.group_limit).unwrap_or(u32::MAX);
        if !self.repeats.finding_out(line, limit) || no < LONG_FROM {
            return false;
        }
        self.fold_finding(hit.kind, no, line, src);
        true
    }

    /// The generic core's signal for `line`, read in its first [`rules::CLASSIFY_PREFIX`] bytes
    /// (the word scan runs on those bytes alone); a longer line's last bytes may hold a level
    /// glued to its data by interleaved streams (`…0000ERROR: …`, wild23).
    #[inline]
    fn generic_signal(&self, line: &[u8]) -> Option<generic::Signal> {
        let head = &line[..line.len().min(rules::CLASSIFY_PREFIX)];
        self.generic?.classify(head, None).or_else(|| {
            (line.len() > rules::CLASSIFY_PREFIX && generic::runners::glued_levels::in_tail(line))
                .then_some(generic::Signal {
                    kind: Kind::Error,
                    after: 6,
                    group: false,
                })
        })
    }

    /// Folds a grouped line beyond its group's limit (a type checker's error beyond
    /// [`ERROR_GROUP_LIMIT`] of its code, a warning beyond the group limit): true when it did.
    pub(super) fn grouped_out(&mut self, hit: &Hit, no: u64, line: &[u8], src: Src<'_>) -> bool {
        let Some(key) = hit.group else {
            return false;
        };
        let coded_limit = self.coded_limit(no);
        let n = self.groups.entry(key).or_insert(0);
        *n += 1;
        let limit = if hit.coded {
            coded_limit
        } else {
            self.opts.group_limit as u64
        };
        if *n <= limit {
            return false;
        }
        self.fold_finding(hit.kind, no, line, src);
        true
    }

    /// Folds finding `no`, beyond its group's or template's budget.
    pub(super) fn fold_finding(&mut self, kind: Kind, no: u64, line: &[u8], src: Src<'_>) {
        self.stats.grouped_folded += 1;
        self.ctx = None;
        self.folded_finding = no;
        self.run.next_grouped = true;
        // A per-file block keeps its header even when its first finding folds.
        if matches!(kind, Kind::Error | Kind::Warning)
            && self.prev_noise(no, src.block, generic::file_header)
        {
            if let Some(r) = self.reasons.as_mut() {
                r.push((no - 1, "pulled"));
            }
            self.close_run(1, src.block);
        }
        self.noise(no, line, src);
    }

    /// A finding's message wrapped onto line `no` goes with the finding: kept with a kept one
    /// (its context stays open for the excerpt below), folded with a folded one. True when the
    /// line was taken so.
    pub(super) fn wrapped_rest(&mut self, no: u64, line: &[u8], cut: u64, src: Src<'_>) -> bool {
        // Two compares rule out almost every line before its bytes are read.
        let after_finding = self.wrap_from + 1 == no || self.folded_finding + 1 == no;
        if no < 2 || !after_finding || !crate::group::wrapped_tail(line) {
            return false;
        }
        if self.wrap_from + 1 == no {
            if !self.wrapped_out(no, line, src) {
                self.why = "wrapped";
                self.keep(no, line, cut, 0, src.block);
            }
            return true;
        }
        if self.folded_finding + 1 == no {
            self.folded_finding = no;
            self.noise(no, line, src);
            return true;
        }
        false
    }

    /// Counts a wrapped finding (its rest on line `no`, see [`crate::group::wrapped_tail`]) in
    /// the group of its code; beyond the limit the whole finding folds: its kept first line and
    /// the lines pulled above it go back to the noise run with the rest. True when it folded.
    pub(super) fn wrapped_out(&mut self, no: u64, line: &[u8], src: Src<'_>) -> bool {
        let Some(key) = crate::group::wrapped_code_key(line) else {
            return false;
        };
        let limit = self.coded_limit(no);
        let n = self.groups.entry(key).or_insert(0);
        *n += 1;
        if *n <= limit {
            return false;
        }
        self.stats.grouped_folded += 1;
        let from = self.wrap_from.saturating_sub(self.wrap_before);
        let mut back = Vec::new();
        while let Some(Item::Line { no: n, .. }) = self.out.last()
            && *n >= from
            && let Some(Item::Line { text, repeat, no }) = self.out.pop()
        {
            back.push((no, repeat, text));
        }
        self.ctx = None;
        for (first, repeat, text) in back.into_iter().rev() {
            for k in 0..repeat {
                self.noise(first + k, &text, CARRIED);
            }
        }
        self.folded_finding = no;
        self.run.next_grouped = true;
        self.noise(no, line, src);
        true
    }

    /// Whether the line before line `no` was noise and `test` holds for it.
    pub(super) fn prev_noise(&self, no: u64, block: &[u8], test: impl Fn(&[u8]) -> bool) -> bool {
        self.run
            .recent
            .back()
            .is_some_and(|(n, l)| *n + 1 == no && test(l.text(block)))
    }

    /// Whether `hit` is an error ending an aligned record (`generic::record_pull`): kept as a
    /// hit with the record above it even where its text repeats a kept line or a context is open
    /// (each record names another item).
    pub(super) fn ends_record(&self, hit: Option<Hit>, line: &[u8], block: &[u8]) -> bool {
        hit.is_some_and(|h| matches!(h.kind, Kind::Error | Kind::Failure | Kind::Message))
            && generic::record_pull(
                line,
                self.run.recent.iter().rev().map(|(_, l)| l.text(block)),
            ) > 0
    }

    /// Whether `hit` is an error that says again what kept lines said, but about another item:
    /// the header of its per-file block (`generic::file_blocks::names_a_file`: a downloader's
    /// request line, a path alone) is among the unkept lines right above it, or the `<testcase
    /// …>` line of a JUnit failure right above it. Kept with it, as the end of a record is
    /// ([`Self::ends_record`]).
    pub(super) fn ends_block(&self, hit: Option<Hit>, line: &[u8], block: &[u8]) -> bool {
        let no = self.lineno;
        let above = self.run.recent.iter().rev().enumerate();
        let above = above.take_while(|(i, (n, _))| *n + 1 + *i as u64 == no);
        self.ends_record(hit, line, block)
            || (hit.is_some_and(|h| h.kind == Kind::Error)
                && generic::file_blocks::file_block_pull(above.map(|(_, (_, l))| l.text(block)))
                    > 0)
            || (hit.is_some_and(|h| matches!(h.kind, Kind::Error | Kind::Failure | Kind::Message))
                && self.prev_noise(no, block, |l| generic::runners::failed_case(l, line)))
    }

    /// Whether `line`, a hit, continues the open context: not when it ends a record
    /// ([`Self::ends_record`]), which is kept with the record above it instead.
    pub(super) fn in_context(&self, hit: Option<Hit>, line: &[u8], block: &[u8]) -> bool {
        // A heading of what failed (`The conflict is caused by:`) opens its own list.
        self.context_accepts(line)
            && !self.ends_record(hit, line, block)
            && !generic::cause_lists::heading(line)
    }

    /// Whether the open context is a heading's block (`LEAK SUMMARY:` over its totals), which a
    /// tool rule's line inside it continues rather than ends.
    pub(super) fn heading_block(&self) -> bool {
        self.ctx.as_ref().is_some_and(|c| c.opener == Kind::Summary)
    }

    /// True when an open context after a kept line takes `line` too.
    pub(super) fn context_accepts(&self, line: &[u8]) -> bool {
        self.ctx
            .as_ref()
            .is_some_and(|ctx| ctx.left > 0 && ctx.cont.accepts(line, ctx.seen))
    }

    /// Keeps `line` as part of the open context (see [`Self::context_accepts`]).
    pub(super) fn keep_context(&mut self, no: u64, line: &[u8], cut: u64, block: &[u8]) {
        if let Some(ctx) = self.ctx.as_mut() {
            ctx.left -= 1;
            ctx.seen |= !line.iter().all(u8::is_ascii_whitespace);
            (ctx.cont, ctx.seen) = crate::generic::after_line(ctx.cont, line, ctx.seen);
        }
        self.why = "context";
        self.keep(no, line, cut, 0, block);
    }

    /// How many lines above a kept hit to keep with it: its rule's own count (gcc's `In function
    /// 'f':`), a file or location header, a failed step, a failed test's last numbered output,
    /// the `In FILE line N:` header over an underlined finding, a failure block's heading.
    pub(super) fn pull_before(&self, hit: &Hit, no: u64, line: &[u8], block: &[u8]) -> usize {
        // A rule's line above (gcc's `In function 'f':`) is not pulled back when it is a
        // finding that just folded beyond its group's limit (a type checker's errors, one a
        // line).
        let mut before = if self.folded_finding + 1 == no {
            0
        } else {
            usize::from(hit.before)
        };
        if before == 0
            && matches!(hit.kind, Kind::Error | Kind::Warning)
            && self.prev_noise(no, block, |l| {
                generic::file_header(l)
                    || generic::location_header(l)
                    || (hit.kind == Kind::Error && generic::failed_step(l, line))
            })
        {
            before = 1;
        }
        // `27/36 Test #27: full_32 ***Failed` under `27: ring_test.c:16: …`: the last line
        // the failed test printed.
        if before == 0
            && matches!(hit.kind, Kind::Failure | Kind::Error | Kind::Summary)
            && self.prev_noise(no, block, |l| generic::numbered_output(l, line))
        {
            before = 1;
        }
        // `^---^ SC2086 (info): …` under `In a.sh line 7:` and the code line: the header
        // names where the finding is.
        if before == 0
            && matches!(hit.kind, Kind::Error | Kind::Warning)
            && line.trim_ascii_start().starts_with(b"^")
        {
            before = self
                .run
                .recent
                .iter()
                .rev()
                .take(3)
                .position(|(_, l)| generic::line_header(l.text(block)))
                .map_or(0, |i| i + 1);
        }
        if before == 0 && matches!(hit.kind, Kind::Error | Kind::Failure | Kind::Message) {
            let above = self.run.recent.iter().rev().map(|(_, l)| l.text(block));
            before = generic::heading_pull(line, above);
        }
        // `  error: cannot decode` under `item_09.png:` (the heading needs no blank above it).
        if before == 0 && matches!(hit.kind, Kind::Error | Kind::Failure) {
            let above = self.run.recent.iter().rev().enumerate();
            let above = above.take_while(|(i, (n, _))| *n + 1 + *i as u64 == no);
            before = generic::colon_heading_pull(line, above.map(|(_, (_, l))| l.text(block)));
        }
        // `\tFAILED for item: x` under its block's title `Rule: R7: "…"`.
        if before == 0 && matches!(hit.kind, Kind::Error | Kind::Failure) {
            let above = self.run.recent.iter().rev().enumerate();
            let above = above.take_while(|(i, (n, _))| *n + 1 + *i as u64 == no);
            before = generic::title_pull(line, above.map(|(_, (_, l))| l.text(block)));
        }
        // `a.cc:85` under a test's name framed by two rules of dashes (wild18).
        if before == 0 && hit.kind == Kind::Location {
            let above = self.run.recent.iter().rev().enumerate();
            let above = above.take_while(|(i, (n, _))| *n + 1 + *i as u64 == no);
            before = generic::framed_pull(above.map(|(_, (_, l))| l.text(block)));
        }
        // `found 2 fatal errors` under the two located messages it counts.
        if before == 0
            && self.folded_finding + 1 != no
            && matches!(hit.kind, Kind::Error | Kind::Summary)
        {
            let above = self.run.recent.iter().rev().map(|(_, l)| l.text(block));
            before = generic::count_pull(line, above);
        }
        // `SyntaxError: …` under `***   File "a.py", line 12` and the excerpt: its location.
        if before == 0 && matches!(hit.kind, Kind::Error | Kind::Message) {
            let above = self.run.recent.iter().rev().map(|(_, l)| l.text(block));
            before = generic::location_pull(line, above);
        }
        // `Result     Error: 404` under `URL        \`gone9.html'`: the record it ends.
        if before == 0 && matches!(hit.kind, Kind::Error | Kind::Failure | Kind::Message) {
            let above = self.run.recent.iter().rev().map(|(_, l)| l.text(block));
            before = generic::record_pull(line, above);
        }
        // The line above a traceback that no pull above took: the step that crashed.
        if before == 0
            && generic::opens_traceback(line)
            && self.prev_noise(no, block, |l| !l.trim_ascii().is_empty())
        {
            before = 1;
        }
        // `Error: /undefined in x` a few lines under `== ps/a.ps`: its file's header (wild23).
        if before == 0 && matches!(hit.kind, Kind::Error | Kind::Warning) {
            let above = self.run.recent.iter().rev().enumerate();
            let above = above.take_while(|(i, (n, _))| *n + 1 + *i as u64 == no);
            before = generic::file_blocks::file_block_pull(above.map(|(_, (_, l))| l.text(block)));
        }
        before
    }
    /// `├── x` under `base64 v0.23.1`: the root of each tree of a listing is kept; once one
    /// was, so is a root alone between blanks (`syn v2.0.119 (*)`: its tree shown before).
    #[inline(never)]
    pub(super) fn tree_root(&mut self, no: u64, line: &[u8], block: &[u8]) {
        let root = if generic::trees::first_branch(line) {
            self.prev_noise(no, block, generic::trees::root)
        } else {
            self.trees
                && self.prev_noise(no, block, generic::trees::root)
                && self
                    .run
                    .recent
                    .iter()
                    .rev()
                    .nth(1)
                    .is_some_and(|(n, l)| *n + 2 == no && l.text(block).trim_ascii().is_empty())
        };
        if root {
            self.trees = true;
            self.close_run(1, block);
        }
    }

    /// `  ^~~~~` under an excerpt under `a.rb:3: dynamic constant assignment`: a located
    /// message that names no severity, underlined in its excerpt, is a finding; the two lines
    /// above (still in the noise run) are kept with the caret line. True when it was.
    #[inline(never)]
    pub(super) fn caret_finding(&mut self, no: u64, line: &[u8], cut: u64, src: Src<'_>) -> bool {
        // A compiler's underline: `^` alone or followed by `~`s (a traceback marks its
        // expression with runs of `^`).
        let t = line.trim_ascii();
        if !t.starts_with(b"^") || !t[1..].iter().all(|&b| b == b'~') {
            return false;
        }
        let mut above = self.run.recent.iter().rev();
        let (Some((n1, excerpt)), Some((n2, loc))) = (above.next(), above.next()) else {
            return false;
        };
        let indented = matches!(excerpt.text(src.block).first(), Some(b' ' | b'\t'));
        if *n1 + 1 != no
            || *n2 + 2 != no
            || !indented
            || !generic::silent_location(loc.text(src.block))
        {
            return false;
        }
        *self.stats.kinds.entry(Kind::Error.as_str()).or_insert(0) += 1;
        self.why = Kind::Error.as_str();
        self.keep(no, line, cut, 2, src.block);
        self.ctx = None;
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::{CompressOptions, Compressor};

    /// Transfers of many resources, a request line above each, the same error for several.
    fn transfers(missing: &[usize]) -> String {
        let mut s = String::new();
        for i in 0..30 {
            s.push_str(&format!(
                "--12:00:{i:02}--  http://host.test/page{i}.html\n"
            ));
            s.push_str("Connecting to host.test... connected.\n");
            if missing.contains(&i) {
                s.push_str("HTTP request sent, awaiting response... 404 Not Found\n");
                s.push_str("12:00:30 ERROR 404: Not Found.\n\n");
            } else {
                s.push_str(&format!(
                    "Length: {} [text/html]\nSaving to: 'page{i}.html'\n\n",
                    100 + i
                ));
            }
        }
        s.push_str("Downloaded: 25 files\n");
        s
    }

    #[test]
    fn an_error_said_again_about_another_item_keeps_that_item() {
        let opts = CompressOptions::default();
        let mut c = Compressor::new(&opts);
        c.push(transfers(&[3, 9, 14, 20, 27]).as_bytes());
        let text = c.finish().text;
        for i in [3, 9, 14, 20, 27] {
            assert!(
                text.contains(&format!("http://host.test/page{i}.html\n")),
                "{i}: {text}"
            );
        }
        assert!(!text.contains("http://host.test/page5.html\n"), "{text}");
    }
}

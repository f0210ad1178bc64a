//! The streaming log compressor: classify, keep anchors with context, fold the rest.

use std::collections::HashMap;

use crate::clean::{clean_line, clean_text};
use crate::fold::{Held, Item, Run, bounded_copy, render};
use crate::generic::{self, Generic};
use crate::normalize::{similar, token_count};
use crate::options::CompressOptions;
use crate::rules::{self, Builtin, Cont, Kind};

mod excerpts;
mod first_frames;
mod hits;
mod memo;
mod recalled;
mod records;
mod sections;
mod spent;
mod split_results;
mod stats;
mod titled;
mod why;

pub use stats::Stats;

/// Why the original output is shown instead of the compressed one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unchanged {
    /// Fewer lines than [`CompressOptions::min_lines`].
    Short,
    /// Compression saved less than [`CompressOptions::min_saving`] (or folded nothing).
    SmallSaving,
}

/// The result of compressing one output.
#[derive(Debug, Clone, PartialEq)]
pub struct Compressed {
    /// The text to show (valid UTF-8; invalid input bytes become U+FFFD).
    pub text: String,
    /// `Some` when nothing was folded and `text` is the (cleaned) original.
    pub unchanged: Option<Unchanged>,
    /// Counts.
    pub stats: Stats,
}

impl Compressed {
    /// Whether anything was folded (then the full output should be spilled).
    pub fn folded(&self) -> bool {
        self.unchanged.is_none()
    }
}

/// Compresses a whole output held in memory.
///
/// When the output is short or the saving small, `text` is the original with ANSI codes removed
/// and `\r` redraws collapsed, and `unchanged` says why.
pub fn compress(input: &[u8], opts: &CompressOptions) -> Compressed {
    let mut c = Compressor::new(opts);
    c.push(input);
    let mut out = c.finish();
    if out.unchanged.is_some() {
        out.text = clean_text(input);
        out.stats.bytes_out = out.text.len() as u64;
        out.stats.lines_out = count_lines(out.text.as_bytes());
        out.stats.folded_lines = 0;
    }
    out
}

/// Number of lines in `text` (a last line without `\n` counts).
pub fn count_lines(text: &[u8]) -> u64 {
    let n = memchr::memchr_iter(b'\n', text).count() as u64;
    if text.last().is_some_and(|&b| b != b'\n') {
        n + 1
    } else {
        n
    }
}

/// Blank lines at the end of an output that do not count towards the kept tail.
const TAIL_BLANKS: usize = 8;

#[derive(Debug, Clone, Copy)]
struct Ctx {
    left: u16,
    cont: Cont,
    seen: bool,
    /// The kind of the kept line that opened it.
    opener: Kind,
}

/// A streaming compressor: feed chunks with [`push`](Self::push), then [`finish`](Self::finish).
/// Memory is bounded by the kept output plus a few lines, whatever the input size.
#[derive(Debug)]
pub struct Compressor<'o> {
    opts: &'o CompressOptions,
    rules: Option<&'static Builtin>,
    generic: Option<&'static Generic>,
    partial: Vec<u8>,
    partial_cut: u64,
    lineno: u64,
    bytes_in: u64,
    out: Vec<Item>,
    run: Run,
    ctx: Option<Ctx>,
    groups: HashMap<u64, u64>,
    /// The number of the last line that folded as a finding beyond its group's limit (0: none).
    folded_finding: u64,
    /// The line number of the last kept finding whose message may wrap onto the next line.
    wrap_from: u64,
    /// How many lines above it were pulled with it.
    wrap_before: u64,
    /// Lines that say again what kept lines said.
    repeats: crate::repeat::Repeats,
    /// A tree listing's root was kept (see [`generic::trees`]).
    trees: bool,
    stats: Stats,
    ring: usize,
    hits: Vec<(usize, usize)>,
    found: Option<rules::Found>,
    /// Why kept lines are kept, when asked ([`Compressor::explaining`]).
    reasons: Option<Vec<(u64, &'static str)>>,
    /// The reason of the next kept line.
    why: &'static str,
    /// The recall fallback over the lines no rule takes (see [`crate::recall`]).
    recall: crate::recall::Recall,
    /// The line the fallback wants kept (0: none), still in the noise run (see
    /// `compress/recalled.rs`).
    recall_at: u64,
    /// The last section marker that folded (see `compress/sections.rs`).
    section: sections::Section,
    /// How lines already read were read (see `compress/memo.rs`).
    memo: memo::HitMemo,
    /// The budgets of long outputs (see `compress/spent.rs`).
    spent: spent::Spent,
    /// The records of a JSON report still open (see `compress/records.rs`).
    records: records::Records,
    /// A test's result line split by its output (see `compress/split_results.rs`).
    split: split_results::SplitResults,
    /// The line before was blank or flush left, no frame (see `compress/first_frames.rs`).
    after_flush: bool,
}

/// Where a line comes from: the chunk being pushed (`block`) and, for a line lying in it as
/// is (`dirty`: it may hold an ANSI escape or a `\r`, else it is clean), its offset there.
#[derive(Clone, Copy)]
struct Src<'b> {
    block: &'b [u8],
    at: Option<usize>,
    dirty: bool,
}

/// A line of no chunk (the partial line carried over, the last line).
const CARRIED: Src<'static> = Src {
    block: &[],
    at: None,
    dirty: true,
};

impl<'o> Compressor<'o> {
    /// A compressor using `opts`.
    pub fn new(opts: &'o CompressOptions) -> Self {
        Self {
            opts,
            rules: rules::builtin().ok(),
            generic: generic::generic(),
            partial: Vec::new(),
            partial_cut: 0,
            lineno: 0,
            bytes_in: 0,
            out: Vec::new(),
            run: Run::default(),
            ctx: None,
            groups: HashMap::new(),
            folded_finding: 0,
            wrap_from: 0,
            wrap_before: 0,
            repeats: crate::repeat::Repeats::default(),
            trees: false,
            stats: Stats::default(),
            ring: opts.tail_lines.max(1) + TAIL_BLANKS,
            hits: Vec::new(),
            found: rules::builtin().ok().map(Builtin::pattern_set),
            reasons: None,
            why: "",
            recall: crate::recall::Recall::default(),
            recall_at: 0,
            section: sections::Section::default(),
            memo: memo::HitMemo::default(),
            spent: spent::Spent::default(),
            records: records::Records::default(),
            split: split_results::SplitResults::default(),
            after_flush: true,
        }
    }

    /// Feeds the next chunk of output (chunks may split lines and UTF-8 sequences anywhere).
    pub fn push(&mut self, chunk: &[u8]) {
        self.bytes_in += chunk.len() as u64;
        let mut rest = chunk;
        if !self.partial.is_empty() || self.partial_cut > 0 {
            match memchr::memchr(b'\n', rest) {
                Some(nl) => {
                    self.append_partial(&rest[..nl]);
                    rest = &rest[nl + 1..];
                    let line = std::mem::take(&mut self.partial);
                    let cut = std::mem::take(&mut self.partial_cut);
                    let anywhere = self.rules.is_some_and(|r| r.anywhere_match(&line));
                    self.line(&line, cut, anywhere, CARRIED);
                    self.partial = line;
                    self.partial.clear();
                }
                None => {
                    self.append_partial(rest);
                    return;
                }
            }
        }
        let mut start = 0;
        if let Some(last_nl) = memchr::memrchr(b'\n', rest) {
            let mut hits = std::mem::take(&mut self.hits);
            let block = &rest[..=last_nl];
            if let Some(r) = self.rules {
                r.scan_anywhere(block, &mut hits);
            }
            let mut h = 0;
            // The next ANSI escape or `\r` at or after the current line: lines before it need
            // no cleaning.
            let dirty_from = |at: usize| {
                memchr::memchr2(0x1b, b'\r', &block[at..]).map_or(block.len(), |p| at + p)
            };
            let mut dirty = dirty_from(0);
            for nl in memchr::memchr_iter(b'\n', block) {
                if dirty < start {
                    dirty = dirty_from(start);
                }
                while h < hits.len() && hits[h].1 < start {
                    h += 1;
                }
                let anywhere = h < hits.len() && hits[h].0 <= nl;
                let src = Src {
                    block,
                    at: Some(start),
                    dirty: dirty < nl,
                };
                self.line(&rest[start..nl], 0, anywhere, src);
                start = nl + 1;
            }
            // The lines still in the ring are copied before the chunk goes.
            self.run.own(block);
            self.hits = hits;
        }
        if start < rest.len() {
            self.append_partial(&rest[start..]);
        }
    }

    /// Keeps the head and the tail of an over-long partial line, counting the cut middle.
    fn append_partial(&mut self, bytes: &[u8]) {
        self.partial.extend_from_slice(bytes);
        let max = self.opts.max_line_bytes.max(64);
        if self.partial.len() > 4 * max {
            let drop_from = max;
            let drop_to = self.partial.len() - max;
            self.partial.drain(drop_from..drop_to);
            self.partial_cut += (drop_to - drop_from) as u64;
        }
    }

    /// Handles one line.
    fn line(&mut self, raw: &[u8], cut: u64, anywhere: bool, src: Src<'_>) {
        self.lineno += 1;
        let no = self.lineno;
        let clean = if src.dirty {
            clean_line(raw)
        } else {
            std::borrow::Cow::Borrowed(raw)
        };
        let line: &[u8] = &clean;
        if self.wrapped_rest(no, line, cut, src) {
            return;
        }
        let keep_user = self.opts.keep_all()
            || self
                .opts
                .keep_set()
                .is_some_and(|s| s.is_match(&line[..line.len().min(rules::CLASSIFY_PREFIX * 4)]));
        // ANSI codes or redraws may hide or create matches: check such lines fully.
        let cleaned = line.len() != raw.len();
        let anywhere = anywhere || cleaned;
        let hit = self.titled_hit(line, anywhere, no, src.block);
        if !keep_user && self.said_again(hit, line) && !self.ends_block(hit, line, src.block) {
            self.fold_again(hit, no, line, src);
            return;
        }
        if !keep_user && self.budget_out(hit, no, line, src) {
            return;
        }
        // A tool rule's context (a rustc snippet after its `error[..]` line) keeps its lines even
        // where the generic core sees a location or a severity word in them. In a failure's
        // block, an error or a message there keeps its own block when that reaches further; so
        // does an `a != b` message anywhere (the sides under it).
        if let Some(h) = hit.filter(|h| {
            (h.generic || self.heading_block()) && self.in_context(hit, line, src.block)
        }) {
            self.keep_context(no, line, cut, src.block);
            self.show_section(h.kind);
            // A heading inside the block (`LEAK SUMMARY:` after a leak record) opens its own.
            let heading = h.kind == Kind::Summary && h.after > 0;
            if (heading || matches!(h.kind, Kind::Error | Kind::Message))
                && let Some(c) = self
                    .ctx
                    .as_mut()
                    .filter(|c| heading || c.opener == Kind::Failure || h.cont == Cont::Sides)
                && c.left < h.after
            {
                (c.left, c.cont, c.seen) = (h.after, h.cont, false);
                if heading {
                    c.opener = Kind::Summary;
                }
            }
            return;
        }
        if let Some(hit) = hit {
            if !keep_user && self.grouped_out(&hit, no, line, src) {
                return;
            }
            self.repeats.kept(hit.kind, line);
            *self.stats.kinds.entry(hit.kind.as_str()).or_insert(0) += 1;
            let before = self.pulled_above(&hit, no, line, src.block);
            self.why = hit.kind.as_str();
            self.keep(no, line, cut, before, src.block);
            self.show_section(hit.kind);
            if crate::group::may_wrap(line) {
                (self.wrap_from, self.wrap_before) = (no, before as u64);
            }
            self.ctx = (hit.after > 0).then_some(Ctx {
                left: hit.after,
                cont: hit.cont,
                seen: false,
                opener: hit.kind,
            });
            return;
        }
        if keep_user {
            *self.stats.kinds.entry(Kind::Keep.as_str()).or_insert(0) += 1;
            self.why = "keep";
            self.keep(no, line, cut, 0, src.block);
            self.ctx = None;
            return;
        }
        if self.context_accepts(line) {
            if self.repeats.again(line) {
                // The block goes on, but this line says what earlier blocks said.
                if let Some(ctx) = self.ctx.as_mut() {
                    ctx.left -= 1;
                    ctx.seen = true;
                    (ctx.cont, ctx.seen) = crate::generic::after_line(ctx.cont, line, ctx.seen);
                }
                self.noise(no, line, src);
            } else {
                self.keep_context(no, line, cut, src.block);
            }
            return;
        }
        self.ctx = None;
        self.plain(no, line, cut, src);
    }

    /// A line no rule or context takes: kept among the head lines, else noise (the root of a
    /// tree above it pulled out of the run first, see [`Self::tree_root`]).
    #[inline]
    fn plain(&mut self, no: u64, line: &[u8], cut: u64, src: Src<'_>) {
        if no <= self.opts.head_lines as u64 {
            self.why = "head";
            self.keep(no, line, cut, 0, src.block);
            return;
        }
        // Told by the first byte for most lines: a tree's first branch is led by a box-drawing
        // glyph (0xE2), a bar or a backquote; once a root was kept, a blank may close a root
        // alone.
        if matches!(line.first(), Some(0xE2 | b'|' | b'`'))
            || (self.trees && line.iter().all(u8::is_ascii_whitespace))
        {
            self.tree_root(no, line, src.block);
        }
        if matches!(line.first(), Some(b' ' | b'\t')) && self.underline_finding(no, line, cut, src)
        {
            return;
        }
        self.noise(no, line, src);
        if self.run.cur_count > 1 {
            self.recall.again();
        } else if self.recall.wants_with(line, &mut self.memo) {
            self.mark_recalled(no, src.block);
        }
    }

    /// Adds `line` to the noise run; the ring holds its place in the chunk when it lies there
    /// whole (`src.at` of a clean line no longer than the limit), else a bounded copy.
    fn noise(&mut self, no: u64, line: &[u8], src: Src<'_>) {
        self.note_section(no, line);
        if self.recall_at != 0 && no - self.recall_at > self.opts.tail_lines as u64 {
            self.keep_recalled(src.block);
        }
        let (max, block) = (self.opts.max_line_bytes, src.block);
        let run = &mut self.run;
        // Near-identical lines have as many tokens: the count rules most pairs out first.
        let tokens = token_count(line);
        if run.cur_count > 0 && run.cur_tokens == Some(tokens) && similar(run.first(block), line) {
            run.cur_count += 1;
        } else {
            run.flush_cur(self.opts.repeat_min as u64, block);
            // The run's first line is kept whole (compared as is) unless it is cut.
            run.cur_tokens = (line.len() <= max).then_some(tokens);
            run.cur_start = no;
            run.cur_count = 1;
            // The line goes into `recent` below, which then holds the run's first line.
            run.cur_in_ring = true;
            run.cur_grouped = run.next_grouped;
        }
        run.next_grouped = false;
        run.count += 1;
        if run.recent.len() >= self.ring
            && let Some((_, old)) = run.recent.pop_front()
        {
            // The run's first line leaves the ring: it moves to `cur_first`.
            if run.cur_in_ring && run.cur_count > run.recent.len() as u64 + 1 {
                run.cur_in_ring = false;
                let first = old.into_vec(block, &mut run.spare);
                let spent = std::mem::replace(&mut run.cur_first, first);
                if spent.capacity() > 0 {
                    run.spare.push(spent);
                }
            } else if let Held::Own(v) = old {
                run.spare.push(v);
            }
        }
        let held = match src.at {
            Some(at) if !src.dirty && line.len() <= max => Held::At(at, at + line.len()),
            _ => {
                let mut buf = run.spare.pop().unwrap_or_default();
                buf.clear();
                bounded_copy(&mut buf, line, max, 0);
                Held::Own(buf)
            }
        };
        run.recent.push_back((no, held));
    }

    /// Ends the current noise run, keeping its last `pull` lines verbatim.
    fn close_run(&mut self, pull: usize, block: &[u8]) {
        let repeat_min = self.opts.repeat_min as u64;
        self.stats.folded_lines += self.run.close(pull, repeat_min, block, &mut self.out);
    }

    fn keep(&mut self, no: u64, line: &[u8], cut: u64, before: usize, block: &[u8]) {
        let before = self.pull_recalled(no, before, block);
        // The lines `close_run` pulls back verbatim (those above that are still in the run).
        let pulled = before
            .min(self.run.recent.len())
            .min(self.run.count as usize);
        self.close_run(before, block);
        self.note(no, pulled);
        if let Some(Item::Line {
            text,
            repeat,
            no: last_no,
        }) = self.out.last_mut()
            && *last_no + *repeat == no
            && text.as_slice() == line
            && cut == 0
        {
            *repeat += 1;
            self.stats.folded_lines += 1;
            return;
        }
        let mut text = Vec::with_capacity(line.len().min(self.opts.max_line_bytes + 64));
        bounded_copy(&mut text, line, self.opts.max_line_bytes, cut);
        self.out.push(Item::Line {
            text,
            repeat: 1,
            no,
        });
    }

    /// Ends the input and renders the result. When `unchanged` is set the caller should show
    /// the original instead (see [`compress`], which does so); `text` then still holds the
    /// compressed rendering.
    pub fn finish(self) -> Compressed {
        self.finish_with().0
    }

    /// [`Self::finish`], with the reasons noted when explaining.
    fn finish_with(mut self) -> (Compressed, Vec<(u64, &'static str)>) {
        if !self.partial.is_empty() || self.partial_cut > 0 {
            let line = std::mem::take(&mut self.partial);
            let cut = self.partial_cut;
            let anywhere = self.rules.is_some_and(|r| r.anywhere_match(&line));
            self.line(&line, cut, anywhere, CARRIED);
        }
        // The tail is the last lines with content: blank lines at the very end do not count.
        let blanks = self
            .run
            .recent
            .iter()
            .rev()
            .take_while(|(_, l)| l.text(&[]).iter().all(u8::is_ascii_whitespace))
            .count();
        let tail = (self.opts.tail_lines + blanks.min(TAIL_BLANKS))
            .max(self.recall_pulled(self.lineno + 1));
        if let Some(r) = self.reasons.as_mut() {
            let pulled = tail.min(self.run.recent.len()).min(self.run.count as usize);
            r.extend(
                self.run
                    .recent
                    .iter()
                    .rev()
                    .take(pulled)
                    .map(|(n, _)| (*n, "tail")),
            );
        }
        self.close_run(tail, &[]);
        let mut text = String::new();
        let mut lines_out = 0u64;
        for item in &self.out {
            render(item, &mut text);
            text.push('\n');
            lines_out += 1;
        }
        let mut stats = std::mem::take(&mut self.stats);
        stats.lines_in = self.lineno;
        stats.bytes_in = self.bytes_in;
        stats.lines_out = lines_out;
        stats.bytes_out = text.len() as u64;
        let folded_any = stats.folded_lines > 0;
        let unchanged = if (self.lineno as usize) < self.opts.min_lines {
            Some(Unchanged::Short)
        } else if !folded_any
            || (stats.bytes_out as f64) > (1.0 - self.opts.min_saving) * stats.bytes_in as f64
        {
            Some(Unchanged::SmallSaving)
        } else {
            None
        };
        let reasons = self.reasons.take().unwrap_or_default();
        (
            Compressed {
                text,
                unchanged,
                stats,
            },
            reasons,
        )
    }
}

//! The folded items of the compressor's output and how they are rendered: kept lines (with a
//! `×N` repeat count), folded ranges (`[… A:B folded]`) and runs of near-identical
//! lines (`first line  [×N similar, A:B]`).

use std::collections::VecDeque;

/// One item of the output, in input order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Item {
    Line {
        text: Vec<u8>,
        repeat: u64,
        no: u64,
    },
    Omitted {
        start: u64,
        count: u64,
    },
    Similar {
        first: Vec<u8>,
        start: u64,
        count: u64,
    },
}

/// A noise run is shown as near-identical lines with `×N` only when at most two such groups
/// make up most of it; a mixed run becomes one marker.
pub(crate) fn collapse_mixed(segs: &mut Vec<Item>) {
    let (mut similar, mut similar_lines, mut total) = (0, 0, 0);
    for seg in segs.iter() {
        match seg {
            Item::Similar { count, .. } => {
                similar += 1;
                similar_lines += count;
                total += count;
            }
            Item::Omitted { count, .. } => total += count,
            Item::Line { .. } => {}
        }
    }
    if similar == 0 || (similar <= 2 && similar_lines * 2 >= total) {
        return;
    }
    let start = segs.iter().find_map(|s| match s {
        Item::Similar { start, .. } | Item::Omitted { start, .. } => Some(*start),
        Item::Line { .. } => None,
    });
    if let Some(start) = start {
        segs.clear();
        segs.push(Item::Omitted {
            start,
            count: total,
        });
    }
}

pub(crate) fn push_omitted(segs: &mut Vec<Item>, start: u64, count: u64) {
    if let Some(Item::Omitted { start: s, count: c }) = segs.last_mut()
        && *s + *c == start
    {
        *c += count;
        return;
    }
    segs.push(Item::Omitted { start, count });
}

/// Copies `src` into `dst`, cutting its middle (on UTF-8 boundaries) when longer than `max`;
/// `already_cut` bytes were dropped from its middle before and are added to the marker.
pub(crate) fn bounded_copy(dst: &mut Vec<u8>, src: &[u8], max: usize, already_cut: u64) {
    if src.len() <= max && already_cut == 0 {
        dst.extend_from_slice(src);
        return;
    }
    let half = max.min(src.len()) / 2;
    let mut head = half;
    while head > 0 && (src[head] & 0xC0) == 0x80 {
        head -= 1;
    }
    let mut tail = if src.len() <= max {
        head
    } else {
        src.len() - half
    };
    while tail < src.len() && (src[tail] & 0xC0) == 0x80 {
        tail += 1;
    }
    dst.extend_from_slice(&src[..head]);
    let cut = (tail - head) as u64 + already_cut;
    dst.extend_from_slice(format!("[… {cut} bytes cut …]").as_bytes());
    dst.extend_from_slice(&src[tail..]);
}

pub(crate) fn render(item: &Item, out: &mut String) {
    // Pieces pushed one by one: `write!` costs about a thousand instructions a marker.
    match item {
        Item::Line { text, repeat, .. } => {
            push_lossy(out, text);
            if *repeat > 1 {
                out.push_str("  [×");
                push_number(out, *repeat);
                out.push(']');
            }
        }
        Item::Omitted { start, count } => {
            // The range alone (what `loop spill read --lines A:B` reads): the count is B-A+1.
            let end = start + count - 1;
            out.push_str("[… ");
            push_number(out, *start);
            out.push(':');
            push_number(out, end);
            out.push_str(" folded]");
        }
        Item::Similar {
            first,
            start,
            count,
        } => {
            let end = start + count - 1;
            push_lossy(out, first);
            out.push_str("  [×");
            push_number(out, *count);
            out.push_str(" similar, ");
            push_number(out, *start);
            out.push(':');
            push_number(out, end);
            out.push(']');
        }
    }
}

/// Appends `n` in decimal.
fn push_number(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|&d| char::from(d)));
}

/// Appends `bytes` as UTF-8, invalid sequences replaced by U+FFFD (valid text, the common
/// case, is checked by the standard library's word-at-a-time validation and copied once).
fn push_lossy(out: &mut String, bytes: &[u8]) {
    match std::str::from_utf8(bytes) {
        Ok(s) => out.push_str(s),
        Err(_) => out.push_str(&String::from_utf8_lossy(bytes)),
    }
}

/// A noise line in the ring of recent lines: a copy, or where it lies in the chunk being pushed
/// (`start..end`). Lines are copied only when a chunk ends with them still in the ring, so an
/// output compressed at once copies none of its folded lines.
#[derive(Debug)]
pub(crate) enum Held {
    Own(Vec<u8>),
    At(usize, usize),
}

impl Held {
    /// The line's text; `block` is the chunk being pushed (a copy ignores it).
    pub(crate) fn text<'a>(&'a self, block: &'a [u8]) -> &'a [u8] {
        match self {
            Held::Own(v) => v,
            Held::At(s, e) => block.get(*s..*e).unwrap_or_default(),
        }
    }

    /// The line as an owned buffer (`spare` lends one for a copy).
    pub(crate) fn into_vec(self, block: &[u8], spare: &mut Vec<Vec<u8>>) -> Vec<u8> {
        match self {
            Held::Own(v) => v,
            Held::At(s, e) => {
                let mut v = spare.pop().unwrap_or_default();
                v.clear();
                v.extend_from_slice(block.get(s..e).unwrap_or_default());
                v
            }
        }
    }
}

/// The current run of noise lines: its folded segments, the current group of near-identical
/// lines, and its last lines (pulled back verbatim when a kept line needs them).
#[derive(Debug, Default)]
pub(crate) struct Run {
    pub(crate) count: u64,
    pub(crate) segs: Vec<Item>,
    pub(crate) cur_start: u64,
    pub(crate) cur_count: u64,
    /// Tokens of the current run's first line (`None` when cut: its copy is compared).
    pub(crate) cur_tokens: Option<usize>,
    pub(crate) cur_first: Vec<u8>,
    /// The current run's first line is still in `recent` (at `recent.len() - cur_count`), not
    /// copied into `cur_first`: it moves there only when it leaves the ring.
    pub(crate) cur_in_ring: bool,
    /// The current run's first line is a finding folded beyond its group's limit: examples of
    /// it were shown, so the run folds to a plain marker.
    pub(crate) cur_grouped: bool,
    /// The next noise line is such a finding.
    pub(crate) next_grouped: bool,
    pub(crate) recent: VecDeque<(u64, Held)>,
    pub(crate) spare: Vec<Vec<u8>>,
}

impl Run {
    /// The first line of the current run (`cur_count > 0`); `block`: the chunk being pushed.
    pub(crate) fn first<'a>(&'a self, block: &'a [u8]) -> &'a [u8] {
        if self.cur_in_ring {
            let at = self.recent.len().saturating_sub(self.cur_count as usize);
            self.recent.get(at).map_or(&[][..], |(_, l)| l.text(block))
        } else {
            &self.cur_first
        }
    }

    /// Copies the lines of the ring that lie in `block`, the chunk whose push ends.
    pub(crate) fn own(&mut self, block: &[u8]) {
        for (_, held) in self.recent.iter_mut() {
            if let Held::At(..) = held {
                let v =
                    std::mem::replace(held, Held::Own(Vec::new())).into_vec(block, &mut self.spare);
                *held = Held::Own(v);
            }
        }
    }

    /// Ends the current group of near-identical lines: `×N` when long enough, else folded.
    pub(crate) fn flush_cur(&mut self, repeat_min: u64, block: &[u8]) {
        let run = self;
        if run.cur_count == 0 {
            return;
        }
        if run.cur_count >= repeat_min.max(2) && !run.cur_grouped {
            let first = if run.cur_in_ring {
                run.first(block).to_vec()
            } else {
                std::mem::take(&mut run.cur_first)
            };
            run.segs.push(Item::Similar {
                first,
                start: run.cur_start,
                count: run.cur_count,
            });
        } else {
            push_omitted(&mut run.segs, run.cur_start, run.cur_count);
        }
        run.cur_count = 0;
    }

    /// Ends the run, keeping its last `pull` lines verbatim: its items go to `out`; returns the
    /// number of lines folded.
    pub(crate) fn close(
        &mut self,
        pull: usize,
        repeat_min: u64,
        block: &[u8],
        out: &mut Vec<Item>,
    ) -> u64 {
        if self.count == 0 {
            return 0;
        }
        self.flush_cur(repeat_min, block);
        let run = self;
        let pull = pull.min(run.recent.len()).min(run.count as usize);
        let mut remaining = run.count - pull as u64;
        // Take `pull` lines off the end of the segments.
        let mut to_drop = pull as u64;
        while to_drop > 0 {
            let Some(last) = run.segs.last_mut() else {
                break;
            };
            match last {
                Item::Omitted { count, .. } | Item::Similar { count, .. } => {
                    let d = to_drop.min(*count);
                    *count -= d;
                    to_drop -= d;
                    if *count == 0 {
                        run.segs.pop();
                    }
                }
                Item::Line { .. } => break,
            }
        }
        if let Some(Item::Similar { start, count, .. }) = run.segs.last()
            && *count < repeat_min.max(2)
        {
            let (s, c) = (*start, *count);
            run.segs.pop();
            push_omitted(&mut run.segs, s, c);
        }
        // A single short folded line is cheaper shown than folded.
        let first_kept = run.recent.len() - pull;
        if remaining == 1
            && first_kept >= 1
            && let Some((no, held)) = run.recent.get(first_kept - 1)
            && held.text(block).len() <= 48
            && matches!(
                run.segs.as_slice(),
                [Item::Omitted { count: 1, .. }] | [Item::Similar { count: 1, .. }]
            )
        {
            run.segs.clear();
            run.segs.push(Item::Line {
                text: held.text(block).to_vec(),
                repeat: 1,
                no: *no,
            });
            remaining = 0;
        }
        collapse_mixed(&mut run.segs);
        // A run that goes on where the last marker ended (a finding taken back into the noise)
        // joins that marker.
        if let Some(Item::Omitted { start, count }) = run.segs.first()
            && let Some(Item::Omitted { start: s, count: c }) = out.last_mut()
            && *s + *c == *start
        {
            *c += *count;
            run.segs.remove(0);
        }
        out.append(&mut run.segs);
        for (i, (no, held)) in run.recent.drain(..).enumerate() {
            if i >= first_kept {
                let text = held.into_vec(block, &mut run.spare);
                out.push(Item::Line {
                    text,
                    repeat: 1,
                    no,
                });
            } else if let Held::Own(text) = held {
                run.spare.push(text);
            }
        }
        run.count = 0;
        remaining
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_read_as_formatted_text() {
        let mut out = String::new();
        for n in [0u64, 1, 9, 10, 99, 100, 12_345, u64::MAX] {
            out.clear();
            push_number(&mut out, n);
            assert_eq!(out, n.to_string());
        }
        let items = [
            (Item::Omitted { start: 3, count: 1 }, "[… 3:3 folded]"),
            (
                Item::Omitted {
                    start: 3,
                    count: 188,
                },
                "[… 3:190 folded]",
            ),
            (
                Item::Similar {
                    first: b"GET /".to_vec(),
                    start: 2,
                    count: 100,
                },
                "GET /  [×100 similar, 2:101]",
            ),
            (
                Item::Line {
                    text: b"x".to_vec(),
                    repeat: 1,
                    no: 1,
                },
                "x",
            ),
            (
                Item::Line {
                    text: b"x".to_vec(),
                    repeat: 12,
                    no: 1,
                },
                "x  [×12]",
            ),
        ];
        for (item, want) in items {
            out.clear();
            render(&item, &mut out);
            assert_eq!(out, want);
        }
    }
}

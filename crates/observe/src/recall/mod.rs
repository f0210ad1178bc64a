//! The recall-first fallback: a line no rule classifies is not folded away when it looks
//! informative. Streaming and tool-agnostic: each unclassified line is scored against the ones
//! before it (its masked [`template`] is new in an output that repeats itself, it breaks a long
//! run of one template, it holds a word of the [`lexicon`]), and kept when the score reaches a
//! threshold and the budget (a few lines, then a share of the lines seen) is not spent. A
//! template seen more than twice is never kept again, so a long log of repeated lines stays
//! small; memory is bounded by [`MAX_TEMPLATES`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

pub mod lexicon;
pub mod template;

/// Templates counted per output; past this many, new templates count as seen once.
pub const MAX_TEMPLATES: usize = 4096;

/// The thresholds of the fallback (chosen on one half of the blind sets, see the crate README).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecallParams {
    /// The score a line needs to be kept.
    pub min_score: u32,
    /// Lines kept before the budget grows with the output.
    pub base_budget: u64,
    /// Lines kept per 1000 unclassified lines seen, on top of `base_budget`.
    pub per_mille: u64,
    /// Unclassified lines seen before a new template counts as rare.
    pub min_seen: u64,
    /// A new template counts as rare while the templates seen are at most this percentage of the
    /// lines seen (the output repeats itself).
    pub max_distinct_pct: u64,
    /// A run of one template at least this long makes the line that breaks it stand out.
    pub run_min: u32,
    /// A template seen more than this many times is never kept.
    pub max_repeats: u32,
}

impl Default for RecallParams {
    fn default() -> Self {
        Self {
            min_score: 3,
            base_budget: 20,
            per_mille: 20,
            min_seen: 16,
            max_distinct_pct: 40,
            run_min: 4,
            max_repeats: 4,
        }
    }
}

/// Score of a lexicon word (one is enough to be kept at the default threshold).
const WORD: u32 = 3;
/// Score of a template new to an output that repeats itself.
const RARE: u32 = 2;
/// Score of a line breaking a long run of one template.
const BREAK: u32 = 1;

/// Hashes a template key (already a hash) as itself.
#[derive(Debug, Clone, Copy, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// What the fallback reads of a line: functions of its bytes alone, so a caller that remembers
/// them for a line it saw may answer for the same bytes again.
pub trait Reader {
    /// The line's [`template::template`].
    fn template(&mut self, line: &[u8]) -> u64 {
        template::template(line)
    }

    /// The line's lexicon words, and one more for a nonzero failure field.
    fn words(&mut self, line: &[u8]) -> u32 {
        lexicon::hits(line) + u32::from(lexicon::nonzero_failure_field(line))
    }
}

/// Reads every line afresh.
#[derive(Debug, Clone, Copy, Default)]
pub struct Plain;

impl Reader for Plain {}

/// The fallback's state over one output.
#[derive(Debug, Clone, Default)]
pub struct Recall {
    params: RecallParams,
    /// Per template: lines seen, words of its first line.
    templates: HashMap<u64, (u32, u32), BuildHasherDefault<KeyHasher>>,
    seen: u64,
    kept: u64,
    last: u64,
    run: u32,
}

impl Recall {
    /// A fallback with these thresholds.
    pub fn new(params: RecallParams) -> Self {
        Self {
            params,
            ..Self::default()
        }
    }

    /// Reads the next unclassified line and says whether to keep it.
    pub fn wants(&mut self, line: &[u8]) -> bool {
        self.wants_with(line, &mut Plain)
    }

    /// [`Self::wants`], with `reader` giving what is read of the line (a caller that remembers
    /// what it read of lines).
    pub fn wants_with(&mut self, line: &[u8], reader: &mut impl Reader) -> bool {
        let score = self.score_with(line, reader);
        if score >= self.params.min_score && self.kept < self.budget() {
            self.kept += 1;
            return true;
        }
        false
    }

    /// Reads the next unclassified line when it is near-identical to the one before (the
    /// compressor's run of similar lines goes on): counted as that line's template again,
    /// without reading it.
    pub fn again(&mut self) {
        self.seen += 1;
        if let Some(t) = self.templates.get_mut(&self.last) {
            t.0 += 1;
        }
        self.run += 1;
    }

    /// Lines the budget allows after the lines seen so far.
    fn budget(&self) -> u64 {
        self.params.base_budget + self.seen * self.params.per_mille / 1000
    }

    /// Reads the next unclassified line and scores it (0 for a blank line or a template seen
    /// more than [`RecallParams::max_repeats`] times).
    pub fn score(&mut self, line: &[u8]) -> u32 {
        self.score_with(line, &mut Plain)
    }

    /// [`Self::score`], with `reader` giving what is read of the line.
    fn score_with(&mut self, line: &[u8], reader: &mut impl Reader) -> u32 {
        if line.iter().all(u8::is_ascii_whitespace) {
            self.run = 0;
            return 0;
        }
        let p = self.params;
        let key = reader.template(line);
        self.seen += 1;
        let broke = key != self.last && self.run >= p.run_min;
        if key == self.last {
            self.run += 1;
        } else {
            (self.last, self.run) = (key, 1);
        }
        // A template's words are read on its first line only (its words are its own).
        let (before, words) = match self.templates.get_mut(&key) {
            Some(t) => {
                t.0 += 1;
                (t.0 - 1, t.1)
            }
            None => {
                // Read only while the budget has room (the words are remembered for later lines).
                let words = if self.kept < self.budget() {
                    reader.words(line)
                } else {
                    0
                };
                if self.templates.len() < MAX_TEMPLATES {
                    self.templates.insert(key, (1, words));
                }
                (0, words)
            }
        };
        if before > p.max_repeats {
            return 0;
        }
        let distinct = self.templates.len() as u64;
        let mut score = 0;
        if before == 0 && self.seen > p.min_seen && distinct * 100 <= self.seen * p.max_distinct_pct
        {
            score += RARE;
        }
        if broke {
            score += BREAK;
        }
        score + WORD * words
    }
}

#[cfg(test)]
mod tests {
    use super::{Recall, RecallParams};

    #[test]
    fn a_word_is_kept_once_its_template_is_rare() {
        let mut r = Recall::new(RecallParams::default());
        assert!(r.wants(b"debsums: missing file /usr/bin/a"));
        assert!(!r.wants(b"plain line"));
        for _ in 0..5 {
            r.wants(b"debsums: missing file /usr/bin/b");
        }
        assert!(!r.wants(b"debsums: missing file /usr/bin/c"));
    }

    #[test]
    fn a_rare_line_in_a_repeating_output_is_kept() {
        let mut r = Recall::new(RecallParams::default());
        for i in 0..40 {
            let line = format!("downloading chunk {i} of 40");
            assert!(!r.wants(line.as_bytes()));
        }
        assert!(r.wants(b"checksum of chunk 17 does not match"));
    }

    #[test]
    fn the_budget_bounds_what_is_kept() {
        let mut r = Recall::new(RecallParams::default());
        let kept = (0..10_000)
            .filter(|i| r.wants(format!("x{} unable to {}", "y".repeat(i % 500), i).as_bytes()))
            .count();
        assert!(kept <= 20 + 200, "{kept}");
    }
}

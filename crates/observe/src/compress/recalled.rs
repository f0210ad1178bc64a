//! Where the recall fallback ([`crate::recall`]) plugs into the compressor: a line no rule
//! takes goes to the noise run as before, and when the fallback wants it, it is marked
//! (`recall_at`) rather than kept at once. Until the run has gone on for the tail's length
//! below it, the line is noise to every other rule: a kept line below pulls it back with the
//! lines it pulls anyway (a header above it still reaches its finding), the end of the output
//! takes it with the tail. Then it is kept alone: the run is closed at it and the lines after it
//! go back to a new run, as if it had been kept when it came. So every line a build without the
//! fallback keeps is kept with it.

use super::{CARRIED, Compressor};
use crate::fold::Item;

impl Compressor<'_> {
    /// Marks line `no`, just added to the noise run, as wanted by the fallback (a line marked
    /// before is kept first).
    pub(super) fn mark_recalled(&mut self, no: u64, block: &[u8]) {
        if self.recall_at != 0 {
            self.keep_recalled(block);
        }
        self.recall_at = no;
    }

    /// How many lines above line `no` must be pulled to take the marked line back (0 when none
    /// is marked); clears the mark.
    pub(super) fn recall_pulled(&mut self, no: u64) -> usize {
        let at = std::mem::take(&mut self.recall_at);
        if at == 0 || at >= no {
            return 0;
        }
        usize::try_from(no - at).unwrap_or(usize::MAX)
    }

    /// The lines a line kept at `no` pulls from the run (`before`, or more to take the marked
    /// line back when that costs no other line), the marked line kept alone first otherwise.
    pub(super) fn pull_recalled(&mut self, no: u64, before: usize, block: &[u8]) -> usize {
        if self.recall_at == 0 {
            return before;
        }
        if no - self.recall_at <= before as u64 + 1 {
            return before.max(self.recall_pulled(no));
        }
        self.keep_recalled(block);
        before
    }

    /// Keeps the marked line: closes the run at it, then feeds the lines after it to a new run.
    pub(super) fn keep_recalled(&mut self, block: &[u8]) {
        let at = std::mem::take(&mut self.recall_at);
        let Some(pos) = self.run.recent.iter().position(|(n, _)| *n == at) else {
            return;
        };
        let pull = self.run.recent.len() - pos;
        self.close_run(pull, block);
        let why = std::mem::replace(&mut self.why, "recall");
        self.note(at, 0);
        self.why = why;
        let keep_at = self.out.len() + 1 - pull;
        let after: Vec<Item> = self.out.drain(keep_at.min(self.out.len())..).collect();
        for item in after {
            if let Item::Line { text, no, .. } = item {
                self.noise(no, &text, CARRIED);
            }
        }
    }
}

//! Why each shown line was kept: a trace for measuring where the shown bytes go (the
//! `corpus_eval --explain` account), off unless asked for with [`Compressor::explaining`].

use super::{Compressed, Compressor};

impl Compressor<'_> {
    /// Records, for each kept line, why it was kept (see [`Compressor::finish_explained`]).
    #[doc(hidden)]
    pub fn explaining(mut self) -> Self {
        self.reasons = Some(Vec::new());
        self
    }

    /// [`Compressor::finish`], with the reason of every kept line by line number (a later
    /// entry for the same line wins; lines with no entry were a single short folded line shown
    /// as is). Reasons: `hit:KIND`, `context`, `head`, `tail`, `pulled`, `wrapped`, `keep`.
    #[doc(hidden)]
    pub fn finish_explained(self) -> (Compressed, Vec<(u64, &'static str)>) {
        self.finish_with()
    }

    /// Notes why line `no` is kept, and that the `pulled` lines above it are kept with it.
    pub(super) fn note(&mut self, no: u64, pulled: usize) {
        if let Some(r) = self.reasons.as_mut() {
            for k in 1..=pulled as u64 {
                r.push((no.saturating_sub(k), "pulled"));
            }
            r.push((no, self.why));
        }
    }
}

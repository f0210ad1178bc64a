//! The counts of one compression ([`Stats`]).

use std::collections::BTreeMap;

/// Counts describing one compression.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Lines of input (a last line without `\n` counts).
    pub lines_in: u64,
    /// Bytes of input.
    pub bytes_in: u64,
    /// Lines of the returned text.
    pub lines_out: u64,
    /// Bytes of the returned text.
    pub bytes_out: u64,
    /// Input lines folded into markers or `×N` counts.
    pub folded_lines: u64,
    /// Kept lines per kind (context lines are not counted).
    pub kinds: BTreeMap<&'static str, u64>,
    /// Grouped lines (warnings) folded because their rule was already shown often enough.
    pub grouped_folded: u64,
}

impl Stats {
    /// `bytes_out / bytes_in` (1.0 for empty input).
    pub fn ratio(&self) -> f64 {
        if self.bytes_in == 0 {
            1.0
        } else {
            self.bytes_out as f64 / self.bytes_in as f64
        }
    }
}

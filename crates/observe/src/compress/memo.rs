//! A bounded memo of how lines were read ([`Compressor::hit`]): a long output prints the same
//! line again and again (`  ...`, `    |`, `+    }`, a directory listing's `..`), and each
//! time the tool rules and the generic core would read it the same way.
//!
//! Why the memo cannot change a result: [`Compressor::hit`] is a function of the line's bytes,
//! the block scan's `anywhere` flag, and the compressor's fixed options and compiled rules (the
//! generic core's word scan reads the line alone); it reads no state of the compressor (the
//! rules' scratch space and lazy caches change speed only). A slot answers only for the same
//! bytes and flag, compared whole (the hash only picks the slot), so a hit returns what the call would. The count of a
//! line (`0 failed` against `3 failed`) is in its bytes: no two lines that differ share an
//! answer. The table is direct-mapped, of at most [`MAX_SLOTS`] lines of at most [`MAX_LINE`]
//! bytes, so its memory is bounded whatever the output.

use super::Compressor;
use super::hits::Hit;
use crate::recall::{Plain, Reader};

/// Slots of the table at first (a power of two): a short output pays little for it.
const FIRST_SLOTS: usize = 256;

/// Slots of the table at most: it grows fourfold each time the output has read four times as
/// many lines as it has slots (the readings it held are dropped then). 4,096 read 0.4% fewer
/// instructions on the 152 logs but hold more than a core's L2 cache.
const MAX_SLOTS: usize = 1024;

/// Longer lines are read each time (long lines seldom repeat whole, and copying them costs).
const MAX_LINE: usize = 256;

/// One remembered reading.
#[derive(Debug, Default)]
struct Slot {
    /// Whether the slot holds a reading yet.
    filled: bool,
    hash: u64,
    anywhere: bool,
    line: Vec<u8>,
    hit: Option<Hit>,
    /// The line's recall template, once asked for ([`HitMemo::template`]).
    template: Option<u64>,
    /// The line's recall words, once asked for.
    lexicon: Option<u32>,
}

/// The memo of one compressor (empty until a line is read).
#[derive(Debug, Default)]
pub(super) struct HitMemo {
    slots: Vec<Slot>,
    /// The slot of the line read last (out of range when it was not remembered).
    at: usize,
    /// Set by tests to read every line (the plain path the memo is checked against).
    off: bool,
}

/// A hash of the line's bytes and length, eight bytes at a time.
#[inline]
fn line_hash(line: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = line.len() as u64;
    let mut chunks = line.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut w = [0u8; 8];
        w[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    h
}

impl HitMemo {
    /// The slot holding `line` when it is the line read last and still there (its bytes
    /// compared whole).
    fn holding(&mut self, line: &[u8]) -> Option<&mut Slot> {
        self.slots
            .get_mut(self.at)
            .filter(|s| s.filled && s.line == line)
    }
}

/// What the recall fallback reads of a line, remembered with the line in its slot.
impl Reader for HitMemo {
    fn template(&mut self, line: &[u8]) -> u64 {
        match self.holding(line) {
            Some(s) => *s.template.get_or_insert_with(|| Plain.template(line)),
            None => Plain.template(line),
        }
    }

    fn words(&mut self, line: &[u8]) -> u32 {
        match self.holding(line) {
            Some(s) => *s.lexicon.get_or_insert_with(|| Plain.words(line)),
            None => Plain.words(line),
        }
    }
}

impl Compressor<'_> {
    /// [`Self::hit`], answered from the memo when the same line was read with the same flag
    /// and is still there.
    #[inline]
    pub(super) fn read(&mut self, line: &[u8], anywhere: bool) -> Option<Hit> {
        self.memo.at = usize::MAX;
        if line.len() > MAX_LINE || self.memo.off {
            return self.hit(line, anywhere);
        }
        let hash = line_hash(line);
        let n = self.memo.slots.len();
        if n == 0 || (n < MAX_SLOTS && self.lineno > 4 * n as u64) {
            let n = (4 * n).clamp(FIRST_SLOTS, MAX_SLOTS);
            self.memo.slots = std::iter::repeat_with(Slot::default).take(n).collect();
        }
        let i = (hash >> (64 - self.memo.slots.len().trailing_zeros())) as usize;
        self.memo.at = i;
        if let Some(s) = self.memo.slots.get(i)
            && s.filled
            && s.hash == hash
            && s.anywhere == anywhere
            && s.line == line
        {
            return s.hit;
        }
        let hit = self.hit(line, anywhere);
        if let Some(s) = self.memo.slots.get_mut(i) {
            s.filled = true;
            s.hash = hash;
            s.anywhere = anywhere;
            s.line.clear();
            s.line.extend_from_slice(line);
            s.hit = hit;
            (s.template, s.lexicon) = (None, None);
        }
        hit
    }
}

#[cfg(test)]
mod tests {
    use crate::options::CompressOptions;
    use crate::{Compressed, Compressor, TOOL_FAMILIES};

    type Explained = (Compressed, Vec<(u64, &'static str)>);

    /// Compresses `data` pushed in chunks of `chunk` bytes (lines split across chunks are carried
    /// over), with the memo on or off, with the reason of every kept line.
    fn run(data: &[u8], opts: &CompressOptions, chunk: usize, off: bool) -> Explained {
        let mut c = Compressor::new(opts).explaining();
        c.memo.off = off;
        for part in data.chunks(chunk.max(1)) {
            c.push(part);
        }
        c.finish_explained()
    }

    /// The options of the three corpus modes: every rule, one family off, no tool rule.
    fn modes() -> [CompressOptions; 3] {
        [
            CompressOptions::default(),
            CompressOptions::default().without_tool_rules(["pytest"]),
            CompressOptions::default().without_tool_rules(TOOL_FAMILIES),
        ]
    }

    fn assert_same(data: &[u8], opts: &CompressOptions, chunk: usize) {
        let (memo, plain) = (run(data, opts, chunk, false), run(data, opts, chunk, true));
        assert_eq!(memo.0, plain.0, "chunk {chunk}");
        assert_eq!(memo.1, plain.1, "chunk {chunk}");
    }

    /// Every log of several sets compresses to the same bytes, counts and reasons with the
    /// memo as without it, whole and in chunks that split lines.
    #[test]
    fn the_memo_changes_nothing_on_the_corpus_sets() {
        let sets = [
            "corpus", "wild", "wild2", "wild7", "wild19", "wild21", "wild24", "wild27",
        ];
        let logs = crate::corpus_logs::corpus_logs(&sets);
        assert!(logs.len() > 50, "{} logs", logs.len());
        for opts in &modes() {
            for data in &logs {
                assert_same(data, opts, usize::MAX);
            }
        }
        for data in logs.iter().step_by(7) {
            assert_same(data, &CompressOptions::default(), 997);
        }
    }

    /// Real lines of the corpus, and each with its first digit changed (`0 failed` against
    /// `3 failed`: the same template, another count).
    fn pool() -> Vec<Vec<u8>> {
        let mut pool = Vec::new();
        for data in crate::corpus_logs::corpus_logs(&["wild", "wild24"]) {
            for line in data.split(|&b| b == b'\n').step_by(13).take(40) {
                pool.push(line.to_vec());
                if let Some(i) = line.iter().position(u8::is_ascii_digit) {
                    let mut other = line.to_vec();
                    other[i] = if line[i] == b'0' { b'3' } else { b'0' };
                    pool.push(other);
                }
            }
        }
        pool
    }

    static POOL: std::sync::LazyLock<Vec<Vec<u8>>> = std::sync::LazyLock::new(pool);

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Outputs made of a few real lines and their variants repeated in any order compress
        /// the same with the memo as without it.
        #[test]
        fn the_memo_changes_nothing_on_repeated_real_lines(
            picks in proptest::collection::vec(0usize..10_000, 1..400),
            few in 2usize..40,
            chunk in 1usize..4096,
            mode in 0usize..3,
        ) {
            let pool = &*POOL;
            proptest::prop_assert!(pool.len() > 100);
            let start = picks[0] % pool.len();
            let mut data = Vec::new();
            for p in &picks {
                data.extend_from_slice(&pool[(start + p % few) % pool.len()]);
                data.push(b'\n');
            }
            let opts = &modes()[mode];
            let (memo, plain) = (run(&data, opts, chunk, false), run(&data, opts, chunk, true));
            proptest::prop_assert_eq!(memo.0, plain.0);
            proptest::prop_assert_eq!(memo.1, plain.1);
        }
    }
}

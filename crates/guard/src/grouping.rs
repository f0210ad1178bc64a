//! First-fit grouping of error signatures by trigram similarity, fast.
//!
//! The reference scans every existing group for every failure (O(failures × groups) similarity
//! computations, each rebuilding two trigram sets). The result here is identical — each new
//! signature joins the earliest-created group whose signature is at least `threshold` similar —
//! but it is found with the classic set-similarity-join filters:
//!
//! - *memo*: a signature seen before lands in the same group again (groups are only appended and
//!   the earlier ones did not match it);
//! - *prefix filter*: with trigrams sorted by a global order (rarest first), two sets with
//!   Jaccard ≥ t must share a trigram among the first `|x| - ⌈t·|x|⌉ + 1` of each, so only groups
//!   indexed under those trigrams are candidates;
//! - *length filter*: Jaccard ≤ min/max of the set sizes.
//!
//! Candidates are verified with the exact Jaccard formula, in creation order.

use rustc_hash::FxHashMap;

use crate::similarity::{Trigrams, jaccard_at_least};

/// A signature's trigram set as ranks in the global order (ascending = rarest first).
#[derive(Debug, Clone)]
struct RankedSet(Vec<u32>);

impl RankedSet {
    /// The prefix that must intersect for Jaccard ≥ t (one longer than needed, for float safety).
    fn prefix(&self, threshold: f64) -> &[u32] {
        let n = self.0.len();
        let must_share = (threshold * n as f64 - 1e-9).ceil().max(0.0) as usize;
        let len = (n - must_share.min(n) + 2).min(n);
        &self.0[..len]
    }
}

/// Assigns each signature (by index into `signatures`, in order of occurrence) to a group.
///
/// Returns, for each entry of `sequence`, the group index (groups numbered in creation order),
/// and the signature index that created each group.
pub fn first_fit_groups(
    signatures: &[String],
    sequence: &[usize],
    threshold: f64,
) -> (Vec<usize>, Vec<usize>) {
    // Global trigram order: by document frequency among the distinct signatures, then value.
    let sets: Vec<Trigrams> = signatures.iter().map(|s| Trigrams::of(s)).collect();
    let mut df: FxHashMap<u64, u32> = FxHashMap::default();
    for t in &sets {
        for g in t.grams() {
            *df.entry(*g).or_insert(0) += 1;
        }
    }
    let mut order: Vec<(u32, u64)> = df.iter().map(|(g, n)| (*n, *g)).collect();
    order.sort_unstable();
    let rank: FxHashMap<u64, u32> = order
        .iter()
        .enumerate()
        .map(|(i, (_, g))| (*g, i as u32))
        .collect();
    let ranked: Vec<RankedSet> = sets
        .iter()
        .map(|t| {
            let mut v: Vec<u32> = t
                .grams()
                .iter()
                .filter_map(|g| rank.get(g).copied())
                .collect();
            v.sort_unstable();
            RankedSet(v)
        })
        .collect();

    let mut fit: Vec<Option<usize>> = vec![None; signatures.len()];
    let mut creators: Vec<usize> = Vec::new();
    let mut postings: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
    let mut out = Vec::with_capacity(sequence.len());
    let mut candidates: Vec<usize> = Vec::new();
    for &s in sequence {
        if let Some(g) = fit[s] {
            out.push(g);
            continue;
        }
        let a = &ranked[s];
        candidates.clear();
        for tok in a.prefix(threshold) {
            if let Some(list) = postings.get(tok) {
                candidates.extend_from_slice(list);
            }
        }
        candidates.sort_unstable();
        candidates.dedup();
        let found = candidates.iter().copied().find(|&g| {
            let b = &ranked[creators[g]];
            let (x, y) = (a.0.len().min(b.0.len()), a.0.len().max(b.0.len()));
            (y == 0 || x as f64 / y as f64 >= threshold) && jaccard_at_least(&a.0, &b.0, threshold)
        });
        let g = match found {
            Some(g) => g,
            None => {
                let g = creators.len();
                creators.push(s);
                for tok in a.prefix(threshold) {
                    postings.entry(*tok).or_default().push(g);
                }
                g
            }
        };
        fit[s] = Some(g);
        out.push(g);
    }
    (out, creators)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::similarity::similarity;

    /// The reference algorithm: scan every group in creation order.
    fn brute(signatures: &[String], sequence: &[usize], t: f64) -> Vec<usize> {
        let mut groups: Vec<usize> = Vec::new();
        sequence
            .iter()
            .map(|&s| {
                match groups
                    .iter()
                    .position(|&c| similarity(&signatures[c], &signatures[s]) >= t)
                {
                    Some(g) => g,
                    None => {
                        groups.push(s);
                        groups.len() - 1
                    }
                }
            })
            .collect()
    }

    proptest::proptest! {
        #[test]
        fn same_groups_as_the_brute_force_scan(
            words in proptest::collection::vec("[a-d]{1,4}( [a-d#]{1,3}){0,4}", 1..25),
            seq in proptest::collection::vec(0usize..100, 1..60),
            t in proptest::sample::select(vec![0.05, 0.3, 0.5, 0.7, 0.85, 0.9, 1.0]),
        ) {
            let mut distinct = words.clone();
            distinct.sort();
            distinct.dedup();
            let seq: Vec<usize> = seq.iter().map(|i| i % distinct.len()).collect();
            let (got, _) = first_fit_groups(&distinct, &seq, t);
            proptest::prop_assert_eq!(got, brute(&distinct, &seq, t));
        }
    }
}

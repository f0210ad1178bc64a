//! Character-trigram Jaccard similarity, over UTF-16 code units as JavaScript strings are.
//!
//! `sim(a, b)` is 1 when the strings are identical; otherwise the Jaccard index of the sets of
//! trigrams of `"  " + lowercase(s) + "  "`. Trigrams are taken over UTF-16 code units, so a
//! character outside the Basic Multilingual Plane counts as two units and a trigram may hold half
//! of a surrogate pair, exactly as the reference computes it.

use std::collections::HashMap;

use loopwright_protocol::json::utf16_units;

/// The trigram set of a string: sorted, deduplicated, each trigram packed into a `u64`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigrams(Vec<u64>);

impl Trigrams {
    /// Builds the trigram set of `s`.
    pub fn of(s: &str) -> Self {
        let lower = s.to_lowercase();
        let mut units: Vec<u16> = Vec::with_capacity(lower.len() + 4);
        units.extend([0x20, 0x20]);
        units.extend(utf16_units(&lower));
        units.extend([0x20, 0x20]);
        let mut grams: Vec<u64> = units
            .windows(3)
            .map(|w| (u64::from(w[0]) << 32) | (u64::from(w[1]) << 16) | u64::from(w[2]))
            .collect();
        grams.sort_unstable();
        grams.dedup();
        Trigrams(grams)
    }

    /// The packed trigrams, sorted.
    pub fn grams(&self) -> &[u64] {
        &self.0
    }

    /// Number of distinct trigrams (never 0).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Always false: a padded string has at least one trigram.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Jaccard index of two trigram sets.
    pub fn jaccard(&self, other: &Trigrams) -> f64 {
        sorted_jaccard(&self.0, &other.0)
    }

    /// An upper bound of the Jaccard index from the set sizes alone (min/max).
    pub fn jaccard_upper_bound(&self, other: &Trigrams) -> f64 {
        let (x, y) = (self.len(), other.len());
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        if hi == 0 { 0.0 } else { lo as f64 / hi as f64 }
    }
}

/// Jaccard index of two sorted, deduplicated slices (as sets).
pub fn sorted_jaccard<T: Ord>(a: &[T], b: &[T]) -> f64 {
    let (mut i, mut j, mut inter) = (0usize, 0usize, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                inter += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let union = a.len() + b.len() - inter;
    if union == 0 {
        0.0
    } else {
        inter as f64 / union as f64
    }
}

/// `sorted_jaccard(a, b) >= threshold`, exactly, but stopping the merge as soon as the
/// overlap still reachable cannot meet the threshold.
///
/// The smallest overlap `o` with `o / (|a| + |b| - o) >= threshold` (in the same floating-point
/// arithmetic as [`sorted_jaccard`], which is monotone in `o`) is found first; the merge gives up
/// when `overlap so far + min(remaining)` falls below it.
pub fn jaccard_at_least<T: Ord>(a: &[T], b: &[T], threshold: f64) -> bool {
    let total = a.len() + b.len();
    if total == 0 {
        return 0.0 >= threshold;
    }
    let score = |o: usize| o as f64 / (total - o) as f64;
    let most = a.len().min(b.len());
    let guess = (threshold / (1.0 + threshold) * total as f64).floor();
    let mut need = if guess.is_finite() && guess > 2.0 {
        (guess as usize - 2).min(most)
    } else {
        0
    };
    while need > 0 && score(need - 1) >= threshold {
        need -= 1;
    }
    while score(need) < threshold {
        if need == most {
            return false;
        }
        need += 1;
    }
    let (mut i, mut j, mut inter) = (0usize, 0usize, 0usize);
    while i < a.len() && j < b.len() {
        if inter + (a.len() - i).min(b.len() - j) < need {
            return false;
        }
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                inter += 1;
                if inter >= need {
                    return true;
                }
                i += 1;
                j += 1;
            }
        }
    }
    inter >= need
}

/// Similarity of two strings in `[0, 1]`.
///
/// ```
/// use loopwright_guard::similarity::similarity;
/// assert_eq!(similarity("a", "A"), 1.0);
/// assert_eq!(similarity("", "x"), 0.0);
/// assert_eq!(similarity("ab", "abc"), 0.2857142857142857);
/// ```
pub fn similarity(a: &str, b: &str) -> f64 {
    if a == b {
        return 1.0;
    }
    Trigrams::of(a).jaccard(&Trigrams::of(b))
}

/// A cache of trigram sets by string, for comparing many strings against each other.
#[derive(Debug, Default)]
pub struct TrigramCache {
    sets: HashMap<String, Trigrams>,
}

impl TrigramCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// The trigram set of `s`, computed once.
    pub fn get(&mut self, s: &str) -> &Trigrams {
        if !self.sets.contains_key(s) {
            self.sets.insert(s.to_owned(), Trigrams::of(s));
        }
        // Present: inserted just above when missing.
        &self.sets[s]
    }

    /// `similarity(a, b) >= threshold`, using cached sets and the size bound to skip work.
    pub fn similar(&mut self, a: &str, b: &str, threshold: f64) -> bool {
        if a == b {
            return 1.0 >= threshold;
        }
        self.get(a);
        self.get(b);
        let (ta, tb) = (&self.sets[a], &self.sets[b]);
        if ta.jaccard_upper_bound(tb) < threshold {
            return false;
        }
        ta.jaccard(tb) >= threshold
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        assert_eq!(similarity("", "x"), 0.0);
        assert_eq!(similarity("a", "A"), 1.0);
        assert_eq!(similarity("ab", "abc"), 0.2857142857142857);
        // Over UTF-16 units: 0.6, not the 0.6364 a code-point version gives.
        assert_eq!(similarity("deploy 😀😀 failed", "deploy 😁😁 failed"), 0.6);
    }

    #[test]
    fn identical_strings_are_one_even_when_lowercase_differs() {
        assert_eq!(similarity("İ", "İ"), 1.0);
        assert_eq!(similarity("ΟΔΟΣ", "οδος"), 1.0);
    }

    proptest::proptest! {
        #[test]
        fn symmetric_bounded_and_reflexive(a in "\\PC{0,30}", b in "\\PC{0,30}") {
            let x = similarity(&a, &b);
            proptest::prop_assert!((0.0..=1.0).contains(&x));
            proptest::prop_assert_eq!(x, similarity(&b, &a));
            proptest::prop_assert_eq!(similarity(&a, &a), 1.0);
            let ta = Trigrams::of(&a);
            let tb = Trigrams::of(&b);
            proptest::prop_assert!(ta.jaccard(&tb) <= ta.jaccard_upper_bound(&tb));
        }

        #[test]
        fn early_exit_agrees_with_the_full_merge(
            a in proptest::collection::btree_set(0u8..40, 0..30),
            b in proptest::collection::btree_set(0u8..40, 0..30),
            t in proptest::sample::select(vec![0.0, 0.05, 0.3, 1.0 / 3.0, 0.5, 0.7, 0.85, 0.9, 1.0]),
            tf in 0.0f64..=1.0,
        ) {
            let (a, b): (Vec<u8>, Vec<u8>) = (a.into_iter().collect(), b.into_iter().collect());
            for t in [t, tf] {
                proptest::prop_assert_eq!(jaccard_at_least(&a, &b, t), sorted_jaccard(&a, &b) >= t);
            }
        }

        #[test]
        fn cache_agrees_with_direct(a in "[a-c ]{0,8}", b in "[a-c ]{0,8}", t in 0.01f64..=1.0) {
            let mut c = TrigramCache::new();
            proptest::prop_assert_eq!(c.similar(&a, &b, t), similarity(&a, &b) >= t);
        }
    }
}

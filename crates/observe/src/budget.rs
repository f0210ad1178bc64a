//! Per-output and per-turn observation budgets: which outputs of a turn to spill.

/// A size limit, absolute or relative to the model's context window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Limit {
    /// At most this many characters.
    Chars(usize),
    /// At most this many estimated tokens (4 characters each).
    Tokens(usize),
    /// At most this share (0.0–1.0) of a window of `window_tokens` tokens.
    WindowShare {
        /// Share of the window, e.g. 0.15.
        share: f64,
        /// Size of the model's context window in tokens.
        window_tokens: usize,
    },
}

/// Characters per estimated token (see [`estimate_tokens`](crate::estimate_tokens)).
pub const CHARS_PER_TOKEN: usize = 4;

impl Limit {
    /// The limit in characters.
    pub fn chars(self) -> usize {
        match self {
            Limit::Chars(n) => n,
            Limit::Tokens(n) => n.saturating_mul(CHARS_PER_TOKEN),
            Limit::WindowShare {
                share,
                window_tokens,
            } => {
                let share = if share.is_finite() {
                    share.clamp(0.0, 1.0)
                } else {
                    0.0
                };
                // Truncation toward zero is intended: a budget never rounds up.
                (share * window_tokens as f64 * CHARS_PER_TOKEN as f64) as usize
            }
        }
    }
}

/// The two limits applied to the observations of one turn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Largest single output shown inline.
    pub per_output: Limit,
    /// Largest sum of all outputs of one turn.
    pub per_turn: Limit,
}

impl Default for Budget {
    /// The reference numbers: 100,000 characters per output, 200,000 per turn.
    fn default() -> Self {
        Self {
            per_output: Limit::Chars(100_000),
            per_turn: Limit::Chars(200_000),
        }
    }
}

impl Budget {
    /// The defaults, tightened to 15% (per output) and 30% (per turn) of a small window.
    pub fn for_window(window_tokens: usize) -> Self {
        let d = Self::default();
        let out = Limit::WindowShare {
            share: 0.15,
            window_tokens,
        }
        .chars()
        .min(d.per_output.chars());
        let turn = Limit::WindowShare {
            share: 0.30,
            window_tokens,
        }
        .chars()
        .min(d.per_turn.chars());
        Self {
            per_output: Limit::Chars(out),
            per_turn: Limit::Chars(turn),
        }
    }
}

/// Which outputs of a turn to replace by their spill pointer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnPlan {
    /// Indices (into the sizes given) to spill, largest first.
    pub spill: Vec<usize>,
    /// Characters of the turn after spilling (each spilled output counted as its pointer).
    pub total_chars: usize,
    /// Whether the turn now fits the limit. It may not when even pointers alone exceed it.
    pub fits: bool,
}

/// Plans one turn: given the character size of every output of the turn, spills the largest
/// first (ties: the earlier one) until the turn fits `limit`, counting each spilled output as
/// `pointer_chars`. Outputs no larger than a pointer are never spilled.
pub fn plan_turn_budget(sizes: &[usize], limit: Limit, pointer_chars: usize) -> TurnPlan {
    let limit = limit.chars();
    let mut total: usize = sizes.iter().fold(0usize, |a, &b| a.saturating_add(b));
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by(|&a, &b| sizes[b].cmp(&sizes[a]).then(a.cmp(&b)));
    let mut spill = Vec::new();
    for i in order {
        if total <= limit || sizes[i] <= pointer_chars {
            break;
        }
        total = total - sizes[i] + pointer_chars;
        spill.push(i);
    }
    TurnPlan {
        spill,
        total_chars: total,
        fits: total <= limit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_largest_first_until_it_fits() {
        let plan = plan_turn_budget(&[50_000, 150_000, 120_000, 10], Limit::Chars(200_000), 300);
        assert_eq!(plan.spill, vec![1]);
        assert_eq!(plan.total_chars, 50_000 + 120_000 + 10 + 300);
        assert!(plan.fits);
        let plan = plan_turn_budget(&[50_000, 150_000, 120_000, 10], Limit::Chars(100_000), 300);
        assert_eq!(plan.spill, vec![1, 2]);
    }

    #[test]
    fn nothing_to_do_when_it_fits() {
        let plan = plan_turn_budget(&[10, 20], Limit::Tokens(100), 300);
        assert!(plan.spill.is_empty());
        assert!(plan.fits);
    }

    #[test]
    fn pointers_alone_may_not_fit() {
        let plan = plan_turn_budget(&[1000, 1000, 1000], Limit::Chars(500), 300);
        assert_eq!(plan.spill, vec![0, 1, 2]);
        assert!(!plan.fits);
    }

    #[test]
    fn window_shares() {
        assert_eq!(
            Limit::WindowShare {
                share: 0.15,
                window_tokens: 32_000
            }
            .chars(),
            19_200
        );
        let b = Budget::for_window(32_000);
        assert_eq!(b.per_output, Limit::Chars(19_200));
        assert_eq!(b.per_turn, Limit::Chars(38_400));
        assert_eq!(
            Budget::for_window(1_000_000),
            Budget {
                per_output: Limit::Chars(100_000),
                per_turn: Limit::Chars(200_000)
            }
        );
    }
}

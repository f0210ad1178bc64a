//! Cost-aware condensing: a change to history the model has already seen is applied only when
//! its projected saving over the steps still to come beats the cache rewrite it causes, or when
//! the prompt is over the working budget.
//!
//! With a prompt cache, a token already sent costs the read price (Anthropic 0.1x, OpenAI
//! 0.1x-0.5x) at every later step; a change at position P makes every token after P be written
//! again once (Anthropic 1.25x, others 1x). Masking S tokens at step n therefore pays when
//! `S * read * (R + 1) >= margin * (L' - P) * (write - read)`, where L' is the new prompt size
//! and R the steps still to come, projected as `min(horizon * n, max_remaining)` (a run that
//! has gone n steps is expected to go on for a share of that, but never for long: nothing
//! about the future is known, and a late mask that does not pay back before the run ends
//! costs more than full history).
//!
//! The rule alone lets a prompt that never reaches the working budget grow with the whole
//! run: when each mask saves little (outputs already compressed), none pays within the capped
//! projection. A second bound, relative to the run itself, keeps the shown prompt near
//! `peak_share` of what the whole history would take now (the same items, nothing condensed):
//! over it, a change that cuts the prompt by at least [`MIN_FORCED_CUT`] is priced with the
//! same projection (`horizon` x the steps run so far) but without its cap and without margin.
//! Such a change masks every due result at once, so the next one comes only once the run has
//! grown by a share of its length again: a few rewrites on a long run, and few on a short one,
//! whose projection is short too.

use loopwright_protocol::message::Message;
use serde::{Deserialize, Serialize};

use crate::price::PriceCard;
use crate::tokens::TokenCounter;

/// Settings of cost-aware condensing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CostConfig {
    /// Cache read price as a share of the input price.
    pub read: f64,
    /// Cache write price as a share of the input price.
    pub write: f64,
    /// Steps still to come, projected as this share of the steps run so far.
    pub horizon: f64,
    /// A change applies only when its projected saving is at least this many times the rewrite.
    pub margin: f64,
    /// The projection never counts more than this many steps to come: a long run does not
    /// make ever smaller masks pay (each rewrites the tail; runs end without warning).
    #[serde(default = "default_max_remaining")]
    pub max_remaining: f64,
    /// Working budget: above this many prompt tokens history is condensed whatever it costs.
    pub budget: Option<u64>,
    /// Relative bound: above this share of the whole history's size (nothing condensed), a
    /// change that cuts the prompt by at least [`MIN_FORCED_CUT`] is priced without the cap on
    /// the steps to come and without margin.
    #[serde(default)]
    pub peak_share: Option<f64>,
    /// Priced digests: the oldest turns replaced by an extractive digest (no model call) when
    /// that pays by the same rule (see `condense::digest`).
    #[serde(default)]
    pub digest: bool,
}

/// Default relative bound: the shown prompt near this share of the whole history.
pub const DEFAULT_PEAK_SHARE: f64 = 0.6;
/// A change priced under the relative bound must cut the prompt by at least this share of it
/// (smaller cuts would rewrite the cache at nearly every step for little).
pub const MIN_FORCED_CUT: f64 = 0.1;

/// Default projection: the run goes on for half as many steps as it has run.
pub const DEFAULT_HORIZON: f64 = 0.5;
/// Tool results kept in full when masks are priced (they then come in large batches, so few
/// results need to stay; chosen on the `train` runs of `bench/context-replay/data`).
pub const COST_AWARE_KEEP_LAST: usize = 3;
/// Default margin over the rewrite cost.
pub const DEFAULT_MARGIN: f64 = 1.5;
/// Default cap on the projected steps to come (chosen on `train` and 40 more deepseek-chat
/// runs of the same agent, `bench/context-replay/README.md`; never on `heldout*`).
pub const DEFAULT_MAX_REMAINING: f64 = 12.0;

fn default_max_remaining() -> f64 {
    DEFAULT_MAX_REMAINING
}

impl CostConfig {
    /// The rule for a price card, with the default horizon and margin and no budget.
    pub fn for_card(card: &PriceCard) -> Self {
        CostConfig {
            read: card.read_ratio(),
            write: card.write_ratio(),
            horizon: DEFAULT_HORIZON,
            margin: DEFAULT_MARGIN,
            max_remaining: DEFAULT_MAX_REMAINING,
            budget: None,
            peak_share: None,
            digest: false,
        }
    }

    /// Whether changing the shown history from `before` to `after` at step `step` pays.
    pub fn pays(&self, step: u64, parts: Change) -> bool {
        if parts.saved == 0 {
            return false;
        }
        if self.budget.is_some_and(|b| parts.before_total > b) {
            return true;
        }
        let before = parts.before_total as f64;
        let over_share = self
            .peak_share
            .is_some_and(|share| before > share * parts.full_total as f64)
            && parts.saved as f64 >= MIN_FORCED_CUT * before;
        let (remaining, margin) = if over_share {
            (self.horizon * step as f64, 1.0)
        } else {
            (
                (self.horizon * step as f64).min(self.max_remaining),
                self.margin,
            )
        };
        let saving = parts.saved as f64 * self.read * (remaining + 1.0);
        let rewrite = parts.rewritten as f64 * (self.write - self.read).max(0.0);
        saving >= margin * rewrite
    }
}

/// What a change to the shown history does to the prompt, in tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    /// Prompt before the change.
    pub before_total: u64,
    /// Tokens the change removes.
    pub saved: u64,
    /// Tokens after the first changed message, once changed (written to the cache again).
    pub rewritten: u64,
    /// The whole history's prompt now, nothing condensed (the relative bound's reference).
    pub full_total: u64,
}

impl Change {
    /// Measures the change from `before` to `after` (the shown history), after a prefix of
    /// `prefix_tokens`; `full_history` is the whole history's tokens with nothing condensed.
    pub fn measure(
        before: &[Message],
        after: &[Message],
        full_history: u64,
        prefix_tokens: u64,
        counter: &TokenCounter,
    ) -> Change {
        let b: Vec<u64> = before.iter().map(|m| counter.message(m)).collect();
        let a: Vec<u64> = after.iter().map(|m| counter.message(m)).collect();
        let common = before.iter().zip(after).take_while(|(x, y)| x == y).count();
        let before_total = prefix_tokens + b.iter().sum::<u64>();
        let after_total = prefix_tokens + a.iter().sum::<u64>();
        Change {
            before_total,
            saved: before_total.saturating_sub(after_total),
            rewritten: a[common.min(a.len())..].iter().sum(),
            full_total: prefix_tokens + full_history,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anthropic() -> CostConfig {
        CostConfig::for_card(&PriceCard::named("anthropic").unwrap())
    }

    #[test]
    fn a_small_saving_far_back_does_not_pay() {
        let c = Change {
            before_total: 50_000,
            saved: 2_000,
            rewritten: 45_000,
            full_total: 50_000,
        };
        assert!(!anthropic().pays(20, c));
    }

    #[test]
    fn a_large_saving_pays_when_enough_steps_are_expected() {
        let c = Change {
            before_total: 50_000,
            saved: 30_000,
            rewritten: 15_000,
            full_total: 50_000,
        };
        assert!(anthropic().pays(40, c));
        assert!(!anthropic().pays(2, c));
        let over = CostConfig {
            budget: Some(40_000),
            ..anthropic()
        };
        assert!(over.pays(2, c), "over the working budget it applies anyway");
        assert!(!over.pays(2, Change { saved: 0, ..c }));
    }

    #[test]
    fn cheaper_writes_make_changes_pay_sooner() {
        let c = Change {
            before_total: 50_000,
            saved: 10_000,
            rewritten: 30_000,
            full_total: 50_000,
        };
        let openai = CostConfig::for_card(&PriceCard::named("openai:gpt-4o").unwrap());
        assert!(openai.pays(10, c));
        assert!(!anthropic().pays(10, c));
    }

    #[test]
    fn over_the_relative_bound_the_projection_is_not_capped() {
        let c = Change {
            before_total: 30_000,
            saved: 6_000,
            rewritten: 10_000,
            full_total: 40_000,
        };
        let plain = anthropic();
        assert!(
            !plain.pays(40, c),
            "the capped projection does not pay it back"
        );
        let bounded = CostConfig {
            peak_share: Some(0.6),
            ..anthropic()
        };
        assert!(bounded.pays(40, c), "30,000 is over 0.6 x 40,000");
        assert!(
            !bounded.pays(3, c),
            "three steps in, the projection is short"
        );
        let under = Change {
            full_total: 60_000,
            ..c
        };
        assert!(!bounded.pays(40, under), "30,000 is under 0.6 x 60,000");
        let small = Change {
            saved: 2_900,
            rewritten: 3_000,
            ..c
        };
        assert!(
            !bounded.pays(40, small),
            "a cut under a tenth of the prompt keeps the capped projection"
        );
    }
}

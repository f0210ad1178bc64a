//! Cost-aware condensing in `loop run`: masks of history the model has already seen apply only
//! when they pay under the price card of the provider's model (`loopwright_context::price`),
//! with a working budget that bounds the peak prompt.

use loopwright_agent::settings::Layer;
use loopwright_context::condense::Config;
use loopwright_context::price::PriceCard;

use super::run_context::ContextArgs;

/// `cfg` made cost-aware with the card of `(provider, model)` (Anthropic's 5-minute card, the
/// strictest about rewrites, for a model no card describes). The scripted provider bills
/// nothing and keeps fixed batches, as does a run given a batch size (`--mask-batch` or the
/// profile's `mask_batch`); a given `mask_keep` is kept.
pub fn with_cost(
    cfg: Config,
    flags: &ContextArgs,
    profile: &Layer,
    (provider, model): (&str, Option<&str>),
    window: u64,
) -> Config {
    let batch_given = flags.mask_batch.is_some() || profile.mask_batch.is_some();
    if provider == "scripted" || batch_given || cfg.mask.is_none() {
        return cfg;
    }
    let card = PriceCard::for_model(provider, model.unwrap_or(""))
        .or_else(|| PriceCard::named("anthropic").ok());
    let Some(card) = card else { return cfg };
    let keep_given = flags.mask_keep.is_some() || profile.mask_keep.is_some();
    cfg.cost_aware(&card, window, None, keep_given)
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_agent::settings::Source;

    #[test]
    fn real_providers_get_the_cost_rule_of_their_card() {
        let none = Layer::empty(Source::Profile);
        let flags = ContextArgs::default();
        let base = Config::mask_and_summary(128_000);
        let c = with_cost(
            base.clone(),
            &flags,
            &none,
            ("openai", Some("gpt-4o")),
            128_000,
        );
        let cost = c.cost.expect("cost-aware");
        assert!((cost.read - 0.5).abs() < 1e-9, "gpt-4o reads at half price");
        assert_eq!(cost.budget, Some(32_000));
        assert_eq!(c.mask.map(|m| m.keep_last), Some(3));
        let c = with_cost(
            base.clone(),
            &flags,
            &none,
            ("anthropic", Some("x")),
            16_000,
        );
        assert_eq!(c.cost.and_then(|c| c.budget), Some(4_000));
        let scripted = with_cost(base.clone(), &flags, &none, ("scripted", None), 1000);
        assert!(scripted.cost.is_none());
        let batch = ContextArgs {
            mask_batch: Some("3".into()),
            ..ContextArgs::default()
        };
        let c = with_cost(base, &batch, &none, ("openai", Some("gpt-5")), 128_000);
        assert!(c.cost.is_none(), "a batch size asks for fixed batches");
    }
}

//! The context-management flags of `loop run`: `--condenser`, `--context-window` and the
//! thresholds (`--mask-keep`, `--mask-batch`, `--summary-threshold`, `--summary-keep`); they
//! win over the profile (`condenser`, `context_window`, `mask_keep`, ... in config.toml), as
//! `loopwright_agent::settings::resolve` decides.

use loopwright_agent::settings::{Layer, Source};
use loopwright_providers::Resolved;

/// The context-management flags of `loop run`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ContextArgs {
    /// History condensers: repeated, stale and old tool results masked (recallable), summarise at 75% of the window (default mask+summary; profile: condenser)
    #[arg(long, value_name = "STRATEGY", value_parser = ["none", "mask", "summary", "mask+summary"])]
    pub condenser: Option<String>,
    /// Model context window in tokens, the base of the compaction threshold (default 128000; profile: context_window)
    #[arg(long, value_name = "TOKENS", value_parser = clap::value_parser!(u64).range(1000..))]
    pub context_window: Option<u64>,
    /// Tool results kept in full by masking (default 10; profile: mask_keep)
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub mask_keep: Option<String>,
    /// Mask old results K at a time, so the prompt prefix changes once per batch (default 5; profile: mask_batch)
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub mask_batch: Option<String>,
    /// Compact the history when the prompt reaches F of the window, 0 < F <= 1 (default 0.75; profile: summary_threshold)
    #[arg(long, value_name = "F", allow_hyphen_values = true)]
    pub summary_threshold: Option<String>,
    /// Messages kept verbatim at the end when compacting (default 10; profile: summary_keep)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub summary_keep: Option<String>,
}

impl ContextArgs {
    /// These flags, with the price flags, as the flags' settings layer.
    pub fn layer(&self, prices: Option<loopwright_agent::Prices>) -> Layer {
        Layer {
            condenser: self.condenser.clone(),
            context_window: self.context_window,
            mask_keep: self.mask_keep.clone(),
            mask_batch: self.mask_batch.clone(),
            summary_threshold: self.summary_threshold.clone(),
            summary_keep: self.summary_keep.clone(),
            prices,
            ..Layer::empty(Source::Flags)
        }
    }
}

/// The settings layer of a resolved provider profile.
pub fn profile_layer(resolved: &Resolved) -> Layer {
    let c = &resolved.context;
    Layer {
        condenser: c.condenser.clone(),
        context_window: resolved.context_window,
        mask_keep: c.mask_keep.map(|v| v.to_string()),
        mask_batch: c.mask_batch.map(|v| v.to_string()),
        summary_threshold: c.summary_threshold.map(|v| v.to_string()),
        summary_keep: c.summary_keep.map(|v| v.to_string()),
        prices: loopwright_providers::agent_prices(resolved),
        ..Layer::empty(Source::Profile)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        c: ContextArgs,
    }

    #[test]
    fn flags_become_the_flags_layer() {
        let w = Wrap::parse_from(["run", "--mask-keep", "-1", "--context-window", "8000"]);
        let l = w.c.layer(None);
        assert_eq!(l.source, Source::Flags);
        assert_eq!(l.mask_keep.as_deref(), Some("-1"));
        assert_eq!(l.context_window, Some(8000));
        assert_eq!(l.condenser, None, "not given is not the default");
        assert!(Wrap::try_parse_from(["run", "--context-window", "999"]).is_err());
    }
}

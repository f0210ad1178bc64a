//! Run settings resolved from their sources: the command-line flags win over the profile, the
//! profile over the defaults. (The provider's own settings — model, base URL, key — are resolved
//! by `loopwright-providers`, where the environment sits between the flags and the profile.)
//!
//! Each source is a [`Layer`]; a value that is bad is reported with the name it has in its
//! source (`--mask-keep` for a flag, `profile setting mask_keep` for the profile).

use loopwright_context::condense::Config;
use loopwright_model::Prices;
use loopwright_observe::Budget;

/// The context window used when no source sets one.
pub const DEFAULT_WINDOW: u64 = 128_000;

/// The condenser strategy used when no source sets one.
pub const DEFAULT_CONDENSER: &str = "mask+summary";

/// Where a [`Layer`] comes from; names its settings in errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Command-line flags: `mask_keep` is named `--mask-keep`.
    Flags,
    /// The profile of the config file: `mask_keep` is named `profile setting mask_keep`.
    Profile,
}

impl Source {
    /// The name of setting `key` (snake case) in this source.
    pub fn name(self, key: &str) -> String {
        match self {
            Source::Flags => format!("--{}", key.replace('_', "-")),
            Source::Profile => format!("profile setting {key}"),
        }
    }
}

/// One source of settings; `None` where the source does not set the value. Counts and shares
/// are kept as the text given, so that a bad value is reported as written.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// Where these values come from.
    pub source: Source,
    /// `condenser`: none, mask, summary or mask+summary.
    pub condenser: Option<String>,
    /// `context_window` in tokens.
    pub context_window: Option<u64>,
    /// `mask_keep`: tool results kept in full (an integer >= 1).
    pub mask_keep: Option<String>,
    /// `mask_batch`: old results masked at a time (an integer >= 1).
    pub mask_batch: Option<String>,
    /// `summary_threshold`: share of the window that triggers compaction (0 < F <= 1).
    pub summary_threshold: Option<String>,
    /// `summary_keep`: messages kept verbatim when compacting (an integer >= 1).
    pub summary_keep: Option<String>,
    /// Prices per million tokens.
    pub prices: Option<Prices>,
}

impl Layer {
    /// A layer of `source` that sets nothing.
    pub fn empty(source: Source) -> Self {
        Layer {
            source,
            condenser: None,
            context_window: None,
            mask_keep: None,
            mask_batch: None,
            summary_threshold: None,
            summary_keep: None,
            prices: None,
        }
    }
}

/// A setting that cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SettingsError {
    /// A value out of its range, named as in its source.
    #[error("{name}: `{value}` is not {expected}")]
    Invalid {
        /// The setting as its source names it (`--mask-keep`, `profile setting mask_keep`).
        name: String,
        /// The value given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The condenser strategy is unknown.
    #[error("{name}: {reason}")]
    Condenser {
        /// `--condenser` or `profile setting condenser`.
        name: String,
        /// Why the strategy was refused.
        reason: String,
    },
    /// A cost limit without prices to compute the cost.
    #[error(
        "--max-cost needs prices: pass --price-input/--price-output or set `prices` in the profile"
    )]
    CostNeedsPrices,
}

impl SettingsError {
    /// True for a value out of range (as opposed to a missing companion setting).
    pub fn is_bad_value(&self) -> bool {
        !matches!(self, SettingsError::CostNeedsPrices)
    }
}

/// The settings of one run, resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSettings {
    /// The model's context window in tokens.
    pub window: u64,
    /// The condensers.
    pub context: Config,
    /// Observation limits, which follow the window.
    pub budget: Budget,
    /// Prices, when some source has them.
    pub prices: Option<Prices>,
}

/// Resolves the run settings: `flags` win over `profile`, `profile` over the defaults. A
/// `max_cost` needs prices from one of them.
pub fn resolve(
    flags: &Layer,
    profile: &Layer,
    max_cost: Option<f64>,
) -> Result<RunSettings, SettingsError> {
    let window = flags
        .context_window
        .or(profile.context_window)
        .unwrap_or(DEFAULT_WINDOW);
    let context = condensers(flags, profile, window)?;
    let prices = flags.prices.or(profile.prices);
    if max_cost.is_some() && prices.is_none() {
        return Err(SettingsError::CostNeedsPrices);
    }
    // One output at most 15% of the window, one turn 30%.
    let budget = Budget::for_window(usize::try_from(window).unwrap_or(usize::MAX));
    Ok(RunSettings {
        window,
        context,
        budget,
        prices,
    })
}

/// The first layer's value of a setting, with the layer's source.
fn pick<'a>(
    layers: [&'a Layer; 2],
    get: impl Fn(&'a Layer) -> Option<&'a String>,
) -> Option<(Source, &'a String)> {
    layers
        .into_iter()
        .find_map(|l| get(l).map(|v| (l.source, v)))
}

fn count(key: &str, given: Option<(Source, &String)>) -> Result<Option<usize>, SettingsError> {
    let Some((source, text)) = given else {
        return Ok(None);
    };
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(Some(usize::try_from(n).unwrap_or(usize::MAX))),
        _ => Err(SettingsError::Invalid {
            name: source.name(key),
            value: text.clone(),
            expected: "an integer >= 1",
        }),
    }
}

fn share(key: &str, given: Option<(Source, &String)>) -> Result<Option<f64>, SettingsError> {
    let Some((source, text)) = given else {
        return Ok(None);
    };
    match text.trim().parse::<f64>() {
        Ok(f) if f > 0.0 && f <= 1.0 => Ok(Some(f)),
        _ => Err(SettingsError::Invalid {
            name: source.name(key),
            value: text.clone(),
            expected: "a number with 0 < F <= 1",
        }),
    }
}

fn condensers(flags: &Layer, profile: &Layer, window: u64) -> Result<Config, SettingsError> {
    let layers = [flags, profile];
    let (source, strategy) = pick(layers, |l| l.condenser.as_ref())
        .map_or((Source::Flags, DEFAULT_CONDENSER), |(s, v)| (s, v.as_str()));
    let mut cfg =
        Config::from_strategy(strategy, window).map_err(|e| SettingsError::Condenser {
            name: source.name("condenser"),
            reason: e.to_string(),
        })?;
    let keep = count("mask_keep", pick(layers, |l| l.mask_keep.as_ref()))?;
    let batch = count("mask_batch", pick(layers, |l| l.mask_batch.as_ref()))?;
    let summary_keep = count("summary_keep", pick(layers, |l| l.summary_keep.as_ref()))?;
    let threshold = share(
        "summary_threshold",
        pick(layers, |l| l.summary_threshold.as_ref()),
    )?;
    if let Some(mask) = cfg.mask.as_mut() {
        mask.keep_last = keep.unwrap_or(mask.keep_last);
        mask.batch = batch.unwrap_or(mask.batch);
    }
    if let Some(s) = cfg.summary.as_mut() {
        s.threshold = threshold.unwrap_or(s.threshold);
        s.keep_last = summary_keep.unwrap_or(s.keep_last);
    }
    Ok(cfg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags() -> Layer {
        Layer::empty(Source::Flags)
    }

    fn profile() -> Layer {
        Layer {
            condenser: Some("mask".into()),
            context_window: Some(8000),
            mask_keep: Some("3".into()),
            mask_batch: Some("2".into()),
            summary_threshold: Some("0.5".into()),
            summary_keep: Some("4".into()),
            prices: Some(Prices::new(1.0, 2.0)),
            ..Layer::empty(Source::Profile)
        }
    }

    #[test]
    fn defaults_when_no_source_sets_anything() {
        let s = resolve(&flags(), &Layer::empty(Source::Profile), None).unwrap();
        assert_eq!(s.window, DEFAULT_WINDOW);
        assert!(s.context.mask.is_some() && s.context.summary.is_some());
        assert_eq!(s.prices, None);
        assert_eq!(s.budget, Budget::for_window(128_000));
    }

    #[test]
    fn flags_win_over_the_profile() {
        let f = Layer {
            mask_keep: Some("7".into()),
            ..flags()
        };
        let s = resolve(&f, &profile(), None).unwrap();
        let mask = s.context.mask.unwrap();
        assert_eq!((mask.keep_last, mask.batch), (7, 2));
        assert!(
            s.context.summary.is_none(),
            "the profile's condenser is mask"
        );
        assert_eq!(s.window, 8000);
        assert_eq!(s.prices, Some(Prices::new(1.0, 2.0)));

        let f = Layer {
            condenser: Some("summary".into()),
            summary_threshold: Some("0.9".into()),
            context_window: Some(16_000),
            prices: Some(Prices::new(3.0, 3.0)),
            ..flags()
        };
        let s = resolve(&f, &profile(), Some(1.0)).unwrap();
        let sum = s.context.summary.unwrap();
        assert_eq!((sum.window, sum.threshold, sum.keep_last), (16_000, 0.9, 4));
        assert_eq!(s.prices, Some(Prices::new(3.0, 3.0)));
        assert_eq!(s.budget, Budget::for_window(16_000));
    }

    #[test]
    fn bad_values_name_the_flag_or_setting() {
        for (f, want) in [
            (
                Layer {
                    mask_keep: Some("0".into()),
                    ..flags()
                },
                "--mask-keep: `0`",
            ),
            (
                Layer {
                    mask_batch: Some("x".into()),
                    ..flags()
                },
                "--mask-batch: `x`",
            ),
            (
                Layer {
                    summary_threshold: Some("1.5".into()),
                    ..flags()
                },
                "--summary-threshold: `1.5`",
            ),
            (
                Layer {
                    summary_keep: Some("-1".into()),
                    ..flags()
                },
                "--summary-keep: `-1`",
            ),
            (
                Layer {
                    condenser: Some("fold".into()),
                    ..flags()
                },
                "--condenser: ",
            ),
        ] {
            let e = resolve(&f, &Layer::empty(Source::Profile), None).unwrap_err();
            assert!(e.is_bad_value());
            assert!(e.to_string().starts_with(want), "{e}");
        }
        let bad = Layer {
            summary_threshold: Some("2".into()),
            ..Layer::empty(Source::Profile)
        };
        let e = resolve(&flags(), &bad, None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("profile setting summary_threshold"),
            "{e}"
        );
    }

    #[test]
    fn a_cost_limit_needs_prices() {
        let none = Layer::empty(Source::Profile);
        let e = resolve(&flags(), &none, Some(0.5)).unwrap_err();
        assert_eq!(e, SettingsError::CostNeedsPrices);
        assert!(!e.is_bad_value());
        assert!(resolve(&flags(), &profile(), Some(0.5)).is_ok());
    }
}

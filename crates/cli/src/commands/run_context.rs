//! The context-management settings of `loop run`: `--condenser`, `--context-window` and the
//! thresholds (`--mask-keep`, `--mask-batch`, `--summary-threshold`, `--summary-keep`); flags
//! win over the profile (`condenser`, `context_window`, `mask_keep`, ... in config.toml).

use clap::parser::ValueSource;
use clap::{Arg, ArgMatches, Command};
use loopwright_context::condense::Config;
use loopwright_context::price::PriceCard;
use loopwright_providers::ContextSettings;

/// Adds the threshold flags to `loop run`.
pub fn args(c: Command) -> Command {
    c.arg(Arg::new("mask-keep").long("mask-keep").value_name("M").allow_hyphen_values(true).help("Tool results kept in full by masking (default 10; profile: mask_keep)"))
        .arg(Arg::new("mask-batch").long("mask-batch").value_name("K").allow_hyphen_values(true).help("Mask old results K at a time, so the prompt prefix changes once per batch (default 5; profile: mask_batch)"))
        .arg(Arg::new("summary-threshold").long("summary-threshold").value_name("F").allow_hyphen_values(true).help("Compact the history when the prompt reaches F of the window, 0 < F <= 1 (default 0.75; profile: summary_threshold)"))
        .arg(Arg::new("summary-keep").long("summary-keep").value_name("N").allow_hyphen_values(true).help("Messages kept verbatim at the end when compacting (default 10; profile: summary_keep)"))
}

fn count(name: &str, text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{name}: `{text}` is not an integer >= 1")),
    }
}

fn share(name: &str, text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(f) if f > 0.0 && f <= 1.0 => Ok(f),
        _ => Err(format!("{name}: `{text}` is not a number with 0 < F <= 1")),
    }
}

/// True when the user gave `id` (not its default).
fn given(m: &ArgMatches, id: &str) -> bool {
    m.value_source(id)
        .is_some_and(|s| s != ValueSource::DefaultValue)
}

/// The model's context window: `--context-window`, else the profile's, else 128000.
pub fn window(m: &ArgMatches, profile_window: Option<u64>) -> u64 {
    m.get_one::<u64>("context-window")
        .copied()
        .filter(|_| given(m, "context-window"))
        .or(profile_window)
        .unwrap_or(128_000)
}

/// The condenser configuration from the flags, then the profile, then the defaults. The error
/// names the flag or profile setting at fault.
pub fn config(
    m: &ArgMatches,
    profile: &ContextSettings,
    profile_window: Option<u64>,
) -> Result<Config, String> {
    let flag = m
        .get_one::<String>("condenser")
        .filter(|_| given(m, "condenser"));
    let strategy = match (flag, &profile.condenser) {
        (Some(f), _) => f.clone(),
        (None, Some(p)) => p.clone(),
        (None, None) => "mask+summary".into(),
    };
    let window = window(m, profile_window);
    let mut cfg = Config::from_strategy(&strategy, window).map_err(|e| {
        if flag.is_some() {
            format!("--condenser: {e}")
        } else {
            format!("profile setting condenser: {e}")
        }
    })?;
    let pick_count = |flag: &str, key: &str, p: Option<u64>| -> Result<Option<u64>, String> {
        match m.get_one::<String>(flag) {
            Some(t) => count(&format!("--{flag}"), t).map(Some),
            None => match p {
                Some(v) => count(&format!("profile setting {key}"), &v.to_string()).map(Some),
                None => Ok(None),
            },
        }
    };
    let keep = pick_count("mask-keep", "mask_keep", profile.mask_keep)?;
    let batch = pick_count("mask-batch", "mask_batch", profile.mask_batch)?;
    let summary_keep = pick_count("summary-keep", "summary_keep", profile.summary_keep)?;
    let threshold = match m.get_one::<String>("summary-threshold") {
        Some(t) => Some(share("--summary-threshold", t)?),
        None => match profile.summary_threshold {
            Some(v) => Some(share("profile setting summary_threshold", &v.to_string())?),
            None => None,
        },
    };
    let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    if let Some(mask) = cfg.mask.as_mut() {
        if let Some(k) = keep {
            mask.keep_last = size(k);
        }
        if let Some(b) = batch {
            mask.batch = size(b);
        }
    }
    if let Some(s) = cfg.summary.as_mut() {
        if let Some(t) = threshold {
            s.threshold = t;
        }
        if let Some(n) = summary_keep {
            s.keep_last = size(n);
        }
    }
    Ok(cfg)
}

/// Makes masking cost-aware with the price card of the provider's model (Anthropic's
/// 5-minute card, the strictest about rewrites, for a model no card describes). The scripted
/// provider bills nothing and keeps fixed batches, as does a run given a batch size
/// (`--mask-batch` or the profile's `mask_batch`).
pub fn with_cost(
    cfg: Config,
    m: &ArgMatches,
    profile: &ContextSettings,
    (provider, model): (&str, Option<&str>),
    window: u64,
) -> Config {
    let batch_given = m.get_one::<String>("mask-batch").is_some() || profile.mask_batch.is_some();
    if provider == "scripted" || batch_given || cfg.mask.is_none() {
        return cfg;
    }
    let card = PriceCard::for_model(provider, model.unwrap_or(""))
        .or_else(|| PriceCard::named("anthropic").ok());
    let Some(card) = card else { return cfg };
    let keep_given = m.get_one::<String>("mask-keep").is_some() || profile.mask_keep.is_some();
    cfg.cost_aware(&card, window, None, keep_given)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(words: &[&str]) -> ArgMatches {
        let c = args(
            Command::new("run")
                .arg(
                    Arg::new("condenser")
                        .long("condenser")
                        .default_value("mask+summary"),
                )
                .arg(
                    Arg::new("context-window")
                        .long("context-window")
                        .default_value("128000")
                        .value_parser(clap::value_parser!(u64)),
                ),
        );
        c.try_get_matches_from(std::iter::once("run").chain(words.iter().copied()))
            .unwrap()
    }

    #[test]
    fn flags_win_over_the_profile() {
        let p = ContextSettings {
            condenser: Some("mask".into()),
            mask_keep: Some(3),
            mask_batch: Some(2),
            summary_threshold: Some(0.5),
            summary_keep: Some(4),
        };
        let c = config(&matches(&["--mask-keep", "7"]), &p, Some(8000)).unwrap();
        let mask = c.mask.unwrap();
        assert_eq!((mask.keep_last, mask.batch), (7, 2));
        assert!(c.summary.is_none(), "the profile's condenser is mask");
        let c = config(
            &matches(&["--condenser", "summary", "--summary-threshold", "0.9"]),
            &p,
            Some(8000),
        )
        .unwrap();
        let s = c.summary.unwrap();
        assert_eq!((s.window, s.threshold, s.keep_last), (8000, 0.9, 4));
    }

    #[test]
    fn real_providers_get_the_cost_rule_of_their_card() {
        let none = ContextSettings::default();
        let m = matches(&[]);
        let base = config(&m, &none, None).unwrap();
        let c = with_cost(base.clone(), &m, &none, ("openai", Some("gpt-4o")), 128_000);
        let cost = c.cost.expect("cost-aware");
        assert!((cost.read - 0.5).abs() < 1e-9, "gpt-4o reads at half price");
        assert_eq!(cost.budget, Some(32_000));
        let c = with_cost(base.clone(), &m, &none, ("anthropic", Some("claude-x")), 16_000);
        assert_eq!(c.cost.and_then(|c| c.budget), Some(4_000));
        assert!(with_cost(base.clone(), &m, &none, ("scripted", None), 1000).cost.is_none());
        let m = matches(&["--mask-batch", "3"]);
        let c = with_cost(base, &m, &none, ("openai", Some("gpt-5")), 128_000);
        assert!(c.cost.is_none(), "a batch size asks for fixed batches");
    }

    #[test]
    fn bad_values_name_the_flag_or_setting() {
        let none = ContextSettings::default();
        for (args, want) in [
            (vec!["--mask-keep", "0"], "--mask-keep: `0`"),
            (vec!["--mask-batch", "x"], "--mask-batch: `x`"),
            (
                vec!["--summary-threshold", "1.5"],
                "--summary-threshold: `1.5`",
            ),
            (vec!["--summary-threshold", "0"], "--summary-threshold: `0`"),
            (vec!["--summary-keep", "-1"], "--summary-keep: `-1`"),
        ] {
            let e = config(&matches(&args), &none, None).unwrap_err();
            assert!(e.starts_with(want), "{e}");
        }
        let bad = ContextSettings {
            summary_threshold: Some(2.0),
            ..ContextSettings::default()
        };
        let e = config(&matches(&[]), &bad, None).unwrap_err();
        assert!(e.starts_with("profile setting summary_threshold"), "{e}");
    }
}

//! Price cards: how providers bill prompt tokens with a prompt cache (pure data), and the bill
//! of one request given what it shares with the request before it.
//!
//! Prices are US dollars per million tokens as published by each provider; a custom card
//! (`PriceCard` as JSON) replaces them for other models or contracts. Checked on 2026-12-01
//! against (see `crates/context/README.md`, "Price cards"):
//! - Anthropic: platform.claude.com/docs/en/about-claude/pricing and
//!   .../build-with-claude/prompt-caching (writes 1.25x for 5 minutes, 2x for 1 hour, reads
//!   0.1x; minimum cacheable prefix 1,024 tokens for Sonnet 4.5 / 4 and Opus 4.1, 4,096 for
//!   Opus 4.5 and Haiku 4.5, 2,048 for Haiku 3.5, as quoted in anthropics/anthropic-sdk-python
//!   issue 1194);
//! - OpenAI: developers.openai.com/api/docs/pricing (cached input 0.1x for GPT-5, 0.25x for
//!   GPT-4.1, 0.5x for GPT-4o; 1,024-token minimum in 128-token steps);
//! - DeepSeek: api-docs.deepseek.com/quick_start/pricing (V3.2: miss 0.28, hit 0.028,
//!   output 0.42).

use serde::{Deserialize, Serialize};

use crate::ContextError;

/// How one model family bills prompt tokens with a prompt cache.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriceCard {
    /// Card name as reported (`anthropic:sonnet-4.5`).
    pub name: String,
    /// Uncached input, USD per million tokens.
    pub input: f64,
    /// Input served from the cache.
    pub cache_read: f64,
    /// Input written to the cache (Anthropic: 1.25x for 5 minutes, 2x for 1 hour; providers
    /// with automatic caching charge the plain input price).
    pub cache_write: f64,
    /// Output tokens (summary calls).
    pub output: f64,
    /// A prefix shorter than this is neither cached nor read from the cache.
    pub min_cacheable: u64,
    /// Cached tokens are counted in multiples of this (OpenAI 128, DeepSeek 64, Anthropic 1).
    pub granularity: u64,
    /// Seconds a cached prefix lives without a hit (each hit refreshes it).
    pub ttl_secs: u64,
}

/// The tokens of one request as billed, and its cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Bill {
    /// Served from the cache.
    pub cached: u64,
    /// Written to the cache (billed at the write price).
    pub written: u64,
    /// Billed at the plain input price.
    pub uncached: u64,
    /// USD.
    pub cost: f64,
}

impl Bill {
    /// Adds another bill to this one.
    pub fn add(&mut self, other: &Bill) {
        self.cached += other.cached;
        self.written += other.written;
        self.uncached += other.uncached;
        self.cost += other.cost;
    }
}

const M: f64 = 1_000_000.0;

impl PriceCard {
    /// The bill of a request of `total` prompt tokens whose first `shared` tokens repeat the
    /// previous request; `alive` is false when the cache has expired since (TTL).
    pub fn bill(&self, total: u64, shared: u64, alive: bool) -> Bill {
        let step = self.granularity.max(1);
        let shared = shared.min(total);
        let cached = if alive && shared >= self.min_cacheable {
            shared / step * step
        } else {
            0
        };
        let written = if total >= self.min_cacheable {
            total - cached
        } else {
            0
        };
        let uncached = total - cached - written;
        let cost = (cached as f64 * self.cache_read
            + written as f64 * self.cache_write
            + uncached as f64 * self.input)
            / M;
        Bill {
            cached,
            written,
            uncached,
            cost,
        }
    }

    /// The cost of `tokens` output tokens.
    pub fn output_cost(&self, tokens: u64) -> f64 {
        tokens as f64 * self.output / M
    }

    /// Cache read price as a share of the input price.
    pub fn read_ratio(&self) -> f64 {
        ratio(self.cache_read, self.input)
    }

    /// Cache write price as a share of the input price.
    pub fn write_ratio(&self) -> f64 {
        ratio(self.cache_write, self.input)
    }

    /// A built-in card: `anthropic`, `anthropic-1h`, `openai`, `deepseek`, optionally with a
    /// model family after a colon (`anthropic:haiku-4.5`, `openai:gpt-4o`).
    pub fn named(spec: &str) -> Result<PriceCard, ContextError> {
        let (provider, family) = spec.split_once(':').unwrap_or((spec, ""));
        let unknown = || {
            ContextError::InvalidSetting(format!(
                "unknown price card `{spec}` (expected {})",
                CARDS.join(", ")
            ))
        };
        let card = match provider {
            "anthropic" => anthropic(family, false),
            "anthropic-1h" => anthropic(family, true),
            "openai" => openai(family),
            "deepseek" => deepseek(family),
            _ => None,
        };
        card.ok_or_else(unknown)
    }

    /// A custom card from JSON (every field of [`PriceCard`]); prices must be finite and >= 0.
    pub fn from_json(text: &str) -> Result<PriceCard, ContextError> {
        let card: PriceCard = serde_json::from_str(text)
            .map_err(|e| ContextError::InvalidSetting(format!("price card: {e}")))?;
        for (field, v) in [
            ("input", card.input),
            ("cache_read", card.cache_read),
            ("cache_write", card.cache_write),
            ("output", card.output),
        ] {
            if !v.is_finite() || v < 0.0 {
                return Err(ContextError::InvalidSetting(format!(
                    "price card: `{field}` must be a finite number >= 0"
                )));
            }
        }
        if card.input <= 0.0 {
            return Err(ContextError::InvalidSetting(
                "price card: `input` must be > 0".into(),
            ));
        }
        Ok(card)
    }
}

fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 { a / b } else { 1.0 }
}

impl PriceCard {
    /// The built-in card of a provider's model, recognised from its name (`claude-sonnet-4-5-
    /// 20250929`, `gpt-5-mini`, `deepseek-chat`); `None` for a model no card describes.
    pub fn for_model(provider: &str, model: &str) -> Option<PriceCard> {
        let m = model.to_ascii_lowercase().replace('.', "-");
        let has = |s: &str| m.contains(s);
        let spec = match provider {
            "anthropic" => format!("anthropic:{}", anthropic_family(&m)?),
            _ if has("deepseek") => {
                let f = if has("reasoner") { "reasoner" } else { "chat" };
                format!("deepseek:{f}")
            }
            "openai" | "json" => {
                let f = [
                    "gpt-5-mini",
                    "gpt-5",
                    "gpt-4-1-mini",
                    "gpt-4-1",
                    "gpt-4o",
                    "o4-mini",
                ]
                .into_iter()
                .find(|f| has(f))?;
                format!("openai:{}", f.replace("4-1", "4.1"))
            }
            _ => return None,
        };
        PriceCard::named(&spec).ok()
    }
}

/// The Anthropic family of a model name (lower case, dots as dashes).
fn anthropic_family(m: &str) -> Option<&'static str> {
    let has = |s: &str| m.contains(s);
    Some(if has("opus-4-5") {
        "opus-4.5"
    } else if has("opus") {
        "opus-4.1"
    } else if has("sonnet-4-5") {
        "sonnet-4.5"
    } else if has("sonnet") {
        "sonnet-4"
    } else if has("haiku-4-5") {
        "haiku-4.5"
    } else if has("haiku") {
        "haiku-3.5"
    } else {
        return None;
    })
}

/// The smallest prefix, in tokens, an Anthropic model caches (1,024 when the family is not
/// known: the smallest of any family).
pub fn anthropic_min_cacheable(model: &str) -> u64 {
    PriceCard::for_model("anthropic", model).map_or(1024, |c| c.min_cacheable)
}

/// Built-in card names (each takes an optional `:family`).
pub const CARDS: [&str; 4] = ["anthropic", "anthropic-1h", "openai", "deepseek"];

/// Anthropic families: (name, input, output, minimum cacheable prefix). Writes cost 1.25x
/// (5 minutes) or 2x (1 hour) the input price, reads 0.1x.
const ANTHROPIC: [(&str, f64, f64, u64); 6] = [
    ("sonnet-4.5", 3.0, 15.0, 1024),
    ("sonnet-4", 3.0, 15.0, 1024),
    ("opus-4.5", 5.0, 25.0, 4096),
    ("opus-4.1", 15.0, 75.0, 1024),
    ("haiku-4.5", 1.0, 5.0, 4096),
    ("haiku-3.5", 0.8, 4.0, 2048),
];

fn anthropic(family: &str, hour: bool) -> Option<PriceCard> {
    let (name, input, output, min) = pick(&ANTHROPIC, family, |r| r.0)?;
    let provider = if hour { "anthropic-1h" } else { "anthropic" };
    Some(PriceCard {
        name: format!("{provider}:{name}"),
        input,
        cache_read: input * 0.1,
        cache_write: input * if hour { 2.0 } else { 1.25 },
        output,
        min_cacheable: min,
        granularity: 1,
        ttl_secs: if hour { 3600 } else { 300 },
    })
}

/// OpenAI families: (name, input, cached input, output). Automatic caching of prefixes of
/// 1,024+ tokens in 128-token steps, no write premium, evicted after 5-10 minutes idle.
const OPENAI: [(&str, f64, f64, f64); 6] = [
    ("gpt-5", 1.25, 0.125, 10.0),
    ("gpt-5-mini", 0.25, 0.025, 2.0),
    ("gpt-4.1", 2.0, 0.5, 8.0),
    ("gpt-4.1-mini", 0.4, 0.1, 1.6),
    ("gpt-4o", 2.5, 1.25, 10.0),
    ("o4-mini", 1.1, 0.275, 4.4),
];

fn openai(family: &str) -> Option<PriceCard> {
    let (name, input, cached, output) = pick(&OPENAI, family, |r| r.0)?;
    Some(PriceCard {
        name: format!("openai:{name}"),
        input,
        cache_read: cached,
        cache_write: input,
        output,
        min_cacheable: 1024,
        granularity: 128,
        ttl_secs: 300,
    })
}

/// DeepSeek (V3.2, `deepseek-chat` and `deepseek-reasoner`): cache hit / miss prices, a disk
/// cache in 64-token units kept for hours.
fn deepseek(family: &str) -> Option<PriceCard> {
    let name = match family {
        "" | "chat" | "deepseek-chat" => "deepseek-chat",
        "reasoner" | "deepseek-reasoner" => "deepseek-reasoner",
        _ => return None,
    };
    Some(PriceCard {
        name: format!("deepseek:{name}"),
        input: 0.28,
        cache_read: 0.028,
        cache_write: 0.28,
        output: 0.42,
        min_cacheable: 64,
        granularity: 64,
        ttl_secs: 3 * 3600,
    })
}

/// The row named `family` (its first field), or the first row when `family` is empty.
fn pick<R: Copy>(rows: &[R], family: &str, name: fn(&R) -> &'static str) -> Option<R> {
    if family.is_empty() {
        return rows.first().copied();
    }
    rows.iter().find(|r| name(r) == family).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models_map_to_their_cards() {
        let name = |p: &str, m: &str| PriceCard::for_model(p, m).map(|c| c.name);
        assert_eq!(
            name("anthropic", "claude-sonnet-4-5-20250929").as_deref(),
            Some("anthropic:sonnet-4.5")
        );
        assert_eq!(
            name("anthropic", "claude-opus-4-5").as_deref(),
            Some("anthropic:opus-4.5")
        );
        assert_eq!(
            name("openai", "gpt-5-mini").as_deref(),
            Some("openai:gpt-5-mini")
        );
        assert_eq!(name("openai", "gpt-4.1").as_deref(), Some("openai:gpt-4.1"));
        assert_eq!(
            name("openai", "deepseek-reasoner").as_deref(),
            Some("deepseek:deepseek-reasoner")
        );
        assert_eq!(name("openai", "llama-3-70b"), None);
        assert_eq!(anthropic_min_cacheable("claude-haiku-4-5"), 4096);
        assert_eq!(anthropic_min_cacheable("claude-3-5-haiku-latest"), 2048);
        assert_eq!(anthropic_min_cacheable("some-new-model"), 1024);
    }

    #[test]
    fn anthropic_bills_writes_and_reads() {
        let c = PriceCard::named("anthropic").unwrap();
        assert_eq!(c.name, "anthropic:sonnet-4.5");
        // First request: everything written at 1.25x.
        let b = c.bill(10_000, 0, true);
        assert_eq!((b.cached, b.written, b.uncached), (0, 10_000, 0));
        assert!((b.cost - 10_000.0 * 3.75 / 1e6).abs() < 1e-12);
        // Next: the shared prefix read at 0.1x, the rest written.
        let b = c.bill(12_000, 10_000, true);
        assert_eq!((b.cached, b.written), (10_000, 2_000));
        // Expired: nothing read.
        assert_eq!(c.bill(12_000, 10_000, false).cached, 0);
        // Below the minimum: plain input price, nothing cached.
        let b = c.bill(900, 800, true);
        assert_eq!((b.cached, b.written, b.uncached), (0, 0, 900));
        let h = PriceCard::named("anthropic-1h:haiku-4.5").unwrap();
        assert_eq!((h.min_cacheable, h.ttl_secs), (4096, 3600));
        assert!((h.write_ratio() - 2.0).abs() < 1e-12);
    }

    #[test]
    fn openai_caches_in_128_token_steps_from_1024() {
        let c = PriceCard::named("openai:gpt-4.1").unwrap();
        assert!((c.read_ratio() - 0.25).abs() < 1e-12);
        let b = c.bill(5_000, 1_300, true);
        assert_eq!((b.cached, b.written + b.uncached), (1_280, 3_720));
        assert_eq!(c.bill(5_000, 1_000, true).cached, 0);
        assert!((c.write_ratio() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn names_and_custom_cards() {
        assert!(PriceCard::named("deepseek").is_ok());
        assert!(PriceCard::named("openai:gpt-9").is_err());
        let e = PriceCard::named("acme").unwrap_err().to_string();
        assert!(e.contains("anthropic"), "{e}");
        let json = serde_json::to_string(&PriceCard::named("openai").unwrap()).unwrap();
        assert_eq!(PriceCard::from_json(&json).unwrap().name, "openai:gpt-5");
        let bad = json.replace("\"input\":1.25", "\"input\":-1");
        assert!(PriceCard::from_json(&bad).is_err());
        assert!(PriceCard::from_json("{\"name\":\"x\"}").is_err());
    }
}

//! Prices per million tokens, and the cost of a usage.

use loopwright_protocol::usage::Usage;
use serde::Deserialize;

/// Prices in currency units per million tokens.
///
/// `cached` (cache reads) and `cache_write` default to the input price when absent.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prices {
    /// Per million input tokens (neither read from nor written to a prompt cache).
    pub input: f64,
    /// Per million output tokens.
    pub output: f64,
    /// Per million input tokens read from a prompt cache.
    #[serde(default)]
    pub cached: Option<f64>,
    /// Per million input tokens written to a prompt cache.
    #[serde(default)]
    pub cache_write: Option<f64>,
}

impl Prices {
    /// Input and output prices; cache reads and writes at the input price.
    pub fn new(input: f64, output: f64) -> Self {
        Prices {
            input,
            output,
            cached: None,
            cache_write: None,
        }
    }

    /// The cost of `usage`: cache reads and cache writes (both part of
    /// [`Usage::input_tokens`]) at their own prices, the rest of the input at the input price.
    pub fn cost(&self, usage: &Usage) -> f64 {
        let read = usage.cached_tokens.min(usage.input_tokens);
        let write = usage
            .cache_write_tokens
            .min(usage.input_tokens.saturating_sub(read));
        let fresh = usage.input_tokens - read - write;
        (fresh as f64 * self.input
            + read as f64 * self.cached.unwrap_or(self.input)
            + write as f64 * self.cache_write.unwrap_or(self.input)
            + usage.output_tokens as f64 * self.output)
            / 1_000_000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_prices_cache_reads_and_writes() {
        let p = Prices {
            input: 2.0,
            output: 10.0,
            cached: Some(0.5),
            cache_write: Some(2.5),
        };
        let u = Usage {
            input_tokens: 1_000_000,
            output_tokens: 100_000,
            cached_tokens: 400_000,
            cache_write_tokens: 200_000,
            estimated: false,
        };
        // 400k fresh * 2 + 400k read * 0.5 + 200k write * 2.5 + 100k out * 10
        assert!((p.cost(&u) - (0.8 + 0.2 + 0.5 + 1.0)).abs() < 1e-9);
        let plain = Prices::new(2.0, 10.0);
        assert!((plain.cost(&u) - (2.0 + 1.0)).abs() < 1e-9);
    }

    #[test]
    fn inconsistent_counts_never_underflow() {
        let u = Usage {
            input_tokens: 10,
            cached_tokens: 8,
            cache_write_tokens: 8,
            ..Usage::default()
        };
        let p = Prices::new(1.0, 1.0);
        assert!((p.cost(&u) - 10.0 / 1e6).abs() < 1e-12);
    }

    #[test]
    fn profile_form_deserializes() {
        let p: Prices = serde_json::from_str(r#"{"input":1,"output":2,"cached":0.1}"#).unwrap();
        assert_eq!(p.cached, Some(0.1));
        assert!(serde_json::from_str::<Prices>(r#"{"input":1,"output":2,"x":1}"#).is_err());
    }
}

//! Token usage reported by (or estimated for) one model call.

use serde::{Deserialize, Serialize};

/// Tokens spent by one model call, or a sum over several.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Prompt tokens sent to the model (including cached ones).
    #[serde(default)]
    pub input_tokens: u64,
    /// Tokens the model generated.
    #[serde(default)]
    pub output_tokens: u64,
    /// Prompt tokens served from a provider cache (a subset of `input_tokens`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cached_tokens: u64,
    /// Prompt tokens written to a provider cache (a subset of `input_tokens`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cache_write_tokens: u64,
    /// True when the numbers are an estimate rather than provider-reported.
    #[serde(default, skip_serializing_if = "is_false")]
    pub estimated: bool,
}

fn is_zero(v: &u64) -> bool {
    *v == 0
}

fn is_false(v: &bool) -> bool {
    !*v
}

impl Usage {
    /// Input plus output tokens.
    pub fn total(&self) -> u64 {
        self.input_tokens.saturating_add(self.output_tokens)
    }

    /// Adds another usage to this one (an estimate stays marked as such).
    pub fn add(&mut self, other: &Usage) {
        self.input_tokens = self.input_tokens.saturating_add(other.input_tokens);
        self.output_tokens = self.output_tokens.saturating_add(other.output_tokens);
        self.cached_tokens = self.cached_tokens.saturating_add(other.cached_tokens);
        self.cache_write_tokens = self
            .cache_write_tokens
            .saturating_add(other.cache_write_tokens);
        self.estimated |= other.estimated;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_sums_and_keeps_estimate_flag() {
        let mut a = Usage {
            input_tokens: 10,
            output_tokens: 2,
            cached_tokens: 1,
            cache_write_tokens: 0,
            estimated: false,
        };
        a.add(&Usage {
            input_tokens: 5,
            output_tokens: 3,
            cached_tokens: 0,
            cache_write_tokens: 2,
            estimated: true,
        });
        assert_eq!(a.total(), 20);
        assert_eq!(a.cached_tokens, 1);
        assert!(a.estimated);
    }
}

//! The cache-waste meter's readings, as stored in the session log: per model request the
//! cached / written / uncached prompt tokens the provider reported, and where the request first
//! differed from the one before it (the section that broke the provider's prefix cache).

use serde::{Deserialize, Serialize};

/// Where a request first differs from the previous one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "section")]
pub enum Break {
    /// The system prompt changed.
    System {
        /// Byte offset inside the section.
        offset: usize,
    },
    /// The tool schemas changed.
    Tools {
        /// Byte offset inside the section.
        offset: usize,
    },
    /// The project instructions changed.
    Instructions {
        /// Byte offset inside the section.
        offset: usize,
    },
    /// History message `item` (0-based) changed or was removed.
    History {
        /// Index of the message.
        item: usize,
        /// Byte offset inside the message.
        offset: usize,
    },
    /// Only the tail (or what follows the previous request) differs: the normal case.
    Tail,
}

impl Break {
    /// A short label: `system`, `tools`, `instructions`, `history item N`, `tail`.
    pub fn label(&self) -> String {
        match self {
            Break::System { .. } => "system".into(),
            Break::Tools { .. } => "tools".into(),
            Break::Instructions { .. } => "instructions".into(),
            Break::History { item, .. } => format!("history item {item}"),
            Break::Tail => "tail".into(),
        }
    }
}

/// One request's line of the meter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// Served from the cache.
    pub cached: u64,
    /// Written to the cache.
    pub written: u64,
    /// Neither: billed at the plain input price.
    pub uncached: u64,
    /// Where this request first differs from the previous one (`None` for the first).
    pub first_break: Option<Break>,
    /// Tokens of the previous request the cache did not serve although this request begins
    /// with them up to the break: sent again at the write or plain price (0 without a break
    /// before the tail).
    #[serde(default)]
    pub wasted: u64,
}

impl Reading {
    /// True when the request differed from the previous one before its tail.
    pub fn broke_prefix(&self) -> bool {
        self.first_break.as_ref().is_some_and(|b| *b != Break::Tail)
    }
}

/// Meter readings summed over a session.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    /// Requests metered.
    pub requests: u64,
    /// Cached tokens.
    pub cached: u64,
    /// Written tokens.
    pub written: u64,
    /// Uncached tokens.
    pub uncached: u64,
    /// Requests whose first difference was before the tail (a prefix the cache could not serve).
    pub breaks_before_tail: u64,
    /// Tokens wasted by those breaks (see [`Reading::wasted`]).
    #[serde(default)]
    pub wasted: u64,
}

impl Totals {
    /// Adds one reading.
    pub fn add(&mut self, r: &Reading) {
        self.requests += 1;
        self.cached += r.cached;
        self.written += r.written;
        self.uncached += r.uncached;
        if r.broke_prefix() {
            self.breaks_before_tail += 1;
            self.wasted += r.wasted;
        }
    }

    /// Share of prompt tokens served from the cache (0 when nothing was metered).
    pub fn hit_ratio(&self) -> f64 {
        let all = self.cached + self.written + self.uncached;
        if all == 0 {
            0.0
        } else {
            self.cached as f64 / all as f64
        }
    }

    /// One line for people: `cache: 83% of 120000 prompt tokens served from cache; 2 prefix
    /// breaks wasted 9000 tokens`.
    pub fn line(&self) -> String {
        format!(
            "cache: {:.0}% of {} prompt tokens served from cache ({} written, {} uncached) over {} requests; {} prefix break(s) wasted {} tokens",
            self.hit_ratio() * 100.0,
            self.cached + self.written + self.uncached,
            self.written,
            self.uncached,
            self.requests,
            self.breaks_before_tail,
            self.wasted
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_count_waste_only_for_breaks_before_the_tail() {
        let mut t = Totals::default();
        let r = Reading {
            cached: 80,
            written: 15,
            uncached: 5,
            first_break: Some(Break::Tail),
            wasted: 7,
        };
        t.add(&r);
        t.add(&Reading {
            first_break: Some(Break::History { item: 3, offset: 0 }),
            ..r.clone()
        });
        assert_eq!((t.requests, t.breaks_before_tail, t.wasted), (2, 1, 7));
        assert!((t.hit_ratio() - 0.8).abs() < 1e-9);
        assert!(t.line().starts_with("cache: 80% of 200 prompt tokens"));
        assert_eq!(
            Break::History { item: 3, offset: 0 }.label(),
            "history item 3"
        );
    }
}

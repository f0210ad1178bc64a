//! The three verdicts and their strictness order.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What the gate says about a tool call (or one part of a compound shell command).
///
/// Ordered by strictness: `Allow < Ask < Deny`, so `max` picks the strictest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The call may run without asking.
    Allow,
    /// A human must confirm the call.
    Ask,
    /// The call must not run.
    Deny,
}

impl Verdict {
    /// The lowercase name used in rule files and JSON (`allow`, `ask`, `deny`).
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Allow => "allow",
            Verdict::Ask => "ask",
            Verdict::Deny => "deny",
        }
    }

    /// The verdict capped for input that cannot be analysed with certainty: never `allow`.
    pub fn at_least_ask(self) -> Verdict {
        self.max(Verdict::Ask)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strictness_order() {
        assert!(Verdict::Allow < Verdict::Ask);
        assert!(Verdict::Ask < Verdict::Deny);
        assert_eq!(Verdict::Allow.max(Verdict::Deny), Verdict::Deny);
        assert_eq!(Verdict::Allow.at_least_ask(), Verdict::Ask);
        assert_eq!(Verdict::Deny.at_least_ask(), Verdict::Deny);
    }
}

//! Orchestration modes: how many agents an action run fans out to.

use crate::jsnum::number_to_string;
use crate::text::js_trim;

use super::CostError;

/// A parsed orchestration mode.
#[derive(Debug, Clone, PartialEq)]
pub struct Orchestration {
    /// Normalised mode text: `single`, `maker-checker`, `parallel:N`, `debate:R`.
    pub mode: String,
    /// Factor applied to the action cost of a run.
    pub multiplier: f64,
}

impl Orchestration {
    /// One agent, multiplier 1.
    pub fn single() -> Self {
        Self {
            mode: "single".to_owned(),
            multiplier: 1.0,
        }
    }

    /// Parses a mode (trimmed, case-insensitive); `None` is `single`.
    ///
    /// # Errors
    /// [`CostError::ParallelTooSmall`], [`CostError::DebateTooSmall`] or
    /// [`CostError::InvalidOrchestration`].
    pub fn parse(value: Option<&str>) -> Result<Self, CostError> {
        let Some(raw) = value else {
            return Ok(Self::single());
        };
        let s = js_trim(raw).to_lowercase();
        match s.as_str() {
            "" | "single" => return Ok(Self::single()),
            "maker-checker" => {
                return Ok(Self {
                    mode: "maker-checker".to_owned(),
                    multiplier: 2.0,
                });
            }
            _ => {}
        }
        if let Some(n) = s.strip_prefix("parallel:").and_then(digits) {
            if n < 2.0 {
                return Err(CostError::ParallelTooSmall(number_to_string(n)));
            }
            return Ok(Self {
                mode: format!("parallel:{}", number_to_string(n)),
                multiplier: n + 1.0,
            });
        }
        if let Some(r) = s.strip_prefix("debate:").and_then(digits) {
            if r < 1.0 {
                return Err(CostError::DebateTooSmall(number_to_string(r)));
            }
            return Ok(Self {
                mode: format!("debate:{}", number_to_string(r)),
                multiplier: 1.0 + r,
            });
        }
        Err(CostError::InvalidOrchestration(raw.to_owned()))
    }
}

/// The value of a non-empty run of ASCII digits (correctly rounded, as JavaScript `Number`).
fn digits(s: &str) -> Option<f64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> (String, f64) {
        let o = Orchestration::parse(Some(s)).unwrap();
        (o.mode, o.multiplier)
    }

    #[test]
    fn modes() {
        assert_eq!(Orchestration::parse(None).unwrap(), Orchestration::single());
        assert_eq!(ok(""), ("single".into(), 1.0));
        assert_eq!(ok(" Maker-Checker "), ("maker-checker".into(), 2.0));
        assert_eq!(ok("PARALLEL:4"), ("parallel:4".into(), 5.0));
        assert_eq!(ok("parallel:03"), ("parallel:3".into(), 4.0));
        assert_eq!(ok("debate:1"), ("debate:1".into(), 2.0));
        assert_eq!(
            ok("parallel:99999999999999999999"),
            ("parallel:100000000000000000000".into(), 1e20)
        );
    }

    #[test]
    fn errors_carry_the_reference_text() {
        let e = |s| Orchestration::parse(Some(s)).unwrap_err().to_string();
        assert_eq!(
            e("parallel:1"),
            "Invalid orchestration: parallel:N needs N>=2 (got 1)."
        );
        assert_eq!(
            e("debate:0"),
            "Invalid orchestration: debate:R needs R>=1 (got 0)."
        );
        assert_eq!(
            e("garbage"),
            "Invalid orchestration: garbage. Valid: single, maker-checker, parallel:N, debate:R"
        );
        assert_eq!(
            e("parallel:"),
            "Invalid orchestration: parallel:. Valid: single, maker-checker, parallel:N, debate:R"
        );
        assert!(e("parallel:-3").starts_with("Invalid orchestration: parallel:-3."));
    }
}

//! Cadence specs (`15m`, `1d`, `5m-15m`) and how many runs a day they give.

use crate::text::js_trim;

const MINUTE_MS: f64 = 60_000.0;
const HOUR_MS: f64 = 3_600_000.0;
const DAY_MS: f64 = 86_400_000.0;

/// Why a cadence spec was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CadenceError {
    /// A part is not `<digits><m|h|d>` (the empty part of `5m-` included).
    #[error("loop-cost failed: Invalid cadence interval: {0}")]
    Malformed(String),
    /// A part has a zero (or vanishingly small) interval, which would mean infinitely many runs.
    #[error(
        "loop-cost failed: Invalid cadence interval: {0}. The interval value must be greater than zero."
    )]
    Zero(String),
}

/// Runs per day of one interval token such as `15m`.
///
/// Intervals up to a day give whole runs (`7m` → 205, as the reference counts); intervals longer
/// than a day give the fraction of a run per day (`2d` → 0.5) instead of the reference's 0.
///
/// # Errors
/// [`CadenceError`] for anything but ASCII digits followed by `m`, `h` or `d`, or a zero value.
pub fn runs_per_day_of_interval(token: &str) -> Result<f64, CadenceError> {
    let malformed = || CadenceError::Malformed(token.to_owned());
    let unit = token.chars().last().ok_or_else(malformed)?;
    let digits = &token[..token.len() - unit.len_utf8()];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed());
    }
    let unit_ms = match unit {
        'm' => MINUTE_MS,
        'h' => HOUR_MS,
        'd' => DAY_MS,
        _ => return Err(malformed()),
    };
    let value: f64 = digits.parse().map_err(|_| malformed())?;
    let ms = value * unit_ms;
    if ms <= 0.0 {
        return Err(CadenceError::Zero(token.to_owned()));
    }
    let runs = DAY_MS / ms;
    Ok(if ms <= DAY_MS { runs.floor() } else { runs })
}

/// Runs per day of a whole spec: parts separated by `-` (each trimmed); the fastest part, or the
/// slowest with `conservative`.
///
/// # Errors
/// The first bad part, as [`runs_per_day_of_interval`] reports it.
pub fn runs_per_day(spec: &str, conservative: bool) -> Result<f64, CadenceError> {
    let mut best: Option<f64> = None;
    for part in spec.split('-') {
        let runs = runs_per_day_of_interval(js_trim(part))?;
        best = Some(match best {
            None => runs,
            Some(b) if conservative => b.min(runs),
            Some(b) => b.max(runs),
        });
    }
    best.ok_or_else(|| CadenceError::Malformed(spec.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reference_values() {
        assert_eq!(runs_per_day("5m-15m", false), Ok(288.0));
        assert_eq!(runs_per_day("5m-15m", true), Ok(96.0));
        assert_eq!(runs_per_day("1d-2h", false), Ok(12.0));
        assert_eq!(runs_per_day("1d-2h", true), Ok(1.0));
        assert_eq!(runs_per_day("7m", false), Ok(205.0));
        assert_eq!(runs_per_day("66m", false), Ok(21.0));
        assert_eq!(runs_per_day("90m", false), Ok(16.0));
        assert_eq!(runs_per_day("1h-1d-5m", false), Ok(288.0));
        assert_eq!(runs_per_day("1h-1d-5m", true), Ok(1.0));
        assert_eq!(runs_per_day(" 1h - 2h ", false), Ok(24.0));
    }

    #[test]
    fn slower_than_daily_is_fractional() {
        assert_eq!(runs_per_day("2d", false), Ok(0.5));
        assert_eq!(runs_per_day("7d", false), Ok(1.0 / 7.0));
        assert_eq!(runs_per_day("1441m", false), Ok(1440.0 / 1441.0));
        assert_eq!(runs_per_day("1d-2d", true), Ok(0.5));
    }

    #[test]
    fn malformed_and_zero_are_errors() {
        for bad in ["abc", "15", "1w", "1H", "", "m", "-1m", "1.5h", "١m"] {
            assert_eq!(
                runs_per_day_of_interval(bad),
                Err(CadenceError::Malformed(bad.to_owned())),
                "{bad}"
            );
        }
        assert_eq!(
            runs_per_day("5m-", false),
            Err(CadenceError::Malformed(String::new()))
        );
        assert_eq!(
            runs_per_day("0m", false),
            Err(CadenceError::Zero("0m".into()))
        );
        assert_eq!(
            runs_per_day("0m-15m", true),
            Err(CadenceError::Zero("0m".into()))
        );
        assert_eq!(
            CadenceError::Malformed("abc".into()).to_string(),
            "loop-cost failed: Invalid cadence interval: abc"
        );
    }

    proptest! {
        #[test]
        fn any_positive_interval_gives_a_finite_positive_rate(n in 1u64..10_000_000, u in 0usize..3) {
            let unit = ["m", "h", "d"][u];
            let runs = runs_per_day(&format!("{n}{unit}"), false).unwrap();
            prop_assert!(runs.is_finite());
            let ms = n as f64 * [MINUTE_MS, HOUR_MS, DAY_MS][u];
            if ms <= DAY_MS {
                prop_assert!(runs >= 1.0 && runs.fract() == 0.0);
                prop_assert_eq!(runs, (DAY_MS / ms).floor());
            } else {
                prop_assert!(runs > 0.0 && runs < 1.0);
            }
        }

        #[test]
        fn range_is_max_or_min_of_parts(a in 1u64..5000, b in 1u64..5000) {
            let ra = runs_per_day(&format!("{a}m"), false).unwrap();
            let rb = runs_per_day(&format!("{b}m"), false).unwrap();
            let spec = format!("{a}m-{b}m");
            prop_assert_eq!(runs_per_day(&spec, false).unwrap(), ra.max(rb));
            prop_assert_eq!(runs_per_day(&spec, true).unwrap(), ra.min(rb));
        }

        #[test]
        fn never_panics(s in "\\PC{0,12}") {
            let _ = runs_per_day(&s, false);
        }
    }
}

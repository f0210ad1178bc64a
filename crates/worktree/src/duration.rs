//! Durations as the reference spells them: a whole number and one unit (`30s`, `30m`, `24h`, `7d`).

use std::time::Duration;

use crate::error::DurationError;

/// The longest duration accepted (100 years); anything longer is a mistake.
pub const MAX_DURATION: Duration = Duration::from_secs(100 * 365 * 86_400);

/// Parses `token` for `flag` (named in the error).
pub fn parse_duration(token: &str, flag: &str) -> Result<Duration, DurationError> {
    let err = |reason: &str| DurationError {
        flag: flag.to_string(),
        value: token.to_string(),
        reason: reason.to_string(),
    };
    let t = token.trim();
    let split = t.len().saturating_sub(1);
    let (digits, unit) = (t.get(..split).unwrap_or(""), t.get(split..).unwrap_or(""));
    let per = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3_600,
        "d" => 86_400,
        _ => return Err(err("Use e.g. 30s, 30m, 24h, 7d.")),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err("Use e.g. 30s, 30m, 24h, 7d."));
    }
    let n: u64 = digits
        .parse()
        .map_err(|_| err("The number is too large (at most 100 years)."))?;
    let secs = n
        .checked_mul(per)
        .filter(|&s| s <= MAX_DURATION.as_secs())
        .ok_or_else(|| err("The number is too large (at most 100 years)."))?;
    Ok(Duration::from_secs(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_errors() {
        assert_eq!(parse_duration("30s", "--ttl").unwrap().as_secs(), 30);
        assert_eq!(parse_duration("30m", "--ttl").unwrap().as_secs(), 1_800);
        assert_eq!(parse_duration(" 24h ", "--ttl").unwrap().as_secs(), 86_400);
        assert_eq!(parse_duration("7d", "--ttl").unwrap().as_secs(), 604_800);
        assert_eq!(parse_duration("0m", "--wait").unwrap().as_secs(), 0);
        for bad in [
            "",
            "h",
            "5",
            "5x",
            "1.5h",
            "-1h",
            "24H",
            "+3m",
            "99999999999999999999d",
            "40000d",
        ] {
            let e = parse_duration(bad, "--ttl").unwrap_err();
            assert!(e.to_string().starts_with("Invalid --ttl"), "{bad}: {e}");
        }
    }
}

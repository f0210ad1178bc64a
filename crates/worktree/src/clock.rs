//! Timestamps as JavaScript's `Date.prototype.toISOString` writes them (`2026-07-07T08:00:00.000Z`).

use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{OffsetDateTime, UtcOffset};

/// `now` in the manifest's timestamp format (UTC, milliseconds).
pub fn iso(t: OffsetDateTime) -> String {
    let fmt =
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");
    t.to_offset(UtcOffset::UTC)
        .format(&fmt)
        .unwrap_or_else(|_| t.unix_timestamp().to_string())
}

/// Parses a timestamp written by [`iso`] (or any RFC 3339 time); `None` when it is not one.
pub fn parse_iso(s: &str) -> Option<OffsetDateTime> {
    OffsetDateTime::parse(s, &Rfc3339).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_millis() {
        let t = OffsetDateTime::from_unix_timestamp_nanos(1_783_411_200_123_456_789).unwrap();
        let s = iso(t);
        assert_eq!(s, "2026-07-07T08:00:00.123Z");
        assert_eq!(parse_iso(&s).unwrap().unix_timestamp(), t.unix_timestamp());
        assert!(parse_iso("yesterday").is_none());
    }
}

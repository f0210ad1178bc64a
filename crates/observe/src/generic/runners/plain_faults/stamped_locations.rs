//! A program's located message behind a log line's timestamp: `07-Dec-2026 06:12:56.636
//! dns_master_load: a.zone:21: www.a.test: CNAME and other data`. Read alone, after the date
//! and the time, the line is `prog: path:N: message`, which the core keeps when it leads a line.
//! A path right after the time (`2009/11/10 23:00:00 main.go:12: started`, Go's `log` with
//! file names) is a log's ordinary record and is not this shape.

use crate::generic::{Signal, blank, named_location, sig};
use crate::rules::Kind;

/// A warning when unindented `line` is a date, a time, then `prog: path:N: message`; else
/// what [`super::stamped_levels`] reads after the time.
#[inline]
pub(super) fn shape(line: &[u8], t: &[u8]) -> Option<Signal> {
    if line.len() != t.len() || !t.first()?.is_ascii_digit() {
        return None;
    }
    let rest = after_stamp(t)?;
    named_location(rest, blank(rest))
        .map(|_| sig(Kind::Warning, 2, true))
        .or_else(|| super::stamped_levels::shape(rest))
}

/// After a leading date (`YYYY-MM-DD`, `YYYY/MM/DD` or `DD-Mon-YYYY`) and a time (`HH:MM:SS`,
/// any fraction), each told by the places of its separators, the rest of the line.
fn after_stamp(t: &[u8]) -> Option<&[u8]> {
    let d = match t {
        [_, _, _, _, b'-', _, _, b'-', _, _, b' ', ..]
        | [_, _, _, _, b'/', _, _, b'/', _, _, b' ', ..] => 10,
        [_, _, b'-', _, _, _, b'-', _, _, _, _, b' ', ..] => 11,
        _ => return None,
    };
    let [h, _, b':', _, _, b':', ..] = t.get(d + 1..)? else {
        return None;
    };
    if !h.is_ascii_digit() {
        return None;
    }
    let rest = &t[d + 1..];
    let n = rest
        .iter()
        .take_while(|b| b.is_ascii_digit() || matches!(b, b':' | b'.' | b','))
        .count();
    rest[n..].strip_prefix(b" ")
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A program's located message behind a date and a time is kept; a path right after the
    /// time, and a timestamped message with no location, are not.
    #[test]
    fn located_messages_behind_a_timestamp() {
        assert_eq!(
            kind(
                "07-Dec-2026 06:12:56.636 dns_master_load: a.zone:21: www.a.test: CNAME and other data"
            ),
            Some(Kind::Warning)
        );
        assert_eq!(
            kind("2026/12/07 06:11:47 loader: conf/x.conf:3: unknown key"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("2009/11/10 23:00:00 main.go:12: started"), None);
        assert_eq!(
            kind("07-Dec-2026 06:12:56.636 zone lab.test/IN: loaded serial 1"),
            None
        );
    }
}

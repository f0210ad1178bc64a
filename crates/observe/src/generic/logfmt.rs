//! Records of a `key=value` log (logfmt): `ts=2026-01-02T10:00:00Z caller=a.go:12 level=debug
//! msg="Scrape failed" target=http://10.0.0.1:9100/metrics err="…"`. Every record has its own
//! time, so no two say the same text; an error record groups by its template instead: its keys
//! in order and the values that hold no digit (the level, the component, the message, the
//! pool or receiver), so that the same failure of another target, count or time folds with the
//! others beyond the group limit while a failure of another kind or receiver stays.

/// The group key of a logfmt record: `None` when `line` is not one (it must begin with a
/// `key=` whose value begins with a digit, the time, and hold a `level=` field).
pub(crate) fn logfmt_key(line: &[u8]) -> Option<u64> {
    let eq = line.iter().take(12).position(|b| *b == b'=')?;
    if eq == 0
        || !line[..eq].iter().all(u8::is_ascii_lowercase)
        || !line.get(eq + 1).is_some_and(u8::is_ascii_digit)
    {
        return None;
    }
    let mut key = Vec::with_capacity(64);
    let mut level = false;
    let mut i = 0;
    while i < line.len() {
        while line.get(i) == Some(&b' ') {
            i += 1;
        }
        let start = i;
        while i < line.len() && !matches!(line[i], b'=' | b' ') {
            i += 1;
        }
        let name = &line[start..i];
        if line.get(i) != Some(&b'=') {
            // A word with no value: the record is not logfmt.
            return (i >= line.len() && name.is_empty() && level).then(|| hash(&key));
        }
        i += 1;
        let vs = i;
        if line.get(i) == Some(&b'"') {
            i += 1;
            while i < line.len() && line[i] != b'"' {
                i += if line[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(line.len());
        } else {
            while i < line.len() && line[i] != b' ' {
                i += 1;
            }
        }
        let value = &line[vs..i];
        level |= name == b"level";
        key.extend_from_slice(name);
        key.push(b'=');
        if !value.iter().any(u8::is_ascii_digit) {
            key.extend_from_slice(value);
        }
        key.push(b' ');
    }
    level.then(|| hash(&key))
}

fn hash(key: &[u8]) -> u64 {
    crate::normalize::hash_bytes(key) ^ 0x1f83_d9ab
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logfmt_records_group_by_keys_and_wordy_values() {
        let a = logfmt_key(br#"ts=2026-01-02T10:00:00.1Z caller=s.go:13 level=debug pool=web target=http://10.0.0.1:91/m msg="Fetch failed" err="dial 10.0.0.1:91: refused""#);
        let b = logfmt_key(br#"ts=2026-01-02T10:00:07.9Z caller=s.go:13 level=debug pool=web target=http://10.0.0.2:92/m msg="Fetch failed" err="dial 10.0.0.2:92: refused""#);
        let c = logfmt_key(br#"ts=2026-01-02T10:00:07.9Z caller=s.go:13 level=debug pool=db target=http://10.0.0.2:92/m msg="Fetch failed" err="dial 10.0.0.2:92: refused""#);
        let d = logfmt_key(br#"ts=2026-01-02T10:00:07.9Z caller=s.go:13 level=debug pool=web target=http://10.0.0.2:92/m msg="Send failed" err="dial 10.0.0.2:92: refused""#);
        assert!(a.is_some());
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, d);
        assert!(logfmt_key(br#"ts=1 level=info msg="a \"quoted\" word""#).is_some());
        assert_eq!(logfmt_key(b"2026-01-02 level=info msg=x"), None);
        assert_eq!(logfmt_key(b"ts=2026 caller=x msg=y"), None);
        assert_eq!(logfmt_key(b"ts=2026 level=error and then words"), None);
    }

    /// A failure a service logs at each round, with its time in a `ts=` field, folds beyond
    /// the group limit; another failure stays.
    #[test]
    fn a_logfmt_failure_repeated_each_round_folds() {
        let mut log = String::new();
        for i in 0..60 {
            log.push_str(&format!(
                "ts=2026-01-02T10:00:{i:02}.{}Z caller=s.go:13 level=debug pool=web target=http://10.0.0.{}:9100/m msg=\"Fetch failed\" err=\"dial: connection refused\"\n",
                i * 7 % 1000,
                i % 8
            ));
            log.push_str(&format!(
                "ts=2026-01-02T10:00:{i:02}.5Z caller=m.go:4 level=info msg=\"Tick done\" n={i}\n"
            ));
        }
        log.push_str("ts=2026-01-02T10:01:00.0Z caller=r.go:9 level=warn msg=\"Rule evaluation failed\" rule=up\n");
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(out.len() * 4 < log.len(), "{out}");
        assert!(
            out.contains("target=http://10.0.0.0:9100/m msg=\"Fetch failed\""),
            "{out}"
        );
        assert!(out.contains("msg=\"Rule evaluation failed\""), "{out}");
    }
}

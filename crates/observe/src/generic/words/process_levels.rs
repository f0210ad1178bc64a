//! A log's level in capitals glued by a slash to the process that logged it (issue 16, the
//! `wild21` set's tuning half): `[2026-12-07 04:30:49,714: ERROR/MainProcess] Task …`,
//! `[… WARNING/ForkPoolWorker-3] …`. The slash makes the level look like the start of a path,
//! which a severity word is not.

/// Whether the severity or warning word at `line[s..e]` is a level naming its process: the word
/// in capitals (4 letters or more), at the line's start or after a blank, `[`, `(` or `:`, then
/// `/`, a capitalised process name with a lower-case letter (not a second level: `ERROR/WARNING`)
/// and `]`, `:` or a blank.
pub(super) fn process_level(line: &[u8], s: usize, e: usize) -> bool {
    let word = &line[s..e];
    if word.len() < 4
        || !word.iter().all(u8::is_ascii_uppercase)
        || (s > 0 && !matches!(line[s - 1], b' ' | b'[' | b'(' | b':'))
        || line.get(e) != Some(&b'/')
        || !line.get(e + 1).is_some_and(u8::is_ascii_uppercase)
    {
        return false;
    }
    let rest = &line[e + 1..];
    let n = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
        .count();
    rest[..n].iter().any(u8::is_ascii_lowercase) && matches!(rest.get(n), Some(b']' | b':' | b' '))
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A level glued to its process by a slash is the record's level; a level word inside a
    /// path, or two levels joined by a slash, is not.
    #[test]
    fn levels_glued_to_their_process() {
        let e = "[2026-01-02 10:00:01,714: ERROR/MainProcess] Task jobs.bill[ab-12] raised unexpected: KeyError('x')";
        assert_eq!(kind(e), Some(Kind::Error));
        let w = "[2026-01-02 10:00:02,024: WARNING/ForkPoolWorker-3] consumer: Connection to queue lost.";
        assert_eq!(kind(w), Some(Kind::Warning));
        assert_eq!(kind("copied to /srv/ERROR/Archive: 3 files"), None);
        assert_eq!(kind("see docs/WARNING/Index] for more"), None);
        assert_eq!(kind("levels ERROR/WARNING are shown in red"), None);
    }
}

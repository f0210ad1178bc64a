//! `conflict` in the word scan (issue 16, the `wild19` set's tuning half): a merge or a sync
//! that could not join two changes says so in words no other severity uses (`Text conflict in
//! ledger.txt`, `***** 1 merge conflict in …`, `[CONFLICT] Skipping …`, `1 conflicts
//! encountered.`): an error. Two names or settings that clash (`'eval' conflicts with a
//! built-in name`) are a warning; none counted (`0 conflicts`, `no conflicts`) a summary.

/// Whether the hit `m` (ending at `e` in `line`) is `conflict`/`conflicts` followed by
/// ` with`: two names or settings that clash, not a merge that failed.
pub(super) fn clash(line: &[u8], m: &[u8], e: usize) -> bool {
    m.len() >= 8
        && m[..8].eq_ignore_ascii_case(b"conflict")
        && line.get(e..e + 5).is_some_and(|w| w == b" with")
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A merge's conflict is an error whatever its tool; a clash of names a warning; none of
    /// them counted a summary.
    #[test]
    fn conflicts_of_a_merge_and_clashes_of_names() {
        assert_eq!(kind("Text conflict in ledger.txt"), Some(Kind::Error));
        assert_eq!(kind("[CONFLICT] Skipping d0/a.txt"), Some(Kind::Error));
        assert_eq!(kind("3 conflicts encountered."), Some(Kind::Error));
        assert_eq!(
            kind("We have conflicts in the following files:"),
            Some(Kind::Error)
        );
        assert_eq!(
            kind("a.h:175: Warning 321: 'eval' conflicts with a built-in name"),
            Some(Kind::Warning)
        );
        assert_eq!(kind("option -q conflicts with -v"), Some(Kind::Warning));
        assert_eq!(kind("0 conflicts"), Some(Kind::Summary));
        assert_eq!(kind("merged with no conflicts"), Some(Kind::Summary));
        assert_eq!(kind("see --conflict-style"), None);
    }
}

//! A finding that names its rule in parentheses before the place it is about (issue 16, the
//! `wild30` set: eslint's codeframe formatter): `warning: Unexpected var, use let or const
//! instead (no-var) at src/m4.js:12:3:`. Its text differs only in the place, so it groups by
//! the rule, as a finding closed by `(rule)` does.

/// The rule of `… (rule) at path:N:M:`: a line ending in a colon after ` at ` and a place
/// (`path:N` or `path:N:M`), right after a parenthesised name of letters, digits and `-_/@`
/// led by a letter or `@`.
pub(crate) fn rule_before_place(t: &[u8]) -> Option<&[u8]> {
    let body = t.strip_suffix(b":")?;
    let at = memchr::memmem::rfind(body, b" at ")?;
    let place = &body[at + 4..];
    let colon = memchr::memchr(b':', place)?;
    let placed = colon > 0
        && place[colon + 1..]
            .iter()
            .all(|&b| b.is_ascii_digit() || b == b':')
        && place.last().is_some_and(u8::is_ascii_digit);
    let (before, rule) = crate::generic::reports::closing_rule(&body[..at])?;
    (placed && before.ends_with(b" ")).then_some(rule)
}

#[cfg(test)]
mod tests {
    use super::rule_before_place;

    #[test]
    fn rules_named_before_their_place() {
        let rule = |l: &str| {
            rule_before_place(l.as_bytes()).map(|r| String::from_utf8_lossy(r).into_owned())
        };
        assert_eq!(
            rule("warning: Unexpected var, use let or const instead (no-var) at src/m4.js:12:3:")
                .as_deref(),
            Some("no-var")
        );
        assert_eq!(
            rule("error: 'x' is not defined (no-undef) at lib/a.js:7:1:").as_deref(),
            Some("no-undef")
        );
        assert_eq!(
            rule("error: x (@typescript-eslint/no-unused-vars) at a.ts:3:").as_deref(),
            Some("@typescript-eslint/no-unused-vars")
        );
        assert_eq!(rule("Exception (in thread main) at Foo.java:"), None);
        assert_eq!(
            rule("warning: Unexpected var (no-var) at src/m4.js:12:3"),
            None
        );
        assert_eq!(rule("called (twice) at startup:"), None);
        assert_eq!(rule("error:(rule) at a.js:1:"), None);
    }
}

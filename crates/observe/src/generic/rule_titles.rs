//! The title of a finding that names its rule in words before a colon (issue 16, the `wild30`
//! set): `unused-import: [*] \`os\` imported but unused`, `lint/style/useTemplate: …`,
//! `assert: Use of \`assert\` detected`. Alone it is a sentence; with an arrow location under
//! it (`compress/titled.rs`) it is a finding.

/// The rule name of a title: an unindented line opening with a name of letters, digits and
/// `-_./` (2 to 64 bytes, led by a letter), a colon, a blank and the message.
pub(crate) fn rule_title(line: &[u8]) -> Option<&[u8]> {
    let colon = memchr::memchr(b':', &line[..line.len().min(66)])?;
    let name = &line[..colon];
    let rest = line[colon + 1..].trim_ascii_end();
    let named = (2..=64).contains(&name.len())
        && name[0].is_ascii_alphabetic()
        && name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/'));
    (named && rest.len() > 1 && rest[0] == b' ' && !rest[1].is_ascii_whitespace()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::rule_title;

    #[test]
    fn titles_naming_their_rule() {
        let name =
            |l: &str| rule_title(l.as_bytes()).map(|n| String::from_utf8_lossy(n).into_owned());
        assert_eq!(
            name("unused-import: [*] `os` imported but unused").as_deref(),
            Some("unused-import")
        );
        assert_eq!(
            name("lint/style/useTemplate: Template literals are preferred").as_deref(),
            Some("lint/style/useTemplate")
        );
        assert_eq!(
            name("assert: Use of `assert` detected").as_deref(),
            Some("assert")
        );
        assert_eq!(name("  indented: no"), None);
        assert_eq!(name("http://host: x"), None);
        assert_eq!(name("a: b"), None);
        assert_eq!(name("name:"), None);
        assert_eq!(name("12:30:01 started"), None);
        assert_eq!(name("two words: x"), None);
    }
}

//! A compared side named as a variable with the path into it that differs (issue 16, the
//! `wild30` set's tuning half): a deep comparison reports where two structures first differ as
//! `$got->[2]{a} = '1'` and `$expected->[2]{a} = '2'` under a comment mark.

/// `$got->[2]{a} = '1'`, `$expected{key} = undef`: a sigil, a side's name (`got`, `expected`,
/// `actual`, `want`), an accessor (`->`, `[`, `{`) and ` = ` before the value.
pub(super) fn compared_side(rest: &[u8]) -> bool {
    let Some(name) = rest.strip_prefix(b"$") else {
        return false;
    };
    let word = name.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    matches!(&name[..word], b"got" | b"expected" | b"actual" | b"want")
        && matches!(name.get(word), Some(b'-' | b'[' | b'{'))
        && memchr::memmem::find(&name[word..], b" = ").is_some()
}

#[cfg(test)]
mod tests {
    use super::compared_side;

    #[test]
    fn sides_of_a_deep_comparison() {
        assert!(compared_side(b"$got->[2]{a} = '1'"));
        assert!(compared_side(b"$expected->[2]{a} = '2'"));
        assert!(compared_side(b"$expected{total} = undef"));
        assert!(!compared_side(b"$got = 3"));
        assert!(!compared_side(b"$gotten->[1] = 2"));
        assert!(!compared_side(b"$row->[2] = '1'"));
    }
}

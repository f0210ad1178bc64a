//! Group keys: lines of one kind that say the same thing (a warning repeated in many files)
//! share a key, so the compressor folds them beyond the group limit.

/// The group key of a grouped line: a bracketed rule code at its end (`[-Wconversion]`,
/// `[attr-defined]`) or else its text with quoted parts and numbers normalised.
pub fn group_key(line: &[u8]) -> u64 {
    let t = line.trim_ascii_end();
    if t.ends_with(b"]")
        && let Some(open) = memchr::memrchr(b'[', t)
    {
        let code = &t[open..];
        if code.len() > 2
            && code[1..code.len() - 1]
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(b))
        {
            return crate::normalize::hash_bytes(code);
        }
    }
    // `… Extra semicolon. (semi)`: a finding closed by its rule in parentheses.
    if t.ends_with(b")")
        && let Some(rule) = crate::generic::reports::paren_rule(t)
    {
        return crate::normalize::hash_bytes(rule);
    }
    // `| is_continuation (L29) |   MISSED |`: a table row, by its status cell; `- umask
    // [ SUGGESTION ]`: a check, by its bracketed status.
    if let Some(cell) = (t.ends_with(b"|"))
        .then(|| crate::generic::reports::findings::status_cell(t))
        .flatten()
        .or_else(|| crate::generic::reports::findings::bracket_status(t))
    {
        return crate::normalize::hash_bytes(cell);
    }
    let mut key = Vec::with_capacity(t.len());
    let mut i = 0;
    // Skip any leading location (`file:12:3: `) so the same warning in two files groups together.
    static WARNING: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"warning"));
    if let Some(pos) = WARNING.find(t) {
        i = pos;
    }
    while i < t.len() {
        let b = t[i];
        if matches!(b, b'`' | b'\'' | b'"') {
            // A quoted part becomes `_` once closed; an open one drops the rest.
            match memchr::memchr(b, &t[i + 1..]) {
                Some(p) => {
                    key.push(b'_');
                    i += p + 2;
                }
                None => i = t.len(),
            }
            continue;
        }
        if t[i..].starts_with("‘".as_bytes()) {
            // gcc quotes: ‘…’
            let end = memchr::memmem::find(&t[i..], "’".as_bytes()).map_or(t.len(), |e| i + e + 3);
            key.push(b'_');
            i = end;
            continue;
        }
        if b.is_ascii_digit() {
            if key.last() != Some(&b'0') {
                key.push(b'0');
            }
            i += 1;
            continue;
        }
        // A run of plain bytes is copied at once.
        let run = t[i + 1..]
            .iter()
            .position(|&c| matches!(c, b'`' | b'\'' | b'"' | 0xE2 | b'0'..=b'9'))
            .map_or(t.len(), |p| i + 1 + p);
        key.extend_from_slice(&t[i..run]);
        i = run;
    }
    crate::normalize::hash_bytes(&key)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-at-a-time version the run-copying one replaced, kept to test against.
    fn reference(line: &[u8]) -> u64 {
        let t = line.trim_ascii_end();
        if t.ends_with(b"]")
            && let Some(open) = memchr::memrchr(b'[', t)
        {
            let code = &t[open..];
            if code.len() > 2
                && code[1..code.len() - 1]
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(b))
            {
                return crate::normalize::hash_bytes(code);
            }
        }
        let mut key = Vec::with_capacity(t.len());
        let mut quote: Option<u8> = None;
        let mut i = 0;
        // Skip any leading location (`file:12:3: `) so the same warning in two files groups together.
        if let Some(pos) = memchr::memmem::find(t, b"warning") {
            i = pos;
        }
        while i < t.len() {
            let b = t[i];
            match quote {
                Some(q) => {
                    if b == q {
                        quote = None;
                        key.push(b'_');
                    }
                }
                None if b == b'`' || b == b'\'' || b == b'"' => {
                    quote = Some(b);
                }
                None if t[i..].starts_with("‘".as_bytes()) => {
                    // gcc quotes: ‘…’
                    let end = memchr::memmem::find(&t[i..], "’".as_bytes())
                        .map_or(t.len(), |e| i + e + 3);
                    key.push(b'_');
                    i = end;
                    continue;
                }
                None if b.is_ascii_digit() => {
                    if key.last() != Some(&b'0') {
                        key.push(b'0');
                    }
                }
                None => key.push(b),
            }
            i += 1;
        }
        crate::normalize::hash_bytes(&key)
    }

    proptest::proptest! {
        /// Copying runs of plain bytes gives the keys the byte loop gave.
        #[test]
        fn run_copy_agrees_with_the_byte_loop(parts in proptest::collection::vec(
            proptest::sample::select(vec!["a", "warning", " ", "0", "42", "`", "'", "\"", "‘", "’", "\u{e2}", "[x]", "]", "[-W1]"]),
            0..16,
        )) {
            let line = parts.concat();
            proptest::prop_assert_eq!(group_key(line.as_bytes()), reference(line.as_bytes()));
        }
    }

    #[test]
    fn group_keys() {
        let a = group_key("a.c:1:2: warning: x ‘int’ from ‘long’ [-Wconversion]".as_bytes());
        let b = group_key("b.c:9:2: warning: y ‘char’ [-Wconversion]".as_bytes());
        let c = group_key("b.c:9:2: warning: y ‘char’ [-Wsign-conversion]".as_bytes());
        assert_eq!(a, b);
        assert_ne!(a, c);
        let d = group_key(b"warning: unused variable: `a`");
        let e = group_key(b"warning: unused variable: `bcd`");
        let f = group_key(b"warning: unused import: `bcd`");
        assert_eq!(d, e);
        assert_ne!(d, f);
    }
}

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
                let end =
                    memchr::memmem::find(&t[i..], "’".as_bytes()).map_or(t.len(), |e| i + e + 3);
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

#[cfg(test)]
mod tests {
    use super::*;

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

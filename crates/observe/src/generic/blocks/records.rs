//! Records printed as aligned `Label  value` lines between blank lines (issue 16, the `wild17`
//! set's tuning half): `URL        \`gone9.html'`, `Parent URL http://…/page9.html, line 1`,
//! …, `Result     Error: 404 File not found`. An error in such a record is about the item its
//! other lines name: the record is kept whole, from the blank line above it.

/// The column a record line's value starts at: after a capitalised label of letters and
/// single blanks, at least one more blank (`Result     Error`: 11); `None` for other lines.
fn value_column(l: &[u8]) -> Option<usize> {
    if !l.first().is_some_and(u8::is_ascii_uppercase) {
        return None;
    }
    let mut i = 0;
    while i < l.len().min(24) {
        match l[i] {
            b if b.is_ascii_alphabetic() || b == b'/' => i += 1,
            // one blank inside a label (`Check time`); a value after one blank is not told
            b' ' if l.get(i + 1).is_some_and(u8::is_ascii_alphabetic) => i += 1,
            b' ' => {
                let n = l[i..].iter().take_while(|&&b| b == b' ').count();
                return (i + n < l.len()).then_some(i + n);
            }
            _ => return None,
        }
    }
    None
}

/// Whether `l` is a line of a record whose values start at `col`.
fn at_column(l: &[u8], col: usize) -> bool {
    l.len() > col
        && l[col] != b' '
        && l[col - 1] == b' '
        && l.first().is_some_and(u8::is_ascii_uppercase)
        && l[..col]
            .iter()
            .all(|b| b.is_ascii_alphabetic() || matches!(b, b' ' | b'/'))
}

/// How many lines above an error line of a record (`above`: nearest first) to keep so that the
/// whole record shows: the lines up to the blank line above, when there are two to eight of
/// them and each has its value at the error line's column; else 0.
pub(crate) fn record_pull<'a>(line: &[u8], above: impl Iterator<Item = &'a [u8]>) -> usize {
    let Some(col) = value_column(line).filter(|&c| c >= 4) else {
        return 0;
    };
    for (i, l) in above.take(9).enumerate() {
        if l.iter().all(u8::is_ascii_whitespace) {
            return if (2..=8).contains(&i) { i } else { 0 };
        }
        if !at_column(l, col) {
            return 0;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_columns_and_pulls() {
        assert_eq!(
            value_column(b"Result     Error: 404 File not found"),
            Some(11)
        );
        assert_eq!(value_column(b"D/L time   0.001 seconds"), Some(11));
        assert_eq!(
            value_column(b"Parent URL http://h/p.html, line 1, col 3"),
            None
        );
        assert_eq!(value_column(b"  indented  x"), None);
        assert_eq!(value_column(b"error: x"), None);
        let block: [&[u8]; 4] = [
            b"Check time 3.1 seconds",
            b"Parent URL http://h/page9.html, line 1, col 171",
            b"URL        `gone9.html'",
            b"",
        ];
        let err = b"Result     Error: 404 File not found";
        assert_eq!(record_pull(err, block.iter().copied()), 3);
        let ragged: [&[u8]; 3] = [b"Check time 3.1 seconds", b"URL `gone9.html'", b""];
        assert_eq!(record_pull(err, ragged.iter().copied()), 0);
        let alone: [&[u8]; 2] = [b"", b"URL        `a'"];
        assert_eq!(record_pull(err, alone.iter().copied()), 0);
    }

    /// A link checker's records: the failed one is kept whole (which link, on which page),
    /// the valid ones fold.
    #[test]
    fn a_failed_record_keeps_the_item_it_names() {
        let mut log = String::from("Start checking\n\n");
        for i in 0..50 {
            let result = if i == 27 {
                "Error: 404 Not Found"
            } else {
                "Valid: 200 OK"
            };
            log.push_str(&format!(
                "URL        `item{i}.html'\nParent URL http://h/list.html, line {i}, col 9\nReal URL   http://h/item{i}.html\nResult     {result}\n\n"
            ));
        }
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(out.contains("URL        `item27.html'\nParent URL http://h/list.html, line 27, col 9\nReal URL   http://h/item27.html\nResult     Error: 404 Not Found\n"), "{out}");
        assert!(!out.contains("item40"), "{out}");
    }
}

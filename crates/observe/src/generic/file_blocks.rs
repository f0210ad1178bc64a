//! The header of a per-file block above a finding that does not name its file (issue 16, the
//! `wild23` set's tuning half): a tool run over many files prints one header line per file —
//! `== ps/handout.ps`, `== render pdf/cut.pdf`, `** Processing: tile_09.png` —
//! then what it says about that file, where an error (`Error: /undefined in shwo`, `error:
//! cannot find startxref`) names no file. The header is the error's location.

mod alone;
mod job_headers;

/// How many lines above a kept error or warning to keep so that its file's header shows:
/// `above` are the contiguous unkept lines right above it, nearest first. The header is the
/// nearest line of the last [`WINDOW`] that names a file alone ([`names_a_file`]); 0 when none
/// does.
pub(crate) fn file_block_pull<'a>(above: impl Iterator<Item = &'a [u8]>) -> usize {
    above
        .take(WINDOW)
        .position(names_a_file)
        .map_or(0, |i| i + 1)
}

/// How far above a finding its file's header may be: a banner of a few lines (a program's
/// name, copyright and licence) may stand between them.
const WINDOW: usize = 8;

/// `== a/b.ps`, `** Processing: x.png`, `== render pdf/c.pdf`: an unindented line that is a
/// file name after a marker of punctuation (`==`, `**`, `>>>`) and at most one word (`render`,
/// `Processing:`), maybe before a colon. A command line (`cc -c a.c`) or a bare name in a
/// listing has no marker; a sentence has more words.
pub(crate) fn names_a_file(line: &[u8]) -> bool {
    let t = line.trim_ascii_end();
    if t.len() > 200 || t.first().is_none_or(u8::is_ascii_whitespace) {
        return false;
    }
    let colon = t.ends_with(b":");
    let t = t.strip_suffix(b":").unwrap_or(t);
    let mut words = t.split(|&b| b == b' ').filter(|w| !w.is_empty());
    match (words.next(), words.next(), words.next(), words.next()) {
        (Some(path), None, None, None) if !colon => {
            alone::names_a_path(path, file_name) || alone::names_a_url(&[path])
        }
        (Some(path), None, None, None) => job_headers::names_a_job(path),
        (Some(m), Some(name), None, None) if marker(m) => file_name(name),
        (Some(m), Some(w), Some(name), None) if marker(m) && label(w) => file_name(name),
        (Some(a), b, c, None) if !colon => {
            alone::names_a_url(&[Some(a), b, c].into_iter().flatten().collect::<Vec<_>>())
        }
        _ => false,
    }
}

/// `==`, `**`, `>>>`: two or more marks leading a header (not a diff's `+++`/`---`, whose
/// hunks are the data under them).
fn marker(w: &[u8]) -> bool {
    w.len() >= 2 && w.iter().all(|b| b"=*#>".contains(b))
}

/// A word of letters, maybe ending in a colon (`render`, `Processing:`).
fn label(w: &[u8]) -> bool {
    let w = w.strip_suffix(b":").unwrap_or(w);
    !w.is_empty() && w.len() <= 16 && w.iter().all(u8::is_ascii_alphabetic)
}

/// `pdf/cut.pdf`, `tile_09.png`: a path whose last part has a stem and an extension of 1 to 5
/// letters and digits, starting with a letter (not `1.5`, not `v2.0.1`).
fn file_name(w: &[u8]) -> bool {
    let Some(dot) = memchr::memrchr(b'.', w) else {
        return false;
    };
    let ext = &w[dot + 1..];
    let stem_start = memchr::memrchr(b'/', &w[..dot]).map_or(0, |s| s + 1);
    (1..=5).contains(&ext.len())
        && ext[0].is_ascii_alphabetic()
        && ext.iter().all(u8::is_ascii_alphanumeric)
        && dot > stem_start
        && w[stem_start..dot].iter().any(u8::is_ascii_alphabetic)
        && w.iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_naming_a_file_alone() {
        assert!(names_a_file(b"== ps/handout.ps"));
        assert!(names_a_file(b"== render pdf/cut-off.pdf"));
        assert!(names_a_file(b"** Processing: tile_09.png"));
        assert!(names_a_file(b">>> data/a.csv:"));
        assert!(!names_a_file(b"photo_like.png:"));
        assert!(!names_a_file(b"Reading: data/a.csv"));
        assert!(!names_a_file(b"+++ b/src/a.rs"));
        assert!(!names_a_file(b"cc -c a.c"));
        assert!(!names_a_file(b"Compiling a.c"));
        assert!(!names_a_file(b"   == indented.ps"));
        assert!(!names_a_file(b"== version 1.5"));
        assert!(!names_a_file(b"see the file COPYING for details."));
        assert!(!names_a_file(b"== a b c.ps"));
        assert!(!names_a_file(b"Built in 3.5s"));
    }

    #[test]
    fn the_nearest_header_within_a_few_lines() {
        let above: [&[u8]; 4] = [
            b"Loading font ... done.",
            b"Copyright (C) 2022 Someone.",
            b"Tool 10.0",
            b"== ps/menu.ps",
        ];
        assert_eq!(file_block_pull(above.iter().copied()), 4);
        let none: [&[u8]; 2] = [b"Loading font ... done.", b"rc=0"];
        assert_eq!(file_block_pull(none.iter().copied()), 0);
        let far = [&b"x y z"[..]; 9].into_iter().chain([&b"== a.ps"[..]]);
        assert_eq!(file_block_pull(far), 0);
    }
}

//! Results said with no word the scan knows (issue 16, the `wild17` set's tuning half): a tally
//! whose label is a plural and what was done to it (`Files checked: 123`, `Rootkits checked :
//! 475`), a verdict banner (`=====UNSATISFIABLE=====`), and a row of a `|`-separated results
//! table whose status cell fails (`9d8f35|ERR |  0B/s|http://…`).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Status cells of a results table that say the row failed.
const FAILED_CELLS: &[&[u8]] = &[
    b"ERR", b"ERROR", b"FAIL", b"FAILED", b"FAILURE", b"TIMEOUT", b"CRASHED", b"BROKEN",
];

/// One of the three shapes, told by the line's last byte and its pipes first: most lines are
/// none. `t` is the line without its indentation.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    match t.last()? {
        b'0'..=b'9' if done_count(t) => Some(sig(Kind::Summary, 0, false)),
        b'=' if banner(t) => Some(sig(Kind::Summary, 0, false)),
        _ if failed_cell(t) => Some(sig(Kind::Failure, 0, false)),
        _ => None,
    }
}

/// `Files checked: 123`, `Rootkits checked : 475`, `Packets dropped: 0`: a label of two to
/// four words, the first a capitalised plural and the last a past participle, then a colon
/// (a blank may stand before it) and the number ending the line. `Port: 22`, `Size checked:
/// 4` (no plural) and `Files: 3` (no participle) are fields, not tallies.
fn done_count(t: &[u8]) -> bool {
    let digits = t.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let head = t[..t.len() - digits].trim_ascii_end();
    let Some(label) = head.strip_suffix(b":").map(<[u8]>::trim_ascii_end) else {
        return false;
    };
    if label.len() > 48
        || !label.first().is_some_and(u8::is_ascii_uppercase)
        || !label
            .iter()
            .all(|b| b.is_ascii_alphabetic() || matches!(b, b' ' | b'-'))
    {
        return false;
    }
    let words: Vec<&[u8]> = label.split(|&b| b == b' ').collect();
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    (2..=4).contains(&words.len())
        && first.len() >= 4
        && first.ends_with(b"s")
        && !first.ends_with(b"ss")
        && last.len() >= 5
        && last.ends_with(b"ed")
}

/// `=====UNSATISFIABLE=====`, `==== NO SOLUTION ====`: a verdict in capitals between runs of
/// three or more `=`, alone on its line.
fn banner(t: &[u8]) -> bool {
    let t = t.trim_ascii_end();
    let lead = t.iter().take_while(|&&b| b == b'=').count();
    let trail = t.iter().rev().take_while(|&&b| b == b'=').count();
    if lead < 3 || trail < 3 || lead + trail >= t.len() {
        return false;
    }
    let word = t[lead..t.len() - trail].trim_ascii();
    word.len() >= 4
        && word.iter().any(u8::is_ascii_uppercase)
        && word
            .iter()
            .all(|b| b.is_ascii_uppercase() || matches!(b, b' ' | b'_' | b'-'))
}

/// `9d8f35|ERR |       0B/s|http://…`, `| t3 | FAIL | 2.1s |`: a row of two or more `|`,
/// the first within its first 16 bytes (a row's id or status comes first: looked for there
/// only, two words at a time, so that other lines cost a few instructions), one of whose
/// cells, without its blanks, is a failing status in capitals. Each cell is read from its
/// start only.
fn failed_cell(t: &[u8]) -> bool {
    if !pipe_in_head(t) {
        return false;
    }
    let Some(first) = memchr::memchr(b'|', &t[..t.len().min(16)]) else {
        return false;
    };
    memchr::memchr(b'|', &t[first + 1..]).is_some()
        && std::iter::once(0)
            .chain(memchr::memchr_iter(b'|', &t[first..]).map(|p| first + p + 1))
            .any(|at| status_cell(&t[at..]))
}

/// Whether a `|` is among the first 16 bytes of `t`.
fn pipe_in_head(t: &[u8]) -> bool {
    crate::generic::find2(&t[..t.len().min(16)], b'|', b'|').is_some()
}

/// Whether the cell `c` starts (blanks, then capitals, then blanks up to a `|` or the end) is
/// a failing status.
fn status_cell(c: &[u8]) -> bool {
    let lead = c.iter().take_while(|&&b| b == b' ').count();
    let word = c[lead..]
        .iter()
        .take_while(|b| b.is_ascii_uppercase())
        .count();
    if !(3..=7).contains(&word) {
        return false;
    }
    let rest = &c[lead + word..];
    let blanks = rest.iter().take_while(|&&b| b == b' ').count();
    matches!(rest.get(blanks), None | Some(b'|')) && FAILED_CELLS.contains(&&c[lead..lead + word])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_banners_and_failed_cells() {
        assert!(done_count(b"Files checked: 123"));
        assert!(done_count(b"Rootkits checked : 475"));
        assert!(done_count(b"Packets dropped: 0"));
        assert!(!done_count(b"Port: 22"));
        assert!(!done_count(b"Files: 3"));
        assert!(!done_count(b"Size checked: 4"));
        assert!(!done_count(b"Address checked: 4"));
        assert!(!done_count(b"Files checked: 12a"));
        assert!(banner(b"=====UNSATISFIABLE====="));
        assert!(banner(b"==== NO SOLUTION ===="));
        assert!(!banner(b"=========="));
        assert!(!banner(b"===== test session starts ====="));
        assert!(!banner(b"== OK =="));
        assert!(failed_cell(b"9d8f35|ERR |       0B/s|http://h/a.html"));
        assert!(failed_cell(b"| t3 | FAIL | 2.1s |"));
        assert!(!failed_cell(b"d52e38|OK  |   7.1KiB/s|/tmp/a.html"));
        assert!(!failed_cell(b"a | ERR"));
        assert!(!failed_cell(b"| error handling | done |"));
        assert!(!failed_cell(b"a long first column of a row | ERR | x"));
        for (line, pipe) in [
            (&b"0123456789abcde|"[..], true),
            (b"0123456789abcdef|", false),
            (b"a|", true),
            (b"abcdefghijklmnopqrst", false),
        ] {
            assert_eq!(pipe_in_head(line), pipe, "{line:?}");
        }
    }

    /// A downloader's results table and a tool's closing tallies: the failed rows, the tallies
    /// and the verdict stay while the passed rows fold.
    #[test]
    fn failed_rows_tallies_and_verdicts_are_kept() {
        let mut log = String::from(
            "Results:\ngid   |stat|avg speed  |path/URI\n======+====+===========+====\n",
        );
        for i in 0..60 {
            log.push_str(&format!(
                "a{i:05x}|OK  |   {i}KiB/s|/srv/get/file{i}.html\n"
            ));
            if i == 31 {
                log.push_str("bb77aa|ERR |       0B/s|http://127.0.0.1:9/file31.html\n");
            }
        }
        log.push_str("\nSummary\n    Items checked: 61\n    Items broken: 1\n=====UNKNOWN=====\n");
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        for kept in ["bb77aa|ERR |", "    Items checked: 61", "=====UNKNOWN====="] {
            assert!(out.contains(kept), "{kept}: {out}");
        }
        assert!(!out.contains("file40.html"), "{out}");
    }
}

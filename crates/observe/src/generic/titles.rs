//! Titles and names that carry no severity word: a banner titled by a task or a file
//! (`TASK [x] ******`, `src/a.js format ━━━━━━`), a rule named by its namespace path
//! (`lint/style/useTemplate`) and a warning word closing an upper-case compound (`STYLE-WARNING`).

/// `TASK [deploy] ******`, `src/a.js format ━━━━━━`: a title followed by a run of one rule
/// glyph (`*`, `=`, `-`, `─`, `━`, at least 10) to the end of the line; the title's length.
pub(crate) fn rule_run(t: &[u8]) -> Option<usize> {
    let t = t.trim_ascii_end();
    let glyph: &[u8] = match t.last()? {
        b'*' | b'=' | b'-' => &t[t.len() - 1..],
        0x80 | 0x81 if t.len() >= 3 && t[t.len() - 3..t.len() - 1] == [0xE2, 0x94] => {
            &t[t.len() - 3..]
        }
        _ => return None,
    };
    let mut end = t.len();
    let mut n = 0;
    while end >= glyph.len() && &t[end - glyph.len()..end] == glyph {
        end -= glyph.len();
        n += 1;
    }
    let title = t[..end].trim_ascii_end();
    (n >= 10 && end > title.len() && !title.trim_ascii_start().is_empty()).then_some(title.len())
}

/// `'a.py': *** Line 3: trouble here! ***`: a message set off by `***` on both sides after a
/// lead (the item it is about): a flagged finding, with the lines under it up to a blank (at
/// most 3). A line that starts with the stars is a banner, told apart before.
#[inline]
pub(crate) fn starred(t: &[u8]) -> Option<super::Signal> {
    if !t
        .last()
        .is_some_and(|&b| b == b'*' || b.is_ascii_whitespace())
    {
        return None;
    }
    let body = t.trim_ascii_end().strip_suffix(b" ***")?;
    let open = memchr::memmem::find(body, b" *** ")?;
    let text = body[open + 5..].trim_ascii();
    (open > 0 && text.iter().any(u8::is_ascii_alphabetic) && !text.contains(&b'*'))
        .then_some(super::sig(crate::rules::Kind::Error, 3, true))
}

/// `lint/style/useTemplate`, `assist/source/organizeImports`: a rule named by its namespace
/// path as the first word (two slashes or more, no dots, words of letters, digits and `-`).
pub(super) fn rule_path(rest: &[u8]) -> bool {
    let word = &rest[..super::blank(rest).unwrap_or(rest.len())];
    word.iter().filter(|&&b| b == b'/').count() >= 2
        && word.split(|&b| b == b'/').all(|s| {
            s.first().is_some_and(u8::is_ascii_alphabetic)
                && s.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-')
        })
}

/// `STYLE-WARNING`: an upper-case warning word closing a hyphenated upper-case compound.
pub(super) fn caps_compound(line: &[u8], s: usize, e: usize) -> bool {
    let caps = |w: &[u8]| w.iter().all(u8::is_ascii_uppercase);
    let lead = line[..s.saturating_sub(1)]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    s > 1
        && line[s - 1] == b'-'
        && lead >= 2
        && caps(&line[s - 1 - lead..s - 1])
        && caps(&line[s..e])
        && !line.get(e).is_some_and(|&b| super::ident(b))
}

/// `>23 SERVER_ERROR object too large`: a shouted status whose last part is the severity word
/// at `line[s..e]` (`…_ERROR`, `…_FAILED`), led by a blank or the line's start and followed by a
/// lower-case message (`EXIT_FAILURE);` and `PARSE_ERROR',` in code are not this).
pub(super) fn caps_status(line: &[u8], s: usize, e: usize) -> bool {
    let lead = line[..s.saturating_sub(1)]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_uppercase())
        .count();
    s > 1
        && line[s - 1] == b'_'
        && lead >= 3
        && (s - 1 == lead || line[s - 2 - lead] == b' ')
        && line[s..e].iter().all(u8::is_ascii_uppercase)
        && line.get(e) == Some(&b' ')
        && line.get(e + 1).is_some_and(u8::is_ascii_lowercase)
}

/// `Warning:` alone on its line: a level word and its colon, the title of the warnings printed
/// one a line under it up to the blank line.
pub(crate) fn bare_label(line: &[u8]) -> bool {
    line.trim_ascii()
        .strip_suffix(b":")
        .is_some_and(|w| (4..=12).contains(&w.len()) && w.iter().all(u8::is_ascii_alphabetic))
}

/// `* checking for missing documentation entries ... WARNING`: a check whose verdict, `WARNING`
/// in capitals, closes the line after an ellipsis; its findings follow it up to the next check
/// (a line starting as it does). The line's first two bytes. (A test's `... FAILED` or
/// `... ERROR` row is followed by the next test's row, not by its findings.)
pub(crate) fn verdict_last(line: &[u8]) -> Option<[u8; 2]> {
    let t = line.trim_ascii_end().strip_suffix(b"WARNING")?;
    let head = t.trim_ascii_end();
    match line {
        [a, b, ..] if head.ends_with(b"...") && !a.is_ascii_whitespace() => Some([*a, *b]),
        _ => None,
    }
}

/// A message that ends with the place it was raised (`… at t/05-die.t line 6.`), or with that
/// place and where in its line (`… at lib/a.pm line 114, at end of line`, `…, near "else"`).
#[inline]
pub(super) fn located(t: &[u8]) -> bool {
    match t.last() {
        Some(&b) if b == b'.' || b.is_ascii_digit() => located_message(t),
        Some(b'e') => t
            .strip_suffix(b", at end of line")
            .is_some_and(located_message),
        Some(b'F') => t.strip_suffix(b", at EOF").is_some_and(located_message),
        Some(b'"') => near_quote(t),
        _ => false,
    }
}

/// `on main.tf line 33, in resource "x" "y":`, `on a.hcl line 4:`: where the diagnostic titled
/// above it was raised, the file and its line after `on` (then, after a comma, the block it is
/// in). Prose that says `on` a file (`on disk`, `on line 4`) names no file with an extension.
#[inline]
pub(super) fn on_location(t: &[u8]) -> bool {
    t.strip_prefix(b"on ").is_some_and(on_rest)
}

/// [`on_location`] after its `on `.
#[inline(never)]
fn on_rest(rest: &[u8]) -> bool {
    let Some(sp) = memchr::memchr(b' ', rest) else {
        return false;
    };
    let Some(after) = rest[sp..].strip_prefix(b" line ") else {
        return false;
    };
    let digits = after.iter().take_while(|b| b.is_ascii_digit()).count();
    let tail = after[digits..].trim_ascii_end();
    digits > 0
        && super::shapes::ends_with_ext(&rest[..sp])
        && (tail == b":" || tail.starts_with(b", in ") && tail.ends_with(b":"))
}

/// `Bad token at lib/a.pm line 73, near "elsif"`: a located message (as [`located_message`]),
/// then the text of that line it stopped near.
fn near_quote(t: &[u8]) -> bool {
    let Some(open) = t
        .len()
        .checked_sub(1)
        .and_then(|l| memchr::memrchr(b'"', &t[..l]))
    else {
        return false;
    };
    t[..open]
        .strip_suffix(b", near ")
        .is_some_and(located_message)
}

/// `Use of uninitialized value in addition (+) at t/05-die.t line 6.`: a message that ends
/// with the place it was raised, ` at FILE line N`.
fn located_message(t: &[u8]) -> bool {
    let t = t.trim_ascii_end();
    let t = t.strip_suffix(b".").unwrap_or(t);
    let digits = t.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return false;
    }
    let before = &t[..t.len() - digits];
    let Some(head) = before.strip_suffix(b" line ") else {
        return before.ends_with(b", column ") && at_line_column(before);
    };
    // The file is the last word, after ` at `.
    let Some(sp) = head.iter().rposition(|&b| b == b' ') else {
        return false;
    };
    let file = &head[sp + 1..];
    sp > 3 && head[..sp].ends_with(b" at") && super::shapes::ends_with_ext(file)
}

/// `unexpected token: } @ line 7, column 5.`, `… at line 3, column 12`: a parser's message that
/// ends with the line and the column where it stopped (`before`: the line up to the column's
/// number, which [`located_message`] found).
#[inline(never)]
fn at_line_column(before: &[u8]) -> bool {
    let Some(head) = before.strip_suffix(b", column ") else {
        return false;
    };
    let line = head.len() - head.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    line < head.len()
        && head[..line]
            .strip_suffix(b" line ")
            .is_some_and(|h| h.ends_with(b" @") || h.ends_with(b" at"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Kind;

    fn listing_with(lines: &[&str]) -> String {
        let mut log = String::new();
        for i in 0..30 {
            log.push_str(&format!("'pkg/mod{i}.py': looks fine.\n"));
        }
        for l in lines {
            log.push_str(l);
            log.push('\n');
        }
        for i in 30..60 {
            log.push_str(&format!("'pkg/mod{i}.py': looks fine.\n"));
        }
        log
    }

    /// A message flagged with `***` on both sides after the item it is about is an error, and
    /// the lines under it (what is wrong, where) stay with it in a listing that folds.
    #[test]
    fn a_starred_message_after_a_lead_is_a_finding_with_its_lines() {
        assert_eq!(
            starred(b"'pkg/a.py': *** Line 12: mixed indentation! ***").map(|s| s.kind),
            Some(Kind::Error)
        );
        assert!(starred(b"*** /var/log/x.log (last 10 lines) ***").is_none());
        assert!(starred(b"a *** *** ***").is_none());
        assert!(starred(b"2 *** 3 ***").is_none());
        let flagged = [
            "'pkg/odd.py': *** Line 7: mixed indentation! ***",
            "bad line: '\\t  return x\\n'",
            "not consistent at widths 1, 2, 4",
        ];
        let log = listing_with(&flagged);
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        for l in flagged {
            assert!(out.contains(l), "{l} lost:\n{out}");
        }
        assert!(out.len() < log.len() / 2, "{out}");
    }

    /// A message located at its end (` at FILE line N`) is one also when it then says where in
    /// that line; a line that names no file is not.
    #[test]
    fn a_message_placed_in_its_line_is_located() {
        assert!(located(b"Use of a stale value at lib/a.pm line 6."));
        assert!(located(
            b"Missing right bracket at lib/a.pm line 114, at end of line"
        ));
        assert!(located(b"Unmatched quote at lib/a.pm line 9, at EOF"));
        assert!(located(b"Bad token at lib/a.pm line 73, near \"elsif\""));
        assert!(!located(b"we met at the line 3, near \"x\""));
        assert!(!located(b"read at lib/a.pm line 3, at the end of the day"));
        assert!(!located(b"at end of line"));
    }

    /// A parser's message that ends with `@ line N, column M` or `at line N, column M` (where it
    /// stopped) is located; a line or a column alone, or no `@`/`at` before them, is not.
    #[test]
    fn a_message_ending_at_a_line_and_column_is_located() {
        assert!(located(
            b"cfg/site.conf: 7: unexpected token: } @ line 7, column 5."
        ));
        assert!(located(b"bad escape in string at line 3, column 12"));
        assert!(!located(b"unexpected token @ line 7."));
        assert!(!located(b"we met on line 3, column 12"));
        assert!(!located(b"at line , column 5."));
        assert!(!located(b"at line 3, column ."));
        let flagged = ["lib/report.src: 9: missing ')' @ line 9, column 14."];
        let log = listing_with(&flagged);
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(out.contains(flagged[0]), "lost:\n{out}");
    }

    /// A check whose line closes with `... WARNING` keeps its findings under it, blank lines
    /// included, up to the next check (a line that starts as it does), at most 8 lines.
    #[test]
    fn a_check_warning_keeps_its_findings_up_to_the_next_check() {
        assert_eq!(
            verdict_last(b"* checking stale entries ... WARNING"),
            Some(*b"* ")
        );
        assert_eq!(verdict_last(b"  nested step ... WARNING"), None);
        assert_eq!(verdict_last(b"test_total ... FAILED"), None);
        assert_eq!(verdict_last(b"the WARNING"), None);
        let mut log = String::new();
        for i in 0..40 {
            log.push_str(&format!("* checking part {i} of the bundle ... OK\n"));
        }
        let finding = [
            "* checking cross references ... WARNING",
            "Stale references in object 'ledger':",
            "  was: total(x)",
            "",
            "Stale references in object 'report':",
        ];
        for l in finding {
            log.push_str(l);
            log.push('\n');
        }
        for i in 40..80 {
            log.push_str(&format!("* checking part {i} of the bundle ... OK\n"));
        }
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        for l in finding.iter().filter(|l| !l.is_empty()) {
            assert!(out.contains(l), "{l} lost:\n{out}");
        }
        assert!(!out.contains("part 60 of"), "{out}");
    }

    /// A bare `Warning:` title keeps the warnings under it to the blank line, though they name
    /// no level of their own; a title that says more, or lines after the blank, are not kept.
    #[test]
    fn a_bare_warning_title_keeps_the_lines_under_it() {
        assert!(bare_label(b"Warning: "));
        assert!(bare_label(b"WARNINGS:"));
        assert!(!bare_label(b"Warning: disk almost full"));
        assert!(!bare_label(b"x:"));
        let block = [
            "Warning:",
            "This archive holds entries nobody signed.",
            "This archive holds entries whose signer is self-made.",
            "Some stamps are missing; checks may stop working later.",
        ];
        let mut log = listing_with(&block);
        log = log.replacen("Some stamps are missing; checks may stop working later.\n", "Some stamps are missing; checks may stop working later.\n\nafter the blank: not kept\n", 1);
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        for l in block {
            assert!(out.contains(l), "{l} lost:\n{out}");
        }
        assert!(!out.contains("after the blank"), "{out}");
    }
}

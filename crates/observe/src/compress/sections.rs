//! The section an error falls in: the last marker line that opened a section
//! (`generic::section_marker`: `== item`, `==> file <==`, `--- job ---`, `$ cmd`) and folded as noise is
//! remembered; when an error or failure is kept after it, the marker is taken out of its fold and
//! shown too, once (the lines between stay folded). A marker shown already is left as it is.

use super::{Compressor, Kind, generic};
use crate::fold::Item;

/// The last section marker that folded as noise: its line number and text.
#[derive(Debug, Default)]
pub(super) struct Section {
    at: u64,
    text: Vec<u8>,
}

impl Compressor<'_> {
    /// Remembers `line`, number `no`, just folded as noise, when it opens a section.
    pub(super) fn note_section(&mut self, no: u64, line: &[u8]) {
        if matches!(line.first(), Some(b'=' | b'#' | b'-' | b'$')) && generic::section_marker(line)
        {
            self.section.at = no;
            self.section.text.clear();
            self.section.text.extend_from_slice(line);
        }
    }

    /// After a hit of `kind` was kept: an error, failure or message shows the remembered marker of its
    /// section, taken out of the fold that holds it.
    pub(super) fn show_section(&mut self, kind: Kind) {
        if !matches!(kind, Kind::Error | Kind::Failure | Kind::Message) || self.section.at == 0 {
            return;
        }
        let at = std::mem::take(&mut self.section.at);
        let text = std::mem::take(&mut self.section.text);
        self.unfold(at, text, "section");
    }

    /// Takes line `at` (its `text`) out of the fold that holds it, noting it as kept for `why`;
    /// false when no fold does.
    pub(super) fn unfold(&mut self, at: u64, text: Vec<u8>, why: &'static str) -> bool {
        let Some(i) = self.out.iter().rposition(|item| match item {
            Item::Line { no, .. } => *no <= at,
            Item::Omitted { start, .. } | Item::Similar { start, .. } => *start <= at,
        }) else {
            return false;
        };
        let Some(&Item::Omitted { start, count }) = self.out.get(i) else {
            return false;
        };
        if at >= start + count {
            return false;
        }
        let mut parts = Vec::with_capacity(3);
        if at > start {
            parts.push(Item::Omitted {
                start,
                count: at - start,
            });
        }
        parts.push(Item::Line {
            text,
            repeat: 1,
            no: at,
        });
        if at + 1 < start + count {
            parts.push(Item::Omitted {
                start: at + 1,
                count: start + count - at - 1,
            });
        }
        self.out.splice(i..=i, parts);
        self.stats.folded_lines = self.stats.folded_lines.saturating_sub(1);
        let why = std::mem::replace(&mut self.why, why);
        self.note(at, 0);
        self.why = why;
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::{CompressOptions, Compressor};

    /// Lines that fold as noise: each of another shape.
    const WORDS: [&str; 12] = [
        "loaded fonts for",
        "the index has",
        "Copyright notices seen:",
        "pages laid out in pass",
        "images scaled to fit: page",
        "hyphenation table v",
        "cache warm after",
        "layout of the table of contents, round",
        "links resolved: /toc/",
        "footnotes placed beside column",
        "widow lines moved =",
        "colour profile sRGB, intent",
    ];

    fn run(items: usize, failing: usize) -> String {
        let mut s = String::new();
        for i in 0..items {
            s.push_str(&format!("== docs/part{i}.txt\n"));
            for word in WORDS {
                s.push_str(&format!("{word} {i}\n"));
            }
            if i == failing {
                s.push_str("Error: page 12 is not readable\n");
            }
        }
        let opts = CompressOptions::default();
        let mut c = Compressor::new(&opts);
        c.push(s.as_bytes());
        c.finish().text
    }

    #[test]
    fn an_error_shows_the_marker_of_its_section_only() {
        let text = run(12, 6);
        assert!(text.contains("== docs/part6.txt\n"), "{text}");
        assert!(text.contains("Error: page 12"), "{text}");
        for i in [2, 3, 4, 5, 7, 8] {
            assert!(!text.contains(&format!("== docs/part{i}.txt\n")), "{text}");
        }
    }

    #[test]
    fn the_marker_splits_its_fold_into_exact_ranges() {
        let text = run(12, 6);
        // Part i's marker is line 13i + 1 (each part before the failing one has 13 lines).
        let at = 13 * 6 + 1;
        let before = format!(":{} folded]", at - 1);
        let after = format!("[… {}:", at + 1);
        assert!(text.contains(&before) && text.contains(&after), "{text}");
    }
}

//! A compiler's source excerpt printed flush left under its located diagnostic, with the
//! underline under it (issue 16, the `wild18` set's tuning half): clang's
//!
//! ```text
//! src/a.cc:9:45: error: no member named 'no_such_member' in 'std::vector<int>'
//! int broken() { std::vector<int> v; return v.no_such_member(); }
//!                                           ~ ^
//! ```
//!
//! The excerpt is not indented, so the diagnostic's context ends before it; the underline keeps
//! itself and pulls the excerpt back.

use super::{Compressor, Kind, Src};
use crate::fold::Item;

impl Compressor<'_> {
    /// An indented underline kept as a finding: under a located excerpt
    /// ([`Self::caret_finding`]) or under a flush-left excerpt ([`Self::excerpt_underline`]).
    pub(super) fn underline_finding(
        &mut self,
        no: u64,
        line: &[u8],
        cut: u64,
        src: Src<'_>,
    ) -> bool {
        match line.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'^') => {
                self.caret_finding(no, line, cut, src) || self.excerpt_underline(no, line, cut, src)
            }
            Some(b'~') => self.excerpt_underline(no, line, cut, src),
            _ => false,
        }
    }

    /// Keeps line `no` when it is an underline (only `^`, `~` and blanks, one `^` at least)
    /// whose line above is the last noise line and whose line two above was kept and is led by
    /// a `path:N:` location and says `error`: true when it did.
    fn excerpt_underline(&mut self, no: u64, line: &[u8], cut: u64, src: Src<'_>) -> bool {
        if !underline(line) {
            return false;
        }
        let Some((n1, excerpt)) = self.run.recent.back() else {
            return false;
        };
        let kept_above = matches!(
            self.out.last(),
            Some(Item::Line { no: n, repeat: 1, text }) if *n + 2 == no && located(text)
        );
        if *n1 + 1 != no
            || self.run.count != 1
            || excerpt.text(src.block).trim_ascii().is_empty()
            || !kept_above
        {
            return false;
        }
        *self.stats.kinds.entry(Kind::Error.as_str()).or_insert(0) += 1;
        self.why = Kind::Error.as_str();
        self.keep(no, line, cut, 1, src.block);
        self.ctx = None;
        true
    }
}

/// Only `^`, `~` and blanks, with a `^`.
fn underline(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'^' | b'~'))
        && memchr::memchr(b'^', line).is_some()
}

/// Led by `path:N:` (no blank in the path, a digit after its colon), and an error (a warning's
/// excerpt may fold with the run it is in).
fn located(text: &[u8]) -> bool {
    let head = &text[..text.len().min(240)];
    let Some(colon) = memchr::memchr(b':', head) else {
        return false;
    };
    colon > 0
        && !head[..colon].iter().any(u8::is_ascii_whitespace)
        && head.get(colon + 1).is_some_and(u8::is_ascii_digit)
        && memchr::memmem::find(head, b"error").is_some()
}

#[cfg(test)]
mod tests {
    use crate::{CompressOptions, compress};

    #[test]
    fn an_excerpt_flush_left_keeps_its_underline() {
        let mut log = String::new();
        for i in 0..40 {
            log.push_str(&format!("building step {i} of the project\n"));
        }
        log.push_str("src/a.cc:9:45: error: no member named 'm' in 'S'\n");
        log.push_str("int broken() { S v; return v.m(); }\n");
        log.push_str("                             ~ ^\n");
        for i in 0..40 {
            log.push_str(&format!("building step {} of the project\n", i + 40));
        }
        let out = compress(log.as_bytes(), &CompressOptions::default());
        let text = &out.text;
        assert!(
            text.contains("int broken() { S v; return v.m(); }"),
            "{text}"
        );
        assert!(text.contains("                             ~ ^"), "{text}");
    }

    #[test]
    fn an_underline_with_no_located_line_above_stays_folded() {
        let mut log = String::new();
        for i in 0..40 {
            log.push_str(&format!("row {i} of the table\n"));
            log.push_str("   ^^^^\n");
        }
        let out = compress(log.as_bytes(), &CompressOptions::default());
        assert!(out.text.len() < log.len() / 2);
    }
}

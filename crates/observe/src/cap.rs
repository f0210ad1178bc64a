//! Head+tail truncation on UTF-8 boundaries, by characters or by estimated tokens.

/// A size limit for one text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// At most this many characters (Unicode scalar values).
    Chars(usize),
    /// At most this many estimated tokens (see [`estimate_tokens`]).
    Tokens(usize),
}

/// Estimated tokens of a text: the workspace's one estimate, [`loopwright_model::estimate_tokens`]
/// (one per 4 bytes of UTF-8, rounded up), as a `usize`.
pub fn estimate_tokens(text: &str) -> usize {
    usize::try_from(loopwright_model::estimate_tokens(text)).unwrap_or(usize::MAX)
}

/// A capped text and exactly what was cut.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capped {
    /// The text within the cap (the input when it already fit).
    pub text: String,
    /// Characters removed.
    pub cut_chars: usize,
    /// Bytes removed.
    pub cut_bytes: usize,
    /// Newlines removed (lines wholly or partly cut).
    pub cut_lines: usize,
}

impl Capped {
    /// Whether anything was cut.
    pub fn was_cut(&self) -> bool {
        self.cut_bytes > 0
    }
}

impl Cap {
    /// Size of `text` in this cap's unit (characters, or bytes for tokens).
    fn measure(self, text: &str) -> usize {
        match self {
            Cap::Chars(_) => text.chars().count(),
            Cap::Tokens(_) => text.len(),
        }
    }

    /// The limit in this cap's unit.
    fn limit(self) -> usize {
        match self {
            Cap::Chars(n) => n,
            Cap::Tokens(n) => n.saturating_mul(4),
        }
    }

    /// Byte index after the first `units` units of `text` (on a char boundary).
    fn prefix_end(self, text: &str, units: usize) -> usize {
        match self {
            Cap::Chars(_) => text
                .char_indices()
                .nth(units)
                .map_or(text.len(), |(i, _)| i),
            Cap::Tokens(_) => floor_boundary(text, units),
        }
    }

    /// Byte index where the last `units` units of `text` begin (on a char boundary).
    fn suffix_start(self, text: &str, units: usize) -> usize {
        match self {
            Cap::Chars(_) => {
                if units == 0 {
                    return text.len();
                }
                text.char_indices()
                    .rev()
                    .nth(units - 1)
                    .map_or(0, |(i, _)| i)
            }
            Cap::Tokens(_) => ceil_boundary(text, text.len().saturating_sub(units)),
        }
    }
}

/// Keeps the head and the tail of `text` within `cap`, replacing the middle with one marker
/// line that says exactly how many characters and lines were cut. Cuts fall on UTF-8
/// boundaries and, when a line break is near, on line boundaries. The result, marker
/// included, never exceeds the cap; when the cap is too small for a marker, only a head is kept.
pub fn cap_head_tail(text: &str, cap: Cap) -> Capped {
    let limit = cap.limit();
    let total = cap.measure(text);
    if total <= limit {
        return Capped {
            text: text.to_owned(),
            cut_chars: 0,
            cut_bytes: 0,
            cut_lines: 0,
        };
    }
    let digits = total.to_string().len();
    // "\n[… cut N chars (M lines) from the middle …]\n" with N and M at most `digits` long.
    let marker_max = cap.measure("\n[… cut  chars ( lines) from the middle …]\n") + 2 * digits;
    if limit < marker_max + 2 {
        let end = cap.prefix_end(text, limit);
        return head_only(text, end);
    }
    let budget = limit - marker_max;
    let head_units = budget / 2;
    let tail_units = budget - head_units;
    let mut head_end = cap.prefix_end(text, head_units);
    if let Some(p) = text[..head_end].rfind('\n')
        && p + 1 >= head_end / 2
    {
        head_end = p + 1;
    }
    let mut tail_start = cap.suffix_start(text, tail_units).max(head_end);
    let tail_len = text.len() - tail_start;
    if let Some(p) = text[tail_start..].find('\n')
        && p < tail_len / 2
    {
        tail_start += p + 1;
    }
    let middle = &text[head_end..tail_start];
    let head = &text[..head_end];
    let mut out = String::with_capacity(head_end + 64 + text.len() - tail_start);
    out.push_str(head);
    if !head.is_empty() && !head.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&format!(
        "[… cut {} chars ({} lines) from the middle …]\n",
        middle.chars().count(),
        middle.matches('\n').count()
    ));
    out.push_str(&text[tail_start..]);
    if cap.measure(&out) > limit {
        // Cannot happen with the reserved marker size; stay within the cap regardless.
        let end = cap.prefix_end(text, limit);
        return head_only(text, end);
    }
    Capped {
        text: out,
        cut_chars: middle.chars().count(),
        cut_bytes: middle.len(),
        cut_lines: middle.matches('\n').count(),
    }
}

fn head_only(text: &str, end: usize) -> Capped {
    let cut = &text[end..];
    Capped {
        text: text[..end].to_owned(),
        cut_chars: cut.chars().count(),
        cut_bytes: cut.len(),
        cut_lines: cut.matches('\n').count(),
    }
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(text: &str, mut i: usize) -> usize {
    while i < text.len() && !text.is_char_boundary(i) {
        i += 1;
    }
    i.min(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_untouched() {
        let c = cap_head_tail("hello\n", Cap::Chars(10));
        assert_eq!(c.text, "hello\n");
        assert!(!c.was_cut());
    }

    #[test]
    fn keeps_head_and_tail_with_exact_counts() {
        let text: String = (1..=200).map(|i| format!("line {i}\n")).collect();
        let c = cap_head_tail(&text, Cap::Chars(300));
        assert!(c.text.chars().count() <= 300, "{}", c.text.len());
        assert!(c.text.starts_with("line 1\n"));
        assert!(c.text.ends_with("line 200\n"));
        assert!(c.text.contains(&format!("cut {} chars", c.cut_chars)));
        let marker = c.text.lines().find(|l| l.starts_with("[…")).unwrap();
        assert_eq!(c.text.len() - marker.len() - 1 + c.cut_bytes, text.len());
    }

    #[test]
    fn multibyte_boundaries_and_tokens() {
        let text = "é".repeat(5000);
        let c = cap_head_tail(&text, Cap::Tokens(100));
        assert!(estimate_tokens(&c.text) <= 100);
        assert!(c.was_cut());
        let c = cap_head_tail(&text, Cap::Chars(3));
        assert_eq!(c.text, "ééé");
        assert_eq!(c.cut_chars, 4997);
    }
}

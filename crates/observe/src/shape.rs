//! One call per tool output for an agent loop: compress, then cap, leaving room for a pointer.

use crate::cap::{Cap, cap_head_tail};
use crate::compress::{Stats, compress};
use crate::options::CompressOptions;

/// A tool output ready to show, except for the spill pointer the caller appends.
#[derive(Debug, Clone, PartialEq)]
pub struct Shaped {
    /// The text to show (append the pointer when `needs_spill`).
    pub text: String,
    /// Whether anything was folded or cut: the full output must be spilled and pointed to.
    pub needs_spill: bool,
    /// Characters cut by the cap (0 when it fitted).
    pub cut_chars: usize,
    /// Compression counts.
    pub stats: Stats,
}

/// Compresses `input` with `opts`, then caps the result to `cap` minus `pointer_reserve`
/// (the room the caller needs for its pointer, in the cap's unit: characters, or tokens).
/// An output that fits whole and folded nothing is left as is.
pub fn shape_output(
    input: &[u8],
    opts: &CompressOptions,
    cap: Option<Cap>,
    pointer_reserve: usize,
) -> Shaped {
    let out = compress(input, opts);
    let folded = out.folded();
    let Some(cap) = cap else {
        return Shaped {
            text: out.text,
            needs_spill: folded,
            cut_chars: 0,
            stats: out.stats,
        };
    };
    if !folded && !cap_head_tail(&out.text, cap).was_cut() {
        return Shaped {
            text: out.text,
            needs_spill: false,
            cut_chars: 0,
            stats: out.stats,
        };
    }
    let body = match cap {
        Cap::Chars(n) => Cap::Chars(n.saturating_sub(pointer_reserve)),
        Cap::Tokens(n) => Cap::Tokens(n.saturating_sub(pointer_reserve)),
    };
    let capped = cap_head_tail(&out.text, body);
    Shaped {
        needs_spill: folded || capped.was_cut(),
        cut_chars: capped.cut_chars,
        text: capped.text,
        stats: out.stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_output_is_untouched() {
        let s = shape_output(
            b"ok\n",
            &CompressOptions::default(),
            Some(Cap::Chars(100)),
            50,
        );
        assert_eq!(s.text, "ok\n");
        assert!(!s.needs_spill);
    }

    #[test]
    fn large_output_is_folded_and_capped_with_room_for_the_pointer() {
        let input: String = (0..5000)
            .map(|i| format!("row {i} {}\n", "data ".repeat(i % 9)))
            .collect();
        let s = shape_output(
            input.as_bytes(),
            &CompressOptions::default(),
            Some(Cap::Chars(2000)),
            300,
        );
        assert!(s.needs_spill);
        assert!(s.text.chars().count() <= 1700);
        let s = shape_output(
            input.as_bytes(),
            &CompressOptions::default()
                .with_keep(["^row \\d+ $"])
                .unwrap_or_default(),
            Some(Cap::Tokens(500)),
            100,
        );
        assert!(s.needs_spill);
        assert!(s.cut_chars > 0);
        assert!(crate::estimate_tokens(&s.text) <= 400);
    }
}

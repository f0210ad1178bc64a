//! The one token estimate used where no tokenizer is at hand.

/// Estimated tokens of a text: one per 4 bytes of UTF-8, rounded up. Cheap and conservative
/// for code and logs; non-Latin scripts count more per character, as real tokenizers do.
pub fn estimate_tokens(text: &str) -> u64 {
    (text.len() as u64).div_ceil(4)
}

/// Estimated tokens of `bytes` bytes of text (see [`estimate_tokens`]).
pub fn estimate_bytes(bytes: usize) -> u64 {
    (bytes as u64).div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_up_per_four_bytes() {
        assert_eq!(estimate_tokens(""), 0);
        assert_eq!(estimate_tokens("abc"), 1);
        assert_eq!(estimate_tokens("abcde"), 2);
        assert_eq!(estimate_tokens("é"), 1);
        assert_eq!(estimate_bytes(8), 2);
    }
}

//! Token counting: exact BPE counts for OpenAI-family models, a fast estimate otherwise.
//!
//! The BPE tables are compiled into the binary by `tiktoken-rs` (nothing is downloaded at run
//! time). Provider-reported usage always wins over any count made here: see [`prompt_tokens`].

use loopwright_protocol::message::{Message, ModelRequest};

/// Tokens added per message for role and framing (the chat format's per-message overhead).
pub const MESSAGE_OVERHEAD: u64 = 4;

/// Which tokenizer a [`TokenCounter`] uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tokenizer {
    /// `o200k_base` (GPT-4o, GPT-4.1, o-series, GPT-5): exact.
    O200k,
    /// `cl100k_base` (GPT-4, GPT-3.5): exact.
    Cl100k,
    /// A fast estimate (one token per four bytes, rounded up) for other model families.
    Estimate,
}

impl Tokenizer {
    /// The tokenizer for a model name: exact for OpenAI-family models, an estimate otherwise.
    pub fn for_model(model: &str) -> Tokenizer {
        let m = model
            .rsplit('/')
            .next()
            .unwrap_or(model)
            .to_ascii_lowercase();
        let m = m.strip_prefix("ft:").unwrap_or(&m);
        if m.starts_with("gpt-4o")
            || m.starts_with("gpt-4.1")
            || m.starts_with("gpt-4.5")
            || m.starts_with("gpt-5")
            || m.starts_with("chatgpt-4o")
            || m.starts_with("o1")
            || m.starts_with("o3")
            || m.starts_with("o4")
        {
            Tokenizer::O200k
        } else if m.starts_with("gpt-4")
            || m.starts_with("gpt-3.5")
            || m.starts_with("text-embedding")
        {
            Tokenizer::Cl100k
        } else {
            Tokenizer::Estimate
        }
    }

    /// True when counts are exact for the model.
    pub fn is_exact(self) -> bool {
        self != Tokenizer::Estimate
    }
}

/// Counts tokens of text, messages and whole requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenCounter {
    /// The tokenizer in use.
    pub tokenizer: Tokenizer,
}

impl TokenCounter {
    /// A counter for a model name (see [`Tokenizer::for_model`]).
    pub fn for_model(model: &str) -> Self {
        TokenCounter {
            tokenizer: Tokenizer::for_model(model),
        }
    }

    /// A counter with an explicit tokenizer.
    pub fn new(tokenizer: Tokenizer) -> Self {
        TokenCounter { tokenizer }
    }

    /// Tokens of a piece of text (special-token strings are counted as ordinary text).
    ///
    /// Long texts are counted in line-aligned chunks of at most [`CHUNK_BYTES`] bytes, each
    /// counted once per thread and remembered (see [`MEMO_ENTRIES`]): a repeated output costs a
    /// lookup, and a BPE worst case (a long run without spaces) is bounded by the chunk size.
    /// Chunked counts of exact tokenizers may differ from a single pass by a token per chunk.
    pub fn text(&self, s: &str) -> u64 {
        if s.is_empty() {
            return 0;
        }
        if self.tokenizer == Tokenizer::Estimate {
            return estimate(s);
        }
        if s.len() <= MEMO_MIN_BYTES {
            return self.encode(s);
        }
        chunks(s).map(|c| self.memoized(c)).sum()
    }

    fn encode(&self, s: &str) -> u64 {
        match self.tokenizer {
            Tokenizer::O200k => tiktoken_rs::o200k_base_singleton().encode_ordinary(s).len() as u64,
            Tokenizer::Cl100k => tiktoken_rs::cl100k_base_singleton()
                .encode_ordinary(s)
                .len() as u64,
            Tokenizer::Estimate => estimate(s),
        }
    }

    fn memoized(&self, chunk: &str) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.tokenizer as u8).hash(&mut h);
        chunk.hash(&mut h);
        let key = (h.finish(), chunk.len());
        if let Some(n) = MEMO.with(|m| m.borrow().get(&key).copied()) {
            return n;
        }
        let n = self.encode(chunk);
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() >= MEMO_ENTRIES {
                m.clear();
            }
            m.insert(key, n);
        });
        n
    }

    /// Tokens of one chat message as providers bill it: content, tool calls (id, name and
    /// arguments), the id of the call a result answers, and framing.
    pub fn message(&self, m: &Message) -> u64 {
        let mut n = MESSAGE_OVERHEAD + self.text(&m.content);
        for c in &m.tool_calls {
            n += self.text(&c.id) + self.text(&c.name) + self.text(&c.arguments.to_string()) + 3;
        }
        if let Some(id) = &m.tool_call_id {
            n += self.text(id);
        }
        n
    }

    /// Tokens of the part of a request before the history: system prompt and tool schemas.
    pub fn prefix(&self, r: &ModelRequest) -> u64 {
        let mut n = MESSAGE_OVERHEAD + self.text(&r.system);
        for t in &r.tools {
            n += self.text(&t.name)
                + self.text(&t.description)
                + self.text(&t.parameters.to_string());
        }
        n
    }

    /// Tokens of a whole request.
    pub fn request(&self, r: &ModelRequest) -> u64 {
        self.prefix(r) + r.messages.iter().map(|m| self.message(m)).sum::<u64>()
    }
}

/// Largest chunk counted in one pass (texts are cut after a newline, or at a character boundary
/// when a line is longer).
pub const CHUNK_BYTES: usize = 2048;

/// Texts up to this many bytes are counted directly, without the memo.
const MEMO_MIN_BYTES: usize = 256;

/// Chunk counts remembered per thread before the memo starts over (bounded memory).
pub const MEMO_ENTRIES: usize = 200_000;

thread_local! {
    /// (hash of tokenizer and chunk, chunk length) -> tokens.
    static MEMO: std::cell::RefCell<std::collections::HashMap<(u64, usize), u64>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// `s` cut into pieces of at most [`CHUNK_BYTES`] bytes, each ending after a newline where one
/// is near enough.
fn chunks(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        if rest.len() <= CHUNK_BYTES {
            return Some(std::mem::take(&mut rest));
        }
        let mut end = CHUNK_BYTES;
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        if let Some(nl) = rest[..end].rfind('\n')
            && nl > 0
        {
            end = nl + 1;
        }
        let (head, tail) = rest.split_at(end);
        rest = tail;
        Some(head)
    })
}

/// The fast estimate: the workspace's one estimate, [`loopwright_model::estimate_tokens`] (one
/// token per four bytes, rounded up).
pub fn estimate(s: &str) -> u64 {
    loopwright_model::estimate_tokens(s)
}

/// The prompt size to act on: the provider-reported count when present, else our own count.
pub fn prompt_tokens(reported: Option<u64>, counted: u64) -> u64 {
    reported.unwrap_or(counted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_names_map_to_tokenizers() {
        assert_eq!(Tokenizer::for_model("gpt-4o-mini"), Tokenizer::O200k);
        assert_eq!(Tokenizer::for_model("openai/gpt-5"), Tokenizer::O200k);
        assert_eq!(Tokenizer::for_model("o3-mini"), Tokenizer::O200k);
        assert_eq!(Tokenizer::for_model("gpt-4-0613"), Tokenizer::Cl100k);
        assert_eq!(Tokenizer::for_model("gpt-3.5-turbo"), Tokenizer::Cl100k);
        assert_eq!(Tokenizer::for_model("claude-sonnet-4"), Tokenizer::Estimate);
        assert!(!Tokenizer::Estimate.is_exact());
    }

    #[test]
    fn exact_counts_match_known_encodings() {
        // "hello world" is two tokens in both encodings.
        assert_eq!(TokenCounter::new(Tokenizer::O200k).text("hello world"), 2);
        assert_eq!(TokenCounter::new(Tokenizer::Cl100k).text("hello world"), 2);
        assert_eq!(TokenCounter::new(Tokenizer::O200k).text(""), 0);
    }

    #[test]
    fn chunks_cover_the_text_and_stay_bounded() {
        let line = "x".repeat(100) + "\n";
        let text = line.repeat(100) + &"é".repeat(3000);
        let parts: Vec<&str> = chunks(&text).collect();
        assert_eq!(parts.concat(), text);
        assert!(parts.iter().all(|p| p.len() <= CHUNK_BYTES));
        assert!(parts[0].ends_with('\n'));
    }

    #[test]
    fn long_texts_count_close_to_one_pass() {
        let c = TokenCounter::new(Tokenizer::O200k);
        let text = "let value = compute(item, 42); // a comment\n".repeat(500);
        let one = c.encode(&text);
        let chunked = c.text(&text);
        assert_eq!(c.text(&text), chunked, "memoized count is stable");
        let n = chunks(&text).count() as u64;
        assert!(chunked.abs_diff(one) <= n, "{chunked} vs {one}");
        // A run without spaces (BPE's worst case) is counted in bounded pieces.
        let run = "a".repeat(100_000);
        assert!(c.text(&run) > 0);
    }

    #[test]
    fn estimate_rounds_up() {
        assert_eq!(estimate("abcde"), 2);
        assert_eq!(estimate(""), 0);
        assert_eq!(TokenCounter::new(Tokenizer::Estimate).text("abcd"), 1);
    }

    #[test]
    fn reported_usage_wins() {
        assert_eq!(prompt_tokens(Some(900), 1000), 900);
        assert_eq!(prompt_tokens(None, 1000), 1000);
    }
}

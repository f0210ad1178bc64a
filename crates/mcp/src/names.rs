//! Model-facing names of MCP tools: `mcp__<server>__<tool>`, sanitised to the characters every
//! provider accepts, at most [`MAX_NAME_BYTES`] bytes, with a short hash when two tools would
//! otherwise share a name. The raw tool name is kept beside it for the call.

use std::collections::HashSet;

/// The longest tool name providers accept (OpenAI and Anthropic both cap at 64).
pub const MAX_NAME_BYTES: usize = 64;

/// The prefix of every MCP tool name.
pub const PREFIX: &str = "mcp__";

/// `part` with every character outside `[A-Za-z0-9_-]` replaced by `_` (empty: `_`).
pub fn sanitise(part: &str) -> String {
    let s: String = part
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() { "_".to_owned() } else { s }
}

/// FNV-1a over `bytes`: stable across runs and platforms (names must not change between runs).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Gives each (server, tool) pair a unique model-facing name. Names depend only on the pairs
/// named so far, so the same configuration gives the same names in every run.
#[derive(Debug, Default, Clone)]
pub struct Namer {
    used: HashSet<String>,
}

impl Namer {
    /// A namer with no names taken.
    pub fn new() -> Self {
        Self::default()
    }

    /// A namer that never hands out `names` (the built-in tools' names, say).
    pub fn reserving<I: IntoIterator<Item = S>, S: Into<String>>(names: I) -> Self {
        Namer {
            used: names.into_iter().map(Into::into).collect(),
        }
    }

    /// The name for `tool` of `server`: `mcp__<server>__<tool>` when that is clean, short and
    /// free; otherwise cut to fit and ended with `_` and 8 hex digits of a hash of the raw pair.
    pub fn name(&mut self, server: &str, tool: &str) -> String {
        let base = format!("{PREFIX}{}__{}", sanitise(server), sanitise(tool));
        if base.len() <= MAX_NAME_BYTES && self.used.insert(base.clone()) {
            return base;
        }
        let mut seed = format!("{server}\0{tool}").into_bytes();
        let mut round: u64 = 0;
        loop {
            let hash = fnv1a(&seed) & 0xffff_ffff;
            let keep = base.len().min(MAX_NAME_BYTES - 9);
            let name = format!("{}_{hash:08x}", &base[..keep]);
            if self.used.insert(name.clone()) {
                return name;
            }
            seed.extend_from_slice(&round.to_le_bytes());
            round += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn plain_names_are_kept() {
        let mut n = Namer::new();
        assert_eq!(n.name("git", "git_status"), "mcp__git__git_status");
    }

    #[test]
    fn odd_characters_are_replaced_and_collisions_hashed() {
        let mut n = Namer::new();
        assert_eq!(
            n.name("my server", "read.file"),
            "mcp__my_server__read_file"
        );
        let second = n.name("my server", "read file");
        assert!(second.starts_with("mcp__my_server__read_file_"), "{second}");
        assert_eq!(second.len(), "mcp__my_server__read_file_".len() + 8);
    }

    #[test]
    fn long_names_are_cut_with_a_hash() {
        let mut n = Namer::new();
        let name = n.name("server", &"x".repeat(100));
        assert_eq!(name.len(), MAX_NAME_BYTES);
        assert!(name.starts_with("mcp__server__xxx"));
    }

    #[test]
    fn reserved_names_are_never_given() {
        let mut n = Namer::reserving(["mcp__a__b"]);
        assert_ne!(n.name("a", "b"), "mcp__a__b");
    }

    proptest! {
        #[test]
        fn names_are_unique_short_and_clean(pairs in proptest::collection::vec(("[a-z .]{0,12}", "[a-zA-Z_ ./é]{0,80}"), 1..40)) {
            let mut n = Namer::new();
            let mut seen = HashSet::new();
            for (s, t) in &pairs {
                let name = n.name(s, t);
                prop_assert!(name.len() <= MAX_NAME_BYTES);
                prop_assert!(name.starts_with(PREFIX));
                prop_assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'));
                prop_assert!(seen.insert(name));
            }
        }
    }
}

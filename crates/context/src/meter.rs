//! The cache-waste meter (pure part): for one request, the cached / written / uncached tokens
//! the provider reported, and where the request first differs from the one before it.
//!
//! The caller (the agent loop) passes the two requests' sections in the order they are sent and
//! the provider's usage; the meter names the section holding the first differing byte, so a
//! report can say "the cache broke at history item 12" rather than only "cached 40%".

use serde::{Deserialize, Serialize};

/// The sections of a request in the order the provider reads them.
#[derive(Debug, Clone, Copy)]
pub struct Sections<'a> {
    /// The harness system prompt.
    pub system: &'a str,
    /// The tool schemas, serialized as sent.
    pub tools: &'a str,
    /// Project instructions (after the system prompt).
    pub instructions: &'a str,
    /// Each history message, serialized as sent.
    pub history: &'a [String],
    /// The dynamic tail, when one is sent.
    pub tail: Option<&'a str>,
}

pub use loopwright_protocol::cache::{Break, Reading, Totals};

/// Usage the provider reported for one request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CacheUsage {
    /// Prompt tokens in total.
    pub input: u64,
    /// Served from the cache.
    pub cached: u64,
    /// Written to the cache (Anthropic `cache_creation_input_tokens`; 0 elsewhere).
    pub written: u64,
}

/// Byte offset of the first difference of `a` and `b`, or `None` when equal.
fn diff(a: &str, b: &str) -> Option<usize> {
    if a == b {
        return None;
    }
    let n = a
        .as_bytes()
        .iter()
        .zip(b.as_bytes())
        .take_while(|(x, y)| x == y)
        .count();
    Some(n)
}

/// The first section where `next` differs from `prev`.
pub fn first_break(prev: &Sections<'_>, next: &Sections<'_>) -> Break {
    if let Some(offset) = diff(prev.system, next.system) {
        return Break::System { offset };
    }
    if let Some(offset) = diff(prev.tools, next.tools) {
        return Break::Tools { offset };
    }
    if let Some(offset) = diff(prev.instructions, next.instructions) {
        return Break::Instructions { offset };
    }
    for (item, a) in prev.history.iter().enumerate() {
        match next.history.get(item) {
            Some(b) => {
                if let Some(offset) = diff(a, b) {
                    return Break::History { item, offset };
                }
            }
            // The new request is shorter: the message that was there is gone.
            None => return Break::History { item, offset: 0 },
        }
    }
    Break::Tail
}

/// The meter's reading of `next`, given the previous request (if any) and the usage.
pub fn read(prev: Option<&Sections<'_>>, next: &Sections<'_>, usage: CacheUsage) -> Reading {
    read_after(prev.map(|p| (p, 0)), next, usage)
}

/// [`read`] with the previous request's prompt tokens: when the request breaks before its
/// tail, the tokens of the previous prompt the cache did not serve count as wasted.
pub fn read_after(
    prev: Option<(&Sections<'_>, u64)>,
    next: &Sections<'_>,
    usage: CacheUsage,
) -> Reading {
    let cached = usage.cached.min(usage.input);
    let written = usage.written.min(usage.input - cached);
    let mut r = Reading {
        cached,
        written,
        uncached: usage.input - cached - written,
        first_break: prev.map(|(p, _)| first_break(p, next)),
        wasted: 0,
    };
    if r.broke_prefix()
        && let Some((_, prev_input)) = prev
    {
        r.wasted = prev_input.saturating_sub(cached);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sections<'a>(history: &'a [String], tail: Option<&'a str>) -> Sections<'a> {
        Sections {
            system: "sys",
            tools: "[]",
            instructions: "AGENTS",
            history,
            tail,
        }
    }

    #[test]
    fn an_appended_step_breaks_only_at_the_tail() {
        let a = vec!["task".to_string(), "call 1".to_string()];
        let mut b = a.clone();
        b.push("result 1".into());
        let r = read(
            Some(&sections(&a, Some("step 1"))),
            &sections(&b, Some("step 2")),
            CacheUsage {
                input: 100,
                cached: 80,
                written: 15,
            },
        );
        assert_eq!(r.first_break, Some(Break::Tail));
        assert_eq!((r.cached, r.written, r.uncached), (80, 15, 5));
    }

    #[test]
    fn a_masked_item_is_named_with_its_offset() {
        let a = vec!["task".to_string(), "output: 1000 lines".to_string()];
        let b = vec!["task".to_string(), "output: [masked]".to_string()];
        let br = first_break(&sections(&a, None), &sections(&b, None));
        assert_eq!(br, Break::History { item: 1, offset: 8 });
        let shorter = vec!["task".to_string()];
        let br = first_break(&sections(&a, None), &sections(&shorter, None));
        assert_eq!(br, Break::History { item: 1, offset: 0 });
    }

    #[test]
    fn prefix_sections_come_first() {
        let h = vec!["task".to_string()];
        let mut s = sections(&h, None);
        s.tools = "[{\"name\":\"x\"}]";
        assert_eq!(
            first_break(&sections(&h, None), &s),
            Break::Tools { offset: 1 }
        );
        let mut s = sections(&h, None);
        s.system = "system";
        assert!(matches!(
            first_break(&sections(&h, None), &s),
            Break::System { .. }
        ));
        let mut s = sections(&h, None);
        s.instructions = "AGENTS v2";
        assert_eq!(
            first_break(&sections(&h, None), &s),
            Break::Instructions { offset: 6 }
        );
    }

    #[test]
    fn usage_is_clamped_and_summed() {
        let h = vec!["task".to_string()];
        let r = read(
            None,
            &sections(&h, None),
            CacheUsage {
                input: 10,
                cached: 50,
                written: 5,
            },
        );
        assert_eq!((r.cached, r.written, r.uncached), (10, 0, 0));
        assert_eq!(r.first_break, None);
        let mut t = Totals::default();
        t.add(&r);
        t.add(&Reading {
            first_break: Some(Break::History { item: 3, offset: 0 }),
            ..r.clone()
        });
        assert_eq!((t.requests, t.cached, t.breaks_before_tail), (2, 20, 1));
    }

    #[test]
    fn a_break_before_the_tail_wastes_what_the_cache_did_not_serve() {
        let a = vec!["task".to_string(), "output: 1000 lines".to_string()];
        let b = vec!["task".to_string(), "output: [masked]".to_string()];
        let usage = CacheUsage {
            input: 300,
            cached: 120,
            written: 180,
        };
        let r = read_after(Some((&sections(&a, None), 500)), &sections(&b, None), usage);
        assert_eq!(r.wasted, 380);
        let c = vec![a[0].clone(), a[1].clone(), "more".to_string()];
        let r = read_after(Some((&sections(&a, None), 500)), &sections(&c, None), usage);
        assert_eq!((r.first_break, r.wasted), (Some(Break::Tail), 0));
    }
}

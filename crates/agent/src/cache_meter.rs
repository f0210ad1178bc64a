//! The cache-waste meter of a run: after every model call, the provider's cached / written /
//! uncached prompt tokens and the first byte where the request differed from the previous one,
//! attributed to its section (system prompt, tools, history item N, tail), stored in the
//! session log as a `cache` event. The readings are computed by `loopwright-context`'s pure
//! meter; this module only keeps the previous request.

use loopwright_context::meter::{self, CacheUsage, Sections};
use loopwright_protocol::cache::{Reading, Totals};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::{ModelRequest, Role};
use loopwright_protocol::usage::Usage;

/// One request as the meter compares it: every section serialized as sent to the seam.
#[derive(Debug, Clone, Default, PartialEq)]
struct Sent {
    system: String,
    tools: String,
    history: Vec<String>,
    tail: Option<String>,
}

impl Sent {
    fn of(request: &ModelRequest) -> Sent {
        let mut history: Vec<String> = request.messages.iter().map(json).collect();
        // The loop's dynamic tail is the last user message; it changes every step by design.
        let tail = match request.messages.last() {
            Some(m) if m.role == Role::User && request.messages.len() > 1 => history.pop(),
            _ => None,
        };
        Sent {
            system: request.system.clone(),
            tools: json(&request.tools),
            history,
            tail,
        }
    }

    fn sections(&self) -> Sections<'_> {
        Sections {
            system: &self.system,
            tools: &self.tools,
            // Project instructions are part of the system prompt in the agent's requests.
            instructions: "",
            history: &self.history,
            tail: self.tail.as_deref(),
        }
    }
}

/// The text the meter compares for one section.
fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// The meter's memory: the previous request and its prompt tokens.
#[derive(Debug, Default)]
pub struct CacheMeter {
    prev: Option<(Sent, u64)>,
}

impl CacheMeter {
    /// Reads the request just answered with the provider's `usage`; `None` when the usage is
    /// an estimate (the provider reported none), which says nothing about the cache.
    pub fn observe(&mut self, request: &ModelRequest, usage: &Usage) -> Option<Reading> {
        let sent = Sent::of(request);
        let reading = (!usage.estimated && usage.input_tokens > 0).then(|| {
            let prev = self.prev.as_ref().map(|(s, n)| (s.sections(), *n));
            meter::read_after(
                prev.as_ref().map(|(s, n)| (s, *n)),
                &sent.sections(),
                CacheUsage {
                    input: usage.input_tokens,
                    cached: usage.cached_tokens,
                    written: usage.cache_write_tokens,
                },
            )
        });
        self.prev = Some((sent, usage.input_tokens));
        reading
    }
}

/// The meter's readings of a session summed (its `cache` events).
pub fn totals(events: &[Event]) -> Totals {
    let mut t = Totals::default();
    for e in events {
        if let EventKind::Cache(r) = &e.kind {
            t.add(r);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_protocol::cache::Break;
    use loopwright_protocol::message::Message;

    fn request(history: &[&str], tail: &str) -> ModelRequest {
        let mut messages: Vec<Message> = history
            .iter()
            .map(|t| Message::text(Role::Assistant, *t))
            .collect();
        messages.insert(0, Message::text(Role::User, "task"));
        messages.push(Message::text(Role::User, tail));
        ModelRequest {
            system: "sys".into(),
            tools: Vec::new(),
            messages,
        }
    }

    fn usage(input: u64, cached: u64) -> Usage {
        Usage {
            input_tokens: input,
            output_tokens: 1,
            cached_tokens: cached,
            cache_write_tokens: input - cached,
            estimated: false,
        }
    }

    #[test]
    fn appended_steps_break_at_the_tail_and_a_changed_item_is_named() {
        let mut m = CacheMeter::default();
        let first = m.observe(&request(&["a"], "step 1"), &usage(100, 0));
        assert_eq!(first.map(|r| r.first_break), Some(None));
        let r = m.observe(&request(&["a", "b"], "step 2"), &usage(120, 100));
        assert_eq!(
            r.as_ref().and_then(|r| r.first_break.clone()),
            Some(Break::Tail)
        );
        let r = m
            .observe(&request(&["A", "b", "c"], "step 3"), &usage(130, 10))
            .unwrap();
        assert!(
            matches!(r.first_break, Some(Break::History { item: 1, .. })),
            "{:?}",
            r.first_break
        );
        assert_eq!(r.wasted, 110);
    }

    #[test]
    fn estimated_usage_is_not_metered() {
        let mut m = CacheMeter::default();
        let mut u = usage(100, 0);
        u.estimated = true;
        assert!(m.observe(&request(&["a"], "t"), &u).is_none());
    }
}

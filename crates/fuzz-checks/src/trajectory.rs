//! The trajectory parsers of `loop replay` (SWE-agent, OpenHands, chat exports, ...).

use std::collections::HashSet;

use loopwright_context::replay::{Strategy, parse, replay};
use loopwright_context::{TokenCounter, Tokenizer};
use loopwright_protocol::message::Role;

/// A parsed trajectory has increasing item ids, a user task first, and every tool result
/// answers a call made earlier (ids made unique); replaying it does not panic.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(runs) = parse("fuzz.json", &text) else {
        return;
    };
    let counter = TokenCounter::new(Tokenizer::Estimate);
    for t in &runs {
        let Some(first) = t.items.first() else {
            continue;
        };
        assert_eq!(first.message.role, Role::User, "first item is not the task");
        let mut calls: HashSet<&str> = HashSet::new();
        let mut last_id = None;
        for item in &t.items {
            assert!(last_id < Some(item.id), "item ids do not increase");
            last_id = Some(item.id);
            for c in &item.message.tool_calls {
                assert!(calls.insert(c.id.as_str()), "call id {} used twice", c.id);
            }
            if let Some(id) = &item.message.tool_call_id {
                assert!(calls.contains(id.as_str()), "result for unknown call {id}");
            }
        }
        let _ = replay(t, &Strategy::Full, &counter);
        let _ = replay(t, &Strategy::Last5, &counter);
    }
}

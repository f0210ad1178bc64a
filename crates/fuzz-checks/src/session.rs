//! The session-log loader: torn, duplicated and garbage lines.

use std::path::Path;

use loopwright_agent::state::State;
use loopwright_store::session::{dangling_calls, parse_log};

/// A log either loads or is refused with an error naming a line; a loaded log's valid prefix
/// and torn tail add up to the file, the valid prefix alone loads to the same events with
/// nothing torn, every event survives a write and re-read, and the agent's state folds the
/// events and picks a next step without panicking.
pub fn check(data: &[u8]) {
    let Ok(parsed) = parse_log(data, Path::new("fuzz.jsonl")) else {
        return;
    };
    assert_eq!(parsed.valid_len + parsed.torn_bytes, data.len());
    let again = parse_log(&data[..parsed.valid_len], Path::new("fuzz.jsonl"))
        .unwrap_or_else(|e| panic!("the repaired prefix does not load: {e}"));
    assert_eq!(again.events, parsed.events);
    assert_eq!(again.torn_bytes, 0);
    let mut rewritten = Vec::new();
    for ev in &parsed.events {
        let line =
            serde_json::to_vec(ev).unwrap_or_else(|e| panic!("event does not serialize: {e}"));
        rewritten.extend_from_slice(&line);
        rewritten.push(b'\n');
    }
    let back = parse_log(&rewritten, Path::new("fuzz.jsonl"))
        .unwrap_or_else(|e| panic!("rewritten log does not load: {e}"));
    assert_eq!(back.events, parsed.events, "events do not round-trip");
    let state = State::from_events(&parsed.events);
    let _ = state.next();
    let _ = state.window();
    let _ = dangling_calls(&parsed.events);
}

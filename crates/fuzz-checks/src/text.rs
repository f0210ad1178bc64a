//! The JSON-action parser of models without native tool calling, and its repair.

use loopwright_providers::json_action::{Action, first_object, parse_action};

/// A reply that is exactly one JSON object reads as that object; a repaired truncation is an
/// object; an action's arguments are an object; any prefix of a reply parses or fails cleanly.
pub fn json_action(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(v) = first_object(&text) {
        assert!(v.is_object(), "first_object gave a non-object: {v}");
    }
    if let Ok(serde_json::Value::Object(whole)) = serde_json::from_str::<serde_json::Value>(&text) {
        let got = first_object(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(got, serde_json::Value::Object(whole), "reading {text:?}");
    }
    if let Ok(Action::Tool { name, arguments }) = parse_action(&text) {
        assert!(!name.is_empty(), "empty tool name");
        assert!(arguments.is_object(), "arguments not an object");
    }
    // Truncated replies: every char-boundary cut of the first 64 bytes parses or fails cleanly.
    for (cut, _) in text.char_indices().take(64) {
        if let Ok(v) = first_object(&text[..cut]) {
            assert!(v.is_object());
        }
    }
}

//! Server-sent-event bodies.

/// An event-stream body from `data:` payloads, one event each.
pub fn sse(datas: &[&str]) -> String {
    datas.iter().map(|d| format!("data: {d}\n\n")).collect()
}

/// An event-stream body from `(event, data)` pairs.
pub fn sse_named(events: &[(&str, &str)]) -> String {
    events
        .iter()
        .map(|(e, d)| format!("event: {e}\ndata: {d}\n\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_have_blank_line_separated_events() {
        assert_eq!(sse(&["a", "[DONE]"]), "data: a\n\ndata: [DONE]\n\n");
        assert_eq!(sse_named(&[("x", "1")]), "event: x\ndata: 1\n\n");
    }
}

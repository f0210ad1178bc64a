//! A small incremental parser for `text/event-stream` (server-sent events).
//!
//! Bytes arrive in arbitrary chunks; [`SseParser::feed`] returns every event completed by the
//! chunk, so any split of a stream yields the same events. Lines end with `\n` or `\r\n`;
//! comment lines (`:`) and unknown fields are ignored, as the SSE format asks.

/// One dispatched event.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` field, when the server sent one.
    pub event: Option<String>,
    /// The `data:` lines, joined with `\n`.
    pub data: String,
}

/// Incremental parser state.
#[derive(Debug, Default)]
pub struct SseParser {
    line: Vec<u8>,
    event: Option<String>,
    data: Vec<String>,
}

impl SseParser {
    /// A parser at the start of a stream.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds the next bytes of the stream and returns the events they complete.
    pub fn feed(&mut self, chunk: &[u8]) -> Vec<SseEvent> {
        let mut out = Vec::new();
        for &b in chunk {
            if b == b'\n' {
                let mut line = std::mem::take(&mut self.line);
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                self.line_done(&line, &mut out);
            } else {
                self.line.push(b);
            }
        }
        out
    }

    /// Ends the stream: an event whose blank line never came is dispatched (servers that close
    /// right after the last `data:` line).
    pub fn finish(&mut self) -> Option<SseEvent> {
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            let mut out = Vec::new();
            self.line_done(&line, &mut out);
        }
        self.dispatch()
    }

    fn line_done(&mut self, line: &[u8], out: &mut Vec<SseEvent>) {
        if line.is_empty() {
            if let Some(ev) = self.dispatch() {
                out.push(ev);
            }
            return;
        }
        if line[0] == b':' {
            return;
        }
        let text = String::from_utf8_lossy(line);
        let (field, value) = match text.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (text.as_ref(), ""),
        };
        match field {
            "data" => self.data.push(value.to_string()),
            "event" => self.event = Some(value.to_string()),
            _ => {}
        }
    }

    fn dispatch(&mut self) -> Option<SseEvent> {
        let event = self.event.take();
        if self.data.is_empty() {
            return None;
        }
        let data = std::mem::take(&mut self.data).join("\n");
        Some(SseEvent { event, data })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const STREAM: &str = ": keep-alive\n\nevent: message_start\ndata: {\"a\":1}\n\ndata: one\r\ndata: two\r\n\r\nretry: 5\ndata: [DONE]\n\n";

    fn all_at_once() -> Vec<SseEvent> {
        SseParser::new().feed(STREAM.as_bytes())
    }

    #[test]
    fn parses_fields_comments_and_multiline_data() {
        let evs = all_at_once();
        assert_eq!(evs.len(), 3);
        assert_eq!(evs[0].event.as_deref(), Some("message_start"));
        assert_eq!(evs[0].data, "{\"a\":1}");
        assert_eq!(evs[1].data, "one\ntwo");
        assert_eq!(evs[1].event, None);
        assert_eq!(evs[2].data, "[DONE]");
    }

    #[test]
    fn finish_dispatches_an_unterminated_event() {
        let mut p = SseParser::new();
        assert!(p.feed(b"data: x").is_empty());
        assert_eq!(p.finish().map(|e| e.data), Some("x".to_string()));
    }

    proptest! {
        #[test]
        fn any_split_yields_the_same_events(cuts in proptest::collection::vec(0usize..200, 0..12)) {
            let bytes = STREAM.as_bytes();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c % (bytes.len() + 1)).collect();
            cuts.sort_unstable();
            let mut p = SseParser::new();
            let mut got = Vec::new();
            let mut start = 0;
            for c in cuts.into_iter().chain(std::iter::once(bytes.len())) {
                got.extend(p.feed(&bytes[start..c]));
                start = c;
            }
            prop_assert_eq!(got, all_at_once());
        }

        #[test]
        fn never_panics_on_garbage(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let mut p = SseParser::new();
            let _ = p.feed(&bytes);
            let _ = p.finish();
        }
    }
}

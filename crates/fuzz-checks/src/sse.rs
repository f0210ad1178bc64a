//! The SSE parser with turn assembly for both streaming protocols.
//!
//! The first bytes of an input choose chunk boundaries ([`crate::split`]); the rest is the
//! stream. Invariants: any split of the bytes gives the same events as feeding them whole; the
//! assembled turn is the same for both; its text is the concatenation of the text deltas and
//! its tool calls are the started calls, in order (for Anthropic, the deltas and calls since the
//! last `message_start`: a second one restarts the reply).

use loopwright_protocol::message::{AssistantTurn, StreamEvent};
use loopwright_providers::anthropic::EventAssembler;
use loopwright_providers::chunks::ChunkAssembler;
use loopwright_providers::sse::{SseEvent, SseParser};

use crate::split::{chunks, cuts_and_payload};

/// OpenAI chat-completion chunks (`data:` payloads, `[DONE]`).
pub fn openai(data: &[u8]) {
    check(data, |events| {
        let mut asm = ChunkAssembler::default();
        let mut seen = Vec::new();
        for ev in events {
            if asm
                .push_data(&ev.data, &mut |e| seen.push(e.clone()))
                .is_err()
            {
                break;
            }
        }
        let turn = asm.finish(&mut |e| seen.push(e.clone()));
        (seen, turn)
    });
}

/// Anthropic Messages events (`event:` names and `data:` payloads).
pub fn anthropic(data: &[u8]) {
    check(data, |events| {
        let mut asm = EventAssembler::default();
        let mut seen = Vec::new();
        let mut started = false;
        for ev in events {
            // A second `message_start` restarts the reply (a gateway spliced a new message in):
            // the turn is the new message, so only what came after it must add up to the turn.
            if is_message_start(ev) {
                if started {
                    seen.clear();
                }
                started = true;
            }
            if asm
                .push(ev.event.as_deref(), &ev.data, &mut |e| seen.push(e.clone()))
                .is_err()
            {
                break;
            }
        }
        (seen, asm.finish())
    });
}

/// Whether the assembler reads `ev` as a `message_start` (the payload's `type`, else the
/// `event:` name, as `EventAssembler::push` decides).
fn is_message_start(ev: &SseEvent) -> bool {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(&ev.data) else {
        return false;
    };
    let kind = v.get("type").and_then(serde_json::Value::as_str);
    kind.or(ev.event.as_deref()) == Some("message_start")
}

type Assemble = fn(&[SseEvent]) -> (Vec<StreamEvent>, AssistantTurn);

fn check(data: &[u8], assemble: Assemble) {
    let (cuts, payload) = cuts_and_payload(data);
    let whole = parse(&[payload]);
    let split = parse(&chunks(payload, &cuts));
    assert_eq!(whole, split, "SSE events depend on the chunk split");
    let (seen, turn) = assemble(&whole);
    let (seen_split, turn_split) = assemble(&split);
    assert_eq!(seen, seen_split);
    assert_eq!(turn, turn_split);
    let text: String = seen
        .iter()
        .filter_map(|e| match e {
            StreamEvent::TextDelta { text } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(turn.text, text, "turn text is not the text deltas");
    let started: Vec<&str> = seen
        .iter()
        .filter_map(|e| match e {
            StreamEvent::ToolCallStart { id, .. } => Some(id.as_str()),
            _ => None,
        })
        .collect();
    let ids: Vec<&str> = turn.tool_calls.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, started, "tool calls are not the started calls");
}

fn parse(chunks: &[&[u8]]) -> Vec<SseEvent> {
    let mut p = SseParser::new();
    let mut out = Vec::new();
    for c in chunks {
        out.extend(p.feed(c));
    }
    out.extend(p.finish());
    out
}

//! Replies in the shapes real servers send, for scripted runs.

use serde_json::{Value, json};

use crate::server::Reply;
use crate::sse::{sse, sse_named};

/// OpenAI Chat Completions chunks.
pub mod openai {
    use super::*;

    /// A streamed text answer with a `stop` finish reason and a usage chunk.
    pub fn text(text: &str, prompt_tokens: u64, completion_tokens: u64) -> Reply {
        let chunk = json!({"choices":[{"index":0,"delta":{"role":"assistant","content":text},"finish_reason":null}]});
        let stop = json!({"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]});
        Reply::Stream(sse(&[
            &chunk.to_string(),
            &stop.to_string(),
            &usage(prompt_tokens, completion_tokens).to_string(),
            "[DONE]",
        ]))
    }

    /// A streamed tool call (arguments sent in two fragments) with a usage chunk.
    pub fn tool_call(id: &str, name: &str, arguments: &Value) -> Reply {
        let args = arguments.to_string();
        let (a, b) = args.split_at(args.len() / 2);
        let start = json!({"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":id,"type":"function","function":{"name":name,"arguments":a}}]}}]});
        let more = json!({"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":b}}]}}]});
        let stop = json!({"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]});
        Reply::Stream(sse(&[
            &start.to_string(),
            &more.to_string(),
            &stop.to_string(),
            &usage(100, 10).to_string(),
            "[DONE]",
        ]))
    }

    /// A non-streamed completion with `content`.
    pub fn json_reply(content: &str) -> Reply {
        Reply::json(
            &json!({"choices":[{"message":{"role":"assistant","content":content},"finish_reason":"stop"}],
                "usage":{"prompt_tokens":20,"completion_tokens":5}})
            .to_string(),
        )
    }

    fn usage(prompt: u64, completion: u64) -> Value {
        json!({"choices":[],"usage":{"prompt_tokens":prompt,"completion_tokens":completion}})
    }
}

/// Anthropic Messages events.
pub mod anthropic {
    use super::*;

    fn start(input_tokens: u64) -> String {
        json!({"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant",
            "content":[],"usage":{"input_tokens":input_tokens,"output_tokens":1}}})
        .to_string()
    }

    fn end(stop_reason: &str, output_tokens: u64) -> Vec<(String, String)> {
        vec![
            (
                "message_delta".into(),
                json!({"type":"message_delta","delta":{"stop_reason":stop_reason},
                    "usage":{"output_tokens":output_tokens}})
                .to_string(),
            ),
            (
                "message_stop".into(),
                json!({"type":"message_stop"}).to_string(),
            ),
        ]
    }

    fn body(events: Vec<(String, String)>) -> Reply {
        let pairs: Vec<(&str, &str)> = events
            .iter()
            .map(|(e, d)| (e.as_str(), d.as_str()))
            .collect();
        Reply::Stream(sse_named(&pairs))
    }

    /// A streamed text answer ending with `stop_reason`.
    pub fn text(text: &str, stop_reason: &str) -> Reply {
        let mut ev = vec![
            ("message_start".to_string(), start(20)),
            (
                "content_block_start".into(),
                json!({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})
                    .to_string(),
            ),
            (
                "content_block_delta".into(),
                json!({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":text}})
                    .to_string(),
            ),
            (
                "content_block_stop".into(),
                json!({"type":"content_block_stop","index":0}).to_string(),
            ),
        ];
        ev.extend(end(stop_reason, 5));
        body(ev)
    }

    /// A streamed `tool_use` block.
    pub fn tool_use(id: &str, name: &str, input: &Value) -> Reply {
        let mut ev = vec![
            ("message_start".to_string(), start(30)),
            (
                "content_block_start".into(),
                json!({"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":id,"name":name,"input":{}}})
                    .to_string(),
            ),
            (
                "content_block_delta".into(),
                json!({"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":input.to_string()}})
                    .to_string(),
            ),
            (
                "content_block_stop".into(),
                json!({"type":"content_block_stop","index":0}).to_string(),
            ),
        ];
        ev.extend(end("tool_use", 8));
        body(ev)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenarios_are_event_streams() {
        let Reply::Stream(b) = openai::tool_call("c", "shell", &json!({"command": "ls"})) else {
            panic!("not a stream");
        };
        assert!(b.contains("\"finish_reason\":\"tool_calls\"") && b.ends_with("[DONE]\n\n"));
        let Reply::Stream(b) = anthropic::text("hi", "end_turn") else {
            panic!("not a stream");
        };
        assert!(b.contains("event: message_stop"));
    }
}

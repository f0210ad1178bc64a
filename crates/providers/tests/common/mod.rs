//! Helpers of the provider tests; the scripted HTTP server is `loopwright-testkit`'s.

#![allow(dead_code, unused_imports)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopwright_model::Cancel;
use loopwright_providers::transport::{Pause, RetryPolicy, Timeouts, Transport};

pub use loopwright_testkit::{MockServer, Received, Reply};

/// Records every pause instead of sleeping; jitter is always 0.5.
#[derive(Clone, Default)]
pub struct Recorded(pub Arc<Mutex<Vec<Duration>>>);

impl Pause for Recorded {
    fn pause(&mut self, d: Duration, _cancel: &Cancel) {
        self.0.lock().unwrap().push(d);
    }
    fn random(&mut self) -> f64 {
        0.5
    }
}

impl Recorded {
    pub fn delays(&self) -> Vec<Duration> {
        self.0.lock().unwrap().clone()
    }
}

pub fn transport(pause: &Recorded) -> Transport {
    transport_with(pause, Duration::from_secs(20))
}

pub fn transport_with(pause: &Recorded, idle: Duration) -> Transport {
    Transport::new(
        RetryPolicy {
            max_attempts: 4,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_secs(2),
            max_retry_after: Duration::from_secs(60),
        },
        Timeouts {
            connect: Duration::from_secs(5),
            idle,
            request: Duration::from_secs(30),
        },
        Box::new(pause.clone()),
    )
    .unwrap()
}

pub use loopwright_testkit::{sse, sse_named};

/// A request with a resumed history: task, a tool call, its result.
pub fn resumed_request() -> loopwright_protocol::message::ModelRequest {
    use loopwright_protocol::message::{Message, ModelRequest, Role};
    use loopwright_protocol::tool::{ToolCall, ToolSpec};
    let mut call = Message::text(Role::Assistant, "Listing files.");
    call.tool_calls.push(ToolCall {
        id: "call_1".into(),
        name: "shell".into(),
        arguments: serde_json::json!({"command": "ls"}),
    });
    ModelRequest {
        system: "You are a coding agent.".into(),
        tools: vec![ToolSpec {
            name: "shell".into(),
            description: "Run a shell command.".into(),
            parameters: serde_json::json!({"type": "object",
                "properties": {"command": {"type": "string"}}, "required": ["command"]}),
            role: Default::default(),
        }],
        messages: vec![
            Message::text(Role::User, "Count the files."),
            call,
            Message::tool("call_1", "a.txt\nb.txt"),
            Message::text(Role::User, "Verify failed: try again."),
        ],
    }
}

/// Collects streamed events.
pub fn collect() -> (
    Arc<Mutex<Vec<loopwright_protocol::message::StreamEvent>>>,
    impl FnMut(&loopwright_protocol::message::StreamEvent),
) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    (
        seen,
        move |e: &loopwright_protocol::message::StreamEvent| s.lock().unwrap().push(e.clone()),
    )
}

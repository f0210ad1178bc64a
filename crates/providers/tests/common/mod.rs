//! A scripted HTTP/1.1 server on 127.0.0.1 with fault injection, for the provider tests.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopwright_agent::Cancel;
use loopwright_providers::transport::{Pause, RetryPolicy, Timeouts, Transport};

/// What the server does with one request.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A complete response.
    Full {
        status: u16,
        headers: Vec<(String, String)>,
        body: String,
    },
    /// A 200 event stream whose connection is closed after `body`.
    Stream(String),
    /// A 200 event stream that sends `body`, then stays silent for `stall`.
    Stall { body: String, stall: Duration },
}

impl Reply {
    pub fn status(status: u16, body: &str) -> Reply {
        Reply::Full {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: body.into(),
        }
    }

    pub fn with_header(mut self, k: &str, v: &str) -> Reply {
        if let Reply::Full { headers, .. } = &mut self {
            headers.push((k.into(), v.into()));
        }
        self
    }
}

/// One request as the server received it.
#[derive(Debug, Clone)]
pub struct Received {
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: serde_json::Value,
}

impl Received {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub struct MockServer {
    pub base: String,
    pub received: Arc<Mutex<Vec<Received>>>,
}

impl MockServer {
    /// Serves `replies` in order, one per connection.
    pub fn start(replies: Vec<Reply>) -> MockServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let received = Arc::new(Mutex::new(Vec::new()));
        let rec = received.clone();
        std::thread::spawn(move || {
            let mut replies = replies.into_iter();
            for stream in listener.incoming() {
                let Ok(stream) = stream else { break };
                let Some(reply) = replies.next() else { break };
                let rec = rec.clone();
                std::thread::spawn(move || serve(stream, reply, &rec));
            }
        });
        MockServer { base, received }
    }

    pub fn requests(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

fn serve(stream: TcpStream, reply: Reply, rec: &Mutex<Vec<Received>>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let path = line.split_whitespace().nth(1).unwrap_or("").to_string();
    let mut headers = Vec::new();
    let mut len = 0usize;
    loop {
        let mut h = String::new();
        reader.read_line(&mut h).unwrap();
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                len = v.trim().parse().unwrap();
            }
            headers.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    let mut body = vec![0u8; len];
    reader.read_exact(&mut body).unwrap();
    rec.lock().unwrap().push(Received {
        path,
        headers,
        body: serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null),
    });
    let mut out = stream;
    match reply {
        Reply::Full {
            status,
            headers,
            body,
        } => {
            let mut head = format!(
                "HTTP/1.1 {status} X\r\ncontent-length: {}\r\nconnection: close\r\n",
                body.len()
            );
            for (k, v) in headers {
                head.push_str(&format!("{k}: {v}\r\n"));
            }
            head.push_str("\r\n");
            let _ = out.write_all(head.as_bytes());
            let _ = out.write_all(body.as_bytes());
        }
        Reply::Stream(body) => {
            let _ = out.write_all(
                b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n",
            );
            // Small writes, so the client sees the stream arrive in pieces.
            for piece in body.as_bytes().chunks(7) {
                let _ = out.write_all(piece);
                let _ = out.flush();
            }
        }
        Reply::Stall { body, stall } => {
            let _ = out.write_all(
                b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n",
            );
            let _ = out.write_all(body.as_bytes());
            let _ = out.flush();
            std::thread::sleep(stall);
        }
    }
    let _ = out.shutdown(std::net::Shutdown::Both);
}

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

/// An SSE body from `data:` payloads.
pub fn sse(datas: &[&str]) -> String {
    datas.iter().map(|d| format!("data: {d}\n\n")).collect()
}

/// An SSE body from `(event, data)` pairs.
pub fn sse_named(events: &[(&str, &str)]) -> String {
    events
        .iter()
        .map(|(e, d)| format!("event: {e}\ndata: {d}\n\n"))
        .collect()
}

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

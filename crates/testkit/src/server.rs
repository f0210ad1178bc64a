//! A scripted HTTP/1.1 server on 127.0.0.1 with fault injection.
//!
//! One [`Reply`] is played per connection, in order (every reply closes its connection, so a
//! client's retry opens the next one); once the script is used up the server stops accepting.
//! Every request is recorded ([`MockServer::requests`]).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// What the server does with one request.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// A complete response with this status, headers and body.
    Full {
        /// HTTP status.
        status: u16,
        /// Headers (a `content-length` is added).
        headers: Vec<(String, String)>,
        /// Body.
        body: String,
    },
    /// A 200 event stream, written in small pieces; the connection is closed after `body`
    /// (pass a truncated body to cut a stream anywhere).
    Stream(String),
    /// A 200 event stream that sends `body`, then stays silent for `stall` before closing.
    Stall {
        /// What is sent before the silence.
        body: String,
        /// How long the server stays silent.
        stall: Duration,
    },
}

impl Reply {
    /// A JSON response with `status`.
    pub fn status(status: u16, body: &str) -> Reply {
        Reply::Full {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: body.into(),
        }
    }

    /// A 200 JSON response.
    pub fn json(body: &str) -> Reply {
        Reply::status(200, body)
    }

    /// A 200 response with any content type.
    pub fn typed(content_type: &str, body: &str) -> Reply {
        Reply::Full {
            status: 200,
            headers: vec![("content-type".into(), content_type.into())],
            body: body.into(),
        }
    }

    /// A 429 asking to wait `seconds`.
    pub fn rate_limited(seconds: u64) -> Reply {
        Reply::status(
            429,
            r#"{"error":{"type":"rate_limit_error","message":"slow down"}}"#,
        )
        .with_header("retry-after", &seconds.to_string())
    }

    /// A stream cut after `at` bytes of `body` (on a char boundary at or before it).
    pub fn cut(body: &str, at: usize) -> Reply {
        let mut at = at.min(body.len());
        while !body.is_char_boundary(at) {
            at -= 1;
        }
        Reply::Stream(body[..at].to_string())
    }

    /// A stream whose single event does not parse as JSON.
    pub fn malformed() -> Reply {
        Reply::Stream("data: {\"choices\": [{\"delta\": \n\n".into())
    }

    /// Adds a header (to a [`Reply::Full`]).
    pub fn with_header(mut self, k: &str, v: &str) -> Reply {
        if let Reply::Full { headers, .. } = &mut self {
            headers.push((k.into(), v.into()));
        }
        self
    }
}

/// One request as the server received it.
#[derive(Debug, Clone, PartialEq)]
pub struct Received {
    /// Request path, e.g. `/v1/chat/completions`.
    pub path: String,
    /// Headers in order.
    pub headers: Vec<(String, String)>,
    /// The body as JSON (`null` when it does not parse).
    pub body: serde_json::Value,
    /// The body as text.
    pub raw: String,
}

impl Received {
    /// A header by name (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The running server.
#[derive(Debug)]
pub struct MockServer {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    received: Arc<Mutex<Vec<Received>>>,
}

impl MockServer {
    /// Serves `replies` in order, one per connection. Panics only when no port can be bound.
    pub fn start(replies: Vec<Reply>) -> MockServer {
        let listener = match TcpListener::bind("127.0.0.1:0") {
            Ok(l) => l,
            Err(e) => panic!("testkit: cannot bind 127.0.0.1: {e}"),
        };
        let base = match listener.local_addr() {
            Ok(a) => format!("http://{a}"),
            Err(e) => panic!("testkit: no local address: {e}"),
        };
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

    /// The base URL with a path appended, e.g. `url("/v1")`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The requests received so far, in order of arrival.
    pub fn requests(&self) -> Vec<Received> {
        self.received
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

fn read_request(stream: &TcpStream) -> Option<Received> {
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let path = line.split_whitespace().nth(1).unwrap_or("").to_string();
    let mut headers = Vec::new();
    let mut len = 0usize;
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).ok()? == 0 {
            break;
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                len = v.trim().parse().unwrap_or(0);
            }
            headers.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    let mut body = vec![0u8; len.min(64 << 20)];
    reader.read_exact(&mut body).ok()?;
    let raw = String::from_utf8_lossy(&body).into_owned();
    Some(Received {
        path,
        headers,
        body: serde_json::from_str(&raw).unwrap_or(serde_json::Value::Null),
        raw,
    })
}

fn serve(stream: TcpStream, reply: Reply, rec: &Mutex<Vec<Received>>) {
    let Some(req) = read_request(&stream) else {
        return;
    };
    rec.lock().unwrap_or_else(PoisonError::into_inner).push(req);
    let mut out = stream;
    const SSE_HEAD: &[u8] =
        b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n";
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
            let _ = out.write_all(SSE_HEAD);
            // Small writes, so the client sees the stream arrive in pieces.
            for piece in body.as_bytes().chunks(7) {
                let _ = out.write_all(piece);
                let _ = out.flush();
            }
        }
        Reply::Stall { body, stall } => {
            let _ = out.write_all(SSE_HEAD);
            let _ = out.write_all(body.as_bytes());
            let _ = out.flush();
            std::thread::sleep(stall);
        }
    }
    let _ = out.shutdown(Shutdown::Both);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post(base: &str, body: &str) -> String {
        let addr = base.trim_start_matches("http://");
        let mut s = TcpStream::connect(addr).unwrap();
        write!(
            s,
            "POST /v1/x HTTP/1.1\r\nhost: a\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn plays_replies_in_order_and_records_requests() {
        let server = MockServer::start(vec![
            Reply::rate_limited(3),
            Reply::Stream("data: x\n\n".into()),
        ]);
        let first = post(&server.base, r#"{"a":1}"#);
        assert!(
            first.starts_with("HTTP/1.1 429") && first.contains("retry-after: 3"),
            "{first}"
        );
        let second = post(&server.base, "not json");
        assert!(second.ends_with("data: x\n\n"), "{second}");
        let got = server.requests();
        assert_eq!(got[0].path, "/v1/x");
        assert_eq!(got[0].body, serde_json::json!({"a": 1}));
        assert_eq!(got[1].body, serde_json::Value::Null);
        assert_eq!(got[1].raw, "not json");
    }

    #[test]
    fn cut_keeps_a_char_boundary() {
        assert_eq!(Reply::cut("aé", 2), Reply::Stream("a".into()));
    }
}

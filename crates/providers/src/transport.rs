//! HTTP transport shared by the providers: one POST with retries, backoff with jitter,
//! `Retry-After`, an idle timeout on the response body and an overall timeout per request.
//!
//! The response body is read on a helper thread and handed over in chunks, so the caller can
//! wait with a timeout and check the cancel flag. Sleeping and randomness go through
//! [`Pause`], so tests see every backoff delay without waiting for it.

use std::io::Read;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use loopwright_model::{Cancel, ProviderError};

use crate::sse::{SseEvent, SseParser};

/// How often a request is retried and how long to wait in between.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RetryPolicy {
    /// Attempts in total (the first one included); at least 1.
    pub max_attempts: u32,
    /// Delay before the first retry; doubled for each further retry.
    pub base_delay: Duration,
    /// Largest delay computed by backoff.
    pub max_delay: Duration,
    /// Largest `Retry-After` honoured; a longer one ends the request with an error.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 5,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(30),
            max_retry_after: Duration::from_secs(120),
        }
    }
}

impl RetryPolicy {
    /// Backoff before retry number `retry` (0 for the first retry), with "equal jitter":
    /// half the exponential delay plus a random share of the other half. `random` is in `[0, 1)`.
    pub fn backoff(&self, retry: u32, random: f64) -> Duration {
        let exp = self
            .base_delay
            .saturating_mul(1u32.checked_shl(retry.min(30)).unwrap_or(u32::MAX));
        let capped = exp.min(self.max_delay);
        let half = capped / 2;
        half + half.mul_f64(random.clamp(0.0, 1.0))
    }
}

/// Sleeping and randomness, replaceable in tests.
pub trait Pause: Send {
    /// Waits `d` (or less, when `cancel` is set meanwhile).
    fn pause(&mut self, d: Duration, cancel: &Cancel);
    /// A number in `[0, 1)` for jitter.
    fn random(&mut self) -> f64;
}

/// Real sleeping (in short slices, so Ctrl+C is noticed) and `fastrand` jitter.
#[derive(Debug, Default, Clone, Copy)]
pub struct RealPause;

impl Pause for RealPause {
    fn pause(&mut self, d: Duration, cancel: &Cancel) {
        let end = Instant::now() + d;
        while !cancel.is_cancelled() {
            let now = Instant::now();
            if now >= end {
                break;
            }
            std::thread::sleep((end - now).min(Duration::from_millis(50)));
        }
    }

    fn random(&mut self) -> f64 {
        fastrand::f64()
    }
}

/// Timeouts of one request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timeouts {
    /// Connecting to the server.
    pub connect: Duration,
    /// Longest silence while reading the response body.
    pub idle: Duration,
    /// Longest time for one attempt, from sending to the end of the body.
    pub request: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            connect: Duration::from_secs(15),
            idle: Duration::from_secs(90),
            request: Duration::from_secs(600),
        }
    }
}

/// One POST request with a JSON body.
#[derive(Debug, Clone)]
pub struct HttpRequest {
    /// Full URL.
    pub url: String,
    /// Extra headers (authentication, API version).
    pub headers: Vec<(String, String)>,
    /// JSON body.
    pub body: serde_json::Value,
    /// The environment variable holding the key, named in a 401/403 message.
    pub key_env: Option<String>,
}

/// Why reading a response failed.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadError {
    /// Worth another attempt (stall, cut connection, stream ended early, server error event).
    Retry(String),
    /// Not worth retrying; the message is for the user.
    Fatal(String),
    /// The server reported, inside the reply, that the request is too long for the model.
    ContextTooLong(String),
    /// The cancel flag was set.
    Cancelled,
}

enum Chunk {
    Data(Vec<u8>),
    End,
    Err(String),
}

/// The body of a successful response, read chunk by chunk with timeouts.
pub struct Body<'a> {
    rx: Receiver<Chunk>,
    content_type: String,
    idle: Duration,
    deadline: Instant,
    cancel: &'a Cancel,
    parser: SseParser,
    pending: std::collections::VecDeque<SseEvent>,
    ended: bool,
}

impl Body<'_> {
    /// The `Content-Type` header (lower case), empty when absent.
    pub fn content_type(&self) -> &str {
        &self.content_type
    }

    /// True when the server answered with an event stream.
    pub fn is_event_stream(&self) -> bool {
        self.content_type.contains("text/event-stream")
    }

    /// The next chunk of bytes; `None` at the end of the body.
    pub fn next_chunk(&mut self) -> Result<Option<Vec<u8>>, ReadError> {
        if self.ended {
            return Ok(None);
        }
        let idle_end = Instant::now() + self.idle;
        loop {
            if self.cancel.is_cancelled() {
                return Err(ReadError::Cancelled);
            }
            let now = Instant::now();
            if now >= self.deadline {
                return Err(ReadError::Retry(
                    "the request took longer than its overall timeout".into(),
                ));
            }
            if now >= idle_end {
                return Err(ReadError::Retry(format!(
                    "the response stalled for more than {}s (idle timeout)",
                    self.idle.as_secs_f64()
                )));
            }
            let wait = idle_end
                .min(self.deadline)
                .saturating_duration_since(now)
                .min(Duration::from_millis(50));
            match self.rx.recv_timeout(wait) {
                Ok(Chunk::Data(d)) => return Ok(Some(d)),
                Ok(Chunk::End) => {
                    self.ended = true;
                    return Ok(None);
                }
                Ok(Chunk::Err(e)) => {
                    return Err(ReadError::Retry(format!("the connection broke: {e}")));
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ReadError::Retry("the connection broke".into()));
                }
            }
        }
    }

    /// The whole remaining body as text.
    pub fn read_all(&mut self) -> Result<String, ReadError> {
        let mut all = Vec::new();
        while let Some(c) = self.next_chunk()? {
            all.extend_from_slice(&c);
        }
        Ok(String::from_utf8_lossy(&all).into_owned())
    }

    /// The next server-sent event; `None` when the body ends.
    pub fn next_event(&mut self) -> Result<Option<SseEvent>, ReadError> {
        loop {
            if let Some(ev) = self.pending.pop_front() {
                return Ok(Some(ev));
            }
            match self.next_chunk()? {
                Some(c) => self.pending.extend(self.parser.feed(&c)),
                None => return Ok(self.parser.finish()),
            }
        }
    }
}

/// Sends requests and retries them.
pub struct Transport {
    client: reqwest::blocking::Client,
    /// Retry settings.
    pub retry: RetryPolicy,
    /// Timeouts.
    pub timeouts: Timeouts,
    pause: Box<dyn Pause>,
}

impl std::fmt::Debug for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transport")
            .field("retry", &self.retry)
            .field("timeouts", &self.timeouts)
            .finish_non_exhaustive()
    }
}

/// What a failed attempt means.
enum Outcome {
    Retry {
        why: String,
        retry_after: Option<Duration>,
        /// The HTTP status, when the server answered with one.
        status: Option<u16>,
    },
    Fatal(ProviderError),
}

impl Transport {
    /// A transport with the given settings.
    pub fn new(
        retry: RetryPolicy,
        timeouts: Timeouts,
        pause: Box<dyn Pause>,
    ) -> Result<Self, ProviderError> {
        let client = reqwest::blocking::Client::builder()
            .connect_timeout(timeouts.connect)
            .timeout(timeouts.request + Duration::from_secs(1))
            .user_agent(concat!("loopwright/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| ProviderError::Setup(e.to_string()))?;
        Ok(Transport {
            client,
            retry,
            timeouts,
            pause,
        })
    }

    /// Sends `req` and hands the body of a 2xx response to `read`; retries connection errors,
    /// 408, 429 and 5xx responses, and every [`ReadError::Retry`] returned by `read`. `read`
    /// starts from scratch on each attempt, so nothing of a failed attempt leaks into the result.
    pub fn send<T>(
        &mut self,
        req: &HttpRequest,
        cancel: &Cancel,
        mut read: impl FnMut(&mut Body<'_>) -> Result<T, ReadError>,
    ) -> Result<T, ProviderError> {
        let attempts = self.retry.max_attempts.max(1);
        let mut last = String::new();
        let mut last_status = None;
        for attempt in 0..attempts {
            if cancel.is_cancelled() {
                return Err(ProviderError::Cancelled);
            }
            let outcome = match self.attempt(req, cancel, &mut read) {
                Ok(v) => return Ok(v),
                Err(o) => o,
            };
            match outcome {
                Outcome::Fatal(e) => return Err(e),
                Outcome::Retry {
                    why,
                    retry_after,
                    status,
                } => {
                    last = why;
                    last_status = status;
                    if attempt + 1 == attempts {
                        break;
                    }
                    let delay = match retry_after {
                        Some(d) if d > self.retry.max_retry_after => {
                            return Err(ProviderError::RateLimited {
                                retry_after: Some(d),
                                url: req.url.clone(),
                                detail: format!(
                                    "{last}; longer than the {}s this client waits",
                                    self.retry.max_retry_after.as_secs()
                                ),
                            });
                        }
                        Some(d) => d,
                        None => {
                            let r = self.pause.random();
                            self.retry.backoff(attempt, r)
                        }
                    };
                    self.pause.pause(delay, cancel);
                }
            }
        }
        if last_status == Some(429) {
            return Err(ProviderError::RateLimited {
                retry_after: None,
                url: req.url.clone(),
                detail: format!("gave up after {attempts} attempts; last error: {last}"),
            });
        }
        Err(ProviderError::Transport {
            url: req.url.clone(),
            attempts,
            detail: last,
        })
    }

    fn attempt<T>(
        &mut self,
        req: &HttpRequest,
        cancel: &Cancel,
        read: &mut impl FnMut(&mut Body<'_>) -> Result<T, ReadError>,
    ) -> Result<T, Outcome> {
        let mut builder = self
            .client
            .post(&req.url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(req.body.to_string());
        for (k, v) in &req.headers {
            builder = builder.header(k, v);
        }
        let resp = builder.send().map_err(|e| Outcome::Retry {
            why: format!("cannot reach the server: {}", error_chain(&e)),
            retry_after: None,
            status: None,
        })?;
        let status = resp.status().as_u16();
        if !(200..300).contains(&status) {
            let retry_after = resp
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(Duration::from_secs);
            let text = resp.text().unwrap_or_default();
            return Err(classify_status(status, &text, retry_after, req));
        }
        let content_type = resp
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        let (tx, rx) = mpsc::channel();
        let mut resp = resp;
        std::thread::spawn(move || {
            let mut buf = vec![0u8; 16 * 1024];
            loop {
                match resp.read(&mut buf) {
                    Ok(0) => {
                        let _ = tx.send(Chunk::End);
                        break;
                    }
                    Ok(n) => {
                        if tx.send(Chunk::Data(buf[..n].to_vec())).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Chunk::Err(e.to_string()));
                        break;
                    }
                }
            }
        });
        let mut body = Body {
            rx,
            content_type,
            idle: self.timeouts.idle,
            deadline: Instant::now() + self.timeouts.request,
            cancel,
            parser: SseParser::new(),
            pending: Default::default(),
            ended: false,
        };
        read(&mut body).map_err(|e| match e {
            ReadError::Retry(why) => Outcome::Retry {
                why,
                retry_after: None,
                status: None,
            },
            ReadError::Fatal(detail) => Outcome::Fatal(ProviderError::BadResponse {
                url: req.url.clone(),
                detail,
            }),
            ReadError::ContextTooLong(detail) => Outcome::Fatal(ProviderError::ContextTooLong {
                url: req.url.clone(),
                detail,
            }),
            ReadError::Cancelled => Outcome::Fatal(ProviderError::Cancelled),
        })
    }
}

/// What an HTTP error status means: retry 408, 429 and 5xx; the rest ends the request with
/// a typed error (401/403: the key; a context-length message: too long; others: rejected).
fn classify_status(
    status: u16,
    text: &str,
    retry_after: Option<Duration>,
    req: &HttpRequest,
) -> Outcome {
    let detail = excerpt(text);
    match status {
        408 | 429 | 500..=599 => Outcome::Retry {
            why: format!("HTTP {status}: {detail}"),
            retry_after,
            status: Some(status),
        },
        401 | 403 => Outcome::Fatal(ProviderError::Auth {
            env_var: req.key_env.clone(),
            status,
            url: req.url.clone(),
            detail,
        }),
        _ if is_context_too_long(text) => Outcome::Fatal(ProviderError::ContextTooLong {
            url: req.url.clone(),
            detail: format!("HTTP {status}: {detail}"),
        }),
        _ => Outcome::Fatal(ProviderError::Rejected {
            url: req.url.clone(),
            status,
            detail,
        }),
    }
}

/// True when an error text says the prompt does not fit the context window, in the words of
/// OpenAI (`context_length_exceeded`), Anthropic (`prompt is too long`), vLLM and llama.cpp
/// (`maximum context length`, `exceed_context_size_error`, `exceeds the available context
/// size`), Mistral, Groq and Ollama.
pub fn is_context_too_long(text: &str) -> bool {
    let low = text.to_ascii_lowercase();
    [
        "context_length_exceeded",
        "maximum context length",
        "context length exceeded",
        "exceed_context_size",
        "exceeds the available context size",
        "exceeds the context window",
        "prompt is too long",
        "input is too long",
        "too many input tokens",
        "context window exceeds",
        "reduce the length of the messages",
    ]
    .iter()
    .any(|p| low.contains(p))
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(inner) = src {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        src = inner.source();
    }
    s
}

/// The first 300 characters of a response body, on one line.
pub fn excerpt(text: &str) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out: String = one_line.chars().take(300).collect();
    if one_line.chars().count() > 300 {
        out.push('…');
    }
    if out.is_empty() {
        out.push_str("(empty body)");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_caps() {
        let p = RetryPolicy {
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(1000),
            ..RetryPolicy::default()
        };
        assert_eq!(p.backoff(0, 1.0), Duration::from_millis(100));
        assert_eq!(p.backoff(0, 0.0), Duration::from_millis(50));
        assert_eq!(p.backoff(2, 1.0), Duration::from_millis(400));
        assert_eq!(p.backoff(10, 1.0), Duration::from_millis(1000));
        assert_eq!(p.backoff(40, 0.5), Duration::from_millis(750));
    }

    #[test]
    fn excerpt_is_short_and_one_line() {
        assert_eq!(excerpt(""), "(empty body)");
        assert_eq!(excerpt("a\n b"), "a b");
        assert_eq!(excerpt(&"x".repeat(400)).chars().count(), 301);
    }
}

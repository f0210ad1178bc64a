//! Why a model call failed, typed so the loop can react (compact and retry, wait, stop).

use std::time::Duration;

/// Why a model call failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ProviderError {
    /// The call was cancelled (Ctrl+C).
    #[error("cancelled")]
    Cancelled,
    /// The server rejected the credentials (HTTP 401/403).
    #[error("{url}: HTTP {status}: the API key was rejected{}: {detail}", key_hint(env_var.as_deref()))]
    Auth {
        /// The environment variable the key is read from, when one was used.
        env_var: Option<String>,
        /// The HTTP status.
        status: u16,
        /// The request URL.
        url: String,
        /// An excerpt of the server's answer.
        detail: String,
    },
    /// Rate limited, and retrying did not help (or the server asks to wait too long).
    #[error("{url}: rate limited{}: {detail}", wait_hint(*retry_after))]
    RateLimited {
        /// The wait the server asked for, when it said.
        retry_after: Option<Duration>,
        /// The request URL.
        url: String,
        /// What happened.
        detail: String,
    },
    /// The request does not fit the model's context window.
    #[error("{url}: the request is longer than the model's context window: {detail}")]
    ContextTooLong {
        /// The request URL.
        url: String,
        /// An excerpt of the server's answer.
        detail: String,
    },
    /// The server could not be reached, or kept failing (connection errors, 5xx, stalls,
    /// cut streams) until the retries ran out.
    #[error("{url}: gave up after {attempts} attempts; last error: {detail}")]
    Transport {
        /// The request URL.
        url: String,
        /// Attempts made.
        attempts: u32,
        /// The last failure.
        detail: String,
    },
    /// The server refused the request (a 4xx other than auth, rate limit or context length).
    #[error("{url}: HTTP {status}: {detail}")]
    Rejected {
        /// The request URL.
        url: String,
        /// The HTTP status.
        status: u16,
        /// An excerpt of the server's answer.
        detail: String,
    },
    /// The reply cannot be used: wrong content type, unparseable, or an error reported inside
    /// the stream that is not worth retrying.
    #[error("{url}: {detail}")]
    BadResponse {
        /// The request URL.
        url: String,
        /// What is wrong.
        detail: String,
    },
    /// The model kept answering in a format the provider cannot read (JSON-action protocol).
    #[error(
        "the model sent {replies} replies in a row that are not a valid JSON action; last error: {last}"
    )]
    Format {
        /// Replies tried.
        replies: usize,
        /// The last format error.
        last: String,
    },
    /// The HTTP client could not be set up.
    #[error("cannot set up the HTTP client: {0}")]
    Setup(String),
    /// A scripted provider has no turn left to play.
    #[error("the script has no turn {0} (it has {1} turns)")]
    ScriptExhausted(usize, usize),
    /// A scripted provider has no summary left to play.
    #[error("the script has no summary {0} (it has {1})")]
    ScriptNoSummary(usize, usize),
}

fn key_hint(env_var: Option<&str>) -> String {
    match env_var {
        Some(var) => format!(" (it is read from the environment variable {var})"),
        None => " (no key was sent; set one with --api-key-env VAR)".to_string(),
    }
}

fn wait_hint(retry_after: Option<Duration>) -> String {
    match retry_after {
        Some(d) => format!(" (the server asks to wait {}s)", d.as_secs()),
        None => String::new(),
    }
}

impl ProviderError {
    /// True when a compaction of the history may make the same call succeed.
    pub fn is_context_too_long(&self) -> bool {
        matches!(self, ProviderError::ContextTooLong { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_what_the_user_must_fix() {
        let e = ProviderError::Auth {
            env_var: Some("MY_KEY".into()),
            status: 401,
            url: "http://x/v1/messages".into(),
            detail: "bad key".into(),
        };
        let s = e.to_string();
        assert!(s.contains("MY_KEY") && s.contains("401"), "{s}");
        let e = ProviderError::RateLimited {
            retry_after: Some(Duration::from_secs(300)),
            url: "u".into(),
            detail: "d".into(),
        };
        assert!(e.to_string().contains("300s"), "{e}");
        assert!(
            ProviderError::ContextTooLong {
                url: "u".into(),
                detail: "d".into()
            }
            .is_context_too_long()
        );
    }
}

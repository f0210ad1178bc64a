//! The model side of the loop: the [`Provider`] trait.
//!
//! A provider turns a [`ModelRequest`] (system prompt, tool schemas, history) into one
//! assistant turn, reporting the reply piece by piece as [`StreamEvent`]s while it arrives.
//! HTTP providers (OpenAI chat completions, Anthropic messages) implement the same trait; the
//! loop only runs a tool once the complete turn is in the session log, so a provider may retry
//! a request freely.

use std::collections::BTreeSet;

use loopwright_protocol::message::{AssistantTurn, ModelRequest, StreamEvent};

use crate::cancel::Cancel;
use crate::error::ProviderError;

/// Facts about the history that its messages do not carry, for providers whose protocol
/// states them (Anthropic marks failed tool results with `is_error: true`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryFacts {
    /// Ids of the tool calls whose result is a failure (error, denied, invalid, timeout,
    /// interrupted).
    pub failed_calls: BTreeSet<String>,
    /// A key grouping this session's requests for the provider's prompt cache (the session
    /// id; OpenAI's `prompt_cache_key`), when the caller has one.
    pub cache_key: Option<String>,
}

/// A model.
pub trait Provider {
    /// Short name stored in the session (`scripted`, `openai`, `anthropic`).
    fn name(&self) -> &str;

    /// Model name, when there is one.
    fn model(&self) -> Option<&str> {
        None
    }

    /// Runs one model call. Every piece of the reply is passed to `on_event` as it arrives;
    /// the assembled turn is returned. Implementations check `cancel` while waiting.
    /// `facts` are facts about the history (failed tool results, the session's cache key);
    /// a provider that has no use for them ignores them.
    fn complete_with(
        &mut self,
        request: &ModelRequest,
        facts: &HistoryFacts,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError>;

    /// [`Provider::complete_with`] without facts about the history.
    fn complete(
        &mut self,
        request: &ModelRequest,
        on_event: &mut dyn FnMut(&StreamEvent),
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        self.complete_with(request, &HistoryFacts::default(), on_event, cancel)
    }

    /// Runs the summary call of context compaction: `request` is the current request with the
    /// summary instruction as its last user message; only the reply's text is used. By default
    /// this is an ordinary [`Provider::complete`] call (nothing is streamed to the user).
    fn summarize(
        &mut self,
        request: &ModelRequest,
        cancel: &Cancel,
    ) -> Result<AssistantTurn, ProviderError> {
        self.complete(request, &mut |_| {}, cancel)
    }
}

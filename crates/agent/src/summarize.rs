//! The summary model call of summarising compaction, made with the run's own provider.
//!
//! The request repeats the current request's system prompt, tool schemas and condensed history
//! (what the provider saw at the last step, so its prompt cache serves all of it) and appends
//! one user message: the summary instruction of `loopwright-context`. Any failure, an empty
//! reply or a cancel is an error, and the context crate then uses its extractive summary.

use loopwright_context::condense::{Summarizer, SummaryError, SummaryRequest};
use loopwright_protocol::message::{Message, ModelRequest, Role};
use loopwright_protocol::tool::ToolSpec;
use loopwright_protocol::usage::Usage;

use loopwright_model::Cancel;
use loopwright_model::{Provider, estimate_tokens};

/// A [`Summarizer`] over a [`Provider`].
pub struct ModelSummarizer<'a> {
    provider: &'a mut dyn Provider,
    cancel: &'a Cancel,
    system: &'a str,
    tools: &'a [ToolSpec],
    history: &'a dyn Fn() -> Vec<Message>,
    /// Tokens the call used, once it was made (also when its reply was unusable).
    pub usage: Option<Usage>,
    /// Every request sent, in order (normally at most one).
    pub requests: Vec<ModelRequest>,
}

impl std::fmt::Debug for ModelSummarizer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelSummarizer")
            .field("provider", &self.provider.name())
            .finish()
    }
}

impl<'a> ModelSummarizer<'a> {
    /// A summarizer sending `system`, `tools` and the history `history` returns (the condensed
    /// history as the model sees it now; built only when a summary is asked for) before the
    /// instruction.
    pub fn new(
        provider: &'a mut dyn Provider,
        cancel: &'a Cancel,
        system: &'a str,
        tools: &'a [ToolSpec],
        history: &'a dyn Fn() -> Vec<Message>,
    ) -> Self {
        ModelSummarizer {
            provider,
            cancel,
            system,
            tools,
            history,
            usage: None,
            requests: Vec::new(),
        }
    }
}

/// The user message appended to the cached request: the instruction, and the todo list so the
/// summary keeps it.
pub fn summary_prompt(request: &SummaryRequest<'_>) -> String {
    let mut s = request.instruction();
    if !request.todo.is_empty() {
        s.push_str("\n\nCurrent todo list:");
        for t in request.todo {
            s.push_str(&format!("\n- [{}] {}", t.status, t.text));
        }
    }
    s
}

impl Summarizer for ModelSummarizer<'_> {
    fn summarize(&mut self, request: &SummaryRequest<'_>) -> Result<String, SummaryError> {
        let mut messages = (self.history)();
        messages.push(Message::text(Role::User, summary_prompt(request)));
        let req = ModelRequest {
            system: self.system.to_string(),
            tools: self.tools.to_vec(),
            messages,
        };
        self.requests.push(req.clone());
        let turn = self
            .provider
            .summarize(&req, self.cancel)
            .map_err(|e| SummaryError(e.to_string()))?;
        let usage = turn.usage.unwrap_or_else(|| Usage {
            input_tokens: 0,
            output_tokens: estimate_tokens(&turn.text),
            cached_tokens: 0,
            cache_write_tokens: 0,
            estimated: true,
        });
        let used = self.usage.get_or_insert_with(Usage::default);
        used.add(&usage);
        if self.cancel.is_cancelled() {
            return Err(SummaryError("cancelled".into()));
        }
        let text = turn.text.trim();
        if text.is_empty() {
            return Err(SummaryError("the model returned no summary text".into()));
        }
        Ok(text.to_string())
    }
}

//! The salvage turn of a sub-agent stopped by its watchdog: one model call without tools that
//! asks what was done and what is left; the answer ends the child's log, labelled `[salvaged]`.

use loopwright_model::Cancel;
use loopwright_protocol::event::{EventKind, Outcome};
use loopwright_protocol::message::{Message, Role};
use loopwright_protocol::usage::Usage;

use super::Agent;
use crate::config::AgentError;
use loopwright_model::estimate_tokens;

/// The label of an answer that came from the salvage turn.
pub const SALVAGED: &str = "[salvaged]";

/// What the salvage turn asks.
pub const SALVAGE_PROMPT: &str = "[loop] you were stopped: {why}. You have no tools now and one \
reply. Say in a few lines what you did (files changed, commands run, what they showed), what is \
left to do, and what you would do next. Do not call tools.";

impl Agent {
    /// Asks the model once, without tools, what was done and what is left (after the run was
    /// stopped by a watchdog: `why`), then ends the log with that answer labelled
    /// [`SALVAGED`]. `cancel` bounds the call (the caller sets it at the salvage timeout).
    /// Returns the labelled answer, or `None` when the call failed (the log ends anyway).
    pub fn salvage(&mut self, why: &str, cancel: &Cancel) -> Result<Option<String>, AgentError> {
        let mut request = self.request();
        request.tools.clear();
        request.messages.push(Message::text(
            Role::User,
            SALVAGE_PROMPT.replace("{why}", why),
        ));
        let answer = match self.provider.summarize(&request, cancel) {
            Ok(turn) if !turn.text.trim().is_empty() => {
                let usage = turn.usage.unwrap_or_else(|| Usage {
                    input_tokens: 0,
                    output_tokens: estimate_tokens(&turn.text),
                    cached_tokens: 0,
                    cache_write_tokens: 0,
                    estimated: true,
                });
                self.push(EventKind::Assistant {
                    text: turn.text.clone(),
                    tool_calls: Vec::new(),
                    usage: Some(usage),
                })?;
                Some(format!("{SALVAGED} {}", turn.text.trim()))
            }
            Ok(_) => None,
            Err(_) => None,
        };
        let summary = match &answer {
            Some(a) => a.clone(),
            None => format!("{SALVAGED} stopped ({why}); the salvage turn gave no answer"),
        };
        self.write_ledger();
        self.push(EventKind::End {
            outcome: Outcome::Limit,
            summary,
        })?;
        Ok(answer)
    }
}

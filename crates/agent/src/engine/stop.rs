//! What the loop does with a model's stop reason, and the history facts sent with a call.

use loopwright_model::HistoryFacts;
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::StopReason;

/// What follows a turn whose stop reason is not an ordinary end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum AfterStop {
    /// Ask the model to go on (the reply was cut at the output limit); holds the message.
    Continue(String),
    /// End the run as refused; holds the reason.
    Refused(String),
}

/// The loop's answer to `stop` for a turn with (`calls`) or without tool calls; `None` goes on
/// as usual (a turn without calls finishes the run). A turn cut at the output limit or refused
/// never finishes the run: a cut text turn is continued, a refusal or a filtered reply ends the
/// run with its own outcome. A cut turn with calls goes on: a call whose arguments were cut is
/// reported to the model by the schema check.
pub(crate) fn after_stop(stop: Option<&StopReason>, calls: bool) -> Option<AfterStop> {
    match stop? {
        StopReason::Length if !calls => Some(AfterStop::Continue(
            "[loop] your reply was cut at the output limit. Continue exactly where it stopped; \
             keep the rest short, or call a tool."
                .to_string(),
        )),
        StopReason::Refusal if !calls => Some(AfterStop::Refused(
            "the model refused the task (stop reason `refusal`)".to_string(),
        )),
        StopReason::ContentFilter if !calls => Some(AfterStop::Refused(
            "the server's content filter withheld the reply (stop reason `content_filter`)"
                .to_string(),
        )),
        _ => None,
    }
}

/// The ids of the tool calls whose result is a failure.
pub(crate) fn history_facts(events: &[Event]) -> HistoryFacts {
    let failed_calls = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ToolResult(r) if r.status.is_failure() => Some(r.call_id.clone()),
            _ => None,
        })
        .collect();
    HistoryFacts {
        failed_calls,
        cache_key: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_cut_or_refused_text_turns_change_the_course() {
        assert_eq!(after_stop(None, false), None);
        assert_eq!(after_stop(Some(&StopReason::EndTurn), false), None);
        assert_eq!(after_stop(Some(&StopReason::Length), true), None);
        assert!(matches!(
            after_stop(Some(&StopReason::Length), false),
            Some(AfterStop::Continue(_))
        ));
        assert!(matches!(
            after_stop(Some(&StopReason::Refusal), false),
            Some(AfterStop::Refused(_))
        ));
        assert!(matches!(
            after_stop(Some(&StopReason::ContentFilter), false),
            Some(AfterStop::Refused(ref r)) if r.contains("content_filter")
        ));
    }
}

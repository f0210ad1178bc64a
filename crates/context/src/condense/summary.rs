//! Summarising compaction: past a threshold of the window, the middle of the history becomes a
//! structured summary; the task message and the last N messages stay verbatim.

use std::collections::{BTreeSet, HashMap};

use loopwright_protocol::message::{Message, Role};
use serde::{Deserialize, Serialize};

use super::{Applied, Condensation, Item, StepInput, SummarySource, call_index, view};
use crate::prompt::TodoItem;
use crate::tokens::{MESSAGE_OVERHEAD, TokenCounter, prompt_tokens};

/// Settings of summarising compaction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SummaryConfig {
    /// The model's context window in tokens.
    pub window: u64,
    /// Compact when the prompt reaches this share of the window (default 0.75).
    pub threshold: f64,
    /// Messages at the end kept verbatim (N).
    pub keep_last: usize,
    /// Skip compaction when the part to summarise is smaller than this share of the window
    /// (compacting would not bring the prompt down, and would repeat every step).
    pub min_gain: f64,
}

impl SummaryConfig {
    /// Defaults for a window: 75% threshold, last 10 messages kept.
    pub fn for_window(window: u64) -> Self {
        SummaryConfig {
            window,
            threshold: 0.75,
            keep_last: 10,
            min_gain: 0.1,
        }
    }

    /// The prompt size that triggers compaction.
    pub fn trigger_tokens(&self) -> u64 {
        (self.window as f64 * self.threshold) as u64
    }
}

/// Why the summary model call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("summary call failed: {0}")]
pub struct SummaryError(pub String);

/// What the summary model call gets.
#[derive(Debug, Clone, Copy)]
pub struct SummaryRequest<'a> {
    /// The launching task, verbatim.
    pub task: &'a str,
    /// The previous summary, when this compaction replaces one.
    pub previous: Option<&'a str>,
    /// The messages to summarise (as the model currently sees them).
    pub messages: &'a [Message],
    /// The todo list.
    pub todo: &'a [TodoItem],
    /// The role of each tool (for the files touched).
    pub roles: &'a super::ToolRoles,
}

impl SummaryRequest<'_> {
    /// The instruction appended as the last user message of a request that otherwise repeats
    /// the current (cached) prefix and history.
    pub fn instruction(&self) -> String {
        "Summarise the conversation so far for your own later use; it will replace the older \
messages. Use exactly these headings: Goal and constraints; Done; Pending; Files touched; \
Failing tests; Dead ends (do not retry); Todo list. Be concrete: file paths, function names, \
commands, error messages. Do not call tools."
            .to_string()
    }
}

/// The model call that writes a summary (the caller implements it with its provider).
pub trait Summarizer {
    /// Writes the summary text.
    fn summarize(&mut self, request: &SummaryRequest<'_>) -> Result<String, SummaryError>;
}

fn is_error_line(l: &str) -> bool {
    let low = l.to_ascii_lowercase();
    ["error", "traceback", "failed", "exception", "panicked"]
        .iter()
        .any(|k| low.contains(k))
}

/// A line that names a failing test (pytest, cargo test, go test, jest and similar).
fn is_failing_test_line(l: &str) -> bool {
    let t = l.trim_start();
    t.starts_with("FAILED ")
        || t.starts_with("FAIL ")
        || t.starts_with("--- FAIL:")
        || t.ends_with("... FAILED")
        || t.ends_with(" FAILED")
        || t.starts_with("✕ ")
}

fn clip(s: &str, n: usize) -> String {
    let s = s.trim();
    match s.char_indices().nth(n) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// What the extractive summary gathers from the messages it stands for.
#[derive(Default)]
struct Facts {
    done: Vec<String>,
    files: BTreeSet<String>,
    errors: Vec<String>,
    tests: Vec<String>,
    failing: HashMap<String, usize>,
}

/// The extractive fallback: a structured summary made from the messages without a model call.
pub fn extractive_summary(req: &SummaryRequest<'_>) -> String {
    render(req, gather(req.messages, req.roles))
}

/// Calls made, files edited, failing tests and errors seen, in the order they came.
fn gather(messages: &[Message], roles: &super::ToolRoles) -> Facts {
    let Facts {
        mut done,
        mut files,
        mut errors,
        mut tests,
        mut failing,
    } = Facts::default();
    let mut current: Option<String> = None;
    let mut calls: HashMap<&str, String> = HashMap::new();
    for m in messages {
        for c in &m.tool_calls {
            let args = c
                .arguments
                .get("command")
                .or_else(|| c.arguments.get("code"))
                .or_else(|| c.arguments.get("path"))
                .and_then(|v| v.as_str())
                .map_or_else(|| c.arguments.to_string(), str::to_string);
            let first = args.lines().next().unwrap_or("");
            let line = format!("{}: {}", c.name, clip(first, 100));
            calls.insert(c.id.as_str(), line);
            if let Some(a) = super::file_access(c, roles.get(&c.name), current.as_deref()) {
                match a {
                    super::Access::Open(p) => current = Some(p),
                    super::Access::Edit(p) => {
                        files.insert(p);
                    }
                    super::Access::Read(_) | super::Access::ReadPart(..) => {}
                }
            }
        }
        if m.role == Role::Tool {
            let call = m
                .tool_call_id
                .as_deref()
                .and_then(|c| calls.get(c))
                .cloned()
                .unwrap_or_else(|| "tool".into());
            for t in m.content.lines().filter(|l| is_failing_test_line(l)) {
                let t = clip(t, 160);
                tests.retain(|x| x != &t);
                tests.push(t);
            }
            let errs: Vec<&str> = m.content.lines().filter(|l| is_error_line(l)).collect();
            if errs.is_empty() {
                done.push(format!("- {call} -> ok"));
            } else {
                done.push(format!("- {call} -> error"));
                *failing.entry(call).or_default() += 1;
                for e in errs.into_iter().take(3) {
                    let e = clip(e, 160);
                    if !errors.contains(&e) && errors.len() < 12 {
                        errors.push(e);
                    }
                }
            }
        }
    }
    Facts {
        done,
        files,
        errors,
        tests,
        failing,
    }
}

/// The summary's text: goal, earlier summary, what was done, pending work, files, failing
/// tests, errors, dead ends and the todo list.
fn render(req: &SummaryRequest<'_>, facts: Facts) -> String {
    let Facts {
        done,
        files,
        errors,
        tests,
        failing,
    } = facts;
    let mut s = String::new();
    s.push_str(&format!(
        "Goal and constraints: {}\n",
        clip(req.task.lines().next().unwrap_or(""), 200)
    ));
    if let Some(p) = req.previous {
        s.push_str("Earlier summary:\n");
        s.push_str(p.trim_end());
        s.push('\n');
    }
    s.push_str("Done:\n");
    let skip = done.len().saturating_sub(30);
    if skip > 0 {
        s.push_str(&format!("- ({skip} earlier calls)\n"));
    }
    for d in &done[skip..] {
        s.push_str(d);
        s.push('\n');
    }
    s.push_str("Pending:");
    let pending: Vec<&TodoItem> = req.todo.iter().filter(|t| t.status != "done").collect();
    if pending.is_empty() {
        s.push_str(" see the latest messages, kept verbatim below\n");
    } else {
        for t in pending {
            s.push_str(&format!("\n- {}", t.text));
        }
        s.push('\n');
    }
    s.push_str("Files touched: ");
    s.push_str(&if files.is_empty() {
        "none".to_string()
    } else {
        files.into_iter().collect::<Vec<_>>().join(", ")
    });
    s.push_str("\nFailing tests (latest last):");
    if tests.is_empty() {
        s.push_str(" none seen");
    }
    for t in tests.iter().skip(tests.len().saturating_sub(10)) {
        s.push_str(&format!("\n- {t}"));
    }
    s.push_str("\nErrors seen:\n");
    for e in &errors {
        s.push_str(&format!("- {e}\n"));
    }
    let mut dead: Vec<(&String, &usize)> = failing.iter().filter(|(_, n)| **n > 1).collect();
    dead.sort();
    s.push_str("Dead ends (do not retry):\n");
    for (c, n) in dead {
        s.push_str(&format!("- {c} (failed {n} times)\n"));
    }
    s.push_str("Todo list:");
    if req.todo.is_empty() {
        s.push_str(" empty");
    }
    for t in req.todo {
        s.push_str(&format!("\n- [{}] {}", t.status, t.text));
    }
    s
}

/// The first line of a digest's text: the oldest turns replaced without a model call (a bill
/// charges no summary call for it).
pub const DIGEST_MARK: &str = "Digest of earlier turns (no model call)";

/// True for the text of a digest record (see [`DIGEST_MARK`]).
pub fn is_digest(text: &str) -> bool {
    text.starts_with(DIGEST_MARK)
}

/// More than any stub takes (its first-line preview is 80 characters of up to 4 bytes).
const STUB_MAX_BYTES: u64 = 640;

/// Tokens that the mask records taken at `step` (this step) remove from `items`, the messages
/// the previous request showed.
fn freed_now(items: &[Item], records: &[Condensation], step: u64, counter: &TokenCounter) -> u64 {
    let now = |r: &Condensation| matches!(r, Condensation::Mask { step: s, .. } if *s == step);
    if !records.iter().any(now) {
        return 0;
    }
    let before: Vec<Condensation> = records.iter().filter(|r| !now(r)).cloned().collect();
    let (was, is) = (view(items, &before), view(items, records));
    was.iter()
        .zip(&is)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| counter.message(a).saturating_sub(counter.message(b)))
        .sum()
}

/// True for the message that stands in for a summarised range.
fn is_summary_message(m: &Message) -> bool {
    m.role == Role::User && m.content.starts_with("[context summary of events ")
}

/// A summary record when compaction is due now.
pub(crate) fn propose(
    cfg: &SummaryConfig,
    items: &[Item],
    records: &[Condensation],
    input: StepInput<'_>,
    counter: &TokenCounter,
    summarizer: Option<&mut dyn Summarizer>,
) -> Option<Condensation> {
    // Never twice in one step, never while a tool call is open.
    if records
        .iter()
        .any(|r| matches!(r, Condensation::Summary { step, .. } if *step == input.step))
    {
        return None;
    }
    let calls = call_index(items);
    let answered: BTreeSet<&str> = items
        .iter()
        .filter_map(|i| i.message.tool_call_id.as_deref())
        .collect();
    if calls.keys().any(|c| !answered.contains(c)) {
        return None;
    }
    let tokens = prompt_now(cfg, items, records, input, counter)?;
    if tokens < cfg.trigger_tokens() || items.len() < 3 {
        return None;
    }
    let (first_id, last_id, region) = summarised_range(cfg, items, records, tokens)?;
    let region_view = view(&region, records);
    // The gain is what is new since the last summary: the previous summary's own text comes
    // back in the new one, so counting it would compact again at every step once the kept
    // part alone is over the threshold.
    let gain: u64 = region_view[1..]
        .iter()
        .filter(|m| !is_summary_message(m))
        .map(|m| counter.message(m))
        .sum();
    // A full window must be compacted whatever the gain (the next call would fail).
    if gain == 0 || ((gain as f64) < cfg.window as f64 * cfg.min_gain && tokens < cfg.window) {
        return None;
    }
    let previous = Applied::new(records).summary.map(|(_, _, t)| t);
    let req = SummaryRequest {
        task: &items[0].message.content,
        previous,
        messages: &region_view[1..],
        todo: input.todo,
        roles: input.roles,
    };
    let full = tokens >= cfg.window;
    let (source, text) = summary_text(&req, &region, records, full, summarizer);
    Some(Condensation::Summary {
        step: input.step,
        first_id,
        last_id,
        source,
        tokens_before: tokens,
        text,
    })
}

/// The prompt's size now in tokens, or `None` when it is plainly below the trigger.
fn prompt_now(
    cfg: &SummaryConfig,
    items: &[Item],
    records: &[Condensation],
    input: StepInput<'_>,
    counter: &TokenCounter,
) -> Option<u64> {
    // A token is at least one byte: while the history in bytes (plus the current summary and
    // room for every stub) is below the trigger in tokens, nothing needs counting.
    if input.reported_prompt_tokens.is_none() {
        let st = Applied::new(records);
        let summary_bytes = st.summary.map_or(0, |(_, _, t)| t.len() as u64 + 200)
            + st.masked.len() as u64 * STUB_MAX_BYTES;
        let bytes: u64 = items
            .iter()
            .map(|i| {
                let calls: usize = i
                    .message
                    .tool_calls
                    .iter()
                    .map(|c| c.name.len() + c.arguments.to_string().len() + 3)
                    .sum();
                (i.message.content.len() + calls) as u64 + MESSAGE_OVERHEAD
            })
            .sum();
        if input.prefix_tokens + summary_bytes + bytes < cfg.trigger_tokens() {
            return None;
        }
    }
    let tokens = match input.reported_prompt_tokens {
        // The provider's count of the last request, plus what was added since (the last
        // assistant message and its results): exact where it matters, and no full recount.
        Some(reported) => {
            let since = items
                .iter()
                .rposition(|i| i.message.role == Role::Assistant)
                .unwrap_or(items.len());
            let added = view(&items[since..], records);
            let added: u64 = added.iter().map(|m| counter.message(m)).sum();
            // Masks decided at this very step shrink what the last request showed.
            let shown_before = &items[..since];
            (reported + added).saturating_sub(freed_now(shown_before, records, input.step, counter))
        }
        None => {
            let current = view(items, records);
            let counted =
                input.prefix_tokens + current.iter().map(|m| counter.message(m)).sum::<u64>();
            prompt_tokens(None, counted)
        }
    };
    Some(tokens)
}

/// The range to summarise (first and last id, and the items up to its end, task included):
/// all but the task and the kept tail; `None` when it would not cover anything new.
pub(super) fn summarised_range(
    cfg: &SummaryConfig,
    items: &[Item],
    records: &[Condensation],
    tokens: u64,
) -> Option<(u64, u64, Vec<Item>)> {
    // Keep the task (first item) and the last N messages; the kept tail starts at a message
    // that is not a tool result, so no result is separated from its call.
    // A full window keeps half as many messages: the kept part itself is what overflows.
    let keep = if tokens >= cfg.window {
        (cfg.keep_last / 2).max(2)
    } else {
        cfg.keep_last.max(1)
    };
    let mut start = items.len().saturating_sub(keep).max(2);
    if start >= items.len() {
        return None;
    }
    while start > 1 && items[start].message.role == Role::Tool {
        start -= 1;
    }
    if start <= 1 {
        return None;
    }
    let st = Applied::new(records);
    let first_id = items[1].id;
    let last_id = items[start - 1].id;
    if st.summary.is_some_and(|(_, b, _)| b >= last_id) {
        return None;
    }
    Some((first_id, last_id, items[..start].to_vec()))
}

/// The summary of `req` from the summarizer (not when the window is `full`), or else the
/// extractive one, made from the original events of `region`.
pub(super) fn summary_text(
    req: &SummaryRequest<'_>,
    region: &[Item],
    records: &[Condensation],
    full: bool,
    summarizer: Option<&mut dyn Summarizer>,
) -> (SummarySource, String) {
    let model = match summarizer {
        Some(s) if !full => s.summarize(req).ok().filter(|t| !t.trim().is_empty()),
        _ => None,
    };
    match model {
        Some(t) => (SummarySource::Model, t),
        None => {
            // The fallback reads the original events of the whole range (it is cheap), so an
            // earlier extractive summary is rebuilt rather than nested; a model-written one is
            // kept as the earlier summary.
            let originals: Vec<Message> = region[1..].iter().map(|i| i.message.clone()).collect();
            let model_previous = records.iter().rev().find_map(|r| match r {
                Condensation::Summary { source, text, .. } => {
                    Some((*source == SummarySource::Model).then_some(text.as_str()))
                }
                Condensation::Mask { .. } => None,
            });
            let fallback = SummaryRequest {
                previous: model_previous.flatten(),
                messages: &originals,
                ..*req
            };
            (SummarySource::Extractive, extractive_summary(&fallback))
        }
    }
}

//! The requests a strategy sends over a replayed trajectory, and what they cost.

use std::collections::{HashMap, HashSet};

use loopwright_protocol::message::{Message, ModelRequest, Role};
use serde::Serialize;

use super::Trajectory;
use crate::condense::{Condensation, Config, StepInput, condense, view};
use crate::prompt::{Tail, assemble};
use crate::tokens::TokenCounter;

/// A context strategy to replay.
#[derive(Debug, Clone, PartialEq)]
pub enum Strategy {
    /// The whole history every step.
    Full,
    /// SWE-agent's "last 5 observations": older outputs replaced by a line count, every step.
    Last5,
    /// Ours: the configured condensers with a dynamic tail.
    Ours(Config),
}

impl Strategy {
    /// Short name for reports.
    pub fn name(&self) -> String {
        match self {
            Strategy::Full => "full".into(),
            Strategy::Last5 => "last5".into(),
            Strategy::Ours(c) => {
                let mut parts = Vec::new();
                if c.mask.is_some() {
                    parts.push("mask");
                }
                if c.summary.is_some() {
                    parts.push("summary");
                }
                if parts.is_empty() {
                    "ours(none)".into()
                } else {
                    format!("ours({})", parts.join("+"))
                }
            }
        }
    }
}

/// Every request of a replay, with the records ours produced.
#[derive(Debug, Clone)]
pub struct Run {
    /// One request per model call.
    pub requests: Vec<ModelRequest>,
    /// For each request: true when a condenser changed the history just before it.
    pub condensed: Vec<bool>,
    /// All records (ours only).
    pub records: Vec<Condensation>,
    /// The trajectory's items visible at each step (for recall checks).
    pub visible: Vec<usize>,
}

/// Builds the request before every assistant message of the trajectory.
pub fn run(t: &Trajectory, strategy: &Strategy, counter: &TokenCounter) -> Run {
    let mut out = Run {
        requests: Vec::new(),
        condensed: Vec::new(),
        records: Vec::new(),
        visible: Vec::new(),
    };
    let steps: Vec<usize> = t
        .items
        .iter()
        .enumerate()
        .filter(|(_, i)| i.message.role == Role::Assistant)
        .map(|(k, _)| k)
        .collect();
    let prefix_tokens = counter.prefix(&assemble(&t.prefix, Vec::new(), None));
    let mut used = 0u64;
    let mut prev_k = 0usize;
    for (n, &k) in steps.iter().enumerate() {
        let items = &t.items[..k];
        let step = n as u64 + 1;
        let (history, tail, changed) = match strategy {
            Strategy::Full => (
                items.iter().map(|i| i.message.clone()).collect(),
                None,
                false,
            ),
            Strategy::Last5 => (last5(items), None, false),
            Strategy::Ours(cfg) => {
                let input = StepInput {
                    step,
                    reported_prompt_tokens: None,
                    prefix_tokens,
                    todo: &[],
                };
                let new = condense(cfg, items, &out.records, input, counter, None);
                // A condensation point: a record changed what the previous request showed.
                let changed = new.iter().any(|r| breaks_prefix(r, prev_k));
                out.records.extend(new);
                let tail = Tail {
                    step,
                    max_steps: steps.len() as u64,
                    tokens_used: used,
                    ..Tail::default()
                };
                (view(items, &out.records), Some(tail), changed)
            }
        };
        let req = assemble(&t.prefix, history, tail.as_ref());
        used += counter.request(&req);
        out.requests.push(req);
        out.condensed.push(changed);
        out.visible.push(k);
        prev_k = k;
    }
    out
}

/// True when `record` changes one of the first `shown` items (what an earlier request showed).
fn breaks_prefix(record: &Condensation, shown: usize) -> bool {
    match record {
        Condensation::Mask { ids, .. } => ids.iter().any(|id| (*id as usize) < shown),
        Condensation::Summary { first_id, .. } => (*first_id as usize) < shown,
    }
}

fn last5(items: &[crate::condense::Item]) -> Vec<Message> {
    let results: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].message.role == Role::Tool)
        .collect();
    let keep: HashSet<usize> = results.iter().rev().take(5).copied().collect();
    items
        .iter()
        .enumerate()
        .map(|(i, it)| {
            let mut m = it.message.clone();
            if m.role == Role::Tool && !keep.contains(&i) {
                m.content = format!(
                    "Old environment output: ({} lines omitted)",
                    it.message.content.lines().count()
                );
            }
            m
        })
        .collect()
}

/// What one strategy cost on one trajectory, and whether the invariants held.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Trajectory name.
    pub trajectory: String,
    /// Strategy name.
    pub strategy: String,
    /// Model calls replayed.
    pub steps: usize,
    /// Prompt tokens summed over all calls (what is billed without a cache).
    pub total_prompt_tokens: u64,
    /// Largest prompt.
    pub peak_prompt_tokens: u64,
    /// Of `total_prompt_tokens`, those that repeat the previous request's prefix: what a
    /// prompt cache can serve at its lower price (the rest is billed in full).
    pub cached_prompt_tokens: u64,
    /// Mean share of each request (after the first) that repeats the previous one's prefix.
    pub prefix_reuse: f64,
    /// The same mean over requests that are not condensation points.
    pub prefix_reuse_steady: f64,
    /// Condensation points (requests right after a condenser changed the history).
    pub condensations: usize,
    /// The task text is present verbatim in every request.
    pub task_present_all: bool,
    /// Every tool call has its result and every result its call, in every request.
    pub calls_paired_all: bool,
    /// Every event not shown in full is named by a recall id (or summary range) in the request.
    pub recallable_all: bool,
}

struct Memo<'a> {
    counter: &'a TokenCounter,
    cache: HashMap<String, u64>,
}

impl Memo<'_> {
    fn message(&mut self, m: &Message) -> u64 {
        let key = serde_json::to_string(m).unwrap_or_default();
        if let Some(n) = self.cache.get(&key) {
            return *n;
        }
        let n = self.counter.message(m);
        self.cache.insert(key, n);
        n
    }
}

fn paired(r: &ModelRequest) -> bool {
    let mut open: Vec<&str> = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    for m in &r.messages {
        for c in &m.tool_calls {
            open.push(&c.id);
            seen.insert(&c.id);
        }
        if let Some(id) = m.tool_call_id.as_deref() {
            if !seen.contains(id) {
                return false;
            }
            open.retain(|o| *o != id);
        }
    }
    open.is_empty()
}

fn recallable(t: &Trajectory, visible: usize, r: &ModelRequest) -> bool {
    let text: String = r
        .messages
        .iter()
        .flat_map(|m| {
            std::iter::once(m.content.clone())
                .chain(m.tool_calls.iter().map(|c| c.arguments.to_string()))
        })
        .collect::<Vec<_>>()
        .join("\n");
    let ranges: Vec<(u64, u64)> = r
        .messages
        .iter()
        .filter_map(|m| {
            let rest = m.content.strip_prefix("[context summary of events ")?;
            let (range, _) = rest.split_once(';')?;
            let (a, b) = range.split_once("..")?;
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .collect();
    t.items[..visible].iter().all(|it| {
        r.messages.iter().any(|m| m == &it.message)
            || ranges.iter().any(|(a, b)| it.id >= *a && it.id <= *b)
            || text.contains(&format!("recall id {}]", it.id))
    })
}

/// Replays one trajectory with one strategy and measures it.
pub fn replay(t: &Trajectory, strategy: &Strategy, counter: &TokenCounter) -> Report {
    let r = run(t, strategy, counter);
    let mut memo = Memo {
        counter,
        cache: HashMap::new(),
    };
    let task = &t.items[0].message;
    let mut total = 0;
    let mut peak = 0;
    let mut cached = 0;
    let (mut reuse, mut reuse_n, mut steady, mut steady_n) = (0.0, 0usize, 0.0, 0usize);
    for (i, req) in r.requests.iter().enumerate() {
        let prefix = counter.prefix(req);
        let sizes: Vec<u64> = req.messages.iter().map(|m| memo.message(m)).collect();
        let size = prefix + sizes.iter().sum::<u64>();
        total += size;
        peak = peak.max(size);
        if i > 0 {
            let prev = &r.requests[i - 1];
            let mut shared = if prev.system == req.system && prev.tools == req.tools {
                prefix
            } else {
                0
            };
            if shared > 0 {
                for (k, (a, b)) in prev.messages.iter().zip(&req.messages).enumerate() {
                    if a != b {
                        break;
                    }
                    shared += sizes[k];
                }
            }
            cached += shared.min(size);
            let share = if size == 0 {
                1.0
            } else {
                shared as f64 / size as f64
            };
            reuse += share;
            reuse_n += 1;
            if !r.condensed[i] {
                steady += share;
                steady_n += 1;
            }
        }
    }
    let mean = |s: f64, n: usize| if n == 0 { 1.0 } else { s / n as f64 };
    Report {
        trajectory: t.name.clone(),
        strategy: strategy.name(),
        steps: r.requests.len(),
        total_prompt_tokens: total,
        peak_prompt_tokens: peak,
        cached_prompt_tokens: cached,
        prefix_reuse: mean(reuse, reuse_n),
        prefix_reuse_steady: mean(steady, steady_n),
        condensations: r.condensed.iter().filter(|c| **c).count(),
        task_present_all: r
            .requests
            .iter()
            .all(|q| q.messages.iter().any(|m| m == task)),
        calls_paired_all: r.requests.iter().all(paired),
        recallable_all: r
            .requests
            .iter()
            .zip(&r.visible)
            .all(|(q, v)| recallable(t, *v, q)),
    }
}

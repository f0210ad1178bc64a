//! The requests a strategy sends over a replayed trajectory, and what they cost.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use loopwright_protocol::message::{Message, ModelRequest, Role};
use serde::Serialize;

use super::Trajectory;
use crate::condense::{Condensation, Config, StepInput, condense, view};
use crate::price::{Bill, PriceCard};
use crate::prompt::assemble;
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

/// Every request of a replay, with the records ours produced (kept in memory: for tests and
/// small runs; [`replay_with`] streams instead).
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

/// One request of a replay, as it is built.
#[derive(Debug, Clone, Copy)]
pub struct Step<'a> {
    /// 0-based request number.
    pub index: usize,
    /// The request.
    pub request: &'a ModelRequest,
    /// True when a condenser changed what an earlier request showed, just before this one.
    pub condensed: bool,
    /// Trajectory items before this request (the history it stands for).
    pub visible: usize,
    /// Records taken just before this request (ours only).
    pub new_records: &'a [Condensation],
}

/// Builds the request before every assistant message of the trajectory and hands each to `f`;
/// only the current request is held in memory.
pub fn walk(
    t: &Trajectory,
    strategy: &Strategy,
    counter: &TokenCounter,
    f: &mut dyn FnMut(Step<'_>),
) {
    let steps: Vec<usize> = t
        .items
        .iter()
        .enumerate()
        .filter(|(_, i)| i.message.role == Role::Assistant)
        .map(|(k, _)| k)
        .collect();
    let prefix_tokens = counter.prefix(&assemble(&t.prefix, Vec::new(), None));
    // Ours reads each tool result as `loop run`'s observation pipeline would have shown it;
    // full and last-5 read the raw recorded history (the baseline).
    let shaped;
    let t = match strategy {
        Strategy::Ours(Config {
            observe_window: Some(w),
            ..
        }) => {
            let window = usize::try_from(*w).unwrap_or(usize::MAX);
            shaped = super::observed(t, loopwright_observe::Budget::for_window(window)).0;
            &shaped
        }
        _ => t,
    };
    let mut records: Vec<Condensation> = Vec::new();
    let mut prev_k = 0usize;
    for (n, &k) in steps.iter().enumerate() {
        let items = &t.items[..k];
        let step = n as u64 + 1;
        let before = records.len();
        let (history, changed) = match strategy {
            Strategy::Full => (items.iter().map(|i| i.message.clone()).collect(), false),
            Strategy::Last5 => (last5(items), false),
            Strategy::Ours(cfg) => {
                let input = StepInput {
                    step,
                    reported_prompt_tokens: None,
                    prefix_tokens,
                    todo: &[],
                    roles: &t.roles,
                };
                let new = condense(cfg, items, &records, input, counter, None);
                // A condensation point: a record changed what the previous request showed.
                let changed = new.iter().any(|r| breaks_prefix(r, prev_k));
                records.extend(new);
                (view(items, &records), changed)
            }
        };
        // No tail: a recorded run has no budgets to show, and a tail that changes every step
        // would make ours cost more than full history for nothing.
        let request = assemble(&t.prefix, history, None);
        f(Step {
            index: n,
            request: &request,
            condensed: changed,
            visible: k,
            new_records: &records[before..],
        });
        prev_k = k;
    }
}

/// Builds every request of the trajectory and keeps them.
pub fn run(t: &Trajectory, strategy: &Strategy, counter: &TokenCounter) -> Run {
    let mut out = Run {
        requests: Vec::new(),
        condensed: Vec::new(),
        records: Vec::new(),
        visible: Vec::new(),
    };
    walk(t, strategy, counter, &mut |s| {
        out.requests.push(s.request.clone());
        out.condensed.push(s.condensed);
        out.records.extend(s.new_records.iter().cloned());
        out.visible.push(s.visible);
    });
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
    /// Tool calls of the trajectory that had no recorded result and were given one.
    pub repaired_calls: usize,
    /// The task text is present verbatim in every request.
    pub task_present_all: bool,
    /// Every tool call has its result and every result its call, in every request.
    pub calls_paired_all: bool,
    /// Every event not shown in full is named by a recall id (or summary range) in the request.
    pub recallable_all: bool,
    /// The bill under each price card asked for.
    pub bills: Vec<CardBill>,
}

/// What one strategy's requests cost under one price card.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardBill {
    /// Card name.
    pub card: String,
    /// Prompt tokens of the run's requests, as billed.
    #[serde(flatten)]
    pub bill: Bill,
    /// Summary model calls a live run would have made (their prompt and output are in `bill`).
    pub summary_calls: usize,
    /// Requests sent after the cache had expired (from the trajectory's timestamps).
    pub expired: usize,
}

fn paired(r: &ModelRequest) -> bool {
    let mut open: HashSet<&str> = HashSet::new();
    let mut seen: HashSet<&str> = HashSet::new();
    for m in &r.messages {
        for c in &m.tool_calls {
            open.insert(&c.id);
            seen.insert(&c.id);
        }
        if let Some(id) = m.tool_call_id.as_deref() {
            if !seen.contains(id) {
                return false;
            }
            open.remove(id);
        }
    }
    open.is_empty()
}

fn message_key(m: &Message) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (m.role as u8).hash(&mut h);
    m.content.hash(&mut h);
    m.tool_call_id.hash(&mut h);
    for c in &m.tool_calls {
        c.id.hash(&mut h);
        c.name.hash(&mut h);
        hash_value(&c.arguments, &mut h);
    }
    h.finish()
}

/// Hashes a JSON value by its structure, without serialising it: two values hash alike when
/// their JSON texts are equal (numbers by their text, objects in their order).
fn hash_value(v: &serde_json::Value, h: &mut impl Hasher) {
    use serde_json::Value;
    match v {
        Value::Null => h.write_u8(0),
        Value::Bool(b) => h.write_u8(if *b { 2 } else { 1 }),
        Value::Number(n) => {
            h.write_u8(3);
            n.to_string().hash(h);
        }
        Value::String(s) => {
            h.write_u8(4);
            s.hash(h);
        }
        Value::Array(a) => {
            h.write_u8(5);
            h.write_usize(a.len());
            a.iter().for_each(|x| hash_value(x, h));
        }
        Value::Object(o) => {
            h.write_u8(6);
            h.write_usize(o.len());
            for (k, x) in o {
                k.hash(h);
                hash_value(x, h);
            }
        }
    }
}

/// Recall ids named in the strings (keys and values) of `v`. The same ids as in `v`'s JSON
/// text: a mark, its digits and `]` hold no character that JSON escapes or puts between strings.
fn value_recall_ids(v: &serde_json::Value, out: &mut HashSet<u64>) {
    use serde_json::Value;
    match v {
        Value::String(s) => recall_ids(s, out),
        Value::Array(a) => a.iter().for_each(|x| value_recall_ids(x, out)),
        Value::Object(o) => {
            for (k, x) in o {
                recall_ids(k, out);
                value_recall_ids(x, out);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// Recall ids named in `s` (`recall id N]`).
fn recall_ids(s: &str, out: &mut HashSet<u64>) {
    const MARK: &str = "recall id ";
    let mut rest = s;
    while let Some(i) = rest.find(MARK) {
        rest = &rest[i + MARK.len()..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if rest[digits..].starts_with(']')
            && let Ok(n) = rest[..digits].parse()
        {
            out.insert(n);
        }
    }
}

/// Whether every item visible so far is in the request, recallable by an id it names, or
/// inside a summarised range (`item_keys`: [`message_key`] of each item of `t`).
fn recallable(t: &Trajectory, item_keys: &[u64], visible: usize, r: &ModelRequest) -> bool {
    let shown: HashSet<u64> = r.messages.iter().map(message_key).collect();
    let mut ids = HashSet::new();
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    for m in &r.messages {
        recall_ids(&m.content, &mut ids);
        super::observed::spilled_ids(&m.content, &mut ids);
        for c in &m.tool_calls {
            value_recall_ids(&c.arguments, &mut ids);
        }
        let range = m
            .content
            .strip_prefix("[context summary of events ")
            .and_then(|rest| rest.split_once(';'))
            .and_then(|(range, _)| range.split_once(".."))
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
        ranges.extend(range);
    }
    t.items[..visible].iter().zip(item_keys).all(|(it, key)| {
        ids.contains(&it.id)
            || ranges.iter().any(|(a, b)| it.id >= *a && it.id <= *b)
            || shown.contains(key)
    })
}

/// Replays one trajectory with one strategy and measures it (token columns only).
pub fn replay(t: &Trajectory, strategy: &Strategy, counter: &TokenCounter) -> Report {
    replay_with(t, strategy, counter, &[], &mut |_, _| {
        Ok::<(), std::convert::Infallible>(())
    })
    .unwrap_or_else(|e| match e {})
}

/// Per-card running bill.
struct Meter<'a> {
    card: &'a PriceCard,
    out: CardBill,
}

/// The measures of one replay, as its requests come.
struct Tally<'a> {
    task: &'a Message,
    meters: Vec<Meter<'a>>,
    total: u64,
    peak: u64,
    cached: u64,
    steps: usize,
    condensations: usize,
    reuse: (f64, usize),
    steady: (f64, usize),
    task_all: bool,
    paired_all: bool,
    recall_all: bool,
    /// [`message_key`] of every item of the trajectory, computed at the first request.
    item_keys: Option<Vec<u64>>,
    /// The previous request, its message sizes, its size and its time.
    prev: Option<(ModelRequest, Vec<u64>, u64, Option<f64>)>,
}

impl<'a> Tally<'a> {
    fn new(t: &'a Trajectory, cards: &'a [PriceCard]) -> Self {
        let meters = cards
            .iter()
            .map(|card| Meter {
                card,
                out: CardBill {
                    card: card.name.clone(),
                    bill: Bill::default(),
                    summary_calls: 0,
                    expired: 0,
                },
            })
            .collect();
        Tally {
            task: &t.items[0].message,
            meters,
            total: 0,
            peak: 0,
            cached: 0,
            steps: 0,
            condensations: 0,
            reuse: (0.0, 0),
            steady: (0.0, 0),
            task_all: true,
            paired_all: true,
            recall_all: true,
            item_keys: None,
            prev: None,
        }
    }

    /// Counts one request of `t` and bills it under every card.
    fn add(&mut self, t: &Trajectory, s: &Step<'_>, counter: &TokenCounter) {
        let req = s.request;
        let prefix = counter.prefix(req);
        let sizes: Vec<u64> = req.messages.iter().map(|m| counter.message(m)).collect();
        let size = prefix + sizes.iter().sum::<u64>();
        let time = t.times.get(s.visible).copied().flatten();
        self.total += size;
        self.peak = self.peak.max(size);
        self.steps += 1;
        self.condensations += usize::from(s.condensed);
        self.task_all &= req.messages.iter().any(|m| m == self.task);
        self.paired_all &= paired(req);
        // Once an item was not recallable the answer stays false; the check costs O(n) a step.
        if self.recall_all {
            let keys = self
                .item_keys
                .get_or_insert_with(|| t.items.iter().map(|it| message_key(&it.message)).collect());
            self.recall_all = recallable(t, keys, s.visible, req);
        }
        match &self.prev {
            Some((p, psizes, psize, ptime)) => {
                let shared = shared_tokens(p, psizes, req, prefix, &sizes);
                self.cached += shared.min(size);
                let share = if size == 0 {
                    1.0
                } else {
                    shared as f64 / size as f64
                };
                self.reuse = (self.reuse.0 + share, self.reuse.1 + 1);
                if !s.condensed {
                    self.steady = (self.steady.0 + share, self.steady.1 + 1);
                }
                let gap = match (ptime, time) {
                    (Some(a), Some(b)) => Some(b - a),
                    _ => None,
                };
                let psize = *psize;
                for m in &mut self.meters {
                    bill_step(m, s, counter, (size, shared, psize), gap);
                }
            }
            None => {
                for m in &mut self.meters {
                    m.out.bill.add(&m.card.bill(size, 0, false));
                }
            }
        }
        self.prev = Some((req.clone(), sizes, size, time));
    }

    fn report(self, t: &Trajectory, strategy: &Strategy) -> Report {
        let mean = |(s, n): (f64, usize)| if n == 0 { 1.0 } else { s / n as f64 };
        Report {
            trajectory: t.name.clone(),
            strategy: strategy.name(),
            steps: self.steps,
            total_prompt_tokens: self.total,
            peak_prompt_tokens: self.peak,
            cached_prompt_tokens: self.cached,
            prefix_reuse: mean(self.reuse),
            prefix_reuse_steady: mean(self.steady),
            condensations: self.condensations,
            repaired_calls: t.repaired,
            task_present_all: self.task_all,
            calls_paired_all: self.paired_all,
            recallable_all: self.recall_all,
            bills: self.meters.into_iter().map(|m| m.out).collect(),
        }
    }
}

/// Bills one request (not the first) under one card: `sizes` are its size, the tokens it
/// shares with the previous request and the previous request's size; `gap` the seconds since
/// that request, when the trajectory has times (for the cache's TTL).
fn bill_step(
    m: &mut Meter<'_>,
    s: &Step<'_>,
    counter: &TokenCounter,
    (size, shared, psize): (u64, u64, u64),
    gap: Option<f64>,
) {
    let alive = gap.is_none_or(|g| g <= m.card.ttl_secs as f64);
    m.out.expired += usize::from(!alive);
    // A live run would have asked the model for each summary: the previous prompt (cached)
    // plus the instruction, and the summary as output.
    for r in s.new_records {
        if let Condensation::Summary { text, .. } = r
            && !crate::condense::is_digest(text)
        {
            let ask = psize + SUMMARY_INSTRUCTION_TOKENS;
            m.out.bill.add(&m.card.bill(ask, psize, alive));
            m.out.bill.cost += m.card.output_cost(counter.text(text));
            m.out.summary_calls += 1;
        }
    }
    m.out.bill.add(&m.card.bill(size, shared, alive));
}

/// Replays one trajectory with one strategy, bills it under each card and hands every request
/// to `sink` (for `--dump`); the first error of `sink` stops the replay. Memory holds the
/// current and the previous request only.
pub fn replay_with<E>(
    t: &Trajectory,
    strategy: &Strategy,
    counter: &TokenCounter,
    cards: &[PriceCard],
    sink: &mut dyn FnMut(usize, &ModelRequest) -> Result<(), E>,
) -> Result<Report, E> {
    let mut tally = Tally::new(t, cards);
    let mut failed: Option<E> = None;
    walk(t, strategy, counter, &mut |s| {
        if failed.is_some() {
            return;
        }
        if let Err(e) = sink(s.index, s.request) {
            failed = Some(e);
            return;
        }
        tally.add(t, &s, counter);
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(tally.report(t, strategy)),
    }
}

/// Tokens a summary instruction adds to the request it is appended to (an estimate).
const SUMMARY_INSTRUCTION_TOKENS: u64 = 300;

/// Tokens at the start of `req` that repeat `prev`: the prefix when system and tools match,
/// then whole messages up to the first that differs.
fn shared_tokens(
    prev: &ModelRequest,
    _prev_sizes: &[u64],
    req: &ModelRequest,
    prefix: u64,
    sizes: &[u64],
) -> u64 {
    if prev.system != req.system || prev.tools != req.tools {
        return 0;
    }
    let same = prev
        .messages
        .iter()
        .zip(&req.messages)
        .take_while(|(a, b)| a == b)
        .count();
    prefix + sizes[..same].iter().sum::<u64>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn key(v: &serde_json::Value) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        hash_value(v, &mut h);
        h.finish()
    }

    #[test]
    fn recall_ids_of_a_value_are_those_of_its_json_text() {
        let values = [
            json!({"cmd": "recall id 7] and recall id 12]", "recall id 3]": [1, "x recall id 4]"]}),
            json!(["recall id ", 5, "]", "recall id 9"]),
            json!({"a": {"b": ["recall id 11]\n\"recall id 13]\\"]}}),
            json!("recall id 01]"),
        ];
        for v in &values {
            let (mut walked, mut texted) = (HashSet::new(), HashSet::new());
            value_recall_ids(v, &mut walked);
            recall_ids(&v.to_string(), &mut texted);
            assert_eq!(walked, texted, "{v}");
        }
    }

    #[test]
    fn values_hash_alike_exactly_when_their_json_texts_are_equal() {
        let values = [
            json!(null),
            json!(false),
            json!(true),
            json!(1),
            json!(1.0),
            json!("1"),
            json!([]),
            json!({}),
            json!(["a", "b"]),
            json!(["ab"]),
            json!({"a": "b"}),
            json!({"a": ["b"]}),
            json!({"a": 1, "b": 2}),
            json!({"b": 2, "a": 1}),
        ];
        for (i, a) in values.iter().enumerate() {
            for (j, b) in values.iter().enumerate() {
                assert_eq!(key(a) == key(b), i == j, "{a} vs {b}");
            }
            assert_eq!(key(a), key(&serde_json::from_str(&a.to_string()).unwrap()));
        }
    }
}

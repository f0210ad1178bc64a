//! Harness overhead per step: a 200-step session with the scripted provider and the `todo`
//! tool (no process), so nearly all the time measured is the loop itself — session log
//! appends with fsync, state, guards, ledger, history assembly, observation pipeline.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::cell::RefCell;
use std::hint::black_box;
use std::rc::Rc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use loopwright_agent::state::State;
use loopwright_agent::{Agent, Cancel, Reporter, RunConfig, RunEnd, ScriptedProvider};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_store::session::FileSessionStore;

const STEPS: usize = 200;

fn script() -> String {
    let mut turns: Vec<String> = (0..STEPS - 1)
        .map(|i| {
            format!(
                r#"{{"text": "step {i}: updating the plan", "tool_calls": [{{"name": "todo", "arguments": {{"items": [{{"text": "item {i}", "status": "in_progress"}}]}}}}]}}"#
            )
        })
        .collect();
    turns.push(r#"{"text": "done"}"#.into());
    format!("[{}]", turns.join(","))
}

/// Records when each assistant message was appended.
struct Clock(Rc<RefCell<Vec<Instant>>>);

impl Reporter for Clock {
    fn event(&mut self, event: &Event, _state: &State) {
        if matches!(event.kind, EventKind::Assistant { .. }) {
            self.0.borrow_mut().push(Instant::now());
        }
    }
}

/// Runs one whole session in `dir`; returns the wall time of the whole run and the mean
/// time of one step over the last 20 steps (steps 180 to 200).
fn one_run(dir: &std::path::Path, script: &str, n: usize) -> (Duration, Duration) {
    let store = FileSessionStore::new(&dir.join(".loop"));
    let id = format!("b{n}");
    let log = store
        .create(
            &id,
            EventKind::SessionStart {
                task: "benchmark".into(),
                workspace: dir.to_string_lossy().into_owned(),
                provider: "scripted".into(),
                model: None,
                verify: None,
            },
        )
        .unwrap();
    let mut cfg = RunConfig::new(dir.to_path_buf());
    cfg.max_steps = STEPS as u64 + 1;
    let provider = ScriptedProvider::from_json(script).unwrap();
    let stamps = Rc::new(RefCell::new(Vec::new()));
    let mut agent = Agent::new(log, cfg, Box::new(provider), Cancel::new())
        .unwrap()
        .with_reporter(Box::new(Clock(stamps.clone())));
    let start = Instant::now();
    let end = agent.run().unwrap();
    let took = start.elapsed();
    assert_eq!(end, RunEnd::Done("done".into()));
    assert_eq!(agent.state().steps, STEPS as u64);
    let s = stamps.borrow();
    let last20 = (s[STEPS - 1] - s[STEPS - 21]) / 20;
    black_box((took / STEPS as u32, last20))
}

fn bench(c: &mut Criterion) {
    let script = script();
    // LOOP_BENCH_DIR picks the file system (e.g. /dev/shm to leave fsync latency out).
    let dir = match std::env::var_os("LOOP_BENCH_DIR") {
        Some(d) => tempfile::tempdir_in(d).unwrap(),
        None => tempfile::tempdir().unwrap(),
    };
    let mut n = 0usize;
    let mut g = c.benchmark_group("agent");
    g.sample_size(10);
    // Mean time per step over a whole 200-step session.
    g.bench_function("per_step_mean_200", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                n += 1;
                total += one_run(dir.path(), &script, n).0;
            }
            total
        })
    });
    // Time per step at the end of a 200-step session (the most expensive steps).
    g.bench_function("per_step_at_200", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                n += 1;
                total += one_run(dir.path(), &script, n).1;
            }
            total
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! Criterion benchmarks of the pure guard functions on a generated ledger.

#![allow(missing_docs, clippy::expect_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use loopwright_guard::breaker::{BreakerConfig, decide};
use loopwright_guard::prune::{PruneConfig, prune};
use loopwright_guard::signature::signature;
use loopwright_guard::similarity::similarity;
use loopwright_guard::summary::summarize;
use loopwright_protocol::json::{Object, Value};
use loopwright_protocol::ledger::Ledger;

/// A deterministic ledger: `n` attempts, `n / 10` error templates with volatile numbers/paths.
fn ledger(n: usize) -> Ledger {
    let mut seed: u64 = 0x2026_1130;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let templates = (n / 10).max(1);
    let attempts = (0..n)
        .map(|i| {
            let mut o = Object::new();
            o.insert("iteration", Value::Number((i + 1) as f64));
            o.insert("action", Value::String(format!("fix attempt {}", next() % 500)));
            let fail = next() % 10 < 8;
            o.insert("outcome", Value::String(if fail { "failure" } else { "success" }.into()));
            if fail {
                let t = next() % templates as u64;
                o.insert(
                    "error",
                    Value::String(format!(
                        "Error: module_{t} failed in handler at /srv/app/{}/src_{t}.js:{}:{} after {} ms\n    at frame (/srv/a.js:1:2)",
                        next() % 40,
                        next() % 900,
                        next() % 80,
                        next() % 5000
                    )),
                );
            }
            o.insert("tokensUsed", Value::Number((next() % 4000) as f64));
            Value::Object(o)
        })
        .collect();
    let mut top = Object::new();
    top.insert("goal", Value::String("bench".into()));
    top.insert("attempts", Value::Array(attempts));
    Ledger::from_value(&Value::Object(top)).expect("generated ledger is valid")
}

fn benches(c: &mut Criterion) {
    let e = "TypeError: cannot read properties of undefined (reading 'id') at /home/u/app/src/users.js:120:17";
    c.bench_function("signature", |b| {
        b.iter(|| signature(std::hint::black_box(e)))
    });
    c.bench_function("similarity", |b| {
        b.iter(|| {
            similarity(
                std::hint::black_box("Error: connect ECONNREFUSED #.#.#.#"),
                "Error: connect ETIMEDOUT #.#.#.#",
            )
        })
    });
    let l = ledger(20_000);
    let mut g = c.benchmark_group("ledger_20k");
    g.sample_size(10);
    g.bench_function("decide", |b| {
        b.iter(|| decide(&l, &BreakerConfig::default()))
    });
    g.bench_function("summarize", |b| b.iter(|| summarize(&l, 0.85)));
    g.bench_function("prune", |b| b.iter(|| prune(&l, &PruneConfig::default())));
    g.finish();
}

criterion_group!(guard, benches);
criterion_main!(guard);

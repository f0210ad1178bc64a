//! Verdicts per second over the test corpus (a gate runs before every tool call).

#![allow(clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use loopwright_policy::{Layer, LayerKind, Policy, Request, ToolRole};

const WORKSPACE: &str = "/work/app";

fn layers() -> Vec<Layer> {
    vec![
        Layer::builtin().unwrap(),
        Layer::parse(
            LayerKind::User,
            "user-gate.toml",
            include_str!("../tests/data/user-gate.toml"),
        )
        .unwrap(),
        Layer::parse(
            LayerKind::Project,
            "project-gate.toml",
            include_str!("../tests/data/project-gate.toml"),
        )
        .unwrap(),
    ]
}

fn requests() -> Vec<Request> {
    let table: toml::Table = toml::from_str(include_str!("../tests/data/corpus.toml")).unwrap();
    let mut out = Vec::new();
    for (tool, entries) in table {
        for e in entries.as_array().unwrap() {
            let input = e.as_array().unwrap()[1].as_str().unwrap();
            let r = match tool.as_str() {
                "shell" => Request::shell(input, WORKSPACE),
                "read_file" => Request::file(ToolRole::Read, &tool, input, WORKSPACE),
                "write_file" | "edit_file" => {
                    Request::file(ToolRole::Write, &tool, input, WORKSPACE)
                }
                _ => Request::file(ToolRole::Other, &tool, input, WORKSPACE),
            };
            out.push(r.with_home("/home/dev"));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let policy = Policy::load(layers());
    let reqs = requests();
    let mut g = c.benchmark_group("gate");
    g.throughput(Throughput::Elements(reqs.len() as u64));
    g.bench_function("corpus", |b| {
        b.iter(|| {
            for r in &reqs {
                black_box(policy.check(black_box(r)));
            }
        })
    });
    g.throughput(Throughput::Elements(1));
    let typical = Request::shell(
        "git status && cargo test -p loopwright-policy 2>&1 | tail -20",
        WORKSPACE,
    );
    g.bench_function("typical", |b| {
        b.iter(|| black_box(policy.check(black_box(&typical))))
    });
    let nested = Request::shell(
        "FOO=1 sudo env bash -lc \"sh -c 'git status; git push'\"",
        WORKSPACE,
    );
    g.bench_function("nested", |b| {
        b.iter(|| black_box(policy.check(black_box(&nested))))
    });
    let file = Request::file(
        ToolRole::Write,
        "write_file",
        "src/../src/main.rs",
        WORKSPACE,
    );
    g.bench_function("write_file", |b| {
        b.iter(|| black_box(policy.check(black_box(&file))))
    });
    g.bench_function("load_layers", |b| {
        b.iter(|| black_box(Policy::load(layers())))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

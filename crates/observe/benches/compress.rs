//! Throughput of the log compressor on the corpus and on a ~8 MB mix of it.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use loopwright_observe::{Cap, CompressOptions, cap_head_tail, compress};

fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus/logs");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let name = p.file_stem()?.to_string_lossy().into_owned();
            Some((name, std::fs::read(&p).ok()?))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let opts = CompressOptions::default();
    let files = corpus();
    let mut group = c.benchmark_group("compress");
    for (name, data) in files.iter().filter(|(_, d)| d.len() > 100_000) {
        group.throughput(Throughput::Bytes(data.len() as u64));
        group.bench_function(name.as_str(), |b| {
            b.iter(|| compress(black_box(data), &opts))
        });
    }
    let mut mix = Vec::new();
    while mix.len() < 8 << 20 {
        for (_, d) in &files {
            mix.extend_from_slice(d);
        }
    }
    group.throughput(Throughput::Bytes(mix.len() as u64));
    group.sample_size(10);
    group.bench_function("mix_8mb", |b| b.iter(|| compress(black_box(&mix), &opts)));
    group.finish();
    let text = String::from_utf8_lossy(&mix).into_owned();
    c.bench_function("cap_head_tail_8mb_chars", |b| {
        b.iter(|| cap_head_tail(black_box(&text), Cap::Chars(30_000)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

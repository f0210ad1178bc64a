//! Throughput of the streaming path: SSE parsing plus chat-completion / Anthropic assembly of a
//! long reply (4,000 deltas of text and tool-call arguments), fed in 1 KiB network chunks.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use loopwright_providers::anthropic::EventAssembler;
use loopwright_providers::chunks::ChunkAssembler;
use loopwright_providers::sse::SseParser;

fn openai_stream() -> String {
    let mut s = String::new();
    s.push_str("data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c\",\"function\":{\"name\":\"write_file\",\"arguments\":\"{\\\"content\\\": \\\"\"}}]}}]}\n\n");
    for i in 0..2000 {
        s.push_str(&format!(
            "data: {{\"choices\":[{{\"index\":0,\"delta\":{{\"content\":\"word{i} \"}}}}]}}\n\n"
        ));
        s.push_str(&format!("data: {{\"choices\":[{{\"index\":0,\"delta\":{{\"tool_calls\":[{{\"index\":0,\"function\":{{\"arguments\":\"line {i} \"}}}}]}}}}]}}\n\n"));
    }
    s.push_str("data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n");
    s
}

fn anthropic_stream() -> String {
    let mut s = String::from(
        "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":10}}}\n\n",
    );
    s.push_str("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"write_file\",\"input\":{}}}\n\n");
    s.push_str("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"content\\\": \\\"\"}}\n\n");
    for i in 0..4000 {
        s.push_str(&format!("event: content_block_delta\ndata: {{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{{\"type\":\"input_json_delta\",\"partial_json\":\"line {i} \"}}}}\n\n"));
    }
    s.push_str("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"\\\"}\"}}\n\n");
    s.push_str("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n");
    s
}

fn bench(c: &mut Criterion) {
    let oa = openai_stream();
    let mut g = c.benchmark_group("stream");
    g.throughput(Throughput::Bytes(oa.len() as u64));
    g.bench_function("openai_4000_deltas", |b| {
        b.iter(|| {
            let mut p = SseParser::new();
            let mut asm = ChunkAssembler::default();
            for chunk in oa.as_bytes().chunks(1024) {
                for ev in p.feed(chunk) {
                    asm.push_data(&ev.data, &mut |_| {}).unwrap();
                }
            }
            assert!(asm.complete());
            asm.finish(&mut |_| {})
        })
    });
    let an = anthropic_stream();
    g.throughput(Throughput::Bytes(an.len() as u64));
    g.bench_function("anthropic_4000_deltas", |b| {
        b.iter(|| {
            let mut p = SseParser::new();
            let mut asm = EventAssembler::default();
            for chunk in an.as_bytes().chunks(1024) {
                for ev in p.feed(chunk) {
                    asm.push(ev.event.as_deref(), &ev.data, &mut |_| {})
                        .unwrap();
                }
            }
            asm.finish()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

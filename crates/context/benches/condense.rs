//! Criterion benchmarks of what context management adds to every step of a loop: running the
//! condensers and building the view over a long history, and counting tokens.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use loopwright_context::condense::{
    Condensation, Config, Item, StepInput, ToolRoles, condense, view,
};
use loopwright_context::tokens::{TokenCounter, Tokenizer};
use loopwright_protocol::message::{Message, Role};
use loopwright_protocol::tool::{ToolCall, ToolRole};
use serde_json::json;

/// A task and `steps` (assistant call, tool result) pairs: reads, edits and test runs over a
/// few files, results of 1–4 KB, some repeated byte for byte.
fn history(steps: u64) -> Vec<Item> {
    let mut items = vec![Item {
        id: 0,
        message: Message::text(Role::User, "Make the failing test in tests/io.rs pass."),
    }];
    for n in 0..steps {
        let path = format!("src/f{}.rs", n % 5);
        let (name, args) = match n % 3 {
            0 => ("read_file", json!({"path": path})),
            1 => (
                "edit_file",
                json!({"path": path, "old": "a", "new": "b".repeat(300)}),
            ),
            _ => ("shell", json!({"command": "cargo test"})),
        };
        let cid = format!("c{n}");
        items.push(Item {
            id: 2 * n + 1,
            message: Message {
                role: Role::Assistant,
                content: format!("step {n}: looking at {path}"),
                tool_calls: vec![ToolCall {
                    id: cid.clone(),
                    name: name.into(),
                    arguments: args,
                }],
                tool_call_id: None,
            },
        });
        let body = if n % 7 == 6 {
            "test result: FAILED. 3 passed; 1 failed\n".repeat(40)
        } else {
            format!(
                "{n}\n{}",
                "let x = compute(y)?;\n".repeat(50 + (n as usize % 150))
            )
        };
        items.push(Item {
            id: 2 * n + 2,
            message: Message::tool(cid, body),
        });
    }
    items
}

/// The records a run would have persisted after every step up to the end.
/// The roles of the tools the history calls.
fn roles() -> ToolRoles {
    let mut r = ToolRoles::default();
    r.insert("shell", ToolRole::Shell);
    r.insert("read_file", ToolRole::Read);
    r
}

fn records(cfg: &Config, items: &[Item], counter: &TokenCounter) -> Vec<Condensation> {
    let roles = roles();
    let mut recs = Vec::new();
    let bounds: Vec<usize> = (1..items.len())
        .filter(|k| items[*k].message.role == Role::Assistant)
        .chain([items.len()])
        .collect();
    for (n, k) in bounds.into_iter().enumerate() {
        let input = StepInput {
            step: n as u64 + 1,
            reported_prompt_tokens: None,
            prefix_tokens: 2000,
            todo: &[],
            roles: &roles,
        };
        let new = condense(cfg, &items[..k], &recs, input, counter, None);
        recs.extend(new);
    }
    recs
}

fn bench(c: &mut Criterion) {
    let counter = TokenCounter::new(Tokenizer::O200k);
    let roles = roles();
    let mut g = c.benchmark_group("per_step");
    for steps in [50u64, 200] {
        let items = history(steps);
        let cfg = Config::mask_and_summary(128_000);
        let recs = records(&cfg, &items, &counter);
        let input = StepInput {
            step: steps + 1,
            reported_prompt_tokens: Some(60_000),
            prefix_tokens: 2000,
            todo: &[],
            roles: &roles,
        };
        // One step of a loop: decide the condensers (nothing new is due) and build the view.
        g.bench_with_input(
            BenchmarkId::new("condense_and_view", steps),
            &items,
            |b, items| {
                b.iter(|| {
                    let new = condense(&cfg, items, &recs, input, &counter, None);
                    assert!(new.is_empty());
                    view(items, &recs)
                })
            },
        );
    }
    g.finish();
    let text = "let x = compute(y)?;\n".repeat(2000);
    let mut g = c.benchmark_group("tokens_40kB");
    for (name, tok) in [
        ("o200k", Tokenizer::O200k),
        ("estimate", Tokenizer::Estimate),
    ] {
        let counter = TokenCounter::new(tok);
        g.bench_function(name, |b| b.iter(|| counter.text(&text)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

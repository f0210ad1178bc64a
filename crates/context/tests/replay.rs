//! Replay of real trajectories (copied into tests/data): token counts, invariants, layout.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use loopwright_context::condense::{Condensation, Config, view};
use loopwright_context::replay::{Strategy, Trajectory, parse, replay, run};
use loopwright_context::{TokenCounter, Tokenizer};
use loopwright_protocol::message::{ModelRequest, Role};

fn load(file: &str) -> Vec<Trajectory> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    parse(file, &text).unwrap()
}

fn all() -> Vec<Trajectory> {
    [
        "miniswe_github_issue_messages.traj.json",
        "miniswe_v2_deepseek_django-11099.traj.json",
        "openhands_completion_log_astropy-13579.json",
        "openhands_resolver_mock_output.jsonl",
        "openhands_runtime_traj_basic_2048.json",
        "sweagent_gpt4_pydicom-1458.traj",
        "sweagent_marshmallow-1867_fc.traj",
    ]
    .iter()
    .flat_map(|f| load(f))
    .collect()
}

const O200K: TokenCounter = TokenCounter {
    tokenizer: Tokenizer::O200k,
};

fn ours(name: &str, window: u64) -> Strategy {
    Strategy::Ours(Config::from_strategy(name, window).unwrap())
}

#[test]
fn parses_every_format_into_steps() {
    let steps: Vec<(String, usize)> = all()
        .iter()
        .map(|t| {
            let n = t
                .items
                .iter()
                .filter(|i| i.message.role == Role::Assistant)
                .count();
            (t.name.clone(), n)
        })
        .collect();
    insta::assert_yaml_snapshot!(steps);
}

#[test]
fn exact_count_matches_the_provider_bill() {
    // The GPT-4 run reports 122,612 tokens sent over 12 calls; our cl100k count of the same
    // requests must be within 2% (framing differs slightly).
    let t = &load("sweagent_gpt4_pydicom-1458.traj")[0];
    let r = replay(t, &Strategy::Full, &TokenCounter::new(Tokenizer::Cl100k));
    assert_eq!(r.steps, 12);
    let diff = (r.total_prompt_tokens as f64 - 122_612.0).abs() / 122_612.0;
    assert!(
        diff < 0.02,
        "counted {} vs billed 122612",
        r.total_prompt_tokens
    );
}

#[test]
fn invariants_hold_for_every_strategy_of_ours() {
    for t in all() {
        for window in [128_000, 16_000, 8_000] {
            for s in ["none", "mask", "summary", "mask+summary"] {
                let r = replay(&t, &ours(s, window), &O200K);
                assert!(r.task_present_all, "{} {s} {window}: task missing", t.name);
                assert!(r.calls_paired_all, "{} {s} {window}: unpaired call", t.name);
                assert!(r.recallable_all, "{} {s} {window}: event lost", t.name);
            }
        }
    }
}

#[test]
fn last5_loses_events_and_ours_does_not() {
    let t = &load("openhands_resolver_mock_output.jsonl")[1];
    assert!(!replay(t, &Strategy::Last5, &O200K).recallable_all);
    assert!(replay(t, &ours("mask", 128_000), &O200K).recallable_all);
}

/// Messages of a request (replay sends no dynamic tail: recorded runs have no budgets).
fn body(r: &ModelRequest) -> &[loopwright_protocol::message::Message] {
    &r.messages
}

#[test]
fn prefix_is_byte_identical_between_condensation_points() {
    for t in all() {
        let s = ours("mask+summary", 16_000);
        let run = run(&t, &s, &O200K);
        for i in 1..run.requests.len() {
            let (a, b) = (&run.requests[i - 1], &run.requests[i]);
            assert_eq!(
                serde_json::to_string(&(&a.system, &a.tools)).unwrap(),
                serde_json::to_string(&(&b.system, &b.tools)).unwrap()
            );
            if !run.condensed[i] {
                assert_eq!(body(a), &body(b)[..body(a).len()], "{} step {i}", t.name);
            }
        }
    }
}

#[test]
fn masking_and_summary_save_tokens_on_the_longest_run() {
    let t = &load("openhands_resolver_mock_output.jsonl")[1];
    let full = replay(t, &Strategy::Full, &O200K);
    let mask = replay(t, &ours("mask", 128_000), &O200K);
    let both = replay(t, &ours("mask+summary", 16_000), &O200K);
    assert_eq!(full.steps, 22);
    assert!(mask.total_prompt_tokens < full.total_prompt_tokens);
    assert!(both.total_prompt_tokens < mask.total_prompt_tokens);
    assert!(both.peak_prompt_tokens < 16_000);
}

#[test]
fn runs_of_twenty_steps_or_more_cost_less_and_stay_cacheable() {
    let long: Vec<Trajectory> = all()
        .into_iter()
        .filter(|t| {
            t.items
                .iter()
                .filter(|i| i.message.role == Role::Assistant)
                .count()
                >= 20
        })
        .collect();
    assert_eq!(long.len(), 3, "the 22-, 23- and 42-step runs");
    for t in &long {
        let full = replay(t, &Strategy::Full, &O200K);
        let ours128 = replay(t, &ours("mask+summary", 128_000), &O200K);
        let ours16 = replay(t, &ours("mask+summary", 16_000), &O200K);
        // Defaults: at least 1.2x fewer tokens than the whole history, every event recallable.
        assert!(
            (ours128.total_prompt_tokens as f64) * 1.2 < full.total_prompt_tokens as f64,
            "{}: {} vs {}",
            t.name,
            ours128.total_prompt_tokens,
            full.total_prompt_tokens
        );
        assert!(ours128.recallable_all && ours128.task_present_all);
        // Between condensation points a prompt cache serves at least 90% of each request
        // wherever the whole history itself allows it (it is the upper bound).
        if full.prefix_reuse_steady >= 0.9 {
            assert!(
                ours128.prefix_reuse_steady >= 0.9,
                "{}: {ours128:?}",
                t.name
            );
        }
        // A 16k working window (compaction at 12k): at least 1.3x fewer tokens.
        assert!(
            (ours16.total_prompt_tokens as f64) * 1.3 < full.total_prompt_tokens as f64,
            "{}: {} vs {}",
            t.name,
            ours16.total_prompt_tokens,
            full.total_prompt_tokens
        );
    }
}

#[test]
fn resume_reapplies_records_without_redoing_them() {
    let t = &load("openhands_resolver_mock_output.jsonl")[1];
    let first = run(t, &ours("mask+summary", 16_000), &O200K);
    assert!(
        first
            .records
            .iter()
            .any(|r| matches!(r, Condensation::Summary { .. }))
    );
    // Persist and reload the records, as the session log does.
    let lines: Vec<String> = first
        .records
        .iter()
        .map(|r| serde_json::to_string(r).unwrap())
        .collect();
    let loaded: Vec<Condensation> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(loaded, first.records);
    let last = *first.visible.last().unwrap();
    let items = &t.items[..last];
    assert_eq!(&view(items, &loaded), body(first.requests.last().unwrap()));
}

/// A compact layout of one request: role, size and the first characters of each message.
fn layout(r: &ModelRequest) -> String {
    let mut s = format!("system {} bytes, {} tools\n", r.system.len(), r.tools.len());
    for m in &r.messages {
        let first: String = m
            .content
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(90)
            .collect();
        let calls: Vec<String> = m
            .tool_calls
            .iter()
            .map(|c| format!("{}({}b)", c.name, c.arguments.to_string().len()))
            .collect();
        s.push_str(&format!(
            "{:?} {}b{} | {first}\n",
            m.role,
            m.content.len(),
            if calls.is_empty() {
                String::new()
            } else {
                format!(" calls={}", calls.join(","))
            }
        ));
    }
    s
}

#[test]
fn request_layout_snapshots() {
    let t = &load("openhands_resolver_mock_output.jsonl")[1];
    let mask = run(t, &ours("mask", 128_000), &O200K);
    let at = mask.condensed.iter().position(|c| *c).unwrap();
    insta::assert_snapshot!("before_mask_batch", layout(&mask.requests[at - 1]));
    insta::assert_snapshot!("after_mask_batch", layout(&mask.requests[at]));
    let sum = run(t, &ours("mask+summary", 16_000), &O200K);
    let step = sum
        .records
        .iter()
        .find_map(|r| match r {
            Condensation::Summary { step, .. } => Some(*step),
            Condensation::Mask { .. } => None,
        })
        .unwrap();
    insta::assert_snapshot!("after_compaction", layout(&sum.requests[step as usize - 1]));
}

#[test]
fn parses_openai_style_tool_calling_messages() {
    // mini-swe-agent 1.1+ trajectories and OpenHands completion logs: `{"messages": [...]}`
    // with `tool_calls` (arguments as a JSON string), `tool` results by id, and content given
    // either as a string or as a list of text parts.
    let text = r#"{"messages": [
        {"role": "system", "content": [{"type": "text", "text": "You are an agent."}]},
        {"role": "user", "content": "Fix the bug."},
        {"role": "assistant", "content": "Look first.", "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "bash", "arguments": "{\"command\": \"ls\"}"}},
            {"id": "b", "type": "function", "function": {"name": "bash", "arguments": "{\"command\": \"pwd\"}"}}
        ]},
        {"role": "tool", "tool_call_id": "b", "content": [{"type": "text", "text": "/w"}]},
        {"role": "tool", "tool_call_id": "a", "content": "src"},
        {"role": "assistant", "content": "Done."}
    ]}"#;
    let t = &parse("x.json", text).unwrap()[0];
    assert_eq!(t.prefix.system, "You are an agent.");
    assert_eq!(t.items[0].message.content, "Fix the bug.");
    let calls = &t.items[1].message.tool_calls;
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].name, "bash");
    assert_eq!(calls[0].arguments["command"], "ls");
    // Results are matched by id, whatever their order.
    assert_eq!(t.items[2].message.tool_call_id.as_deref(), Some("b"));
    assert_eq!(t.items[2].message.content, "/w");
    assert_eq!(t.items[3].message.tool_call_id.as_deref(), Some("a"));
    assert_eq!(t.items[4].message.role, Role::Assistant);
    let r = replay(t, &Strategy::Full, &O200K);
    assert_eq!(r.steps, 2);
    assert!(r.calls_paired_all);
}

#[test]
fn a_completion_log_brings_its_tools_and_reply() {
    // OpenHands `llm_completions/*.json`: the request (messages, kwargs.tools) and the reply.
    let text = r#"{
        "messages": [
            {"role": "system", "content": "sys"},
            {"role": "user", "content": "task"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "execute_bash", "arguments": "{\"command\": \"ls\"}"}}]},
            {"role": "tool", "tool_call_id": "a", "content": "src"}
        ],
        "kwargs": {"tools": [{"type": "function", "function": {"name": "execute_bash",
            "description": "Run a command.", "parameters": {"type": "object"}}}]},
        "response": {"choices": [{"message": {"role": "assistant", "content": "All done."}}]}
    }"#;
    let t = &parse("c.json", text).unwrap()[0];
    assert_eq!(t.prefix.tools.len(), 1);
    assert_eq!(t.prefix.tools[0].name, "execute_bash");
    assert_eq!(t.prefix.tools[0].description, "Run a command.");
    assert_eq!(t.items.last().unwrap().message.content, "All done.");
    assert_eq!(replay(t, &Strategy::Full, &O200K).steps, 2);
}

#[test]
fn reused_call_ids_pair_each_result_with_its_own_call() {
    // Some servers number calls per turn (`call_0` every time).
    let text = r#"[
        {"role": "user", "content": "task"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "call_0", "type": "function", "function": {"name": "bash", "arguments": "{\"command\": \"cat a\"}"}}]},
        {"role": "tool", "tool_call_id": "call_0", "content": "first"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "call_0", "type": "function", "function": {"name": "bash", "arguments": "{\"command\": \"ls\"}"}}]},
        {"role": "tool", "tool_call_id": "call_0", "content": "second"},
        {"role": "assistant", "content": "done"}
    ]"#;
    let t = &parse("ids.json", text).unwrap()[0];
    let first = &t.items[1].message.tool_calls[0].id;
    let second = &t.items[3].message.tool_calls[0].id;
    assert_ne!(first, second);
    assert_eq!(t.items[2].message.tool_call_id.as_ref(), Some(first));
    assert_eq!(t.items[4].message.tool_call_id.as_ref(), Some(second));
    assert_eq!(t.items[4].message.content, "second");
    assert!(replay(t, &Strategy::Full, &O200K).calls_paired_all);
}

/// Ours with the cost rule of `card` and its defaults (keep the last 3 results, budget 32k).
fn priced(card: &loopwright_context::price::PriceCard) -> Strategy {
    use loopwright_context::condense::{COST_AWARE_KEEP_LAST, CostConfig};
    let mut cfg = Config::from_strategy("mask+summary", 128_000).unwrap();
    let mut cost = CostConfig::for_card(card);
    cost.budget = Some(32_000);
    cfg.cost = Some(cost);
    if let Some(m) = cfg.mask.as_mut() {
        m.keep_last = COST_AWARE_KEEP_LAST;
    }
    if let Some(s) = cfg.summary.as_mut() {
        s.threshold = 0.25;
    }
    Strategy::Ours(cfg)
}

#[test]
fn priced_ours_never_bills_more_than_full_history_and_keeps_invariants() {
    use loopwright_context::price::PriceCard;
    use loopwright_context::replay::replay_with;
    let cards = [
        PriceCard::named("anthropic").unwrap(),
        PriceCard::named("openai").unwrap(),
    ];
    let bill = |t: &Trajectory, s: &Strategy| {
        replay_with(t, s, &O200K, &cards, &mut |_, _| Ok::<(), ()>(())).unwrap()
    };
    for t in all() {
        let full = bill(&t, &Strategy::Full);
        for (k, card) in cards.iter().enumerate() {
            let ours = bill(&t, &priced(card));
            assert!(ours.task_present_all && ours.calls_paired_all && ours.recallable_all);
            let (o, f) = (ours.bills[k].bill.cost, full.bills[k].bill.cost);
            assert!(o <= f * 1.000_001, "{} {}: {o} vs {f}", t.name, card.name);
            // On the 42-step run the rule pays off clearly.
            if full.steps >= 40 {
                assert!(o < 0.85 * f, "{} {}: {o} vs {f}", t.name, card.name);
            }
        }
    }
}

#[test]
fn the_sink_sees_every_request_and_its_error_stops_the_replay() {
    use loopwright_context::replay::replay_with;
    let t = &load("openhands_resolver_mock_output.jsonl")[1];
    let mut seen = 0;
    let r = replay_with(t, &Strategy::Full, &O200K, &[], &mut |i, _| {
        seen += 1;
        if i == 3 { Err("full disk") } else { Ok(()) }
    });
    assert_eq!(r.unwrap_err(), "full disk");
    assert_eq!(seen, 4);
}

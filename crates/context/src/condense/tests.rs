use std::sync::LazyLock;

use super::*;
use loopwright_protocol::tool::{ToolCall, ToolRole};
use serde_json::json;

use crate::tokens::Tokenizer;

fn call(id: &str, name: &str, args: serde_json::Value) -> ToolCall {
    ToolCall {
        id: id.into(),
        name: name.into(),
        arguments: args,
    }
}

/// Task, then `n` steps of (assistant shell call, tool result of `size` bytes).
fn history(n: u64, size: usize) -> Vec<Item> {
    let mut v = vec![Item {
        id: 0,
        message: Message::text(Role::User, "Fix the bug in parser.rs"),
    }];
    for i in 0..n {
        let cid = format!("c{i}");
        v.push(Item {
            id: 2 * i + 1,
            message: Message {
                role: Role::Assistant,
                content: format!("step {i}"),
                tool_calls: vec![call(&cid, "shell", json!({"command": format!("ls {i}")}))],
                tool_call_id: None,
            },
        });
        v.push(Item {
            id: 2 * i + 2,
            message: Message::tool(cid, distinct(i, size)),
        });
    }
    v
}

/// `size` bytes that differ for every `i` (identical results would be elided as duplicates).
fn distinct(i: u64, size: usize) -> String {
    let mut s = format!("{i:06}");
    s.push_str(&"x".repeat(size.saturating_sub(6)));
    s
}

/// The roles of the tools these tests call, as a registry would declare them.
static ROLES: LazyLock<ToolRoles> = LazyLock::new(|| {
    let mut r = ToolRoles::default();
    for (name, role) in [
        ("shell", ToolRole::Shell),
        ("bash", ToolRole::Shell),
        ("read_file", ToolRole::Read),
        ("grep", ToolRole::Read),
        ("write_file", ToolRole::Write),
        ("edit_file", ToolRole::Write),
        ("str_replace_editor", ToolRole::Write),
    ] {
        r.insert(name, role);
    }
    r
});

fn input(step: u64) -> StepInput<'static> {
    StepInput {
        step,
        reported_prompt_tokens: None,
        prefix_tokens: 0,
        todo: &[],
        roles: &ROLES,
    }
}

const EST: TokenCounter = TokenCounter {
    tokenizer: Tokenizer::Estimate,
};

#[test]
fn masking_waits_for_a_full_batch() {
    let cfg = Config::from_strategy("mask", 0).unwrap();
    // 14 results: 4 older than the last 10, below the batch of 5.
    let items = history(14, 1000);
    assert!(condense(&cfg, &items, &[], input(14), &EST, None).is_empty());
    let items = history(15, 1000);
    let recs = condense(&cfg, &items, &[], input(15), &EST, None);
    assert_eq!(recs.len(), 1);
    let Condensation::Mask { ids, reason, .. } = &recs[0] else {
        panic!("expected a mask")
    };
    assert_eq!(*reason, MaskReason::Old);
    assert_eq!(ids, &vec![2, 4, 6, 8, 10]);
    let v = view(&items, &recs);
    assert_eq!(
        v[2].content,
        "[masked tool result: shell, 1 lines, 1000 bytes, first line \"000000xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\"; recall id 2]"
    );
    assert_eq!(recall(&items, 2).unwrap().content.len(), 1000);
    // Already applied: nothing new next step.
    assert!(condense(&cfg, &items, &recs, input(16), &EST, None).is_empty());
}

#[test]
fn stale_reads_are_elided_when_superseded() {
    let mut items = history(1, 10);
    let read = |id: u64| {
        step(
            id,
            "read_file",
            json!({"path": "src/a.rs"}),
            &distinct(id, 9000),
        )
    };
    items.extend(read(10));
    items.extend(read(12));
    let cfg = Config::from_strategy("mask", 0).unwrap();
    let recs = condense(&cfg, &items, &[], input(3), &EST, None);
    assert_eq!(
        recs,
        vec![Condensation::Mask {
            step: 3,
            reason: MaskReason::StaleRead,
            ids: vec![11]
        }]
    );
    let v = view(&items, &recs);
    assert!(v[4].content.starts_with("[masked tool result: read_file"));
    assert_eq!(v[6].content.len(), 9000);
}

#[test]
fn file_access_understands_common_forms() {
    let c = |name: &str, args| call("x", name, args);
    let sh = ToolRole::Shell;
    assert_eq!(
        file_access(&c("bash", json!({"command": "cat src/x.py"})), sh, None),
        Some(Access::Read("src/x.py".into()))
    );
    assert_eq!(
        file_access(&c("bash", json!({"command": "cat a | grep b"})), sh, None),
        None
    );
    assert_eq!(
        file_access(
            &c("bash", json!({"command": "edit 3:4\nfoo\nend_of_edit"})),
            sh,
            Some("f.py")
        ),
        Some(Access::Edit("f.py".into()))
    );
    assert_eq!(
        file_access(
            &c("run_ipython", json!({"code": "open_file('/w/App.css')"})),
            sh,
            None
        ),
        Some(Access::Open("/w/App.css".into()))
    );
    let create = c(
        "str_replace_editor",
        json!({"command": "create", "path": "/w/g.py"}),
    );
    assert_eq!(
        file_access(&create, ToolRole::Write, None),
        Some(Access::Edit("/w/g.py".into()))
    );
}

#[test]
fn file_access_goes_by_the_role_not_the_name() {
    let c = |name: &str, args| call("x", name, args);
    let cat = c("whatever", json!({"command": "cat a.py"}));
    assert_eq!(file_access(&cat, ToolRole::Other, None), None);
    assert_eq!(
        file_access(&cat, ToolRole::Shell, None),
        Some(Access::Read("a.py".into()))
    );
    let show = c("look", json!({"path": "a.py"}));
    assert_eq!(
        file_access(&show, ToolRole::Read, None),
        Some(Access::Read("a.py".into()))
    );
    assert_eq!(
        file_access(&show, ToolRole::Write, None),
        Some(Access::Edit("a.py".into()))
    );
    let view = c("editor", json!({"command": "view", "path": "a.py"}));
    assert_eq!(
        file_access(&view, ToolRole::Write, None),
        Some(Access::Read("a.py".into()))
    );
    // A search shows part of the path: it supersedes no read of it.
    let search = c("find", json!({"path": "a.py", "pattern": "fn main"}));
    assert!(matches!(
        file_access(&search, ToolRole::Read, None),
        Some(Access::ReadPart(p, _)) if p == "a.py"
    ));
}

struct Fails;
impl Summarizer for Fails {
    fn summarize(&mut self, _: &SummaryRequest<'_>) -> Result<String, SummaryError> {
        Err(SummaryError("503".into()))
    }
}

struct Fixed;
impl Summarizer for Fixed {
    fn summarize(&mut self, r: &SummaryRequest<'_>) -> Result<String, SummaryError> {
        Ok(format!("summary of {} messages", r.messages.len()))
    }
}

#[test]
fn summary_keeps_task_and_tail_and_falls_back() {
    let items = history(20, 400);
    // ~2,300 tokens: over the trigger of a 2,800 window, under the window.
    let cfg = Config::from_strategy("summary", 2800).unwrap();
    let recs = condense(&cfg, &items, &[], input(20), &EST, Some(&mut Fails));
    assert_eq!(recs.len(), 1);
    let Condensation::Summary {
        source,
        first_id,
        last_id,
        ..
    } = &recs[0]
    else {
        panic!("expected a summary")
    };
    assert_eq!(*source, SummarySource::Extractive);
    assert_eq!((*first_id, *last_id), (1, 30));
    let v = view(&items, &recs);
    assert_eq!(v[0].content, "Fix the bug in parser.rs");
    assert!(v[1].content.starts_with("[context summary of events 1..30"));
    assert_eq!(v.len(), 2 + 10);
    assert_eq!(v[2].role, Role::Assistant);
    // A window already full: no model call (it would not fit), and half as many messages kept.
    let cfg = Config::from_strategy("summary", 2000).unwrap();
    let recs = condense(&cfg, &items, &[], input(20), &EST, Some(&mut Fixed));
    assert!(
        matches!(
            &recs[0],
            Condensation::Summary {
                source: SummarySource::Extractive,
                first_id: 1,
                last_id: 34,
                ..
            }
        ),
        "{recs:?}"
    );
    // A model summary when the call works and the window is not already full.
    let cfg = Config::from_strategy("summary", 2800).unwrap();
    let recs = condense(&cfg, &items, &[], input(20), &EST, Some(&mut Fixed));
    assert!(matches!(
        &recs[0],
        Condensation::Summary { source: SummarySource::Model, text, .. } if text == "summary of 30 messages"
    ));
}

#[test]
fn summary_never_runs_with_an_open_call_or_below_threshold() {
    let mut items = history(20, 400);
    let cfg = Config::from_strategy("summary", 1_000_000).unwrap();
    assert!(condense(&cfg, &items, &[], input(20), &EST, None).is_empty());
    let cfg = Config::from_strategy("summary", 2000).unwrap();
    items.pop();
    assert!(condense(&cfg, &items, &[], input(20), &EST, None).is_empty());
}

#[test]
fn reported_tokens_win_over_counts() {
    let items = history(20, 400);
    let cfg = Config::from_strategy("summary", 2000).unwrap();
    let mut inp = input(20);
    inp.reported_prompt_tokens = Some(10);
    assert!(condense(&cfg, &items, &[], inp, &EST, None).is_empty());
}

#[test]
fn repeated_compactions_are_stuck() {
    let s = |step| Condensation::Summary {
        step,
        first_id: 1,
        last_id: 2,
        source: SummarySource::Extractive,
        tokens_before: 0,
        text: String::new(),
    };
    assert!(compaction_stuck(&[s(4), s(5), s(6)], 3));
    assert!(!compaction_stuck(&[s(1), s(5), s(9)], 3));
    assert!(!compaction_stuck(&[s(5), s(6)], 3));
}

#[test]
fn strategy_names_are_checked() {
    assert!(Config::from_strategy("none", 0).unwrap().mask.is_none());
    assert_eq!(
        Config::from_strategy("last5", 0).unwrap_err().to_string(),
        "unknown condenser strategy `last5` (expected none, mask, summary or mask+summary)"
    );
}

#[test]
fn records_round_trip_as_json() {
    let r = Condensation::Mask {
        step: 2,
        reason: MaskReason::StaleRead,
        ids: vec![3],
    };
    let j = serde_json::to_string(&r).unwrap();
    assert_eq!(
        j,
        r#"{"type":"mask","step":2,"reason":"stale_read","ids":[3]}"#
    );
    assert_eq!(serde_json::from_str::<Condensation>(&j).unwrap(), r);
}

#[test]
fn a_repeated_result_becomes_a_reference_to_the_copy_shown() {
    let mut items = history(2, 500);
    // Step 3 repeats step 2's output byte for byte.
    let same = items[4].message.content.clone();
    items.push(Item {
        id: 5,
        message: Message {
            role: Role::Assistant,
            content: "again".into(),
            tool_calls: vec![call("c2", "shell", json!({"command": "ls 1"}))],
            tool_call_id: None,
        },
    });
    items.push(Item {
        id: 6,
        message: Message::tool("c2", same.clone()),
    });
    let cfg = Config::from_strategy("mask", 0).unwrap();
    let recs = condense(&cfg, &items, &[], input(4), &EST, None);
    assert_eq!(
        recs,
        vec![Condensation::Mask {
            step: 4,
            reason: MaskReason::Duplicate,
            ids: vec![6]
        }]
    );
    let v = view(&items, &recs);
    assert_eq!(
        v[6].content,
        "[same output as tool result 4 above (shell, 1 lines, 500 bytes), not repeated; recall id 6]"
    );
    assert_eq!(v[4].content, same, "the copy referred to stays in full");
    assert_eq!(recall(&items, 6).unwrap().content, same);
    // Nothing more to do: the elision happened before the result was ever sent.
    assert!(condense(&cfg, &items, &recs, input(5), &EST, None).is_empty());
}

#[test]
fn the_copy_a_recent_duplicate_refers_to_is_not_masked() {
    // 16 distinct results, then a repeat of result id 2 (the oldest): id 2 must stay in full
    // while its repeat is among the last M, even though it is due for masking.
    let mut items = history(16, 1000);
    let same = items[2].message.content.clone();
    items.push(Item {
        id: 33,
        message: Message {
            role: Role::Assistant,
            content: String::new(),
            tool_calls: vec![call("c16", "shell", json!({"command": "ls 0"}))],
            tool_call_id: None,
        },
    });
    items.push(Item {
        id: 34,
        message: Message::tool("c16", same),
    });
    let cfg = Config::from_strategy("mask", 0).unwrap();
    let recs = condense(&cfg, &items, &[], input(17), &EST, None);
    let masked: Vec<u64> = recs
        .iter()
        .filter_map(|r| match r {
            Condensation::Mask {
                reason: MaskReason::Old,
                ids,
                ..
            } => Some(ids.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    assert!(!masked.is_empty());
    assert!(!masked.contains(&2), "{masked:?}");
    assert!(masked.contains(&4));
}

#[test]
fn large_arguments_are_masked_with_their_result() {
    let mut items = history(15, 1000);
    let script = format!("python - <<'EOF'\n{}\nEOF", "print(1)\n".repeat(50));
    items[1].message.tool_calls[0].arguments = json!({ "command": script });
    let cfg = Config::from_strategy("mask", 0).unwrap();
    let recs = condense(&cfg, &items, &[], input(15), &EST, None);
    let Condensation::Mask { ids, .. } = &recs[0] else {
        panic!("expected a mask")
    };
    assert!(ids.contains(&1) && ids.contains(&2), "{ids:?}");
    assert!(!ids.contains(&3), "small arguments stay: {ids:?}");
    let v = view(&items, &recs);
    let shown = v[1].tool_calls[0].arguments["masked"].as_str().unwrap();
    assert!(
        shown.starts_with("python - <<'EOF'"),
        "first line kept: {shown}"
    );
    assert!(shown.ends_with("; recall id 1]"), "{shown}");
    assert_eq!(v[1].content, "step 0", "the assistant text stays");
    assert_eq!(v[3], items[3].message);
    assert_eq!(
        recall(&items, 1).unwrap().tool_calls[0].arguments["command"],
        script
    );
}

#[test]
fn an_edit_result_goes_stale_when_the_file_is_touched_again() {
    let mut items = history(1, 10);
    let edit = |id: u64, body: &str| {
        step(
            id,
            "edit_file",
            json!({"path": "src/a.rs", "old": "a", "new": "b"}),
            body,
        )
    };
    items.extend(edit(10, &distinct(1, 9000)));
    items.extend(edit(12, &distinct(2, 9000)));
    let cfg = Config::from_strategy("mask", 0).unwrap();
    let recs = condense(&cfg, &items, &[], input(3), &EST, None);
    assert_eq!(
        recs,
        vec![Condensation::Mask {
            step: 3,
            reason: MaskReason::StaleRead,
            ids: vec![11]
        }]
    );
    // A short edit result ("ok") is not worth a stub.
    let mut items = history(1, 10);
    items.extend(edit(10, "ok"));
    items.extend(edit(12, &distinct(2, 9000)));
    assert!(condense(&cfg, &items, &[], input(3), &EST, None).is_empty());
}

/// Runs the condensers at every step of `items` (as a loop would) and returns all records.
fn run_steps(cfg: &Config, items: &[Item], prefix_tokens: u64) -> Vec<Condensation> {
    let mut recs = Vec::new();
    let bounds: Vec<usize> = (1..items.len())
        .filter(|k| items[*k].message.role == Role::Assistant)
        .chain([items.len()])
        .collect();
    for (n, k) in bounds.into_iter().enumerate() {
        let inp = StepInput {
            prefix_tokens,
            ..input(n as u64 + 1)
        };
        let new = condense(cfg, &items[..k], &recs, inp, &EST, None);
        recs.extend(new);
    }
    recs
}

#[test]
fn compaction_does_not_repeat_when_the_kept_part_is_over_the_threshold() {
    // Window 2,000 tokens, trigger 1,500: a 1,200-token prefix plus the last 10 messages are
    // over it whatever is summarised. Each step adds ~100 tokens; only history that is new
    // since the last summary counts as gain (at least 10% of the window), so compaction does
    // not fire at every step.
    let items = history(40, 400);
    let cfg = Config::from_strategy("summary", 2000).unwrap();
    let recs = run_steps(&cfg, &items, 1200);
    let steps: Vec<u64> = recs
        .iter()
        .filter_map(|r| match r {
            Condensation::Summary { step, .. } => Some(*step),
            Condensation::Mask { .. } => None,
        })
        .collect();
    assert!(steps.len() >= 2, "{steps:?}");
    assert!(steps.windows(2).all(|w| w[1] > w[0] + 1), "{steps:?}");
    assert!(!compaction_stuck(&recs, 3));
}

#[test]
fn an_extractive_summary_is_rebuilt_not_nested() {
    let items = history(40, 1200);
    let cfg = Config::from_strategy("summary", 2000).unwrap();
    let recs = run_steps(&cfg, &items, 0);
    let texts: Vec<&str> = recs
        .iter()
        .filter_map(|r| match r {
            Condensation::Summary { text, .. } => Some(text.as_str()),
            Condensation::Mask { .. } => None,
        })
        .collect();
    let last = texts.last().unwrap();
    assert_eq!(last.matches("Goal and constraints:").count(), 1, "{last}");
    assert!(!last.contains("Earlier summary:"), "{last}");
    // It still covers the whole range: the first call is named (or counted) in it.
    assert!(
        last.contains("earlier calls") || last.contains("ls 0"),
        "{last}"
    );
}

#[test]
fn the_extractive_summary_has_every_heading_and_the_failing_tests() {
    let msgs = vec![
        Message {
            role: Role::Assistant,
            content: String::new(),
            tool_calls: vec![call("t1", "shell", json!({"command": "pytest -q"}))],
            tool_call_id: None,
        },
        Message::tool(
            "t1",
            "..F.\nFAILED tests/test_io.py::test_read - AssertionError\n1 failed, 3 passed",
        ),
        Message {
            role: Role::Assistant,
            content: String::new(),
            tool_calls: vec![call("t2", "edit_file", json!({"path": "src/io.py"}))],
            tool_call_id: None,
        },
        Message::tool("t2", "edited"),
    ];
    let todo = [
        TodoItem {
            text: "fix read()".into(),
            status: "in_progress".into(),
        },
        TodoItem {
            text: "reproduce".into(),
            status: "done".into(),
        },
    ];
    let text = extractive_summary(&SummaryRequest {
        task: "Make tests/test_io.py pass",
        previous: None,
        messages: &msgs,
        todo: &todo,
        roles: &ROLES,
    });
    for h in [
        "Goal and constraints: Make tests/test_io.py pass",
        "Done:\n- shell: pytest -q -> error",
        "Pending:\n- fix read()\n",
        "Files touched: src/io.py",
        "Failing tests (latest last):\n- FAILED tests/test_io.py::test_read - AssertionError",
        "Errors seen:",
        "Dead ends (do not retry):",
        "Todo list:",
    ] {
        assert!(text.contains(h), "missing {h:?} in:\n{text}");
    }
    assert!(
        !text.contains("- reproduce\n"),
        "done items are not pending"
    );
}

/// An assistant call and its result, with ids `id` and `id + 1`.
fn step(id: u64, name: &str, args: serde_json::Value, result: &str) -> Vec<Item> {
    let cid = format!("k{id}");
    vec![
        Item {
            id,
            message: Message {
                role: Role::Assistant,
                content: String::new(),
                tool_calls: vec![call(&cid, name, args)],
                tool_call_id: None,
            },
        },
        Item {
            id: id + 1,
            message: Message::tool(cid, result),
        },
    ]
}

#[test]
fn summary_keep_zero_does_not_panic() {
    let items = history(20, 400);
    let mut cfg = Config::from_strategy("summary", 2000).unwrap();
    if let Some(s) = cfg.summary.as_mut() {
        s.keep_last = 0;
    }
    let recs = condense(&cfg, &items, &[], input(20), &EST, None);
    assert_eq!(recs.len(), 1, "{recs:?}");
}

#[test]
fn a_written_file_is_masked_with_its_short_result() {
    // `write_file` answers in one short line; its arguments hold the whole file.
    let mut items = history(1, 10);
    items.extend(step(
        10,
        "write_file",
        json!({"path": "src/big.py", "content": "x = 1\n".repeat(500)}),
        "created src/big.py: 3000 bytes, 500 lines",
    ));
    for i in 0..15 {
        items.extend(step(
            12 + 2 * i,
            "shell",
            json!({"command": format!("ls {i}")}),
            &distinct(i, 1000),
        ));
    }
    let cfg = Config::from_strategy("mask", 0).unwrap();
    let recs = condense(&cfg, &items, &[], input(17), &EST, None);
    let Condensation::Mask { ids, .. } = &recs[0] else {
        panic!("expected a mask: {recs:?}")
    };
    assert!(ids.contains(&10), "the write's arguments: {ids:?}");
    assert!(!ids.contains(&11), "the short result stays: {ids:?}");
    let v = view(&items, &recs);
    assert!(
        v[3].tool_calls[0].arguments["masked"]
            .as_str()
            .unwrap()
            .contains("recall id 10]")
    );
}

#[test]
fn reads_of_different_parts_of_a_file_are_not_stale() {
    let read = |id, offset: u64| {
        step(
            id,
            "read_file",
            json!({"path": "src/a.rs", "offset": offset, "limit": 200}),
            &distinct(id, 9000),
        )
    };
    let mut items = history(1, 10);
    items.extend(read(10, 1));
    items.extend(read(12, 201));
    let cfg = Config::from_strategy("mask", 0).unwrap();
    assert!(condense(&cfg, &items, &[], input(3), &EST, None).is_empty());
    // The same part again: the first view of it is stale.
    items.extend(read(14, 1));
    let recs = condense(&cfg, &items, &[], input(4), &EST, None);
    assert_eq!(
        recs,
        vec![Condensation::Mask {
            step: 4,
            reason: MaskReason::StaleRead,
            ids: vec![11]
        }]
    );
    // An edit supersedes every part.
    items.extend(step(16, "edit_file", json!({"path": "src/a.rs"}), "ok"));
    let recs = condense(&cfg, &items, &[], input(5), &EST, None);
    let Condensation::Mask { ids, .. } = &recs[0] else {
        panic!("expected a mask")
    };
    assert_eq!(ids, &vec![11, 13, 15]);
}

#[test]
fn a_full_window_is_compacted_whatever_the_gain() {
    // Prompt already over the window (reported), and the part to summarise is under 10% of
    // it: compact anyway (extractive, no model call), or the next call fails.
    let items = history(20, 40);
    let cfg = Config::from_strategy("summary", 100_000).unwrap();
    let mut inp = input(20);
    inp.reported_prompt_tokens = Some(100_500);
    let recs = condense(&cfg, &items, &[], inp, &EST, Some(&mut Fixed));
    assert!(
        matches!(
            &recs[..],
            [Condensation::Summary {
                source: SummarySource::Extractive,
                ..
            }]
        ),
        "{recs:?}"
    );
    inp.reported_prompt_tokens = Some(90_000);
    assert!(condense(&cfg, &items, &[], inp, &EST, Some(&mut Fixed)).is_empty());
}

#[test]
fn a_mask_at_this_step_counts_before_the_summary_decides() {
    // 15 results of 4,000 bytes (~1,000 tokens each): the provider reported 16,000 tokens for
    // the last request; the trigger is 15,000. Masking the 5 oldest at this step frees ~5,000,
    // so no summary is needed.
    let items = history(15, 4000);
    let mut cfg = Config::from_strategy("mask+summary", 20_000).unwrap();
    cfg.stale = None;
    let mut inp = input(15);
    inp.reported_prompt_tokens = Some(16_000);
    let recs = condense(&cfg, &items, &[], inp, &EST, None);
    assert_eq!(recs.len(), 1, "{recs:?}");
    assert!(matches!(recs[0], Condensation::Mask { .. }));
}

#[test]
fn a_reference_to_a_summarised_copy_reads_as_a_stub() {
    let mut items = history(2, 500);
    let same = items[2].message.content.clone();
    items.extend(step(5, "shell", json!({"command": "ls 0"}), &same));
    let dup = Condensation::Mask {
        step: 3,
        reason: MaskReason::Duplicate,
        ids: vec![6],
    };
    let v = view(&items, std::slice::from_ref(&dup));
    assert!(
        v[6].content.starts_with("[same output as tool result 2"),
        "{}",
        v[6].content
    );
    let sum = Condensation::Summary {
        step: 4,
        first_id: 1,
        last_id: 4,
        source: SummarySource::Extractive,
        tokens_before: 0,
        text: "s".into(),
    };
    let v = view(&items, &[dup, sum]);
    let last = &v.last().unwrap().content;
    assert!(last.starts_with("[masked tool result: shell"), "{last}");
    assert!(last.ends_with("recall id 6]"), "{last}");
}

/// A long run whose old turns are mostly call text that masks leave: the digest replaces them
/// once that pays, without a model call, and every event of its range stays recallable.
#[test]
fn a_long_run_gets_a_priced_digest_and_a_short_one_does_not() {
    let card = crate::price::PriceCard::named("anthropic").unwrap();
    let cfg = Config::mask_and_summary(128_000).cost_aware(&card, 128_000, None, false);
    // Long thoughts and long call arguments (not large enough to be masked) on every step.
    let long = |n: u64| {
        let mut v = history(n, 3_000);
        for it in v.iter_mut().filter(|i| i.message.role == Role::Assistant) {
            it.message.content = format!("{} {}", it.message.content, "thinking ".repeat(60));
            for c in &mut it.message.tool_calls {
                c.arguments =
                    json!({"command": format!("grep -rn pattern {}", "src/ ".repeat(30))});
            }
        }
        v
    };
    let items = long(80);
    let recs = run_steps(&cfg, &items, 500);
    let digests: Vec<&Condensation> = recs
        .iter()
        .filter(|r| matches!(r, Condensation::Summary { text, .. } if is_digest(text)))
        .collect();
    assert!(!digests.is_empty(), "an 80-step run gets a digest");
    for d in &digests {
        let Condensation::Summary {
            source,
            first_id,
            last_id,
            ..
        } = d
        else {
            unreachable!()
        };
        assert_eq!(*source, SummarySource::Extractive, "no model call");
        assert_eq!(*first_id, 1, "everything after the task");
        assert!(recall(&items, *last_id).is_some());
    }
    let shown = view(&items, &recs);
    assert_eq!(shown[0], items[0].message, "the task stays verbatim");
    let short = run_steps(&cfg, &long(8), 500);
    assert!(
        !short
            .iter()
            .any(|r| matches!(r, Condensation::Summary { .. })),
        "an 8-step run does not pay for one"
    );
    let off = Config {
        cost: cfg.cost.clone().map(|c| CostConfig { digest: false, ..c }),
        ..cfg.clone()
    };
    assert!(
        !run_steps(&off, &items, 500)
            .iter()
            .any(|r| matches!(r, Condensation::Summary { .. })),
        "off, nothing below the budget is summarised"
    );
}

use super::*;
use loopwright_protocol::tool::ToolCall;
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
            message: Message::tool(cid, "x".repeat(size)),
        });
    }
    v
}

fn input(step: u64) -> StepInput<'static> {
    StepInput {
        step,
        reported_prompt_tokens: None,
        prefix_tokens: 0,
        todo: &[],
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
        "[masked tool result: shell, 1 lines, 1000 bytes; recall id 2]"
    );
    assert_eq!(recall(&items, 2).unwrap().content.len(), 1000);
    // Already applied: nothing new next step.
    assert!(condense(&cfg, &items, &recs, input(16), &EST, None).is_empty());
}

#[test]
fn stale_reads_are_elided_when_superseded() {
    let mut items = history(1, 10);
    let read = |id: u64, cid: &str| {
        vec![
            Item {
                id,
                message: Message {
                    role: Role::Assistant,
                    content: String::new(),
                    tool_calls: vec![call(cid, "read_file", json!({"path": "src/a.rs"}))],
                    tool_call_id: None,
                },
            },
            Item {
                id: id + 1,
                message: Message::tool(cid, "y".repeat(9000)),
            },
        ]
    };
    items.extend(read(10, "r1"));
    items.extend(read(12, "r2"));
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
    assert_eq!(
        file_access(&c("bash", json!({"command": "cat src/x.py"})), None),
        Some(Access::Read("src/x.py".into()))
    );
    assert_eq!(
        file_access(&c("bash", json!({"command": "cat a | grep b"})), None),
        None
    );
    assert_eq!(
        file_access(
            &c("bash", json!({"command": "edit 3:4\nfoo\nend_of_edit"})),
            Some("f.py")
        ),
        Some(Access::Edit("f.py".into()))
    );
    assert_eq!(
        file_access(
            &c("run_ipython", json!({"code": "open_file('/w/App.css')"})),
            None
        ),
        Some(Access::Open("/w/App.css".into()))
    );
    assert_eq!(
        file_access(
            &c(
                "str_replace_editor",
                json!({"command": "create", "path": "/w/g.py"})
            ),
            None
        ),
        Some(Access::Edit("/w/g.py".into()))
    );
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
    let cfg = Config::from_strategy("summary", 2000).unwrap();
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

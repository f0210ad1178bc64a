//! Property tests: on random histories every strategy of ours keeps the task, pairs every call
#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions
//! with its result, and loses no event (each is in full or named by a recall id).

use loopwright_context::condense::{Config, Item, ToolRoles};
use loopwright_context::prompt::Prefix;
use loopwright_context::replay::{Strategy, Trajectory, replay};
use loopwright_context::{TokenCounter, Tokenizer};
use loopwright_protocol::message::{Message, Role};
use loopwright_protocol::tool::{ToolCall, ToolRole};
use proptest::prelude::*;
use serde_json::json;

fn trajectory(steps: &[(u8, u8, u16, u8)]) -> Trajectory {
    let mut items = vec![Item {
        id: 0,
        message: Message::text(Role::User, "Make the failing test in tests/io.rs pass."),
    }];
    for (n, (tool, file, size, repeat)) in steps.iter().enumerate() {
        let path = format!("src/f{}.rs", file % 4);
        let (name, args) = match tool % 3 {
            0 => ("read_file", json!({"path": path})),
            // Large arguments (an edit's new text) are masked with their result.
            1 => (
                "edit_file",
                json!({"path": path, "old": "a", "new": "b".repeat(*size as usize / 8)}),
            ),
            _ => ("shell", json!({"command": format!("cargo test {n}")})),
        };
        let id = format!("c{n}");
        let next = items.len() as u64;
        items.push(Item {
            id: next,
            message: Message {
                role: Role::Assistant,
                content: format!("step {n}"),
                tool_calls: vec![ToolCall {
                    id: id.clone(),
                    name: name.into(),
                    arguments: args,
                }],
                tool_call_id: None,
            },
        });
        // Some outputs repeat earlier ones byte for byte (elided as duplicates).
        let body = match repeat {
            0 => format!("error[E{n}]: line\n{}", "x".repeat(*size as usize)),
            r => format!("same output {r}\n{}", "y".repeat(600)),
        };
        items.push(Item {
            id: next + 1,
            message: Message::tool(id, body),
        });
    }
    items.push(Item {
        id: items.len() as u64,
        message: Message::text(Role::Assistant, "done"),
    });
    Trajectory {
        name: "random".into(),
        prefix: Prefix {
            system: "You are a careful engineer.".into(),
            instructions: vec![],
            tools: vec![],
        },
        times: vec![None; items.len()],
        items,
        repaired: 0,
        roles: roles(),
    }
}

/// The roles of the tools the random histories call, as a registry declares them.
fn roles() -> ToolRoles {
    let mut r = ToolRoles::default();
    r.insert("read_file", ToolRole::Read);
    r.insert("edit_file", ToolRole::Write);
    r.insert("shell", ToolRole::Shell);
    r
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn invariants_hold_on_random_histories(
        steps in prop::collection::vec((0u8..3, 0u8..8, 0u16..4000, 0u8..3), 1..40),
        window in 1_000u64..40_000,
        strategy in prop::sample::select(vec!["none", "mask", "summary", "mask+summary"]),
    ) {
        let t = trajectory(&steps);
        let s = Strategy::Ours(Config::from_strategy(strategy, window).unwrap());
        let r = replay(&t, &s, &TokenCounter::new(Tokenizer::Estimate));
        prop_assert_eq!(r.steps, steps.len() + 1);
        prop_assert!(r.task_present_all);
        prop_assert!(r.calls_paired_all);
        prop_assert!(r.recallable_all);
    }
}

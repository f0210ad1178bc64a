//! A recorded run's tool results as `loop run` would have shown them: each output goes
//! through `loopwright-observe`'s one observation pipeline (log compression for commands, the
//! head+tail cap, the per-turn budget), and whatever is cut is spilled: the pointer names
//! where the complete output is (in replay, the recorded result itself, recallable by its id).

use loopwright_observe::{
    Budget, CompressOptions, Output, Pointer, Spill, TurnPlanner, compress, count_lines,
};
use loopwright_protocol::message::Role;
use serde_json::Value;

use super::Trajectory;
use crate::condense::call_index;

/// Where a replayed result's spill pointer says the complete output is: the recorded result,
/// by its event id.
const SPILL_PREFIX: &str = ".loop/spill/replay-";

/// The spill path a replayed result's pointer names: the recorded result, by its event id.
pub fn spill_path(id: u64) -> String {
    format!("{SPILL_PREFIX}{id}.log")
}

/// Adds to `out` the event ids whose complete output a spill pointer in `text` names.
pub(crate) fn spilled_ids(text: &str, out: &mut std::collections::HashSet<u64>) {
    let marker = format!("[full output: {SPILL_PREFIX}");
    for (at, _) in text.match_indices(&marker) {
        let rest = &text[at + marker.len()..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if rest[digits..].starts_with(".log ")
            && let Ok(n) = rest[..digits].parse()
        {
            out.insert(n);
        }
    }
}

/// The trajectory with every tool result shaped by the observation pipeline of `loop run`
/// (`budget`: its limits); results the pipeline leaves as they are stay byte-identical.
/// Returns the shaped trajectory and the ids of the results it changed.
pub fn observed(t: &Trajectory, budget: Budget) -> (Trajectory, Vec<u64>) {
    let mut out = t.clone();
    let mut changed = Vec::new();
    let mut planner = TurnPlanner::new(budget);
    let commands: Vec<Option<String>> = {
        let calls = call_index(&t.items);
        t.items
            .iter()
            .map(|it| {
                let id = it.message.tool_call_id.as_deref()?;
                let c = calls.get(id)?;
                c.arguments
                    .get("command")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            })
            .collect()
    };
    for (k, it) in out.items.iter_mut().enumerate() {
        if it.message.role == Role::Assistant {
            planner.begin_turn();
            continue;
        }
        if it.message.role != Role::Tool || it.message.content.is_empty() {
            continue;
        }
        let shown = shape(&planner, &it.message.content, commands[k].as_deref(), it.id);
        planner.charge(&shown);
        if shown.len() < it.message.content.len() {
            it.message.content = shown;
            changed.push(it.id);
        }
    }
    (out, changed)
}

/// What the pipeline shows of one recorded output (no status line: the recorded text already
/// says how the command ended, where the agent said it).
fn shape(planner: &TurnPlanner, text: &str, command: Option<&str>, id: u64) -> String {
    let opts = match command {
        Some(cmd) => CompressOptions::default().with_command(cmd),
        None => CompressOptions::default(),
    };
    let planned = planner.plan(Output {
        text,
        total_bytes: text.len() as u64,
        compressed: Some(compress(text.as_bytes(), &opts)),
    });
    if !planned.needs_spill {
        return text.to_owned();
    }
    let path = spill_path(id);
    let pointer = Pointer {
        path: &path,
        bytes: text.len() as u64,
        lines: count_lines(text.as_bytes()),
    };
    planned.render(Spill::Saved(pointer), None)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use loopwright_protocol::message::Message;
    use loopwright_protocol::tool::ToolCall;

    use super::*;
    use crate::condense::Item;
    use crate::prompt::Prefix;

    fn run(output: &str) -> Trajectory {
        let call = ToolCall {
            id: "c1".into(),
            name: "bash".into(),
            arguments: serde_json::json!({"command": "pytest -q"}),
        };
        let mut assistant = Message::text(Role::Assistant, "");
        assistant.tool_calls = vec![call];
        let mut result = Message::text(Role::Tool, output);
        result.tool_call_id = Some("c1".into());
        let items = vec![
            Item {
                id: 0,
                message: Message::text(Role::User, "fix the bug"),
            },
            Item {
                id: 1,
                message: assistant,
            },
            Item {
                id: 2,
                message: result,
            },
        ];
        Trajectory {
            name: "t".into(),
            prefix: Prefix {
                system: "sys".into(),
                instructions: Vec::new(),
                tools: Vec::new(),
            },
            times: vec![None; items.len()],
            items,
            repaired: 0,
            roles: Default::default(),
        }
    }

    #[test]
    fn a_short_result_stays_byte_identical() {
        let t = run("1 passed in 0.01s\n");
        let (shaped, changed) = observed(&t, Budget::for_window(128_000));
        assert!(changed.is_empty());
        assert_eq!(shaped, t);
    }

    #[test]
    fn a_result_over_the_cap_is_cut_and_points_to_the_recorded_output() {
        let long: String = (0..20_000)
            .map(|i| format!("collected line {i}\n"))
            .collect();
        let t = run(&long);
        let (shaped, changed) = observed(&t, Budget::for_window(16_000));
        assert_eq!(changed, vec![2]);
        let text = &shaped.items[2].message.content;
        assert!(text.len() < long.len() / 4, "{}", text.len());
        let mut ids = HashSet::new();
        spilled_ids(text, &mut ids);
        assert_eq!(
            ids,
            HashSet::from([2]),
            "the pointer names the recorded result"
        );
        assert_eq!(shaped.items[..2], t.items[..2]);
    }

    #[test]
    fn only_a_well_formed_pointer_counts() {
        let mut ids = HashSet::new();
        spilled_ids("[full output: .loop/spill/replay-7x.log (1 bytes", &mut ids);
        spilled_ids("see .loop/spill/replay-8.log", &mut ids);
        assert!(ids.is_empty());
        spilled_ids(
            &format!("[full output: {} (3 bytes, 1 lines)", spill_path(9)),
            &mut ids,
        );
        assert_eq!(ids, HashSet::from([9]));
    }
}

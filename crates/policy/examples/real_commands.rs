//! The shell commands real agents ran, judged under issue 14's "new user" rule file: how many are
//! allowed, asked and denied. A measurement, not a test (false positives are looked at by hand):
//! `cargo run -p loopwright-policy --example real_commands [-- --list]`.
//!
//! The commands come from the recorded trajectories in the repository
//! (`bench/context-replay/data/**`, `crates/context/tests/data/*`: mini-swe-agent, SWE-agent and
//! OpenHands runs, sources in their SOURCES.md/README.md): each bash block or `bash` tool call of
//! an assistant message, each SWE-agent action and each OpenHands `run` action. `--list` prints
//! every command that is not allowed with its verdict and reason, one JSON line each.

#![allow(clippy::unwrap_used, clippy::print_stdout)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use loopwright_policy::{Layer, LayerKind, Policy, Request, Verdict};
use serde_json::Value;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if ["traj", "json", "jsonl"]
            .iter()
            .any(|x| p.extension().is_some_and(|e| e == *x))
        {
            out.push(p);
        }
    }
}

/// The fenced shell blocks of a message.
fn blocks(text: &str, out: &mut Vec<String>) {
    let mut rest = text;
    while let Some(i) = rest.find("```") {
        let after = &rest[i + 3..];
        let Some(nl) = after.find('\n') else { return };
        let lang = after[..nl].trim();
        let body = &after[nl + 1..];
        let Some(end) = body.find("```") else { return };
        if ["bash", "sh", "shell"].contains(&lang) {
            out.push(body[..end].to_string());
        }
        rest = &body[end + 3..];
    }
}

fn from_messages(msgs: &[Value], out: &mut Vec<String>) {
    for m in msgs {
        if m["role"] != "assistant" {
            continue;
        }
        let mut got = false;
        for tc in m["tool_calls"].as_array().into_iter().flatten() {
            let f = &tc["function"];
            let name = f["name"].as_str().unwrap_or("bash");
            if !["bash", "execute_bash", "shell"].contains(&name) {
                continue;
            }
            let args: Value = match &f["arguments"] {
                Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
                v => v.clone(),
            };
            if let Some(c) = args["command"].as_str() {
                out.push(c.to_string());
                got = true;
            }
        }
        if !got {
            match &m["content"] {
                Value::String(s) => blocks(s, out),
                Value::Array(items) => {
                    for it in items {
                        if let Some(t) = it["text"].as_str() {
                            blocks(t, out);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

fn from_doc(d: &Value, out: &mut Vec<String>) {
    if let Some(steps) = d["trajectory"].as_array()
        && steps.first().is_some_and(|s| s.get("action").is_some())
    {
        out.extend(
            steps
                .iter()
                .filter_map(|s| s["action"].as_str().map(String::from)),
        );
    } else if let Some(msgs) = d["messages"].as_array() {
        from_messages(msgs, out);
    } else if let Some(list) = d.as_array()
        && list.first().is_some_and(|m| m.get("role").is_some())
    {
        from_messages(list, out);
    } else {
        let events = d.as_array().or_else(|| d["history"].as_array());
        for e in events.into_iter().flatten() {
            if e["action"] == "run"
                && let Some(c) = e["args"]["command"].as_str()
            {
                out.push(c.to_string());
            }
        }
    }
}

/// Every distinct command of the recorded runs.
pub fn commands(root: &Path) -> BTreeSet<String> {
    let mut paths = Vec::new();
    files(&root.join("bench/context-replay/data"), &mut paths);
    files(&root.join("crates/context/tests/data"), &mut paths);
    let mut out = Vec::new();
    for p in paths {
        let text = std::fs::read_to_string(&p).unwrap();
        let docs: Vec<Value> = if p.extension().is_some_and(|e| e == "jsonl") {
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .filter_map(|l| serde_json::from_str(l).ok())
                .collect()
        } else {
            serde_json::from_str(&text).into_iter().collect()
        };
        for d in &docs {
            from_doc(d, &mut out);
        }
    }
    out.into_iter()
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .collect()
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let list = std::env::args().any(|a| a == "--list");
    let user = Layer::parse(
        LayerKind::Project,
        "newuser-gate.toml",
        include_str!("../tests/data/newuser-gate.toml"),
    )
    .unwrap();
    let policy = Policy::load([Layer::builtin().unwrap(), user]);
    let (mut allow, mut ask, mut deny) = (0, 0, 0);
    let cmds = commands(&root);
    for c in &cmds {
        let d = policy.check(&Request::shell(c, "/testbed").with_home("/root"));
        match d.verdict {
            Verdict::Allow => allow += 1,
            Verdict::Ask => ask += 1,
            Verdict::Deny => deny += 1,
        }
        if list && d.verdict != Verdict::Allow {
            let line = serde_json::json!({"verdict": d.verdict.to_string(), "reason": d.reason, "command": c});
            println!("{line}");
        }
    }
    println!(
        "{} distinct commands: {allow} allow, {ask} ask, {deny} deny",
        cmds.len()
    );
}

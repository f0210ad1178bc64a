//! Judges shell commands read from stdin (one JSON string per line, or a plain line) under issue
//! 14's "new user" rule file and prints one JSON line each: verdict, whether a deny may match,
//! and the deciding reason. `cargo run -p loopwright-policy --example probe < cmds.jsonl`.

#![allow(clippy::unwrap_used, clippy::print_stdout)]

use std::io::BufRead;

use loopwright_policy::{Layer, LayerKind, Policy, Request};

fn main() {
    let user = Layer::parse(
        LayerKind::Project,
        "newuser-gate.toml",
        include_str!("../tests/data/newuser-gate.toml"),
    )
    .unwrap();
    let policy = Policy::load([Layer::builtin().unwrap(), user]);
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        if line.trim().is_empty() {
            continue;
        }
        let cmd: String = serde_json::from_str(&line).unwrap_or(line);
        let d = policy.check(&Request::shell(&cmd, "/work/app").with_home("/home/dev"));
        let out = serde_json::json!({
            "cmd": cmd,
            "verdict": d.verdict.to_string(),
            "may_deny": d.may_deny,
            "reason": d.reason,
        });
        println!("{out}");
    }
}

//! Replays real recorded streams (`crates/providers/tests/data/wild`, sources in its
//! SOURCES.md) to `loop run` and compares what the run made of each with an independent
//! reading of the same stream (`NAME.expected.json`, written by `bench/streams/read.py`).
//!
//! For every stream: the first assistant turn in the session log has the expected text, tool
//! calls and usage; no Chat Completions request holds two user or two assistant messages in a
//! row; reasoning sent as `reasoning_content` (DeepSeek and the like) goes back on the
//! assistant message of the next request, and Anthropic thinking blocks go back whole; a
//! refusal or a content filter never ends the run as done. A stream that carries an error or
//! ends early is retried, never taken as an answer.
//!
//! `dev/` and `heldout/` are separate tests, so the held-out result is reported on its own.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use loopwright_testkit::{MockServer, Reply, scenario};
use serde_json::Value;

const FINAL: &str = "All done.";

fn wild_dir(split: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../providers/tests/data/wild")
        .join(split)
}

/// The streams of a split, by name, with their expected readings.
fn streams(split: &str) -> Vec<(String, String, Value)> {
    let dir = wild_dir(split);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".sse").map(str::to_string)
        })
        .collect();
    names.sort();
    if let Ok(only) = std::env::var("WILD_ONLY") {
        names.retain(|n| n.contains(&only));
    }
    names
        .into_iter()
        .map(|n| {
            let body = std::fs::read_to_string(dir.join(format!("{n}.sse"))).unwrap();
            let exp = std::fs::read_to_string(dir.join(format!("{n}.expected.json")))
                .unwrap_or_else(|_| {
                    panic!("{n}: no expected reading; run bench/streams/read.py --write")
                });
            (n, body, serde_json::from_str(&exp).unwrap())
        })
        .collect()
}

fn final_reply(protocol: &str) -> Reply {
    if protocol == "anthropic" {
        scenario::anthropic::text(FINAL, "end_turn")
    } else {
        scenario::openai::text(FINAL, 10, 3)
    }
}

/// What one replay produced.
struct Replay {
    code: Option<i32>,
    events: Vec<Value>,
    requests: Vec<Value>,
    stderr: String,
}

fn replay(protocol: &str, body: &str) -> Replay {
    let mut replies = vec![Reply::Stream(body.to_string())];
    replies.extend((0..4).map(|_| final_reply(protocol)));
    let server = MockServer::start(replies);
    let base = if protocol == "anthropic" {
        server.base.clone()
    } else {
        server.url("/v1")
    };
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    // The check fails once, so a text-only first answer is followed by a second request.
    let verify = "test -f .checked || { touch .checked; exit 1; }";
    let out = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .env("HOME", home.path())
        .env("WILD_KEY", "k")
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("LOOP_MODEL")
        .env_remove("LOOP_BASE_URL")
        .env_remove("LOOP_PROFILE")
        .args([
            "run",
            "--provider",
            protocol,
            "--model",
            "m",
            "--base-url",
            &base,
        ])
        .args(["--api-key-env", "WILD_KEY", "--yolo", "--session-id", "s"])
        .args(["--max-steps", "3", "--verify", verify])
        .args([
            "--workspace",
            ws.path().to_str().unwrap(),
            "Answer the question.",
        ])
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let log = std::fs::read_to_string(ws.path().join(".loop/sessions/s.jsonl")).unwrap_or_default();
    Replay {
        code: out.status.code(),
        events: log
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect(),
        requests: server.requests().into_iter().map(|r| r.body).collect(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn of_type<'a>(events: &'a [Value], t: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["type"] == t).collect()
}

/// Two user or two assistant messages in a row, in any Chat Completions request.
fn role_problems(requests: &[Value]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, r) in requests.iter().enumerate() {
        let roles: Vec<&str> = r["messages"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|m| m["role"].as_str().unwrap_or(""))
            .collect();
        for w in roles.windows(2) {
            if w[0] == w[1] && (w[0] == "user" || w[0] == "assistant") {
                out.push(format!(
                    "request {} has two {} messages in a row: {roles:?}",
                    i + 1,
                    w[0]
                ));
            }
        }
    }
    out
}

fn check_turn(exp: &Value, turn: &Value, problems: &mut Vec<String>) {
    if turn["text"] != exp["text"] {
        problems.push(format!(
            "text: got {:?}, expected {:?}",
            cut(&turn["text"]),
            cut(&exp["text"])
        ));
    }
    let got: Vec<(Value, Value)> = turn["tool_calls"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| (c["name"].clone(), c["arguments"].clone()))
        .collect();
    let want: Vec<(Value, Value)> = exp["tool_calls"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| (c["name"].clone(), c["arguments"].clone()))
        .collect();
    if got != want {
        problems.push(format!("tool calls: got {got:?}, expected {want:?}"));
    }
    let u = &exp["usage"];
    let reported = ["input", "output", "cached"].iter().any(|k| u[k] != 0);
    let tu = &turn["usage"];
    let n = |v: &Value| v.as_u64().unwrap_or(0);
    let got_u = (
        n(&tu["input_tokens"]),
        n(&tu["output_tokens"]),
        n(&tu["cached_tokens"]),
    );
    let want_u = (n(&u["input"]), n(&u["output"]), n(&u["cached"]));
    if reported && got_u != want_u {
        problems.push(format!(
            "usage (input, output, cached): got {got_u:?}, expected {want_u:?}"
        ));
    }
    if !reported && tu["estimated"] != true {
        problems.push(format!(
            "usage: the stream has none, got {tu} (not marked estimated)"
        ));
    }
}

fn cut(v: &Value) -> String {
    let s = v.as_str().unwrap_or("");
    s.chars().take(120).collect()
}

/// Reasoning that must go back with the turn, in the second request.
fn check_reasoning_sent_back(
    protocol: &str,
    body: &str,
    exp: &Value,
    r: &Replay,
    problems: &mut Vec<String>,
) {
    let reasoning = exp["reasoning"].as_str().unwrap_or("");
    let Some(next) = r.requests.get(1) else {
        return;
    };
    let assistant = next["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|m| m["role"] == "assistant");
    if next.to_string().contains("[context summary") {
        return; // the history was condensed (the turn's input filled the window): nothing to send back
    }
    let Some(assistant) = assistant else {
        let empty = exp["text"] == "" && exp["tool_calls"] == Value::Array(Vec::new());
        if !empty || !reasoning.is_empty() {
            problems.push(format!(
                "the second request has no assistant message: {}",
                cut(&Value::from(next["messages"].to_string()))
            ));
        }
        return;
    };
    if protocol == "openai" {
        if body.contains("\"reasoning_content\":\"")
            && !reasoning.is_empty()
            && assistant["reasoning_content"] != reasoning
        {
            problems.push(format!(
                "reasoning_content not sent back: got {:?}",
                cut(&assistant["reasoning_content"])
            ));
        }
        return;
    }
    let thinking: String = assistant["content"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|b| b["type"] == "thinking")
        .map(|b| b["thinking"].as_str().unwrap_or("").to_string())
        .collect();
    if thinking != reasoning {
        problems.push(format!(
            "thinking sent back: got {:?}, expected {:?}",
            cut(&Value::from(thinking)),
            cut(&exp["reasoning"])
        ));
    }
}

fn check_stream(protocol: &str, body: &str, exp: &Value) -> Vec<String> {
    let r = replay(protocol, body);
    let mut problems = Vec::new();
    if protocol == "openai" {
        problems.extend(role_problems(&r.requests));
    }
    let turns = of_type(&r.events, "assistant");
    let ends = of_type(&r.events, "end");
    let outcome = ends
        .last()
        .map(|e| e["outcome"].clone())
        .unwrap_or(Value::Null);
    let stop = exp["stop"].as_str().unwrap_or("");
    let usable = exp["error"].is_null() && exp["complete"] == true;
    if !usable {
        // An error inside the stream, or a stream cut short: never an answer.
        if let Some(t) = turns.first()
            && t["text"] != FINAL
            && r.code == Some(0)
        {
            problems.push(format!(
                "a broken stream was taken as an answer: {:?}",
                cut(&t["text"])
            ));
        }
        return problems;
    }
    let Some(turn) = turns.first() else {
        problems.push(format!(
            "no assistant turn (exit {:?}): {}",
            r.code,
            r.stderr.lines().last().unwrap_or("")
        ));
        return problems;
    };
    check_turn(exp, turn, &mut problems);
    if stop == "refusal" || stop == "content_filter" {
        if r.code == Some(0) || outcome == "done" {
            problems.push(format!("a {stop} ended as {outcome} (exit {:?})", r.code));
        }
    } else {
        check_reasoning_sent_back(protocol, body, exp, &r, &mut problems);
        if r.requests.len() < 2 {
            problems.push(format!(
                "no second request (exit {:?}): {}",
                r.code,
                r.stderr.lines().last().unwrap_or("")
            ));
        }
    }
    problems
}

fn run_split(split: &str) {
    let all = streams(split);
    assert!(!all.is_empty(), "no streams in {split}");
    let mut failed = Vec::new();
    for (name, body, exp) in &all {
        let protocol = exp["protocol"].as_str().unwrap();
        let problems = check_stream(protocol, body, exp);
        if !problems.is_empty() {
            failed.push(format!("{name}:\n    {}", problems.join("\n    ")));
        }
    }
    eprintln!(
        "{split}: {} of {} streams replayed as read",
        all.len() - failed.len(),
        all.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} streams differ:\n{}",
        failed.len(),
        all.len(),
        failed.join("\n")
    );
}

#[test]
fn dev_streams_replay_as_an_independent_reading_gives_them() {
    run_split("dev");
}

#[test]
fn heldout_streams_replay_as_an_independent_reading_gives_them() {
    run_split("heldout");
}

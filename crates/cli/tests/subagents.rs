//! Sub-agents in `loop run`: two children spawned in one turn, one of them hung; a parent
//! killed with SIGKILL while its children run, then resumed. Scripted models only.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::tool::ToolStatus;
use loopwright_store::session::FileSessionStore;

fn loop_cmd() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin!("loop"))
}

const PARENT_TURNS: &str = r#"[
  {"text": "two helpers", "tool_calls": [
    {"name": "spawn_agent", "arguments": {"task": "child A: record a1"}},
    {"name": "spawn_agent", "arguments": {"task": "child B: record b1, then think forever"}}]},
  {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "both helpers answered"}}]}
]"#;

fn shell(text: &str, command: &str) -> String {
    format!(
        r#"{{"text": "{text}", "tool_calls": [{{"name": "shell", "arguments": {{"command": "{command}"}}}}]}}"#
    )
}

fn slow_shell(text: &str, command: &str) -> String {
    shell(text, command).replacen('{', r#"{"sleep_s": 2, "#, 1)
}

fn finish(summary: &str) -> String {
    format!(
        r#"{{"text": "", "tool_calls": [{{"name": "finish", "arguments": {{"summary": "{summary}"}}}}]}}"#
    )
}

fn write_script(ws: &Path, children: &[String]) -> std::path::PathBuf {
    let script = format!(
        r#"{{"turns": {PARENT_TURNS}, "subagents": [{}]}}"#,
        children.join(",\n")
    );
    let path = ws.join("script.json");
    std::fs::write(&path, script).unwrap();
    path
}

fn events(ws: &Path, id: &str) -> Vec<Event> {
    FileSessionStore::new(&ws.join(".loop"))
        .load(id)
        .unwrap_or_else(|e| panic!("session {id}: {e}"))
        .events
}

/// Every tool call of the session has exactly one result; returns them by call id.
fn results(events: &[Event]) -> HashMap<String, (ToolStatus, String)> {
    let mut calls = Vec::new();
    let mut out: HashMap<String, (ToolStatus, String)> = HashMap::new();
    for e in events {
        match &e.kind {
            EventKind::Assistant { tool_calls, .. } => {
                calls.extend(tool_calls.iter().map(|c| c.id.clone()))
            }
            EventKind::ToolResult(r) => {
                assert!(
                    out.insert(r.call_id.clone(), (r.status, r.content.clone()))
                        .is_none(),
                    "call {} has two results",
                    r.call_id
                );
            }
            _ => {}
        }
    }
    for c in &calls {
        assert!(out.contains_key(c), "call {c} has no result");
    }
    out
}

/// Each line of `runs.log` (one per tool that ran) appears once.
fn ran_once(ws: &Path) -> Vec<String> {
    let ran = std::fs::read_to_string(ws.join("runs.log")).unwrap_or_default();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for tok in ran.lines() {
        *seen.entry(tok).or_default() += 1;
    }
    for (tok, n) in &seen {
        assert_eq!(*n, 1, "{tok} ran {n} times");
    }
    let mut lines: Vec<String> = ran.lines().map(str::to_string).collect();
    lines.sort();
    lines
}

fn child_of(events: &[Event]) -> Option<(String, u32)> {
    events.iter().find_map(|e| match &e.kind {
        EventKind::ChildOf {
            parent_id, depth, ..
        } => Some((parent_id.clone(), *depth)),
        _ => None,
    })
}

#[test]
fn a_hung_child_is_salvaged_and_both_answers_reach_the_parent() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    let script = write_script(
        ws,
        &[
            format!(
                "[{}, {}]",
                shell("A works", "echo a1 >> runs.log"),
                finish("A recorded a1")
            ),
            format!(
                r#"{{"turns": [{}, {{"sleep_s": 600}}], "summaries": ["B recorded b1; left: the rest"]}}"#,
                shell("B works", "echo b1 >> runs.log")
            ),
        ],
    );
    let started = Instant::now();
    let out = loop_cmd()
        .args(["run", "use two helpers", "--session-id", "p", "--yolo"])
        .arg("--workspace")
        .arg(ws)
        .arg("--script")
        .arg(&script)
        .args(["--subagent-idle-timeout", "2"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // The hung model call was cancelled, not waited out (it would sleep 600 s).
    assert!(started.elapsed() < Duration::from_secs(300), "{stderr}");

    let parent = events(ws, "p");
    let res = results(&parent);
    let (a_status, a_text) = &res["call_1_1"];
    assert_eq!(*a_status, ToolStatus::Ok, "{a_text}");
    assert!(a_text.contains("A recorded a1"), "{a_text}");
    assert!(
        a_text.contains("loop sessions show p-sub-call_1_1"),
        "{a_text}"
    );
    let (b_status, b_text) = &res["call_1_2"];
    assert_eq!(*b_status, ToolStatus::Timeout, "{b_text}");
    assert!(
        b_text.contains("[salvaged] B recorded b1; left: the rest"),
        "{b_text}"
    );
    assert!(b_text.contains("--subagent-idle-timeout"), "{b_text}");
    let records: Vec<_> = parent
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Subagent(r) => Some(r.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(records.len(), 2);
    assert!(
        records
            .iter()
            .all(|r| r.usage.is_some_and(|u| u.total() > 0))
    );

    // Three sessions: the parent and its two children, each naming the parent.
    let sessions = FileSessionStore::new(&ws.join(".loop")).list().unwrap();
    assert_eq!(sessions.len(), 3, "{sessions:?}");
    for id in ["p-sub-call_1_1", "p-sub-call_1_2"] {
        let ev = events(ws, id);
        assert_eq!(child_of(&ev), Some(("p".to_string(), 1)), "{id}");
        results(&ev);
    }
    let b = events(ws, "p-sub-call_1_2");
    assert!(b.iter().any(
        |e| matches!(&e.kind, EventKind::End { summary, .. } if summary.starts_with("[salvaged]"))
    ));
    assert_eq!(ran_once(ws), vec!["a1", "b1"]);

    // `loop sessions list` shows the tree; `show` names the parent and the children.
    let list = loop_cmd()
        .args(["sessions", "list", "--workspace"])
        .arg(ws)
        .output()
        .unwrap();
    let list = String::from_utf8_lossy(&list.stdout);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 3, "{list}");
    assert!(lines[0].starts_with("p "), "{list}");
    assert!(lines[1].starts_with("  └ p-sub-call_1_1 "), "{list}");
    assert!(lines[2].starts_with("  └ p-sub-call_1_2 "), "{list}");
    let show = loop_cmd()
        .args(["sessions", "show", "p-sub-call_1_2", "--workspace"])
        .arg(ws)
        .output()
        .unwrap();
    let show = String::from_utf8_lossy(&show.stdout);
    assert!(
        show.contains("## sub-agent of p (call call_1_2, depth 1)"),
        "{show}"
    );
    let show = loop_cmd()
        .args(["sessions", "show", "p", "--workspace"])
        .arg(ws)
        .output()
        .unwrap();
    let show = String::from_utf8_lossy(&show.stdout);
    assert!(
        show.contains("## sub-agent p-sub-call_1_2 ended: limit, salvaged"),
        "{show}"
    );
}

#[test]
fn over_the_cap_and_duplicate_briefs_are_refused_with_their_own_reason() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    let turns = r#"[
      {"text": "three helpers", "tool_calls": [
        {"name": "spawn_agent", "arguments": {"task": "Count the files"}},
        {"name": "spawn_agent", "arguments": {"task": "  count   THE files "}},
        {"name": "spawn_agent", "arguments": {"task": "list the files"}},
        {"name": "spawn_agent", "arguments": {"task": "grep", "tools": ["rm_rf"]}}]},
      {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "ok"}}]}
    ]"#;
    let script = format!(
        r#"{{"turns": {turns}, "subagents": [[{}, {}]]}}"#,
        shell("counting", "echo c1 >> runs.log"),
        finish("3 files")
    );
    std::fs::write(ws.join("script.json"), script).unwrap();
    let out = loop_cmd()
        .args([
            "run",
            "count",
            "--session-id",
            "p",
            "--yolo",
            "--subagent-max",
            "1",
        ])
        .arg("--workspace")
        .arg(ws)
        .arg("--script")
        .arg(ws.join("script.json"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let res = results(&events(ws, "p"));
    assert_eq!(res["call_1_1"].0, ToolStatus::Ok, "{}", res["call_1_1"].1);
    let (dup, text) = &res["call_1_2"];
    assert_eq!(*dup, ToolStatus::Denied);
    assert!(
        text.contains("same brief is already running") && text.contains("Do not retry"),
        "{text}"
    );
    let (cap, text) = &res["call_1_3"];
    assert_eq!(*cap, ToolStatus::Denied);
    assert!(
        text.contains("the cap is 1 (--subagent-max)") && text.contains("Do not retry"),
        "{text}"
    );
    let (bad, text) = &res["call_1_4"];
    assert_eq!(*bad, ToolStatus::Invalid, "{text}");
    assert_eq!(ran_once(ws), vec!["c1"]);
    assert_eq!(
        FileSessionStore::new(&ws.join(".loop"))
            .list()
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn a_parent_killed_while_children_run_resumes_them_and_no_tool_runs_twice() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    let script = write_script(
        ws,
        &[
            // The second model call of each child blocks 2 s (the kill comes then), and
            // then runs one more command.
            format!(
                "[{}, {}, {}]",
                shell("A works", "echo a1 >> runs.log"),
                slow_shell("A again", "echo a2 >> runs.log"),
                finish("A recorded a1 and a2")
            ),
            format!(
                "[{}, {}, {}]",
                shell("B works", "echo b1 >> runs.log"),
                slow_shell("B again", "echo b2 >> runs.log"),
                finish("B recorded b1 and b2")
            ),
        ],
    );
    let mut child = loop_cmd()
        .args(["run", "use two helpers", "--session-id", "p", "--yolo"])
        .arg("--workspace")
        .arg(ws)
        .arg("--script")
        .arg(&script)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill once both children ran their first command (bounded wait).
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let ran = std::fs::read_to_string(ws.join("runs.log")).unwrap_or_default();
        if ran.contains("a1") && ran.contains("b1") {
            break;
        }
        assert!(Instant::now() < deadline, "the children never ran: {ran:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();

    let out = loop_cmd()
        .args(["run", "--resume", "p", "--yolo"])
        .arg("--workspace")
        .arg(ws)
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let parent = events(ws, "p");
    results(&parent);
    let note = parent
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::User { text } if text.contains("restarted while sub-agents") => {
                Some(text.clone())
            }
            _ => None,
        })
        .expect("the recovered results reach the parent");
    assert!(note.contains("A recorded"), "{note}");
    assert!(note.contains("B recorded"), "{note}");
    for id in ["p-sub-call_1_1", "p-sub-call_1_2"] {
        results(&events(ws, id));
    }
    // a1 and b1 ran before the kill, a2 and b2 after the resume; none ran twice.
    assert_eq!(ran_once(ws), vec!["a1", "a2", "b1", "b2"]);
}

#[test]
fn a_plan_runs_its_graph_and_finish_waits_for_open_nodes() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    let turns = r#"[
      {"text": "plan", "tool_calls": [{"name": "plan", "arguments": {"nodes": [
        {"id": "a", "task": "record a"},
        {"id": "c", "task": "record c"},
        {"id": "b", "task": "record b", "blocked_by": ["a"]},
        {"id": "x", "task": "record x", "blocked_by": ["b", "c"]}]}}]},
      {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "too early"}}]},
      {"text": "drop x", "tool_calls": [{"name": "plan", "arguments": {"drop": ["x"]}}]},
      {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "a, b, c recorded"}}]}
    ]"#;
    // Children in dispatch order: a and c at once, then b (after a), then x, which hangs.
    let child = |name: &str| {
        format!(
            "[{}, {}]",
            shell(
                &format!("{name} works"),
                &format!("echo {name} >> runs.log")
            ),
            finish(&format!("{name} recorded"))
        )
    };
    let script = format!(
        r#"{{"turns": {turns}, "subagents": [{}, {}, {}, [{{"sleep_s": 600}}]]}}"#,
        child("a"),
        child("c"),
        child("b")
    );
    std::fs::write(ws.join("script.json"), script).unwrap();
    let out = loop_cmd()
        .args(["run", "plan it", "--session-id", "p", "--yolo"])
        .args([
            "--subagent-idle-timeout",
            "2",
            "--subagent-salvage-timeout",
            "2",
        ])
        .arg("--workspace")
        .arg(ws)
        .arg("--script")
        .arg(ws.join("script.json"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let parent = events(ws, "p");
    let res = results(&parent);
    let (status, board) = &res["call_1_1"];
    assert_eq!(*status, ToolStatus::Error, "{board}");
    for line in ["## a: done", "## b: done", "## c: done", "## x: failed"] {
        assert!(board.contains(line), "{line}: {board}");
    }
    assert!(board.contains("b recorded"), "{board}");
    let (status, text) = &res["call_2_1"];
    assert_eq!(*status, ToolStatus::Error);
    assert!(
        text.contains("finish refused") && text.contains("`x` (failed)"),
        "{text}"
    );
    assert_eq!(res["call_3_1"].0, ToolStatus::Ok, "{}", res["call_3_1"].1);
    assert_eq!(res["call_4_1"].0, ToolStatus::Ok);
    let nodes: Vec<String> = parent
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Subagent(r) => r.node.clone(),
            _ => None,
        })
        .collect();
    assert_eq!(nodes.len(), 4, "{nodes:?}");
    assert_eq!(ran_once(ws), vec!["a", "b", "c"]);
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_child_in_its_own_worktree_returns_its_diff() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    git(ws, &["init", "-q", "-b", "main"]);
    git(ws, &["config", "user.email", "t@example.invalid"]);
    git(ws, &["config", "user.name", "t"]);
    std::fs::write(ws.join("README.md"), "hi\n").unwrap();
    git(ws, &["add", "README.md"]);
    git(ws, &["commit", "-q", "-m", "init"]);
    let turns = r#"[
      {"text": "isolated", "tool_calls": [{"name": "spawn_agent", "arguments": {"task": "add new.txt", "isolation": "worktree"}}]},
      {"text": "", "tool_calls": [{"name": "finish", "arguments": {"summary": "read the diff"}}]}
    ]"#;
    let script = format!(
        r#"{{"turns": {turns}, "subagents": [[{}, {}]]}}"#,
        shell("adding", "echo isolated-line > new.txt"),
        finish("added new.txt")
    );
    let script_path = dir.path().join(".git").join("script.json");
    std::fs::write(&script_path, script).unwrap();
    let out = loop_cmd()
        .args(["run", "isolate", "--session-id", "p", "--yolo"])
        .arg("--workspace")
        .arg(ws)
        .arg("--script")
        .arg(&script_path)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let res = results(&events(ws, "p"));
    let (status, text) = &res["call_1_1"];
    assert_eq!(*status, ToolStatus::Ok, "{text}");
    assert!(text.contains("diff of its worktree:"), "{text}");
    assert!(
        text.contains("+isolated-line") && text.contains("new.txt"),
        "{text}"
    );
    // The child worked in its own worktree, which is gone now; the parent's tree is untouched.
    assert!(!ws.join("new.txt").exists());
    let child = events(ws, "p-sub-call_1_1");
    let child_ws = child
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::SessionStart { workspace, .. } => Some(workspace.clone()),
            _ => None,
        })
        .unwrap();
    assert_ne!(Path::new(&child_ws), ws);
    assert!(!Path::new(&child_ws).exists(), "{child_ws}");
}

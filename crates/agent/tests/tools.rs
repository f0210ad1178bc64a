//! Built-in tools: shell timeouts and process groups, file paging and editing, search, and
//! the observation texts the model reads.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::Duration;

use loopwright_agent::Cancel;
use loopwright_agent::observation::{ObservationPipeline, shown_path};
use loopwright_agent::tools::{
    EditArgs, FullOutput, GrepArgs, ListArgs, ReadArgs, ToolOutput, WriteArgs, edit_file, grep,
    list_files, read_file, run_shell, write_file,
};
use loopwright_observe::{Budget, Limit};
use loopwright_protocol::tool::ToolStatus;
use loopwright_store::spill::SpillStore;

/// Whether `pid` is still running, allowing a dying process up to 5 s to finish exiting
/// (SIGKILL is delivered asynchronously).
fn pid_alive(pid: i32) -> bool {
    for _ in 0..100 {
        if !pid_running(pid) {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

fn pid_running(pid: i32) -> bool {
    // A zombie still has a /proc entry; its state letter is Z.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(s) => !s.split(") ").nth(1).unwrap_or("").starts_with('Z'),
        Err(_) => false,
    }
}

#[test]
fn timeout_kills_the_whole_process_group() {
    let dir = tempfile::tempdir().unwrap();
    let run = run_shell(
        "sleep 300 & echo $! > bg.pid; sleep 300",
        dir.path(),
        Duration::from_secs(1),
        &Cancel::new(),
        None,
    )
    .unwrap();
    assert!(run.timed_out);
    assert_eq!(run.exit_code, None);
    let pid: i32 = std::fs::read_to_string(dir.path().join("bg.pid"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        !pid_alive(pid),
        "background child {pid} must be killed with the group"
    );
}

#[test]
fn background_jobs_left_behind_are_killed_when_the_command_exits() {
    let dir = tempfile::tempdir().unwrap();
    let run = run_shell(
        "sleep 300 & echo $! > bg.pid; echo started",
        dir.path(),
        Duration::from_secs(60),
        &Cancel::new(),
        None,
    )
    .unwrap();
    assert_eq!(run.exit_code, Some(0));
    let pid: i32 = std::fs::read_to_string(dir.path().join("bg.pid"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(!pid_alive(pid));
}

#[test]
fn cancel_kills_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    let run = run_shell(
        "sleep 300",
        dir.path(),
        Duration::from_secs(600),
        &cancel,
        None,
    )
    .unwrap();
    assert!(run.cancelled);
    assert_eq!(run.exit_code, None);
}

#[test]
fn full_output_streams_to_the_spill_file_while_memory_keeps_head_and_tail() {
    let dir = tempfile::tempdir().unwrap();
    let store = SpillStore::new(dir.path().join("spill"));
    let run = run_shell(
        "seq 1 400000",
        dir.path(),
        Duration::from_secs(60),
        &Cancel::new(),
        Some(store.writer_named("out").unwrap()),
    )
    .unwrap();
    let spill = run.full.unwrap().commit().unwrap().path;
    assert_eq!(spill, dir.path().join("spill/out.log"));
    let full = std::fs::read_to_string(&spill).unwrap();
    assert_eq!(full.lines().count(), 400_000);
    assert_eq!(run.output.total(), full.len() as u64);
    assert!(run.output.is_cut());
    let kept = run.output.text(|n| format!("[{n} omitted]"));
    assert!(kept.starts_with("1\n2\n"));
    assert!(kept.ends_with("399999\n400000\n"));
}

fn lines(n: usize) -> String {
    (1..=n).map(|i| format!("line {i}\n")).collect()
}

#[test]
fn read_file_pages_with_a_footer() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("big.txt");
    std::fs::write(&p, lines(2000)).unwrap();
    let first = read_file(
        &p,
        "big.txt",
        &ReadArgs {
            path: "big.txt".into(),
            offset: None,
            limit: None,
            column: None,
        },
    );
    assert_eq!(first.status, ToolStatus::Ok);
    assert_eq!(first.text.lines().count(), 801);
    assert!(first.text.contains("   800\tline 800\n"));
    let footer = first.text.lines().last().unwrap();
    insta::assert_snapshot!("read_footer_more", footer);
    let last = read_file(
        &p,
        "big.txt",
        &ReadArgs {
            path: "big.txt".into(),
            offset: Some(1990),
            limit: Some(50),
            column: None,
        },
    );
    insta::assert_snapshot!("read_last_page", last.text);
    let past = read_file(
        &p,
        "big.txt",
        &ReadArgs {
            path: "big.txt".into(),
            offset: Some(2001),
            limit: None,
            column: None,
        },
    );
    assert_eq!(past.status, ToolStatus::Error);
    assert!(past.text.contains("has 2000 lines"), "{}", past.text);
    let missing = read_file(
        &dir.path().join("nope"),
        "nope",
        &ReadArgs {
            path: "nope".into(),
            offset: None,
            limit: None,
            column: None,
        },
    );
    assert_eq!(missing.status, ToolStatus::Error);
    std::fs::write(dir.path().join("bin"), b"\x00\x01\x02").unwrap();
    let bin = read_file(
        &dir.path().join("bin"),
        "bin",
        &ReadArgs {
            path: "bin".into(),
            offset: None,
            limit: None,
            column: None,
        },
    );
    assert!(bin.text.contains("binary"));
}

#[test]
fn edit_file_requires_an_exact_unique_match() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("a.rs");
    std::fs::write(&p, "fn main() {\n    let total = add(1, 2);\n    println!(\"{total}\");\n    let total = add(3, 4);\n}\n").unwrap();
    let edit = |old: &str, new: &str, all: bool| {
        edit_file(
            &p,
            "a.rs",
            &EditArgs {
                path: "a.rs".into(),
                old_text: old.into(),
                new_text: new.into(),
                replace_all: all,
            },
        )
    };
    let not_found = edit("    let totl = add(1, 2);", "x", false);
    assert_eq!(not_found.status, ToolStatus::Error);
    insta::assert_snapshot!("edit_not_found", not_found.text);
    let twice = edit("let total", "let sum", false);
    assert_eq!(twice.status, ToolStatus::Error);
    insta::assert_snapshot!("edit_ambiguous", twice.text);
    let same = edit("main", "main", false);
    assert_eq!(same.status, ToolStatus::Error);
    let ok = edit("add(1, 2)", "add(2, 1)", false);
    assert_eq!(ok.status, ToolStatus::Ok, "{}", ok.text);
    assert!(std::fs::read_to_string(&p).unwrap().contains("add(2, 1)"));
    let all = edit("let total", "let sum", true);
    assert_eq!(all.status, ToolStatus::Ok);
    assert_eq!(
        std::fs::read_to_string(&p)
            .unwrap()
            .matches("let sum")
            .count(),
        2
    );
}

#[test]
fn write_file_creates_parents_and_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("deep/dir/f.txt");
    let out = write_file(
        &p,
        "deep/dir/f.txt",
        &WriteArgs {
            path: "x".into(),
            content: "a\nb\n".into(),
        },
    );
    assert_eq!(out.text, "created deep/dir/f.txt: 4 bytes, 2 lines");
    let out = write_file(
        &p,
        "deep/dir/f.txt",
        &WriteArgs {
            path: "x".into(),
            content: "c".into(),
        },
    );
    assert!(out.text.starts_with("overwrote"));
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "c");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("deep/dir"))
        .unwrap()
        .collect();
    assert_eq!(leftovers.len(), 1, "no temp file left behind");
}

#[test]
fn list_and_grep_respect_gitignore() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join(".gitignore"), "target/\n*.log\n").unwrap();
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::fs::create_dir_all(root.join("target")).unwrap();
    std::fs::write(root.join("src/main.rs"), "fn main() { todo_item(); }\n").unwrap();
    std::fs::write(root.join("src/lib.rs"), "pub fn todo_item() {}\n").unwrap();
    std::fs::write(root.join("target/out.rs"), "todo_item\n").unwrap();
    std::fs::write(root.join("build.log"), "todo_item\n").unwrap();
    let listed = list_files(
        root,
        root,
        &ListArgs {
            path: None,
            glob: None,
            max_results: None,
        },
    );
    assert_eq!(listed.text, "src/lib.rs\nsrc/main.rs\n[2 files]");
    let found = grep(
        root,
        root,
        &GrepArgs {
            pattern: "todo_item".into(),
            path: None,
            glob: Some("*.rs".into()),
            ignore_case: false,
            max_results: None,
        },
    );
    assert_eq!(
        found.text,
        "src/lib.rs:1: pub fn todo_item() {}\nsrc/main.rs:1: fn main() { todo_item(); }\n[2 matches]"
    );
    let none = grep(
        root,
        root,
        &GrepArgs {
            pattern: "absent".into(),
            path: None,
            glob: None,
            ignore_case: false,
            max_results: None,
        },
    );
    assert_eq!(none.status, ToolStatus::Error);
    let bad = grep(
        root,
        root,
        &GrepArgs {
            pattern: "(".into(),
            path: None,
            glob: None,
            ignore_case: false,
            max_results: None,
        },
    );
    assert!(bad.text.starts_with("invalid pattern"));
}

/// Lines no log compressor can fold: every line a different sentence.
fn prose(n: usize) -> String {
    let words = [
        "alpha", "river", "stone", "quickly", "under", "seven", "lantern", "orbit", "maple",
        "vivid", "copper", "echo", "north",
    ];
    (1..=n)
        .map(|i| {
            let k = 3 + i % 7;
            let line: Vec<&str> = (0..k)
                .map(|j| words[(i * (j + 3) + j * j + i / 13) % words.len()])
                .collect();
            format!(
                "{}{}\n",
                line.join(if i % 3 == 0 { ", " } else { " " }),
                ".!?;:".chars().nth(i % 5).unwrap()
            )
        })
        .collect()
}

fn command_output(text: &str, exit: Option<i32>, status: ToolStatus, command: &str) -> ToolOutput {
    ToolOutput {
        status,
        text: text.into(),
        exit_code: exit,
        total_bytes: text.len() as u64,
        full: FullOutput::InText,
        command: Some(command.into()),
        compress: false,
    }
}

#[test]
fn observation_texts() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    let shown = |p: &Path| shown_path(ws, p);
    let budget = Budget {
        per_output: Limit::Chars(2_500),
        per_turn: Limit::Chars(4_000),
    };
    let mut pipe = ObservationPipeline::new(budget);
    let spill = |n: &str| ws.join(format!(".loop/spill/s/{n}.log"));
    let store = SpillStore::new(ws.join(".loop/spill/s"));

    let empty_ok = pipe.observe(
        command_output("", Some(0), ToolStatus::Ok, "true"),
        &store,
        "a",
        &shown,
    );
    let empty_fail = pipe.observe(
        command_output("", Some(2), ToolStatus::Error, "false"),
        &store,
        "b",
        &shown,
    );
    assert!(
        !spill("a").exists(),
        "nothing cut: the copy on disk is removed"
    );
    let build: String = (1..=300)
        .map(|i| format!("[{i}/300] compiling crate_{i} ... ok\n"))
        .collect::<String>()
        + "error[E0425]: cannot find value `x` in this scope\n --> src/main.rs:3:5\nbuild failed\n";
    let compressed = pipe.observe(
        command_output(&build, Some(101), ToolStatus::Error, "cargo build"),
        &store,
        "c",
        &shown,
    );
    assert_eq!(compressed.spill.as_deref(), Some(".loop/spill/s/c.log"));
    let big = prose(2000);
    // Outputs of other tools (here: a huge grep result) are capped, not compressed.
    let capped = pipe.observe(
        ToolOutput::text(ToolStatus::Ok, big.clone()),
        &store,
        "d",
        &shown,
    );
    assert!(
        capped.content.chars().count() < 2_500 + 400,
        "{}",
        capped.content.len()
    );
    assert_eq!(
        std::fs::read_to_string(spill("d")).unwrap(),
        big,
        "the full text is spilled"
    );
    // The turn budget is now spent: the next big output is a pointer only.
    let over = pipe.observe(
        ToolOutput::text(ToolStatus::Ok, big.clone()),
        &store,
        "e",
        &shown,
    );
    assert!(over.content.starts_with("[output of"), "{}", over.content);
    let timeout = pipe.observe(
        command_output("waiting...\n", None, ToolStatus::Timeout, "sleep 9"),
        &store,
        "f",
        &shown,
    );
    pipe.begin_turn();
    let plain = pipe.observe(ToolOutput::text(ToolStatus::Ok, ""), &store, "g", &shown);

    insta::assert_snapshot!("observation_empty_ok", empty_ok.content);
    insta::assert_snapshot!("observation_empty_fail", empty_fail.content);
    insta::assert_snapshot!("observation_compressed", compressed.content);
    insta::assert_snapshot!("observation_capped", capped.content);
    insta::assert_snapshot!("observation_turn_budget_spent", over.content);
    insta::assert_snapshot!("observation_timeout", timeout.content);
    assert_eq!(plain.content, "[no output]");
}

#[test]
fn a_small_window_caps_outputs_instead_of_hiding_them() {
    // A 2,000-token window gives a per-output cap below the 2,000-character minimum a turn
    // budget keeps inline: the first output of a turn is still shown (head and tail), and
    // the note about a spent turn budget only appears once the turn budget is really spent.
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    let shown = |p: &Path| shown_path(ws, p);
    let budget = Budget::for_window(2_000);
    assert!(budget.per_output.chars() < 2_000, "{budget:?}");
    let mut pipe = ObservationPipeline::new(budget);
    let spill = |n: &str| ws.join(format!(".loop/spill/s/{n}.log"));
    let store = SpillStore::new(ws.join(".loop/spill/s"));
    let big = prose(2000);
    let first = pipe.observe(
        ToolOutput::text(ToolStatus::Ok, big.clone()),
        &store,
        "a",
        &shown,
    );
    assert!(
        !first.content.starts_with("[output of"),
        "{}",
        first.content
    );
    assert!(first.content.contains(&big[..40]), "the head is shown");
    assert_eq!(std::fs::read_to_string(spill("a")).unwrap(), big);
    let mut last = first;
    for n in ["b", "c", "d"] {
        last = pipe.observe(
            ToolOutput::text(ToolStatus::Ok, big.clone()),
            &store,
            n,
            &shown,
        );
    }
    assert!(last.content.starts_with("[output of"), "{}", last.content);
}

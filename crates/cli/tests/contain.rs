//! `loop run` contains what it runs (issue 13): a scripted adversary's shell calls that fork,
//! `setsid`, double-fork and hold the output pipe open all end at `--tool-timeout`, the run
//! ends at `--timeout`, and no process is left behind, also after a `SIGKILL` of the loop.
//!
//! Every test process has a unique argv marker (`sleep <N>` with N unique to the test run),
//! found afterwards by reading `/proc/*/cmdline`. Bounds are generous (no timing assertion
//! can flake): the run must end within its timeout + 10 s, survivors are polled for up to 10 s.
#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use assert_cmd::Command;

fn loop_bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin!("loop").to_path_buf()
}

/// A number unlikely to be any other process's argument: `9` + pid + a per-test tag.
fn marker(tag: u32) -> String {
    format!("9{}{tag:03}", std::process::id())
}

/// Pids of live processes whose command line contains `needle` as one argument.
fn survivors(needle: &str) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmd) = std::fs::read(e.path().join("cmdline")) else {
            continue;
        };
        let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
        let zombie = stat
            .rfind(')')
            .is_some_and(|i| stat[i + 1..].trim_start().starts_with('Z'));
        if !zombie && cmd.split(|&b| b == 0).any(|a| a == needle.as_bytes()) {
            out.push((pid, String::from_utf8_lossy(&cmd).replace('\0', " ")));
        }
    }
    out
}

/// Waits (bounded) until no process carries `needle`; returns those still alive after 10 s.
fn survivors_after_wait(needle: &str) -> Vec<(u32, String)> {
    let start = Instant::now();
    loop {
        let s = survivors(needle);
        if s.is_empty() || start.elapsed() > Duration::from_secs(10) {
            return s;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn script(dir: &Path, commands: &[String]) -> String {
    let turns: Vec<serde_json::Value> = commands
        .iter()
        .map(|c| {
            serde_json::json!({"text": "", "tool_calls": [
                {"name": "shell", "arguments": {"command": c}}]})
        })
        .chain([serde_json::json!({"text": "done"})])
        .collect();
    let p = dir.join("script.json");
    std::fs::write(&p, serde_json::to_string(&turns).unwrap()).unwrap();
    p.to_string_lossy().into_owned()
}

fn run(ws: &Path, script: &str, extra: &[&str]) -> std::process::Output {
    Command::new(loop_bin())
        .args(["run", "--script", script, "--workspace"])
        .arg(ws)
        .args(["--yolo", "--no-stream", "--json"])
        .args(extra)
        .arg("contain test")
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap()
}

#[test]
fn every_escape_ends_at_the_tool_timeout_and_leaves_nothing() {
    let ws = tempfile::tempdir().unwrap();
    let m = marker(1);
    let commands = [
        // Double fork into a new session, then a foreground wait.
        format!("(setsid sleep {m} &); sleep {m}"),
        // A new session that double-forks again.
        format!("setsid bash -c 'sleep {m} & sleep {m} &' ; sleep {m}"),
        // A setsid'd background job that keeps the pipe open; the call itself ends at once
        // (and breaks the run of timeouts, which would stop the run at three).
        format!("setsid sleep {m} & echo hi"),
        // Clears its environment (no marker) and leaves the group.
        format!("env -i setsid /bin/sleep {m} & nohup sleep {m} >/dev/null 2>&1 & sleep {m}"),
    ];
    let script = script(ws.path(), &commands);
    let start = Instant::now();
    let out = run(
        ws.path(),
        &script,
        &["--tool-timeout", "2", "--timeout", "60"],
    );
    let took = start.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Four calls of at most 2 s each (+ a 2 s pipe grace): far below the 15 s sleeps'
    // marker, generous bound.
    assert!(took < Duration::from_secs(4 * 4 + 10), "took {took:?}");
    assert_eq!(
        stdout.matches("\"status\":\"timeout\"").count(),
        3,
        "{stdout}"
    );
    let left = survivors_after_wait(&m);
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn a_call_holding_the_pipe_ends_at_the_run_timeout() {
    let ws = tempfile::tempdir().unwrap();
    let m = marker(2);
    let commands = [format!("(setsid sleep {m} &); sleep {m}")];
    let script = script(ws.path(), &commands);
    let start = Instant::now();
    let out = run(
        ws.path(),
        &script,
        &["--tool-timeout", "100", "--timeout", "3"],
    );
    let took = start.elapsed();
    assert_ne!(out.status.code(), Some(0));
    assert!(took < Duration::from_secs(3 + 10), "took {took:?}");
    let left = survivors_after_wait(&m);
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn a_sigkilled_loop_leaves_no_tool_running() {
    let ws = tempfile::tempdir().unwrap();
    let m = marker(3);
    let commands = [format!(
        "(setsid sleep {m} &); setsid bash -c 'sleep {m} & sleep {m}' & sleep {m}"
    )];
    let script = script(ws.path(), &commands);
    let mut child = std::process::Command::new(loop_bin())
        .args(["run", "--script", &script, "--workspace"])
        .arg(ws.path())
        .args(["--yolo", "--tool-timeout", "600", "contain test"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait (bounded) until the whole tree is up: four sleeps.
    let start = Instant::now();
    while survivors(&m).len() < 4 && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(survivors(&m).len(), 4, "the tool's tree did not start");
    child.kill().unwrap();
    child.wait().unwrap();
    let left = survivors_after_wait(&m);
    assert!(left.is_empty(), "left running after SIGKILL: {left:?}");
}

/// Writes `show_env.py` into the workspace and returns the shell command that runs it: it prints
/// `label=[value]` for each variable of the tool's environment, then `path=[set]` when `PATH` is
/// there. The gate never approves a secret-named `$VAR` expansion (not even under `--yolo`), so
/// only a program it cannot read shows what the OS itself left in the tool's environment.
fn print_vars(ws: &Path, vars: &[(&str, &str)]) -> String {
    let pairs: Vec<String> = vars
        .iter()
        .map(|(label, var)| format!("(\"{label}\", \"{var}\")"))
        .collect();
    let code = format!(
        "import os\ng = os.environ.get\nparts = [\"%s=[%s]\" % (l, g(v, \"\")) for l, v in [{}]]\nparts.append(\"path=[%s]\" % (\"set\" if g(\"PATH\") else \"\"))\nprint(\" \".join(parts))\n",
        pairs.join(", ")
    );
    std::fs::write(ws.join("show_env.py"), code).unwrap();
    "python3 show_env.py".to_string()
}

#[test]
fn provider_keys_and_secrets_are_not_visible_to_tools() {
    let ws = tempfile::tempdir().unwrap();
    let commands = [
        print_vars(
            ws.path(),
            &[
            ("key", "OPENAI_API_KEY"),
            ("aws", "AWS_SECRET_ACCESS_KEY"),
            ("own", "MY_LLM"),
            ("gh", "GH_TOKEN"),
        ],
        ),
        // (the whole environment, from code: `env` alone is a read of the environment, which
        // the gate denies like /proc/self/environ)
        "python3 -c 'import os; print(sum(\"sk-test-secre\" \"t\" in v for v in os.environ.values()))'"
            .to_string(),
    ];
    let script = script(ws.path(), &commands);
    let out = Command::new(loop_bin())
        .args(["run", "--script", &script, "--workspace"])
        .arg(ws.path())
        .args(["--yolo", "--json", "--pass-env", "GH_TOKEN", "contain test"])
        .env("OPENAI_API_KEY", "sk-test-secret")
        .env("AWS_SECRET_ACCESS_KEY", "sk-test-secret")
        .env("GH_TOKEN", "passed-through")
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("key=[] aws=[] own=[] gh=[passed-through] path=[set]"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\"content\":\"0\\n[exit code 0]\""),
        "{stdout}"
    );
    assert!(!stdout.contains("sk-test-secret"), "{stdout}");
}

/// Ctrl+C in the middle of a tool call, then `--resume` at once: the session is never busy
/// (many rounds, each with a fresh process tree).
#[test]
fn ctrl_c_then_immediate_resume_is_never_busy() {
    for round in 0..8u32 {
        let ws = tempfile::tempdir().unwrap();
        let m = marker(100 + round);
        let script = script(ws.path(), &[format!("setsid sleep {m} & sleep {m}")]);
        let id = format!("r{round}");
        let mut child = std::process::Command::new(loop_bin())
            .args(["run", "--script", &script, "--workspace"])
            .arg(ws.path())
            .args(["--yolo", "--session-id", &id, "contain test"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while survivors(&m).len() < 2 && start.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let killed = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        assert_eq!(child.wait().unwrap().code(), Some(130), "round {round}");
        let out = Command::new(loop_bin())
            .args(["run", "--script", &script, "--workspace"])
            .arg(ws.path())
            .args(["--yolo", "--resume", &id])
            .timeout(Duration::from_secs(120))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("in use"), "round {round}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "round {round}: {stderr}");
        let left = survivors_after_wait(&m);
        assert!(left.is_empty(), "round {round}: left running: {left:?}");
    }
}

/// Reads are judged on resolved paths: links inside the workspace to files and directories
/// outside it are not "inside" (asked, so denied with --no-prompt); links inside stay allowed.
#[test]
fn reads_through_links_out_of_the_workspace_are_asked() {
    let root = tempfile::tempdir().unwrap();
    let ws = root.path().join("ws");
    let outside = root.path().join("outside");
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("o.txt"), "outside-content\n").unwrap();
    std::fs::write(ws.join("src/in.txt"), "inside-content\n").unwrap();
    let link =
        |target: &Path, name: &str| std::os::unix::fs::symlink(target, ws.join(name)).unwrap();
    link(&outside, "out");
    link(&outside.join("o.txt"), "filelink");
    link(Path::new("src/in.txt"), "inlink");
    let calls = serde_json::json!([
        {"text": "", "tool_calls": [
            {"name": "read_file", "arguments": {"path": "filelink"}},
            {"name": "read_file", "arguments": {"path": "out/o.txt"}},
            {"name": "list_files", "arguments": {"path": "out"}},
            {"name": "grep", "arguments": {"pattern": "content", "path": "out"}},
            {"name": "grep", "arguments": {"pattern": "content"}},
            {"name": "read_file", "arguments": {"path": "inlink"}}]},
        {"text": "done"}
    ]);
    let script = ws.join("script.json");
    std::fs::write(&script, calls.to_string()).unwrap();
    let out = Command::new(loop_bin())
        .args(["run", "--script"])
        .arg(&script)
        .arg("--workspace")
        .arg(&ws)
        .args(["--no-prompt", "--json", "contain test"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let statuses: Vec<String> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "tool_result")
        .map(|v| {
            format!(
                "{}:{}",
                v["name"].as_str().unwrap(),
                v["status"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        statuses,
        [
            "read_file:denied",
            "read_file:denied",
            "list_files:denied",
            "grep:denied",
            "grep:ok",
            "read_file:ok"
        ],
        "{stdout}"
    );
    assert!(!stdout.contains("outside-content"), "{stdout}");
    assert!(stdout.contains("inside-content"), "{stdout}");
}

/// Memory does not follow output size: `loop run` stays under 100 MB (VmHWM, the peak
/// resident set, read from /proc while it runs) for a 256 MB output. The 2 GB run of the issue
/// is `bench/contain/memory.sh` (too slow and too much disk for every CI run).
#[test]
fn a_huge_output_keeps_the_loop_under_100_mb() {
    let ws = tempfile::tempdir().unwrap();
    let script = script(ws.path(), &["yes | head -c 256M".to_string()]);
    let mut child = std::process::Command::new(loop_bin())
        .args(["run", "--script", &script, "--workspace"])
        .arg(ws.path())
        .args(["--yolo", "--tool-timeout", "600", "contain test"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0u64;
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() && start.elapsed() < Duration::from_secs(600) {
        if let Ok(s) = std::fs::read_to_string(&status_path)
            && let Some(kb) = s
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak_kb = peak_kb.max(kb);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(peak_kb > 0, "VmHWM was never read");
    assert!(peak_kb < 100 * 1024, "peak RSS {peak_kb} kB");
    // The spill is complete.
    let spill = std::fs::read_dir(ws.path().join(".loop/spill"))
        .unwrap()
        .flatten()
        .flat_map(|d| std::fs::read_dir(d.path()).into_iter().flatten().flatten())
        .map(|f| f.metadata().unwrap().len())
        .max()
        .unwrap_or(0);
    assert_eq!(spill, 256 << 20);
}

/// A spill that cannot be written completely is reported as failed (what was saved, the error)
/// and leaves no temporary file. The full disk is simulated without root by a file size limit
/// (`ulimit -f`, with SIGXFSZ ignored, so writes past it fail with EFBIG as they would with
/// ENOSPC); the session log stays below the limit.
#[test]
fn a_spill_on_a_full_disk_is_reported_as_failed() {
    let ws = tempfile::tempdir().unwrap();
    let script = script(ws.path(), &["seq 1 200000".to_string()]);
    let out = std::process::Command::new("bash")
        .args(["-c", "ulimit -f 256; trap '' XFSZ; exec \"$0\" \"$@\""])
        .arg(loop_bin())
        .args(["run", "--script", &script, "--workspace"])
        .arg(ws.path())
        .args(["--yolo", "--json", "contain test"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("the full output could not be saved: writing ")
            && stdout.contains("failed after "),
        "{stdout}"
    );
    assert!(!stdout.contains("full output: "), "{stdout}");
    let leftovers: Vec<_> = walk(&ws.path().join(".loop"))
        .into_iter()
        .filter(|p| p.file_name().unwrap().to_string_lossy().contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// `.loop/` belongs to the loop: no tool writes or deletes there, --yolo or not.
#[test]
fn no_tool_writes_under_the_state_directory_even_with_yolo() {
    let ws = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(ws.path().join(".loop")).unwrap();
    std::fs::write(ws.path().join(".loop/gate.toml"), "# mine\n").unwrap();
    let calls = serde_json::json!([
        {"text": "", "tool_calls": [
            {"name": "write_file", "arguments": {"path": ".loop/gate.toml", "content": "[[rule]]\nverdict = \"allow\"\ntool = \"shell\"\n"}},
            {"name": "write_file", "arguments": {"path": ".loop/sessions/x.jsonl", "content": "{}"}},
            {"name": "edit_file", "arguments": {"path": ".loop/gate.toml", "old_text": "mine", "new_text": "yours"}},
            {"name": "shell", "arguments": {"command": "echo x > .loop/gate.toml"}},
            {"name": "shell", "arguments": {"command": "rm -rf .loop"}},
            {"name": "shell", "arguments": {"command": "cp /dev/null .loop/sessions/x.jsonl"}},
            {"name": "shell", "arguments": {"command": "python3 -c \"open('.loop/gate.toml','w').write('x')\""}},
            {"name": "shell", "arguments": {"command": "node -e 'require(\"fs\").rmSync(\".loop\",{recursive:true})'"}},
            {"name": "shell", "arguments": {"command": "python3 -c 'print(1)'"}},
            {"name": "write_file", "arguments": {"path": "ok.txt", "content": "fine\n"}}]},
        {"text": "done"}
    ]);
    let script = ws.path().join("script.json");
    std::fs::write(&script, calls.to_string()).unwrap();
    let out = Command::new(loop_bin())
        .args(["run", "--script"])
        .arg(&script)
        .arg("--workspace")
        .arg(ws.path())
        .args(["--yolo", "--json", "contain test"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let statuses: Vec<String> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "tool_result")
        .map(|v| v["status"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        statuses,
        [
            "denied", "denied", "denied", "denied", "denied", "denied", "denied", "denied", "ok",
            "ok"
        ],
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(ws.path().join(".loop/gate.toml")).unwrap(),
        "# mine\n"
    );
}

/// Every file under `dir` with its content, but those of session `skip` (its log, ledger and
/// spills are the loop's own writes).
fn snapshot(dir: &Path, skip: &str) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut files: Vec<_> = walk(dir)
        .into_iter()
        .filter(|p| !p.to_string_lossy().contains(skip))
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    files.sort();
    files
}

fn tool_results(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "tool_result")
        .collect()
}

/// The state directory is read-only for tools at the OS level (issue 13): code the policy
/// cannot see (a script file, a heredoc, a path built at run time, a compiled program) cannot
/// write, append, rename, delete or create under `.loop/`, even with `--yolo`; the workspace
/// cannot be moved away to plant a fake one; ordinary work (files, /tmp, git) still works as
/// the same user. Where the system has no user namespaces, the run says so instead.
#[test]
fn the_os_keeps_every_tool_out_of_the_state_directory() {
    let ws = tempfile::tempdir().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let state = ws.path().join(".loop");
    std::fs::create_dir_all(state.join("sessions")).unwrap();
    std::fs::write(state.join("gate.toml"), "# mine\n").unwrap();
    std::fs::write(state.join("sessions/old.jsonl"), "{}\n").unwrap();
    std::fs::create_dir_all(ws.path().join("src")).unwrap();
    let have_cc = std::process::Command::new("cc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let c_source = r#"#include <stdio.h>
#include <unistd.h>
int main(void){ FILE *f = fopen(".loop/gate.toml", "a"); printf("fopen:%s\n", f ? "yes" : "no");
 printf("rename:%d unlink:%d mkdir:%d\n", rename(".loop/gate.toml", ".loop/g2"), unlink(".loop/sessions/old.jsonl"), mkdir(".loop/new", 0755)); return 0; }"#;
    let mut commands = vec![
        // A script file written by one call, run by the next.
        "printf 'echo x > .loop/gate.toml\\nrm -f .loop/sessions/old.jsonl\\ntouch .loop/new\\n' > w.sh".to_string(),
        "bash w.sh; echo rc=$?".to_string(),
        // A heredoc.
        // (the policy reads a heredoc's literal paths, so this one builds its path).
        "python3 - <<'EOF'\nimport os\nd = '.' + 'loop'\nfor f in (lambda: open(d + '/gate.toml', 'a'), lambda: os.rename(d + '/gate.toml', d + '/g2')):\n    try:\n        f()\n    except OSError as e:\n        print(e)\nEOF".to_string(),
        // Paths built at run time, from a subdirectory (the policy decodes printf's escapes and
        // follows a script written by a redirection or `tee` to where the same call runs it, so
        // the path is built by `tr` and the script is written by one call, run by the next).
        "printf '%s\\n' 'd=$(echo ../_loop | tr _ .)' 'echo z > $d/sessions/old.jsonl; mkdir $d/sub; ln -s x $d/l; rm -rf $d' > src/w2.sh".to_string(),
        "cd src && bash w2.sh".to_string(),
        // Moving the workspace (or the state directory) away to plant a fake one.
        // (the policy denies moves out of the workspace, and reads a script file written and
        // run by one call: a script file written by one call, run by the next).
        "printf '%s\\n' 'mv \"$PWD\" \"$PWD.x\"; mv .loop .loop.x' > w3.sh".to_string(),
        "bash w3.sh".to_string(),
        // Ordinary work still works, as the same user (/tmp through a script file of an
        // earlier call: the policy denies writes outside the workspace).
        format!("echo 'echo t > {}/t.txt' > w4.sh", tmp.path().display()),
        "bash w4.sh && echo ok > ok.txt && git init -q g && git -C g -c user.email=a@b -c user.name=a commit -q --allow-empty -m x && git -C g log --oneline | wc -l && id -u && stat -c owner=%u ok.txt".to_string(),
    ];
    if have_cc {
        commands.push(format!(
            "cat > w.c <<'EOF'\n{c_source}\nEOF\ncc -o w w.c && ./w"
        ));
    }
    let script = script(ws.path(), &commands);
    // a script file may run any command (a denied one too), so `--yolo` runs `bash w.sh` only
    // where a rule allows it
    let rules = tmp.path().join("scripts.toml");
    std::fs::write(
        &rules,
        "[[rule]]\nverdict = \"allow\"\ncommand = \"bash\"\n",
    )
    .unwrap();
    let rules = rules.to_string_lossy().into_owned();
    let out = run(
        ws.path(),
        &script,
        &["--session-id", "guardtest", "--rules", &rules],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let warned = stdout.contains("\"guard\":\"state-dir\"");
    if warned {
        // No user namespaces here: the run says so (the policy deny still applies).
        assert!(stdout.contains("\"action\":\"warn\""), "{stdout}");
        return;
    }
    let results = tool_results(&stdout);
    let text = |i: usize| results[i]["content"].as_str().unwrap().to_string();
    for i in [1, 2, 4] {
        assert!(
            text(i).contains("Read-only file system"),
            "call {i}: {}",
            text(i)
        );
    }
    assert!(text(6).contains("Device or resource busy"), "{}", text(6));
    let me = String::from_utf8(
        std::process::Command::new("id")
            .arg("-u")
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let ok = text(8);
    assert!(
        ok.starts_with(&format!("1\n{}owner={}", me, me.trim())),
        "{ok}"
    );
    if have_cc {
        assert!(
            text(9).contains("fopen:no\nrename:-1 unlink:-1 mkdir:-1"),
            "{}",
            text(9)
        );
    }
    assert_eq!(
        snapshot(&state, "guardtest"),
        vec![
            (state.join("gate.toml"), b"# mine\n".to_vec()),
            (state.join("sessions/old.jsonl"), b"{}\n".to_vec()),
        ]
    );
    assert_eq!(
        std::fs::read_to_string(ws.path().join("ok.txt")).unwrap(),
        "ok\n"
    );
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("t.txt")).unwrap(),
        "t\n"
    );
    // The session log is the loop's, whole: every call has its result.
    let log = std::fs::read_to_string(state.join("sessions/guardtest.jsonl")).unwrap();
    assert_eq!(
        log.matches("\"type\":\"tool_result\"").count(),
        commands.len(),
        "{log}"
    );
}

/// Where the guard cannot be set up (here: the loop runs inside another guard, whose Landlock
/// domain refuses mounts), a run warns once on stderr and in its log, and
/// `--require-state-guard` refuses to start (exit 2, no session written).
#[test]
fn without_the_guard_a_run_warns_or_refuses() {
    let ws = tempfile::tempdir().unwrap();
    let script = script(ws.path(), &["echo hi".to_string()]);
    let nested = |extra: &[&str]| {
        std::process::Command::new(loop_bin())
            .args(["__loop-supervise", &std::process::id().to_string()])
            .args(["--ro", "/nonexistent-loop-guard"])
            .arg(loop_bin())
            .args(["run", "--script", &script, "--workspace"])
            .arg(ws.path())
            .args(["--yolo", "--no-stream"])
            .args(extra)
            .arg("contain test")
            .output()
            .unwrap()
    };
    let probe = nested(&["--session-id", "warned"]);
    let stderr = String::from_utf8_lossy(&probe.stderr);
    if probe.status.code() == Some(126) {
        // No user namespaces at all here: nothing to nest.
        assert!(
            stderr.contains("the state-directory guard failed"),
            "{stderr}"
        );
        return;
    }
    assert_eq!(probe.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stderr
            .matches("guard state-dir: tools are not fully kept out")
            .count(),
        1,
        "{stderr}"
    );
    let log = std::fs::read_to_string(ws.path().join(".loop/sessions/warned.jsonl")).unwrap();
    assert!(
        log.contains("\"type\":\"guard_trip\",\"guard\":\"state-dir\""),
        "{log}"
    );
    let refused = nested(&["--session-id", "refused", "--require-state-guard"]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--require-state-guard: tools cannot be kept out"),
        "{stderr}"
    );
    assert!(!ws.path().join(".loop/sessions/refused.jsonl").exists());
}

/// A profile's `pass_env` keeps variables like `--pass-env`, and the key variable a profile
/// names (`api_key_env`, whatever its name looks like) is hidden from tools.
#[test]
fn profile_pass_env_and_profile_key_variable() {
    use loopwright_testkit::{MockServer, scenario::openai};
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let server = MockServer::start(vec![
        openai::tool_call(
            "c1",
            "shell",
            &serde_json::json!({"command": print_vars(ws.path(), &[
                ("k", "LOCAL_MODEL_KEY"),
                ("gh", "GH_TOKEN"),
                ("np", "NPM_TOKEN"),
            ])}),
        ),
        openai::text("done", 10, 2),
    ]);
    let cfg = home.path().join("loopwright");
    std::fs::create_dir_all(&cfg).unwrap();
    std::fs::write(
        cfg.join("config.toml"),
        format!(
            "default = \"p\"\n[profiles.p]\nprovider = \"openai\"\nmodel = \"m\"\nbase_url = \"{}\"\napi_key_env = \"LOCAL_MODEL_KEY\"\npass_env = [\"GH_TOKEN\"]\n",
            server.url("/v1")
        ),
    )
    .unwrap();
    let out = Command::new(loop_bin())
        .args(["run", "--workspace"])
        .arg(ws.path())
        .args(["--yolo", "--json", "contain test"])
        .env("XDG_CONFIG_HOME", home.path())
        .env_remove("LOOP_PROFILE")
        .env_remove("LOOP_MODEL")
        .env_remove("LOOP_BASE_URL")
        .env("LOCAL_MODEL_KEY", "sk-local-secret")
        .env("GH_TOKEN", "passed-by-profile")
        .env("NPM_TOKEN", "hidden")
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("k=[] gh=[passed-by-profile] np=[] path=[set]"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!stdout.contains("sk-local-secret"), "{stdout}");
}

/// A spill on a really full filesystem: the state directory is a 256 KiB tmpfs, mounted in a
/// user and mount namespace of its own (skipped where `unshare` cannot make one). The result
/// says the full output could not be saved, the run goes on, and no temporary file is left.
#[test]
fn a_spill_on_a_full_tmpfs_is_reported_as_failed() {
    let ws = tempfile::tempdir().unwrap();
    let state = ws.path().join("state");
    std::fs::create_dir_all(&state).unwrap();
    let script = script(ws.path(), &["seq 1 200000".to_string()]);
    // After the run, what is left on the tmpfs is listed (it goes with the namespace).
    let inner = "d=$1; mount -t tmpfs -o size=256k tmpfs \"$d\" || exit 77; shift; \"$@\"; rc=$?; find \"$d\" -name '*.tmp*' | sed 's/^/LEFT /' >&2; exit $rc";
    let out = std::process::Command::new("unshare")
        .args([
            "--user",
            "--map-current-user",
            "--mount",
            "sh",
            "-c",
            inner,
            "sh",
        ])
        .arg(&state)
        .arg(loop_bin())
        .args(["run", "--script", &script, "--workspace"])
        .arg(ws.path())
        .arg("--state-dir")
        .arg(&state)
        .args(["--yolo", "--json", "contain test"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() == Some(77) || stderr.contains("unshare failed") {
        eprintln!("no user namespace with a tmpfs here: {stderr}");
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("the full output could not be saved: writing ")
            && stdout.contains("No space left on device"),
        "{stdout}"
    );
    assert!(!stdout.contains("full output: "), "{stdout}");
    assert!(!stderr.contains("LEFT "), "{stderr}");
}

//! The conformance suite: outputs recorded from the reference `loop-context` 1.5.0 and
//! `loop-cost` 1.2.0 (tests/conformance/cases), replayed against `loop context` / `loop cost`.
//!
//! Each case has `args` (one invocation per line), optional `ledger.json`, and
//! `expected/<line>.stdout|.stderr|.code`. Cases whose expectations we changed on purpose (the
//! documented improvements) carry an `IMPROVED` file saying why; their expected files were
//! re-recorded from loopwright and reviewed.
//!
//! Line syntax: `ARGS` / `@ctx ARGS` (ledger passed with `--ledger`), `@stdin ARGS` (ledger on
//! stdin), `@noledger ARGS`, `@cost ARGS`, and the directives `@seed PAT N DIR [DATE]`,
//! `@seedraw PAT TEXT DIR`, `@state PAT DIR`, `@cat FILE`, `@ls`. `{TMP}` is the per-case work
//! directory (also the working directory), `{CASE}` the case directory, `{TODAY}` the UTC date.
//!
//! Comparison: exit code exactly; stdout exactly, or by JSON value when the expected stdout is a
//! JSON document; stderr must be non-empty when the expected stderr is.
//!
//! Every case runs twice, `loop context ARGS` and the lean `loop-context ARGS` (each in a fresh
//! work directory): both binaries must match the reference.
//!
//! `CONFORMANCE_ONLY=regex` selects cases; `CONFORMANCE_RECORD=1` re-records the cases that
//! carry an `IMPROVED` file (maintainers only: review the diff).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    code: i32,
}

fn today() -> String {
    let t = time::OffsetDateTime::now_utc();
    format!("{:04}-{:02}-{:02}", t.year(), u8::from(t.month()), t.day())
}

/// Which binary runs `context`: `loop context` or the lean `loop-context`.
#[derive(Clone, Copy, PartialEq)]
enum Binary {
    Loop,
    Lean,
}

fn run_loop(bin: Binary, sub: &str, args: &[String], cwd: &Path, stdin: Option<&Path>) -> Outcome {
    let mut cmd = if bin == Binary::Lean && sub == "context" {
        Command::new(env!("CARGO_BIN_EXE_loop-context"))
    } else {
        let mut c = Command::new(env!("CARGO_BIN_EXE_loop"));
        c.arg(sub);
        c
    };
    cmd.args(args).current_dir(cwd).env_remove("LOOP_MODEL");
    cmd.stdin(match stdin {
        Some(p) => Stdio::from(fs::File::open(p).unwrap()),
        None => Stdio::null(),
    });
    let out = cmd.output().unwrap();
    Outcome {
        stdout: out.stdout,
        stderr: out.stderr,
        code: out.status.code().unwrap_or(-1),
    }
}

fn seed(dir: &str, pat: &str, body: &str) {
    fs::create_dir_all(dir).unwrap();
    fs::write(Path::new(dir).join(format!("daily-spend.{pat}.json")), body).unwrap();
}

fn state(pat: &str, dir: &str, today: &str) -> String {
    let p = Path::new(dir).join(format!("daily-spend.{pat}.json"));
    let Ok(text) = fs::read_to_string(&p) else {
        return "missing\n".into();
    };
    let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) else {
        return "unparseable\n".into();
    };
    let Some(o) = v.as_object() else {
        return "not-an-object\n".into();
    };
    let tok = match o.get("tokensUsedToday") {
        None => "\"<absent>\"".to_owned(),
        Some(serde_json::Value::Number(n)) if n.as_f64().is_some_and(|f| f.fract() == 0.0) => {
            format!("{}", n.as_f64().unwrap() as i128)
        }
        Some(v) => v.to_string(),
    };
    let date = match o.get("date") {
        Some(serde_json::Value::String(d)) if d == today => "today".to_owned(),
        Some(serde_json::Value::String(d)) => format!("date={d}"),
        Some(other) => format!("date={other}"),
        None => "date=None".to_owned(),
    };
    format!("{tok} {date}\n")
}

fn list_tree(root: &Path) -> String {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            out.push(format!("./{}", p.strip_prefix(root).unwrap().display()));
            if p.is_dir() {
                walk(root, &p, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort();
    out.iter().map(|l| format!("{l}\n")).collect()
}

fn json_equal(expected: &[u8], got: &[u8]) -> Option<bool> {
    let e: serde_json::Value = serde_json::from_slice(expected).ok()?;
    let g: serde_json::Value = match serde_json::from_slice(got) {
        Ok(g) => g,
        Err(_) => return Some(false),
    };
    Some(same_json(&e, &g))
}

fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value::*;
    match (a, b) {
        (Number(x), Number(y)) => x.as_f64() == y.as_f64(),
        (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_json(p, q)),
        (Object(x), Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

/// Runs one case; returns failure descriptions (empty = pass) and the number of invocations.
fn run_case(dir: &Path, record: bool, bin: Binary) -> (Vec<String>, usize) {
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let name = match bin {
        Binary::Loop => name,
        Binary::Lean => format!("{name} (loop-context)"),
    };
    let work = tempfile::tempdir().unwrap();
    let tmp = work.path().to_string_lossy().into_owned();
    let case = dir.to_string_lossy().into_owned();
    let today = today();
    let ledger = dir.join("ledger.json");
    let args_text = fs::read_to_string(dir.join("args")).unwrap();
    let mut failures = Vec::new();
    let mut count = 0;
    if record {
        let _ = fs::remove_dir_all(dir.join("expected"));
        fs::create_dir_all(dir.join("expected")).unwrap();
    }
    for (i, raw) in args_text.lines().enumerate() {
        let lineno = i + 1;
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let line = line
            .replace("{TMP}", &tmp)
            .replace("{CASE}", &case)
            .replace("{TODAY}", &today);
        let mut toks: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        let mode = match toks.first().map(String::as_str) {
            Some(m @ ("@ctx" | "@stdin" | "@noledger" | "@cost" | "@state" | "@cat" | "@ls")) => {
                let m = m.to_owned();
                toks.remove(0);
                m
            }
            Some("@seed") => {
                let date = toks.get(4).cloned().unwrap_or_else(|| today.clone());
                let body = format!(
                    "{{\n  \"date\": \"{date}\",\n  \"tokensUsedToday\": {}\n}}",
                    toks[2]
                );
                seed(&toks[3], &toks[1], &body);
                continue;
            }
            Some("@seedraw") => {
                seed(&toks[3], &toks[1], &toks[2]);
                continue;
            }
            _ => "@ctx".to_owned(),
        };
        let got = match mode.as_str() {
            "@ctx" => {
                let mut a = toks.clone();
                a.push("--ledger".into());
                a.push(ledger.to_string_lossy().into_owned());
                run_loop(bin, "context", &a, work.path(), None)
            }
            "@stdin" => run_loop(bin, "context", &toks, work.path(), Some(&ledger)),
            "@noledger" => run_loop(bin, "context", &toks, work.path(), None),
            "@cost" => run_loop(bin, "cost", &toks, work.path(), None),
            "@state" => Outcome {
                stdout: state(&toks[0], &toks[1], &today).into_bytes(),
                stderr: vec![],
                code: 0,
            },
            "@cat" => Outcome {
                stdout: fs::read(&toks[0]).unwrap_or_else(|_| b"missing\n".to_vec()),
                stderr: vec![],
                code: 0,
            },
            _ => Outcome {
                stdout: list_tree(work.path()).into_bytes(),
                stderr: vec![],
                code: 0,
            },
        };
        count += 1;
        let exp = dir.join("expected").join(lineno.to_string());
        let path = |ext: &str| PathBuf::from(format!("{}.{ext}", exp.display()));
        if record {
            fs::write(path("stdout"), &got.stdout).unwrap();
            fs::write(path("stderr"), &got.stderr).unwrap();
            fs::write(path("code"), format!("{}\n", got.code)).unwrap();
            continue;
        }
        let Ok(code) = fs::read_to_string(path("code")) else {
            failures.push(format!("{name}#{lineno} [{raw}]: no recorded expectation"));
            continue;
        };
        let want_stdout = fs::read(path("stdout")).unwrap_or_default();
        let want_stderr = fs::read(path("stderr")).unwrap_or_default();
        let why = if code.trim() != got.code.to_string() {
            Some(format!(
                "exit code {}, expected {} (stderr: {})",
                got.code,
                code.trim(),
                String::from_utf8_lossy(&got.stderr).trim()
            ))
        } else if want_stdout != got.stdout && json_equal(&want_stdout, &got.stdout) != Some(true) {
            let w = String::from_utf8_lossy(&want_stdout);
            let g = String::from_utf8_lossy(&got.stdout);
            let first = w.lines().zip(g.lines()).position(|(a, b)| a != b);
            Some(match first {
                Some(n) => format!(
                    "stdout differs at line {}: expected {:?} got {:?}",
                    n + 1,
                    w.lines().nth(n).unwrap_or(""),
                    g.lines().nth(n).unwrap_or("")
                ),
                None => format!(
                    "stdout differs: expected {} bytes, got {}",
                    want_stdout.len(),
                    got.stdout.len()
                ),
            })
        } else if !want_stderr.is_empty() && got.stderr.is_empty() {
            Some("stderr empty, expected a message".to_owned())
        } else {
            None
        };
        if let Some(why) = why {
            failures.push(format!("{name}#{lineno} [{raw}]: {why}"));
        }
    }
    (failures, count)
}

#[test]
fn recorded_reference_behaviour() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/cases");
    let only = std::env::var("CONFORMANCE_ONLY")
        .ok()
        .map(|r| regex::Regex::new(&r).unwrap());
    let record = std::env::var("CONFORMANCE_RECORD").is_ok_and(|v| v == "1");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("args").is_file())
        .filter(|p| {
            only.as_ref()
                .is_none_or(|r| r.is_match(&p.file_name().unwrap().to_string_lossy()))
        })
        .filter(|p| !record || p.join("IMPROVED").is_file())
        .collect();
    dirs.sort();
    assert!(
        !dirs.is_empty() || record,
        "no conformance cases found under {}",
        root.display()
    );
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 8);
    let chunks: Vec<Vec<PathBuf>> = (0..workers)
        .map(|w| dirs.iter().skip(w).step_by(workers).cloned().collect())
        .collect();
    let results: Vec<(Vec<String>, usize)> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                s.spawn(move || {
                    let bins: &[Binary] = if record {
                        &[Binary::Loop]
                    } else {
                        &[Binary::Loop, Binary::Lean]
                    };
                    chunk
                        .iter()
                        .flat_map(|d| bins.iter().map(move |&b| run_case(d, record, b)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let failures: Vec<String> = results.iter().flat_map(|(f, _)| f.clone()).collect();
    let total: usize = results.iter().map(|(_, n)| n).sum();
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    eprintln!(
        "conformance: {} of {total} invocations match the recorded reference",
        total - failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} conformance invocations failed (see FAIL lines above)",
        failures.len()
    );
    if !record {
        let improved = dirs.iter().filter(|d| d.join("IMPROVED").is_file()).count();
        assert!(
            total > 1400 || only.is_some(),
            "only {total} invocations ran"
        );
        eprintln!(
            "({improved} cases re-expected for documented improvements; see their IMPROVED files)"
        );
    }
}

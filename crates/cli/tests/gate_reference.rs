//! Replays loop-gate 1.0.0's recorded outputs (`tests/data/loop-gate/cases.json`) against
//! `loop gate check`: same exit code and stdout, and the same error message on stderr, except
//! the deliberate fixes (`ours`), which must exit with their own code.

#![allow(clippy::unwrap_used)]

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

fn copy_data(to: &Path) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/loop-gate");
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// The part of a reference error message ours must contain: the whole line without its final
/// period, or up to the first `: ` for YAML syntax errors (the parsers word those differently).
fn wanted_error(stderr: &str) -> String {
    let line = stderr.lines().next().unwrap_or("").trim();
    if line.starts_with("Invalid YAML in ") {
        return line.split(": ").next().unwrap().to_string();
    }
    line.trim_end_matches('.').to_string()
}

#[test]
fn replays_loop_gate_1_0_0() {
    let d = TempDir::new().unwrap();
    copy_data(d.path());
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("cases.json")).unwrap())
            .unwrap();
    assert!(cases.len() >= 50);
    let mut failures = Vec::new();
    for c in &cases {
        let name = c["name"].as_str().unwrap();
        let args: Vec<&str> = c["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let out = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
            .current_dir(d.path())
            .env("HOME", d.path())
            .arg("gate")
            .arg("check")
            .args(&args)
            .output()
            .unwrap();
        let code = out.status.code().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if let Some(ours) = c.get("ours") {
            if i64::from(code) != ours["code"].as_i64().unwrap() {
                failures.push(format!(
                    "{name}: exit {code}, want {} ({})",
                    ours["code"], ours["why"]
                ));
            }
            continue;
        }
        let want_code = c["code"].as_i64().unwrap();
        if i64::from(code) != want_code {
            failures.push(format!(
                "{name}: exit {code}, want {want_code}\n{stdout}{stderr}"
            ));
        } else if want_code == 1 {
            let want = wanted_error(c["stderr"].as_str().unwrap());
            if !stderr.contains(&want) {
                failures.push(format!("{name}: stderr {stderr:?} lacks {want:?}"));
            }
        } else if stdout != c["stdout"].as_str().unwrap() {
            failures.push(format!("{name}: stdout\n{stdout}want\n{}", c["stdout"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

//! `loop compress` and `loop spill`: the filter end to end, spill files read back, errors.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn corpus_log(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../observe/tests/data/corpus/logs")
        .join(format!("{name}.log"));
    std::fs::read(p).unwrap()
}

fn loop_cmd(dir: &Path) -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("loop"));
    c.current_dir(dir);
    c
}

fn pointer_path(text: &str) -> PathBuf {
    let start = text.rfind("[full output: ").unwrap() + "[full output: ".len();
    let rest = &text[start..];
    PathBuf::from(&rest[..rest.find(" (").unwrap()])
}

#[test]
fn compresses_spills_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let input = corpus_log("cargo_test_failures");
    let out = loop_cmd(dir.path())
        .args(["compress", "--stats"])
        .write_stdin(input.clone())
        .assert()
        .success();
    let out = out.get_output();
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(text.len() < input.len() / 2, "{}", text.len());
    assert!(text.contains("test result: FAILED. 7 passed; 6 failed;"));
    assert!(text.contains("do not re-run the command"));
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(stderr.contains("lines 246 ->"), "{stderr}");
    assert!(stderr.contains("% saved"), "{stderr}");

    let spill = pointer_path(&text);
    assert!(spill.starts_with(".loop/spill"), "{}", spill.display());
    let whole = loop_cmd(dir.path())
        .args(["spill", "read"])
        .arg(&spill)
        .assert()
        .success();
    assert_eq!(whole.get_output().stdout, input);
    let lines = loop_cmd(dir.path())
        .args(["spill", "read"])
        .arg(&spill)
        .args(["--lines", "194:194"])
        .assert()
        .success();
    assert_eq!(
        String::from_utf8_lossy(&lines.get_output().stdout),
        "test result: FAILED. 7 passed; 6 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.13s\n"
    );
    let bytes = loop_cmd(dir.path())
        .args(["spill", "read"])
        .arg(&spill)
        .args(["--bytes", "0:10"])
        .assert()
        .success();
    assert_eq!(bytes.get_output().stdout, &input[..10]);
    loop_cmd(dir.path())
        .args(["spill", "ls"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "{}\t{}\t246",
            spill.display(),
            input.len()
        )));
}

#[test]
fn short_output_passes_through_without_spill() {
    let dir = tempfile::tempdir().unwrap();
    loop_cmd(dir.path())
        .args(["compress"])
        .write_stdin("hello\n\x1b[31merror\x1b[0m: x\n")
        .assert()
        .success()
        .stdout("hello\nerror: x\n");
    assert!(
        !dir.path().join(".loop/spill").exists()
            || std::fs::read_dir(dir.path().join(".loop/spill"))
                .unwrap()
                .count()
                == 0
    );
}

#[test]
fn caps_by_chars_and_tokens_with_pointer() {
    let dir = tempfile::tempdir().unwrap();
    let input = corpus_log("ls_laR_usr_include");
    for (flag, n, limit) in [
        ("--max-chars", "800", 800usize),
        ("--max-tokens", "200", 800),
    ] {
        let out = loop_cmd(dir.path())
            .args(["compress", "--keep", "\\.h$", flag, n])
            .write_stdin(input.clone())
            .assert()
            .success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let size = if flag == "--max-chars" {
            text.chars().count()
        } else {
            text.len()
        };
        assert!(size <= limit, "{flag}: {size}");
        assert!(text.contains("from the middle"), "{text}");
        assert!(text.contains("[full output: "), "{text}");
    }
}

#[test]
fn short_output_under_the_cap_is_not_cut() {
    let dir = tempfile::tempdir().unwrap();
    let input: String = (0..30)
        .map(|i| format!("line {i} of a short output\n"))
        .collect();
    loop_cmd(dir.path())
        .args(["compress", "--max-chars", "800"])
        .write_stdin(input.clone())
        .assert()
        .success()
        .stdout(input);
}

#[test]
fn json_result_and_no_spill() {
    let dir = tempfile::tempdir().unwrap();
    let out = loop_cmd(dir.path())
        .args(["compress", "--json", "--no-spill"])
        .write_stdin(corpus_log("pytest_boltons_pass"))
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["folded"], true);
    assert_eq!(v["lines_in"], 530);
    assert!(v["spill"].is_null());
    assert!(v["ratio"].as_f64().unwrap() < 0.1);
    let text = v["text"].as_str().unwrap();
    assert!(text.contains("519 passed in 9.76s"));
    assert!(text.contains("full output was not saved (--no-spill)"));
    assert!(!dir.path().join(".loop").exists());
}

#[test]
fn grep_command_keeps_the_answer_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = String::new();
    for i in 0..400 {
        input.push_str(&format!("src/mod{i}.rs:{i}:    let x = helper({i});\n"));
    }
    input.insert_str(
        input.len() / 2,
        "src/deep.rs:42:    fn target_function() {}\n",
    );
    let out = loop_cmd(dir.path())
        .args([
            "compress",
            "--command",
            "grep -rn 'target_\\w+' src",
            "--no-spill",
        ])
        .write_stdin(input)
        .assert()
        .success();
    assert!(
        String::from_utf8_lossy(&out.get_output().stdout)
            .contains("src/deep.rs:42:    fn target_function() {}")
    );
}

#[test]
fn usage_errors_exit_2_and_name_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    loop_cmd(dir.path())
        .args(["compress", "--keep", "("])
        .write_stdin("x\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--keep"));
    loop_cmd(dir.path())
        .args(["compress", "--max-chars", "10"])
        .write_stdin("x\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--max-chars"));
    loop_cmd(dir.path())
        .args(["compress", "--max-chars", "1000", "--max-tokens", "500"])
        .assert()
        .code(2);
    loop_cmd(dir.path())
        .args(["spill", "read", "nope.log", "--lines", "5:2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--lines"));
    loop_cmd(dir.path())
        .args(["spill", "read", "missing.log"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("missing.log"));
    loop_cmd(dir.path())
        .args(["spill", "ls"])
        .assert()
        .success()
        .stdout("");
}

#[test]
fn arbitrary_bytes_do_not_break_the_filter() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = vec![0u8, 0xff, 0xfe, b'\n'];
    input.extend(std::iter::repeat_n(b'a', 3 << 20));
    input.extend_from_slice(b"\nerror: the end\n");
    for i in 0..60 {
        input.extend_from_slice(format!("line {i}\n").as_bytes());
    }
    let out = loop_cmd(dir.path())
        .args(["compress"])
        .write_stdin(input.clone())
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.len() < 20_000);
    assert!(text.contains("error: the end"));
    let spill = pointer_path(&text);
    let back = loop_cmd(dir.path())
        .args(["spill", "read"])
        .arg(&spill)
        .assert()
        .success();
    assert_eq!(back.get_output().stdout, input);
}

#[test]
fn compressed_example_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let out = loop_cmd(dir.path())
        .args(["compress", "--no-spill"])
        .write_stdin(corpus_log("cargo_build_errors"))
        .assert()
        .success();
    insta::assert_snapshot!(String::from_utf8_lossy(&out.get_output().stdout));
}

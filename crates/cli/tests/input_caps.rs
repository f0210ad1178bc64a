//! Input files read whole are bounded (issue 13): an endless device or a huge file given to a
//! flag fails with an error naming the flag and the cap, exit non-zero, nothing written.
#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use assert_cmd::Command;

fn run(args: &[&str], cwd: &std::path::Path) -> (Option<i32>, String) {
    let out = Command::new(assert_cmd::cargo::cargo_bin!("loop"))
        .args(args)
        .current_dir(cwd)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn endless_and_huge_inputs_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    // 65 MiB without writing them: a sparse file.
    let big = dir.path().join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(65 * 1024 * 1024)
        .unwrap();
    let big = big.to_str().unwrap();
    for (args, flag) in [
        (
            vec!["context", "--ledger", "/dev/zero"],
            "--ledger /dev/zero",
        ),
        (vec!["context", "--ledger", big], "--ledger "),
        (
            vec![
                "context",
                "record",
                "--ledger",
                big,
                "--action",
                "a",
                "--outcome",
                "success",
            ],
            "--ledger ",
        ),
        (
            vec!["run", "--script", "/dev/zero", "task"],
            "--script /dev/zero",
        ),
        (
            vec!["cost", "--registry", "/dev/zero"],
            "--registry /dev/zero",
        ),
    ] {
        let (code, stderr) = run(&args, dir.path());
        assert!(code.is_some_and(|c| c != 0), "{args:?}: {stderr}");
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
        assert!(
            stderr.contains("larger than the 64 MiB an input file may have"),
            "{args:?}: {stderr}"
        );
    }
    // The ledger was not touched, and `run` created no session.
    assert_eq!(
        std::fs::metadata(dir.path().join("big.json"))
            .unwrap()
            .len(),
        65 * 1024 * 1024
    );
    assert!(!dir.path().join(".loop/sessions").exists());
    // A device as the ledger of `record` is refused before anything is written next to it.
    let (code, stderr) = run(
        &[
            "context",
            "record",
            "--ledger",
            "/dev/null",
            "--action",
            "a",
            "--outcome",
            "success",
            "--goal",
            "g",
        ],
        dir.path(),
    );
    assert!(code.is_some_and(|c| c != 0), "{stderr}");
    assert!(
        stderr.contains("--ledger /dev/null: not a regular file"),
        "{stderr}"
    );
    assert!(!std::path::Path::new("/dev/.null.lock").exists());
}

//! Helpers shared by the CLI integration tests: the binary, the PostgreSQL test store, the
//! MCP servers installed by `.ci/mcp-deps.sh`, and ledger files. Each test file uses a part.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

/// The `loop` binary under test.
pub fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin!("loop").to_path_buf()
}

/// A URL of the test database with a schema of its own for `test` (and this process); `None`
/// (the test is skipped) without `PGHOST`, unless `CI` is set, where that is a failure.
pub fn pg_url(test: &str) -> Option<String> {
    let schema = format!("cli_{test}_{}", std::process::id());
    match loopwright_store_pg::env_url(&schema) {
        Some(u) => Some(u),
        None if std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false") => {
            panic!("CI is set but PGHOST is not: run the database tests with .ci/pg-tests.sh")
        }
        None => {
            eprintln!("skipped {test}: no PGHOST (run .ci/pg-tests.sh)");
            None
        }
    }
}

/// An installed MCP tool (`LOOP_MCP_TOOLS`, default `<repo>/target/ci-tools`, joined with
/// `rel`); `None` (the test is skipped) when it is missing, unless `CI=true`, where it fails.
pub fn mcp_tool(rel: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("LOOP_MCP_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/ci-tools"));
    let p = dir.join(rel);
    if p.exists() {
        return Some(p);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!(
            "{} is missing: run .ci/mcp-deps.sh (or set LOOP_MCP_TOOLS)",
            p.display()
        );
    }
    eprintln!("skipped: {} is missing (run .ci/mcp-deps.sh)", p.display());
    None
}

/// Writes a ledger with goal `g` and one successful attempt per entry of `tokens`.
pub fn write_ledger(path: &Path, tokens: &[u64]) {
    let attempts: Vec<String> = tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            format!(
                r#"{{"iteration":{},"action":"step {i}","outcome":"success","tokensUsed":{t}}}"#,
                i + 1
            )
        })
        .collect();
    std::fs::write(
        path,
        format!(r#"{{"goal":"g","attempts":[{}]}}"#, attempts.join(",")),
    )
    .unwrap();
}

/// Runs `git -C dir ARGS` with a test identity and no signing; panics with git's error.
pub fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

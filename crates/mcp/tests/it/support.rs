//! Where the third-party MCP software is: `LOOP_MCP_TOOLS` (default `<repo>/target/ci-tools`,
//! as `.ci/mcp-deps.sh` installs it). Without it a test is skipped, except under `CI=true`,
//! where a missing tool is a failure.

use std::path::PathBuf;

pub fn tools_dir() -> PathBuf {
    match std::env::var_os("LOOP_MCP_TOOLS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/ci-tools"),
    }
}

/// The path of a tool under the tools folder, or `None` (after a note) when it is missing and
/// this is not CI.
pub fn tool(rel: &str) -> Option<PathBuf> {
    let p = tools_dir().join(rel);
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

pub fn npm_bin(name: &str) -> Option<PathBuf> {
    tool(&format!("npm/node_modules/.bin/{name}"))
}

pub fn venv_bin(name: &str) -> Option<PathBuf> {
    tool(&format!("venv/bin/{name}"))
}

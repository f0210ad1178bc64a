//! Measures progressive disclosure on real MCP servers: server-everything, two
//! server-filesystem instances and mcp-server-git (50+ tools), as installed by
//! `.ci/mcp-deps.sh`.
//!
//! ```sh
//! .ci/mcp-deps.sh && cargo run -p loopwright-mcp --example disclosure
//! ```
//!
//! Prints: schema tokens per request with and without deferral (o200k tokenizer), prefix
//! breaks over a run of searches (stable `tool_call` proxy vs. adding found tools to the
//! `tools` array), and whether `tool_search` finds the right tool for task-worded queries.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::Duration;

use loopwright_context::tokens::{TokenCounter, Tokenizer};
use loopwright_mcp::disclosure::{
    Deferred, ToolSpec, call_tool_spec, schema_tokens, search_tool_spec,
};
use loopwright_mcp::{McpHub, ServerConfig, Transport};
use serde_json::Value;

/// Task-worded queries and the tool that serves each, written before the first measurement.
const QUERIES: &[(&str, &str)] = &[
    (
        "show me what changed in the working tree",
        "mcp__git__git_status",
    ),
    ("commit history of the repository", "mcp__git__git_log"),
    ("stage files for the next commit", "mcp__git__git_add"),
    ("create a new branch", "mcp__git__git_create_branch"),
    ("switch to another branch", "mcp__git__git_checkout"),
    ("diff of staged changes", "mcp__git__git_diff_staged"),
    ("record a commit with a message", "mcp__git__git_commit"),
    (
        "read the contents of a text file",
        "mcp__fs__read_text_file",
    ),
    ("write content into a new file", "mcp__fs__write_file"),
    ("make a directory", "mcp__fs__create_directory"),
    ("list the files in a directory", "mcp__fs__list_directory"),
    ("rename or move a file", "mcp__fs__move_file"),
    (
        "find files matching a glob pattern",
        "mcp__fs__search_files",
    ),
    (
        "size and modification time of a file",
        "mcp__fs__get_file_info",
    ),
    (
        "recursive tree of a folder as json",
        "mcp__fs__directory_tree",
    ),
    (
        "which directories am I allowed to access",
        "mcp__fs__list_allowed_directories",
    ),
    ("echo a message back", "mcp__everything__echo"),
    ("add two numbers", "mcp__everything__get-sum"),
    ("get a small image", "mcp__everything__get-tiny-image"),
    (
        "a long running operation with progress",
        "mcp__everything__trigger-long-running-operation",
    ),
    (
        "read environment variables of the server",
        "mcp__everything__get-env",
    ),
    (
        "compress a file with gzip",
        "mcp__everything__gzip-file-as-resource",
    ),
];

fn stdio(name: &str, command: PathBuf, args: &[String]) -> ServerConfig {
    ServerConfig {
        name: name.into(),
        transport: Transport::Stdio {
            command: command.display().to_string(),
            args: args.to_vec(),
            env: BTreeMap::new(),
            cwd: None,
        },
        startup_timeout: Duration::from_secs(60),
        call_timeout: Duration::from_secs(60),
        file: "example".into(),
    }
}

fn main() {
    let dir = std::env::var_os("LOOP_MCP_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/ci-tools"));
    let tmp = std::env::temp_dir().join(format!("loop-disclosure-{}", std::process::id()));
    let (a, b) = (tmp.join("a"), tmp.join("b"));
    for d in [&a, &b] {
        std::fs::create_dir_all(d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
    }
    let _ = std::process::Command::new("git")
        .arg("init")
        .arg("-q")
        .arg(&a)
        .status();
    let npm = dir.join("npm/node_modules/.bin");
    let servers = vec![
        stdio(
            "everything",
            npm.join("mcp-server-everything"),
            &["stdio".into()],
        ),
        stdio(
            "fs",
            npm.join("mcp-server-filesystem"),
            &[a.display().to_string()],
        ),
        stdio(
            "notes",
            npm.join("mcp-server-filesystem"),
            &[b.display().to_string()],
        ),
        stdio(
            "git",
            dir.join("venv/bin/mcp-server-git"),
            &["--repository".into(), a.display().to_string()],
        ),
    ];
    let hub = McpHub::start(servers, &[]).unwrap_or_else(|e| panic!("{e}"));
    for f in hub.failures() {
        eprintln!("{f}");
    }
    let specs: Vec<ToolSpec> = hub
        .tools()
        .iter()
        .map(|t| ToolSpec {
            name: t.name.clone(),
            description: t.description.clone(),
            input_schema: t.input_schema.clone(),
        })
        .collect();
    hub.shutdown();
    let counter = TokenCounter::new(Tokenizer::O200k);
    let count = |s: &str| counter.text(s) as usize;
    let deferred = Deferred::new(specs.clone());
    let proxies = [search_tool_spec(), call_tool_spec()];
    let full = schema_tokens(&specs, &count);
    let proxy_tokens = schema_tokens(&proxies, &count);
    let catalogue = count(&deferred.catalogue());
    println!("MCP tools: {}", specs.len());
    println!("tool tokens per request without deferral: {full}");
    println!(
        "with deferral: {} ({proxy_tokens} for tool_search + tool_call, {catalogue} for the catalogue) = {:.1}% fewer",
        proxy_tokens + catalogue,
        100.0 * (1.0 - (proxy_tokens + catalogue) as f64 / full as f64)
    );
    for window in [32_000usize, 128_000, 200_000] {
        let cfg = loopwright_mcp::DisclosureConfig::default();
        println!(
            "  auto mode defers at a {window}-token window: {}",
            cfg.should_defer(full, window)
        );
    }

    // Prefix breaks over one run: each query is one turn that searches for a tool.
    let stable: Vec<Value> = proxies.iter().map(ToolSpec::to_json).collect();
    let stable_bytes = serde_json::to_string(&stable).unwrap_or_default();
    let (mut breaks_stable, mut breaks_added) = (0, 0);
    let mut added: BTreeSet<String> = BTreeSet::new();
    let mut array_prev = stable_bytes.clone();
    let (mut hit1, mut hit5) = (0, 0);
    for (q, want) in QUERIES {
        let found: Vec<String> = deferred.search(q).iter().map(|t| t.name.clone()).collect();
        if found.first().is_some_and(|f| f == want) {
            hit1 += 1;
        }
        if found.iter().any(|f| f == want) {
            hit5 += 1;
        } else {
            println!("  miss: `{q}` -> {found:?} (wanted {want})");
        }
        if serde_json::to_string(&stable).unwrap_or_default() != stable_bytes {
            breaks_stable += 1;
        }
        if let Some(first) = found.first() {
            added.insert(first.clone());
        }
        let mut arr = stable.clone();
        arr.extend(
            specs
                .iter()
                .filter(|s| added.contains(&s.name))
                .map(ToolSpec::to_json),
        );
        let now = serde_json::to_string(&arr).unwrap_or_default();
        if now != array_prev {
            breaks_added += 1;
        }
        array_prev = now;
    }
    println!(
        "prefix breaks over {} turns: {breaks_stable} with the stable tool_call proxy, {breaks_added} when found tools are added to the tools array",
        QUERIES.len()
    );
    println!(
        "tool_search: right tool first for {hit1}/{n}, in the top 5 for {hit5}/{n}",
        n = QUERIES.len()
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

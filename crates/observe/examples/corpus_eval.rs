//! Evaluation of the log compressor on labelled corpora (`DIR/logs/NAME.log` +
//! `DIR/labels/NAME.json`): size reduction and anchor recall per file, per tool and per anchor
//! kind, and the worst files. With `--throughput FILE` it instead times `compress` on FILE
//! (single thread, in memory; `--dump OUT` also writes the compressed text to OUT).
//!
//! ```text
//! corpus_eval [--mode all|loto|generic] [--show NAME] [--dump OUT] DIR...
//! ```
//! `corpus_eval --stream GB LINE_MB` streams generated output (GB GiB of lines, then one line of
//! LINE_MB MiB) through one `Compressor` and prints the peak memory.
//!
//! With `RAW_EVAL=1` in the environment, short files and files that save under 15% are
//! compressed too (`min_lines` 0, `min_saving` 0), to read what the compressor keeps in them.
//!
//! `all`: every rule on. `loto` (leave one tool out): for each file, the rules written for its
//! tool's family are switched off. `generic`: every tool rule off, only the tool-agnostic core.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use loopwright_observe::{CompressOptions, TOOL_FAMILIES, clean_line, compress};

#[path = "support/explain.rs"]
mod explain;

/// Which rule families were written for a tool (switched off for it in `loto`).
fn families(tool: &str) -> &'static [&'static str] {
    match tool {
        "cargo" | "clippy" | "rustc" => &["rust"],
        "gcc" | "make" | "cmake" | "ninja" | "ctest" | "cppcheck" => &["c"],
        "valgrind" => &["valgrind"],
        "tsc" | "eslint" => &["lint", "js"],
        "ruff" | "flake8" | "pylint" | "mypy" | "black" | "isort" | "bandit" | "pycodestyle"
        | "yamllint" => &["lint", "python"],
        "pytest" | "unittest" | "python" | "pip" => &["python"],
        "jest" | "vitest" | "mocha" | "node-test" | "node" | "npm" => &["js"],
        "go" => &["go"],
        "javac" | "java" | "mvn" => &["java"],
        "git" => &["git"],
        "apt" | "dpkg" => &["apt"],
        _ => &["shell"],
    }
}

#[derive(Default)]
struct Tally {
    files: usize,
    bytes_in: usize,
    bytes_out: usize,
    anchors: usize,
    found: usize,
}

fn pct(f: usize, a: usize) -> f64 {
    if a == 0 {
        100.0
    } else {
        f as f64 * 100.0 / a as f64
    }
}

fn throughput(file: &str, dump: Option<&String>) {
    let data = std::fs::read(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(1);
    });
    let opts = CompressOptions::default();
    let mut best = f64::MAX;
    let mut out_len = 0;
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let out = compress(&data, &opts);
        best = best.min(t.elapsed().as_secs_f64());
        out_len = out.text.len();
        if let Some(d) = dump {
            let _ = std::fs::write(d, &out.text);
        }
    }
    println!(
        "observe::compress  {:>10} -> {:>9} bytes  ratio {:.4}  {:.3} s  {:.1} MB/s (best of 3)",
        data.len(),
        out_len,
        out_len as f64 / data.len() as f64,
        best,
        data.len() as f64 / best / 1e6
    );
}

/// Peak resident memory of this process in KiB (Linux `/proc/self/status` `VmHWM`).
fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

/// Streams `gb` GB of generated log lines, then one line of `line_mb` MB, through one
/// `Compressor` in 64 KiB chunks, and prints what was kept and the peak memory.
fn stream(gb: u64, line_mb: u64) {
    let opts = CompressOptions::default();
    let mut c = loopwright_observe::Compressor::new(&opts);
    let mut chunk = Vec::with_capacity(1 << 17);
    let mut sent = 0u64;
    let mut i = 0u64;
    let t = std::time::Instant::now();
    while sent < gb << 30 {
        chunk.clear();
        while chunk.len() < 1 << 16 {
            i += 1;
            let line = match i % 1000 {
                0 => format!(
                    "src/mod{}.rs:{}:5: error: thing {i} went wrong\n",
                    i % 7,
                    i % 300
                ),
                1..=3 => format!("warning: unused variable `x{}`\n", i % 11),
                _ => format!(
                    "2026-12-01T10:00:{:02} INFO request {i} served in {}ms\n",
                    i % 60,
                    i % 97
                ),
            };
            chunk.extend_from_slice(line.as_bytes());
        }
        sent += chunk.len() as u64;
        c.push(&chunk);
    }
    let piece = vec![b'x'; 1 << 20];
    for _ in 0..line_mb {
        c.push(&piece);
    }
    c.push(b"\nfinal line: exit status 1\n");
    let out = c.finish();
    println!(
        "stream: {} bytes in ({} GiB of lines + one {} MiB line), {} bytes out, {} lines out, {:.1} s, peak RSS {} MiB",
        out.stats.bytes_in,
        gb,
        line_mb,
        out.stats.bytes_out,
        out.stats.lines_out,
        t.elapsed().as_secs_f64(),
        peak_rss_kib() / 1024
    );
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("labels"))
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                // Only `NAME.json` (wild2 also keeps the hand-written `NAME.txt` next to it).
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--throughput") {
        let Some(file) = args.get(i + 1) else {
            eprintln!("--throughput needs a FILE");
            std::process::exit(2);
        };
        let dump = args
            .iter()
            .position(|a| a == "--dump")
            .and_then(|i| args.get(i + 1));
        throughput(file, dump);
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--stream") {
        let num = |k: usize| args.get(i + k).and_then(|v| v.parse().ok()).unwrap_or(1);
        stream(num(1), num(2));
        return;
    }
    let flag = |f: &str| {
        args.iter()
            .position(|a| a == f)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let mode = flag("--mode").unwrap_or_else(|| "all".into());
    let show = flag("--show");
    // `--dump OUT`: write each compressed text to OUT/NAME.txt (to diff two builds' outputs).
    let dump = flag("--dump").map(PathBuf::from);
    // `--explain`: account every shown byte of the 200+ line files by class (after the tables).
    let explaining = args.iter().any(|a| a == "--explain");
    let mut account = explain::Account::default();
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut skip = false;
    for a in &args {
        if skip {
            skip = false;
        } else if a == "--mode" || a == "--show" || a == "--dump" {
            skip = true;
        } else if a != "--explain" {
            dirs.push(PathBuf::from(a));
        }
    }
    if dirs.is_empty() {
        dirs.push("crates/observe/tests/data/corpus".into());
    }
    let mut tools: BTreeMap<String, Tally> = BTreeMap::new();
    let mut kinds: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut worst: Vec<(f64, String, usize, usize)> = Vec::new();
    let mut big = Vec::new();
    println!("mode: {mode}");
    println!();
    println!("| file | tool | lines | bytes in | bytes out | reduction | anchors | recall |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for dir in &dirs {
        for name in names(dir) {
            let Ok(log) = std::fs::read(dir.join("logs").join(format!("{name}.log"))) else {
                continue;
            };
            let Ok(label) =
                std::fs::read_to_string(dir.join("labels").join(format!("{name}.json")))
            else {
                continue;
            };
            let Ok(label): Result<serde_json::Value, _> = serde_json::from_str(&label) else {
                continue;
            };
            // Wild labels name the tool; the first corpus names it as the file's prefix.
            let tool = match (label.get("labelled_by"), label["tool"].as_str()) {
                (Some(_), Some(t)) => t.to_owned(),
                _ => name.split('_').next().unwrap_or("?").to_owned(),
            };
            let opts = match mode.as_str() {
                "loto" => CompressOptions::default().without_tool_rules(families(&tool)),
                "generic" => CompressOptions::default().without_tool_rules(TOOL_FAMILIES),
                _ => CompressOptions::default(),
            };
            let mut opts = opts;
            if std::env::var_os("RAW_EVAL").is_some() {
                opts.min_saving = 0.0;
                opts.min_lines = 0;
            }
            let anchors: Vec<u64> = label["anchors"]
                .as_array()
                .map(|a| a.iter().filter_map(|v| v.as_u64()).collect())
                .unwrap_or_default();
            let out = compress(&log, &opts);
            let lines: Vec<&[u8]> = log.split(|&b| b == b'\n').collect();
            let kept: HashSet<&str> = out
                .text
                .lines()
                .map(|l| l.split_once("  [×").map_or(l, |(a, _)| a))
                .collect();
            let found_line = |a: u64| {
                let want =
                    String::from_utf8_lossy(&clean_line(lines[(a - 1) as usize])).into_owned();
                kept.contains(want.as_str())
            };
            let found = anchors.iter().filter(|&&a| found_line(a)).count();
            if let Some(obj) = label["anchor_kinds"].as_object() {
                for (kind, list) in obj {
                    let list: Vec<u64> = list
                        .as_array()
                        .map(|a| a.iter().filter_map(|v| v.as_u64()).collect())
                        .unwrap_or_default();
                    let e = kinds.entry(kind.clone()).or_default();
                    e.0 += list.len();
                    e.1 += list.iter().filter(|&&a| found_line(a)).count();
                }
            }
            let n_lines = lines.len() - 1;
            let reduction = 1.0 - out.text.len() as f64 / log.len().max(1) as f64;
            if n_lines >= 200 {
                big.push(reduction);
                if explaining {
                    account.file(&name, &log, &anchors, &opts);
                }
            }
            let t = tools.entry(tool.clone()).or_default();
            t.files += 1;
            t.bytes_in += log.len();
            t.bytes_out += out.text.len();
            t.anchors += anchors.len();
            t.found += found;
            let recall = pct(found, anchors.len());
            worst.push((recall, name.clone(), found, anchors.len()));
            println!(
                "| {name} | {tool} | {n_lines} | {} | {} | {:.1}% | {} | {recall:.1}% |",
                log.len(),
                out.text.len(),
                reduction * 100.0,
                anchors.len()
            );
            if let Some(d) = &dump {
                let _ = std::fs::create_dir_all(d);
                let _ = std::fs::write(d.join(format!("{name}.txt")), &out.text);
            }
            if show.as_deref() == Some(name.as_str()) {
                eprintln!("{}", out.text);
                for &a in &anchors {
                    if !found_line(a) {
                        eprintln!(
                            "MISSED {a}: {}",
                            String::from_utf8_lossy(&clean_line(lines[(a - 1) as usize]))
                        );
                    }
                }
            }
        }
    }
    println!();
    println!("| tool | files | bytes in | bytes out | reduction | anchors | recall |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let (mut all_a, mut all_f, mut min_tool) = (0, 0, (101.0f64, String::new()));
    for (tool, t) in &tools {
        let recall = pct(t.found, t.anchors);
        if recall < min_tool.0 {
            min_tool = (recall, tool.clone());
        }
        all_a += t.anchors;
        all_f += t.found;
        println!(
            "| {tool} | {} | {} | {} | {:.1}% | {} | {recall:.1}% |",
            t.files,
            t.bytes_in,
            t.bytes_out,
            (1.0 - t.bytes_out as f64 / t.bytes_in.max(1) as f64) * 100.0,
            t.anchors
        );
    }
    println!();
    println!("| anchor kind | anchors | recall |");
    println!("|---|---:|---:|");
    for (kind, (a, f)) in &kinds {
        println!("| {kind} | {a} | {:.1}% |", pct(*f, *a));
    }
    worst.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    println!();
    println!("worst files:");
    for (recall, name, f, a) in worst.iter().take(8) {
        println!("  {name}: {f}/{a} ({recall:.1}%)");
    }
    let mean = big.iter().sum::<f64>() / big.len().max(1) as f64;
    println!();
    println!(
        "{} files from {} tools; anchors kept {all_f}/{all_a} ({:.1}%); lowest tool recall {:.1}% ({})",
        worst.len(),
        tools.len(),
        pct(all_f, all_a),
        min_tool.0,
        min_tool.1
    );
    println!(
        "mean size reduction over the {} files of 200+ lines: {:.1}%",
        big.len(),
        mean * 100.0
    );
    if explaining {
        account.print();
    }
}

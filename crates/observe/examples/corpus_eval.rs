//! Evaluation of the log compressor on a labelled corpus (`logs/NAME.log` + `labels/NAME.json`):
//! size reduction and anchor recall per file, per tool and per anchor kind. With
//! `--throughput FILE` it instead times `compress` on FILE (single thread, in memory).
//!
//! `cargo run --release -p loopwright-observe --example corpus_eval -- crates/observe/tests/data/corpus`
//! (`--show NAME` also prints the compressed text of one file.)

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use loopwright_observe::{CompressOptions, clean_line, compress};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = CompressOptions::default();
    if let Some(i) = args.iter().position(|a| a == "--throughput") {
        let Some(file) = args.get(i + 1) else {
            eprintln!("--throughput needs a FILE");
            std::process::exit(2);
        };
        let data = std::fs::read(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        });
        let mut best = f64::MAX;
        let mut out_len = 0;
        for _ in 0..3 {
            let t = std::time::Instant::now();
            let out = compress(&data, &opts);
            best = best.min(t.elapsed().as_secs_f64());
            out_len = out.text.len();
        }
        println!(
            "observe::compress  {:>10} -> {:>9} bytes  ratio {:.4}  {:.3} s  {:.1} MB/s (best of 3)",
            data.len(),
            out_len,
            out_len as f64 / data.len() as f64,
            best,
            data.len() as f64 / best / 1e6
        );
        return;
    }
    let dir = PathBuf::from(
        args.first()
            .cloned()
            .unwrap_or_else(|| "crates/observe/tests/data/corpus".into()),
    );
    let show = args
        .iter()
        .position(|a| a == "--show")
        .and_then(|i| args.get(i + 1))
        .cloned();
    let mut names: Vec<String> = std::fs::read_dir(dir.join("labels"))
        .map(|d| {
            d.filter_map(Result::ok)
                .filter_map(|e| {
                    e.path()
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    // per tool: (files, bytes in, bytes out, anchors, found); per kind: (anchors, found)
    let mut tools: BTreeMap<String, (usize, usize, usize, usize, usize)> = BTreeMap::new();
    let mut kinds: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut big = Vec::new();
    println!("| file | lines | bytes in | bytes out | reduction | anchors | recall |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for name in names {
        let Ok(log) = std::fs::read(dir.join("logs").join(format!("{name}.log"))) else {
            continue;
        };
        let Ok(label) = std::fs::read_to_string(dir.join("labels").join(format!("{name}.json")))
        else {
            continue;
        };
        let Ok(label): Result<serde_json::Value, _> = serde_json::from_str(&label) else {
            continue;
        };
        let anchors: Vec<u64> = label["anchors"]
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_u64()).collect())
            .unwrap_or_default();
        let tool = name.split('_').next().unwrap_or("?").to_owned();
        let out = compress(&log, &opts);
        let lines: Vec<&[u8]> = log.split(|&b| b == b'\n').collect();
        let kept: HashSet<&str> = out
            .text
            .lines()
            .map(|l| l.split_once("  [×").map_or(l, |(a, _)| a))
            .collect();
        let found_line = |a: u64| {
            let want = String::from_utf8_lossy(&clean_line(lines[(a - 1) as usize])).into_owned();
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
        }
        let t = tools.entry(tool).or_default();
        *t = (
            t.0 + 1,
            t.1 + log.len(),
            t.2 + out.text.len(),
            t.3 + anchors.len(),
            t.4 + found,
        );
        let recall = if anchors.is_empty() {
            100.0
        } else {
            found as f64 * 100.0 / anchors.len() as f64
        };
        println!(
            "| {name} | {n_lines} | {} | {} | {:.1}% | {} | {recall:.1}% |",
            log.len(),
            out.text.len(),
            reduction * 100.0,
            anchors.len()
        );
        if show.as_deref() == Some(name.as_str()) {
            eprintln!("{}", out.text);
        }
    }
    println!();
    println!("| tool | files | bytes in | bytes out | reduction | anchors | recall |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (tool, (files, bin, bout, a, f)) in &tools {
        let recall = if *a == 0 {
            100.0
        } else {
            *f as f64 * 100.0 / *a as f64
        };
        println!(
            "| {tool} | {files} | {bin} | {bout} | {:.1}% | {a} | {recall:.1}% |",
            (1.0 - *bout as f64 / *bin as f64) * 100.0
        );
    }
    println!();
    println!("| anchor kind | anchors | recall |");
    println!("|---|---:|---:|");
    for (kind, (a, f)) in &kinds {
        println!(
            "| {kind} | {a} | {:.1}% |",
            *f as f64 * 100.0 / (*a).max(1) as f64
        );
    }
    let mean = big.iter().sum::<f64>() / big.len().max(1) as f64;
    println!();
    println!(
        "mean size reduction over the {} files of 200+ lines: {:.1}%",
        big.len(),
        mean * 100.0
    );
}

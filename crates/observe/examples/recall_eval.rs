//! The recall fallback (`loopwright_observe::recall`) alone, on labelled sets: every line of each
//! file goes through one `Recall`, as if no rule had classified any; prints per set the labelled
//! anchors it would keep and the share of lines it keeps.
//!
//! ```text
//! recall_eval [--params MIN_SCORE,BASE,PER_MILLE,MIN_SEEN,MAX_DISTINCT_PCT,RUN_MIN,MAX_REPEATS] DIR...
//! ```
//! Each `DIR` holds `logs/NAME.log` and `labels/NAME.json` (an `anchors` list of line numbers).

use std::path::Path;

use loopwright_observe::clean_line;
use loopwright_observe::recall::{Recall, RecallParams};

fn params(arg: Option<&String>) -> RecallParams {
    let mut p = RecallParams::default();
    let Some(arg) = arg else { return p };
    let v: Vec<u64> = arg.split(',').filter_map(|x| x.parse().ok()).collect();
    let get = |i: usize, d: u64| v.get(i).copied().unwrap_or(d);
    p.min_score = get(0, p.min_score.into()) as u32;
    p.base_budget = get(1, p.base_budget);
    p.per_mille = get(2, p.per_mille);
    p.min_seen = get(3, p.min_seen);
    p.max_distinct_pct = get(4, p.max_distinct_pct);
    p.run_min = get(5, p.run_min.into()) as u32;
    p.max_repeats = get(6, p.max_repeats.into()) as u32;
    p
}

/// (anchors, anchors kept, lines, lines kept) of one set.
fn set(dir: &Path, p: RecallParams, verbose: bool) -> (usize, usize, usize, usize) {
    let mut t = (0, 0, 0, 0);
    let Ok(entries) = std::fs::read_dir(dir.join("labels")) else {
        return t;
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    for name in names {
        let (Ok(log), Ok(label)) = (
            std::fs::read(dir.join("logs").join(format!("{name}.log"))),
            std::fs::read_to_string(dir.join("labels").join(format!("{name}.json"))),
        ) else {
            continue;
        };
        let Ok(label): Result<serde_json::Value, _> = serde_json::from_str(&label) else {
            continue;
        };
        let anchors: Vec<usize> = label["anchors"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_u64())
                    .map(|v| v as usize)
                    .collect()
            })
            .unwrap_or_default();
        let mut r = Recall::new(p);
        let mut lines: Vec<&[u8]> = log.split(|&b| b == b'\n').collect();
        if lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        let kept: Vec<bool> = lines.iter().map(|l| r.wants(&clean_line(l))).collect();
        let found = anchors
            .iter()
            .filter(|&&a| kept.get(a.wrapping_sub(1)).copied().unwrap_or(false))
            .count();
        let n_kept = kept.iter().filter(|&&k| k).count();
        if verbose {
            println!(
                "  {name}: anchors {found}/{} lines {n_kept}/{}",
                anchors.len(),
                lines.len()
            );
        }
        t.0 += anchors.len();
        t.1 += found;
        t.2 += lines.len();
        t.3 += n_kept;
    }
    t
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let at = args.iter().position(|a| a == "--params");
    let p = params(at.and_then(|i| args.get(i + 1)));
    let verbose = args.iter().any(|a| a == "--files");
    let mut all = (0, 0, 0, 0);
    for (i, dir) in args.iter().enumerate() {
        if dir.starts_with("--") || at.is_some_and(|a| a + 1 == i) {
            continue;
        }
        let t = set(Path::new(dir), p, verbose);
        println!(
            "{dir}: anchors {}/{} ({:.1}%), lines kept {}/{} ({:.2}%)",
            t.1,
            t.0,
            100.0 * t.1 as f64 / t.0.max(1) as f64,
            t.3,
            t.2,
            100.0 * t.3 as f64 / t.2.max(1) as f64
        );
        all = (all.0 + t.0, all.1 + t.1, all.2 + t.2, all.3 + t.3);
    }
    println!(
        "all: anchors {}/{} ({:.1}%), lines kept {}/{} ({:.2}%)",
        all.1,
        all.0,
        100.0 * all.1 as f64 / all.0.max(1) as f64,
        all.3,
        all.2,
        100.0 * all.3 as f64 / all.2.max(1) as f64
    );
}

//! Replays recorded trajectories and prints, per trajectory and strategy, the prompt tokens
//! billed and the invariants. Usage: `replay [--json] [--window N] [--keep-last M] [--model M] FILE...`

use std::process::ExitCode;

use loopwright_context::TokenCounter;
use loopwright_context::condense::Config;
use loopwright_context::replay::{Strategy, parse, replay};

fn main() -> ExitCode {
    let mut json = false;
    let mut window: u64 = 128_000;
    let mut model = "gpt-4o".to_string();
    let mut keep_last: Option<usize> = None;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--json" => json = true,
            "--window" => match args.next().and_then(|v| v.parse().ok()) {
                Some(v) => window = v,
                None => {
                    eprintln!("error: --window needs a number of tokens");
                    return ExitCode::from(2);
                }
            },
            "--keep-last" => match args.next().and_then(|v| v.parse().ok()) {
                Some(v) => keep_last = Some(v),
                None => {
                    eprintln!("error: --keep-last needs a number of tool results");
                    return ExitCode::from(2);
                }
            },
            "--model" => match args.next() {
                Some(v) => model = v,
                None => {
                    eprintln!("error: --model needs a model name");
                    return ExitCode::from(2);
                }
            },
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        eprintln!("usage: replay [--json] [--window N] [--keep-last M] [--model M] FILE...");
        return ExitCode::from(2);
    }
    let counter = TokenCounter::for_model(&model);
    let mut strategies = vec![Strategy::Full, Strategy::Last5];
    for name in ["mask", "summary", "mask+summary"] {
        match Config::from_strategy(name, window) {
            Ok(mut c) => {
                if let (Some(m), Some(k)) = (c.mask.as_mut(), keep_last) {
                    m.keep_last = k;
                }
                strategies.push(Strategy::Ours(c))
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if !json {
        println!(
            "{:<48} {:<20} {:>5} {:>9} {:>8} {:>6} {:>7} {:>5} {:>5} {:>5} {:>6}",
            "trajectory",
            "strategy",
            "steps",
            "total",
            "peak",
            "reuse",
            "steady",
            "cond",
            "task",
            "pair",
            "recall"
        );
    }
    let mut ok = true;
    for f in &files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {f}: {e}");
                return ExitCode::from(1);
            }
        };
        let name = std::path::Path::new(f)
            .file_name()
            .map_or(f.clone(), |n| n.to_string_lossy().into_owned());
        let trajs = match parse(&name, &text) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        };
        for t in &trajs {
            for s in &strategies {
                let r = replay(t, s, &counter);
                if matches!(s, Strategy::Ours(_)) {
                    ok &= r.task_present_all && r.calls_paired_all && r.recallable_all;
                }
                if json {
                    match serde_json::to_string(&r) {
                        Ok(j) => println!("{j}"),
                        Err(e) => eprintln!("error: {e}"),
                    }
                } else {
                    println!(
                        "{:<48} {:<20} {:>5} {:>9} {:>8} {:>6.3} {:>7.3} {:>5} {:>5} {:>5} {:>6}",
                        r.trajectory,
                        r.strategy,
                        r.steps,
                        r.total_prompt_tokens,
                        r.peak_prompt_tokens,
                        r.prefix_reuse,
                        r.prefix_reuse_steady,
                        r.condensations,
                        r.task_present_all,
                        r.calls_paired_all,
                        r.recallable_all
                    );
                }
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

//! Calls per second of one fuzz check replayed over a fixed sample of inputs (a measurement, not
//! a test): `cargo run --release -p loopwright-fuzz-checks --example replay -- TARGET DIR [ROUNDS]`,
//! e.g. `... -- policy_shell /tmp/gspeed-sample/policy_shell 1`. Under
//! `valgrind --tool=callgrind` use one round and read the instruction count per call.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(target), Some(dir)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: replay TARGET DIR [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(3);
    let Some(check) = loopwright_fuzz_checks::target(target) else {
        eprintln!("no target {target}");
        std::process::exit(2);
    };
    let mut files: Vec<_> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(e) => {
            eprintln!("{dir}: {e}");
            std::process::exit(2);
        }
    };
    files.sort();
    let inputs: Vec<Vec<u8>> = files.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    // the first call builds the per-process state (the loaded policy), outside the timing
    if let Some(first) = inputs.first() {
        check(first);
    }
    let mut best = f64::MAX;
    for _ in 0..rounds {
        let start = Instant::now();
        for input in &inputs {
            check(input);
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{target}: {} inputs, best of {rounds} rounds {best:.3} s, {:.0} calls/s",
        inputs.len(),
        inputs.len() as f64 / best
    );
}

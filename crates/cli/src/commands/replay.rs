//! `loop replay`: what each context strategy would have cost on recorded agent runs.
//!
//! Reads SWE-agent `.traj`, OpenHands event logs / `output.jsonl` and mini-swe-agent message
//! lists, replays each run with `full` history, SWE-agent-style `last5` and ours (the condensers
//! of `loop run`), and reports prompt tokens, prefix reuse and the invariants per run and
//! strategy. All inputs are read and parsed before anything is printed.
//!
//! Exit codes: 0 report printed, 1 an invariant failed for `ours`, 2 bad flag or input file.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

mod render;

use clap::Args;
use loopwright_context::condense::Config;
use loopwright_context::price::PriceCard;
use loopwright_context::replay::{Report, Strategy, Trajectory, parse, replay_with};
use loopwright_context::{ContextError, TokenCounter};

/// The flags for billing, cost-aware condensing and dumps (clap derive, added to the builder).
#[derive(Debug, Clone, Args)]
struct BillFlags {
    /// Bill each strategy with a price card: anthropic, anthropic-1h, openai, deepseek (each
    /// optionally `:FAMILY`, e.g. openai:gpt-4.1, anthropic:haiku-4.5) or a JSON card FILE;
    /// repeat for several. The first card also drives ours' cost-aware condensing.
    #[arg(long = "price-card", value_name = "CARD|FILE")]
    price_card: Vec<String>,
    /// Write every request of every strategy as JSON: DIR/RUN/STRATEGY/NNNN.json.
    #[arg(long, value_name = "DIR")]
    dump: Option<PathBuf>,
    /// Ours' working budget in prompt tokens (default: a quarter of --window, at most 32000):
    /// above it, history is condensed whatever it costs, bounding the peak.
    #[arg(long, value_name = "TOKENS", value_parser = positive)]
    budget: Option<u64>,
    /// Cost rule: steps still to come, projected as this share of the steps run so far.
    #[arg(long, value_name = "F", value_parser = nonnegative)]
    horizon: Option<f64>,
    /// Cost rule: a change applies only when its projected saving is at least F times the
    /// cache rewrite it causes.
    #[arg(long, value_name = "F", value_parser = nonnegative)]
    margin: Option<f64>,
    /// Relative bound: ours' prompt at most F of the whole history's size (nothing condensed);
    /// over it, a change that cuts the prompt by a tenth or more is priced without the cap on
    /// the steps to come and without margin (default 0.6; 0 turns it off).
    #[arg(long, value_name = "F", value_parser = nonnegative)]
    peak_share: Option<f64>,
    /// Cost rule: the projection never counts more than N steps to come (default 12).
    #[arg(long, value_name = "N", value_parser = nonnegative)]
    max_remaining: Option<f64>,
    /// Ours without priced digests (the oldest turns replaced by an extractive digest when
    /// that pays).
    #[arg(long)]
    no_digest: bool,
    /// Ours without the cost rule: masks in fixed batches, as before price cards.
    #[arg(long)]
    fixed_batches: bool,
}

/// The condenser pipelines `--condenser` accepts.
const CONDENSERS: [&str; 4] = ["none", "mask", "summary", "mask+summary"];

/// The library's default of a condenser setting, as shown in help.
fn default_of(get: impl Fn(&Config) -> Option<String>) -> String {
    Config::from_strategy("mask+summary", 128_000)
        .ok()
        .and_then(|c| get(&c))
        .map_or(String::new(), |v| format!(" [default: {v}]"))
}

/// The arguments of `loop replay`. The defaults shown are the library's, whatever they become.
#[derive(Debug, clap::Parser)]
#[command(
    name = "replay",
    about = "Replay recorded agent runs with each context strategy and compare their cost",
    long_about = "Replay recorded agent runs (SWE-agent .traj, OpenHands event logs, output.jsonl and \
         llm_completions logs, mini-swe-agent trajectories and other OpenAI-style message \
         lists with tool_calls) with each context strategy, to see what a strategy would \
         cost on your own runs before you use it.\n\n\
         Strategies: full (the whole history every step), last5 (SWE-agent: tool outputs \
         older than the last 5 replaced by a line count, lost for good), ours (the \
         condensers of `loop run`, set with --condenser and the tuning flags).\n\n\
         Columns: steps (model calls), total (prompt tokens summed over the run: the bill \
         without a cache), peak (largest prompt), cached (tokens of the total that repeat \
         the previous request's prefix: what a prompt cache can serve), reuse (mean share \
         of each request that is such a prefix; steady: leaving out condensation points), \
         cond (condensation points), task (the task in every request), paired (every tool \
         call with its result in every request), recall (every event shown in full or \
         recallable by id).",
    after_help = "Examples:\n  loop replay run.traj\n  \
         loop replay trajectories/ --strategy full,ours --window 16000\n  \
         loop replay output.jsonl --keep-last 5 --batch 3 --json\n\n\
         Exit codes: 0 report printed, 1 an invariant failed for ours (task missing, tool \
         call unpaired or event lost), 2 bad flag, unreadable file or unknown format \
         (nothing is printed on stdout then).",
    disable_version_flag = true
)]
pub struct ReplayArgs {
    /// Trajectory file, or a directory of them (its files, sorted; *.md skipped)
    #[arg(value_name = "TRAJECTORY", required = true, num_args = 1..)]
    trajectory: Vec<PathBuf>,
    /// Strategies to replay, in this order (repeat or comma-separate) [default: full,last5,ours]
    #[arg(long, short, value_name = "NAME", value_delimiter = ',', value_parser = ["full", "last5", "ours"])]
    strategy: Vec<String>,
    /// Print one JSON object per run and strategy (JSON Lines)
    #[arg(long)]
    json: bool,
    /// Model whose tokenizer counts (exact for OpenAI-family models, estimated otherwise)
    #[arg(long, value_name = "NAME", default_value = "gpt-4o")]
    model: String,
    /// The model's context window (ours compacts at a share of it)
    #[arg(long, value_name = "TOKENS", default_value = "128000", value_parser = positive)]
    window: u64,
    /// Condensers of ours, as in `loop run --condenser`
    #[arg(long, value_name = "PIPELINE", default_value = "mask+summary", value_parser = CONDENSERS)]
    condenser: String,
    #[arg(long, value_name = "M",
          help = format!("Masking: tool results kept in full{}", default_of(|c| c.mask.as_ref().map(|m| m.keep_last.to_string()))))]
    keep_last: Option<usize>,
    #[arg(long, value_name = "K", value_parser = positive,
          help = format!("Masking: mask only once K results are due (one prefix change per batch){}", default_of(|c| c.mask.as_ref().map(|m| m.batch.to_string()))))]
    batch: Option<u64>,
    #[arg(long, value_name = "F", value_parser = share,
          help = format!("Summary: compact when the prompt reaches this share of the window, 0 < F <= 1{}", default_of(|c| c.summary.as_ref().map(|s| s.threshold.to_string()))))]
    summary_threshold: Option<f64>,
    #[arg(long, value_name = "N", value_parser = positive,
          help = format!("Summary: messages at the end kept verbatim{}", default_of(|c| c.summary.as_ref().map(|s| s.keep_last.to_string()))))]
    summary_keep: Option<u64>,
    #[command(flatten)]
    bill: BillFlags,
}

/// Parses a number of at least 0.
fn nonnegative(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(f) if f.is_finite() && f >= 0.0 => Ok(f),
        Ok(_) => Err("must be a number >= 0".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// The price cards asked for: built-in names or JSON files.
fn cards(flags: &BillFlags) -> Result<Vec<PriceCard>, String> {
    flags
        .price_card
        .iter()
        .map(|c| {
            let path = std::path::Path::new(c);
            if path.is_file() {
                let text = loopwright_store::input::read_to_string(path)
                    .map_err(|e| format!("--price-card {c}: {e}"))?;
                PriceCard::from_json(&text).map_err(|e| format!("--price-card {c}: {e}"))
            } else {
                PriceCard::named(c).map_err(|e| format!("--price-card: {e}"))
            }
        })
        .collect()
}

/// Parses a whole number of at least 1.
fn positive(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// Parses a share of the window: a number in (0, 1].
fn share(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(f) if f > 0.0 && f <= 1.0 => Ok(f),
        Ok(_) => Err("must be > 0 and <= 1".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// Runs `loop replay` with the arguments after `replay`.
pub fn main(m: &ReplayArgs) -> ExitCode {
    let flags = &m.bill;
    let cards = match cards(flags) {
        Ok(c) => c,
        Err(msg) => return fail(&msg, 2),
    };
    let (strategies, ours) = match strategies(m, cards.first()) {
        Ok(s) => s,
        Err(msg) => return fail(&msg, 2),
    };
    let trajectories = match load(&m.trajectory) {
        Ok(t) => t,
        Err(msg) => return fail(&msg, 2),
    };
    let model = m.model.as_str();
    let counter = TokenCounter::for_model(model);
    let json = m.json;

    let mut out = std::io::stdout().lock();
    let mut reports = Vec::new();
    let mut failures = Vec::new();
    for t in &trajectories {
        for s in &strategies {
            let dir = flags
                .dump
                .as_ref()
                .map(|d| d.join(safe(&t.name)).join(safe(&s.name())));
            if let Some(d) = &dir
                && let Err(e) = std::fs::create_dir_all(d)
            {
                return fail(&format!("--dump {}: {e}", d.display()), 2);
            }
            let mut sink = |i: usize, req: &loopwright_protocol::message::ModelRequest| {
                let Some(d) = &dir else { return Ok(()) };
                let path = d.join(format!("{:04}.json", i + 1));
                let bytes = serde_json::to_vec(req).unwrap_or_default();
                loopwright_store::atomic::write_atomic(&path, &bytes)
                    .map_err(|e| format!("--dump {}: {e}", path.display()))
            };
            let r = match replay_with(t, s, &counter, &cards, &mut sink) {
                Ok(r) => r,
                Err(msg) => return fail(&msg, 2),
            };
            if matches!(s, Strategy::Ours(_)) {
                failures.extend(invariant_failures(&r));
            }
            if json {
                let line = serde_json::to_string(&r).unwrap_or_default();
                if let Err(e) = writeln!(out, "{line}") {
                    return write_error(&e);
                }
            }
            reports.push(r);
        }
    }
    if !json {
        let mut text = render::settings(model, counter.tokenizer, ours.as_ref(), &m.condenser);
        text.push_str(&render::table(&reports));
        text.push_str(&render::bills(&reports));
        text.push_str(&render::comparisons(&reports));
        if let Err(e) = out.write_all(text.as_bytes()) {
            return write_error(&e);
        }
    }
    if let Err(e) = out.flush() {
        return write_error(&e);
    }
    for f in &failures {
        eprintln!("loop replay: {f}");
    }
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// A run or strategy name as one path component.
fn safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.#+()".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The strategies to replay, in the user's order without repeats, and ours' settings.
fn strategies(
    m: &ReplayArgs,
    card: Option<&PriceCard>,
) -> Result<(Vec<Strategy>, Option<Config>), String> {
    let flags = &m.bill;
    let mut names: Vec<&str> = Vec::new();
    for n in &m.strategy {
        if !names.contains(&n.as_str()) {
            names.push(n);
        }
    }
    if names.is_empty() {
        names = vec!["full", "last5", "ours"];
    }
    let mut cfg = ours_config(m)?;
    // Ours reads each recorded tool result as `loop run`'s observation pipeline would have
    // shown it; full and last-5 read the raw recorded history (the baseline).
    cfg.observe_window = Some(m.window);
    if !flags.fixed_batches {
        // Cost-aware by default: the first card, or Anthropic's 5-minute prices (the strictest
        // about rewrites) when none is given.
        let default_card = PriceCard::named("anthropic").map_err(|e| e.to_string())?;
        let keep_given = m.keep_last.is_some();
        let window = m.window;
        cfg = cfg.cost_aware(
            card.unwrap_or(&default_card),
            window,
            flags.budget,
            keep_given,
        );
        if let Some(cost) = cfg.cost.as_mut() {
            if let Some(h) = flags.horizon {
                cost.horizon = h;
            }
            if let Some(f) = flags.margin {
                cost.margin = f;
            }
            if let Some(f) = flags.peak_share {
                cost.peak_share = (f > 0.0).then_some(f);
            }
            if let Some(n) = flags.max_remaining {
                cost.max_remaining = n;
            }
            cost.digest &= !flags.no_digest;
        }
    }
    let list = names
        .iter()
        .map(|n| match *n {
            "full" => Strategy::Full,
            "last5" => Strategy::Last5,
            _ => Strategy::Ours(cfg.clone()),
        })
        .collect();
    let ours = names.contains(&"ours").then_some(cfg);
    Ok((list, ours))
}

/// Ours: the named pipeline for the window, then the tuning flags on its pub settings.
fn ours_config(m: &ReplayArgs) -> Result<Config, String> {
    let condenser = m.condenser.as_str();
    let window = m.window;
    let mut cfg =
        Config::from_strategy(condenser, window).map_err(|e| format!("--condenser: {e}"))?;
    let needs = |flag: &str, what: &str| {
        format!("--{flag} tunes {what}, which --condenser {condenser} does not run")
    };
    if let Some(k) = m.keep_last {
        let mask = cfg
            .mask
            .as_mut()
            .ok_or_else(|| needs("keep-last", "masking"))?;
        mask.keep_last = k;
    }
    if let Some(k) = m.batch {
        let mask = cfg.mask.as_mut().ok_or_else(|| needs("batch", "masking"))?;
        mask.batch = usize::try_from(k).map_err(|_| "--batch: too large".to_string())?;
    }
    if let Some(f) = m.summary_threshold {
        let s = cfg
            .summary
            .as_mut()
            .ok_or_else(|| needs("summary-threshold", "the summary"))?;
        s.threshold = f;
    }
    if let Some(n) = m.summary_keep {
        let s = cfg
            .summary
            .as_mut()
            .ok_or_else(|| needs("summary-keep", "the summary"))?;
        s.keep_last = usize::try_from(n).unwrap_or(usize::MAX);
    }
    Ok(cfg)
}

/// Expands directories (their files, sorted, without `*.md` and hidden files) and parses every
/// file; the first unreadable or unparsable file is the error.
fn load(paths: &[PathBuf]) -> Result<Vec<Trajectory>, String> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries = std::fs::read_dir(p).map_err(|e| format!("{}: {e}", p.display()))?;
            let mut found = Vec::new();
            for entry in entries {
                let path = entry.map_err(|e| format!("{}: {e}", p.display()))?.path();
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                let skip = name
                    .as_deref()
                    .is_none_or(|n| n.starts_with('.') || n.ends_with(".md"));
                if !skip && path.is_file() {
                    found.push(path);
                }
            }
            if found.is_empty() {
                return Err(format!(
                    "{}: no trajectory files in this directory",
                    p.display()
                ));
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(p.clone());
        }
    }
    // Runs are named by file name, or by the path given when two files share a name.
    let base = |f: &PathBuf| f.file_name().map(|n| n.to_string_lossy().into_owned());
    let mut out = Vec::new();
    for f in &files {
        let text = loopwright_store::input::read_to_string(f)
            .map_err(|e| format!("{}: {e}", f.display()))?;
        let shared = files.iter().filter(|g| base(g) == base(f)).count() > 1;
        let name = match base(f) {
            Some(n) if !shared => n,
            _ => f.display().to_string(),
        };
        let runs = parse(&name, &text).map_err(|e| match e {
            ContextError::Trajectory(msg) => {
                let what = msg.strip_prefix(&format!("{name}: ")).unwrap_or(&msg);
                format!("{}: {what}", f.display())
            }
            other => format!("{}: {other}", f.display()),
        })?;
        out.extend(runs);
    }
    Ok(out)
}

/// The invariants that failed in one report, as messages.
fn invariant_failures(r: &Report) -> Vec<String> {
    let mut v = Vec::new();
    let mut add = |ok: bool, what: &str| {
        if !ok {
            v.push(format!("{} on {}: {what}", r.strategy, r.trajectory));
        }
    };
    add(r.task_present_all, "the task is missing from a request");
    add(
        r.calls_paired_all,
        "a tool call and its result are not paired in a request",
    );
    add(
        r.recallable_all,
        "an event is neither shown nor recallable in a request",
    );
    v
}

fn write_error(e: &std::io::Error) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        ExitCode::SUCCESS
    } else {
        fail(&format!("writing stdout: {e}"), 2)
    }
}

fn fail(msg: &str, code: u8) -> ExitCode {
    eprintln!("loop replay: {msg}");
    ExitCode::from(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_repairs_calls_with_the_session_log_text() {
        assert_eq!(
            loopwright_context::replay::INTERRUPTED_TEXT,
            loopwright_store::session::INTERRUPTED_TEXT
        );
    }

    #[test]
    fn share_is_in_zero_one() {
        assert_eq!(share("0.5"), Ok(0.5));
        assert_eq!(share("1"), Ok(1.0));
        assert!(share("0").is_err());
        assert!(share("1.5").is_err());
        assert!(share("x").is_err());
    }

    /// `loop replay ARGS f` parsed.
    fn matches(args: &[&str]) -> ReplayArgs {
        use clap::Parser;
        ReplayArgs::try_parse_from(
            std::iter::once("replay")
                .chain(args.iter().copied())
                .chain(["f"]),
        )
        .unwrap()
    }

    #[test]
    fn strategies_default_order_and_dedup() {
        let names = |args: &[&str]| {
            let m = matches(args);
            let (s, ours) = strategies(&m, None).unwrap();
            (
                s.iter().map(Strategy::name).collect::<Vec<_>>(),
                ours.is_some(),
            )
        };
        let (d, ours) = names(&[]);
        assert_eq!(d[..2], ["full", "last5"]);
        assert!(d[2].starts_with("ours"));
        assert!(ours);
        let (d, ours) = names(&["-s", "last5,full", "--strategy", "last5"]);
        assert_eq!(d, ["last5", "full"]);
        assert!(!ours);
    }

    #[test]
    fn tuning_flags_need_their_condenser() {
        let cfg = |args: &[&str]| {
            let m = matches(args);
            ours_config(&m)
        };
        let c = cfg(&["--keep-last", "3", "--batch", "2", "--summary-keep", "4"]).unwrap();
        assert_eq!(
            c.mask.as_ref().map(|m| (m.keep_last, m.batch)),
            Some((3, 2))
        );
        assert_eq!(c.summary.as_ref().map(|s| s.keep_last), Some(4));
        let e = cfg(&["--condenser", "summary", "--keep-last", "3"]).unwrap_err();
        assert!(e.contains("--keep-last"), "{e}");
        let e = cfg(&["--condenser", "mask", "--summary-threshold", "0.5"]).unwrap_err();
        assert!(e.contains("--summary-threshold"), "{e}");
    }
}

//! `loop compress`: a stdin → stdout filter for tool output. Keeps every line that matters,
//! folds the noise, caps the size, and spills the full output to a file the model can read back.
//!
//! Exit codes: 0 done, 1 IO error (stdin, stdout, spill directory), 2 usage error.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use loopwright_observe::{
    Cap, CompressOptions, Compressed, Compressor, Output, Planned, Pointer, Spill, Stats,
    clean_text, count_lines, folding_pays, plan_output,
};
use loopwright_store::spill::{DEFAULT_SPILL_DIR, SpillFile, SpillStore, SpillWriter};

/// Smallest `--max-chars`: the spill pointer must fit next to some text.
pub const MIN_MAX_CHARS: usize = 600;
/// Smallest `--max-tokens`.
pub const MIN_MAX_TOKENS: usize = 150;
/// Room kept for the pointer (characters) when there is no spill file to name.
const POINTER_RESERVE: usize = 400;

/// The arguments of `loop compress`.
#[derive(Debug, clap::Parser)]
#[command(
    name = "compress",
    about = "Compress a tool output (stdin → stdout): keep errors, failures and summaries, fold the noise, spill the full text",
    after_help = "Exit codes: 0 done, 1 IO error, 2 usage error.\n\
                  The full output goes to a spill file (default .loop/spill/) whenever anything is folded or cut;\n\
                  read it back with `loop spill read PATH --lines A:B`."
)]
pub struct CompressArgs {
    #[arg(long, value_name = "N", conflicts_with = "max_tokens",
          help = format!("Cap the shown text (pointer included) at N characters, head + tail (N >= {MIN_MAX_CHARS})"))]
    max_chars: Option<usize>,
    #[arg(long, value_name = "N",
          help = format!("Cap the shown text at N estimated tokens (4 bytes each; N >= {MIN_MAX_TOKENS})"))]
    max_tokens: Option<usize>,
    /// Always keep lines matching REGEX (Rust regex syntax); repeatable
    #[arg(long, value_name = "REGEX")]
    keep: Vec<String>,
    /// The command that produced the output (a grep-like command's pattern is kept)
    #[arg(long, value_name = "CMD")]
    command: Option<String>,
    /// Where full outputs are spilled
    #[arg(long, value_name = "DIR", default_value = DEFAULT_SPILL_DIR)]
    spill_dir: PathBuf,
    /// Do not write a spill file (what is folded or cut is then lost)
    #[arg(long)]
    no_spill: bool,
    /// Print lines and bytes in and out and the ratio to stderr
    #[arg(long)]
    stats: bool,
    /// Print a JSON object instead of the text
    #[arg(long)]
    json: bool,
}

enum Failure {
    Usage(String),
    Io(String),
}

/// Runs `loop compress`.
pub fn main(a: &CompressArgs) -> ExitCode {
    match run(a) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("loop compress: {msg}");
            ExitCode::from(2)
        }
        Err(Failure::Io(msg)) => {
            eprintln!("loop compress: {msg}");
            ExitCode::from(1)
        }
    }
}

fn cap_from(a: &CompressArgs) -> Result<Option<Cap>, Failure> {
    if let Some(n) = a.max_chars {
        if n < MIN_MAX_CHARS {
            return Err(Failure::Usage(format!(
                "--max-chars must be at least {MIN_MAX_CHARS} (got {n})"
            )));
        }
        return Ok(Some(Cap::Chars(n)));
    }
    if let Some(n) = a.max_tokens {
        if n < MIN_MAX_TOKENS {
            return Err(Failure::Usage(format!(
                "--max-tokens must be at least {MIN_MAX_TOKENS} (got {n})"
            )));
        }
        return Ok(Some(Cap::Tokens(n)));
    }
    Ok(None)
}

/// The cap left for the text once `reserve` characters are kept for the pointer.
fn body_cap(cap: Cap, reserve: usize) -> Result<Cap, Failure> {
    let too_small = |flag: &str, n: usize| {
        Failure::Usage(format!(
            "{flag} {n} leaves no room next to the {reserve}-character spill pointer"
        ))
    };
    match cap {
        Cap::Chars(n) => n
            .checked_sub(reserve)
            .filter(|&b| b >= 64)
            .map(Cap::Chars)
            .ok_or_else(|| too_small("--max-chars", n)),
        Cap::Tokens(n) => n
            .checked_sub(reserve.div_ceil(4))
            .filter(|&b| b >= 16)
            .map(Cap::Tokens)
            .ok_or_else(|| too_small("--max-tokens", n)),
    }
}

/// The original input, cleaned: read back from the spill file, or from memory (`--no-spill`).
fn read_original(writer: &mut Option<SpillWriter>, original: &[u8]) -> Result<String, Failure> {
    match writer.as_mut() {
        Some(w) => {
            w.sync().map_err(|e| Failure::Io(e.to_string()))?;
            let bytes = std::fs::read(w.temp_path())
                .map_err(|e| Failure::Io(format!("reading spill file: {e}")))?;
            Ok(clean_text(&bytes))
        }
        None => Ok(clean_text(original)),
    }
}

/// Plans the output with the one observation planner, then commits the spill file when
/// anything was folded or cut (discarding it otherwise) and renders the text with the pointer.
fn plan_and_spill(
    result: Compressed,
    mut writer: Option<SpillWriter>,
    original: &[u8],
    cap: Option<Cap>,
    bytes_in: u64,
    mut spill_failed: Option<String>,
) -> Result<(Planned, Option<SpillFile>, String), Failure> {
    let reserve = match writer.as_ref() {
        Some(w) => {
            let path = w.final_path().display().to_string();
            let probe = Pointer {
                path: &path,
                bytes: bytes_in,
                lines: result.stats.lines_in,
            };
            probe.render().chars().count() + 2
        }
        None => POINTER_RESERVE,
    };
    if let Some(c) = cap {
        body_cap(c, reserve)?;
    }
    // The original is read back only when the folded text is not what is shown.
    // Without a complete spill the original is gone: the folded text is all there is.
    let pays = spill_failed.is_some() || folding_pays(&result, bytes_in, cap, reserve);
    let text = if pays {
        String::new()
    } else {
        read_original(&mut writer, original)?
    };
    let mut planned = plan_output(
        Output {
            text: &text,
            total_bytes: text.len().max(bytes_in as usize) as u64,
            compressed: pays.then_some(result),
        },
        cap,
        reserve,
    );
    // The fold markers say what was folded; the counts are for `--stats`, not the text.
    planned.note = None;
    let needs_spill = planned.folded || planned.cut_chars > 0;
    let spilled = match writer.take() {
        Some(w) if needs_spill => match w.commit() {
            Ok(f) => Some(f),
            Err(e) => {
                spill_failed = Some(e.to_string());
                None
            }
        },
        _ => None,
    };
    if let Some(why) = &spill_failed {
        eprintln!(
            "loop compress: warning: the full output could not be saved ({why}); the compressed text is printed"
        );
    }
    let shown = spilled.as_ref().map(|f| f.path.display().to_string());
    let spill = match (&spilled, &shown) {
        (Some(f), Some(p)) => Spill::Saved(Pointer {
            path: p,
            bytes: f.bytes,
            lines: f.lines,
        }),
        _ if spill_failed.is_some() => Spill::Failed(spill_failed.as_deref().unwrap_or("")),
        _ if needs_spill => Spill::Disabled,
        _ => Spill::NotNeeded,
    };
    let mut text = planned.render(spill, None);
    if spill != Spill::NotNeeded {
        text.push('\n');
    }
    Ok((planned, spilled, text))
}

/// The `--json` object.
fn json_report(
    text: &str,
    planned: &Planned,
    stats: &Stats,
    ratio: f64,
    keep_patterns: &[String],
    spilled: Option<&SpillFile>,
) -> serde_json::Value {
    let kinds: serde_json::Map<String, serde_json::Value> = stats
        .kinds
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).into()))
        .collect();
    serde_json::json!({
        "text": text,
        "folded": planned.folded,
        "capped": planned.cut_chars > 0,
        "cut_chars": planned.cut_chars,
        "lines_in": stats.lines_in,
        "bytes_in": stats.bytes_in,
        "lines_out": count_lines(text.as_bytes()),
        "bytes_out": text.len(),
        "ratio": ratio,
        "folded_lines": if planned.folded { stats.folded_lines } else { 0 },
        "kept": kinds,
        "keep_patterns": keep_patterns,
        "spill": spilled.map(|f| serde_json::json!({
            "path": f.path.display().to_string(), "bytes": f.bytes, "lines": f.lines,
        })),
    })
}

/// Streams stdin into the compressor and into the spill file (or, with no spill file, into
/// `original`). A failed spill write gives the spill up (its temp file removed) and says why;
/// the compressed text goes on.
fn read_input(
    compressor: &mut Compressor,
    writer: &mut Option<SpillWriter>,
    original: &mut Vec<u8>,
) -> Result<Option<String>, Failure> {
    let mut spill_failed: Option<String> = None;
    let mut stdin = io::stdin().lock();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = match stdin.read(&mut buf) {
            Ok(0) => return Ok(spill_failed),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Failure::Io(format!("reading stdin: {e}"))),
        };
        compressor.push(&buf[..n]);
        match writer.as_mut() {
            Some(w) => {
                if let Err(e) = w.write_all(&buf[..n]) {
                    spill_failed = Some(format!("writing {}: {e}", w.final_path().display()));
                    *writer = None;
                }
            }
            None if spill_failed.is_some() => {}
            None => original.extend_from_slice(&buf[..n]),
        }
    }
}

fn run(a: &CompressArgs) -> Result<(), Failure> {
    let mut opts = CompressOptions::default()
        .with_keep(&a.keep)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    if let Some(cmd) = &a.command {
        opts = opts.with_command(cmd);
    }
    let cap = cap_from(a)?;
    let mut writer: Option<SpillWriter> = if a.no_spill {
        None
    } else {
        let store = SpillStore::new(&a.spill_dir);
        Some(
            store
                .writer()
                .map_err(|e| Failure::Io(format!("--spill-dir: {e}")))?,
        )
    };
    let mut original: Vec<u8> = Vec::new();
    let mut compressor = Compressor::new(&opts);
    let spill_failed = read_input(&mut compressor, &mut writer, &mut original)?;
    let result = compressor.finish();
    let stats = result.stats.clone();
    let bytes_in = stats.bytes_in;

    let (planned, spilled, text) =
        plan_and_spill(result, writer, &original, cap, bytes_in, spill_failed)?;
    let lines_out = count_lines(text.as_bytes());
    let ratio = if bytes_in == 0 {
        1.0
    } else {
        text.len() as f64 / bytes_in as f64
    };
    if a.stats {
        eprintln!(
            "loop compress: lines {} -> {}, bytes {} -> {}, ratio {:.3} ({:.1}% saved)",
            stats.lines_in,
            lines_out,
            bytes_in,
            text.len(),
            ratio,
            (1.0 - ratio) * 100.0
        );
    }
    let json = a.json.then(|| {
        json_report(
            &text,
            &planned,
            &stats,
            ratio,
            opts.keep_patterns(),
            spilled.as_ref(),
        )
    });
    let mut out = io::stdout().lock();
    let write = match json {
        Some(json) => writeln!(out, "{json}"),
        None => out.write_all(text.as_bytes()),
    };
    match write.and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::Io(format!("writing stdout: {e}"))),
    }
}

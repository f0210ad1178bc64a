//! `loop budget status [--pattern P] [--json] [--store URL] [--daily-state-dir DIR]`: today's
//! spend, cap and open reservations per pattern, from the configured store (database or files).

use std::process::ExitCode;

use anyhow::{Context as _, Result};
use clap::{Arg, ArgAction, Command};
use loopwright_guard::jsnum::number_to_string;
use loopwright_store::daily::DailySpend;
use loopwright_store_pg::daily::DayStatus;
use serde_json::json;

/// The clap description of `loop budget`.
pub fn command() -> Command {
    Command::new("budget")
        .about("Daily budgets of loop patterns across a fleet")
        .subcommand_required(true)
        .subcommand(
            Command::new("status")
                .about("Today's spend, cap and open reservations per pattern")
                .arg(Arg::new("pattern").long("pattern").value_name("P"))
                .arg(Arg::new("json").long("json").action(ArgAction::SetTrue))
                .arg(Arg::new("store").long("store").value_name("URL"))
                .arg(
                    Arg::new("daily-state-dir")
                        .long("daily-state-dir")
                        .value_name("DIR")
                        .default_value(".loop-context"),
                ),
        )
}

/// Runs `loop budget`.
pub fn main(args: &[std::ffi::OsString]) -> ExitCode {
    let m = match super::parse_args(command(), "loop budget", args, 2) {
        Ok(m) => m,
        Err(code) => return code,
    };
    let Some(("status", m)) = m.subcommand() else {
        return ExitCode::from(2);
    };
    match status(m) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("loop budget: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn status(m: &clap::ArgMatches) -> Result<String> {
    let pattern = m.get_one::<String>("pattern").map(String::as_str);
    let rows = match super::store_url::resolve(m.get_one::<String>("store").map(String::as_str)) {
        Some(url) => loopwright_store_pg::PgStore::connect(&url)?.status(pattern)?,
        None => file_rows(
            m.get_one::<String>("daily-state-dir")
                .map_or(".loop-context", String::as_str),
            pattern,
        )?,
    };
    if m.get_flag("json") {
        let v: Vec<_> = rows
            .iter()
            .map(|r| {
                json!({
                    "pattern": r.pattern, "day": r.day, "spent": r.spent,
                    "reserved": r.reserved, "cap": r.cap, "extension": r.extension,
                    "openReservations": r.open_reservations,
                })
            })
            .collect();
        return Ok(format!("{}\n", serde_json::to_string_pretty(&v)?));
    }
    if rows.is_empty() {
        return Ok("no daily spend recorded today\n".into());
    }
    let mut out = String::new();
    for r in &rows {
        let cap = r
            .cap
            .map_or("-".into(), |c| number_to_string(c + r.extension));
        out.push_str(&format!(
            "{}  {}  spent {} of {}  reserved {} ({} open)\n",
            r.pattern,
            r.day,
            number_to_string(r.spent),
            cap,
            number_to_string(r.reserved),
            r.open_reservations
        ));
    }
    Ok(out)
}

/// Today's rows of the file store: one `daily-spend.<id>.json` per pattern (no reservations).
fn file_rows(dir: &str, only: Option<&str>) -> Result<Vec<DayStatus>> {
    let t = time::OffsetDateTime::now_utc();
    let today = format!("{:04}-{:02}-{:02}", t.year(), u8::from(t.month()), t.day());
    let store = DailySpend::new(dir);
    let mut ids: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|n| {
                Some(
                    n.strip_prefix("daily-spend.")?
                        .strip_suffix(".json")?
                        .to_owned(),
                )
            })
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e).with_context(|| format!("daily state directory {dir}")),
    };
    ids.retain(|id| only.is_none_or(|p| p == id));
    ids.sort();
    ids.iter()
        .map(|id| {
            Ok(DayStatus {
                pattern: id.clone(),
                day: today.clone(),
                spent: store.today_total(id, &today)?,
                reserved: 0.0,
                cap: None,
                extension: 0.0,
                open_reservations: 0,
            })
        })
        .collect()
}

//! `loop budget status [--pattern P] [--json] [--store URL] [--daily-state-dir DIR]`: today's
//! spend, cap and open reservations per pattern, from the configured store (database or files);
//! `loop budget request/approve/refuse`: one extension of a daily cap a day (database store).

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
        .subcommand(
            Command::new("request")
                .about("Ask for one extension of today's cap (+20% or +50,000 tokens, the smaller)")
                .arg(
                    Arg::new("pattern")
                        .long("pattern")
                        .value_name("P")
                        .required(true),
                )
                .arg(
                    Arg::new("reason")
                        .long("reason")
                        .value_name("TEXT")
                        .required(true),
                )
                .arg(Arg::new("store").long("store").value_name("URL")),
        )
        .subcommand(
            Command::new("approve")
                .about("Approve an extension request (a person at a terminal only)")
                .arg(
                    Arg::new("id")
                        .required(true)
                        .value_parser(clap::value_parser!(i64)),
                )
                .arg(Arg::new("store").long("store").value_name("URL")),
        )
        .subcommand(
            Command::new("refuse")
                .about("Refuse an extension request")
                .arg(
                    Arg::new("id")
                        .required(true)
                        .value_parser(clap::value_parser!(i64)),
                )
                .arg(Arg::new("store").long("store").value_name("URL")),
        )
}

/// Runs `loop budget`.
pub fn main(args: &[std::ffi::OsString]) -> ExitCode {
    let m = match super::parse_args(command(), "loop budget", args, 2) {
        Ok(m) => m,
        Err(code) => return code,
    };
    let result = match m.subcommand() {
        Some(("status", m)) => status(m),
        Some(("request", m)) => request(m),
        Some(("approve", m)) => decide(m, true),
        Some(("refuse", m)) => decide(m, false),
        _ => return ExitCode::from(2),
    };
    match result {
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

fn pg(m: &clap::ArgMatches) -> Result<loopwright_store_pg::PgStore> {
    let url = super::store_url::resolve(m.get_one::<String>("store").map(String::as_str))
        .context("budget extensions live in a database store: pass --store postgres://... or set LOOP_STORE_URL")?;
    Ok(loopwright_store_pg::PgStore::connect(&url)?)
}

fn who() -> String {
    std::env::var("USER").unwrap_or_else(|_| "unknown".into())
}

fn request(m: &clap::ArgMatches) -> Result<String> {
    let pattern = m.get_one::<String>("pattern").map_or("", String::as_str);
    let reason = m.get_one::<String>("reason").map_or("", String::as_str);
    let registry = loopwright_guard::cost::Registry::embedded()?;
    let cap = loopwright_guard::cost::daily_cap(
        &registry,
        &loopwright_guard::cost::BudgetRequest {
            pattern,
            level: None,
            scenario: None,
            cadence: None,
            conservative: false,
        },
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let amount = (cap * 0.2).min(50_000.0);
    let e = pg(m)?.request_extension(pattern, amount, reason, &who())?;
    Ok(format!(
        "extension request {} for {}: +{} tokens on {} (approve with: loop budget approve {})\n",
        e.id,
        e.pattern,
        number_to_string(e.amount),
        e.day,
        e.id
    ))
}

/// Approving needs a person: the command refuses without a terminal on stdin and stderr,
/// which an agent's tools never have.
fn decide(m: &clap::ArgMatches, approve: bool) -> Result<String> {
    use std::io::IsTerminal as _;
    if approve && !(std::io::stdin().is_terminal() && std::io::stderr().is_terminal()) {
        anyhow::bail!("loop budget approve must be run by a person at a terminal");
    }
    let id = m.get_one::<i64>("id").copied().unwrap_or_default();
    let e = pg(m)?.decide_extension(id, approve, &who())?;
    Ok(format!(
        "extension {} for {} {}: +{} tokens on {}\n",
        e.id,
        e.pattern,
        e.state,
        number_to_string(e.amount),
        e.day
    ))
}

/// Today's rows of the file store: one `daily-spend.<id>.json` per pattern, with its open
/// reservations (of `loop run --daily-budget-from-pattern`).
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
            let now = loopwright_store::daily::reserve::now_ms();
            let (reserved, open) = store.reserved_today(id, &today, now)?;
            Ok(DayStatus {
                pattern: id.clone(),
                day: today.clone(),
                spent: store.today_total(id, &today)?,
                reserved,
                cap: None,
                extension: 0.0,
                open_reservations: i64::try_from(open).unwrap_or(i64::MAX),
            })
        })
        .collect()
}

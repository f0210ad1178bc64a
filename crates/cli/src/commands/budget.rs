//! `loop budget status [--pattern P] [--json] [--store URL] [--daily-state-dir DIR]`: today's
//! spend, cap and open reservations per pattern, from the configured store (database or files);
//! `loop budget request/approve/refuse`: one extension of a daily cap a day (database store).

use std::process::ExitCode;

use anyhow::{Context as _, Result};
use loopwright_guard::jsnum::number_to_string;
use loopwright_store::daily::DailySpend;
use loopwright_store_pg::daily::DayStatus;
use serde_json::json;

/// The arguments of `loop budget`.
#[derive(Debug, clap::Parser)]
#[command(
    name = "budget",
    about = "Daily budgets of loop patterns across a fleet"
)]
pub struct BudgetArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// The database store: `--store URL`, else `$LOOP_STORE_URL`.
#[derive(Debug, Clone, clap::Args)]
pub struct StoreFlag {
    /// postgres:// store (default: $LOOP_STORE_URL)
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
}

/// `loop budget status | request | approve | refuse`.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Today's spend, cap and open reservations per pattern
    Status {
        /// Only this pattern
        #[arg(long, value_name = "P")]
        pattern: Option<String>,
        /// Print JSON
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        store: StoreFlag,
        /// Where the file store keeps daily spend (without a database store)
        #[arg(long, value_name = "DIR", default_value = ".loop-context")]
        daily_state_dir: String,
    },
    /// Ask for one extension of today's cap (+20% or +50,000 tokens, the smaller)
    Request {
        /// The pattern whose cap to extend
        #[arg(long, value_name = "P")]
        pattern: String,
        /// Why
        #[arg(long, value_name = "TEXT")]
        reason: String,
        #[command(flatten)]
        store: StoreFlag,
    },
    /// Approve an extension request (a person at a terminal only)
    Approve {
        /// The request id
        id: i64,
        #[command(flatten)]
        store: StoreFlag,
    },
    /// Refuse an extension request
    Refuse {
        /// The request id
        id: i64,
        #[command(flatten)]
        store: StoreFlag,
    },
}

/// Runs `loop budget`.
pub fn main(a: &BudgetArgs) -> ExitCode {
    let result = match &a.action {
        Action::Status {
            pattern,
            json,
            store,
            daily_state_dir,
        } => status(pattern.as_deref(), *json, store, daily_state_dir),
        Action::Request {
            pattern,
            reason,
            store,
        } => request(pattern, reason, store),
        Action::Approve { id, store } => decide(*id, store, true),
        Action::Refuse { id, store } => decide(*id, store, false),
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

fn status(
    pattern: Option<&str>,
    json: bool,
    store: &StoreFlag,
    daily_state_dir: &str,
) -> Result<String> {
    let rows = match super::store_url::resolve(store.store.as_deref()) {
        Some(url) => loopwright_store_pg::PgStore::connect(&url)?.status(pattern)?,
        None => file_rows(daily_state_dir, pattern)?,
    };
    if json {
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

fn pg(store: &StoreFlag) -> Result<loopwright_store_pg::PgStore> {
    let url = super::store_url::resolve(store.store.as_deref())
        .context("budget extensions live in a database store: pass --store postgres://... or set LOOP_STORE_URL")?;
    Ok(loopwright_store_pg::PgStore::connect(&url)?)
}

fn who() -> String {
    std::env::var("USER").unwrap_or_else(|_| "unknown".into())
}

fn request(pattern: &str, reason: &str, store: &StoreFlag) -> Result<String> {
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
    let e = pg(store)?.request_extension(pattern, amount, reason, &who())?;
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
fn decide(id: i64, store: &StoreFlag, approve: bool) -> Result<String> {
    use std::io::IsTerminal as _;
    if approve && !(std::io::stdin().is_terminal() && std::io::stderr().is_terminal()) {
        anyhow::bail!("loop budget approve must be run by a person at a terminal");
    }
    let e = pg(store)?.decide_extension(id, approve, &who())?;
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

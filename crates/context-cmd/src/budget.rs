//! Budgets sized from a loop pattern's cost profile: the per-run token budget
//! (`--budget-from-pattern`), the daily cap shared by all runs (`--daily-budget-from-pattern`)
//! and the escalation hook (`--on-exceed`).
//!
//! Everything is resolved in-process from the embedded pattern registry (the reference spawns a
//! second Node process per lookup).

use std::io::Write as _;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use loopwright_guard::breaker::{Decision, Trigger};
use loopwright_guard::cost::{BudgetRequest, Registry, daily_cap, per_run_budget};
use loopwright_guard::jsnum::number_to_string;
use loopwright_protocol::json::{self, Value};
use loopwright_protocol::ledger::Ledger;
use loopwright_store::daily::{AttemptSpend, DailySpend, fingerprint};

use super::args::BudgetArgs;
use super::store::Postgres;

/// Where daily-spend files go without `--daily-state-dir`.
const DEFAULT_STATE_DIR: &str = ".loop-context";
/// How long a hook may run without `--on-exceed-timeout`.
const DEFAULT_HOOK_TIMEOUT_S: f64 = 30.0;

fn non_empty(s: &Option<String>) -> Option<&str> {
    s.as_deref().filter(|s| !s.is_empty())
}

fn registry() -> Result<Registry, String> {
    Registry::embedded().map_err(|e| format!("built-in pattern registry: {e}"))
}

fn request<'a>(b: &'a BudgetArgs, pattern: &'a str) -> BudgetRequest<'a> {
    BudgetRequest {
        pattern,
        level: b.level.as_deref(),
        scenario: b.scenario.as_deref(),
        cadence: b.cadence.as_deref(),
        conservative: b.conservative,
    }
}

/// The per-run token budget from `--budget-from-pattern`, if one was asked for.
pub fn resolve_token_budget(b: &BudgetArgs) -> Result<Option<f64>, String> {
    let Some(id) = non_empty(&b.from_pattern) else {
        return Ok(None);
    };
    per_run_budget(&registry()?, &request(b, id))
        .map(Some)
        .map_err(|e| e.to_string())
}

/// Applies the daily cap of `--daily-budget-from-pattern` to a breaker decision.
///
/// The pattern (and level and cadence) are checked before anything is written; then the ledger's
/// attempts not counted yet are added to today's spend under the state file's lock. A per-run
/// escalation wins over the daily cap, but its tokens are still recorded.
pub fn apply_daily_budget(
    b: &BudgetArgs,
    ledger_path: Option<&str>,
    ledger: &Ledger,
    d: Decision,
    pg: &dyn Postgres,
) -> Result<Decision, String> {
    let Some(id) = non_empty(&b.daily_from_pattern) else {
        return Ok(d);
    };
    let mut cap = daily_cap(&registry()?, &request(b, id)).map_err(|e| e.to_string())?;
    let attempts: Vec<AttemptSpend> = ledger
        .attempts
        .iter()
        .map(|a| AttemptSpend {
            tokens: a.tokens_used.unwrap_or(0.0),
            fingerprint: fingerprint(
                json::to_string_compact(&Value::Object(a.fields.clone())).as_bytes(),
            ),
        })
        .collect();
    let key = ledger_key(ledger_path, ledger);
    let in_store = pg
        .record_daily(b.store.as_deref(), id, &key, &attempts, cap)
        .map_err(|e| e.to_string())?;
    let recorded = match in_store {
        Some(r) => {
            cap += r.extension;
            r.recorded
        }
        None => DailySpend::new(non_empty(&b.daily_state_dir).unwrap_or(DEFAULT_STATE_DIR))
            .record(id, &today(), &key, &attempts)
            .map_err(|e| e.to_string())?,
    };
    if d.escalate || recorded.total < cap {
        return Ok(d);
    }
    Ok(Decision {
        should_continue: false,
        escalate: true,
        trigger: Trigger::DailyBudget,
        reason: format!(
            "Daily token spend for pattern \"{id}\" reached {} (cap {}). Escalating to avoid cost blowup.",
            number_to_string(recorded.total),
            number_to_string(cap)
        ),
        ..d
    })
}

/// The current UTC date, `YYYY-MM-DD`.
fn today() -> String {
    let t = time::OffsetDateTime::now_utc();
    format!("{:04}-{:02}-{:02}", t.year(), u8::from(t.month()), t.day())
}

/// What identifies a ledger across checks: its canonical path, or for a ledger piped on stdin
/// its goal and start time.
fn ledger_key(path: Option<&str>, ledger: &Ledger) -> String {
    if let Some(p) = path {
        let canonical = std::fs::canonicalize(p).unwrap_or_else(|_| p.into());
        return canonical.to_string_lossy().into_owned();
    }
    let started = ledger
        .started_at
        .as_ref()
        .map(json::to_string_compact)
        .unwrap_or_default();
    let id = fingerprint(format!("{}\u{0}{started}", ledger.goal).as_bytes());
    format!("stdin:{id:016x}")
}

/// Runs the `--on-exceed` hook for an escalation: `/bin/sh -c CMD` with the decision as compact
/// JSON on stdin, its stdout sent to our stderr (so stdout stays one document; at most 64 KiB), killed with its
/// process group after `--on-exceed-timeout` seconds. Never fails the check: problems are
/// reported on stderr.
pub fn run_on_exceed(b: &BudgetArgs, d: &Decision) {
    let Some(cmd) = non_empty(&b.on_exceed) else {
        return;
    };
    let payload = json::to_string_compact(&loopwright_guard::report::decision_json(d));
    let timeout = b.on_exceed_timeout.unwrap_or(DEFAULT_HOOK_TIMEOUT_S);
    if let Err(msg) = run_hook(cmd, &payload, timeout) {
        eprintln!("loop-context: --on-exceed hook {msg}");
    }
}

fn run_hook(cmd: &str, payload: &str, timeout_s: f64) -> Result<(), String> {
    let mut command = Command::new("/bin/sh");
    command
        .arg("-c")
        .arg(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .spawn()
        .map_err(|e| format!("failed to start: {e}"))?;
    // Written from a detached thread so a hook (or a process it leaves behind) that never reads a
    // large payload cannot block us past the timeout; a hook that exits without reading closes
    // the pipe, which is not an error.
    let _writer = child.stdin.take().map(|mut stdin| {
        let payload = payload.to_owned();
        std::thread::spawn(move || {
            let _ = stdin.write_all(payload.as_bytes());
        })
    });
    let relay = child.stdout.take().map(relay_bounded);
    let result = wait_hook(&mut child, timeout_s);
    if let Some(done) = relay {
        // Processes the hook left behind may hold the pipe: wait a moment, not for EOF.
        let _ = done.recv_timeout(Duration::from_secs(2));
    }
    result
}

/// The most bytes of hook output copied to stderr; the rest is counted and dropped.
const HOOK_OUTPUT_CAP: u64 = 64 * 1024;

/// Copies at most [`HOOK_OUTPUT_CAP`] bytes of the hook's output to stderr (then says how much
/// was dropped), reading the rest so the hook is never blocked; signals when done.
fn relay_bounded(mut out: std::process::ChildStdout) -> std::sync::mpsc::Receiver<()> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::Read as _;
        let mut buf = [0u8; 16 * 1024];
        let (mut seen, mut dropped) = (0u64, 0u64);
        let mut err = std::io::stderr();
        while let Ok(n) = out.read(&mut buf) {
            if n == 0 {
                break;
            }
            let room = HOOK_OUTPUT_CAP.saturating_sub(seen) as usize;
            let keep = room.min(n);
            if keep > 0 {
                let _ = err.write_all(&buf[..keep]);
            }
            dropped += (n - keep) as u64;
            seen += n as u64;
        }
        if dropped > 0 {
            let _ = writeln!(
                err,
                "\n[--on-exceed output cut: {dropped} of {seen} bytes not shown]"
            );
        }
        let _ = tx.send(());
    });
    rx
}

fn wait_hook(child: &mut Child, timeout_s: f64) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs_f64(timeout_s.clamp(0.0, 1e6));
    let mut pause = Duration::from_millis(1);
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => return Ok(()),
            Ok(Some(status)) => return Err(format!("failed ({status}); ignored")),
            Ok(None) if Instant::now() >= deadline => {
                kill_group(child);
                return Err(format!(
                    "timed out after {} s and was killed",
                    number_to_string(timeout_s)
                ));
            }
            Ok(None) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(50));
            }
            Err(e) => return Err(format!("could not be waited for: {e}")),
        }
    }
}

/// Kills the hook and everything it started (its process group), then reaps it.
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

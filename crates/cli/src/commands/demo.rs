//! `loop demo`: an offline run of the real loop, with a scripted model, in a temporary
//! workspace holding a small project with a failing test. Every guard gets to act, and so does
//! context management: the project's `AGENTS.md` goes into the prompt prefix, old tool results
//! are masked in batches (a small `--mask-keep`/`--mask-batch` so it happens within the demo's
//! few steps), and one scripted turn recalls a masked result in full.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use loopwright_agent::gate::DenyAsks;
use loopwright_agent::policy_gate::PolicyGate;
use loopwright_agent::{RunConfig, ScriptedProvider};
use loopwright_context::Config;
use loopwright_protocol::condensation::{Condensation, MaskReason};
use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::tool::ToolStatus;
use loopwright_store::session::FileSessionStore;

use super::run::{Printer, drive, install_signals};

/// The demo project: path and content.
const PROJECT: [(&str, &str); 6] = [
    (
        "textstats.sh",
        include_str!("../../demo/project/textstats.sh"),
    ),
    ("test.sh", include_str!("../../demo/project/test.sh")),
    ("build.sh", include_str!("../../demo/project/build.sh")),
    ("README.md", include_str!("../../demo/project/README.md")),
    ("AGENTS.md", include_str!("../../demo/project/AGENTS.md")),
    (".loop/gate.toml", include_str!("../../demo/gate.toml")),
];

/// The scripted model's turns.
const SCRIPT: &str = include_str!("../../demo/script.json");

/// The task given to the model.
pub const TASK: &str = "The tests of textstats fail (bash test.sh). Find the cause and fix it.";

/// Tool results the demo keeps in full (`--mask-keep`; `loop run` defaults to 10).
pub const MASK_KEEP: usize = 4;

/// Old results masked at a time (`--mask-batch`; `loop run` defaults to 5).
pub const MASK_BATCH: usize = 2;

/// The demo's condensers: `loop run`'s default pipeline (`mask+summary`, 128k window) with a
/// small mask window, so that masking acts within the demo's dozen steps.
pub fn context_config() -> Result<Config> {
    let mut cfg = Config::from_strategy("mask+summary", 128_000)
        .map_err(|e| anyhow!("demo context config: {e}"))?;
    if let Some(mask) = cfg.mask.as_mut() {
        mask.keep_last = MASK_KEEP;
        mask.batch = MASK_BATCH;
    }
    Ok(cfg)
}

/// The arguments of `loop demo`.
#[derive(Debug, clap::Parser)]
#[command(
    name = "demo",
    about = "Offline showcase: a scripted model fixes a failing test while every guard acts (exit 0 when the fix is verified)"
)]
pub struct DemoArgs {
    /// Create the demo workspace here (must not exist or be empty; default: a new temporary directory)
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Runs `loop demo`.
pub fn main(a: &DemoArgs) -> ExitCode {
    match run(a) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("loop demo: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn workspace(a: &DemoArgs) -> Result<PathBuf> {
    let dir = match &a.dir {
        Some(d) => d.clone(),
        None => std::env::temp_dir().join(format!(
            "loop-demo-{}-{:04x}",
            std::process::id(),
            fastrand::u16(..)
        )),
    };
    if dir.exists()
        && std::fs::read_dir(&dir)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true)
    {
        bail!("--dir {}: exists and is not empty", dir.display());
    }
    for (path, text) in PROJECT {
        let p = dir.join(path);
        loopwright_store::atomic::write_atomic(&p, text.as_bytes())
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    std::fs::canonicalize(&dir).with_context(|| format!("{}", dir.display()))
}

fn run(a: &DemoArgs) -> Result<u8> {
    let ws = workspace(a)?;
    eprintln!("loop demo: a scripted model works on a small bash project with a failing test");
    eprintln!(
        "workspace: {}\ntask: {TASK}\nverify: bash test.sh\ncontext: AGENTS.md in the prompt prefix; tool results older than the last {MASK_KEEP} masked, {MASK_BATCH} at a time (loop run --mask-keep {MASK_KEEP} --mask-batch {MASK_BATCH})\n",
        ws.display()
    );
    let provider =
        ScriptedProvider::from_json(SCRIPT).map_err(|e| anyhow!("embedded script: {e}"))?;
    let state_dir = loopwright_store::StateDir::of_workspace(&ws)
        .root()
        .to_path_buf();
    let store = FileSessionStore::new(&state_dir);
    let log = store.create(
        "demo",
        EventKind::SessionStart {
            task: TASK.into(),
            workspace: ws.to_string_lossy().into_owned(),
            provider: "scripted".into(),
            model: Some("demo-script".into()),
            verify: Some("bash test.sh".into()),
        },
    )?;
    let mut cfg = RunConfig::new(ws.clone());
    cfg.max_steps = 30;
    cfg.context = context_config()?;
    cfg.resume_hint = format!(
        "(the demo is not resumable; see loop sessions show demo --workspace {})",
        ws.display()
    );
    let gate = PolicyGate::load(&ws, &[]).map_err(|e| anyhow!("permission rules: {e}"))?;
    let code = drive(
        log,
        cfg,
        Box::new(provider),
        Box::new(gate),
        Box::new(DenyAsks),
        Printer::new(false),
        install_signals()?,
    )?;
    let events = store.load("demo")?.events;
    eprintln!("\n{}", closing_report(&events, &ws));
    Ok(code)
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What the session events say each guard did.
#[derive(Default)]
struct Tally {
    outputs: u64,
    raw: u64,
    shown: u64,
    compressed: Vec<String>,
    spilled: Vec<String>,
    denied: Vec<String>,
    trips: Vec<String>,
    verify: Vec<String>,
    steps: u64,
    tokens: u64,
    outcome: String,
}

fn tally(events: &[Event]) -> Tally {
    let mut t = Tally {
        outcome: String::from("open"),
        ..Tally::default()
    };
    let mut calls = std::collections::HashMap::new();
    for e in events {
        match &e.kind {
            EventKind::Assistant {
                tool_calls, usage, ..
            } => {
                t.steps += 1;
                t.tokens += usage.map_or(0, |u| u.total());
                for c in tool_calls {
                    calls.insert(c.id.clone(), loopwright_agent::tools::describe_call(c));
                }
            }
            EventKind::ToolResult(r) => {
                t.outputs += 1;
                t.raw += r.raw_bytes;
                t.shown += r.content.len() as u64;
                let what = calls
                    .get(&r.call_id)
                    .cloned()
                    .unwrap_or_else(|| r.name.clone());
                // A recalled result repeats an earlier one's text: not a new compression.
                if let Some(line) = r
                    .content
                    .lines()
                    .find(|l| l.starts_with("[log compressed:"))
                    .filter(|_| !r.content.starts_with("[recall id "))
                {
                    t.compressed.push(format!(
                        "{what} {}",
                        line.trim_start_matches("[log compressed: ")
                            .trim_end_matches(']')
                    ));
                }
                if let Some(s) = &r.spill {
                    t.spilled.push(format!(
                        "{what}: {} bytes -> {} shown, full text in {s}",
                        thousands(r.raw_bytes),
                        thousands(r.content.len() as u64)
                    ));
                }
                if r.status == ToolStatus::Denied {
                    t.denied.push(format!(
                        "{what}: {}",
                        r.content.lines().next().unwrap_or_default()
                    ));
                }
            }
            EventKind::GuardTrip {
                guard,
                reason,
                action,
            } => t.trips.push(format!("{guard}: {reason} -> {action}")),
            EventKind::Verify {
                command, passed, ..
            } => {
                t.verify.push(format!(
                    "`{command}` {}",
                    if *passed { "passed" } else { "failed" }
                ));
            }
            EventKind::End { outcome: o, .. } => t.outcome = o.as_str().to_string(),
            _ => {}
        }
    }
    t
}

/// What each guard did, from the session events.
pub fn closing_report(events: &[Event], ws: &Path) -> String {
    let Tally {
        outputs,
        raw,
        shown,
        compressed,
        spilled,
        denied,
        trips,
        verify,
        steps,
        tokens,
        outcome,
    } = tally(events);
    let mut s = String::from("What the guards did\n");
    let _ = writeln!(
        s,
        "  outcome      {outcome} after {steps} steps, {} tool results, ~{} tokens (estimated)",
        outputs,
        thousands(tokens)
    );
    let _ = writeln!(
        s,
        "  observation  {} bytes of tool output, {} bytes shown to the model ({} kept out of the context, nothing lost)",
        thousands(raw),
        thousands(shown),
        thousands(raw.saturating_sub(shown))
    );
    for c in &compressed {
        let _ = writeln!(s, "    compressed  {c}");
    }
    for c in &spilled {
        let _ = writeln!(s, "    spilled     {c}");
    }
    if denied.is_empty() {
        let _ = writeln!(s, "  policy       nothing denied");
    }
    for d in &denied {
        let _ = writeln!(s, "  policy       denied {d}");
    }
    if trips.is_empty() {
        let _ = writeln!(s, "  stuck/breaker no trip");
    }
    for t in &trips {
        let _ = writeln!(s, "  stuck/breaker {t}");
    }
    let _ = writeln!(s, "  context      {}", context_line(events));
    for v in &verify {
        let _ = writeln!(s, "  verify       {v}");
    }
    let _ = writeln!(s, "\nInspect it:");
    let _ = writeln!(s, "  loop sessions show demo --workspace {}", ws.display());
    let _ = writeln!(
        s,
        "  loop context --status --ledger {}",
        loopwright_store::StateDir::of_workspace(ws)
            .run_ledger("demo")
            .display()
    );
    s
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn id_list(ids: &[u64]) -> String {
    let ids: Vec<String> = ids.iter().map(u64::to_string).collect();
    format!(
        "recall {} {}",
        if ids.len() == 1 { "id" } else { "ids" },
        ids.join(", ")
    )
}

/// What context management did, from the session events: the instruction files in the prompt
/// prefix, the tool results masked (by reason, with their recall ids), the summaries, and the
/// successful `recall` calls.
pub fn context_line(events: &[Event]) -> String {
    let results: std::collections::HashSet<u64> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ToolResult(_)))
        .map(|e| e.seq)
        .collect();
    let mut parts = Vec::new();
    let files: Vec<String> = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ProjectInstructions { files } => {
                Some(files.iter().map(|f| f.name.clone()).collect())
            }
            _ => None,
        })
        .unwrap_or_default();
    parts.push(if files.is_empty() {
        "no AGENTS.md or CLAUDE.md".to_string()
    } else {
        format!("{} in the prefix", files.join(" + "))
    });
    let mut masked = Vec::new();
    for (reason, one, many) in [
        (MaskReason::Old, "old tool result", "old tool results"),
        (MaskReason::StaleRead, "stale read", "stale reads"),
        (
            MaskReason::Duplicate,
            "duplicate result",
            "duplicate results",
        ),
    ] {
        let mut batches = 0;
        let mut ids = Vec::new();
        for e in events {
            if let EventKind::Condensation {
                record:
                    Condensation::Mask {
                        reason: r, ids: i, ..
                    },
                ..
            } = &e.kind
                && *r == reason
            {
                batches += 1;
                ids.extend(i.iter().copied().filter(|id| results.contains(id)));
            }
        }
        if !ids.is_empty() {
            masked.push(format!(
                "{} masked in {} ({})",
                plural(ids.len(), one, many),
                plural(batches, "batch", "batches"),
                id_list(&ids)
            ));
        }
    }
    if masked.is_empty() {
        parts.push("nothing masked".into());
    }
    parts.extend(masked);
    for e in events {
        if let EventKind::Condensation {
            record: Condensation::Summary {
                first_id, last_id, ..
            },
            ..
        } = &e.kind
        {
            parts.push(format!("events {first_id}..{last_id} summarised"));
        }
    }
    let mut asked = std::collections::HashMap::new();
    let mut recalled = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::Assistant { tool_calls, .. } => {
                for c in tool_calls.iter().filter(|c| c.name == "recall") {
                    if let Some(id) = c.arguments.get("id").and_then(serde_json::Value::as_u64) {
                        asked.insert(c.id.clone(), id);
                    }
                }
            }
            EventKind::ToolResult(r) if r.name == "recall" && r.status == ToolStatus::Ok => {
                if let Some(id) = asked.get(&r.call_id) {
                    recalled.push(*id);
                }
            }
            _ => {}
        }
    }
    parts.push(if recalled.is_empty() {
        "nothing recalled".into()
    } else {
        format!(
            "{} in full ({})",
            plural(recalled.len(), "recalled", "recalled"),
            id_list(&recalled)
        )
    });
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(lines: &[&str]) -> Vec<Event> {
        lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["seq"] = i.into();
                v["ts_ms"] = 0.into();
                serde_json::from_value(v).unwrap()
            })
            .collect()
    }

    const START: &str =
        r#"{"type":"session_start","task":"t","workspace":"/w","provider":"scripted"}"#;

    fn result(call: &str, name: &str, status: &str) -> String {
        format!(
            r#"{{"type":"tool_result","call_id":"{call}","name":"{name}","status":"{status}","content":"x","raw_bytes":1,"duration_ms":0}}"#
        )
    }

    #[test]
    fn nothing_done_says_so() {
        let ev = events(&[START, r#"{"type":"project_instructions","files":[]}"#]);
        assert_eq!(
            context_line(&ev),
            "no AGENTS.md or CLAUDE.md; nothing masked; nothing recalled"
        );
    }

    #[test]
    fn masks_by_reason_count_only_tool_results_and_recalls_only_successes() {
        let call = |id: &str, args: &str| {
            format!(
                r#"{{"type":"assistant","text":"","tool_calls":[{{"id":"{id}","name":"recall","arguments":{args}}}]}}"#
            )
        };
        let ev = events(&[
            START,
            r#"{"type":"project_instructions","files":[{"name":"AGENTS.md","text":"a","bytes":1},{"name":"CLAUDE.md","text":"c","bytes":1}]}"#,
            &result("a", "shell", "ok"),
            &result("b", "shell", "ok"),
            &result("c", "read_file", "ok"),
            // 1 is not a tool result (an assistant message's arguments): not counted.
            r#"{"type":"condensation","record":{"type":"mask","step":3,"reason":"old","ids":[1,2,3]}}"#,
            r#"{"type":"condensation","record":{"type":"mask","step":4,"reason":"stale_read","ids":[4]}}"#,
            &call("r1", r#"{"id":2}"#),
            &result("r1", "recall", "ok"),
            &call("r2", r#"{"id":99}"#),
            &result("r2", "recall", "error"),
        ]);
        assert_eq!(
            context_line(&ev),
            "AGENTS.md + CLAUDE.md in the prefix; 2 old tool results masked in 1 batch \
             (recall ids 2, 3); 1 stale read masked in 1 batch (recall id 4); \
             1 recalled in full (recall id 2)"
        );
    }

    #[test]
    fn the_context_line_is_in_the_report() {
        let ev = events(&[START]);
        let report = closing_report(&ev, Path::new("/w"));
        assert!(
            report.contains(
                "\n  context      no AGENTS.md or CLAUDE.md; nothing masked; nothing recalled\n"
            ),
            "{report}"
        );
    }
}

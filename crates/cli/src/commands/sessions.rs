//! `loop sessions list | show ID | export ID --json`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use loopwright_protocol::condensation::{Condensation, MaskReason, SummarySource};
use loopwright_protocol::event::{Event, EventKind, PermissionRecord, SubagentRecord};
use loopwright_protocol::tool::ToolCall;
use loopwright_protocol::usage::Usage;
use loopwright_store::StateDir;
use loopwright_store::backend::SessionStore;
use loopwright_store::session::{FileSessionStore, SessionInfo, summarize};
use loopwright_store_pg::backend::PgSessionStore;

/// Where the sessions are: a workspace, a state directory or a database store.
#[derive(Debug, Clone, clap::Args)]
pub struct Location {
    /// Workspace (default: the current directory)
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// State directory (default: WORKSPACE/.loop)
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
    /// Read from a postgres:// store (default: $LOOP_STORE_URL, else the files)
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
}

/// The arguments of `loop sessions`.
#[derive(Debug, clap::Parser)]
#[command(
    name = "sessions",
    about = "List, show and export the session logs of `loop run`"
)]
pub struct SessionsArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// `loop sessions list | show | export`.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// One line per session: id, start, steps, outcome, task
    List {
        /// One JSON object per line
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        at: Location,
    },
    /// The transcript of a session, then what each guard did
    Show {
        #[arg(value_name = "ID")]
        id: String,
        #[command(flatten)]
        at: Location,
    },
    /// The whole session as one JSON document
    Export {
        #[arg(value_name = "ID")]
        id: String,
        /// JSON output (the only format)
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        at: Location,
    },
}

/// Runs `loop sessions`.
pub fn main(a: &SessionsArgs) -> ExitCode {
    match run(&a.action) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("loop sessions: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn store(at: &Location) -> Result<Box<dyn SessionStore>> {
    if let Some(url) = super::store_url::resolve(at.store.as_deref()) {
        let pg = loopwright_store_pg::PgStore::connect(&url)?;
        return Ok(Box::new(PgSessionStore::new(std::sync::Arc::new(pg))));
    }
    let state = match (&at.state_dir, &at.workspace) {
        (Some(d), _) => d.clone(),
        (None, Some(w)) => StateDir::of_workspace(w).root().to_path_buf(),
        (None, None) => StateDir::of_workspace(
            &std::env::current_dir().context("cannot read the current directory")?,
        )
        .root()
        .to_path_buf(),
    };
    Ok(Box::new(FileSessionStore::new(&state)))
}

fn when(ms: u64) -> String {
    let ts = time::OffsetDateTime::from_unix_timestamp((ms / 1000) as i64).ok();
    let fmt = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    ts.and_then(|t| t.format(&fmt).ok())
        .unwrap_or_else(|| ms.to_string())
}

/// Sessions as a tree: each top-level session followed by its sub-agents (`true`); a child
/// whose parent is not listed is shown at the top level.
fn tree_order(list: &[SessionInfo]) -> Vec<(&SessionInfo, bool)> {
    let listed = |id: &str| list.iter().any(|s| s.id == id);
    let mut out = Vec::with_capacity(list.len());
    for s in list {
        if s.parent.as_deref().is_some_and(listed) {
            continue;
        }
        out.push((s, false));
        // Children of one turn start together, in any order: list them by id, so the tree
        // reads the same every time.
        let mut children: Vec<&SessionInfo> = list
            .iter()
            .filter(|c| c.parent.as_deref() == Some(s.id.as_str()))
            .collect();
        children.sort_by(|a, b| a.id.cmp(&b.id));
        out.extend(children.into_iter().map(|c| (c, true)));
    }
    out
}

fn run(action: &Action) -> Result<()> {
    match action {
        Action::List { json, at } => {
            let list = store(at)?.list_sessions()?;
            for (s, child) in tree_order(&list) {
                print_listed(s, child, *json);
            }
            if list.is_empty() && !*json {
                eprintln!("no sessions");
            }
            Ok(())
        }
        Action::Show { id, at } => {
            let parsed = store(at)?.load_session(id)?;
            if parsed.events.is_empty() {
                anyhow::bail!("session {id}: the log is empty (no event was written)");
            }
            for e in &parsed.events {
                print!("{}", super::terminal_text::safe(&transcript_line(e)));
            }
            let cache = loopwright_agent::cache_meter::totals(&parsed.events);
            if cache.requests > 0 {
                println!("## {}", cache.line());
            }
            if parsed.torn_bytes > 0 {
                println!(
                    "[a torn last line of {} bytes is skipped; it is cut off when the run resumes]",
                    parsed.torn_bytes
                );
            }
            println!(
                "\n{}",
                loopwright_agent::closing::closing_report(&parsed.events, id)
            );
            Ok(())
        }
        Action::Export { id, at, .. } => {
            let parsed = store(at)?.load_session(id)?;
            let info = summarize(id, &parsed.events);
            let doc = serde_json::json!({
                "id": id,
                "task": info.task,
                "steps": info.steps,
                "outcome": info.outcome.map(|o| o.as_str()),
                "events": parsed.events,
            });
            println!("{}", serde_json::to_string_pretty(&doc)?);
            Ok(())
        }
    }
}

/// One metered request: its cache tokens and, when the prefix broke, where.
fn cache_line(r: &loopwright_protocol::cache::Reading) -> String {
    let at = match &r.first_break {
        Some(b) if r.broke_prefix() => format!(
            "; prefix broke at {}, {} tokens wasted",
            b.label(),
            r.wasted
        ),
        _ => String::new(),
    };
    format!(
        "## cache: {} cached, {} written, {} uncached{at}\n",
        r.cached, r.written, r.uncached
    )
}

/// One line of `loop sessions list`; a log that cannot be read is listed with a warning.
fn print_listed(s: &loopwright_store::session::SessionInfo, child: bool, json: bool) {
    let outcome = match (&s.problem, s.outcome) {
        (Some(_), _) => "unreadable",
        (None, o) => o.map_or("open", |o| o.as_str()),
    };
    if json {
        let v = serde_json::json!({"id": s.id, "started_ms": s.started_ms, "steps": s.steps, "events": s.events, "outcome": outcome, "task": s.task, "parent": s.parent, "problem": s.problem});
        println!("{v}");
        return;
    }
    if let Some(p) = &s.problem {
        eprintln!(
            "warning: session {}: {}",
            super::terminal_text::safe(&s.id),
            super::terminal_text::safe(p)
        );
    }
    let task: String = s.task.replace('\n', " ").chars().take(60).collect();
    println!(
        "{}{}  {}  {:>3} steps  {:<9}  {}",
        if child { "  └ " } else { "" },
        s.id,
        when(s.started_ms),
        s.steps,
        outcome,
        super::terminal_text::safe(&task)
    );
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

fn condensation_line(record: &Condensation, usage: Option<&Usage>) -> String {
    match record {
        Condensation::Mask { step, reason, ids } => {
            let reason = match reason {
                MaskReason::Old => "old tool results",
                MaskReason::StaleRead => "stale file reads",
                MaskReason::Duplicate => "duplicate results",
            };
            let ids: Vec<String> = ids.iter().map(u64::to_string).collect();
            format!(
                "## context: masked {} {reason} before step {step} (recall ids {})\n",
                ids.len(),
                ids.join(", ")
            )
        }
        Condensation::Summary {
            step,
            first_id,
            last_id,
            source,
            tokens_before,
            text,
        } => {
            let by = match source {
                SummarySource::Model => match usage {
                    Some(u) => format!("model summary, {} tokens", u.total()),
                    None => "model summary".to_string(),
                },
                SummarySource::Extractive => "extractive summary".to_string(),
            };
            format!(
                "## context: events {first_id}..{last_id} summarised before step {step} ({by}; prompt was {tokens_before} tokens)\n{}",
                indent(text)
            )
        }
    }
}

fn transcript_line(e: &Event) -> String {
    match &e.kind {
        EventKind::SessionStart {
            task,
            workspace,
            provider,
            verify,
            ..
        } => session_start_line(task, workspace, provider, verify.as_deref()),
        EventKind::Resumed { repaired } => {
            format!("## resumed ({repaired} interrupted call(s) repaired)\n")
        }
        EventKind::User { text } => format!("## harness\n{}", indent(text)),
        EventKind::Assistant {
            text,
            tool_calls,
            usage,
        } => assistant_line(text, tool_calls, usage.as_ref()),
        EventKind::ToolStart { .. } => String::new(),
        EventKind::Permission(p) => permission_line(p),
        EventKind::ToolResult(r) => format!(
            "## result {} [{}] {}\n{}",
            r.name,
            r.call_id,
            r.status.as_str(),
            indent(&r.content)
        ),
        EventKind::Verify {
            command,
            exit_code,
            passed,
        } => {
            format!(
                "## verify `{command}`: {} (exit {})\n",
                if *passed { "passed" } else { "failed" },
                exit_code.map_or("-".to_string(), |c| c.to_string())
            )
        }
        EventKind::GuardTrip {
            guard,
            reason,
            action,
        } => format!("## guard {guard} -> {action}: {reason}\n"),
        EventKind::Interrupted { reason } => format!("## interrupted: {reason}\n"),
        EventKind::Cache(r) => cache_line(r),
        EventKind::ProjectInstructions { files } => files
            .iter()
            .map(|f| {
                format!(
                    "## project instructions {} ({} bytes)\n{}",
                    f.name,
                    f.bytes,
                    indent(&f.text)
                )
            })
            .collect(),
        EventKind::Condensation { record, usage } => condensation_line(record, usage.as_ref()),
        EventKind::ChildOf {
            parent_id,
            call_id,
            depth,
            ..
        } => format!("## sub-agent of {parent_id} (call {call_id}, depth {depth})\n"),
        EventKind::Subagent(r) => subagent_line(r),
        EventKind::End { outcome, summary } => {
            format!("## end: {}\n{}", outcome.as_str(), indent(summary))
        }
    }
}

fn session_start_line(task: &str, workspace: &str, provider: &str, verify: Option<&str>) -> String {
    let mut s = format!(
        "# session in {workspace} (provider {provider})\n## task\n{}",
        indent(task)
    );
    if let Some(v) = verify {
        s.push_str(&format!("verify: {v}\n"));
    }
    s
}

fn assistant_line(text: &str, tool_calls: &[ToolCall], usage: Option<&Usage>) -> String {
    let mut s = format!(
        "## assistant ({} tokens)\n{}",
        usage.map_or(0, |u| u.total()),
        indent(text)
    );
    for c in tool_calls {
        s.push_str(&format!("  -> {} {} [{}]\n", c.name, c.arguments, c.id));
    }
    s
}

fn permission_line(p: &PermissionRecord) -> String {
    let answer = p
        .approval
        .map(|a| format!(" -> {}", a.as_str()))
        .unwrap_or_default();
    format!(
        "## permission {} [{}]: {}{answer} ({})\n",
        p.tool,
        p.call_id,
        p.verdict.as_str(),
        p.reason
    )
}

fn subagent_line(r: &SubagentRecord) -> String {
    format!(
        "## sub-agent {} ended: {}{} ({} tokens) [{}]\n",
        r.session,
        r.outcome.map_or("interrupted", |o| o.as_str()),
        if r.salvaged { ", salvaged" } else { "" },
        r.usage.map_or(0, |u| u.total()),
        r.call_id
    )
}

//! Tool dispatch: from a validated call to the tool's raw output.

use std::path::Path;
use std::time::Duration;

use loopwright_protocol::tool::{ToolCall, ToolStatus};

use crate::tools::{self, ToolContext, ToolOutput};

/// Runs one validated, permitted tool call. `verify` is the run's verify command (for the
/// `finish` text); `run_left` is the time left to the run, which caps a command's timeout.
pub(crate) fn execute(
    call: &ToolCall,
    ctx: &ToolContext,
    verify: Option<&str>,
    run_left: Option<Duration>,
) -> (ToolOutput, Option<String>) {
    let err = |e: String| ToolOutput::text(ToolStatus::Invalid, e);
    match call.name.as_str() {
        "shell" => match tools::parse_args::<tools::ShellArgs>(call) {
            Ok(a) => {
                let mut timeout = a.timeout_s.map_or(ctx.shell_timeout, Duration::from_secs);
                // A command never outlives the run's own time limit.
                if let Some(left) = run_left {
                    timeout = timeout.min(left.max(Duration::from_secs(1)));
                }
                let spill = ctx.spill_dir.join(format!("{}.log", call.id));
                let out = shell_output(&a.command, ctx, timeout, &spill);
                (out, Some(a.command))
            }
            Err(e) => (err(e), None),
        },
        "read_file" => match tools::parse_args::<tools::ReadArgs>(call) {
            Ok(a) => (tools::read_file(&ctx.resolve(&a.path), &a.path, &a), None),
            Err(e) => (err(e), None),
        },
        "write_file" => match tools::parse_args::<tools::WriteArgs>(call) {
            Ok(a) => (tools::write_file(&ctx.resolve(&a.path), &a.path, &a), None),
            Err(e) => (err(e), None),
        },
        "edit_file" => match tools::parse_args::<tools::EditArgs>(call) {
            Ok(a) => (tools::edit_file(&ctx.resolve(&a.path), &a.path, &a), None),
            Err(e) => (err(e), None),
        },
        "list_files" => match tools::parse_args::<tools::ListArgs>(call) {
            Ok(a) => (
                tools::list_files(
                    &ctx.resolve(a.path.as_deref().unwrap_or(".")),
                    &ctx.workspace,
                    &a,
                ),
                None,
            ),
            Err(e) => (err(e), None),
        },
        "grep" => match tools::parse_args::<tools::GrepArgs>(call) {
            Ok(a) => (
                tools::grep(
                    &ctx.resolve(a.path.as_deref().unwrap_or(".")),
                    &ctx.workspace,
                    &a,
                ),
                None,
            ),
            Err(e) => (err(e), None),
        },
        "todo" => {
            let items: Vec<crate::state::TodoItem> = call
                .arguments
                .get("items")
                .and_then(|v| serde_json::from_value(v.clone()).ok())
                .unwrap_or_default();
            let done = items.iter().filter(|i| i.status == "done").count();
            (
                ToolOutput::text(
                    ToolStatus::Ok,
                    format!("todo list updated: {} items, {done} done", items.len()),
                ),
                None,
            )
        }
        "finish" => {
            let text = match verify {
                Some(v) => format!("finish requested; running the verify command `{v}`"),
                None => "finish accepted".to_string(),
            };
            (ToolOutput::text(ToolStatus::Ok, text), None)
        }
        other => (err(format!("unknown tool `{other}`")), None),
    }
}

/// Runs a command for `shell` or the verify step and packs the result as a tool output.
pub(crate) fn shell_output(
    command: &str,
    ctx: &ToolContext,
    timeout: Duration,
    spill: &Path,
) -> ToolOutput {
    match tools::run_shell(command, &ctx.workspace, timeout, &ctx.cancel, Some(spill)) {
        Ok(run) => {
            let status = if run.timed_out {
                ToolStatus::Timeout
            } else if run.cancelled {
                ToolStatus::Interrupted
            } else if run.exit_code == Some(0) {
                ToolStatus::Ok
            } else {
                ToolStatus::Error
            };
            ToolOutput {
                status,
                text: run
                    .output
                    .text(|n| format!("\n[… {n} bytes from the middle not kept in memory …]\n")),
                exit_code: run.exit_code,
                total_bytes: run.output.total(),
                full_output: Some(spill.to_path_buf()),
                is_command: true,
            }
        }
        Err(e) => ToolOutput::text(ToolStatus::Error, format!("cannot run bash: {e}")),
    }
}

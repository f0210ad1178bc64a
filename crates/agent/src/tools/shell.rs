//! The `shell` tool: bash in the workspace, stdin closed, its own process group, a timeout,
//! output streamed into a head+tail buffer while the complete text streams into a spill file
//! (`loopwright-store`), so memory stays bounded however much a command prints.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process_group};
use serde::Deserialize;

use loopwright_protocol::tool::ToolStatus;
use loopwright_store::spill::SpillWriter;

use super::{FullOutput, HeadTail, ToolContext, ToolOutput};
use crate::cancel::Cancel;

/// Bytes of the start and of the end of an output kept in memory.
pub const KEEP_BYTES: usize = 1024 * 1024;

/// Arguments of `shell`.
#[derive(Debug, Clone, Deserialize)]
pub struct ShellArgs {
    /// The bash command line.
    pub command: String,
    /// Time limit in seconds.
    #[serde(default)]
    pub timeout_s: Option<u64>,
}

/// What a command run produced.
#[derive(Debug)]
pub struct ShellRun {
    /// Exit code; `None` when killed by a signal.
    pub exit_code: Option<i32>,
    /// Killed because the time limit passed.
    pub timed_out: bool,
    /// Killed because the run was cancelled.
    pub cancelled: bool,
    /// Head and tail of the combined stdout+stderr.
    pub output: HeadTail,
    /// Wall-clock duration.
    pub duration: Duration,
    /// The spill file the complete output streamed into (not committed), when one was given
    /// and every write to it succeeded.
    pub full: Option<SpillWriter>,
    /// Why the spill file was given up, when a write to it failed.
    pub spill_error: Option<String>,
}

fn kill_group(pid: u32) {
    if let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) {
        // The group may already be gone; nothing to do then.
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

/// Runs `command` with bash in `cwd`. The complete output streams into `full_output` (when
/// given), which is handed back uncommitted in [`ShellRun::full`]. On timeout or cancel the whole process group is killed; when the
/// command exits, anything it left running in its group is killed too.
pub fn run_shell(
    command: &str,
    cwd: &Path,
    timeout: Duration,
    cancel: &Cancel,
    full_output: Option<SpillWriter>,
) -> std::io::Result<ShellRun> {
    let start = Instant::now();
    let (mut reader, writer) = std::io::pipe()?;
    let mut cmd = Command::new("bash");
    cmd.arg("-c")
        .arg(command)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(writer.try_clone()?)
        .stderr(writer);
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child = cmd.spawn()?;
    // The Command holds our copies of the pipe's write end; drop them so EOF can arrive.
    drop(cmd);
    let pid = child.id();

    let mut spill = full_output;
    let reader_thread = std::thread::spawn(move || {
        let mut buf = HeadTail::new(KEEP_BYTES, KEEP_BYTES);
        let mut chunk = vec![0u8; 64 * 1024];
        let mut spill_error = None;
        loop {
            match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    buf.push(&chunk[..n]);
                    if let Some(w) = spill.as_mut()
                        && let Err(e) = w.write_all(&chunk[..n])
                    {
                        // A failed spill write loses the copy on disk, not the run; the
                        // observation says so. Dropping the writer removes its temp file.
                        spill_error = Some(format!("writing {}: {e}", w.final_path().display()));
                        spill = None;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        (buf, spill, spill_error)
    });

    let (tx, rx) = mpsc::channel::<std::io::Result<ExitStatus>>();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait());
    });
    let deadline = start + timeout;
    let mut timed_out = false;
    let mut cancelled = false;
    let status = loop {
        let now = Instant::now();
        let wait = deadline
            .saturating_duration_since(now)
            .min(Duration::from_millis(50));
        match rx.recv_timeout(wait) {
            Ok(status) => break status?,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if !timed_out && !cancelled {
                    if cancel.is_cancelled() {
                        cancelled = true;
                        kill_group(pid);
                    } else if Instant::now() >= deadline {
                        timed_out = true;
                        kill_group(pid);
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(std::io::Error::other("lost the wait thread"));
            }
        }
    };
    // Background jobs the command left behind would hold the pipe open: end the group.
    kill_group(pid);
    let (output, full, spill_error) = reader_thread
        .join()
        .map_err(|_| std::io::Error::other("output reader panicked"))?;
    Ok(ShellRun {
        exit_code: if timed_out || cancelled {
            None
        } else {
            status.code()
        },
        timed_out,
        cancelled,
        output,
        duration: start.elapsed(),
        full,
        spill_error,
    })
}

/// Runs a command for `shell` or the verify step, its complete output streaming into the
/// spill file `<stem>.log` of `ctx`, and packs the result as a tool output.
pub fn shell_output(command: &str, ctx: &ToolContext, timeout: Duration, stem: &str) -> ToolOutput {
    let (writer, open_error) = match ctx.spill.writer_named(stem) {
        Ok(w) => (Some(w), None),
        Err(e) => (None, Some(e.to_string())),
    };
    match run_shell(command, &ctx.workspace, timeout, &ctx.cancel, writer) {
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
            let full = match (run.full, run.spill_error.or(open_error)) {
                (Some(w), _) => FullOutput::Streamed(w),
                (None, Some(why)) => FullOutput::Unsaved(why),
                (None, None) => FullOutput::InText,
            };
            ToolOutput {
                status,
                text: run
                    .output
                    .text(|n| format!("\n[… {n} bytes from the middle not kept in memory …]\n")),
                exit_code: run.exit_code,
                total_bytes: run.output.total(),
                full,
                command: Some(command.to_string()),
                compress: false,
            }
        }
        Err(e) => ToolOutput::text(ToolStatus::Error, format!("cannot run bash: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_interleaved_output_and_exit_code() {
        let dir = tempfile::tempdir().unwrap();
        let run = run_shell(
            "echo out; echo err >&2; exit 3",
            dir.path(),
            Duration::from_secs(30),
            &Cancel::new(),
            None,
        )
        .unwrap();
        assert_eq!(run.exit_code, Some(3));
        assert_eq!(run.output.text(|_| String::new()), "out\nerr\n");
    }

    #[test]
    fn stdin_is_closed() {
        let dir = tempfile::tempdir().unwrap();
        let run = run_shell(
            "cat; echo done",
            dir.path(),
            Duration::from_secs(30),
            &Cancel::new(),
            None,
        )
        .unwrap();
        assert_eq!(run.output.text(|_| String::new()), "done\n");
    }
}

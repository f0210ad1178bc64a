//! The `shell` tool: bash in the workspace, stdin closed, its own process group, a timeout,
//! output streamed into a head+tail buffer while the complete text streams into a spill file
//! (`loopwright-store`), so memory stays bounded however much a command prints. Every
//! process a call starts is killed when it ends ([`crate::contain`]); tools get the loop's
//! environment without secrets ([`super::env`]).

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use serde::Deserialize;

use loopwright_protocol::tool::ToolStatus;
use loopwright_store::spill::SpillWriter;

use super::env::Launch;
use super::{FullOutput, HeadTail, ToolContext, ToolOutput};
use crate::cancel::Cancel;
use crate::contain;

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

/// How long the output pipe is still read after a call is over and its processes were
/// killed: a process that escaped every kill and holds the pipe open cannot hold the call.
const PIPE_GRACE: Duration = Duration::from_secs(2);

/// How often the output reader looks whether it should stop.
const POLL_TICK: Duration = Duration::from_millis(100);

/// Runs `command` with bash in `cwd` (no supervisor, the loop's environment without secrets).
/// See [`run_shell_in`].
///
/// # Errors
/// When bash cannot be started.
pub fn run_shell(
    command: &str,
    cwd: &Path,
    timeout: Duration,
    cancel: &Cancel,
    full_output: Option<SpillWriter>,
) -> std::io::Result<ShellRun> {
    run_shell_in(
        command,
        cwd,
        timeout,
        cancel,
        full_output,
        &Launch::default(),
    )
}

/// A fresh marker token for one call's processes.
fn marker_token() -> String {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}-{n}-{:016x}", std::process::id(), fastrand::u64(..))
}

fn build_command(command: &str, cwd: &Path, launch: &Launch, marker: &str) -> Command {
    let mut cmd = match &launch.supervisor {
        Some(program) => {
            let mut c = Command::new(program);
            c.arg(contain::SUPERVISE_ARG)
                .arg(std::process::id().to_string());
            if let Some(guard) = &launch.guard {
                c.args(contain::guard::supervisor_args(guard));
            }
            c.arg("bash");
            c
        }
        None => Command::new("bash"),
    };
    cmd.arg("-c")
        .arg(command)
        .current_dir(cwd)
        .stdin(Stdio::null());
    let vars: Vec<(std::ffi::OsString, std::ffi::OsString)> = std::env::vars_os().collect();
    for name in launch.removed(vars.iter().map(|(n, v)| (n.as_os_str(), v.as_os_str()))) {
        cmd.env_remove(name);
    }
    cmd.env(contain::MARKER_VAR, marker);
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    cmd
}

/// Reads the output pipe into head+tail and the spill file until end of file or until `stop`
/// is set (checked every [`POLL_TICK`]).
fn read_output(
    mut reader: std::io::PipeReader,
    mut spill: Option<SpillWriter>,
    stop: &AtomicBool,
) -> (HeadTail, Option<SpillWriter>, Option<String>) {
    let mut buf = HeadTail::new(KEEP_BYTES, KEEP_BYTES);
    let mut chunk = vec![0u8; 64 * 1024];
    let mut spill_error = None;
    let tick = Timespec::try_from(POLL_TICK).unwrap_or(Timespec {
        tv_sec: 0,
        tv_nsec: 100_000_000,
    });
    loop {
        let mut fds = [PollFd::new(&reader, PollFlags::IN)];
        match poll(&mut fds, Some(&tick)) {
            Ok(0) => {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                continue;
            }
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => continue,
            Err(_) => break,
        }
        match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => {
                buf.push(&chunk[..n]);
                if let Some(w) = spill.as_mut()
                    && let Err(e) = w.write_all(&chunk[..n])
                {
                    // A failed spill write loses the copy on disk, not the run; the
                    // observation says so. Dropping the writer removes its temp file.
                    spill_error = Some(format!(
                        "writing {} failed after {} bytes: {e}",
                        w.final_path().display(),
                        w.bytes()
                    ));
                    spill = None;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    (buf, spill, spill_error)
}

/// Runs `command` with bash in `cwd`, started as `launch` says. The complete output streams
/// into `full_output` (when given), which is handed back uncommitted in [`ShellRun::full`].
/// When the command ends, times out or is cancelled, every process it started is killed
/// ([`contain::sweep`]: its tree, whatever session or group it moved to, and every process
/// carrying the call's marker); the output is read until then plus [`PIPE_GRACE`], never
/// waiting for end of file.
///
/// # Errors
/// When bash (or the supervisor) cannot be started.
pub fn run_shell_in(
    command: &str,
    cwd: &Path,
    timeout: Duration,
    cancel: &Cancel,
    full_output: Option<SpillWriter>,
    launch: &Launch,
) -> std::io::Result<ShellRun> {
    let start = Instant::now();
    let marker = marker_token();
    let (reader, writer) = std::io::pipe()?;
    let mut cmd = build_command(command, cwd, launch, &marker);
    cmd.stdout(writer.try_clone()?).stderr(writer);
    let mut child = cmd.spawn()?;
    // The Command holds our copies of the pipe's write end; drop them so EOF can arrive.
    drop(cmd);
    let pid = child.id();

    let stop = Arc::new(AtomicBool::new(false));
    let (out_tx, out_rx) = mpsc::channel();
    let reader_stop = Arc::clone(&stop);
    std::thread::spawn(move || {
        let _ = out_tx.send(read_output(reader, full_output, &reader_stop));
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
                    } else if Instant::now() >= deadline {
                        timed_out = true;
                    }
                    if timed_out || cancelled {
                        // The first process is not reaped yet (its waiter has not returned):
                        // its pid is still its own.
                        contain::sweep(contain::Target {
                            root: Some(pid),
                            marker: Some(&marker),
                        });
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(std::io::Error::other("lost the wait thread"));
            }
        }
    };
    // Whatever the command left running (background jobs, setsid'd or double-forked
    // processes) is killed now; the first process is reaped, so only the marker names them.
    contain::sweep(contain::Target {
        root: None,
        marker: Some(&marker),
    });
    let (output, full, spill_error) = match out_rx.recv_timeout(PIPE_GRACE) {
        Ok(r) => r,
        Err(_) => {
            stop.store(true, Ordering::Relaxed);
            out_rx
                .recv()
                .map_err(|_| std::io::Error::other("output reader panicked"))?
        }
    };
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
    match run_shell_in(
        command,
        &ctx.workspace,
        timeout,
        &ctx.cancel,
        writer,
        &ctx.launch,
    ) {
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

    fn alive_with_arg(arg: &str) -> bool {
        std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
            let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
            let zombie = stat
                .rfind(')')
                .is_some_and(|i| stat[i + 1..].trim_start().starts_with('Z'));
            !zombie
                && std::fs::read(e.path().join("cmdline"))
                    .is_ok_and(|c| c.split(|&b| b == 0).any(|a| a == arg.as_bytes()))
        })
    }

    #[test]
    fn nothing_a_call_started_outlives_it_even_without_a_supervisor() {
        let dir = tempfile::tempdir().unwrap();
        let m = format!("8{}1", std::process::id());
        let start = Instant::now();
        let run = run_shell(
            &format!("(setsid sleep {m} &); setsid sleep {m} & echo hi"),
            dir.path(),
            Duration::from_secs(60),
            &Cancel::new(),
            None,
        )
        .unwrap();
        assert_eq!(run.output.text(|_| String::new()), "hi\n");
        // Generous: the call ends long before the sleeps would.
        assert!(start.elapsed() < Duration::from_secs(30));
        let mut tries = 0;
        while alive_with_arg(&m) && tries < 100 {
            std::thread::sleep(Duration::from_millis(100));
            tries += 1;
        }
        assert!(!alive_with_arg(&m), "a setsid'd process survived the call");
    }
}

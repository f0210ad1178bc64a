//! The `shell` tool: bash in the workspace, stdin closed, its own process group, a timeout,
//! output streamed into a head+tail buffer while the complete text goes to a file.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process_group};
use serde::Deserialize;

use super::HeadTail;
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
}

fn kill_group(pid: u32) {
    if let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) {
        // The group may already be gone; nothing to do then.
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

/// Runs `command` with bash in `cwd`. The complete output is written to `full_output` (when
/// given) as it streams. On timeout or cancel the whole process group is killed; when the
/// command exits, anything it left running in its group is killed too.
pub fn run_shell(
    command: &str,
    cwd: &Path,
    timeout: Duration,
    cancel: &Cancel,
    full_output: Option<&Path>,
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

    let mut spill = match full_output {
        Some(p) => {
            if let Some(dir) = p.parent() {
                std::fs::create_dir_all(dir)?;
            }
            Some(BufWriter::new(File::create(p)?))
        }
        None => None,
    };
    let reader_thread = std::thread::spawn(move || {
        let mut buf = HeadTail::new(KEEP_BYTES, KEEP_BYTES);
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    buf.push(&chunk[..n]);
                    if let Some(w) = spill.as_mut() {
                        // A failed spill write only loses the copy on disk, not the run.
                        if w.write_all(&chunk[..n]).is_err() {
                            spill = None;
                        }
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        if let Some(mut w) = spill {
            let _ = w.flush();
        }
        buf
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
    let output = reader_thread
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
    })
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

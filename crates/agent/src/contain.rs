//! Process containment for tool commands: no process a tool starts outlives its call, or the
//! loop.
//!
//! Three layers, each covering what the one before cannot:
//!
//! 1. **The supervisor** (Linux). A command runs under `loop __loop-supervise PPID bash -c CMD`,
//!    a small process that asks the kernel for `SIGTERM` when the loop dies
//!    (`PR_SET_PDEATHSIG`, checked against `PPID` to close the start-up race) and makes
//!    itself a child subreaper (`PR_SET_CHILD_SUBREAPER`): every process the command starts,
//!    whatever session or process group it moves to (`setsid`, double fork), stays in the
//!    supervisor's subtree. When bash exits, or the loop dies (also by `SIGKILL`), the
//!    supervisor kills its whole subtree and exits.
//! 2. **The loop's sweep** ([`sweep`]), after every call and on timeout or cancel: it kills
//!    every descendant of the call's first process and every process that carries the call's
//!    marker variable ([`MARKER_VAR`], unique per call) in its environment, in bounded rounds
//!    until none is left, and reaps those that became its zombies. The loop is a subreaper too
//!    ([`become_subreaper`]), so a tool that kills its supervisor leaves its processes under the
//!    loop, where the sweep finds them.
//! 3. **The output pipe** is read only until the call is over plus a bounded grace
//!    (`tools::shell`), never to end of file, so a process that escaped everything above and
//!    holds the pipe open cannot hold the call.
//!
//! Limits (documented, not hidden): a process that both clears its environment (`env -i`)
//! and leaves the supervisor's subtree cannot be told from others; the only way out of a
//! subreaper's subtree is its death, and the supervisor only dies by `SIGKILL` from the tool
//! itself (same user). Then a `SIGKILL` of the loop as well leaves such a process running:
//! containment against a hostile same-user process needs a cgroup or a container. Without
//! `/proc` (not Linux) only the process group is killed.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::io::Read;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rustix::process::{Pid, Signal, WaitOptions};

pub mod guard;

/// The first argument that makes the `loop` binary run [`supervise`].
pub const SUPERVISE_ARG: &str = "__loop-supervise";

/// The environment variable that marks every process of one tool call (value: a token unique
/// to the call).
pub const MARKER_VAR: &str = "LOOPWRIGHT_TOOL_CALL";

/// Rounds of one sweep (each kills what it finds; a process forking while it is killed is
/// caught by the next round).
const SWEEP_ROUNDS: usize = 100;

/// Pause between sweep rounds.
const SWEEP_PAUSE: Duration = Duration::from_millis(10);

/// Bytes of `/proc/PID/environ` read when looking for a marker.
const ENVIRON_CAP: u64 = 1 << 20;

/// Makes this process a child subreaper (Linux): orphaned descendants are reparented to it
/// instead of to PID 1, so they stay where [`sweep`] looks. Elsewhere a no-op.
///
/// # Errors
/// When the kernel refuses.
pub fn become_subreaper() -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        rustix::process::set_child_subreaper(Some(rustix::process::getpid()))?;
    }
    Ok(())
}

/// One line of `/proc/PID/stat`.
#[derive(Debug, Clone, Copy)]
struct Proc {
    pid: i32,
    ppid: i32,
    zombie: bool,
    /// A kernel thread (`PF_KTHREAD`): it has no environment and is never a call's.
    kernel: bool,
}

/// `PF_KTHREAD` in the flags field of `/proc/PID/stat`.
const PF_KTHREAD: u64 = 0x0020_0000;

/// Rounds in a row a process may show an empty environment before the sweep believes it.
/// A process inside `execve` shows one between the switch to its new memory and the
/// building of its new stack, so its marker cannot be seen for that moment.
const EMPTY_ENVIRON_ROUNDS: u8 = 3;

/// Every process visible in `/proc` (empty without `/proc`).
fn scan() -> Vec<Proc> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| {
        let e = e.ok()?;
        let pid: i32 = e.file_name().to_str()?.parse().ok()?;
        let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
        parse_stat(pid, &stat)
    })
    .collect()
}

/// Parses `pid (comm) S ppid …`; the command name may contain anything, so fields are read
/// after its last `)`.
fn parse_stat(pid: i32, stat: &str) -> Option<Proc> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_ascii_whitespace();
    let state = fields.next()?;
    let ppid = fields.next()?.parse().ok()?;
    // pgrp, session, tty_nr, tpgid, then flags.
    let flags: u64 = fields.nth(4).and_then(|f| f.parse().ok()).unwrap_or(0);
    Some(Proc {
        pid,
        ppid,
        zombie: state == "Z" || state == "X",
        kernel: flags & PF_KTHREAD != 0,
    })
}

/// The pids below `root` in the tree of `procs` (not `root` itself).
fn descendants(procs: &[Proc], root: i32) -> HashSet<i32> {
    let mut out = HashSet::new();
    let mut frontier = vec![root];
    while let Some(p) = frontier.pop() {
        for c in procs.iter().filter(|c| c.ppid == p && c.pid != root) {
            if out.insert(c.pid) {
                frontier.push(c.pid);
            }
        }
    }
    out
}

/// What the environment of a process says about a marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Environ {
    /// It holds the marker (`NAME=VALUE`) as one entry.
    Marked,
    /// It does not, or it cannot be read (another user's process, gone).
    Other,
    /// It reads empty: a process in the middle of `execve` looks like this for a moment.
    Empty,
}

fn environ_of(pid: i32, needle: &[u8]) -> Environ {
    let Ok(f) = std::fs::File::open(format!("/proc/{pid}/environ")) else {
        return Environ::Other;
    };
    let mut buf = Vec::new();
    if f.take(ENVIRON_CAP).read_to_end(&mut buf).is_err() {
        return Environ::Other;
    }
    if buf.is_empty() {
        Environ::Empty
    } else if buf.split(|&b| b == 0).any(|entry| entry == needle) {
        Environ::Marked
    } else {
        Environ::Other
    }
}

fn kill(pid: i32) {
    if let Some(p) = Pid::from_raw(pid) {
        // Gone already is fine.
        let _ = rustix::process::kill_process(p, Signal::KILL);
    }
}

fn reap(pid: i32) {
    if let Some(p) = Pid::from_raw(pid) {
        let _ = rustix::process::waitpid(Some(p), WaitOptions::NOHANG);
    }
}

/// What [`sweep`] kills.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    /// A live process whose whole subtree is killed (and it, unless it is this process).
    /// Only for a process not reaped yet: a reaped pid may belong to someone else.
    pub root: Option<u32>,
    /// The call's marker token ([`MARKER_VAR`]'s value): every process carrying it is killed.
    pub marker: Option<&'a str>,
}

/// Kills every remaining process of a call (see [`Target`]) in bounded rounds until none is
/// left, and reaps those that were this process's children. Returns how many were killed.
pub fn sweep(target: Target<'_>) -> usize {
    let me = std::process::id() as i32;
    let root = target.root.and_then(|r| i32::try_from(r).ok());
    let needle = target
        .marker
        .map(|m| format!("{MARKER_VAR}={m}").into_bytes());
    let mut killed = HashSet::new();
    // The tree is read once before anything is killed: a killed parent's children move to a
    // subreaper and are no longer below `root`.
    let mut below = HashSet::new();
    if let Some(root) = root {
        below = descendants(&scan(), root);
        if root != me {
            below.insert(root);
        }
    }
    // Pids seen with an empty environment, and in how many rounds.
    let mut empty: HashMap<i32, u8> = HashMap::new();
    for _ in 0..SWEEP_ROUNDS {
        let procs = scan();
        if let Some(root) = root {
            below.extend(descendants(&procs, root));
        }
        let mut live = Vec::new();
        let mut unsure = false;
        for p in procs
            .iter()
            .filter(|p| !p.zombie && !p.kernel && p.pid != me)
        {
            if below.contains(&p.pid) || below.contains(&p.ppid) {
                live.push(p.pid);
                continue;
            }
            let Some(needle) = needle.as_deref() else {
                continue;
            };
            match environ_of(p.pid, needle) {
                Environ::Marked => live.push(p.pid),
                Environ::Other => {}
                Environ::Empty => {
                    let seen = empty.entry(p.pid).or_insert(0);
                    *seen = seen.saturating_add(1);
                    unsure |= *seen < EMPTY_ENVIRON_ROUNDS;
                }
            }
        }
        // Zombies of processes this sweep killed that were this process's children.
        for p in procs
            .iter()
            .filter(|p| p.zombie && p.ppid == me && killed.contains(&p.pid) && Some(p.pid) != root)
        {
            reap(p.pid);
        }
        if live.is_empty() && !unsure {
            break;
        }
        for pid in live {
            below.insert(pid);
            kill(pid);
            killed.insert(pid);
        }
        std::thread::sleep(SWEEP_PAUSE);
    }
    killed.len()
}

/// The supervisor: `ARGS = PPID [--ro PATH]… [--no-landlock] PROGRAM ARG…`. With `--ro`
/// paths it first enters the state-directory guard ([`guard::enter`]; a failure fails the
/// call, exit 126), then runs `PROGRAM` and returns its exit code (128 + signal when
/// signalled); kills everything it left behind first. Ends everything at once when the loop
/// (`PPID`) dies or sends `SIGTERM`. Called by the `loop` binary for [`SUPERVISE_ARG`].
pub fn supervise(args: &[OsString]) -> u8 {
    match supervise_inner(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("loop supervisor: {e}");
            126
        }
    }
}

/// The supervisor's arguments.
struct SuperviseArgs<'a> {
    ppid: i32,
    guard: guard::StateGuard,
    program: &'a OsString,
    args: &'a [OsString],
}

fn parse_supervise(args: &[OsString]) -> std::io::Result<SuperviseArgs<'_>> {
    let usage = || {
        std::io::Error::other(
            "usage: loop __loop-supervise PPID [--ro PATH]... [--no-landlock] PROGRAM [ARG...]",
        )
    };
    let ppid: i32 = args
        .first()
        .and_then(|a| a.to_str())
        .and_then(|a| a.parse().ok())
        .ok_or_else(usage)?;
    let mut guard = guard::StateGuard {
        read_only: Vec::new(),
        landlock: true,
    };
    let mut i = 1;
    loop {
        match args.get(i).and_then(|a| a.to_str()) {
            Some("--ro") => {
                let path = args.get(i + 1).ok_or_else(usage)?;
                guard.read_only.push(path.into());
                i += 2;
            }
            Some("--no-landlock") => {
                guard.landlock = false;
                i += 1;
            }
            _ => break,
        }
    }
    let program = args.get(i).ok_or_else(usage)?;
    Ok(SuperviseArgs {
        ppid,
        guard,
        program,
        args: &args[i + 1..],
    })
}

fn supervise_inner(args: &[OsString]) -> std::io::Result<u8> {
    let SuperviseArgs {
        ppid,
        guard,
        program,
        args,
    } = parse_supervise(args)?;
    if !guard.read_only.is_empty() {
        guard::enter(&guard)
            .map_err(|e| std::io::Error::other(format!("the state-directory guard failed: {e}")))?;
    }
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGHUP,
    ] {
        signal_hook::flag::register(sig, Arc::clone(&stop))?;
    }
    #[cfg(target_os = "linux")]
    {
        rustix::process::set_parent_process_death_signal(Some(Signal::TERM))?;
        rustix::process::set_child_subreaper(Some(rustix::process::getpid()))?;
    }
    // The loop may have died before the death signal was armed.
    if rustix::process::getppid()
        .map(Pid::as_raw_nonzero)
        .map(|p| p.get())
        != Some(ppid)
    {
        return Ok(137);
    }
    let me = std::process::id();
    let mut child = Command::new(program).args(args).spawn()?;
    let code = loop {
        if stop.load(Ordering::Relaxed) {
            sweep(Target {
                root: Some(me),
                marker: None,
            });
            break 143;
        }
        if let Some(status) = child.try_wait()? {
            break exit_code(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    sweep(Target {
        root: Some(me),
        marker: None,
    });
    // Reap whatever was left to this process.
    while let Ok(Some(_)) = rustix::process::wait(WaitOptions::NOHANG) {}
    Ok(code)
}

fn exit_code(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) => u8::try_from(c & 0xff).unwrap_or(1),
        (None, Some(s)) => u8::try_from((128 + s) & 0xff).unwrap_or(1),
        (None, None) => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_with_odd_names_parse() {
        let p = parse_stat(42, "42 (a) b) (c) S 7 42 42 0 -1").unwrap();
        assert_eq!((p.pid, p.ppid, p.zombie), (42, 7, false));
        let z = parse_stat(9, "9 (x) Z 1 9 9").unwrap();
        assert!(z.zombie);
        assert!(parse_stat(1, "garbage").is_none());
    }

    #[test]
    fn descendants_follow_the_tree() {
        let procs = [
            Proc {
                pid: 2,
                ppid: 1,
                zombie: false,
                kernel: false,
            },
            Proc {
                pid: 3,
                ppid: 2,
                zombie: false,
                kernel: false,
            },
            Proc {
                pid: 4,
                ppid: 3,
                zombie: false,
                kernel: false,
            },
            Proc {
                pid: 5,
                ppid: 1,
                zombie: false,
                kernel: false,
            },
        ];
        let d = descendants(&procs, 2);
        assert_eq!(d, HashSet::from([3, 4]));
    }

    #[test]
    fn own_environment_is_readable() {
        let me = std::process::id() as i32;
        // PATH is set in every test environment.
        let path = std::env::var("PATH").unwrap();
        assert_eq!(
            environ_of(me, format!("PATH={path}").as_bytes()),
            Environ::Marked
        );
        assert_eq!(environ_of(me, b"NO_SUCH_VARIABLE_HERE=1"), Environ::Other);
    }

    #[test]
    fn kernel_threads_are_told_by_their_flags() {
        // pid (comm) state ppid pgrp session tty_nr tpgid flags ...
        let k = parse_stat(2, "2 (kthreadd) S 0 0 0 0 -1 2129984 0").unwrap();
        assert!(k.kernel);
        let u = parse_stat(42, "42 (sh) S 7 42 42 0 -1 4194560 0").unwrap();
        assert!(!u.kernel);
    }
}

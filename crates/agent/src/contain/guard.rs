//! The state-directory guard: tool commands see the loop's own files (the state directory,
//! the user's loop config) read-only, whatever program writes (a script file, a heredoc, a
//! compiled binary): the operating system refuses, not the policy.
//!
//! The supervisor ([`super::supervise`]), a fresh single-threaded process, calls [`enter`]
//! before it starts the command:
//!
//! 1. a new user namespace that maps the current uid and gid to themselves (no identity
//!    change: files are created as the user) and a new mount namespace, its mounts private;
//! 2. every ancestor of a protected path is bind-mounted onto itself (a mount point cannot be
//!    renamed or removed, so `mv workspace elsewhere && mkdir -p workspace/.loop` cannot put a
//!    fake state directory in the real one's place), then each protected path is
//!    bind-mounted onto itself and remounted read-only (keeping the flags the kernel locks);
//! 3. a second user and mount namespace: the mounts of step 2 become locked, so even a
//!    process that is root in its namespace cannot unmount or remount them writable;
//! 4. the working directory is entered again by path, so relative paths go through the new
//!    mounts;
//! 5. a Landlock domain (it handles only block-device creation, so no file access is
//!    restricted): a process in it cannot reach processes outside it through `ptrace` or
//!    `/proc/PID/{cwd,root,fd}`, where the original mounts are still writable.
//!
//! Limits: the same filesystem mounted at a second path outside the protected ones is not
//! covered; inside the guard a `rename` between two pinned directories fails with `EXDEV`
//! (`mv` falls back to copying), mounts are refused (Landlock) and set-uid programs do not
//! gain privileges (a user namespace); a root user keeps write access only to files whose
//! owner is mapped (root's own).

use std::path::{Path, PathBuf};

/// What the guard of one tool command protects.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StateGuard {
    /// Paths made read-only (canonical; those that do not exist are skipped).
    pub read_only: Vec<PathBuf>,
    /// Also enter a Landlock domain (see the module documentation); without it a process of
    /// the command can reach the protected paths through `/proc/PID/cwd` of a process outside.
    pub landlock: bool,
}

/// Why the guard could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum GuardError {
    /// A system call failed (`EPERM`/`ENOSPC` for namespaces in a container, …).
    #[error("{step}: {source}")]
    Sys {
        /// What was being done.
        step: String,
        /// The error.
        source: std::io::Error,
    },
    /// The kernel does not enforce Landlock.
    #[error("Landlock is not enforced by this kernel")]
    NoLandlock,
    /// Not Linux.
    #[error("not supported on this system (Linux only)")]
    Unsupported,
}

fn sys(step: impl Into<String>) -> impl FnOnce(std::io::Error) -> GuardError {
    let step = step.into();
    move |source| GuardError::Sys { step, source }
}

/// The paths to pin (every ancestor of a protected path but `/` and the protected paths
/// themselves), shallowest first, and the protected paths, shallowest first.
pub fn mount_plan(read_only: &[PathBuf]) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let depth = |p: &PathBuf| p.components().count();
    let mut ro: Vec<PathBuf> = read_only.to_vec();
    ro.sort_by_key(depth);
    ro.dedup();
    let mut pins: Vec<PathBuf> = ro
        .iter()
        .flat_map(|p| p.ancestors().skip(1).map(Path::to_path_buf))
        .filter(|a| a.parent().is_some() && !ro.contains(a))
        .collect();
    pins.sort_by_key(depth);
    pins.dedup();
    let mut seen = std::collections::HashSet::new();
    pins.retain(|p| seen.insert(p.clone()));
    (pins, ro)
}

/// Sets up the guard for this process and every process it starts (see the module
/// documentation). Must run in a single-threaded process, before the command starts.
///
/// # Errors
/// When a step fails; the process may then be half-way (in a namespace without the mounts):
/// it must not start the command.
pub fn enter(guard: &StateGuard) -> Result<(), GuardError> {
    #[cfg(target_os = "linux")]
    {
        linux::enter(guard)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = guard;
        Err(GuardError::Unsupported)
    }
}

/// What a run gets after [`probe`]: the guard its tool commands enter (`None`: none can be
/// set up here) and, when that is less than the full guard, why (for a warning).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probed {
    /// The guard to pass to every supervisor.
    pub guard: Option<StateGuard>,
    /// Why the full guard is not available.
    pub shortfall: Option<String>,
}

/// Tries the guard once with the supervisor program (`PROGRAM __loop-supervise PID --ro …
/// true`), with Landlock and, when that fails, without: a run learns before its first tool
/// call what its commands will get.
pub fn probe(supervisor: &Path, read_only: &[PathBuf]) -> Probed {
    let full = StateGuard {
        read_only: read_only.to_vec(),
        landlock: true,
    };
    let Err(why) = try_guard(supervisor, &full) else {
        return Probed {
            guard: Some(full),
            shortfall: None,
        };
    };
    let partial = StateGuard {
        landlock: false,
        ..full
    };
    match try_guard(supervisor, &partial) {
        Ok(()) => Probed {
            guard: Some(partial),
            shortfall: Some(format!(
                "{why}; the state directory is read-only for tools, but a tool can still reach it through /proc/PID/cwd of a process outside"
            )),
        },
        Err(why) => Probed {
            guard: None,
            shortfall: Some(why),
        },
    }
}

/// The arguments that make a supervisor enter `guard`.
pub fn supervisor_args(guard: &StateGuard) -> Vec<std::ffi::OsString> {
    let mut out = Vec::new();
    for p in &guard.read_only {
        out.push("--ro".into());
        out.push(p.clone().into_os_string());
    }
    if !guard.landlock {
        out.push("--no-landlock".into());
    }
    out
}

/// Runs `true` under the supervisor with `guard`; the supervisor's message when it fails.
fn try_guard(supervisor: &Path, guard: &StateGuard) -> Result<(), String> {
    let out = std::process::Command::new(supervisor)
        .arg(super::SUPERVISE_ARG)
        .arg(std::process::id().to_string())
        .args(supervisor_args(guard))
        .arg("true")
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("cannot start {}: {e}", supervisor.display()))?;
    if out.status.success() {
        return Ok(());
    }
    let text = String::from_utf8_lossy(&out.stderr);
    let line = text.lines().last().unwrap_or("").trim();
    let line = line.strip_prefix("loop supervisor: ").unwrap_or(line);
    Err(if line.is_empty() {
        format!("the state-directory guard failed ({})", out.status)
    } else {
        line.chars().take(500).collect()
    })
}

#[cfg(target_os = "linux")]
mod linux {
    use super::{GuardError, StateGuard, mount_plan, sys};
    use nix::mount::{MsFlags, mount};
    use nix::sched::{CloneFlags, unshare};
    use nix::sys::statvfs::{FsFlags, statvfs};
    use std::path::{Path, PathBuf};

    pub(super) fn enter(guard: &StateGuard) -> Result<(), GuardError> {
        let existing: Vec<PathBuf> = guard
            .read_only
            .iter()
            .filter_map(|p| std::fs::canonicalize(p).ok())
            .collect();
        let (pins, ro) = mount_plan(&existing);
        new_namespaces("a user and mount namespace")?;
        mount(
            None::<&str>,
            "/",
            None::<&str>,
            MsFlags::MS_REC | MsFlags::MS_PRIVATE,
            None::<&str>,
        )
        .map_err(|e| sys("making the mounts private")(e.into()))?;
        for p in &pins {
            bind(p).map_err(sys(format!("pinning {}", p.display())))?;
        }
        for p in &ro {
            bind(p).map_err(sys(format!("bind-mounting {}", p.display())))?;
            read_only(p).map_err(sys(format!("remounting {} read-only", p.display())))?;
        }
        // Locks the mounts above: a namespace owned by a less privileged user namespace cannot
        // unmount them or make them writable.
        new_namespaces("a nested user and mount namespace")?;
        let cwd = std::env::current_dir().map_err(sys("reading the working directory"))?;
        std::env::set_current_dir(&cwd)
            .map_err(sys(format!("entering {} again", cwd.display())))?;
        if guard.landlock {
            landlock_domain()?;
        }
        Ok(())
    }

    /// `unshare(CLONE_NEWUSER | CLONE_NEWNS)` and the identity map of uid and gid.
    fn new_namespaces(what: &str) -> Result<(), GuardError> {
        let uid = nix::unistd::getuid();
        let gid = nix::unistd::getgid();
        unshare(CloneFlags::CLONE_NEWUSER | CloneFlags::CLONE_NEWNS)
            .map_err(|e| sys(format!("creating {what}"))(e.into()))?;
        // Kernel interfaces of this process, not files: written directly.
        for (file, text) in [
            ("setgroups", "deny".to_string()),
            ("uid_map", format!("{uid} {uid} 1")),
            ("gid_map", format!("{gid} {gid} 1")),
        ] {
            std::fs::write(format!("/proc/self/{file}"), text)
                .map_err(sys(format!("writing /proc/self/{file}")))?;
        }
        Ok(())
    }

    fn bind(p: &Path) -> std::io::Result<()> {
        mount(
            Some(p),
            p,
            None::<&str>,
            MsFlags::MS_BIND | MsFlags::MS_REC,
            None::<&str>,
        )
        .map_err(Into::into)
    }

    /// Remounts the bind mount at `p` read-only, keeping the flags a user namespace may not
    /// drop (`nosuid`, `nodev`, `noexec`, the atime mode).
    fn read_only(p: &Path) -> std::io::Result<()> {
        let have = statvfs(p)?.flags();
        let mut flags = MsFlags::MS_BIND | MsFlags::MS_REMOUNT | MsFlags::MS_RDONLY;
        for (st, ms) in [
            (FsFlags::ST_NOSUID, MsFlags::MS_NOSUID),
            (FsFlags::ST_NODEV, MsFlags::MS_NODEV),
            (FsFlags::ST_NOEXEC, MsFlags::MS_NOEXEC),
            (FsFlags::ST_NODIRATIME, MsFlags::MS_NODIRATIME),
        ] {
            if have.contains(st) {
                flags |= ms;
            }
        }
        flags |= if have.contains(FsFlags::ST_NOATIME) {
            MsFlags::MS_NOATIME
        } else if have.contains(FsFlags::ST_RELATIME) {
            MsFlags::MS_RELATIME
        } else {
            MsFlags::MS_STRICTATIME
        };
        mount(None::<&str>, p, None::<&str>, flags, None::<&str>).map_err(Into::into)
    }

    /// A Landlock domain that restricts no file access (only block-device creation is
    /// handled) but cuts `ptrace`-class access to processes outside it.
    fn landlock_domain() -> Result<(), GuardError> {
        use landlock::{AccessFs, Ruleset, RulesetAttr, RulesetCreatedAttr, RulesetStatus};
        let landlock = |e: landlock::RulesetError| GuardError::Sys {
            step: "entering a Landlock domain".into(),
            source: std::io::Error::other(e),
        };
        let status = Ruleset::default()
            .handle_access(AccessFs::MakeBlock)
            .map_err(landlock)?
            .create()
            .map_err(landlock)?
            // Allowed without `no_new_privs`: this process is privileged in its namespace.
            .no_new_privs(false)
            .restrict_self()
            .map_err(landlock)?;
        if status.ruleset == RulesetStatus::NotEnforced {
            return Err(GuardError::NoLandlock);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ancestors_are_pinned_shallowest_first_and_protected_paths_last() {
        let (pins, ro) = mount_plan(&[
            PathBuf::from("/home/u/.config/loopwright"),
            PathBuf::from("/home/u/ws/.loop"),
        ]);
        assert_eq!(
            pins,
            ["/home", "/home/u", "/home/u/.config", "/home/u/ws"]
                .map(PathBuf::from)
                .to_vec()
        );
        assert_eq!(
            ro,
            ["/home/u/.config/loopwright", "/home/u/ws/.loop"]
                .map(PathBuf::from)
                .to_vec()
        );
    }

    #[test]
    fn a_protected_path_is_not_pinned_writable() {
        let (pins, ro) = mount_plan(&[PathBuf::from("/a/b"), PathBuf::from("/a/b/c")]);
        assert_eq!(pins, vec![PathBuf::from("/a")]);
        assert_eq!(ro, vec![PathBuf::from("/a/b"), PathBuf::from("/a/b/c")]);
    }
}

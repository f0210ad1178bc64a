//! More launcher rows (`src/launchers.rs` reads both tables): runners that change little
//! (`eatmydata`, `ifne`, `fakeroot`), that rerun or queue the command (`entr`, `watchexec`,
//! `nodemon`, `sem`, `tsp`), PowerShell's `-c`, and the programs that run a command with
//! secrets in its environment (`op run`, `doppler run`, `aws-vault exec`, `sops exec-env`).

use crate::launchers::{Row, row, sub};

/// The rows, one per launcher (or per launcher's subcommand set).
pub(crate) const ROWS: &[Row] = &[
    row("eatmydata", &[]),
    row("ifne", &[]),
    row("fakeroot", &["-l", "--lib", "--faked", "-s", "-i"]),
    row("fakeroot-ng", &["-l", "-p", "-d"]),
    row(
        "proot",
        &["-r", "-R", "-S", "-b", "-m", "-w", "-q", "-k", "-o"],
    ),
    row("flatpak-spawn", &[]),
    row("dbus-run-session", &["--config-file", "--dbus-daemon"]),
    row("systemd-inhibit", &["--what", "--who", "--why", "--mode"]),
    row("run-one", &[]),
    row("run-this-one", &[]),
    row("keep-one-running", &[]),
    row("run-one-constantly", &[]),
    row("run-one-until-success", &[]),
    row("run-one-until-failure", &[]),
    row("with-contenv", &[]),
    row("sem", &["-j", "--jobs", "--id", "--timeout"]),
    row("tsp", &["-L", "-D", "-W", "-N", "-E", "-O"]),
    // `entr -s STRING`: the string is run by `$SHELL -c` (round 19)
    Row {
        code: &["-s"],
        ..row("entr", &[])
    },
    Row {
        joined: true,
        ..row(
            "watchexec",
            &[
                "-e",
                "--exts",
                "-w",
                "--watch",
                "-W",
                "-i",
                "--ignore",
                "-f",
                "--filter",
                "-d",
                "--debounce",
                "-s",
                "--signal",
                "--shell",
                "-E",
                "--env",
                "--delay-run",
                "--workdir",
                "--project-origin",
                "--on-busy-update",
                "--stop-signal",
                "--stop-timeout",
                "--poll",
                "--emit-events-to",
                "--filter-file",
                "--ignore-file",
                "--color",
                "--wrap-process",
            ],
        )
    },
    Row {
        code: &["-x", "--exec"],
        positional: None,
        ..row(
            "nodemon",
            &[
                "-w", "--watch", "-e", "--ext", "-i", "--ignore", "-d", "--delay", "-s",
                "--signal", "--config",
            ],
        )
    },
    Row {
        code: &["-c", "-Command", "-command", "-CommandWithArgs", "-cwa"],
        positional: None,
        ..row(
            "pwsh",
            &[
                "-File",
                "-f",
                "-ExecutionPolicy",
                "-ex",
                "-WorkingDirectory",
                "-wd",
            ],
        )
    },
    Row {
        code: &["-c", "-Command", "-command"],
        positional: None,
        ..row(
            "powershell",
            &["-File", "-ExecutionPolicy", "-WorkingDirectory"],
        )
    },
    // programs that run a command with secrets in its environment
    sub("dotenv", &["run"], &["-f", "--file", "-e", "--export"]),
    row("dotenv", &["-e", "-v", "-p", "-c"]),
    sub(
        "dotenvx",
        &["run"],
        &[
            "-f",
            "--env-file",
            "-e",
            "--env",
            "--convention",
            "-fk",
            "--env-keys-file",
        ],
    ),
    sub(
        "op",
        &["run"],
        &["--env-file", "--account", "--config", "--session"],
    ),
    Row {
        code: &["--command"],
        ..sub(
            "doppler",
            &["run"],
            &[
                "-p",
                "--project",
                "-c",
                "--config",
                "--token",
                "--fallback",
                "--mount",
            ],
        )
    },
    Row {
        positional: Some(1),
        ..sub(
            "aws-vault",
            &["exec"],
            &[
                "-d",
                "--duration",
                "-t",
                "--mfa-token",
                "--region",
                "--backend",
            ],
        )
    },
    Row {
        code: &["--command"],
        ..sub(
            "infisical",
            &["run"],
            &[
                "--env",
                "--path",
                "--projectId",
                "--token",
                "--tags",
                "--domain",
            ],
        )
    },
    Row {
        positional: None,
        dashdash: true,
        ..sub("chamber", &["exec"], &["--pristine"])
    },
    Row {
        positional: Some(1),
        ..row("envchain", &[])
    },
    Row {
        positional: Some(1),
        joined: true,
        ..sub(
            "sops",
            &["exec-env", "exec-file"],
            &["--user", "--filename"],
        )
    },
    sub("teller", &["run"], &["-c", "--config"]),
    sub(
        "devbox",
        &["run"],
        &["-c", "--config", "-e", "--env", "--env-file"],
    ),
    sub("yarn", &["exec"], &[]),
    row("valgrind", &[]),
    row(
        "numactl",
        &[
            "-i",
            "--interleave",
            "-p",
            "--preferred",
            "-m",
            "--membind",
            "-N",
            "--cpunodebind",
            "-C",
            "--physcpubind",
            "-w",
            "--weighted-interleave",
        ],
    ),
    row(
        "nsenter",
        &[
            "-t", "--target", "-S", "--setuid", "-G", "--setgid", "-r", "-w", "--env",
        ],
    ),
    row(
        "unshare",
        &[
            "--map-user",
            "--map-group",
            "--setgroups",
            "-S",
            "--setuid",
            "-G",
            "--setgid",
            "-R",
            "--root",
            "-w",
            "--wd",
        ],
    ),
    row("pkexec", &["--user", "-u"]),
    row(
        "screen",
        &["-S", "-c", "-e", "-h", "-p", "-T", "-Logfile", "-X"],
    ),
    tmux_like("tmux"),
    row("dbus-launch", &[]),
    row(
        "xvfb-run",
        &[
            "-n",
            "--server-num",
            "-s",
            "--server-args",
            "-f",
            "--auth-file",
            "-e",
            "--error-file",
            "-p",
            "--xauth-protocol",
        ],
    ),
    row("setpriv", &[]),
    row("prlimit", &["-p", "--pid"]),
    row("cgexec", &["-g"]),
    row("proxychains", &["-f"]),
    row("proxychains4", &["-f"]),
    row("torsocks", &["-u", "-p", "-a", "-P"]),
    row("catchsegv", &[]),
    row(
        "chpst",
        &[
            "-u", "-U", "-b", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c",
            "-r", "-t",
        ],
    ),
    row(
        "sudo-rs",
        &["-u", "-g", "-D", "--user", "--group", "--chdir"],
    ),
];

/// `git-SUB` (a program in git's exec-path, or on PATH) is what `git SUB` runs: the subcommand.
pub(crate) fn git_dashed(name: &str) -> Option<&str> {
    name.strip_prefix("git-").filter(|s| {
        s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    })
}

/// A file name that is the standard input (`sh /dev/stdin <<< CMD` runs the here-string).
pub(crate) fn is_stdin(name: Option<&str>) -> bool {
    matches!(name, Some("/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0"))
}

/// tmux's commands that run a shell command (the last argument, or what follows `--`).
const TMUX_SUBS: &[&str] = &[
    "new",
    "new-session",
    "new-window",
    "neww",
    "split-window",
    "splitw",
    "respawn-pane",
    "respawnp",
    "respawn-window",
    "respawnw",
    "run-shell",
    "run",
    "display-popup",
    "popup",
    "send-keys",
    "send",
];

/// A row for tmux or a program that passes tmux's commands through (`byobu`).
pub(crate) const fn tmux_like(name: &'static str) -> Row {
    Row {
        subs: TMUX_SUBS,
        joined: true,
        ..row(
            name,
            &[
                "-t", "-s", "-n", "-c", "-e", "-x", "-y", "-F", "-l", "-p", "-w", "-T",
            ],
        )
    }
}

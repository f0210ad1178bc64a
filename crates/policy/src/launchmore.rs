//! Round 13's launcher rows (`src/launchers.rs` reads them with the other tables): init shims
//! for containers (`tini`, `dumb-init`), user switchers (`gosu`, `su-exec`), `sshpass`,
//! personality and bandwidth/CPU limiters (`setarch`, `linux64`, `trickle`, `cpulimit`),
//! queues (`nq`, `pueue add`), `rlwrap`, `ssh-agent CMD`, terminal emulators (`xterm -e`,
//! `gnome-terminal --`), container and VM shells (`lxc`/`incus exec`, `distrobox enter`,
//! `toolbox run`, `limactl shell`, `multipass exec`, `vagrant ssh -c`) and `perf stat/record`.

use crate::launchers::{Row, row, sub};

/// The rows, one per launcher (or per launcher's subcommand set).
pub(crate) const ROWS: &[Row] = &[
    row("tini", &["-p", "-e"]),
    row("tini-static", &["-p", "-e"]),
    row("dumb-init", &["-r", "--rewrite"]),
    Row {
        positional: Some(1),
        ..row("gosu", &[])
    },
    Row {
        positional: Some(1),
        ..row("su-exec", &[])
    },
    row("sshpass", &["-p", "-f", "-d", "-P"]),
    Row {
        positional: Some(1),
        ..row("setarch", &[])
    },
    row("linux32", &[]),
    row("linux64", &[]),
    row("trickle", &["-u", "-d", "-w", "-t", "-l", "-n"]),
    row(
        "cpulimit",
        &[
            "-l", "--limit", "-p", "--pid", "-e", "--exe", "-P", "--path",
        ],
    ),
    row("nq", &[]),
    Row {
        joined: true,
        ..sub(
            "pueue",
            &["add"],
            &[
                "-w",
                "--working-directory",
                "-d",
                "--delay",
                "-g",
                "--group",
                "-a",
                "--after",
                "-l",
                "--label",
                "-o",
                "--priority",
            ],
        )
    },
    row(
        "rlwrap",
        &[
            "-b", "-C", "-D", "-e", "-f", "-g", "-H", "-l", "-O", "-p", "-P", "-q", "-s", "-S",
            "-t", "-w", "-z",
        ],
    ),
    row("ssh-agent", &["-a", "-E", "-P", "-t", "-O"]),
    Row {
        words: &["-e"],
        positional: None,
        ..row("xterm", &["-T", "-title", "-geometry", "-fg", "-bg", "-fn"])
    },
    Row {
        words: &["-e"],
        positional: None,
        ..row("uxterm", &[])
    },
    Row {
        words: &["-e"],
        positional: None,
        ..row("urxvt", &[])
    },
    Row {
        words: &["-e"],
        positional: None,
        ..row("x-terminal-emulator", &[])
    },
    Row {
        words: &["-e"],
        positional: None,
        ..row("konsole", &[])
    },
    Row {
        words: &["-e", "--command"],
        positional: None,
        ..row("alacritty", &[])
    },
    Row {
        words: &["-x", "--execute"],
        code: &["-e", "--command"],
        positional: None,
        dashdash: true,
        ..row("gnome-terminal", &[])
    },
    Row {
        words: &["-x", "--execute"],
        code: &["-e", "--command"],
        positional: None,
        dashdash: true,
        ..row("xfce4-terminal", &[])
    },
    Row {
        words: &["-x", "--execute"],
        code: &["-e", "--command"],
        positional: None,
        dashdash: true,
        ..row("terminator", &[])
    },
    Row {
        positional: Some(1),
        ..sub(
            "lxc",
            &["exec"],
            &["--env", "--cwd", "--user", "--group", "--mode"],
        )
    },
    Row {
        positional: Some(1),
        ..sub(
            "incus",
            &["exec"],
            &["--env", "--cwd", "--user", "--group", "--mode"],
        )
    },
    Row {
        positional: Some(1),
        ..sub(
            "distrobox",
            &["enter"],
            &["-n", "--name", "-a", "--additional-flags"],
        )
    },
    sub(
        "toolbox",
        &["run"],
        &["-c", "--container", "-d", "--distro", "-r", "--release"],
    ),
    Row {
        positional: Some(1),
        ..sub("limactl", &["shell"], &["--workdir", "--shell"])
    },
    Row {
        positional: Some(1),
        ..sub("multipass", &["exec"], &["-d", "--working-directory"])
    },
    Row {
        code: &["-c", "--command"],
        positional: None,
        ..sub("vagrant", &["ssh"], &[])
    },
    sub(
        "perf",
        &["stat", "record", "trace"],
        &[
            "-e",
            "--event",
            "-o",
            "--output",
            "-p",
            "--pid",
            "-t",
            "--tid",
            "-C",
            "--cpu",
            "-r",
            "--repeat",
            "-G",
            "--cgroup",
            "-F",
            "--freq",
            "-c",
            "--count",
            "-I",
            "--interval-print",
            "-x",
            "--field-separator",
            "-m",
            "--mmap-pages",
            "--call-graph",
            "-u",
            "--uid",
            "--pre",
            "--post",
        ],
    ),
];

/// Why one of these launchers is more than a wrapper (then its part is at most `ask`).
pub(crate) fn note(name: &str) -> Option<&'static str> {
    Some(match name {
        "gosu" | "su-exec" | "sshpass" | "setarch" | "linux32" | "linux64" => {
            "runs the command as another user, with a password or another personality"
        }
        "lxc" | "incus" | "distrobox" | "toolbox" | "limactl" | "multipass" | "vagrant" => {
            "runs the command in a container or a virtual machine"
        }
        "nq"
        | "pueue"
        | "xterm"
        | "uxterm"
        | "urxvt"
        | "x-terminal-emulator"
        | "konsole"
        | "alacritty"
        | "gnome-terminal"
        | "xfce4-terminal"
        | "terminator" => "runs the command in the background or in another terminal",
        _ => return None,
    })
}

//! Round 14's launcher rows (`src/launchers.rs` reads them with the other tables), swept by family
//! from the programs' usage lines: detached sessions (`dtach`, `abduco`, `daemonize`), retries
//! and locks (`retry`, `lockrun`, `setlock`), daemontools' and runit's chain loaders (`envdir`,
//! `softlimit`, `setuidgid`, `envuidgid`), `tsocks`, `nocache`, `run0`, SELinux's `runcon`, MPI
//! and Slurm (`mpirun`, `mpiexec`, `srun`, `sbatch --wrap`), `rush`, version managers' `exec`
//! (`rbenv`, `pyenv`, `nodenv`, `goenv`, `jenv`, `nvm exec`), `guix shell/environment --`,
//! `bwrap`, containers (`apptainer`/`singularity exec`, `devcontainer exec`, `systemd-nspawn`,
//! `machinectl shell`, `schroot`), macOS's g-prefixed coreutils (`gtimeout`, `gnice`), `cronic`,
//! `timelimit`, terminals and multiplexers (`zellij run`, `byobu`, `kitty`, `wezterm start`,
//! `foot`, `tilix -e`) and debuggers and tracers (`lldb`, `rr record`, `heaptrack`, `uftrace`).

use crate::launchers::{Row, row, sub};

/// MPI launchers' options that take a value (`mpirun -np 4 CMD`).
const MPI: &[&str] = &[
    "-n",
    "-np",
    "--np",
    "-c",
    "-H",
    "-host",
    "--host",
    "-hostfile",
    "--hostfile",
    "-machinefile",
    "--machinefile",
    "-f",
    "-ppn",
    "-npernode",
    "--npernode",
    "--map-by",
    "--bind-to",
    "--rank-by",
    "-x",
    "-wdir",
    "--wdir",
    "-wd",
    "--prefix",
    "--output-filename",
    "-genvlist",
    "-envlist",
];

/// Slurm's options that take a value (`srun -p gpu CMD`).
const SLURM: &[&str] = &[
    "-n",
    "--ntasks",
    "-N",
    "--nodes",
    "-c",
    "--cpus-per-task",
    "-p",
    "--partition",
    "-t",
    "--time",
    "-J",
    "--job-name",
    "-A",
    "--account",
    "--mem",
    "-o",
    "--output",
    "-e",
    "--error",
    "-w",
    "--nodelist",
    "--gres",
    "-G",
    "--gpus",
    "-D",
    "--chdir",
    "-q",
    "--qos",
    "--mpi",
    "--export",
    "-C",
    "--constraint",
];

/// Options of container runtimes' `exec` that take a value (`apptainer exec -B a:b IMG CMD`).
const CONTAINER: &[&str] = &[
    "-B",
    "--bind",
    "--env",
    "--env-file",
    "-H",
    "--home",
    "--pwd",
    "-W",
    "--workdir",
    "-o",
    "--overlay",
    "--mount",
    "--security",
    "--workspace-folder",
    "--container-id",
    "--id-label",
    "--config",
    "--remote-env",
    "--docker-path",
];

/// The rows, one per launcher (or per launcher's subcommand set).
pub(crate) const ROWS: &[Row] = &[
    Row {
        positional: Some(1),
        ..row("dtach", &["-e", "-r"])
    },
    Row {
        positional: Some(1),
        ..row("abduco", &["-e"])
    },
    row("daemonize", &["-c", "-e", "-o", "-p", "-l", "-u", "-E"]),
    row(
        "retry",
        &[
            "-t",
            "--times",
            "-d",
            "--delay",
            "-u",
            "--until",
            "-w",
            "--while",
            "-m",
            "--message",
            "-e",
        ],
    ),
    row("lockrun", &["-L", "--lockfile", "--maxtime"]),
    Row {
        positional: Some(1),
        ..row("setlock", &[])
    },
    Row {
        positional: Some(1),
        ..row("envdir", &[])
    },
    row(
        "softlimit",
        &[
            "-m", "-a", "-d", "-s", "-l", "-f", "-c", "-o", "-p", "-t", "-r",
        ],
    ),
    Row {
        positional: Some(1),
        ..row("setuidgid", &[])
    },
    Row {
        positional: Some(1),
        ..row("envuidgid", &[])
    },
    row("tsocks", &[]),
    row("nocache", &[]),
    row(
        "run0",
        &[
            "-u",
            "--user",
            "-g",
            "--group",
            "-D",
            "--chdir",
            "--machine",
            "--property",
            "--description",
            "--slice",
            "--nice",
            "--setenv",
            "--background",
            "--shell-prompt-prefix",
            "--unit",
        ],
    ),
    row(
        "runcon",
        &[
            "-u", "--user", "-r", "--role", "-t", "--type", "-l", "--range",
        ],
    ),
    Row {
        pairs: &["--mca", "-mca", "-genv", "-env", "--gmca"],
        ..row("mpirun", MPI)
    },
    Row {
        pairs: &["--mca", "-mca", "-genv", "-env", "--gmca"],
        ..row("mpiexec", MPI)
    },
    row("srun", SLURM),
    Row {
        code: &["--wrap"],
        positional: None,
        ..row("sbatch", SLURM)
    },
    Row {
        joined: true,
        ..row(
            "rush",
            &[
                "-j",
                "--jobs",
                "-D",
                "--delimiter",
                "-r",
                "--retries",
                "-t",
                "--timeout",
                "-i",
                "--infile",
                "-o",
                "--out-file",
                "-n",
                "--nrecords",
                "-d",
                "--field-delimiter",
                "-J",
                "--records-join-sep",
                "-v",
                "--assign",
            ],
        )
    },
    sub("rbenv", &["exec"], &[]),
    sub("pyenv", &["exec"], &[]),
    sub("nodenv", &["exec"], &[]),
    sub("goenv", &["exec"], &[]),
    sub("jenv", &["exec"], &[]),
    Row {
        positional: Some(1),
        ..sub("nvm", &["exec"], &[])
    },
    Row {
        positional: None,
        dashdash: true,
        ..sub("guix", &["shell", "environment"], &[])
    },
    Row {
        pairs: &[
            "--bind",
            "--bind-try",
            "--dev-bind",
            "--dev-bind-try",
            "--ro-bind",
            "--ro-bind-try",
            "--symlink",
            "--setenv",
            "--bind-data",
            "--ro-bind-data",
            "--file",
            "--chmod",
        ],
        ..row(
            "bwrap",
            &[
                "--args",
                "--argv0",
                "--userns",
                "--userns2",
                "--pidns",
                "--uid",
                "--gid",
                "--hostname",
                "--chdir",
                "--unsetenv",
                "--lock-file",
                "--sync-fd",
                "--remount-ro",
                "--exec-label",
                "--file-label",
                "--proc",
                "--dev",
                "--tmpfs",
                "--mqueue",
                "--dir",
                "--seccomp",
                "--add-seccomp-fd",
                "--block-fd",
                "--userns-block-fd",
                "--info-fd",
                "--json-status-fd",
                "--cap-add",
                "--cap-drop",
                "--perms",
                "--size",
            ],
        )
    },
    Row {
        positional: Some(1),
        ..sub("apptainer", &["exec"], CONTAINER)
    },
    Row {
        positional: Some(1),
        ..sub("singularity", &["exec"], CONTAINER)
    },
    sub("devcontainer", &["exec"], CONTAINER),
    row(
        "systemd-nspawn",
        &[
            "-D",
            "--directory",
            "-i",
            "--image",
            "-M",
            "--machine",
            "-u",
            "--user",
            "-E",
            "--setenv",
            "--chdir",
            "--bind",
            "--bind-ro",
            "--tmpfs",
            "--overlay",
            "--overlay-ro",
            "-n",
            "--network-veth",
            "--network-bridge",
            "-p",
            "--port",
            "--private-users",
            "--capability",
            "--drop-capability",
            "--property",
            "-S",
            "--slice",
            "--template",
            "--resolv-conf",
            "--timezone",
            "--link-journal",
        ],
    ),
    Row {
        positional: Some(1),
        ..sub("machinectl", &["shell"], &["-E", "--setenv", "--uid"])
    },
    row(
        "schroot",
        &[
            "-c",
            "--chroot",
            "-u",
            "--user",
            "-d",
            "--directory",
            "-p",
            "--preserve-environment",
            "-o",
            "--option",
        ],
    ),
    row("cronic", &[]),
    Row {
        positional: Some(1),
        ..row("gtimeout", &["-s", "-k", "--signal", "--kill-after"])
    },
    row("gnohup", &[]),
    row("gnice", &["-n", "--adjustment"]),
    row(
        "gstdbuf",
        &["-i", "-o", "-e", "--input", "--output", "--error"],
    ),
    row("timelimit", &["-s", "-S", "-t", "-T"]),
    sub(
        "zellij",
        &["run"],
        &[
            "-n",
            "--name",
            "-d",
            "--direction",
            "--cwd",
            "--x",
            "--y",
            "--width",
            "--height",
        ],
    ),
    crate::launchrows::tmux_like("byobu"),
    row(
        "kitty",
        &[
            "-c",
            "--config",
            "-o",
            "--override",
            "--class",
            "--name",
            "-T",
            "--title",
            "-d",
            "--directory",
            "--session",
            "--listen-on",
            "--start-as",
            "--watcher",
            "--instance-group",
            "--os-window-tag",
        ],
    ),
    sub(
        "wezterm",
        &["start"],
        &["--cwd", "--class", "--workspace", "--position", "--domain"],
    ),
    row(
        "foot",
        &[
            "-c",
            "--config",
            "-o",
            "--override",
            "-t",
            "--term",
            "-T",
            "--title",
            "-a",
            "--app-id",
            "-w",
            "--window-size-pixels",
            "-W",
            "--window-size-chars",
            "-f",
            "--font",
            "-D",
            "--working-directory",
            "-s",
            "--server",
            "-L",
            "-l",
        ],
    ),
    Row {
        code: &["-e", "--command", "-x"],
        positional: None,
        ..row("tilix", &[])
    },
    row(
        "lldb",
        &[
            "-a",
            "--arch",
            "-c",
            "--core",
            "-p",
            "--attach-pid",
            "-n",
            "--attach-name",
            "-s",
            "--source",
            "-S",
            "-O",
            "-k",
            "-K",
        ],
    ),
    sub(
        "rr",
        &["record"],
        &[
            "-o",
            "--output-trace-dir",
            "-c",
            "--num-cpu-ticks",
            "-b",
            "--bind-to-cpu",
        ],
    ),
    row("heaptrack", &["-o", "--output"]),
    sub(
        "uftrace",
        &["record", "live"],
        &[
            "-F", "-N", "-T", "-t", "-d", "--data", "-D", "--depth", "-A", "-R", "-P",
        ],
    ),
];

/// Why one of these launchers is more than a wrapper (then its part is at most `ask`).
pub(crate) fn note(name: &str) -> Option<&'static str> {
    Some(match name {
        "dtach" | "abduco" | "daemonize" | "retry" | "rush" => {
            "runs the command in the background, again or once per input line"
        }
        "envdir" | "envuidgid" | "rbenv" | "pyenv" | "nodenv" | "goenv" | "jenv" | "nvm"
        | "guix" => "runs the command in an environment the gate cannot see",
        "setuidgid" | "run0" | "runcon" | "bwrap" => {
            "runs the command with other privileges or in other namespaces"
        }
        "lockrun" | "setlock" => "creates or locks the file it names, then runs the command",
        "mpirun" | "mpiexec" | "srun" | "sbatch" => "runs the command on many processes or nodes",
        "apptainer" | "singularity" | "devcontainer" | "systemd-nspawn" | "machinectl"
        | "schroot" => "runs the command in a container",
        "zellij" | "byobu" | "kitty" | "wezterm" | "foot" | "tilix" => {
            "runs the command in the background or in another terminal"
        }
        "lldb" | "rr" | "heaptrack" | "uftrace" => "runs the command under a debugger or tracer",
        _ => return None,
    })
}

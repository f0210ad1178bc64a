//! Round 15's launcher rows (`src/launchers.rs` reads them with the other tables): programs
//! that run a command and that no table named before round 15's blind probe. Toolchain and
//! version managers (`volta run`, `fnm exec`, `rustup run TOOLCHAIN`, `corepack PM`, `tox exec
//! --`), journal and log wrappers (`systemd-cat`, `logsave FILE`), GPU offloaders (`optirun`,
//! `primusrun`, `prime-run`, `pvkrun`, `vglrun`), `ip netns exec NS`, `gdbserver COMM`, file
//! finders' and watchers' commands (`fd -x/-X`, `watchman-make --run`, `reflex --`), Procfile
//! runners (`foreman run`, `honcho run`), monorepo runners (`lerna exec`, `nx exec`), process
//! managers (`pm2 start 'CMD'`), and remote shells of cloud and fleet tools (`mosh HOST --`,
//! `gh codespace ssh --`, `devpod ssh --command`, `kubectl debug/run --`, `heroku run`, `fly ssh
//! console -C`, `gcloud compute ssh --command`/`--`, `doctl compute ssh --ssh-command`, `az vm
//! run-command --scripts`, `pssh`, `pdsh`, `clush`, `fab --`).

use crate::launchers::{Row, row, sub};

/// The rows, one per launcher (or per launcher's subcommand set).
pub(crate) const ROWS: &[Row] = &[
    sub(
        "volta",
        &["run"],
        &["--node", "--npm", "--pnpm", "--yarn", "--env"],
    ),
    sub(
        "fnm",
        &["exec"],
        &["--using", "--log-level", "--arch", "--fnm-dir"],
    ),
    Row {
        positional: Some(1),
        ..sub("rustup", &["run"], &[])
    },
    row("corepack", &[]),
    Row {
        positional: None,
        dashdash: true,
        ..sub(
            "tox",
            &["exec"],
            &[
                "-e",
                "--env",
                "-c",
                "--conf",
                "--root",
                "--workdir",
                "-x",
                "--override",
            ],
        )
    },
    row(
        "systemd-cat",
        &[
            "-t",
            "--identifier",
            "-p",
            "--priority",
            "--stderr-priority",
        ],
    ),
    Row {
        positional: Some(1),
        ..row("logsave", &[])
    },
    row("optirun", &["-b", "--bridge", "-c", "--vgl-compress"]),
    row("primusrun", &[]),
    row("prime-run", &[]),
    row("pvkrun", &[]),
    row("vglrun", &["-d", "-c", "-q", "-samp", "-tr", "-np", "-fps"]),
    Row {
        positional: Some(2),
        ..sub("ip", &["netns"], &[])
    },
    Row {
        positional: Some(1),
        ..row("gdbserver", &["--wrapper", "--debug-file"])
    },
    Row {
        words: &["-x", "--exec", "-X", "--exec-batch"],
        positional: None,
        ..row("fd", FD)
    },
    Row {
        words: &["-x", "--exec", "-X", "--exec-batch"],
        positional: None,
        ..row("fdfind", FD)
    },
    Row {
        code: &["--run"],
        positional: None,
        ..row(
            "watchman-make",
            &[
                "-p",
                "--pattern",
                "-t",
                "--target",
                "--root",
                "--make",
                "-s",
                "--settle",
            ],
        )
    },
    row(
        "reflex",
        &[
            "-r",
            "--regex",
            "-R",
            "--inverse-regex",
            "-g",
            "--glob",
            "-G",
            "--inverse-glob",
            "-c",
            "--config",
            "-d",
            "--decoration",
            "--substitute",
        ],
    ),
    sub(
        "foreman",
        &["run"],
        &["-e", "--env", "-f", "--procfile", "-d", "--root"],
    ),
    sub(
        "honcho",
        &["run"],
        &["-e", "--env", "-f", "--procfile", "-d", "--app-root"],
    ),
    sub(
        "lerna",
        &["exec"],
        &["--scope", "--ignore", "--concurrency", "--since"],
    ),
    sub(
        "nx",
        &["exec"],
        &["-p", "--projects", "--exclude", "--parallel"],
    ),
    Row {
        joined: true,
        ..sub(
            "pm2",
            &["start"],
            &[
                "-n",
                "--name",
                "-i",
                "--instances",
                "--interpreter",
                "--cwd",
                "-l",
                "--log",
                "-o",
                "--output",
                "-e",
                "--error",
                "--max-memory-restart",
                "--cron",
                "--env",
                "--namespace",
            ],
        )
    },
    Row {
        positional: Some(1),
        ..row(
            "mosh",
            &[
                "--ssh",
                "--port",
                "-p",
                "--server",
                "--predict",
                "--family",
                "--bind-server",
                "--client",
            ],
        )
    },
    Row {
        positional: None,
        dashdash: true,
        ..sub(
            "gh",
            &["codespace", "cs"],
            &[
                "-c",
                "--codespace",
                "-R",
                "--repo",
                "--profile",
                "--server-port",
            ],
        )
    },
    Row {
        code: &["--command"],
        positional: None,
        ..sub("devpod", &["ssh"], &["--user", "--workdir", "--context"])
    },
    Row {
        positional: None,
        dashdash: true,
        ..sub("kubectl", &["debug", "run"], KUBE)
    },
    Row {
        positional: None,
        dashdash: true,
        ..sub("oc", &["debug", "run"], KUBE)
    },
    Row {
        joined: true,
        ..sub(
            "heroku",
            &["run", "run:detached", "run:inside"],
            &[
                "-a", "--app", "-r", "--remote", "-s", "--size", "-e", "--env", "--type",
            ],
        )
    },
    Row {
        code: &["-C", "--command"],
        positional: None,
        ..sub("fly", &["ssh"], FLY)
    },
    Row {
        code: &["-C", "--command"],
        positional: None,
        ..sub("flyctl", &["ssh"], FLY)
    },
    Row {
        code: &["--command"],
        positional: None,
        dashdash: true,
        ..sub(
            "gcloud",
            &["compute"],
            &["--zone", "--project", "--ssh-key-file"],
        )
    },
    Row {
        code: &["--ssh-command"],
        positional: None,
        ..sub(
            "doctl",
            &["compute"],
            &["--ssh-key-path", "--ssh-user", "--ssh-port"],
        )
    },
    Row {
        code: &["--scripts"],
        positional: None,
        ..sub("az", &["vm"], &["-g", "--resource-group", "-n", "--name"])
    },
    Row {
        joined: true,
        ..row("pssh", SSH_FLEET)
    },
    Row {
        joined: true,
        ..row("parallel-ssh", SSH_FLEET)
    },
    Row {
        joined: true,
        ..row(
            "pdsh",
            &["-w", "-x", "-g", "-X", "-l", "-R", "-t", "-u", "-f", "-M"],
        )
    },
    Row {
        joined: true,
        ..row(
            "clush",
            &[
                "-w",
                "-x",
                "-g",
                "-X",
                "-f",
                "--fanout",
                "-l",
                "--user",
                "-o",
                "--options",
                "-t",
                "-u",
                "--hostfile",
                "-R",
                "--worker",
            ],
        )
    },
    Row {
        positional: Some(1),
        ..sub("nerdctl", &["run", "exec"], CONTAINER_RUN)
    },
    Row {
        positional: Some(1),
        ..sub("finch", &["run", "exec"], CONTAINER_RUN)
    },
    Row {
        positional: None,
        dashdash: true,
        ..row(
            "fab",
            &[
                "-H",
                "--hosts",
                "-i",
                "--identity",
                "-c",
                "--collection",
                "-f",
                "--config",
            ],
        )
    },
];

/// fd's options that take a value.
const FD: &[&str] = &[
    "-e",
    "--extension",
    "-t",
    "--type",
    "-d",
    "--max-depth",
    "--min-depth",
    "--exact-depth",
    "-E",
    "--exclude",
    "-j",
    "--threads",
    "-S",
    "--size",
    "--changed-within",
    "--changed-before",
    "-o",
    "--owner",
    "--base-directory",
    "--search-path",
    "--max-results",
    "--ignore-file",
    "--format",
    "-c",
    "--color",
];

/// `docker run`-like options that take a value (nerdctl, finch).
const CONTAINER_RUN: &[&str] = &[
    "-v",
    "--volume",
    "-e",
    "--env",
    "--env-file",
    "--name",
    "-p",
    "--publish",
    "-w",
    "--workdir",
    "--network",
    "--net",
    "--entrypoint",
    "-u",
    "--user",
    "--mount",
    "--platform",
    "-l",
    "--label",
    "--cpus",
    "-m",
    "--memory",
    "--add-host",
    "--device",
    "--gpus",
    "--restart",
    "-h",
    "--hostname",
    "--pull",
    "--tmpfs",
    "--cap-add",
    "--cap-drop",
    "--security-opt",
    "--dns",
];

/// kubectl's `debug`/`run` options that take a value.
const KUBE: &[&str] = &[
    "--image",
    "-c",
    "--container",
    "--target",
    "--profile",
    "-n",
    "--namespace",
    "--env",
    "--overrides",
    "--restart",
    "--copy-to",
    "--set-image",
    "-l",
    "--labels",
];

/// flyctl's `ssh` options that take a value.
const FLY: &[&str] = &[
    "-a",
    "--app",
    "-s",
    "--select",
    "-r",
    "--region",
    "-u",
    "--user",
    "--machine",
    "-A",
    "--address",
];

/// parallel-ssh's options that take a value.
const SSH_FLEET: &[&str] = &[
    "-h",
    "--hosts",
    "-H",
    "--host",
    "-l",
    "--user",
    "-p",
    "--par",
    "-o",
    "--outdir",
    "-e",
    "--errdir",
    "-t",
    "--timeout",
    "-O",
    "--option",
    "-x",
    "--extra-args",
    "-X",
    "--extra-arg",
];

/// Why one of these launchers is more than a wrapper (then its part is at most `ask`).
pub(crate) fn note(name: &str) -> Option<&'static str> {
    Some(match name {
        "tox" | "foreman" | "honcho" => {
            "prepares an environment first (project configuration, env files, installs)"
        }
        "ip" => "runs the command with other privileges or in other namespaces",
        "gdbserver" => "runs the command under a debugger or tracer",
        "fd" | "fdfind" => "runs the command once per file it finds (hidden ones included with -H)",
        "watchman-make" | "reflex" | "pm2" => "runs the command again or in the background",
        "lerna" | "nx" => "runs the command in every package of the repository",
        "mosh" | "gh" | "devpod" | "kubectl" | "oc" | "heroku" | "fly" | "flyctl" | "gcloud"
        | "doctl" | "az" | "pssh" | "parallel-ssh" | "pdsh" | "clush" | "fab" | "nerdctl"
        | "finch" => "runs the command on another host or in a container",
        _ => return None,
    })
}

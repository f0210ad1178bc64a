//! Launchers: programs that run a command given after their options and, for some, after a
//! subcommand (`systemd-run`, `firejail`, `uv run`, `pnpm exec`, `direnv exec DIR`,
//! `nix develop -c`), or a shell string given to an option (`script -c`, `sg GROUP -c`,
//! `npm exec -c`, `nix-shell --run`). A data table, one row per launcher.

use crate::models::lit;
use crate::programs::Inner;
use crate::words::Word;

/// How a launcher's command is given.
pub(crate) struct Row {
    /// The program.
    pub(crate) name: &'static str,
    /// Subcommands that launch (empty: the program itself launches).
    pub(crate) subs: &'static [&'static str],
    /// Options that take a value (the next word unless bundled with `=`).
    pub(crate) values: &'static [&'static str],
    /// Options that take two values (`bwrap --bind SRC DEST`, `mpirun --mca NAME VALUE`).
    pub(crate) pairs: &'static [&'static str],
    /// Options whose value is a shell string the launcher runs.
    pub(crate) code: &'static [&'static str],
    /// Options after which the rest of the words are the command (`nix develop -c`).
    pub(crate) words: &'static [&'static str],
    /// Positional arguments before the command (`direnv exec DIR`); `None`: the words after
    /// the options are no command (only `code` or `words` options run one).
    pub(crate) positional: Option<usize>,
    /// The words after the positionals are joined into one shell string (`sg GROUP CMD`).
    pub(crate) joined: bool,
    /// With no positional count: the words after `--` are the command (`chamber exec S -- CMD`);
    /// with one, a `--` among the words makes the command start after it (`mise exec TOOL -- CMD`).
    pub(crate) dashdash: bool,
}

pub(crate) const fn row(name: &'static str, values: &'static [&'static str]) -> Row {
    Row {
        name,
        subs: &[],
        values,
        pairs: &[],
        code: &[],
        words: &[],
        positional: Some(0),
        joined: false,
        dashdash: false,
    }
}

pub(crate) const fn sub(
    name: &'static str,
    subs: &'static [&'static str],
    values: &'static [&'static str],
) -> Row {
    Row {
        subs,
        ..row(name, values)
    }
}

/// Python environment managers' `run` options that take a value.
const PY_RUN: &[&str] = &[
    "-p",
    "--python",
    "--with",
    "--with-requirements",
    "--project",
    "--directory",
    "--env-file",
    "--extra",
    "--group",
    "--package",
    "--index",
    "--index-url",
    "-e",
    "--env",
    "-n",
    "--name",
    "--prefix",
    "-P",
    "--from",
];

const ROWS: &[Row] = &[
    Row {
        code: &["-c", "--command"],
        positional: None,
        ..row(
            "script",
            &[
                "-E",
                "--echo",
                "-I",
                "-O",
                "-B",
                "-T",
                "-m",
                "--log-in",
                "--log-out",
                "--log-io",
                "--log-timing",
                "--logging-format",
            ],
        )
    },
    Row {
        code: &["-c"],
        positional: Some(1),
        joined: true,
        ..row("sg", &[])
    },
    row(
        "systemd-run",
        &[
            "-u",
            "--unit",
            "-p",
            "--property",
            "--slice",
            "-E",
            "--setenv",
            "--working-directory",
            "-M",
            "--machine",
            "--uid",
            "--gid",
            "--nice",
            "--description",
            "-H",
            "--host",
            "--on-calendar",
            "--on-active",
            "--on-boot",
            "--on-startup",
            "--on-unit-active",
            "--on-unit-inactive",
            "--timer-property",
            "--path-property",
            "--socket-property",
            "--service-type",
            "--expand-environment",
        ],
    ),
    row("firejail", &[]),
    Row {
        positional: Some(1),
        ..row("faketime", &["-p", "--date-prog"])
    },
    sub("uv", &["run"], PY_RUN),
    sub("poetry", &["run"], PY_RUN),
    sub("pipenv", &["run"], PY_RUN),
    sub("pdm", &["run"], PY_RUN),
    sub("hatch", &["run"], PY_RUN),
    sub("rye", &["run"], PY_RUN),
    sub("conda", &["run"], PY_RUN),
    sub("mamba", &["run"], PY_RUN),
    sub("micromamba", &["run"], PY_RUN),
    sub("pixi", &["run", "exec"], PY_RUN),
    sub("bundle", &["exec"], &["--gemfile"]),
    Row {
        dashdash: true,
        ..sub("mise", &["exec", "x"], &["-C", "--cd", "-j", "--jobs"])
    },
    Row {
        dashdash: true,
        ..sub("rtx", &["exec", "x"], &["-C", "--cd"])
    },
    sub("asdf", &["exec"], &[]),
    sub(
        "pnpm",
        &["exec"],
        &["-C", "--dir", "--filter", "-F", "--workspace-concurrency"],
    ),
    Row {
        subs: &["exec", "x"],
        code: &["-c", "--call"],
        ..row("npm", &["-p", "--package", "-w", "--workspace", "--prefix"])
    },
    Row {
        code: &["-c", "--call"],
        ..row("npx", &["-p", "--package", "-w", "--workspace", "--prefix"])
    },
    Row {
        subs: &["exec"],
        positional: Some(1),
        ..row("direnv", &[])
    },
    Row {
        subs: &["develop", "shell"],
        words: &["-c", "--command"],
        positional: None,
        ..row(
            "nix",
            &[
                "--profile",
                "--arg",
                "--argstr",
                "-f",
                "--file",
                "--expr",
                "-i",
                "--keep",
                "-k",
                "--unset",
                "-u",
            ],
        )
    },
    Row {
        code: &["--run", "--command"],
        positional: None,
        ..row(
            "nix-shell",
            &[
                "-p",
                "--packages",
                "-A",
                "--attr",
                "--arg",
                "--argstr",
                "-I",
                "--keep",
            ],
        )
    },
];

/// Why the launcher itself is more than a wrapper (then its part is at most `ask`).
fn note(name: &str) -> Option<String> {
    let why = match name {
        "pkexec" | "sg" | "nsenter" | "unshare" | "setpriv" | "chpst" | "sudo-rs" => {
            "runs the command with other privileges or in other namespaces"
        }
        "systemd-run" | "screen" | "tmux" => "starts the command as a service or in the background",
        "uv" | "poetry" | "pipenv" | "pdm" | "hatch" | "rye" | "conda" | "mamba" | "micromamba"
        | "pixi" | "bundle" | "devbox" | "mise" | "rtx" | "direnv" | "nix" | "nix-shell" => {
            "prepares an environment first (project configuration, hooks, installs)"
        }
        "dotenv" | "dotenvx" | "op" | "doppler" | "aws-vault" | "infisical" | "chamber"
        | "envchain" | "sops" | "teller" => "runs the command with secrets in its environment",
        "fakeroot" | "fakeroot-ng" | "proot" | "flatpak-spawn" => {
            "runs the command with other privileges or in other namespaces"
        }
        "entr" | "watchexec" | "nodemon" | "sem" | "tsp" => {
            "runs the command again or in the background"
        }
        _ => crate::launchmore::note(name)
            .or_else(|| crate::launchwide::note(name))
            .or_else(|| crate::launchrare::note(name))
            .or_else(|| crate::fetchers::note(name))
            .or_else(|| crate::launch17::note(name))
            .or_else(|| crate::launch19::note(name))
            .or_else(|| crate::launch21::note(name))?,
    };
    Some(format!("`{name}` {why}"))
}

/// For a launcher, where its command starts (or the shell string it runs); `None` when `name`
/// is no launcher or its subcommand does not launch.
pub fn launcher(name: &str, argv: &[Word]) -> Option<Inner> {
    if crate::shells20::handles(name, argv) {
        return crate::shells20::launcher(name, argv);
    }
    let rows = ROWS
        .iter()
        .chain(crate::launchrows::ROWS)
        .chain(crate::launchmore::ROWS)
        .chain(crate::launchwide::ROWS)
        .chain(crate::launchrare::ROWS)
        .chain(crate::fetchers::ROWS)
        .chain(crate::launch17::ROWS)
        .chain(crate::launch19::ROWS)
        .chain(crate::launch21::ROWS)
        .filter(|r| r.name == name);
    for r in rows {
        let mut i = 1;
        if !r.subs.is_empty() {
            // global options before the subcommand: flags, and the row's options that take a
            // value (`hatch -e ENV run`, `pnpm --filter PKG exec`)
            while let Some(v) = lit(argv, i).filter(|v| v.starts_with('-')) {
                i += if r.values.contains(&v) { 2 } else { 1 };
            }
            if !lit(argv, i).is_some_and(|s| r.subs.contains(&s)) {
                continue;
            }
            i += 1;
        }
        let mut out = launch(r, argv, i);
        // a shell string (`npx -c CMD`) fetches nothing: it is judged as itself
        let fetched = crate::fetchers::note(name).is_some();
        out.note = note(name).filter(|_| !(fetched && out.code.is_some()));
        out.scripts
            .extend(crate::runcmds::launcher_scripts(name, argv));
        return Some(out);
    }
    None
}

fn launch(r: &Row, argv: &[Word], mut i: usize) -> Inner {
    let mut out = Inner::default();
    if r.dashdash && r.positional.is_some() {
        // positionals that are no command before a `--` (`mise exec TOOL@VERSION -- CMD`)
        if let Some(j) = (i..argv.len()).find(|&j| lit(argv, j) == Some("--")) {
            out.inner = j + 1;
            return out;
        }
    }
    while let Some(w) = argv.get(i) {
        let Some(v) = w.lit() else { break };
        if v == "--" {
            i += 1;
            if r.dashdash {
                out.inner = i.min(argv.len());
                return out;
            }
            break;
        }
        if !v.starts_with('-') || v == "-" {
            if r.positional.is_none() {
                // only an option runs a command: look at every word (`nix shell PKG -c CMD`)
                i += 1;
                continue;
            }
            break;
        }
        let (opt, bundled) = match v.split_once('=') {
            Some((o, val)) if v.starts_with("--") => (o, Some(val.to_string())),
            _ => (v, None),
        };
        // a cluster of short flags whose last one takes the value (`-qc CMD`, `-dmS NAME`)
        let last = (!v.starts_with("--") && v.chars().count() > 2)
            .then(|| v.chars().last().map(|c| format!("-{c}")))
            .flatten();
        let named =
            |set: &[&str]| set.contains(&opt) || last.as_deref().is_some_and(|l| set.contains(&l));
        if named(r.code) {
            out.code = Some(bundled.or_else(|| argv.get(i + 1).and_then(|w| w.value.clone())));
            out.inner = argv.len();
            return out;
        }
        if named(r.words) {
            out.inner = (i + 1).min(argv.len());
            return out;
        }
        i += if bundled.is_none() && named(r.pairs) {
            3
        } else if bundled.is_none() && named(r.values) {
            2
        } else {
            1
        };
    }
    let Some(skip) = r.positional else {
        out.inner = argv.len();
        return out;
    };
    i += skip;
    if skip > 0 {
        // options after the positionals (`lxc exec NAME --env X=1 -- CMD`), then `--`
        i = after_options(r, argv, i);
    }
    if r.joined && i < argv.len() {
        if lit(argv, i) == Some("-c") {
            i += 1;
        }
        out.shell_string = true;
    }
    out.inner = i.min(argv.len());
    out
}

/// `parallel CMD ::: a b`: one run per literal argument (`{}` replaced, else appended);
/// `None` when an argument is known only at run time or the input is not one `:::` list.
pub(crate) fn parallel_literal(cmd: &[Word], input: &[Word]) -> Option<Vec<String>> {
    let (sep, args) = input.split_first()?;
    if sep.lit() != Some(":::") || args.len() > 16 {
        return None;
    }
    let args: Vec<&str> = args.iter().map(Word::lit).collect::<Option<_>>()?;
    if args.iter().any(|a| a.starts_with(":::")) {
        return None;
    }
    let cmd: Vec<&str> = cmd
        .iter()
        .map(|w| w.value.as_deref())
        .collect::<Option<_>>()?;
    let quoted = |a: &str| format!("'{}'", a.replace('\'', "'\\''"));
    let runs = args.iter().map(|a| {
        if cmd.iter().any(|w| w.contains("{}")) {
            cmd.iter()
                .map(|w| w.replace("{}", a))
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            format!("{} {}", cmd.join(" "), quoted(a))
        }
    });
    Some(runs.collect())
}

/// The index after a launcher's options that follow its positionals and an ending `--`
/// (`aws-vault exec PROFILE -- CMD`, `lxc exec NAME --env X=1 --cwd /x -- CMD`).
fn after_options(r: &Row, argv: &[Word], mut i: usize) -> usize {
    while let Some(v) = lit(argv, i) {
        if v == "--" {
            return i + 1;
        }
        if !v.starts_with('-') || v == "-" {
            break;
        }
        let bundled = v.starts_with("--") && v.contains('=');
        i += if !bundled && r.pairs.contains(&v) {
            3
        } else if !bundled && r.values.contains(&v) {
            2
        } else {
            1
        };
    }
    i
}

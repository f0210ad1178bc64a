//! Round 16: programs that fetch a package and run its command (`npx`, `bunx`, `pnpm dlx`,
//! `yarn dlx`, `uvx`, `pipx run`; their `--help` usage: options, then the command and its
//! arguments): the command is judged as itself, and the part is at most `ask` (what runs comes
//! from a registry, not the system). And `capsh`, whose words after `--` are the arguments of
//! its shell (`capsh -- -c CMD` runs `bash -c CMD`; `==` runs capsh again).

use crate::launchers::{Row, row, sub};
use crate::words::Word;

/// Options of uv's tool runner that take a value (`uvx --help`).
const UVX: &[&str] = &[
    "--from",
    "--with",
    "-w",
    "--with-editable",
    "--with-requirements",
    "-p",
    "--python",
    "--index",
    "--default-index",
    "-i",
    "--index-url",
    "--extra-index-url",
    "-f",
    "--find-links",
    "--constraints",
    "-c",
    "--overrides",
    "--build-constraints",
    "-b",
    "--env-file",
    "--cache-dir",
    "--directory",
    "--project",
    "--config-file",
    "--python-platform",
    "--index-strategy",
    "--keyring-provider",
    "--resolution",
    "--prerelease",
    "--exclude-newer",
    "--link-mode",
    "-P",
    "--upgrade-package",
    "--reinstall-package",
    "--refresh-package",
    "--color",
    "--allow-insecure-host",
];

pub(crate) const ROWS: &[Row] = &[
    row("bunx", &["-p", "--package"]),
    row("pnpx", &["--package", "--allow-build"]),
    row("uvx", UVX),
    Row {
        code: &["-c", "--shell-mode"],
        ..sub("pnpm", &["dlx"], &["--package", "--allow-build"])
    },
    sub("yarn", &["dlx"], &["-p", "--package"]),
    sub(
        "pipx",
        &["run"],
        &[
            "--spec",
            "--python",
            "--index-url",
            "-i",
            "--pip-args",
            "--backend",
        ],
    ),
];

/// Why such a runner is more than its command.
pub(crate) fn note(name: &str) -> Option<&'static str> {
    match name {
        "npx" | "bunx" | "pnpx" | "uvx" | "pipx" | "pnpm" | "yarn" | "npm" => {
            Some("runs a package fetched from a registry (its code, not the system's program)")
        }
        _ => None,
    }
}

/// `uv tool run ARGS` is `uvx ARGS`.
pub(crate) fn uv_tool_run(argv: &[Word]) -> Option<Vec<Word>> {
    let run = argv.get(2)?.lit()?;
    (argv.first()?.lit()? == "uv" && argv.get(1)?.lit()? == "tool" && run == "run").then(|| {
        std::iter::once(Word::literal("uvx"))
            .chain(argv[3..].iter().cloned())
            .collect()
    })
}

/// `capsh OPTIONS -- ARGS` runs its shell (`--shell=S`, else `/bin/bash`) with ARGS; `capsh
/// OPTIONS == ARGS` runs capsh again with ARGS. `None` when no literal `--`/`==` comes first.
pub(crate) fn capsh(argv: &[Word]) -> Option<Vec<Word>> {
    let mut shell = "/bin/bash".to_string();
    for (i, w) in argv.iter().enumerate().skip(1) {
        let v = w.lit()?;
        if let Some(s) = v.strip_prefix("--shell=") {
            shell = s.to_string();
        }
        let head = match v {
            "--" => shell.as_str(),
            "==" => "capsh",
            _ => continue,
        };
        let run = std::iter::once(Word::literal(head)).chain(argv[i + 1..].iter().cloned());
        return Some(run.collect());
    }
    None
}

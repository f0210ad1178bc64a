//! Per-program tables of options: ripgrep's options with values, options whose value is a path
//! but not the pattern, and where compilers, builders and package tools write.

use std::collections::HashSet;

use crate::models::{lit, option_values, positionals};
use crate::words::Word;

/// ripgrep's options that take a value that is not a path (`-r` replaces, `--pre` is a program).
pub(crate) const RG_VALUES: &[&str] = &[
    "-e",
    "--regexp",
    "-m",
    "--max-count",
    "-A",
    "-B",
    "-C",
    "--context",
    "-t",
    "--type",
    "-T",
    "--type-not",
    "-g",
    "--glob",
    "--iglob",
    "-M",
    "--max-columns",
    "-j",
    "--threads",
    "-r",
    "--replace",
    "--pre",
    "--pre-glob",
    "--type-add",
    "--type-clear",
    "--sort",
    "--sortr",
    "-d",
    "--max-depth",
    "--colors",
    "-E",
    "--encoding",
    "--path-separator",
    "--max-filesize",
    "--engine",
    "--context-separator",
    "--field-match-separator",
    "--field-context-separator",
];

/// Options whose value is a path but no positional argument (`grep -f FILE PATTERN`... is the
/// pattern file; `rg --ignore-file F`).
pub(crate) fn path_value_options(name: &str) -> &'static [&'static str] {
    match name {
        "grep" | "egrep" | "fgrep" | "rg" | "ag" | "ack" => {
            &["--ignore-file", "--exclude-from", "--file"]
        }
        _ => &[],
    }
}

/// Compilers, linkers, builders and package tools: where their options make them write.
pub(crate) fn builder_writes(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    Some(match name {
        // compilers, linkers and builders write their output where `-o` says
        "gcc" | "cc" | "g++" | "c++" | "clang" | "clang++" | "tcc" | "ld" | "as" | "rustc"
        | "nasm" | "gfortran" | "zig" => option_values(argv, &["-o"], &["--output", "--out-dir"]),
        "go" if matches!(sub, "build" | "test") || lit(argv, 2) == Some("vendor") => {
            option_values(argv, &["-o"], &[])
        }
        "javac" => option_values(argv, &["-d"], &[]),
        "cargo" if matches!(sub, "new" | "init" | "vendor") => return more_writes(name, sub, argv),
        "pip" | "pip3" if sub == "wheel" => return more_writes(name, sub, argv),
        "cargo" => {
            let mut out = option_values(
                argv,
                &[],
                &["--target-dir", "--artifact-dir", "--out-dir", "--root"],
            );
            // the package a manifest names builds into `target/` beside it (round 11:
            // `cargo test --manifest-path ../other/Cargo.toml` writes `../other/target`)
            out.extend(
                option_values(argv, &[], &["--manifest-path"])
                    .into_iter()
                    .map(|w| match w.lit() {
                        Some(v) => {
                            let dir = v.rsplit_once('/').map_or(".", |(d, _)| d);
                            Word::literal(&format!(
                                "{}/target",
                                if dir.is_empty() { "/" } else { dir }
                            ))
                        }
                        None => w,
                    }),
            );
            out
        }
        "perf" => option_values(argv, &["-o"], &["--output"]),
        "pytest" | "py.test" => crate::outwide::pytest_writes(argv),
        "pip" | "pip3" => option_values(
            argv,
            &["-d", "-t"],
            &["--dest", "--target", "--log", "--prefix", "--root", "--src"],
        ),
        "npm" | "pnpm" => option_values(argv, &[], &["--pack-destination", "--prefix"]),
        "gpg" | "gpg2" | "pandoc" => option_values(argv, &["-o"], &["--output"]),
        "yt-dlp" | "youtube-dl" => option_values(argv, &["-o", "-P"], &["--output", "--paths"]),
        "docker" | "podman" if matches!(sub, "save" | "export") => {
            option_values(argv, &["-o"], &["--output"])
        }
        // `7z a ARCHIVE FILES`
        "7z" | "7za" | "7zr" if matches!(sub, "a" | "u" | "d") => {
            positionals(argv, &HashSet::new())
                .into_iter()
                .nth(1)
                .into_iter()
                .collect()
        }
        "csplit" => option_values(argv, &["-f"], &["--prefix"]),
        // the output and the temporary files
        "sort" => option_values(argv, &["-o", "-T"], &["--output", "--temporary-directory"]),
        _ => return more_writes(name, sub, argv),
    })
}

/// The positional arguments of `argv[from..]`, options and the values of `values` skipped.
fn positional_args(argv: &[Word], from: usize, values: &[&str]) -> Vec<Word> {
    let mut out = Vec::new();
    let mut i = from;
    while let Some(w) = argv.get(i) {
        match w.lit() {
            Some("--") => {
                out.extend(argv[i + 1..].iter().cloned());
                break;
            }
            Some(v) if v.starts_with('-') && v.len() > 1 => {
                i += usize::from(values.contains(&v) && !v.contains('='));
            }
            _ => out.push(w.clone()),
        }
        i += 1;
    }
    out
}

/// Programs that write through a positional or an option beside their main work: a pager's
/// log file, `xxd IN OUT`, `python -m json.tool IN OUT`, `cargo new PATH`, `ssh-keygen -f`.
fn more_writes(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let second = |v: Vec<Word>| v.into_iter().nth(1).into_iter().collect();
    Some(match name {
        "less" => option_values(argv, &["-o", "-O"], &["--log-file", "--LOG-FILE"]),
        "xxd" => second(positional_args(
            argv,
            1,
            &[
                "-c", "-g", "-l", "-s", "-o", "-n", "-cols", "-len", "-seek", "-name",
            ],
        )),
        n if n.starts_with("python") && sub == "-m" => match argv.get(2).and_then(Word::lit) {
            Some("json.tool") => second(positional_args(argv, 3, &["--indent"])),
            Some("zipfile" | "tarfile") => option_values(argv, &["-c", "--create"], &[]),
            Some("venv" | "virtualenv") => positional_args(argv, 3, &["--prompt"]),
            Some("build") => option_values(argv, &["-o"], &["--outdir"]),
            _ => return None,
        },
        "cargo" if matches!(sub, "new" | "init" | "vendor") => positional_args(
            argv,
            2,
            &[
                "-s",
                "--sync",
                "--manifest-path",
                "--vcs",
                "--edition",
                "--name",
                "--registry",
                "--color",
                "-Z",
            ],
        ),
        "pip" | "pip3" if sub == "wheel" => {
            option_values(argv, &["-w"], &["--wheel-dir", "--log", "--src"])
        }
        "ssh-keygen" => {
            // `-l`, `-y`, `-e`, `-B`, `-F`, `-D`, `-Q`, `-i` read the file `-f` names
            let reads = argv[1..].iter().filter_map(Word::lit).any(|v| {
                v.starts_with('-')
                    && !v.starts_with("--")
                    && v.contains(['l', 'y', 'e', 'B', 'F', 'D', 'Q', 'i'])
            });
            if reads {
                return None;
            }
            option_values(argv, &["-f"], &[])
        }
        _ => return crate::outputs::writes(name, sub, argv),
    })
}

//! Per-program tables of options: ripgrep's options with values, options whose value is a path
//! but not the pattern, and where compilers, builders and package tools write.

use std::collections::HashSet;

use crate::models::{option_values, positionals};
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
        "go" if matches!(sub, "build" | "test") => option_values(argv, &["-o"], &[]),
        "javac" => option_values(argv, &["-d"], &[]),
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
        "pytest" | "py.test" => option_values(
            argv,
            &[],
            &[
                "--junitxml",
                "--junit-xml",
                "--basetemp",
                "--html",
                "--result-log",
            ],
        ),
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
        _ => return None,
    })
}

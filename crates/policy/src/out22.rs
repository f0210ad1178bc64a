//! Round 22: where build, test, lint and format tools write (gate19's blind probe), from their
//! manuals, judged beside every other table (`runners.rs` adds these after round 21's): go test's
//! profiles (`-coverprofile`, `-cpuprofile`, `-memprofile`, `-blockprofile`, `-mutexprofile`,
//! `-trace`, `-o`, `-outputdir`) and `go tool cover -o`; `gofmt -w`/`goimports -w` and the other
//! in-place formatters (`ormolu -i`, `fourmolu -i`, `rubocop -a/-A`, `php-cs-fixer fix`, `mix
//! format`, `terraform fmt`) on their operands; pytest's `--junitxml`, `--basetemp`, `--debug`,
//! `-o cache_dir=`, `--cov-report=KIND:PATH` (also `python -m pytest`); coverage's `-d`, `-o`,
//! `--data-file`; mypy's report folders; pylint's `--output`; ruff's `--output-file`; pdoc's
//! `-o`; `jupyter nbconvert --output-dir`; jest's, vitest's, c8's, nyc's, playwright's and
//! typedoc's output options; `dotnet test --results-directory/--diag/--logger
//! trx;LogFileName=`, `dotnet format --report`, `dotnet tool install --tool-path`; rspec's and
//! rubocop's `--out`; phpunit's log and coverage files; `mix docs -o`, `mix release --path`;
//! hlint's `--report`; cc's `-MF`; `ctest --output-log/--output-junit`; clang-tidy's
//! `--export-fixes`; cppcheck's `--output-file`; cargo-llvm-cov's, tarpaulin's and nextest's
//! output options; rustdoc's `-o`; rustc's `--emit=KIND=PATH`; cargo's `--lockfile-path`;
//! `file -C -m NAME` (compiles NAME.mgc). Also `git stash show --include-untracked`, which
//! prints the untracked files a stash holds (a secret may be among them): at most `ask`.

use crate::models::{below, has_flag, lit, option_values};
use crate::part::PartKind;
use crate::shell::Analyser;
use crate::words::Word;

/// Go's single-dash flags with a value (`-flag V`, `-flag=V`).
fn go_flags(argv: &[Word], flags: &[&str]) -> Vec<Word> {
    option_values(argv, &[], flags)
}

/// The values of options spelt out whole (`--opt V`, `--opt=V`): camel-case options that a
/// shorter one begins (jest's `--coverage` and `--coverageDirectory`) are never abbreviated.
fn exact(argv: &[Word], long: &[&str]) -> Vec<Word> {
    let mut out = Vec::new();
    for (i, w) in argv.iter().enumerate() {
        let Some(v) = w.lit() else { continue };
        if long.contains(&v) {
            out.extend(argv.get(i + 1).cloned());
        } else if let Some((o, val)) = v.split_once('=')
            && long.contains(&o)
        {
            out.push(Word::literal(val));
        }
    }
    out
}

/// The operands of a program (words not starting with `-`, after the first `skip` words).
fn operands(argv: &[Word], skip: usize) -> Vec<Word> {
    argv.iter()
        .skip(skip)
        .filter(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
        .cloned()
        .collect()
}

/// The folders an in-place formatter rewrites: its operands (`.` when none).
fn rewritten(argv: &[Word], skip: usize) -> Vec<Word> {
    let ops = operands(argv, skip);
    let ops = if ops.is_empty() {
        vec![Word::literal(".")]
    } else {
        ops
    };
    ops.into_iter().map(below).collect()
}

/// pytest's output options.
fn pytest(argv: &[Word]) -> Vec<Word> {
    let mut out = option_values(
        argv,
        &[],
        &[
            "--junitxml",
            "--junit-xml",
            "--basetemp",
            "--result-log",
            "--report-log",
            "--html",
        ],
    );
    for w in argv.iter().filter_map(Word::lit) {
        if let Some(f) = w.strip_prefix("--debug=") {
            out.push(Word::literal(f));
        }
        if let Some(r) = w.strip_prefix("--cov-report=")
            && let Some((_, p)) = r.split_once(':')
        {
            out.push(below(Word::literal(p)));
        }
    }
    for o in option_values(argv, &["-o"], &["--override-ini"]) {
        if let Some(d) = o.lit().and_then(|v| v.strip_prefix("cache_dir=")) {
            out.push(below(Word::literal(d)));
        }
    }
    out
}

/// `dotnet test --logger 'trx;LogFileName=PATH'` and the other writers of `dotnet`.
fn dotnet(sub: &str, argv: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    match sub {
        "test" => {
            out.extend(option_values(argv, &[], &["--results-directory", "--diag"]));
            for w in argv.iter().filter_map(Word::lit) {
                if let Some(d) = w.strip_prefix("--diag:") {
                    out.push(Word::literal(d));
                }
            }
            for l in option_values(argv, &["-l"], &["--logger"]) {
                let v = l.lit().unwrap_or("");
                out.extend(
                    v.split(';')
                        .filter_map(|p| p.strip_prefix("LogFileName="))
                        .map(Word::literal),
                );
            }
        }
        "format" => out.extend(option_values(argv, &[], &["--report"])),
        "tool" => out.extend(
            option_values(argv, &[], &["--tool-path"])
                .into_iter()
                .map(below),
        ),
        _ => {}
    }
    out
}

/// The files `name` writes that the earlier tables do not name.
pub(crate) fn writes(name: &str, argv: &[Word]) -> Vec<Word> {
    let sub = lit(argv, 1).unwrap_or("");
    let mut out = Vec::new();
    match name {
        "go" if matches!(sub, "test" | "build" | "run" | "vet") => out.extend(go_flags(
            argv,
            &[
                "-coverprofile",
                "-cpuprofile",
                "-memprofile",
                "-blockprofile",
                "-mutexprofile",
                "-trace",
                "-o",
                "-outputdir",
            ],
        )),
        "go" if sub == "tool" && lit(argv, 2) == Some("cover") => {
            out.extend(go_flags(argv, &["-o"]))
        }
        "gofmt" | "goimports" if has_flag(argv, 'w', &[]) => out.extend(rewritten(argv, 1)),
        "ormolu" | "fourmolu"
            if has_flag(argv, 'i', &[])
                || argv
                    .windows(2)
                    .any(|w| w[0].lit() == Some("--mode") && w[1].lit() == Some("inplace")) =>
        {
            out.extend(rewritten(argv, 1))
        }
        "rubocop"
            if [
                "-a",
                "-A",
                "--autocorrect",
                "--autocorrect-all",
                "-x",
                "--fix-layout",
            ]
            .iter()
            .any(|f| argv.iter().any(|w| w.lit() == Some(f))) =>
        {
            out.extend(rewritten(argv, 1))
        }
        "php-cs-fixer" if sub == "fix" => out.extend(rewritten(argv, 2)),
        "mix" if sub == "format" => out.extend(operands(argv, 2)),
        "terraform" | "tofu" if sub == "fmt" => out.extend(rewritten(argv, 2)),
        "pytest" | "py.test" => out.extend(pytest(argv)),
        n if n.starts_with("python")
            && argv
                .windows(2)
                .any(|w| w[0].lit() == Some("-m") && w[1].lit() == Some("pytest")) =>
        {
            out.extend(pytest(argv))
        }
        _ => return more_writes(name, sub, argv),
    }
    out
}

/// The rest of `writes`' table: Python's reporters, JavaScript, .NET and Ruby tools.
fn more_writes(name: &str, sub: &str, argv: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    match name {
        "coverage" => {
            out.extend(option_values(
                argv,
                &["-d", "-o"],
                &["--directory", "--data-file"],
            ));
        }
        "mypy" | "dmypy" => out.extend(
            option_values(
                argv,
                &[],
                &[
                    "--html-report",
                    "--junit-xml",
                    "--txt-report",
                    "--xml-report",
                    "--linecount-report",
                    "--cobertura-xml-report",
                    "--any-exprs-report",
                    "--lineprecision-report",
                    "--linecoverage-report",
                ],
            )
            .into_iter()
            .map(below),
        ),
        "pylint" => out.extend(option_values(argv, &[], &["--output"])),
        "ruff" => out.extend(option_values(argv, &["-o"], &["--output-file"])),
        "pdoc" | "pdoc3" => out.extend(
            option_values(argv, &["-o"], &["--output-directory", "--output-dir"])
                .into_iter()
                .map(below),
        ),
        "jupyter" if sub == "nbconvert" => out.extend(
            option_values(argv, &[], &["--output-dir"])
                .into_iter()
                .map(below),
        ),
        "tsc" => out.extend(exact(
            argv,
            &[
                "--declarationDir",
                "--generateTrace",
                "--tsBuildInfoFile",
                "--outFile",
            ],
        )),
        "jest" | "vitest" => out.extend(exact(
            argv,
            &[
                "--outputFile",
                "--coverageDirectory",
                "--cacheDirectory",
                "--coverage.reportsDirectory",
            ],
        )),
        "c8" | "nyc" => out.extend(
            option_values(
                argv,
                &[],
                &[
                    "--reports-dir",
                    "--report-dir",
                    "--temp-directory",
                    "--temp-dir",
                ],
            )
            .into_iter()
            .map(below),
        ),
        "playwright" => out.extend(
            option_values(argv, &[], &["--output"])
                .into_iter()
                .map(below),
        ),
        "typedoc" => out.extend(option_values(argv, &[], &["--out", "--json"])),
        "dotnet" => out.extend(dotnet(sub, argv)),
        "rspec" | "rubocop" => out.extend(option_values(argv, &["-o"], &["--out"])),
        _ => return build_writes(name, sub, argv),
    }
    out
}

/// The rest of the table: Elixir, Haskell, C and Rust tools, `file -C`.
fn build_writes(name: &str, sub: &str, argv: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    match name {
        "phpunit" => out.extend(option_values(
            argv,
            &[],
            &[
                "--log-junit",
                "--log-teamcity",
                "--coverage-html",
                "--coverage-clover",
                "--coverage-cobertura",
                "--coverage-crap4j",
                "--coverage-php",
                "--coverage-xml",
                "--testdox-html",
                "--testdox-text",
                "--cache-directory",
            ],
        )),
        "mix" if sub == "docs" => out.extend(option_values(argv, &["-o"], &["--output"])),
        "mix" if sub == "release" => out.extend(option_values(argv, &[], &["--path"])),
        "hlint" => out.extend(option_values(argv, &[], &["--report"])),
        "cc" | "gcc" | "g++" | "c++" | "clang" | "clang++" => {
            out.extend(option_values(argv, &["-MF"], &[]))
        }
        "ctest" => out.extend(option_values(
            argv,
            &["-O"],
            &["--output-log", "--output-junit"],
        )),
        "clang-tidy" => out.extend(option_values(
            argv,
            &[],
            &["--export-fixes", "-export-fixes"],
        )),
        "cppcheck" => out.extend(option_values(
            argv,
            &[],
            &["--output-file", "--plist-output", "--cppcheck-build-dir"],
        )),
        "cargo" => out.extend(cargo(sub, argv)),
        "rustdoc" => out.extend(
            option_values(argv, &["-o"], &["--out-dir"])
                .into_iter()
                .map(below),
        ),
        "rustc" => {
            for e in option_values(argv, &[], &["--emit"]) {
                let v = e.lit().unwrap_or("");
                out.extend(
                    v.split(',')
                        .filter_map(|k| k.split_once('=').map(|(_, p)| p))
                        .filter(|p| *p != "-")
                        .map(Word::literal),
                );
            }
        }
        "file" if has_flag(argv, 'C', &["--compile"]) => {
            for m in option_values(argv, &["-m"], &["--magic-file"]) {
                if let Some(v) = m.lit() {
                    out.push(Word::literal(&format!("{v}.mgc")));
                }
            }
        }
        _ => {}
    }
    out
}

/// cargo's plug-ins and options that write beside the target folder.
fn cargo(sub: &str, argv: &[Word]) -> Vec<Word> {
    let mut out = option_values(argv, &[], &["--lockfile-path"]);
    match sub {
        "llvm-cov" | "tarpaulin" => out.extend(
            option_values(
                argv,
                &[],
                &["--output-dir", "--output-path", "--target-dir"],
            )
            .into_iter()
            .map(below),
        ),
        "nextest" => out.extend(option_values(argv, &[], &["--archive-file"])),
        _ => {}
    }
    out
}

impl Analyser<'_, '_> {
    /// Round 22's writes of `name` (above), and `git stash show --include-untracked`.
    pub(crate) fn round22_parts(&mut self, name: &str, text: &str, argv: &[Word]) {
        for w in writes(name, argv) {
            self.side_part(PartKind::Write, name, text, &w);
        }
        let untracked = argv.iter().any(|w| {
            matches!(
                w.lit(),
                Some("-u" | "--include-untracked" | "--only-untracked")
            )
        });
        if name == "git"
            && lit(argv, 1) == Some("stash")
            && lit(argv, 2) == Some("show")
            && untracked
        {
            self.opaque(
                text,
                "`git stash show --include-untracked` prints untracked files, which may hold secrets"
                    .to_string(),
            );
        }
    }
}

/// `git show :N:PATH` (a stage of the index): the path after the stage number.
pub(crate) fn stage_path(path: &str) -> &str {
    match path.split_once(':') {
        Some((n, p)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => p,
        _ => path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<Word> {
        s.split_whitespace().map(Word::literal).collect()
    }

    fn lits(v: Vec<Word>) -> Vec<String> {
        v.iter()
            .map(|w| w.pattern.clone().or(w.value.clone()).unwrap_or_default())
            .collect()
    }

    #[test]
    fn tools_write_there() {
        assert_eq!(
            lits(writes(
                "go",
                &words("go test -coverprofile=/tmp/c.out ./...")
            )),
            ["/tmp/c.out"]
        );
        assert_eq!(
            lits(writes("pytest", &words("pytest --basetemp=/tmp/pt"))),
            ["/tmp/pt"]
        );
        assert_eq!(
            lits(writes(
                "dotnet",
                &words("dotnet test --logger trx;LogFileName=/tmp/t.trx")
            )),
            ["/tmp/t.trx"]
        );
        assert_eq!(
            lits(writes("file", &words("file -C -m /tmp/m"))),
            ["/tmp/m.mgc"]
        );
        assert_eq!(
            lits(writes("gofmt", &words("gofmt -w ../x.go"))),
            ["../x.go/**"]
        );
        assert!(writes("go", &words("go test ./...")).is_empty());
        assert!(writes("file", &words("file src/lib.rs")).is_empty());
        assert_eq!(stage_path("0:.env"), ".env");
        assert_eq!(stage_path(".env"), ".env");
    }
}

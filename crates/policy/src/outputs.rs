//! Round 13: where more programs write, through an option or a positional beside their main
//! work (read with the tables of `src/tables.rs`): converters' and compressors' outputs
//! (`xmllint --output`, `iconv -o`, `lz4 IN OUT`, `zstd -o`, `brotli -o`, `sdiff -o`, `shuf
//! -o`), archivers and binary tools (`ar rcs ARCHIVE`, `objcopy IN OUT`, `strip -o`), tag and
//! format tools (`ctags -f`, `shfmt -w FILES`, `xmlstarlet ed -L FILE`), benchmark exports
//! (`hyperfine --export-json`), database dumps (`pg_dump -f`, `mysqldump -r`, `redis-cli
//! --rdb`, a `sqlite3` database and its `.backup`/`.save`/`.output`/`.once` files), build
//! directories (`cmake -B`, `meson setup DIR`, `terraform plan -out`), `7z x -oDIR`, `mkfifo`.

use std::collections::HashSet;

use crate::models::{has_flag, lit, option_values, positionals};
use crate::words::Word;

/// The files `name` writes through its options or positionals; `None`: no entry here.
pub(crate) fn writes(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let pos = || positionals(argv, &HashSet::new());
    Some(match name {
        "xmllint" => option_values(argv, &["-o"], &["--output"]),
        "iconv" | "uconv" | "sdiff" | "shuf" | "brotli" => {
            option_values(argv, &["-o"], &["--output"])
        }
        // in place, or `-n IN OUT` pairs: every file named may be written
        "dos2unix" | "unix2dos" | "mac2unix" | "unix2mac" => pos(),
        "zstd" | "zstdmt" => {
            option_values(argv, &["-o"], &["--output-dir-flat", "--output-dir-mirror"])
        }
        // `lz4 IN OUT` (not with `-c`, `-m`: standard output, several inputs)
        "lz4" if !has_flag(argv, 'c', &["--stdout"]) && !has_flag(argv, 'm', &["--multiple"]) => {
            pos().into_iter().nth(1).into_iter().collect()
        }
        // `ar rcs ARCHIVE FILES`: the archive is written by r, q, d, m, s
        "ar" => {
            let p = pos();
            let op = p.first().and_then(Word::lit).unwrap_or("");
            if op
                .trim_start_matches('-')
                .contains(['r', 'q', 'd', 'm', 's'])
            {
                p.into_iter().nth(1).into_iter().collect()
            } else {
                Vec::new()
            }
        }
        // `objcopy [-O BFD] IN [OUT]` writes OUT, or IN in place: the last positional
        "objcopy" => pos().last().cloned().into_iter().collect(),
        "strip" => {
            let out = option_values(argv, &["-o"], &[]);
            if out.is_empty() { pos() } else { out }
        }
        "ctags" | "etags" | "ctags-universal" | "exuberant-ctags" | "uctags" => {
            option_values(argv, &["-f", "-o"], &["--output"])
        }
        "hyperfine" => option_values(
            argv,
            &[],
            &[
                "--export-json",
                "--export-csv",
                "--export-markdown",
                "--export-asciidoc",
                "--export-orgmode",
            ],
        ),
        "shfmt" if has_flag(argv, 'w', &["--write"]) => pos(),
        "xmlstarlet"
            if argv
                .iter()
                .any(|w| matches!(w.lit(), Some("-L" | "--inplace"))) =>
        {
            argv.last().cloned().into_iter().collect()
        }
        "pg_dump" | "pg_dumpall" => option_values(argv, &["-f"], &["--file"]),
        "mysqldump" | "mariadb-dump" => option_values(argv, &["-r"], &["--result-file"]),
        "redis-cli" => option_values(argv, &[], &["--rdb", "--functions-rdb"]),
        "sqlite3" | "sqlite" => sqlite_writes(argv),
        "terraform" | "tofu" => option_values(argv, &[], &["-out", "-state-out", "-backup"]),
        "7z" | "7za" | "7zr" if matches!(sub, "x" | "e") => option_values(argv, &["-o"], &[]),
        "cmake" => {
            let mut v = option_values(argv, &["-B"], &["--build"]);
            if argv.iter().any(|w| w.lit() == Some("--install")) {
                v.extend(option_values(argv, &[], &["--prefix"]));
            }
            v
        }
        "meson" if sub == "setup" => pos().into_iter().nth(1).into_iter().collect(),
        "mkfifo" | "mknod" => option_writes_positional(argv, name),
        "gawk" | "awk" => gawk_inplace(argv),
        _ => return crate::outwide::writes(name, sub, argv),
    })
}

/// `mkfifo [-m MODE] NAME...`, `mknod NAME TYPE [MAJOR MINOR]`.
fn option_writes_positional(argv: &[Word], name: &str) -> Vec<Word> {
    let mut skip = HashSet::new();
    if let Some(i) = argv.iter().position(|w| w.lit() == Some("-m")) {
        skip.insert(i + 1);
    }
    let p = positionals(argv, &skip);
    if name == "mknod" {
        p.into_iter().take(1).collect()
    } else {
        p
    }
}

/// sqlite3 opens (and creates) its database file for writing unless `-readonly`, and its
/// `.backup FILE`, `.save FILE`, `.output FILE`, `.once FILE` commands write FILE.
fn sqlite_writes(argv: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    let words: Vec<&Word> = argv
        .iter()
        .skip(1)
        .filter(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
        .collect();
    let readonly = argv
        .iter()
        .any(|w| matches!(w.lit(), Some("-readonly" | "--readonly")));
    if let Some(db) = words.first()
        && !readonly
        && db.lit() != Some(":memory:")
    {
        out.push((*db).clone());
    }
    for w in words.iter().skip(1) {
        let Some(t) = w.lit() else { continue };
        for line in t.split('\n') {
            let mut it = line.split_whitespace();
            if matches!(it.next(), Some(".backup" | ".save" | ".output" | ".once"))
                && let Some(f) = it.rfind(|f| !f.starts_with('-'))
                && !f.starts_with('|')
            {
                out.push(Word::literal(f.trim_matches(['\'', '"'])));
            }
        }
    }
    out
}

/// `gawk -i inplace PROGRAM FILE...` rewrites each FILE (also `--include=inplace`,
/// `-iinplace`, `inplace.awk`).
fn gawk_inplace(argv: &[Word]) -> Vec<Word> {
    let mut inplace = false;
    let mut program = true;
    let mut files = Vec::new();
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        let v = w.lit().unwrap_or("");
        let val = |n: &str| v.strip_prefix(n).filter(|r| !r.is_empty());
        if let Some(lib) = val("--include=").or_else(|| val("-i")) {
            inplace |= lib.trim_end_matches(".awk") == "inplace";
        } else if matches!(v, "-i" | "--include") {
            inplace |= lit(argv, i + 1).is_some_and(|l| l.trim_end_matches(".awk") == "inplace");
            i += 1;
        } else if matches!(v, "-f" | "--file") {
            program = false;
            i += 1;
        } else if matches!(v, "-v" | "-F" | "--assign" | "--field-separator") {
            i += 1;
        } else if v == "--" || !v.starts_with('-') || v == "-" {
            if program && v != "--" {
                program = false;
            } else if v != "--" {
                files.push(w.clone());
            }
        }
        i += 1;
    }
    if inplace { files } else { Vec::new() }
}

//! Round 15's writers, continued (read after `src/outrare.rs`): database clients' output files
//! and the files their SQL writes, media, document, archive and network tools (the list is in
//! `src/outrare.rs`'s header).

use crate::models::{has_flag, lit, option_values};
use crate::outrare::{exact, pos, prefixed};
use crate::words::Word;

/// The files `name` writes through its options or positionals; `None`: no entry here.
pub(crate) fn writes(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    Some(match name {
        "psql" => {
            let mut v = opt(&["-o", "-L"], &["--output", "--log-file"]);
            for c in opt(&["-c"], &["--command"])
                .iter()
                .filter_map(|w| w.value.as_deref())
            {
                v.extend(psql_files(c));
            }
            v
        }
        "pg_restore" => opt(&["-f"], &["--file"]),
        "mongodump" => {
            let mut v = opt(&["-o"], &["--out"]);
            v.extend(prefixed(argv, &["--archive="]));
            v
        }
        "mongoexport" => opt(&["-o"], &["--out"]),
        "mysql" | "mariadb" => opt(&[], &["--tee"]),
        "duckdb" => {
            let mut v = Vec::new();
            let p = pos(argv);
            let readonly = argv.iter().any(|w| w.lit() == Some("-readonly"));
            if let Some(db) = p.first().filter(|w| {
                !readonly && !w.lit().is_some_and(|s| s == ":memory:" || s.contains(' '))
            }) {
                v.push(db.clone());
            }
            for text in sql_texts(argv, &["-c", "-cmd", "-s"]) {
                v.extend(sql_files(&text));
            }
            v
        }
        "sqlite3" | "sqlite" | "clickhouse-client" | "clickhouse" => {
            let texts = sql_texts(argv, &["-cmd", "-q", "--query"]);
            texts.iter().flat_map(|t| sql_files(t)).collect()
        }
        _ => return media(name, sub, argv),
    })
}

/// Media and document tools.
fn media(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    Some(match name {
        "exiftool" => {
            let mut v = exact(argv, &["-o", "-out"]);
            let tags = argv
                .iter()
                .skip(1)
                .filter_map(Word::lit)
                .any(|a| a.starts_with('-') && a.contains('=') && !a.starts_with("-o"));
            if tags && v.is_empty() {
                v = pos(argv);
            }
            v
        }
        "pdftk" => argv
            .iter()
            .position(|w| w.lit() == Some("output"))
            .and_then(|i| argv.get(i + 1))
            .cloned()
            .into_iter()
            .collect(),
        "pdfunite" | "pdfjam" => argv
            .last()
            .cloned()
            .into_iter()
            .skip(usize::from(argv.len() < 3))
            .collect(),
        "mutool" => opt(&["-o"], &[]),
        "sox" => pos(argv)
            .into_iter()
            .skip(1)
            .rfind(|w| w.lit().is_none_or(|s| s.contains('.') || s.contains('/')))
            .into_iter()
            .collect(),
        "lame" => pos(argv).into_iter().nth(1).into_iter().collect(),
        "cwebp" | "dwebp" | "gif2webp" | "img2webp" | "pngquant" | "avifenc" => {
            opt(&["-o"], &["--output"])
        }
        "gifsicle" => {
            let mut v = opt(&["-o"], &["--output"]);
            if has_flag(argv, 'b', &["--batch"]) {
                v.extend(pos(argv));
            }
            v
        }
        "optipng" => exact(argv, &["-out", "-dir"]),
        "jpegoptim" => opt(&["-d"], &["--dest"]),
        "libreoffice" | "soffice" | "lowriter" | "localc" => opt(&[], &["--outdir"]),
        "typst" if matches!(sub, "compile" | "c") => {
            pos(argv).into_iter().nth(2).into_iter().collect()
        }
        "latexmk" | "pdflatex" | "xelatex" | "lualatex" | "latex" | "tex" => {
            let mut v = prefixed(
                argv,
                &[
                    "-outdir=",
                    "-output-directory=",
                    "-auxdir=",
                    "-aux-directory=",
                ],
            );
            v.extend(exact(argv, &["-output-directory", "-aux-directory"]));
            v
        }
        "enscript" | "a2ps" => opt(&["-o"], &["--output"]),
        "mdbook" => opt(&["-d"], &["--dest-dir"]),
        _ => return archives(name, sub, argv),
    })
}

/// Archive tools.
fn archives(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    let cluster = lit(argv, 1).filter(|s| !s.starts_with("--")).unwrap_or("");
    Some(match name {
        "cpio" => {
            let mut v = opt(&["-D"], &["--directory"]);
            if has_flag(argv, 'o', &["--create"]) {
                v.extend(opt(&["-O", "-F"], &["--file"]));
            }
            v
        }
        "pax" => {
            let mut v = Vec::new();
            if has_flag(argv, 'w', &[]) {
                v.extend(opt(&["-f"], &[]));
            }
            if has_flag(argv, 'r', &[]) && has_flag(argv, 'w', &[]) {
                v.extend(argv.last().cloned());
            }
            v
        }
        "bsdtar" => {
            let mut v = Vec::new();
            if has_flag(argv, 'x', &["--extract"]) {
                v.extend(opt(&["-C"], &["--cd", "--directory"]));
            }
            if has_flag(argv, 'c', &["--create"]) {
                v.extend(opt(&["-f"], &["--file"]));
            }
            v
        }
        "unrar" | "rar" if matches!(sub, "x" | "e") => pos(argv)
            .into_iter()
            .skip(2)
            .filter(|w| w.lit().is_none_or(|s| s.ends_with('/')))
            .collect(),
        "rar" if matches!(sub, "a" | "u" | "m" | "f") => {
            pos(argv).into_iter().nth(1).into_iter().collect()
        }
        "unar" => exact(argv, &["-o", "-output-directory", "--output-directory"]),
        "zipsplit" => opt(&["-b"], &[]),
        "unsquashfs" => exact(argv, &["-d", "-dest"]),
        "mksquashfs" => argv.last().cloned().into_iter().collect(),
        "xorriso" => exact(argv, &["-outdev", "-dev", "-o"]),
        "atool" | "aunpack" => opt(&["-X"], &["--extract-to"]),
        "cabextract" => opt(&["-d"], &["--directory"]),
        "jar" if (cluster.contains('c') || cluster.contains('u')) && cluster.contains('f') => {
            pos(argv).into_iter().nth(1).into_iter().collect()
        }
        "jar" => opt(&[], &["--file"]),
        _ => return network(name, sub, argv),
    })
}

/// Network tools.
fn network(name: &str, _sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    Some(match name {
        "http" | "https" | "xh" | "xhs" => opt(&["-o"], &["--output"]),
        "wget2" => opt(
            &["-O", "-o", "-P", "-a"],
            &[
                "--output-document",
                "--output-file",
                "--directory-prefix",
                "--append-output",
            ],
        ),
        "smbclient" => opt(&["-c"], &["--command"])
            .iter()
            .filter_map(|w| w.value.as_deref())
            .flat_map(smb_gets)
            .collect(),
        "nmap" => {
            let mut v = exact(argv, &["-oN", "-oX", "-oG", "-oA", "-oS", "-oM"]);
            v.extend(prefixed(argv, &["--resume="]));
            v
        }
        "iperf3" => opt(&[], &["--logfile"]),
        "kak" if argv.iter().any(|w| w.lit() == Some("-f")) => {
            pos(argv).into_iter().skip(1).collect()
        }
        _ => return crate::out17::writes(name, _sub, argv),
    })
}

/// smbclient's `get REMOTE [LOCAL]` / `mget` commands: the local files written.
fn smb_gets(text: &str) -> Vec<Word> {
    text.split(';')
        .filter_map(|c| {
            let w: Vec<&str> = c.split_whitespace().collect();
            match w.as_slice() {
                ["get", remote] => Some(remote.rsplit('\\').next().unwrap_or(remote).to_string()),
                ["get", _, local, ..] => Some((*local).to_string()),
                _ => None,
            }
        })
        .map(|s| Word::literal(&s))
        .collect()
}

/// The SQL a client is given: option values and the words after the database.
fn sql_texts(argv: &[Word], opts: &[&str]) -> Vec<String> {
    let (short, long): (Vec<&str>, Vec<&str>) = opts.iter().partition(|o| !o.starts_with("--"));
    let mut v: Vec<String> = option_values(argv, &short, &long)
        .into_iter()
        .filter_map(|w| w.value)
        .collect();
    v.extend(pos(argv).into_iter().skip(1).filter_map(|w| w.value));
    v
}

/// Files SQL writes: `COPY ... TO 'F'`, `EXPORT DATABASE 'D'`, `writefile('F', ...)`, `INTO
/// OUTFILE 'F'`.
fn sql_files(sql: &str) -> Vec<Word> {
    let lower = sql.to_ascii_lowercase();
    let mut out = Vec::new();
    for key in [
        " to '",
        "export database '",
        "writefile('",
        "into outfile '",
    ] {
        let mut from = 0;
        while let Some(at) = lower[from..].find(key) {
            let start = from + at + key.len();
            let Some(len) = sql[start..].find('\'') else {
                break;
            };
            let is_copy = key != " to '" || lower[..start].contains("copy");
            if is_copy {
                out.push(Word::literal(&sql[start..start + len]));
            }
            from = start + len;
        }
    }
    out
}

/// psql's meta-commands in `-c` that write files: `\o F`, `\w F`, `\g F`, `\copy ... to 'F'`.
fn psql_files(c: &str) -> Vec<Word> {
    let mut out = sql_files(c);
    for cmd in c.split('\\').skip(1) {
        let w: Vec<&str> = cmd.split_whitespace().collect();
        if let [m, f, ..] = w.as_slice()
            && matches!(*m, "o" | "out" | "w" | "write" | "g")
            && !f.starts_with('|')
        {
            out.push(Word::literal(f.trim_matches('\'')));
        }
    }
    out
}

/// Round 15's reads through arguments: the files SQL reads (`readfile('F')`, `read_csv('F')`
/// and duckdb's other readers, `COPY t FROM 'F'`) and smbclient's `put LOCAL`.
pub(crate) fn reads(name: &str, argv: &[Word]) -> Vec<Word> {
    match name {
        "sqlite3" | "sqlite" | "duckdb" | "clickhouse-client" | "clickhouse" => {
            sql_texts(argv, &["-c", "-cmd", "-s", "-q", "--query"])
                .iter()
                .flat_map(|t| sql_reads(t))
                .collect()
        }
        "smbclient" => option_values(argv, &["-c"], &["--command"])
            .iter()
            .filter_map(|w| w.value.as_deref())
            .flat_map(|t| {
                t.split(';')
                    .filter_map(|c| {
                        let w: Vec<&str> = c.split_whitespace().collect();
                        match w.as_slice() {
                            ["put", local, ..] => Some(Word::literal(local)),
                            _ => None,
                        }
                    })
                    .collect::<Vec<_>>()
            })
            .collect(),
        _ => crate::reads20::reads(name, argv),
    }
}

/// Files SQL reads: `readfile('F')`, `read_csv('F')` (and `_auto`), `read_parquet`,
/// `read_json`, `read_text`, `read_blob`, `COPY t FROM 'F'`.
fn sql_reads(sql: &str) -> Vec<Word> {
    let lower = sql.to_ascii_lowercase();
    let mut out = Vec::new();
    for key in [
        "readfile('",
        "read_csv('",
        "read_csv_auto('",
        "read_parquet('",
        "read_json('",
        "read_json_auto('",
        "read_text('",
        "read_blob('",
        " from '",
    ] {
        let mut from = 0;
        while let Some(at) = lower[from..].find(key) {
            let start = from + at + key.len();
            let Some(len) = sql[start..].find('\'') else {
                break;
            };
            if key != " from '" || lower[..start].contains("copy") {
                out.push(Word::literal(&sql[start..start + len]));
            }
            from = start + len;
        }
    }
    out
}

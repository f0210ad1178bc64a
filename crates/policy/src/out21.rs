//! Round 21: where more programs write (gate18's blind probe), from their manuals, judged beside
//! every other table (`runners.rs` adds these to what `models::option_writes` finds): gawk's
//! `--dump-variables=F`, `--profile=F`, `--pretty-print=F` (and `-dF`, `-pF`, `-oF`); curl's
//! `--libcurl`, `--etag-save`, `--alt-svc`, `--hsts` files; wget's `--save-cookies`,
//! `--warc-file`, `--rejected-log`, `--hsts-file`; rsync's `--backup-dir`, `--log-file`,
//! `--write-batch`, `--temp-dir`; `ssh-keygen -R|-H` (the known-hosts file, `~/.ssh/known_hosts`
//! unless `-f`); `xattr -w|-d|-c` and `setfattr` (the files); decompressors writing the file
//! beside their input (`zstd -d /tmp/x.zst` writes `/tmp/x`); `dpkg -x DEB DIR`, `dpkg-deb
//! -x|-R DEB DIR`; `python -m zipfile -e ZIP DIR` and `-m tarfile -e TAR DIR`; maven's
//! `-DoutputDirectory=D` and `-Dmaven.repo.local=D`; `uv build --out-dir D`; `bundle install
//! --path D` and `bundle config --global` (`~/.bundle/config`); `cpio -i`, `ar x` and `jar x`
//! (the working directory); cargo's `--config build.target-dir=D` and libtest's `--logfile F`
//! (the words after `--` of `cargo test`). Also the names `wc`, `du` and `sort` read from a
//! `--files0-from` list: known only at run time.

use crate::models::{below, has_flag, lit, option_values, positionals};
use crate::part::{Part, PartKind, PathArg};
use crate::shell::Analyser;
use crate::words::Word;
use std::collections::HashSet;

/// The files `name` writes that the earlier tables do not name.
pub(crate) fn writes(name: &str, argv: &[Word]) -> Vec<Word> {
    let sub = lit(argv, 1).unwrap_or("");
    match name {
        "gawk" | "awk" => attached(
            argv,
            &["-d", "-p", "-o"],
            &["--dump-variables", "--profile", "--pretty-print"],
        ),
        "curl" => option_values(
            argv,
            &[],
            &["--libcurl", "--etag-save", "--alt-svc", "--hsts"],
        ),
        "wget" => option_values(
            argv,
            &[],
            &[
                "--save-cookies",
                "--warc-file",
                "--rejected-log",
                "--hsts-file",
            ],
        ),
        "rsync" => option_values(
            argv,
            &["-T"],
            &[
                "--backup-dir",
                "--log-file",
                "--write-batch",
                "--only-write-batch",
                "--temp-dir",
            ],
        ),
        "ssh-keygen" if has_flag(argv, 'R', &[]) || has_flag(argv, 'H', &[]) => {
            let f = option_values(argv, &["-f"], &[]);
            if f.is_empty() {
                vec![Word::literal("~/.ssh/known_hosts")]
            } else {
                f
            }
        }
        "xattr"
            if ["-w", "-d", "-c"]
                .iter()
                .any(|f| argv.iter().any(|w| w.lit() == Some(f))) =>
        {
            xattr_files(argv)
        }
        "setfattr" => {
            let mut skip = HashSet::new();
            for (i, w) in argv.iter().enumerate() {
                if matches!(w.lit(), Some("-n" | "-v" | "-x")) {
                    skip.insert(i + 1);
                }
            }
            positionals(argv, &skip)
        }
        "zstd" | "unzstd" | "xz" | "unxz" | "gzip" | "gunzip" | "bzip2" | "bunzip2" | "lz4"
        | "lzma" | "unlzma" | "brotli" => decompressed(name, argv),
        "dpkg" if has_flag(argv, 'x', &["--extract"]) => nth_positional(argv, 1),
        "dpkg-deb"
            if ["-x", "-X", "-R", "--extract", "--vextract", "--raw-extract"]
                .iter()
                .any(|f| argv.iter().any(|w| w.lit() == Some(f))) =>
        {
            nth_positional(argv, 1)
        }
        n if n.starts_with("python") => python_archives(argv),
        "mvn" | "mvnw" | "./mvnw" => maven_dirs(argv),
        "uv" if sub == "build" => option_values(argv, &["-o"], &["--out-dir"])
            .into_iter()
            .map(below)
            .collect(),
        "bundle" | "bundler" => bundle_writes(argv),
        "cpio" if has_flag(argv, 'i', &["--extract"]) => {
            vec![Word::literal("./__cpio_extracts_here__")]
        }
        "ar" if sub.trim_start_matches('-').starts_with('x') => {
            vec![Word::literal("./__ar_extracts_here__")]
        }
        "jar" if sub.trim_start_matches('-').starts_with('x') => {
            vec![Word::literal("./__jar_extracts_here__")]
        }
        "cargo" => cargo_writes(argv),
        _ => Vec::new(),
    }
}

/// The files `name` reads that the earlier tables do not name: swaks's `--attach @F` (or `F`),
/// `--body @F`, `--data @F`, `--attach-body @F`.
fn reads(name: &str, argv: &[Word]) -> Vec<Word> {
    if name != "swaks" {
        return Vec::new();
    }
    let file = |w: Word, plain: bool| match w.value.as_deref() {
        Some(v) if v.starts_with('@') => Some(Word::literal(&v[1..])),
        // older swaks attach the file a plain value names
        Some(v) if plain && !v.contains(' ') && !v.starts_with('-') => Some(Word::literal(v)),
        Some(_) => None,
        None => Some(w),
    };
    let attach = option_values(argv, &[], &["--attach"]);
    let text = option_values(argv, &[], &["--attach-body", "--body", "--data"]);
    let mut out: Vec<Word> = attach.into_iter().filter_map(|w| file(w, true)).collect();
    out.extend(text.into_iter().filter_map(|w| file(w, false)));
    out
}

/// Values given only attached to their option (gawk's optional arguments: `-dF`, `--profile=F`).
fn attached(argv: &[Word], short: &[&str], long: &[&str]) -> Vec<Word> {
    let mut out = Vec::new();
    for w in argv.iter().skip(1) {
        let Some(v) = w.lit() else { continue };
        if v == "--" {
            break;
        }
        if let Some((o, val)) = v.split_once('=')
            && long.contains(&o)
            && !val.is_empty()
        {
            out.push(Word::literal(val));
        } else if let Some(s) = short.iter().find(|s| v.len() > 2 && v.starts_with(**s)) {
            out.push(Word::literal(&v[s.len()..]));
        }
    }
    out
}

/// `xattr -w NAME VALUE FILE...`, `-d NAME FILE...`, `-c FILE...`: the files.
fn xattr_files(argv: &[Word]) -> Vec<Word> {
    let pos = positionals(argv, &HashSet::new());
    let taken = if argv.iter().any(|w| w.lit() == Some("-w")) {
        2
    } else if argv.iter().any(|w| w.lit() == Some("-d")) {
        1
    } else {
        0
    };
    pos.into_iter().skip(taken).collect()
}

/// A decompressor's outputs: each input without its suffix, unless it writes to standard output.
fn decompressed(name: &str, argv: &[Word]) -> Vec<Word> {
    let decompress = name.starts_with("un")
        || name == "gunzip"
        || has_flag(argv, 'd', &["--decompress", "--uncompress"]);
    let stdout = has_flag(argv, 'c', &["--stdout", "--to-stdout"])
        || argv.iter().any(|w| {
            w.lit()
                .is_some_and(|v| v == "-o" || v.starts_with("--output"))
        });
    if !decompress || stdout {
        return Vec::new();
    }
    const SUFFIXES: &[&str] = &[
        ".zst", ".xz", ".gz", ".bz2", ".lz4", ".lzma", ".br", ".tgz", ".z",
    ];
    positionals(argv, &HashSet::new())
        .into_iter()
        .filter_map(|w| {
            let v = w.lit()?;
            let s = SUFFIXES
                .iter()
                .find(|s| v.len() > s.len() && v.ends_with(**s))?;
            Some(Word::literal(&v[..v.len() - s.len()]))
        })
        .collect()
}

/// The positional at `n` (0-based), as a directory written below.
fn nth_positional(argv: &[Word], n: usize) -> Vec<Word> {
    positionals(argv, &HashSet::new())
        .into_iter()
        .nth(n)
        .map(below)
        .into_iter()
        .collect()
}

/// `python -m zipfile -e ZIP DIR` / `-c ZIP FILES`, `python -m tarfile -e TAR [DIR]` / `-c TAR`.
fn python_archives(argv: &[Word]) -> Vec<Word> {
    let Some(m) = argv.iter().position(|w| w.lit() == Some("-m")) else {
        return Vec::new();
    };
    let module = lit(argv, m + 1).unwrap_or("");
    if !matches!(module, "zipfile" | "tarfile") {
        return Vec::new();
    }
    let rest = &argv[m + 1..];
    let mode = rest
        .iter()
        .find_map(|w| w.lit().filter(|v| v.starts_with('-')));
    let pos: Vec<Word> = positionals(rest, &HashSet::new());
    match mode {
        Some("-e" | "--extract") => match pos.get(1) {
            Some(d) => vec![below(d.clone())],
            None => vec![Word::literal("./__extracts_here__")],
        },
        Some("-c" | "--create") => pos.into_iter().take(1).collect(),
        _ => Vec::new(),
    }
}

/// maven's `-DoutputDirectory=D` (the dependency plugin's) and `-Dmaven.repo.local=D`.
fn maven_dirs(argv: &[Word]) -> Vec<Word> {
    argv.iter()
        .filter_map(Word::lit)
        .filter_map(|v| {
            let v = v.strip_prefix("-D")?;
            let (k, d) = v.split_once('=')?;
            matches!(k, "outputDirectory" | "maven.repo.local").then(|| below(Word::literal(d)))
        })
        .collect()
}

/// `bundle install --path D`; `bundle config [set] --global ...` writes `~/.bundle/config`.
fn bundle_writes(argv: &[Word]) -> Vec<Word> {
    match lit(argv, 1) {
        Some("install") => option_values(argv, &[], &["--path"])
            .into_iter()
            .map(below)
            .collect(),
        Some("config") if argv.iter().any(|w| w.lit() == Some("--global")) => {
            vec![Word::literal("~/.bundle/config")]
        }
        _ => Vec::new(),
    }
}

/// cargo's `--config build.target-dir=D` (TOML value, quoted or not) and, after `--`, libtest's
/// `--logfile F`.
fn cargo_writes(argv: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    for c in option_values(argv, &[], &["--config"]) {
        let Some(v) = c.lit() else { continue };
        let Some((k, d)) = v.split_once('=') else {
            continue;
        };
        if matches!(k.trim(), "build.target-dir" | "build.build-dir") {
            out.push(below(Word::literal(d.trim().trim_matches(['"', '\'']))));
        }
    }
    if let Some(dd) = argv.iter().position(|w| w.lit() == Some("--")) {
        let tail = &argv[dd..];
        out.extend(option_values(tail, &[], &["--logfile"]));
    }
    out
}

impl Analyser<'_, '_> {
    /// Round 21's writes of `name` (above), and the names a `--files0-from` list gives `wc`,
    /// `du` or `sort` (known only at run time: the list may name a secret).
    pub(crate) fn round21_parts(&mut self, name: &str, text: &str, argv: &[Word], depth: usize) {
        for w in writes(name, argv) {
            self.side_part(PartKind::Write, name, text, &w);
        }
        for w in reads(name, argv) {
            self.side_part(PartKind::Read, name, text, &w);
        }
        if name == "lftp" {
            // `lftp -e 'put .env; bye' host`: its commands as sftp's batch (`put F` reads F)
            for v in option_values(argv, &["-e", "-c"], &[]) {
                let batch = v.value.as_deref().unwrap_or("").replace(';', "\n");
                let local = crate::remote::sftp_script(&batch);
                if !local.is_empty() && crate::shell::parses(&local) {
                    self.script(&local, depth + 1);
                }
            }
        }
        let listed = argv.iter().any(|w| {
            w.text.starts_with("--files0-from")
                || w.lit().is_some_and(|v| v.starts_with("--files0-from"))
        });
        if matches!(name, "wc" | "du" | "sort") && listed {
            let mut p = Part::new(PartKind::Read, text);
            p.uncertain = Some(format!(
                "`{name}` reads the files a list names, which is not known before it runs"
            ));
            p.paths.push(PathArg::Unknown);
            self.parts.push(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &[&str]) -> Vec<Word> {
        s.iter().map(|w| Word::literal(w)).collect()
    }

    fn got(name: &str, s: &[&str]) -> Vec<String> {
        writes(name, &words(s))
            .into_iter()
            .map(|w| {
                w.lit()
                    .map_or_else(|| w.pattern.clone().unwrap_or_default(), str::to_string)
            })
            .collect()
    }

    #[test]
    fn option_and_positional_writes() {
        assert_eq!(got("gawk", &["gawk", "--profile=/tmp/p", "1"]), ["/tmp/p"]);
        assert_eq!(
            got("gawk", &["gawk", "-F:", "1", "x"]),
            Vec::<String>::new()
        );
        assert_eq!(got("zstd", &["zstd", "-d", "/tmp/x.zst"]), ["/tmp/x"]);
        assert!(got("zstd", &["zstd", "-dc", "/tmp/x.zst"]).is_empty());
        assert_eq!(
            got("ssh-keygen", &["ssh-keygen", "-R", "h"]),
            ["~/.ssh/known_hosts"]
        );
        assert_eq!(got("xattr", &["xattr", "-w", "k", "v", "f"]), ["f"]);
        assert_eq!(
            got("dpkg", &["dpkg", "-x", "a.deb", "/tmp/x"]),
            ["/tmp/x/**"]
        );
        assert_eq!(
            got(
                "python3",
                &["python3", "-m", "zipfile", "-e", "a.zip", "/o"]
            ),
            ["/o/**"]
        );
        assert_eq!(
            got("mvn", &["mvn", "-DoutputDirectory=/tmp/x", "p"]),
            ["/tmp/x/**"]
        );
        assert_eq!(
            got("cargo", &["cargo", "test", "--", "--logfile", "/tmp/t.log"]),
            ["/tmp/t.log"]
        );
        assert_eq!(
            got(
                "cargo",
                &["cargo", "test", "--config", "build.target-dir=\"/tmp/t\""]
            ),
            ["/tmp/t/**"]
        );
        assert!(got("cargo", &["cargo", "test", "--", "--nocapture"]).is_empty());
    }
}

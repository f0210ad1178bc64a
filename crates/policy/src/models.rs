//! Program models: which arguments of a program are paths read, paths written, commands run,
//! or plain values; which options make a reader write or run something.
//!
//! Each table is small and tested by examples (see `tests/data/adversarial.toml`).

use std::collections::HashSet;

use crate::words::Word;

pub(crate) use crate::acts::acts;
pub(crate) use crate::runners::Next;

/// Programs none of whose arguments are paths.
pub(crate) fn no_paths(name: &str) -> bool {
    matches!(
        name,
        "echo"
            | "printf"
            | "true"
            | "false"
            | ":"
            | "pwd"
            | "sleep"
            | "date"
            | "seq"
            | "expr"
            | "basename"
            | "dirname"
            | "whoami"
            | "id"
            | "uname"
            | "hostname"
            | "yes"
            | "test"
            | "["
            | "[["
            | "exit"
            | "return"
            | "shift"
            | "set"
            | "unset"
            | "export"
            | "local"
            | "declare"
            | "readonly"
            | "typeset"
            | "read"
            | "let"
            | "wait"
            | "type"
            | "which"
            | "hash"
            | "alias"
            | "unalias"
            | "trap"
            | "kill"
            | "jobs"
            | "getopts"
            | "tput"
            | "clear"
            | "nproc"
            | "numfmt"
    )
}

/// Options whose value is not a path, per program (`-m MSG`, `-e PATTERN`, `-n N`).
fn value_options(name: &str) -> &'static [&'static str] {
    match name {
        "git" => &[
            "-m",
            "--message",
            "--format",
            "--pretty",
            "-n",
            "--max-count",
            "--author",
            "--grep",
            "--since",
            "--until",
            "-S",
            "-G",
            "-U",
            "--unified",
            "-b",
            "-B",
        ],
        "rg" => crate::tables::RG_VALUES,
        "grep" | "egrep" | "fgrep" | "ag" | "ack" => &[
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
            "--include",
            "--exclude",
            "--exclude-dir",
            "-M",
            "--max-columns",
            "-j",
            "--threads",
            "-d",
            "--directories",
            "-D",
            "--devices",
        ],
        "head" | "tail" => &["-n", "-c", "--lines", "--bytes"],
        "cut" => &["-d", "-f", "-c", "-b", "--delimiter", "--fields"],
        "sort" => &["-k", "-t", "--key", "--field-separator", "-S", "-T"],
        "tar" => &["-C", "--directory"],
        "uniq" => &[
            "-f",
            "-s",
            "-w",
            "--skip-fields",
            "--skip-chars",
            "--check-chars",
        ],
        "cargo" => &[
            "-p",
            "--package",
            "-j",
            "--jobs",
            "--features",
            "-F",
            "--bin",
            "--test",
        ],
        _ => &[],
    }
}

/// Whether the first positional argument is a pattern or program, not a path.
fn first_positional_is_code(name: &str, argv: &[Word]) -> bool {
    let has_e = argv.iter().any(|w| {
        w.lit().is_some_and(|v| {
            matches!(v, "-e" | "-f" | "--regexp" | "--file" | "--expression")
                || v.starts_with("--regexp=")
                || v.starts_with("--expression=")
        })
    });
    match name {
        "grep" | "egrep" | "fgrep" | "rg" | "ag" | "ack" | "sed" => !has_e,
        "awk" | "gawk" | "mawk" | "jq" | "yq" => !has_e,
        _ => false,
    }
}

/// Indices of arguments that are not paths (values of options, patterns, programs).
pub fn non_path_args(name: &str, argv: &[Word]) -> HashSet<usize> {
    let mut out = HashSet::new();
    if no_paths(name) {
        out.extend(1..argv.len());
        return out;
    }
    let opts = value_options(name);
    let code_first = first_positional_is_code(name, argv);
    let mut seen_positional = false;
    let mut i = 1;
    while i < argv.len() {
        match argv[i].lit() {
            Some(v) if v.starts_with('-') && v.len() > 1 => {
                if opts.contains(&v) {
                    out.insert(i + 1);
                    i += 1;
                } else if crate::tables::path_value_options(name).contains(&v) {
                    // judged as a path, but not the pattern
                    i += 1;
                }
            }
            _ => {
                if code_first && !seen_positional {
                    out.insert(i);
                }
                seen_positional = true;
            }
        }
        i += 1;
    }
    out.extend(crate::args21::non_paths(name, argv));
    if name == "find" {
        // after the start points come expressions: their values are names and numbers
        let first_expr = argv.iter().position(|w| {
            w.lit()
                .is_some_and(|v| v.starts_with('-') || v == "(" || v == "!")
        });
        if let Some(f) = first_expr {
            out.extend(f..argv.len());
        }
    }
    out
}

/// `$(git ls-files)`: the paths git tracks (tracked files are not secrets git hides).
pub fn listed_tracked(w: &Word) -> bool {
    let t = w.text.trim();
    let inner = t
        .strip_prefix("$(")
        .and_then(|r| r.strip_suffix(')'))
        .or_else(|| t.strip_prefix('`').and_then(|r| r.strip_suffix('`')));
    let Some(inner) = inner else { return false };
    if inner.contains(['|', ';', '&', '$', '`', '>', '<', '(', '\n']) {
        return false;
    }
    let words: Vec<&str> = inner.split_whitespace().collect();
    words.len() >= 2
        && words[0] == "git"
        && words[1] == "ls-files"
        && !words[2..].iter().any(|w| {
            w.starts_with("-o")
                || w.starts_with("-i")
                || w.starts_with("--others")
                || w.starts_with("--ignored")
                || w.starts_with("-x")
                || w.starts_with("--exclude")
                || w.starts_with('/')
                || w.contains("..")
        })
}

pub(crate) fn lit(argv: &[Word], i: usize) -> Option<&str> {
    argv.get(i).and_then(|w| w.lit())
}

/// Whether `opt` names the long option `long`: itself, or an unambiguous-looking prefix of it of
/// at least three letters (`--to-comm` for `--to-command`), as GNU `getopt_long` and git accept.
pub(crate) fn abbreviates(opt: &str, long: &str) -> bool {
    // options that are themselves options and also begin a longer one (`cargo --target` is not
    // `--target-dir`)
    const WHOLE: &[&str] = &["--target", "--text", "--exec-path", "--untar"];
    opt == long
        || (long.starts_with("--")
            && opt.len() >= 5
            && long.starts_with(opt)
            && !WHOLE.contains(&opt))
}

/// The value of option `opt` (`-o X`, `-oX`, `--output X`, `--output=X`).
pub(crate) fn option_values(argv: &[Word], short: &[&str], long: &[&str]) -> Vec<Word> {
    let mut out = Vec::new();
    let mut i = 1;
    while i < argv.len() {
        let w = &argv[i];
        match w.lit() {
            Some("--") => break,
            Some(v) if short.contains(&v) || long.iter().any(|l| abbreviates(v, l)) => {
                if let Some(n) = argv.get(i + 1) {
                    out.push(n.clone());
                }
                i += 1;
            }
            Some(v) => {
                if let Some((opt, val)) = v.split_once('=')
                    && long.iter().any(|l| abbreviates(opt, l))
                {
                    out.push(Word::literal(val));
                }
                for s in short {
                    if v.len() > s.len() && v.starts_with(s) && !v.starts_with("--") && s.len() == 2
                    {
                        out.push(Word::literal(&v[s.len()..]));
                    } else if let Some(val) = bundled_value(v, s) {
                        // `-uo X`, `-sSLoX`: the option last in a bundle of flags
                        match val {
                            "" => out.extend(argv.get(i + 1).cloned()),
                            val => out.push(Word::literal(val)),
                        }
                    }
                }
            }
            None => {
                // `--output=$X`: a write to a place known only at run time
                if w.text.starts_with("--output") || w.text.starts_with("-o") {
                    out.push(Word {
                        text: w.text.clone(),
                        value: None,
                        pattern: None,
                    });
                }
            }
        }
        i += 1;
    }
    out
}

/// In a bundle of one-letter flags (`-uo`, `-sSLofile`), what follows option `short` (`-o`):
/// `Some("")` when its value is the next word. The option must not be the first letter (that
/// is the plain `-oX` spelling).
fn bundled_value<'a>(v: &'a str, short: &str) -> Option<&'a str> {
    let letter = short.strip_prefix('-')?;
    if letter.len() != 1 || v.starts_with("--") || !v.starts_with('-') {
        return None;
    }
    let flags = &v[1..];
    let at = flags.find(letter)?;
    if at == 0 || !flags[..at].chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(&flags[at + 1..])
}

pub(crate) fn has_flag(argv: &[Word], short: char, long: &[&str]) -> bool {
    argv.iter().skip(1).any(|w| {
        w.lit().is_some_and(|v| {
            long.contains(&v)
                || (v.starts_with('-') && !v.starts_with("--") && v[1..].contains(short))
        })
    })
}

pub(crate) fn positionals(argv: &[Word], skip: &HashSet<usize>) -> Vec<Word> {
    let mut out = Vec::new();
    let mut end = false;
    for (i, w) in argv.iter().enumerate().skip(1) {
        match w.lit() {
            Some("--") if !end => end = true,
            Some(v) if !end && v.starts_with('-') && v.len() > 1 => {}
            _ if skip.contains(&i) => {}
            _ => out.push(w.clone()),
        }
    }
    out
}

/// Files a program writes through its options (`--output`, `-o`, `of=`, `-d DIR`...).
pub fn option_writes(name: &str, argv: &[Word]) -> Vec<Word> {
    let sub = lit(argv, 1).unwrap_or("");
    if let Some(mut v) = crate::tables::builder_writes(name, sub, argv) {
        v.extend(crate::outrare::shadowed(name, sub, argv));
        return v;
    }
    let mut out = match name {
        "git" => {
            let mut v = option_values(argv, &["-o"], &["--output", "--output-directory"]);
            v.extend(crate::acts::git_writes(argv));
            crate::acts::under_git_dirs(argv, v)
        }
        "tree" | "sort" => option_values(argv, &["-o"], &["--output"]),
        "curl" => option_values(
            argv,
            &["-o", "-D", "-c"],
            &[
                "--output",
                "--output-dir",
                "--dump-header",
                "--cookie-jar",
                "--trace",
                "--trace-ascii",
                "--stderr",
            ],
        ),
        "wget" => option_values(
            argv,
            &["-O", "-o", "-a", "-P"],
            &[
                "--output-document",
                "--output-file",
                "--append-output",
                "--directory-prefix",
            ],
        ),
        "unzip" => option_values(argv, &["-d"], &[]),
        "tar" => {
            let extract = has_flag(argv, 'x', &["--extract", "--get"]) || sub.starts_with('x');
            let create = has_flag(argv, 'c', &["--create"]) || sub.starts_with('c');
            let mut v = Vec::new();
            if extract {
                let dirs = option_values(argv, &["-C"], &["--directory"]);
                v.extend(dirs.into_iter().map(below));
                if v.is_empty() {
                    v.push(Word::literal("./__tar_extracts_here__"));
                }
            }
            if create || has_flag(argv, 'r', &["--append"]) || has_flag(argv, 'u', &["--update"]) {
                v.extend(option_values(argv, &["-f"], &["--file"]));
                v.extend(crate::out19::tar_old_style_archive(argv));
            }
            v
        }
        "find" => {
            let mut v = Vec::new();
            for (i, w) in argv.iter().enumerate() {
                if matches!(w.lit(), Some("-fprint" | "-fprint0" | "-fprintf" | "-fls"))
                    && let Some(t) = argv.get(i + 1)
                {
                    v.push(t.clone());
                }
            }
            v
        }
        "cp" | "mv" | "ln" | "install" | "rsync" => {
            option_values(argv, &["-t"], &["--target-directory"])
        }
        "iconv" | "openssl" | "xxd" | "patch" => {
            option_values(argv, &["-o"], &["-out", "--output"])
        }
        "gzip" | "gunzip" | "bzip2" | "xz" | "unxz" | "zstd" => positionals(argv, &HashSet::new()),
        // `uniq IN OUT`
        "uniq" => positionals(argv, &non_path_args(name, argv))
            .into_iter()
            .skip(1)
            .take(1)
            .collect(),
        "zip" => positionals(argv, &HashSet::new())
            .into_iter()
            .take(1)
            .collect(),
        _ => Vec::new(),
    };
    if matches!(name, "sed" | "perl" | "ruby") {
        let inplace = argv.iter().skip(1).any(|w| {
            w.lit().is_some_and(|v| {
                v == "--in-place"
                    || v.starts_with("--in-place=")
                    || (v.starts_with('-') && !v.starts_with("--") && v.contains('i'))
            })
        });
        if inplace {
            let skip = non_path_args(name, argv);
            out.extend(positionals(argv, &skip));
        }
    }
    out
}

pub(crate) fn below(w: Word) -> Word {
    match w.lit() {
        Some(v) => Word {
            text: w.text.clone(),
            value: None,
            pattern: Some(format!("{}/**", v.trim_end_matches('/'))),
        },
        None => w,
    }
}

/// Directories a program reads every file below (`grep -r`, `rg`, `tar c`, `cp -r` sources).
pub fn recursive_reads(name: &str, argv: &[Word]) -> Vec<Word> {
    let skip = non_path_args(name, argv);
    let pos = positionals(argv, &skip);
    let dot = || vec![Word::literal(".")];
    match name {
        "git" => crate::acts::git_grep_reads(argv),
        "grep" | "egrep" | "fgrep"
            if has_flag(argv, 'r', &["--recursive", "--dereference-recursive"])
                || has_flag(argv, 'R', &[])
                || argv
                    .windows(2)
                    .any(|p| p[0].lit() == Some("-d") && p[1].lit() == Some("recurse"))
                || argv
                    .iter()
                    .any(|w| matches!(w.lit(), Some("--directories=recurse" | "-drecurse"))) =>
        {
            let dirs = if pos.is_empty() { dot() } else { pos };
            match grep_includes(argv) {
                // `--include='*.py'`: only the files those globs name are read
                Some(globs) => narrowed(&dirs, &globs),
                None => dirs,
            }
        }
        "rg" | "ag" | "ack" => {
            if argv.iter().any(|w| w.lit() == Some("--files")) && pos.is_empty() {
                return Vec::new();
            }
            let dirs = if pos.is_empty() { dot() } else { pos };
            match (name, crate::rg::includes(argv)) {
                // `rg -g '*.rs'`, `rg -t rust`: only the files those globs name are read
                ("rg", Some(globs)) => narrowed(&dirs, &globs),
                _ => dirs,
            }
        }
        "tar"
            if has_flag(argv, 'c', &["--create"])
                || lit(argv, 1).is_some_and(|s| s.starts_with('c')) =>
        {
            let archives: Vec<String> = option_values(argv, &["-f"], &["--file"])
                .iter()
                .filter_map(|w| w.lit().map(str::to_string))
                .collect();
            let members = pos
                .into_iter()
                .filter(|w| !w.lit().is_some_and(|v| archives.iter().any(|a| a == v)))
                .filter(|w| {
                    !w.lit().is_some_and(|v| {
                        v.starts_with('c')
                            && !v.contains('/')
                            && v.len() < 6
                            && v.chars().all(|c| c.is_ascii_alphabetic())
                    })
                })
                .collect();
            crate::chdirs::tar_members(argv, members)
        }
        "zip" if has_flag(argv, 'r', &["--recurse-paths"]) => pos.into_iter().skip(1).collect(),
        "cp" | "scp"
            if has_flag(argv, 'r', &["--recursive", "--archive"])
                || has_flag(argv, 'R', &[])
                || has_flag(argv, 'a', &[]) =>
        {
            let n = pos.len().saturating_sub(1);
            pos.into_iter().take(n).collect()
        }
        "rsync"
            if has_flag(argv, 'r', &["--recursive", "--archive"]) || has_flag(argv, 'a', &[]) =>
        {
            let n = pos.len().saturating_sub(1);
            pos.into_iter().take(n).collect()
        }
        _ => crate::outrare::recursive_reads(name, argv, pos),
    }
}

/// Files a program reads out of a repository's history: `git show REV:PATH`,
/// `git cat-file -p REV:PATH` (the file as it was is the same secret).
pub fn revision_reads(name: &str, argv: &[Word]) -> Vec<Word> {
    if name != "git" {
        return Vec::new();
    }
    let Some(sub) = argv
        .iter()
        .skip(1)
        .filter_map(Word::lit)
        .find(|v| !v.starts_with('-'))
    else {
        return Vec::new();
    };
    if !matches!(sub, "show" | "cat-file" | "archive" | "grep") {
        return Vec::new();
    }
    argv.iter()
        .skip(1)
        .filter_map(|w| {
            let v = w.lit()?;
            if v.starts_with('-') || v.contains("://") {
                return None;
            }
            let (_, path) = v.split_once(':')?;
            let path = crate::out22::stage_path(path).trim_start_matches('/');
            (!path.is_empty()).then(|| Word::literal(path))
        })
        .collect()
}

/// The files below `dirs` that `globs` name: `DIR/**/GLOB`, or `DIR/GLOB` for a glob with a
/// `/` (anchored at the directory searched, as rg's are); a directory given as a run-time value
/// stays whole.
fn narrowed(dirs: &[Word], globs: &[String]) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    for d in dirs {
        let Some(lit) = d.lit() else {
            out.push(d.clone());
            continue;
        };
        let root = lit.trim_end_matches('/');
        for g in globs {
            let pattern = match g.trim_start_matches('/') {
                a if a.contains('/') || g.starts_with('/') => format!("{root}/{a}"),
                a => format!("{root}/**/{a}"),
            };
            let twin = crate::typeglob19::dot_twin(&pattern);
            out.extend(std::iter::once(pattern).chain(twin).map(|p| Word {
                text: p.clone(),
                value: None,
                pattern: Some(p),
            }));
        }
    }
    out
}

/// The `--include` globs of a recursive grep when every one is a plain last-component glob
/// (`*.py`); `None` when there are none or one cannot be relied on.
fn grep_includes(argv: &[Word]) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for (i, w) in argv.iter().enumerate() {
        let v = match w.lit() {
            Some("--include") => argv.get(i + 1)?.lit()?,
            Some(v) => match v.strip_prefix("--include=") {
                Some(g) => g,
                None => continue,
            },
            None => continue,
        };
        out.extend(crate::programs::name_globs(v)?);
    }
    (!out.is_empty()).then_some(out)
}

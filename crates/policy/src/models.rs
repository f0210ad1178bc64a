//! Program models: which arguments of a program are paths read, paths written, commands run,
//! or plain values; which options make a reader write or run something.
//!
//! Each table is small and tested by examples (see `tests/data/adversarial.toml`).

use std::collections::HashSet;

use crate::part::{Part, PartKind, PathArg};
use crate::programs;
use crate::shell::Analyser;
use crate::words::Word;

/// What to do after a runner model looked at a command.
pub enum Next {
    /// Not a runner: judge the command itself.
    Plain,
    /// The runner's part is recorded; judge this inner command next (`true`: it gets more
    /// arguments at run time).
    Inner(Vec<Word>, bool),
    /// Fully handled.
    Done,
}

/// Programs none of whose arguments are paths.
fn no_paths(name: &str) -> bool {
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
        "grep" | "egrep" | "fgrep" | "rg" | "ag" | "ack" => &[
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
            "--include",
            "--exclude",
            "--exclude-dir",
            "-M",
            "--max-columns",
            "-j",
            "--threads",
        ],
        "head" | "tail" => &["-n", "-c", "--lines", "--bytes"],
        "cut" => &["-d", "-f", "-c", "-b", "--delimiter", "--fields"],
        "sort" => &["-k", "-t", "--key", "--field-separator", "-S"],
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

fn lit(argv: &[Word], i: usize) -> Option<&str> {
    argv.get(i).and_then(|w| w.lit())
}

/// The value of option `opt` (`-o X`, `-oX`, `--output X`, `--output=X`).
fn option_values(argv: &[Word], short: &[&str], long: &[&str]) -> Vec<Word> {
    let mut out = Vec::new();
    let mut i = 1;
    while i < argv.len() {
        let w = &argv[i];
        match w.lit() {
            Some("--") => break,
            Some(v) if short.contains(&v) || long.contains(&v) => {
                if let Some(n) = argv.get(i + 1) {
                    out.push(n.clone());
                }
                i += 1;
            }
            Some(v) => {
                for l in long {
                    if let Some(val) = v.strip_prefix(&format!("{l}=")) {
                        out.push(Word::literal(val));
                    }
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

fn has_flag(argv: &[Word], short: char, long: &[&str]) -> bool {
    argv.iter().skip(1).any(|w| {
        w.lit().is_some_and(|v| {
            long.contains(&v)
                || (v.starts_with('-') && !v.starts_with("--") && v[1..].contains(short))
        })
    })
}

fn positionals(argv: &[Word], skip: &HashSet<usize>) -> Vec<Word> {
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
    let mut out = match name {
        "git" => option_values(argv, &["-o"], &["--output", "--output-directory"]),
        "tree" | "sort" => option_values(argv, &["-o"], &["--output"]),
        "curl" => option_values(
            argv,
            &["-o", "-D", "-c"],
            &[
                "--output",
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

fn below(w: Word) -> Word {
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
        "grep" | "egrep" | "fgrep"
            if has_flag(argv, 'r', &["--recursive", "--dereference-recursive"])
                || has_flag(argv, 'R', &[]) =>
        {
            if pos.is_empty() {
                dot()
            } else {
                pos
            }
        }
        "rg" | "ag" | "ack" => {
            if argv.iter().any(|w| w.lit() == Some("--files")) && pos.is_empty() {
                return Vec::new();
            }
            if pos.is_empty() { dot() } else { pos }
        }
        "tar"
            if has_flag(argv, 'c', &["--create"])
                || lit(argv, 1).is_some_and(|s| s.starts_with('c')) =>
        {
            let archives: Vec<String> = option_values(argv, &["-f"], &["--file"])
                .iter()
                .filter_map(|w| w.lit().map(str::to_string))
                .collect();
            pos.into_iter()
                .filter(|w| !w.lit().is_some_and(|v| archives.iter().any(|a| a == v)))
                .filter(|w| {
                    !w.lit().is_some_and(|v| {
                        v.starts_with('c')
                            && !v.contains('/')
                            && v.len() < 6
                            && v.chars().all(|c| c.is_ascii_alphabetic())
                    })
                })
                .collect()
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
        _ => Vec::new(),
    }
}

/// Why a program with these options is more than a reader (then at most `ask`).
pub fn acts(name: &str, argv: &[Word]) -> Option<String> {
    let sub = lit(argv, 1).unwrap_or("");
    let any = |f: &dyn Fn(&str) -> bool| argv.iter().skip(1).any(|w| w.lit().is_some_and(f));
    match name {
        "git" => git_acts(argv),
        "rg" if any(&|v| v == "--pre" || v.starts_with("--pre=")) => {
            Some("`rg --pre` runs a command on every file".into())
        }
        "tar"
            if any(&|v| {
                v.starts_with("--to-command")
                    || v.starts_with("--use-compress-program")
                    || v.starts_with("-I")
                    || v.starts_with("--checkpoint-action")
                    || v.starts_with("--rsh-command")
                    || v.starts_with("--info-script")
                    || v.starts_with("--new-volume-script")
            }) =>
        {
            Some("`tar` runs a command given in its options".into())
        }
        "sort" if any(&|v| v.starts_with("--compress-program")) => {
            Some("`sort --compress-program` runs a command".into())
        }
        "rsync" | "scp" | "ssh" | "sftp"
            if any(&|v| {
                v == "-e"
                    || v.starts_with("--rsh")
                    || v.contains("ProxyCommand")
                    || v.contains("LocalCommand")
                    || v == "-o"
            }) =>
        {
            Some(format!("`{name}` runs a command given in its options"))
        }
        "zip" if any(&|v| v == "-TT" || v.starts_with("--unzip-command")) => {
            Some("`zip -TT` runs a command".into())
        }
        "man" if any(&|v| v == "-P" || v.starts_with("--pager") || v == "-H") => {
            Some("`man` runs the pager given in its options".into())
        }
        "less" | "more" | "vi" | "vim" | "nvim" | "emacs" | "nano" | "ed" | "ex" => {
            Some(format!("`{name}` is interactive and can run commands"))
        }
        "sed" if argv.iter().skip(1).any(sed_runs) => {
            Some("the `sed` script runs commands or writes files (`e`, `w`)".into())
        }
        "make" | "just" | "task" | "ninja" | "rake" => {
            Some(format!("`{name}` runs recipes not known here"))
        }
        "npx" | "bunx" | "pnpx" | "uvx" => Some(format!("`{name}` runs a package's code")),
        "pipx" | "npm" | "pnpm" | "yarn" | "bun" | "uv"
            if matches!(sub, "run" | "exec" | "dlx" | "x")
                && !matches!(name, "npm" | "pnpm" | "yarn" | "bun") =>
        {
            Some(format!("`{name} {sub}` runs a package's code"))
        }
        "npm" | "pnpm" | "yarn" | "bun" if matches!(sub, "exec" | "dlx" | "x") => {
            Some(format!("`{name} {sub}` runs a package's code"))
        }
        "cargo" if matches!(sub, "run" | "install") => {
            Some(format!("`cargo {sub}` runs code not known here"))
        }
        "python" | "python3" | "node" | "ruby" | "perl" | "php" | "deno" | "bun"
            if name != "bun" || sub == "run" =>
        {
            None
        }
        _ => None,
    }
}

fn sed_runs(w: &Word) -> bool {
    match w.lit() {
        None => false,
        Some(v) if v.starts_with('-') => false,
        Some(v) => {
            let t = v.trim();
            t.starts_with('e')
                || t.starts_with('w')
                || t.contains(";e")
                || t.contains("\ne")
                || t.contains(" w ")
                || t.ends_with("/e")
                || t.ends_with("/w")
                || t.contains("/e;")
                || t.contains("/w ")
                || t.contains("}w")
                || t.contains("1w")
                || t.contains("$w")
        }
    }
}

/// `git -c`, `git branch -D`, `git diff --ext-diff`: what makes git more than a reader.
fn git_acts(argv: &[Word]) -> Option<String> {
    let mut i = 1;
    while let Some(v) = lit(argv, i) {
        if !v.starts_with('-') {
            break;
        }
        if v == "-c" || v == "--config-env" {
            let kv = lit(argv, i + 1).unwrap_or("");
            if !safe_git_config(kv) {
                return Some(format!("`git -c {kv}` can make git run a command"));
            }
            i += 2;
            continue;
        }
        if v.starts_with("--exec-path") {
            return Some("`git --exec-path` changes which programs git runs".into());
        }
        i += if programs::takes_value("git", v) {
            2
        } else {
            1
        };
    }
    if argv.get(i).is_some_and(|w| w.lit().is_none()) {
        return Some("the git subcommand is not known before it runs".into());
    }
    let sub = lit(argv, i).unwrap_or("");
    let rest: Vec<&str> = argv[(i + 1).min(argv.len())..]
        .iter()
        .map(|w| w.lit().unwrap_or("$"))
        .collect();
    let ext = rest.iter().any(|v| {
        *v == "--ext-diff"
            || *v == "--textconv"
            || v.starts_with("--open-files-in-pager")
            || *v == "-O"
    });
    if ext {
        return Some(format!(
            "`git {sub}` with an external diff or pager runs a command"
        ));
    }
    match sub {
        "branch" => git_branch_acts(&rest),
        "tag"
            if !rest.is_empty()
                && !rest.iter().all(|v| {
                    matches!(
                        *v,
                        "-l" | "--list"
                            | "-n"
                            | "--contains"
                            | "--sort"
                            | "--points-at"
                            | "--merged"
                    ) || v.starts_with("--sort=")
                        || v.starts_with("--format=")
                }) =>
        {
            Some("`git tag` with these arguments changes tags".into())
        }
        "stash" if !matches!(rest.first().copied(), Some("list" | "show")) => {
            Some("`git stash` changes the working tree".into())
        }
        "remote"
            if !matches!(
                rest.first().copied(),
                None | Some("-v" | "--verbose" | "show" | "get-url")
            ) =>
        {
            Some("`git remote` with these arguments changes remotes".into())
        }
        "config"
            if !rest.iter().any(|v| {
                matches!(*v, "--get" | "--get-all" | "--list" | "-l" | "--get-regexp")
            }) =>
        {
            Some("`git config` may change configuration".into())
        }
        _ => None,
    }
}

fn safe_git_config(kv: &str) -> bool {
    let key = kv.split('=').next().unwrap_or("").to_ascii_lowercase();
    key.starts_with("color.")
        || key.starts_with("advice.")
        || key.starts_with("log.")
        || key.starts_with("user.")
        || key.starts_with("init.")
        || matches!(
            key.as_str(),
            "core.quotepath"
                | "core.autocrlf"
                | "core.safecrlf"
                | "diff.noprefix"
                | "diff.renames"
                | "column.ui"
                | "safe.directory"
                | "core.abbrev"
        )
}

fn git_branch_acts(rest: &[&str]) -> Option<String> {
    const READ: &[&str] = &[
        "-a",
        "--all",
        "-r",
        "--remotes",
        "-l",
        "--list",
        "-v",
        "-vv",
        "--verbose",
        "--show-current",
        "--contains",
        "--no-contains",
        "--merged",
        "--no-merged",
        "--points-at",
        "--color",
        "--no-color",
        "--column",
        "--no-column",
        "-i",
        "--ignore-case",
        "--omit-empty",
        "-q",
    ];
    let listing = rest.iter().any(|v| matches!(*v, "-l" | "--list"));
    let mut after_value_opt = false;
    for v in rest {
        if after_value_opt {
            after_value_opt = false;
            continue;
        }
        if v.starts_with("--sort=")
            || v.starts_with("--format=")
            || v.starts_with("--color=")
            || v.starts_with("--abbrev")
        {
            continue;
        }
        if matches!(
            *v,
            "--contains"
                | "--no-contains"
                | "--merged"
                | "--no-merged"
                | "--points-at"
                | "--sort"
                | "--format"
        ) {
            after_value_opt = true;
            continue;
        }
        if READ.contains(v) {
            continue;
        }
        if !v.starts_with('-') && listing {
            continue;
        }
        return Some(format!(
            "`git branch {v}` creates, deletes, moves or sets up branches"
        ));
    }
    None
}

impl Analyser<'_, '_> {
    /// Runners that run another command (`busybox rm`, `ssh host cmd`, `docker exec`, `trap`,
    /// `su -c`, `chroot`, `parallel`, `git -c alias.x=...`).
    pub(crate) fn runner(&mut self, name: &str, text: &str, argv: &[Word], depth: usize) -> Next {
        match name {
            "busybox" | "toybox" => match lit(argv, 1) {
                Some(applet) if !programs::is_shell(applet) => {
                    self.parts
                        .push(self.exec_part(PartKind::Wrapper, text, argv));
                    Next::Inner(argv[1..].to_vec(), false)
                }
                _ => Next::Plain,
            },
            "trap" => {
                // the handler runs later, with variables as they are then
                let saved = std::mem::take(&mut self.vars);
                if let Some(w) = argv.get(1) {
                    match w.value.as_deref() {
                        Some(v) if !v.starts_with('-') => self.script(v, depth + 1),
                        Some(_) => {}
                        None => self.opaque(
                            text,
                            "the `trap` handler is not known before it runs".into(),
                        ),
                    }
                }
                self.vars = saved;
                self.parts
                    .push(self.exec_part(PartKind::Wrapper, text, argv));
                Next::Done
            }
            "su" | "runuser" => {
                let mut p = self.exec_part(PartKind::Exec, text, argv);
                p.uncertain = Some(format!("`{name}` runs as another user"));
                self.parts.push(p);
                if let Some(i) = argv
                    .iter()
                    .position(|w| matches!(w.lit(), Some("-c" | "--command")))
                {
                    match argv.get(i + 1).and_then(|w| w.value.clone()) {
                        Some(s) => self.script(&s, depth + 1),
                        None => self.opaque(
                            text,
                            format!("the command given to `{name} -c` is not known"),
                        ),
                    }
                }
                Next::Done
            }
            "chroot" => {
                self.parts.push(self.exec_part(PartKind::Exec, text, argv));
                let start = argv
                    .iter()
                    .skip(1)
                    .position(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
                    .map(|p| p + 2);
                match start {
                    Some(s) if s < argv.len() => Next::Inner(argv[s..].to_vec(), false),
                    _ => Next::Done,
                }
            }
            "parallel" => {
                self.parts
                    .push(self.exec_part(PartKind::Wrapper, text, argv));
                let end = argv
                    .iter()
                    .position(|w| matches!(w.lit(), Some(":::" | "::::" | ":::+")))
                    .unwrap_or(argv.len());
                let start = argv[1..end]
                    .iter()
                    .position(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
                    .map(|p| p + 1);
                match start {
                    Some(s) if s < end => {
                        let mut inner: Vec<&str> = argv[s..end]
                            .iter()
                            .filter_map(|w| w.value.as_deref())
                            .collect();
                        // the arguments come at run time
                        inner.push("\"$__loop_gate_runtime_argument\"");
                        self.script(&inner.join(" "), depth + 1);
                        Next::Done
                    }
                    _ => {
                        self.opaque(text, "`parallel` runs commands read from its input".into());
                        Next::Done
                    }
                }
            }
            "ssh" => self.remote(text, argv, ssh_command_start(argv), depth),
            "docker" | "podman" | "kubectl" | "oc" => {
                let start = container_command_start(name, argv);
                match start {
                    Some(_) => self.remote(text, argv, start, depth),
                    None => Next::Plain,
                }
            }
            "git" => {
                self.git_alias(argv, depth);
                Next::Plain
            }
            _ => Next::Plain,
        }
    }

    /// A command run somewhere else: the runner is its own part (never allowed by a rule for
    /// the inner program) and the inner command is judged too.
    fn remote(&mut self, text: &str, argv: &[Word], start: Option<usize>, depth: usize) -> Next {
        self.parts.push(self.exec_part(PartKind::Exec, text, argv));
        if let Some(s) = start.filter(|s| *s < argv.len()) {
            let inner: Option<Vec<&str>> = argv[s..].iter().map(|w| w.value.as_deref()).collect();
            match inner {
                // ssh joins its words and hands them to the remote shell
                Some(words) => self.script(&words.join(" "), depth + 1),
                None => self.opaque(
                    text,
                    "the remote command is not known before it runs".into(),
                ),
            }
        }
        Next::Done
    }

    /// `git -c alias.x='!cmd' x`, `git -c alias.x=push x`: the alias body is judged as well.
    fn git_alias(&mut self, argv: &[Word], depth: usize) {
        for (i, w) in argv.iter().enumerate() {
            if w.lit() != Some("-c") {
                continue;
            }
            let Some(kv) = argv.get(i + 1).and_then(|w| w.value.as_deref()) else {
                if argv.get(i + 1).is_some() {
                    // `git -c "$KV" x`: the alias it may define is any command
                    self.script("$__loop_gate_dynamic", depth + 1);
                }
                continue;
            };
            let Some((key, val)) = kv.split_once('=') else {
                continue;
            };
            if !key.to_ascii_lowercase().starts_with("alias.") {
                continue;
            }
            match val.strip_prefix('!') {
                Some(cmd) => self.script(cmd, depth + 1),
                None => self.script(&format!("git {val}"), depth + 1),
            }
        }
    }

    /// The parts of a plain program run: the run itself, what it writes and reads.
    pub(crate) fn finish_exec(
        &mut self,
        name: &str,
        text: &str,
        argv: &[Word],
        open_ended: bool,
        _depth: usize,
    ) {
        let mut p = self.exec_part(PartKind::Exec, text, argv);
        p.open_ended = open_ended;
        if open_ended && !no_paths(name) {
            p.paths.push(PathArg::Unknown);
        }
        if p.uncertain.is_none() {
            p.uncertain = programs::inline_code(name, argv).or_else(|| acts(name, argv));
        }
        self.parts.push(p);
        let mut writes = programs::write_targets(name, argv);
        writes.extend(option_writes(name, argv));
        for w in writes {
            self.side_part(PartKind::Write, name, text, &w);
        }
        for m in programs::state_dir_mentions(name, argv) {
            self.side_part(PartKind::Write, name, text, &Word::literal(&m));
        }
        for w in recursive_reads(name, argv) {
            match self.path_arg(&w) {
                PathArg::Known(np) => {
                    let mut rp = Part::new(PartKind::Read, "read_file", text);
                    rp.paths.push(PathArg::below(np.absolute));
                    self.parts.push(rp);
                }
                _ => self.side_part(PartKind::Read, name, text, &below(w)),
            }
        }
    }

    fn side_part(&mut self, kind: PartKind, name: &str, text: &str, w: &Word) {
        let tool = if kind == PartKind::Write {
            "write_file"
        } else {
            "read_file"
        };
        let mut wp = Part::new(kind, tool, text);
        let arg = self.path_arg(w);
        if matches!(arg, PathArg::Unknown | PathArg::Relative(_)) {
            let verb = if kind == PartKind::Write {
                "writes to"
            } else {
                "reads every file below"
            };
            wp.uncertain = Some(format!(
                "`{name}` {verb} `{}`, which is not known before it runs",
                w.text
            ));
        }
        wp.paths.push(arg);
        self.parts.push(wp);
    }
}

fn ssh_command_start(argv: &[Word]) -> Option<usize> {
    const VALUED: &[&str] = &[
        "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p",
        "-Q", "-R", "-S", "-W", "-w", "-B", "-P",
    ];
    let mut i = 1;
    while let Some(v) = lit(argv, i) {
        if !v.starts_with('-') {
            break;
        }
        i += if VALUED.contains(&v) { 2 } else { 1 };
    }
    // argv[i] is the host
    Some(i + 1)
}

fn container_command_start(name: &str, argv: &[Word]) -> Option<usize> {
    let mut i = 1;
    while let Some(v) = lit(argv, i) {
        if !v.starts_with('-') {
            break;
        }
        i += if programs::takes_value(name, v) { 2 } else { 1 };
    }
    let sub = lit(argv, i)?;
    match (name, sub) {
        ("kubectl" | "oc", "exec") => {
            let dd = argv.iter().position(|w| w.lit() == Some("--"))?;
            Some(dd + 1)
        }
        ("docker" | "podman", "exec" | "run") => {
            const VALUED: &[&str] = &[
                "-e",
                "--env",
                "-u",
                "--user",
                "-w",
                "--workdir",
                "-v",
                "--volume",
                "--name",
                "-p",
                "--publish",
                "--entrypoint",
                "--network",
                "--env-file",
                "--mount",
                "-l",
                "--label",
                "--platform",
                "--pull",
                "-h",
                "--hostname",
            ];
            let mut j = i + 1;
            while let Some(v) = lit(argv, j) {
                if !v.starts_with('-') {
                    break;
                }
                j += if VALUED.contains(&v) { 2 } else { 1 };
            }
            // argv[j] is the container or image
            Some(j + 1)
        }
        _ => None,
    }
}

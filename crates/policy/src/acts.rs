//! Options that make a program judged read-only act: run a command, delete a branch, write
//! through a configuration (`git -c`, `git branch -D`, `sed 'e'`, `rg --pre`, ...).

use crate::models::lit;
use crate::programs;
use crate::words::Word;

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
        "sed" => crate::sed::sed_acts(&sed_args(argv)).map(String::from),
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
        _ => crate::acts20::acts(name, argv),
    }
}

/// `sed`'s arguments as the sed model reads them.
pub(crate) fn sed_args(argv: &[Word]) -> Vec<Option<&str>> {
    // a wildcard that cannot start with `-` (`{}` of `find -exec`) is a file
    argv.iter()
        .skip(1)
        .map(|w| {
            w.lit().or_else(|| {
                w.pattern
                    .as_deref()
                    .filter(|p| !p.starts_with(['-', '*', '?', '[']))
            })
        })
        .collect()
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
            // a command setting with a literal value is judged as that command (`git_alias`)
            let judged = v == "-c"
                && kv
                    .split_once('=')
                    .is_some_and(|(k, _)| crate::runners::runs_value(&k.to_ascii_lowercase()));
            if !safe_git_config(kv) && !judged {
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
    // long options may be abbreviated (`--open-files-in`, `--ext-d`)
    let named =
        |v: &str, long: &str| crate::models::abbreviates(v.split('=').next().unwrap_or(v), long);
    let ext = rest.iter().any(|v| {
        named(v, "--ext-diff")
            || *v == "--textconv"
            || named(v, "--open-files-in-pager")
            || *v == "-O"
            || (sub == "grep" && v.starts_with("-O"))
    });
    if ext {
        return Some(format!(
            "`git {sub}` with an external diff or pager runs a command"
        ));
    }
    match sub {
        "branch" => git_branch_acts(&rest),
        "tag" if !rest.is_empty() && !git_tag_lists(&rest) => {
            Some("`git tag` with these arguments changes tags".into())
        }
        "reflog" if matches!(rest.first().copied(), Some("expire" | "delete" | "drop")) => {
            Some("`git reflog` with these arguments removes reflog entries".into())
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
            }) && !crate::args21::git_config_reads(&rest) =>
        {
            Some("`git config` may change configuration".into())
        }
        _ => None,
    }
}

/// Whether `git tag ARGS` only lists tags: its options are listing ones, and with `-l`/`--list`
/// its other words are patterns or option values (`git tag --list 'v*'`, round 11); without it a
/// word names a tag to create.
fn git_tag_lists(rest: &[&str]) -> bool {
    const LISTING: &[&str] = &[
        "-l",
        "--list",
        "-n",
        "--contains",
        "--no-contains",
        "--sort",
        "--points-at",
        "--merged",
        "--no-merged",
        "--column",
        "--no-column",
        "-i",
        "--ignore-case",
        "--omit-empty",
    ];
    let listing = |v: &str| {
        LISTING.contains(&v.split('=').next().unwrap_or(v))
            || v.starts_with("--format=")
            || (v.starts_with("-n") && v[2..].chars().all(|c| c.is_ascii_digit()))
    };
    // `-n`, `--contains`, `--merged`, `--points-at` and their negations imply `--list`
    let list_mode = rest.iter().any(|v| {
        let o = v.split('=').next().unwrap_or(v);
        matches!(
            o,
            "-l" | "--list"
                | "--contains"
                | "--no-contains"
                | "--merged"
                | "--no-merged"
                | "--points-at"
        ) || (o.starts_with("-n") && o[2..].chars().all(|c| c.is_ascii_digit()))
    });
    rest.iter()
        .all(|v| listing(v) || (list_mode && !v.starts_with('-')))
}

pub(crate) fn safe_git_config(kv: &str) -> bool {
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

/// Files git writes that its options do not name: `git config KEY VALUE` (the repository's
/// `.git/config`, `~/.gitconfig` with `--global`, the file of `--file`), `git bundle create FILE`,
/// `git checkout-index --prefix=DIR`, `git maintenance register` (the global configuration).
pub fn git_writes(argv: &[Word]) -> Vec<Word> {
    let rest: Vec<&Word> = argv.iter().skip(2).collect();
    match lit(argv, 1) {
        Some("bundle") if lit(argv, 2) == Some("create") => rest
            .iter()
            .skip(1)
            .find(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
            .map(|w| vec![(*w).clone()])
            .unwrap_or_default(),
        Some("config") => git_config_writes(&rest).into_iter().collect(),
        // `git clone URL DIR`, `git worktree add DIR`, `git init DIR`: the new directory
        Some("clone") => git_positionals(&rest)
            .into_iter()
            .nth(1)
            .into_iter()
            .collect(),
        Some("worktree") if lit(argv, 2) == Some("add") => {
            git_positionals(&rest[1..]).into_iter().take(1).collect()
        }
        Some("init") => git_positionals(&rest).into_iter().take(1).collect(),
        // `git checkout-index --prefix=DIR/`: the files are written below DIR
        Some("checkout-index") => crate::outrare::prefixed(argv, &["--prefix="]),
        // `git maintenance register/start/unregister/stop` edit the global configuration
        Some("maintenance")
            if matches!(
                lit(argv, 2),
                Some("register" | "unregister" | "start" | "stop")
            ) =>
        {
            let file = crate::models::option_values(argv, &[], &["--config-file"]);
            if file.is_empty() {
                vec![Word::literal("~/.gitconfig")]
            } else {
                file
            }
        }
        _ => Vec::new(),
    }
}

/// The positional words of a git subcommand, the values of its options that take one skipped.
fn git_positionals(rest: &[&Word]) -> Vec<Word> {
    const VALUED: &[&str] = &[
        "-b",
        "-B",
        "--branch",
        "--depth",
        "-o",
        "--origin",
        "-c",
        "--config",
        "--reference",
        "--separate-git-dir",
        "-u",
        "--upload-pack",
        "--template",
        "-j",
        "--jobs",
        "--filter",
        "--shallow-since",
        "--shallow-exclude",
        "--initial-branch",
        "--object-format",
        "--reason",
        "--server-option",
    ];
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        match w.lit() {
            Some("--") => out.extend(rest[i + 1..].iter().map(|w| (*w).clone())),
            None => {}
            Some(v) if VALUED.contains(&v) => i += 1,
            Some(v) if v.starts_with('-') => {}
            Some(_) => out.push((*w).clone()),
        }
        if w.lit() == Some("--") {
            break;
        }
        i += 1;
    }
    out
}

fn git_config_writes(rest: &[&Word]) -> Option<Word> {
    const READ: &[&str] = &[
        "--get",
        "--get-all",
        "--get-regexp",
        "--get-urlmatch",
        "--list",
        "-l",
        "get",
        "list",
        "--get-color",
        "--get-colorbool",
    ];
    const WRITE: &[&str] = &[
        "--add",
        "--unset",
        "--unset-all",
        "--replace-all",
        "--rename-section",
        "--remove-section",
        "-e",
        "--edit",
        "set",
        "unset",
        "edit",
        "rename-section",
        "remove-section",
    ];
    const VALUED: &[&str] = &["--blob", "--type", "--default", "--comment", "--value"];
    let mut file = Word::literal(".git/config");
    let mut positional = 0;
    let mut write = false;
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        let v = w.lit().unwrap_or("$");
        i += 1;
        if READ.contains(&v) {
            return None;
        }
        write |= WRITE.contains(&v);
        match v {
            "--global" => file = Word::literal("~/.gitconfig"),
            "--system" => file = Word::literal("/etc/gitconfig"),
            "-f" | "--file" => {
                file = rest.get(i).map(|w| (*w).clone())?;
                i += 1;
            }
            _ if v.starts_with("--file=") => file = Word::literal(&v[7..]),
            _ if VALUED.contains(&v) => i += 1,
            _ if v.starts_with('-') => {}
            _ => positional += 1,
        }
    }
    (write || positional >= 2).then_some(file)
}

/// `git grep --no-index`, `--untracked`: it reads files git does not track (`.env` too).
pub fn git_grep_reads(argv: &[Word]) -> Vec<Word> {
    let untracked = argv
        .iter()
        .any(|w| matches!(w.lit(), Some("--no-index" | "--untracked")));
    if lit(argv, 1) != Some("grep") || !untracked {
        return Vec::new();
    }
    let after_dd = argv.iter().position(|w| w.lit() == Some("--"));
    match after_dd {
        Some(dd) if dd + 1 < argv.len() => argv[dd + 1..].to_vec(),
        _ => vec![Word::literal(".")],
    }
}

/// `git -C DIR ... --output=FILE`: a relative path names a file below DIR (the `-C` options
/// before the subcommand, in order); a `-C` that is not a literal makes it unknown.
pub fn under_git_dirs(argv: &[Word], paths: Vec<Word>) -> Vec<Word> {
    let mut dir = String::new();
    let mut known = true;
    let mut i = 1;
    while let Some(v) = lit(argv, i) {
        if !v.starts_with('-') {
            break;
        }
        if v == "-C" {
            match lit(argv, i + 1) {
                Some(d) if d.starts_with(['/', '~']) => dir = d.to_string(),
                Some(d) if dir.is_empty() => dir = d.to_string(),
                Some(d) => dir = format!("{dir}/{d}"),
                None => known = false,
            }
        }
        i += if programs::takes_value("git", v) {
            2
        } else {
            1
        };
    }
    if dir.is_empty() && known {
        return paths;
    }
    paths
        .into_iter()
        .map(|w| match w.lit() {
            Some(p) if p.starts_with(['/', '~']) => w,
            Some(p) if known => Word::literal(&format!("{dir}/{p}")),
            _ => Word {
                text: w.text.clone(),
                value: None,
                pattern: None,
            },
        })
        .collect()
}

/// The quoted glob pathspecs after `--` of a git command (`git grep KEY -- '*.env'`): git
/// matches `*` across directories and leading dots, so each names files at any depth.
pub fn pathspec_globs(argv: &[Word]) -> Vec<Word> {
    let Some(dd) = argv.iter().position(|w| w.lit() == Some("--")) else {
        return Vec::new();
    };
    argv[dd + 1..]
        .iter()
        .filter_map(|w| w.lit())
        .filter(|v| v.contains(['*', '?', '[']) && !v.starts_with(':'))
        .flat_map(|v| {
            let g = v.trim_start_matches("./");
            let (dir, last) = g.rsplit_once('/').unwrap_or(("", g));
            // a shell glob skips dot files; git's `*.env` also names `.env` itself
            let dotted = last.strip_prefix('*').filter(|r| r.starts_with('.'));
            [Some(last), dotted]
                .into_iter()
                .flatten()
                .map(|l| {
                    let pattern = match dir {
                        "" => format!("**/{l}"),
                        d => format!("{d}/{l}"),
                    };
                    Word {
                        text: v.to_string(),
                        value: None,
                        pattern: Some(pattern),
                    }
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

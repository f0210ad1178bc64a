//! Knowledge about particular programs: wrappers, shells, writers, inline-code interpreters.

use crate::words::Word;

/// Where a wrapper's inner command starts.
#[derive(Debug, Default)]
pub struct Inner {
    /// Index in argv of the inner program (may equal argv.len(): no inner command).
    pub inner: usize,
    /// `xargs`: the inner command gets more arguments at run time.
    pub open_ended: bool,
    /// The wrapper sets a variable that changes what runs (`env LD_PRELOAD=...`).
    pub env_sensitive: bool,
    /// `env -S STRING`: the string is split into the inner words.
    pub split_string: Option<String>,
    /// The inner words are joined and run by `sh -c` (`watch`, `flock -c`).
    pub shell_string: bool,
    /// A shell string given to an option (`script -c STRING`); `Some(None)`: not a literal.
    pub code: Option<Option<String>>,
    /// Why the wrapper itself is more than a wrapper (`pkexec`: other privileges).
    pub note: Option<String>,
    /// Commands named by variables it sets (`env GIT_PAGER=CMD git log`): judged as commands.
    pub scripts: Vec<String>,
}

/// Options taking a value, per wrapper (short and long forms).
fn value_opts(name: &str) -> &'static [&'static str] {
    match name {
        "sudo" | "doas" => &[
            "-u",
            "-g",
            "-h",
            "-C",
            "-D",
            "-p",
            "-r",
            "-t",
            "-U",
            "-T",
            "--user",
            "--group",
            "--host",
            "--prompt",
            "--role",
            "--type",
            "--other-user",
            "--chdir",
            "--close-from",
        ],
        "env" => &["-u", "-C", "--unset", "--chdir"],
        "exec" => &["-a"],
        "time" => &["-o", "--output", "-f", "--format"],
        "timeout" => &["-s", "-k", "--signal", "--kill-after"],
        "watch" => &["-n", "--interval", "-q", "--equexit"],
        "strace" | "ltrace" => &[
            "-o", "-e", "-p", "-s", "-u", "-E", "-a", "-P", "-I", "-b", "-X",
        ],
        "flock" => &["-w", "--timeout", "-E", "--conflict-exit-code"],
        "caffeinate" => &["-w", "-t"],
        "nice" => &["-n", "--adjustment"],
        "ionice" => &[
            "-c",
            "-n",
            "-p",
            "-P",
            "-u",
            "--class",
            "--classdata",
            "--pid",
            "--pgid",
            "--uid",
        ],
        "stdbuf" => &["-i", "-o", "-e"],
        "xargs" => &[
            "-I",
            "-L",
            "-n",
            "-P",
            "-s",
            "-d",
            "-E",
            "-a",
            "--arg-file",
            "--delimiter",
            "--max-args",
            "--max-procs",
            "--max-lines",
            "--max-chars",
            "--eof",
            "--replace",
            "--process-slot-var",
        ],
        _ => &[],
    }
}

/// Programs that run the command after their options.
const WRAPPERS: &[&str] = &[
    "sudo",
    "doas",
    "env",
    "command",
    "builtin",
    "exec",
    "nohup",
    "time",
    "timeout",
    "nice",
    "ionice",
    "stdbuf",
    "xargs",
    "setsid",
    "chronic",
    "watch",
    "strace",
    "ltrace",
    "flock",
    "taskset",
    "chrt",
    "unbuffer",
    "caffeinate",
];

/// For a wrapper program, where its inner command starts; `None` when `name` is no wrapper.
pub fn wrapper_inner(name: &str, argv: &[Word]) -> Option<Inner> {
    if !WRAPPERS.contains(&name) {
        return crate::launchers::launcher(name, argv);
    }
    let mut out = Inner {
        open_ended: name == "xargs",
        ..Inner::default()
    };
    let Some(mut i) = skip_options(name, argv, &mut out) else {
        return Some(out);
    };
    // assignments (env, sudo)
    if matches!(name, "env" | "sudo" | "doas") {
        // `NAME=VALUE` with an unknown VALUE (`PATH="$PATH"`) is still an assignment: its
        // written name decides that
        while let Some(w) = argv.get(i) {
            let v = w.value.as_deref().unwrap_or(&w.text);
            match v.split_once('=') {
                Some((k, val))
                    if !k.is_empty()
                        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    let written = w.text.split_once('=').map_or("", |(_, t)| t);
                    let same = crate::values::keeps_own_value(k, written)
                        || (w.value.is_none() && crate::values::keeps_own_value(k, val));
                    let unused = crate::envcmds::editor_unused(k, &argv[i + 1..]);
                    let cmd = w.value.as_ref().filter(|_| !unused);
                    let cmd = cmd.and_then(|_| crate::envcmds::env_command(k, val));
                    out.env_sensitive |= sensitive_env(k) && !same && cmd.is_none() && !unused;
                    out.scripts.extend(cmd);
                    i += 1;
                }
                _ => break,
            }
        }
    }
    // positional arguments before the command
    if name == "flock" {
        i = skip_flock(argv, i, &mut out);
    }
    if matches!(name, "timeout" | "chrt")
        || (name == "taskset" && !argv.iter().any(|w| w.lit() == Some("-p")))
    {
        i += 1;
    }
    // `watch -x CMD ARGS` runs the words as they are; without `-x` it joins them for `sh -c`
    let exec = argv[1..i.min(argv.len())].iter().any(|w| {
        w.lit().is_some_and(|v| {
            v == "--exec" || (v.starts_with('-') && !v.starts_with("--") && v.contains('x'))
        })
    });
    out.shell_string |= name == "watch" && !exec;
    out.inner = i.min(argv.len());
    Some(out)
}

/// Skips a wrapper's options; `None` when they decide everything (`command -v`, `env -S`).
fn skip_options(name: &str, argv: &[Word], out: &mut Inner) -> Option<usize> {
    let opts = value_opts(name);
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        let Some(v) = w.lit() else { break };
        if v == "--" {
            i += 1;
            break;
        }
        if !v.starts_with('-') || v == "-" {
            break;
        }
        if name == "command" && (v.contains('v') || v.contains('V')) {
            // `command -v x` looks a program up; it runs nothing
            out.inner = argv.len();
            return None;
        }
        if name == "nice" && v[1..].chars().all(|c| c.is_ascii_digit()) {
            i += 1;
            continue;
        }
        if name == "env"
            && (v.starts_with("-S") || v == "--split-string" || v.starts_with("--split-string="))
        {
            let s = match v.split_once('=') {
                Some((_, s)) if v.starts_with("--") => Some(s.to_string()),
                // `-S'git push'`: the string is bundled with the option
                _ if v.starts_with("-S") && v.len() > 2 => Some(v[2..].to_string()),
                _ => {
                    i += 1;
                    argv.get(i).and_then(|w| w.value.clone())
                }
            };
            out.split_string = s;
            out.inner = i + 1;
            return None;
        }
        i += if opts.contains(&v) { 2 } else { 1 };
    }
    Some(i)
}

/// `flock [options] FILE (-c STRING | COMMAND...)`: where the command starts.
fn skip_flock(argv: &[Word], mut i: usize, out: &mut Inner) -> usize {
    while let Some(v) = argv.get(i).and_then(|w| w.lit()) {
        if v == "-c" || v == "--command" {
            out.shell_string = true;
            i += 1;
            break;
        }
        if !v.starts_with('-') {
            break;
        }
        i += 1;
    }
    if !out.shell_string {
        i += 1;
        if argv
            .get(i)
            .and_then(|w| w.lit())
            .is_some_and(|v| v == "-c" || v == "--command")
        {
            out.shell_string = true;
            i += 1;
        }
    }
    i
}

/// Shells whose `-c` string is analysed as a script.
pub fn is_shell(name: &str) -> bool {
    matches!(
        name,
        "bash" | "sh" | "zsh" | "dash" | "ksh" | "mksh" | "ash" | "busybox" | "fish" | "rbash"
    ) || crate::code22::more_shells(name)
}

/// What a shell invocation runs.
pub enum ShellInput {
    /// `-c STRING` (None when the string is not a literal).
    Inline(Option<String>),
    /// A script file.
    File,
    /// Commands read from standard input.
    Stdin,
    /// `-n` (noexec): the shell parses its script and runs nothing; the script file (the
    /// word at this index, none with `-c` or standard input) is only read.
    Parse(Option<usize>),
}

/// Parses a shell's options to find what it runs.
pub fn shell_script(argv: &[Word]) -> ShellInput {
    let mut i = 1;
    if argv
        .first()
        .and_then(|w| w.lit())
        .is_some_and(|p| p.ends_with("busybox"))
    {
        i = 2;
    }
    let mut inline = false;
    let mut stdin = false;
    let mut noexec = false;
    while let Some(w) = argv.get(i) {
        let Some(v) = w.lit() else {
            return if noexec {
                ShellInput::Parse((!inline && !stdin).then_some(i))
            } else if stdin && !inline {
                ShellInput::Stdin
            } else if inline {
                ShellInput::Inline(None)
            } else {
                ShellInput::File
            };
        };
        if v == "--" || v == "-" {
            i += 1;
            break;
        }
        if (v.starts_with('-') || v.starts_with('+')) && v.len() > 1 {
            if v == "-o"
                || v == "+o"
                || v == "-O"
                || v == "+O"
                || v == "--rcfile"
                || v == "--init-file"
            {
                i += 2;
                continue;
            }
            // `fish --command STRING`, `zsh --command`... (round 19)
            if !v.starts_with("--") && v[1..].contains('c') || v == "--command" {
                inline = true;
            }
            if !v.starts_with("--") && v[1..].contains('n') {
                // `-n` reads commands without running them; `+n` turns that off again
                noexec = v.starts_with('-');
            }
            if !v.starts_with("--") && v.starts_with('-') && v[1..].contains('s') {
                // `sh -s ARGS`: commands come from standard input, the words are arguments
                stdin = true;
            }
            i += 1;
            continue;
        }
        break;
    }
    if noexec {
        let file = (!inline && !stdin && i < argv.len()).then_some(i);
        return ShellInput::Parse(file);
    }
    if stdin && !inline {
        return ShellInput::Stdin;
    }
    match (inline, argv.get(i)) {
        (true, Some(w)) => ShellInput::Inline(w.value.clone()),
        (true, None) => ShellInput::Inline(None),
        (false, Some(w)) if crate::launchrows::is_stdin(w.lit()) => ShellInput::Stdin,
        (false, Some(_)) => ShellInput::File,
        (false, None) => ShellInput::Stdin,
    }
}

pub use crate::find::{find_exec, find_found, name_globs};

/// The arguments a well-known program writes to (deletes, creates, modifies).
pub fn write_targets(name: &str, argv: &[Word]) -> Vec<Word> {
    let mut positional: Vec<&Word> = Vec::new();
    let mut end_of_opts = false;
    for w in argv.iter().skip(1) {
        match w.lit() {
            Some("--") if !end_of_opts => end_of_opts = true,
            Some(v) if !end_of_opts && v.starts_with('-') && v.len() > 1 => {}
            _ => positional.push(w),
        }
    }
    let picked: Vec<&Word> = match name {
        "rm" | "rmdir" | "unlink" | "touch" | "mkdir" | "truncate" | "shred" | "mv" => positional,
        // `tee /dev/stderr` copies to a stream, like `> /dev/stderr`
        "tee" => positional
            .into_iter()
            .filter(|w| !w.lit().is_some_and(harmless_sink))
            .collect(),
        "chmod" | "chown" | "chgrp" => positional.into_iter().skip(1).collect(),
        // `split [OPTS] FILE PREFIX`, `csplit`: the pieces are written next to PREFIX
        "split" if positional.len() >= 2 => positional.into_iter().last().into_iter().collect(),
        "cp" | "ln" | "install" | "rsync" | "scp" => {
            positional.into_iter().last().into_iter().collect()
        }
        "sed" | "perl"
            if argv.iter().any(|w| {
                w.lit()
                    .is_some_and(|v| v.starts_with("-i") || v == "--in-place")
            }) =>
        {
            positional.into_iter().skip(1).collect()
        }
        "dd" => {
            return argv
                .iter()
                .filter_map(|w| w.value.as_deref()?.strip_prefix("of=").map(Word::literal))
                .collect();
        }
        _ => Vec::new(),
    };
    picked.into_iter().cloned().collect()
}

/// Interpreters given code on the command line: the code cannot be analysed.
pub fn inline_code(name: &str, argv: &[Word]) -> Option<String> {
    let flags: &[&str] = match name {
        n if n.starts_with("python") => &["-c"],
        "node" | "deno" | "bun" => &["-e", "--eval", "-p", "--print"],
        "perl" | "ruby" => &["-e", "-E"],
        "php" => &["-r"],
        "lua" | "luajit" | "Rscript" | "R" | "julia" | "raku" | "groovy" | "elixir" | "scala"
        | "ghc" | "erl" => &["-e", "--eval", "-E", "-eval"],
        "expect" | "tclsh" | "wish" | "guile" => &["-c"],
        "mongosh" | "mongo" => &["--eval"],
        "awk" | "gawk" | "mawk" | "nawk" | "goawk" | "onetrue-awk" => return awk_system(argv),
        _ => crate::code22::inline_flags(name)?,
    };
    let letter = flags[0].trim_start_matches('-');
    let is_flag = |v: &str| {
        flags.contains(&v)
            || (v.starts_with('-') && !v.starts_with("--") && v.len() <= 4 && v.ends_with(letter))
    };
    argv.iter()
        .skip(1)
        .any(|w| w.lit().is_some_and(is_flag))
        .then(|| format!("`{name}` runs inline code that cannot be analysed"))
}

/// Interpreters that run the code on their standard input: no script file or inline code in
/// their arguments (`python3`, `node -`, `perl`, `tclsh`).
pub fn stdin_code(name: &str, argv: &[Word]) -> bool {
    let interpreter = name.starts_with("python")
        || matches!(
            name,
            "node" | "perl" | "ruby" | "php" | "lua" | "tclsh" | "expect" | "wish" | "deno" | "bun"
        )
        || crate::reads20::stdin_interpreter(name);
    interpreter
        && inline_code(name, argv).is_none()
        && argv
            .iter()
            .skip(1)
            .all(|w| w.lit().is_some_and(|v| v.starts_with('-')))
}

/// An awk program that may do more than print what it reads: run commands (`system`, pipes),
/// write files (`>`, which a comparison also spells), read other files or the environment
/// (`getline`, `ENVIRON`), load code (`-f`, `@include`, `-l`), edit in place (`-i`).
fn awk_system(argv: &[Word]) -> Option<String> {
    const ACTS: &[&str] = &["system", "getline", "ENVIRON", "PROCINFO", "@", "close"];
    const OPTS: &[&str] = &[
        "-f",
        "--file",
        "-i",
        "--include",
        "-l",
        "--load",
        "-E",
        "--exec",
    ];
    argv.iter()
        .any(|w| {
            w.value.as_deref().is_none_or(|v| {
                ACTS.iter()
                    .any(|a| crate::code22::outside_strings(v).contains(a))
                    || (crate::effects::awk_print_redirects(v)
                        && crate::effects::awk_print_files(v).is_none())
                    || OPTS.iter().any(|o| {
                        crate::models::abbreviates(v.split('=').next().unwrap_or(v), o)
                            || (v.starts_with(o) && o.len() == 2 && !v.starts_with("--"))
                    })
            })
        })
        .then(|| "`awk` program may run commands, write or read other files".to_string())
}

/// Environment variables that change which code runs.
pub fn sensitive_env(name: &str) -> bool {
    if crate::env22::harmless(name) {
        return false;
    }
    crate::env22::sensitive(name)
        || matches!(
            name,
            "LD_PRELOAD"
                | "LD_LIBRARY_PATH"
                | "LD_AUDIT"
                | "PATH"
                | "BASH_ENV"
                | "ENV"
                | "PROMPT_COMMAND"
                | "IFS"
                | "SHELLOPTS"
                | "BASHOPTS"
                | "GIT_SSH"
                | "GIT_SSH_COMMAND"
                | "GIT_EXEC_PATH"
                | "GIT_EDITOR"
                | "GIT_PAGER"
                | "GIT_EXTERNAL_DIFF"
                | "GIT_ASKPASS"
                | "GIT_CONFIG_PARAMETERS"
                | "GIT_CONFIG_GLOBAL"
                | "GIT_DIR"
                | "GIT_COMMON_DIR"
                | "EDITOR"
                | "VISUAL"
                | "PAGER"
                | "PYTHONSTARTUP"
                | "NODE_OPTIONS"
                | "PERL5OPT"
                | "RUBYOPT"
                | "RUSTC_WRAPPER"
                | "CARGO_BUILD_RUSTC_WRAPPER"
        )
        || name.starts_with("DYLD_")
        || name.starts_with("GIT_CONFIG")
        || name.starts_with("BASH_FUNC_")
}

/// Redirection targets that are not files.
pub fn harmless_sink(path: &str) -> bool {
    matches!(
        path,
        "/dev/null" | "/dev/stdout" | "/dev/stderr" | "/dev/tty"
    ) || path
        .strip_prefix("/dev/fd/")
        .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
}

/// Global options known to take a value before a subcommand (`git -C DIR push`).
pub fn takes_value(program: &str, opt: &str) -> bool {
    let known: &[&str] = match program {
        "git" => &[
            "-C",
            "-c",
            "--git-dir",
            "--work-tree",
            "--namespace",
            "--exec-path",
            "--config-env",
        ],
        "cargo" => &["-C", "-Z", "--config", "--manifest-path", "--color"],
        "npm" | "pnpm" | "yarn" => &[
            "--prefix",
            "-C",
            "--dir",
            "-w",
            "--workspace",
            "--filter",
            "--cwd",
        ],
        "docker" | "podman" => &[
            "-H",
            "--host",
            "--context",
            "-c",
            "--config",
            "-l",
            "--log-level",
        ],
        "kubectl" => &[
            "-n",
            "--namespace",
            "--context",
            "--kubeconfig",
            "-s",
            "--server",
            "--cluster",
            "--user",
        ],
        "gh" => &["-R", "--repo"],
        _ => &[],
    };
    known.contains(&opt)
}

/// Shell reserved words: as a program name they mean the parser saw something unusual.
pub fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "if" | "then"
            | "else"
            | "elif"
            | "fi"
            | "do"
            | "done"
            | "while"
            | "until"
            | "for"
            | "case"
            | "esac"
            | "in"
            | "function"
            | "select"
            | "{"
            | "}"
            | "!"
            | "[["
            | "]]"
            | "coproc"
    )
}

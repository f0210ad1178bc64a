//! Commands a program runs because an option, a subcommand or an environment variable names
//! them (`tar --to-command=CMD`, `git rebase -x CMD`, `ssh -o ProxyCommand=CMD`, `less +!CMD`,
//! `GIT_PAGER=CMD git log`): each is judged as the command it is, so a denied one is denied.
//! A data table per program, tested by examples (`tests/data/adversarial-gate10.py`).

use crate::models::lit;
use crate::words::Word;

/// A command a program runs from its options.
#[derive(Debug, PartialEq)]
pub enum OptCmd {
    /// A shell string (`sh -c STRING`).
    Script(String),
    /// Words run as a command (`git bisect run CMD ARGS...`).
    Words(Vec<Word>),
    /// A command not known before it runs.
    Unknown,
}

/// The value of option `short` (`-x V`, `-xV`) or `long` (`--long V`, `--long=V`) at `i`, if
/// the word there is that option: `Some(None)` when the value is known only at run time.
fn value_at(argv: &[Word], i: usize, short: &[&str], long: &[&str]) -> Option<Option<String>> {
    let v = argv.get(i)?.lit()?;
    let next = || argv.get(i + 1).map(|w| w.value.clone()).unwrap_or(None);
    if short.contains(&v) || long.contains(&v) {
        return Some(next());
    }
    if let Some(s) = short
        .iter()
        .find(|s| s.len() == 2 && v.len() > 2 && v.starts_with(*s))
    {
        return Some(Some(v[s.len()..].to_string()));
    }
    long.iter()
        .find_map(|l| v.strip_prefix(l).and_then(|r| r.strip_prefix('=')))
        .map(|r| Some(r.to_string()))
}

/// Every value of the options `short`/`long` as a command.
fn scripts(argv: &[Word], from: usize, short: &[&str], long: &[&str]) -> Vec<OptCmd> {
    (from..argv.len())
        .filter_map(|i| value_at(argv, i, short, long))
        .map(|v| v.map_or(OptCmd::Unknown, OptCmd::Script))
        .collect()
}

/// The commands `name` runs because of its options or subcommand.
pub fn option_commands(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    match name {
        "git" => git(argv),
        "tar" => {
            let mut out = scripts(
                argv,
                1,
                &["-I", "-F"],
                &[
                    "--to-command",
                    "--use-compress-program",
                    "--rsh-command",
                    "--info-script",
                    "--new-volume-script",
                ],
            );
            for w in argv.iter().skip(1) {
                match w.lit() {
                    Some(v) => {
                        if let Some(c) = v
                            .strip_prefix("--checkpoint-action=")
                            .and_then(|a| a.strip_prefix("exec="))
                        {
                            out.push(OptCmd::Script(c.to_string()));
                        }
                    }
                    None if w.text.contains("checkpoint-action") => out.push(OptCmd::Unknown),
                    None => {}
                }
            }
            out
        }
        "sort" => scripts(argv, 1, &[], &["--compress-program"]),
        // `rg --pre PROG`: runs PROG (a program, no shell) with each file as its argument
        "rg" => scripts(argv, 1, &[], &["--pre"])
            .into_iter()
            .map(|c| match c {
                OptCmd::Script(p) if !p.is_empty() => {
                    OptCmd::Words(vec![Word::literal(&p), Word::literal("./file-searched")])
                }
                c => c,
            })
            .collect(),
        "zip" => scripts(argv, 1, &["-TT"], &["--unzip-command"]),
        "man" => {
            // `-H`/`--html` take a browser only bundled (`-Hfirefox`, `--html=firefox`)
            let mut out = scripts(argv, 1, &["-P"], &["--pager"]);
            for v in argv.iter().skip(1).filter_map(Word::lit) {
                let browser = v.strip_prefix("--html=").or_else(|| v.strip_prefix("-H"));
                if let Some(b) = browser.filter(|b| !b.is_empty()) {
                    out.push(OptCmd::Script(b.to_string()));
                }
            }
            out
        }
        "rsync" => scripts(argv, 1, &["-e"], &["--rsh", "--rsync-path"]),
        "ssh" | "scp" | "sftp" | "autossh" => ssh_options(argv),
        "split" => scripts(argv, 1, &[], &["--filter"]),
        "wget" => scripts(argv, 1, &[], &["--use-askpass"]),
        "less" | "more" => plus_commands(argv, false),
        "nc" | "ncat" | "netcat" | "nc.traditional" | "nc.openbsd" => {
            let mut out = scripts(argv, 1, &["-e", "-c"], &["--exec", "--sh-exec"]);
            let lua = argv
                .iter()
                .any(|w| w.lit().is_some_and(|v| v.starts_with("--lua-exec")));
            out.extend(lua.then_some(OptCmd::Unknown));
            out
        }
        "socat" => argv
            .iter()
            .skip(1)
            .filter_map(|w| {
                let v = w.value.as_deref()?;
                let cmd = crate::uploads::strip_prefix_ci(v, "EXEC:")
                    .or_else(|| crate::uploads::strip_prefix_ci(v, "SYSTEM:"))?;
                Some(OptCmd::Script(
                    cmd.split(',').next().unwrap_or(cmd).to_string(),
                ))
            })
            .collect(),
        "emacs" | "emacsclient" => {
            let code = (1..argv.len())
                .filter_map(|i| value_at(argv, i, &["-eval", "--execute"], &["--eval"]));
            code.flat_map(|c| c.map_or(vec![OptCmd::Unknown], |c| elisp_commands(&c)))
                .collect()
        }
        "vi" | "vim" | "nvim" | "view" | "ex" | "vimdiff" | "gvim" => {
            let mut out = plus_commands(argv, true);
            for v in (1..argv.len()).filter_map(|i| value_at(argv, i, &["-c"], &["--cmd"])) {
                out.extend(v.map_or(Some(OptCmd::Unknown), |c| vim_bang(&c)));
            }
            // a cluster of flags ending in `c` (`ex -sc CMD`)
            for (i, w) in argv.iter().enumerate().skip(1) {
                let cluster = w.lit().is_some_and(|v| {
                    v.len() > 2 && !v.starts_with("--") && v.starts_with('-') && v.ends_with('c')
                });
                if cluster {
                    let next = argv.get(i + 1).and_then(|w| w.value.as_deref());
                    out.extend(next.map_or(Some(OptCmd::Unknown), vim_bang));
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The shell commands in Emacs Lisp code: the string given to `shell-command` and its kin,
/// the program and string arguments of `call-process`/`process-lines`/`start-process`.
fn elisp_commands(code: &str) -> Vec<OptCmd> {
    const SHELL: &[&str] = &[
        "shell-command",
        "shell-command-to-string",
        "async-shell-command",
        "call-process-shell-command",
        "start-process-shell-command",
    ];
    const PROGRAM: &[&str] = &[
        "call-process",
        "process-lines",
        "start-process",
        "make-process",
    ];
    let mut out = Vec::new();
    for (i, _) in code.match_indices('(') {
        let rest = &code[i + 1..];
        let name: String = rest
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != ')')
            .collect();
        let (shell, program) = (
            SHELL.contains(&name.as_str()),
            PROGRAM.contains(&name.as_str()),
        );
        if !shell && !program {
            continue;
        }
        // the string literals of the call, up to its first `)`
        let args = &rest[name.len()..];
        let args = &args[..args.find(')').unwrap_or(args.len())];
        let strings: Vec<&str> = args.split('"').skip(1).step_by(2).collect();
        let strings = if name.starts_with("start-process") {
            // NAME BUFFER PROGRAM ARGS...: the buffer may be `nil`, not a string
            strings.into_iter().skip(1).collect::<Vec<_>>()
        } else {
            strings
        };
        match (shell, strings.first()) {
            (true, Some(s)) => out.push(OptCmd::Script((*s).to_string())),
            (false, Some(_)) => out.push(OptCmd::Words(
                strings.iter().map(|s| Word::literal(s)).collect(),
            )),
            _ => out.push(OptCmd::Unknown),
        }
    }
    out
}

/// `+CMD` of `less` (a command at start; `!` runs a shell) and of `vi` (an ex command).
fn plus_commands(argv: &[Word], ex: bool) -> Vec<OptCmd> {
    argv.iter()
        .skip(1)
        .filter_map(|w| match w.lit() {
            Some(v) => {
                let c = v.strip_prefix('+')?;
                if ex {
                    vim_bang(c)
                } else {
                    c.strip_prefix('!').map(|s| OptCmd::Script(s.to_string()))
                }
            }
            None if w.text.starts_with('+') => Some(OptCmd::Unknown),
            None => None,
        })
        .collect()
}

/// An ex command that runs a shell (`!cmd`, `:!cmd`, `silent !cmd`, `r !cmd`, `w !cmd`);
/// `system(...)`/`lua` and the like run code the gate does not read.
fn vim_bang(c: &str) -> Option<OptCmd> {
    let c = c.trim_start_matches([':', ' ']);
    // `silent !cmd`, `silent! !cmd`; a range before `!` filters lines through cmd (`%!sh`)
    let c = c.strip_prefix("silent").map_or(c, |r| {
        r.strip_prefix('!')
            .filter(|x| x.starts_with(' '))
            .unwrap_or(r)
            .trim_start()
    });
    let c = c.trim_start_matches(|ch: char| "%.$,0123456789'<> ".contains(ch));
    if let Some(s) = c.strip_prefix('!') {
        return Some(OptCmd::Script(s.to_string()));
    }
    if let Some(at) = c.find("system(") {
        // `call system("cmd")`: the string given
        let arg = c[at + 7..].trim_start();
        let q = arg.chars().next().filter(|q| *q == '"' || *q == '\'');
        if let Some(s) = q.and_then(|q| arg[1..].split(q).next()) {
            return Some(OptCmd::Script(s.to_string()));
        }
    }
    for pre in ["r", "read", "w", "write"] {
        if let Some(s) = c
            .strip_prefix(pre)
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('!'))
        {
            return Some(OptCmd::Script(s.to_string()));
        }
    }
    let runs = [
        "system(",
        "systemlist(",
        "lua",
        "py",
        "perl",
        "ruby",
        "term",
        "job_start",
    ];
    runs.iter()
        .any(|r| c.starts_with(r) || c.contains(&format!("call {r}")) || c.contains("system("))
        .then_some(OptCmd::Unknown)
}

/// ssh's options that run a local command (`-o ProxyCommand=`, `LocalCommand`,
/// `KnownHostsCommand`, `-S`/`-D` programs of scp/sftp) or a remote one (`RemoteCommand`).
fn ssh_options(argv: &[Word]) -> Vec<OptCmd> {
    const KEYS: &[&str] = &[
        "proxycommand",
        "localcommand",
        "knownhostscommand",
        "remotecommand",
        "permitlocalcommand",
    ];
    let mut out = Vec::new();
    let name = argv.first().and_then(Word::lit).unwrap_or("");
    let prog = !name.ends_with("ssh");
    for i in 1..argv.len() {
        if prog && let Some(v) = value_at(argv, i, &["-S", "-D"], &[]) {
            out.push(v.map_or(OptCmd::Unknown, OptCmd::Script));
            continue;
        }
        let Some(v) = value_at(argv, i, &["-o"], &[]) else {
            continue;
        };
        let Some(kv) = v else {
            out.push(OptCmd::Unknown);
            continue;
        };
        let kv = kv.trim_start();
        let split = kv.find(['=', ' ', '\t']).unwrap_or(kv.len());
        let (key, val) = kv.split_at(split);
        let val = val.trim_start_matches([' ', '\t']);
        let val = val.strip_prefix('=').unwrap_or(val).trim_start();
        let key = key.to_ascii_lowercase();
        if KEYS.contains(&key.as_str()) && key != "permitlocalcommand" {
            out.push(OptCmd::Script(val.trim_start_matches("exec ").to_string()));
        }
    }
    out
}

/// git subcommands and options that run a command (`grep -O`, `difftool -x`, `bisect run`,
/// `rebase -x`, `submodule foreach`, `filter-branch --*-filter`, `send-email --*-cmd`).
fn git(argv: &[Word]) -> Vec<OptCmd> {
    let mut i = 1;
    while let Some(v) = lit(argv, i) {
        if !v.starts_with('-') {
            break;
        }
        i += if crate::programs::takes_value("git", v) {
            2
        } else {
            1
        };
    }
    let from = i + 1;
    match lit(argv, i).unwrap_or("") {
        "grep" => (from..argv.len())
            .filter_map(|j| {
                let v = argv[j].lit()?;
                let c = v
                    .strip_prefix("--open-files-in-pager=")
                    .or_else(|| v.strip_prefix("-O").filter(|c| !c.is_empty()))?;
                Some(OptCmd::Script(c.to_string()))
            })
            .collect(),
        "difftool" | "mergetool" => scripts(argv, from, &["-x"], &["--extcmd"]),
        "rebase" => scripts(argv, from, &["-x"], &["--exec"]),
        "bisect" if lit(argv, from) == Some("run") => {
            vec![OptCmd::Words(argv[from + 1..].to_vec())]
        }
        "submodule" if lit(argv, from) == Some("foreach") => {
            let rest: Vec<&Word> = argv[from + 1..]
                .iter()
                .skip_while(|w| w.lit() == Some("--recursive") || w.lit() == Some("-q"))
                .collect();
            match rest
                .iter()
                .map(|w| w.value.as_deref())
                .collect::<Option<Vec<_>>>()
            {
                Some(words) => vec![OptCmd::Script(words.join(" "))],
                None => vec![OptCmd::Unknown],
            }
        }
        "filter-branch" => scripts(
            argv,
            from,
            &[],
            &[
                "--tree-filter",
                "--index-filter",
                "--env-filter",
                "--msg-filter",
                "--commit-filter",
                "--parent-filter",
                "--tag-name-filter",
            ],
        ),
        "clone" | "fetch" | "pull" | "ls-remote" | "archive" | "push" | "remote" => {
            let mut out = scripts(
                argv,
                from,
                &[],
                &["--upload-pack", "--receive-pack", "--exec"],
            );
            if matches!(lit(argv, i), Some("clone")) {
                out.extend(scripts(argv, from, &["-u"], &[]));
            }
            // `ext::CMD ARGS` runs CMD (`% ` is a space, `%%` a percent sign)
            for w in &argv[from.min(argv.len())..] {
                match w.value.as_deref().and_then(|v| v.strip_prefix("ext::")) {
                    Some(c) => out.push(OptCmd::Words(ext_words(c))),
                    None if w.value.is_none() && w.text.contains("ext::") => {
                        out.push(OptCmd::Unknown)
                    }
                    None => {}
                }
            }
            out
        }
        "send-email" => scripts(
            argv,
            from,
            &[],
            &["--to-cmd", "--cc-cmd", "--header-cmd", "--sendmail-cmd"],
        ),
        _ => Vec::new(),
    }
}

/// The values of `awk -v NAME=VALUE` (and `NAME=VALUE` operands) when the program runs
/// commands (`system`, `| getline`, a print to a pipe): any of them may be the command.
fn files_runs(argv: &[Word]) -> Vec<String> {
    let runs = argv.iter().skip(1).any(|w| {
        w.value.as_deref().is_some_and(|v| {
            v.contains("system")
                || v.contains("getline")
                || (v.contains("print") && v.contains('|'))
        })
    });
    if !runs {
        return Vec::new();
    }
    argv.windows(2)
        .filter(|p| p[0].lit() == Some("-v"))
        .filter_map(|p| {
            p[1].value
                .as_deref()?
                .split_once('=')
                .map(|(_, v)| v.to_string())
        })
        .collect()
}

/// The words of git's `ext::` command: split at spaces, `% ` an escaped space, `%%` a percent.
fn ext_words(c: &str) -> Vec<Word> {
    let mut words = vec![String::new()];
    let mut chars = c.chars();
    while let Some(ch) = chars.next() {
        match ch {
            '%' => words
                .last_mut()
                .into_iter()
                .for_each(|w| w.extend(chars.next())),
            ' ' => words.push(String::new()),
            _ => words.last_mut().into_iter().for_each(|w| w.push(ch)),
        }
    }
    words
        .iter()
        .filter(|w| !w.is_empty())
        .map(|w| Word::literal(w))
        .collect()
}

/// Whether variable `name` set to `value` makes a program write there: git's traces to an
/// absolute path, cargo's target directory, a TLS key log.
fn writes_to(name: &str, value: &str) -> bool {
    let path = value.starts_with(['/', '~', '.']);
    match name {
        "CARGO_TARGET_DIR" | "CARGO_BUILD_TARGET_DIR" | "SSLKEYLOGFILE" => !value.is_empty(),
        _ => path && name.starts_with("GIT_TRACE"),
    }
}

/// Variables whose value a program reads as more of its options.
fn option_variable(name: &str) -> Option<&'static str> {
    Some(match name {
        "TAR_OPTIONS" => "tar",
        "MANOPT" => "man",
        "LESS" => "less",
        "ZIPOPT" => "zip",
        "RSYNC_OPTIONS" => "rsync",
        _ => return None,
    })
}

/// Environment variables whose value a program runs as a command (`GIT_PAGER`, `EDITOR`,
/// `LESSOPEN`, ...), with the value as that command (`LESSOPEN='|cmd %s'` runs `cmd %s`).
pub fn env_command(name: &str, value: &str) -> Option<String> {
    match name {
        "GIT_PAGER"
        | "PAGER"
        | "MANPAGER"
        | "SYSTEMD_PAGER"
        | "GH_PAGER"
        | "GIT_EDITOR"
        | "EDITOR"
        | "VISUAL"
        | "GIT_SEQUENCE_EDITOR"
        | "GH_EDITOR"
        | "GIT_EXTERNAL_DIFF"
        | "GIT_SSH_COMMAND"
        | "GIT_SSH"
        | "GIT_ASKPASS"
        | "SSH_ASKPASS"
        | "SUDO_ASKPASS"
        | "LESSCLOSE"
        | "BROWSER"
        | "GH_BROWSER" => Some(value.to_string()),
        "LESSOPEN" => Some(value.trim_start_matches(['|', '-']).to_string()),
        "RSYNC_RSH" | "RSYNC_CONNECT_PROG" | "CVS_RSH" | "GIT_PROXY_COMMAND" => {
            Some(value.to_string())
        }
        _ => None,
    }
}

/// `script [options] [FILE]`: the typescript FILE (`typescript` when none is given) and the
/// logs of `-O/-B/-T/-I` (`/dev/null` writes nothing).
fn script_writes(argv: &[Word]) -> Vec<Word> {
    const SKIP: &[&str] = &["--command", "--echo", "--output-limit", "--logging-format"];
    const LOGS: &[&str] = &["--log-out", "--log-io", "--log-timing", "--log-in"];
    let mut out = Vec::new();
    let mut file = None;
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        i += 1;
        let Some(v) = w.lit() else {
            file = file.or(Some(w.clone()));
            continue;
        };
        // a short option (or the last of a cluster, `-qc CMD`) takes the next word
        let last = (v.starts_with('-') && !v.starts_with("--"))
            .then(|| v.chars().last())
            .flatten();
        if LOGS.contains(&v) || last.is_some_and(|c| "OBTI".contains(c)) {
            out.extend(argv.get(i).cloned());
            i += 1;
        } else if SKIP.contains(&v) || last.is_some_and(|c| "cEom".contains(c)) {
            i += 1;
        } else if let Some((_, f)) = v.split_once('=').filter(|_| v.starts_with("--log-")) {
            out.push(Word::literal(f));
        } else if !v.starts_with('-') {
            file = file.or(Some(w.clone()));
        }
    }
    out.push(file.unwrap_or_else(|| Word::literal("typescript")));
    out.retain(|w| {
        !w.value
            .as_deref()
            .is_some_and(crate::programs::harmless_sink)
    });
    out
}

/// Why `name` runs commands given where the gate cannot read them and that may be any command
/// (`make -f -` / `make --eval`: recipes on standard input or the command line; `sftp -b`: a
/// batch of transfers, which may upload any file).
pub fn unseen_commands(name: &str, argv: &[Word]) -> Option<String> {
    let any = |f: &dyn Fn(&str) -> bool| argv.iter().skip(1).any(|w| w.lit().is_some_and(f));
    match name {
        "make" | "gmake"
            if any(&|v| {
                v.starts_with("--eval")
                    || v.starts_with("-E")
                    || matches!(v, "--file=-" | "--makefile=-" | "-f-")
            }) || argv.windows(2).any(|p| {
                matches!(p[0].lit(), Some("-f" | "--file" | "--makefile"))
                    && p[1].lit() == Some("-")
            }) =>
        {
            Some("`make` runs recipes given on its input or command line".into())
        }
        "ed" | "red" => Some("`ed` runs the commands on its input (`!cmd` too)".into()),
        // transfers given on the input (`sftp h <<< 'put .env'`) or in a batch file
        "sftp" | "ftp" | "lftp" | "tftp" => Some(format!(
            "`{name}` runs transfer commands not seen here (a `put` may send any file)"
        )),
        _ => None,
    }
}

/// Files a wrapper itself writes (`strace -o F`, GNU `time -o F`, `ltrace -o F`).
pub fn wrapper_writes(name: &str, argv: &[Word]) -> Vec<Word> {
    let (short, long): (&[&str], &[&str]) = match name {
        "strace" | "ltrace" => (&["-o"], &["--output"]),
        "time" => (&["-o"], &["--output"]),
        "valgrind" => (
            &[],
            &[
                "--log-file",
                "--xml-file",
                "--massif-out-file",
                "--callgrind-out-file",
                "--cachegrind-out-file",
            ],
        ),
        "script" => return script_writes(argv),
        _ => return Vec::new(),
    };
    // only the wrapper's own options, before its command
    let end =
        crate::programs::wrapper_inner(name, argv).map_or(argv.len(), |i| i.inner.min(argv.len()));
    let mut out = crate::models::option_values(&argv[..end], short, long);
    out.retain(|w| {
        !w.value
            .as_deref()
            .is_some_and(crate::programs::harmless_sink)
    });
    out
}

/// The files an awk program's print statements write (`print > "f"`, `printf ... >> "f"`), when
/// every redirection of a print is to a literal file name; `None` when one pipes to a command
/// or writes to a name computed at run time.
pub fn awk_print_files(program: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for (i, _) in program.match_indices("print") {
        // the statement's first `>` or `|` outside a string literal, up to its end
        let b = program.as_bytes();
        let (mut j, mut quoted, mut op) = (i, false, None);
        while j < b.len() {
            match b[j] {
                b'\\' if quoted => j += 1,
                b'"' => quoted = !quoted,
                b';' | b'}' | b'\n' if !quoted => break,
                b'|' if !quoted => return None,
                b'>' if !quoted && op.is_none() => op = Some(j),
                _ => {}
            }
            j += 1;
        }
        let Some(gt) = op else { continue };
        let target = program[gt..j.min(program.len())]
            .trim_start_matches('>')
            .trim();
        let name = target.strip_prefix('"')?.strip_suffix('"')?;
        if name.contains(['"', '\\']) {
            return None;
        }
        out.push(name.to_string());
    }
    Some(out)
}

impl crate::shell::Analyser<'_, '_> {
    /// What a wrapper does itself: the files it writes ([`wrapper_writes`]) and the commands
    /// named by variables it sets (`env GIT_PAGER=CMD`).
    pub(crate) fn wrapper_effects(
        &mut self,
        name: &str,
        text: &str,
        argv: &[Word],
        scripts: &[String],
        depth: usize,
    ) {
        for w in wrapper_writes(name, argv) {
            self.side_part(crate::part::PartKind::Write, name, text, &w);
        }
        for s in scripts {
            self.script(s, depth + 1);
        }
    }

    /// The commands of [`option_commands`], judged as commands.
    pub(crate) fn option_commands(&mut self, name: &str, text: &str, argv: &[Word], depth: usize) {
        if let Some(why) = unseen_commands(name, argv) {
            // commands the gate cannot read, a denied one too: `--yolo` does not run them
            let mut p = self.exec_part(crate::part::PartKind::Exec, text, argv);
            p.uncertain = Some(why);
            p.runs_unknown_code = true;
            self.parts.push(p);
        }
        if matches!(name, "awk" | "gawk" | "mawk" | "nawk") {
            // `awk '{print > "f"}'`: the files a print writes
            let files = argv.iter().skip(1).filter_map(|w| w.value.as_deref());
            let files: Vec<String> = files
                .filter(|v| v.contains("print"))
                .filter_map(awk_print_files)
                .flatten()
                .collect();
            for f in files.iter().filter(|f| !crate::programs::harmless_sink(f)) {
                self.side_part(crate::part::PartKind::Write, name, text, &Word::literal(f));
            }
            // `awk -v cmd='git push' 'BEGIN { system(cmd) }'`: a value the program may run
            let runs = files_runs(argv);
            for v in runs {
                self.script(&v, depth + 1);
            }
        }
        if name == "sed" {
            use crate::part::PartKind;
            use crate::sed::Effect;
            for e in crate::sed::sed_effects(&crate::acts::sed_args(argv)).unwrap_or_default() {
                match e {
                    Effect::Write(f) if crate::programs::harmless_sink(&f) => {}
                    Effect::Write(f) => {
                        self.side_part(PartKind::Write, name, text, &Word::literal(&f))
                    }
                    Effect::Read(f) => {
                        self.side_part(PartKind::Read, name, text, &Word::literal(&f))
                    }
                    Effect::Run(s) => self.script(&s, depth + 1),
                }
            }
        }
        for c in option_commands(name, argv) {
            match c {
                OptCmd::Script(s) => self.script(&s, depth + 1),
                OptCmd::Words(w) if !w.is_empty() => self.exec(text, w, depth + 1, None, None),
                OptCmd::Words(_) => {}
                OptCmd::Unknown => self.opaque(
                    text,
                    format!("the command an option of `{name}` runs is not known before it runs"),
                ),
            }
        }
    }

    /// `GIT_PAGER=cmd git log`, `LESSOPEN='|cmd %s' less f`: a command variable with a known
    /// value is judged as the command it names; the names so judged leave `env` (a plain
    /// reader as a pager, `GIT_PAGER=cat`, then changes nothing the gate guards).
    pub(crate) fn env_commands(
        &mut self,
        assigns: &[tree_sitter::Node<'_>],
        src: &str,
        depth: usize,
        env: &mut Vec<String>,
    ) {
        let mut judged = Vec::new();
        for a in assigns {
            let Some(n) = a.child_by_field_name("name") else {
                continue;
            };
            let name = &src[n.byte_range()];
            let value = match a.child_by_field_name("value") {
                Some(v) => self.word(v, src).value,
                None => Some(String::new()),
            };
            if let (Some(prog), Some(v)) = (option_variable(name), value.as_deref()) {
                // `TAR_OPTIONS='--to-command=CMD' tar x`: options the program reads
                let mut words = vec![Word::literal(prog)];
                words.extend(
                    crate::words::split_selector(v)
                        .iter()
                        .map(|s| Word::literal(s)),
                );
                self.option_commands(prog, "", &words, depth);
                continue;
            }
            if let Some(f) = value.as_deref().filter(|v| writes_to(name, v)) {
                // `GIT_TRACE=/tmp/t git status`, `CARGO_TARGET_DIR=../t cargo test`
                let text = &src[a.byte_range()];
                self.side_part(crate::part::PartKind::Write, name, text, &Word::literal(f));
                continue;
            }
            let Some(cmd) = value.as_deref().and_then(|v| env_command(name, v)) else {
                continue;
            };
            if !cmd.trim().is_empty() {
                self.script(&cmd, depth + 1);
            }
            judged.push(name.to_string());
        }
        env.retain(|n| !judged.contains(n));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<Word> {
        crate::words::split_selector(s)
            .iter()
            .map(|s| Word::literal(s))
            .collect()
    }

    fn cmds(s: &str) -> Vec<OptCmd> {
        let argv = w(s);
        let name = argv[0].lit().unwrap_or("").to_string();
        option_commands(&name, &argv)
    }

    fn script(s: &str) -> Vec<OptCmd> {
        vec![OptCmd::Script(s.to_string())]
    }

    #[test]
    fn commands_given_in_options() {
        assert_eq!(cmds("tar --to-command=cat -xf a.tar"), script("cat"));
        assert_eq!(cmds("tar -I zstd -cf x src"), script("zstd"));
        assert_eq!(
            cmds("tar -cf x --checkpoint-action=exec=id src"),
            script("id")
        );
        assert_eq!(cmds("sort --compress-program=gzip x"), script("gzip"));
        assert_eq!(cmds("zip -T -TT 'unzip -t' x.zip f"), script("unzip -t"));
        assert_eq!(cmds("man -P cat ls"), script("cat"));
        assert_eq!(cmds("man -H ls"), vec![]);
        assert_eq!(cmds("man -Hfirefox ls"), script("firefox"));
        assert_eq!(cmds("man --html=w3m ls"), script("w3m"));
        assert_eq!(cmds("rsync -e 'ssh -p 2' a b:"), script("ssh -p 2"));
        assert_eq!(cmds("ssh -o 'ProxyCommand nc %h %p' h"), script("nc %h %p"));
        assert_eq!(cmds("ssh -oLocalCommand=id h"), script("id"));
        assert_eq!(cmds("scp -S ./x a h:"), script("./x"));
        assert_eq!(cmds("less +!id f"), script("id"));
        assert_eq!(cmds("less +G f"), vec![]);
        assert_eq!(cmds("vim -c ':!id' f"), script("id"));
        assert_eq!(cmds("vim -c wq f"), vec![]);
        assert_eq!(cmds("git grep -Ovim x"), script("vim"));
        assert_eq!(cmds("git grep -O x"), vec![]);
        assert_eq!(cmds("git -C d rebase -x 'make t' main"), script("make t"));
        assert_eq!(
            cmds("git submodule foreach --recursive git status"),
            script("git status")
        );
        assert_eq!(cmds("git bisect run make"), vec![OptCmd::Words(w("make"))]);
        assert_eq!(cmds("git log -x"), vec![]);
        assert_eq!(cmds("ssh -o ConnectTimeout=5 h"), vec![]);
        assert_eq!(env_command("LESSOPEN", "|x %s").as_deref(), Some("x %s"));
        assert_eq!(env_command("HOME", "/x"), None);
        assert_eq!(cmds("nc -e /bin/sh h 1"), script("/bin/sh"));
        assert_eq!(cmds("ncat --sh-exec 'id' -l 1"), script("id"));
        assert_eq!(cmds("socat - EXEC:'id -u',pty"), script("id -u"));
        assert_eq!(cmds("socat - TCP:h:1"), vec![]);
        assert_eq!(
            awk_print_files(r#"{ printf "%s > %s;", $1, $2 }"#),
            Some(vec![])
        );
        assert_eq!(
            awk_print_files(r#"{ print $1 >> "o.txt" }"#),
            Some(vec!["o.txt".into()])
        );
        assert_eq!(awk_print_files(r#"{ print > $1 ".txt" }"#), None);
        assert_eq!(awk_print_files(r#"{ print | "sh" }"#), None);
        assert_eq!(cmds("vim '+silent !id' f"), script("id"));
        assert_eq!(cmds("vim -c '%!sort' f"), script("sort"));
        assert_eq!(cmds("nvim -c 'call system(\"id\")' f"), script("id"));
        assert_eq!(cmds("ex -sc '!id' f"), script("id"));
        assert_eq!(cmds("git fetch --upload-pack=x origin"), script("x"));
        assert_eq!(
            cmds("git clone 'ext::sh -c id% -u'"),
            vec![OptCmd::Words(w("sh -c 'id -u'"))]
        );
        assert_eq!(
            cmds("emacs --batch --eval '(shell-command \"id\")'"),
            script("id")
        );
        assert_eq!(cmds("emacs --eval '(message \"hi\")'"), vec![]);
        let ws = |s: &str| -> Vec<String> {
            let argv = w(s);
            let name = argv[0].lit().unwrap_or("").to_string();
            let out = wrapper_writes(&name, &argv);
            out.iter()
                .map(|w| w.value.clone().unwrap_or_default())
                .collect()
        };
        assert_eq!(ws("script -qc 'make' out.log"), ["out.log"]);
        assert_eq!(ws("script -q -c make"), ["typescript"]);
        assert_eq!(ws("script -c make /dev/null"), Vec::<String>::new());
        assert_eq!(ws("strace -f -o t.txt ls -o x"), ["t.txt"]);
    }
}

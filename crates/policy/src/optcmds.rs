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
pub(crate) fn value_at(
    argv: &[Word],
    i: usize,
    short: &[&str],
    long: &[&str],
) -> Option<Option<String>> {
    let v = argv.get(i)?.lit()?;
    let next = || argv.get(i + 1).map(|w| w.value.clone()).unwrap_or(None);
    if short.contains(&v) || long.iter().any(|l| crate::models::abbreviates(v, l)) {
        return Some(next());
    }
    if let Some(s) = short
        .iter()
        .find(|s| s.len() == 2 && v.len() > 2 && v.starts_with(*s))
    {
        return Some(Some(v[s.len()..].to_string()));
    }
    let (opt, val) = v.split_once('=')?;
    long.iter()
        .any(|l| crate::models::abbreviates(opt, l))
        .then(|| Some(val.to_string()))
}

/// Every value of the options `short`/`long` as a command.
pub(crate) fn scripts(argv: &[Word], from: usize, short: &[&str], long: &[&str]) -> Vec<OptCmd> {
    (from..argv.len())
        .filter_map(|i| value_at(argv, i, short, long))
        .map(|v| v.map_or(OptCmd::Unknown, OptCmd::Script))
        .collect()
}

/// The commands `name` runs because of its options or subcommand.
pub fn option_commands(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    let mut out = crate::runcmds::commands(name, argv);
    out.extend(table_commands(name, argv));
    out
}

fn table_commands(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    match name {
        "git" => git(argv),
        "tar" => tar(argv),
        "cargo" => cargo_config(argv),
        // the shell npm runs package scripts with
        "npm" | "pnpm" | "yarn" => scripts(argv, 1, &[], &["--script-shell"]),
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
        "nc" | "ncat" | "netcat" | "nc.traditional" | "nc.openbsd" | "socat" => sockets(name, argv),
        "emacs" | "emacsclient" => {
            let code = (1..argv.len())
                .filter_map(|i| value_at(argv, i, &["-eval", "--execute"], &["--eval"]));
            code.flat_map(|c| c.map_or(vec![OptCmd::Unknown], |c| elisp_commands(&c)))
                .collect()
        }
        "vi" | "vim" | "nvim" | "view" | "ex" | "vimdiff" | "gvim" => {
            let mut out = plus_commands(argv, true);
            out.extend(crate::edits20::vim_bare_writes(name, argv));
            for v in (1..argv.len()).filter_map(|i| value_at(argv, i, &["-c"], &["--cmd"])) {
                out.extend(v.as_deref().map_or(Some(OptCmd::Unknown), vim_bang));
                out.extend(v.iter().flat_map(|c| c.split('|')).filter_map(|c| {
                    crate::stdincmds::editor_write(c.trim_start_matches(':')).map(OptCmd::Script)
                }));
            }
            // a cluster of flags ending in `c` (`ex -sc CMD`)
            for (i, w) in argv.iter().enumerate().skip(1) {
                let cluster = w.lit().is_some_and(|v| {
                    v.len() > 2 && !v.starts_with("--") && v.starts_with('-') && v.ends_with('c')
                });
                if cluster {
                    let next = argv.get(i + 1).and_then(|w| w.value.as_deref());
                    out.extend(next.map_or(Some(OptCmd::Unknown), vim_bang));
                    out.extend(next.iter().flat_map(|c| c.split('|')).filter_map(|c| {
                        crate::stdincmds::editor_write(c.trim_start_matches(':'))
                            .map(OptCmd::Script)
                    }));
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// tar's options that run a command (`--to-command`, `-I`, `--checkpoint-action=exec=`, ...).
fn tar(argv: &[Word]) -> Vec<OptCmd> {
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

/// The keys of a cargo configuration (the last dotted part) whose value is a command cargo
/// runs: a runner, wrapper, compiler, linker or credential provider.
pub(crate) const CARGO_CONFIG_RUNS: &[&str] = &[
    "runner",
    "rustc-wrapper",
    "rustc-workspace-wrapper",
    "rustc",
    "rustdoc",
    "linker",
    "ar",
    "credential-provider",
    "global-credential-providers",
];

/// `cargo --config KEY=VALUE`: a runner, wrapper, compiler, linker or alias given there is a
/// command cargo runs (a TOML string is a command line, an array its words); `--config FILE`
/// reads a configuration that may set any of them.
fn cargo_config(argv: &[Word]) -> Vec<OptCmd> {
    let mut out = Vec::new();
    for v in (1..argv.len()).filter_map(|i| value_at(argv, i, &[], &["--config"])) {
        let Some(kv) = v else {
            out.push(OptCmd::Unknown);
            continue;
        };
        let Some((key, val)) = kv.split_once('=') else {
            // a configuration file
            out.push(OptCmd::Unknown);
            continue;
        };
        let key = key.trim().trim_matches(['"', '\'']);
        let last = key.rsplit('.').next().unwrap_or(key);
        if !CARGO_CONFIG_RUNS.contains(&last) && !key.starts_with("alias.") {
            continue;
        }
        let val = val.trim();
        out.push(
            match val.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                Some(items) => OptCmd::Words(
                    items
                        .split(',')
                        .map(|s| Word::literal(s.trim().trim_matches(['"', '\''])))
                        .collect(),
                ),
                None if key.starts_with("alias.") => {
                    OptCmd::Script(format!("cargo {}", val.trim_matches(['"', '\''])))
                }
                None => OptCmd::Script(val.trim_matches(['"', '\'']).to_string()),
            },
        );
    }
    out
}

/// Socket tools that run a command (`nc -e PROG`, `nc -c CMD`, `ncat --sh-exec CMD`, socat's
/// `EXEC:CMD` and `SYSTEM:CMD` addresses).
fn sockets(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    if name != "socat" {
        let mut out = scripts(argv, 1, &["-e", "-c"], &["--exec", "--sh-exec"]);
        let lua = argv
            .iter()
            .any(|w| w.lit().is_some_and(|v| v.starts_with("--lua-exec")));
        out.extend(lua.then_some(OptCmd::Unknown));
        return out;
    }
    argv.iter()
        .skip(1)
        .filter_map(|w| {
            let v = w.value.as_deref()?;
            let cmd = crate::uploads::strip_prefix_ci(v, "EXEC:")
                .or_else(|| crate::uploads::strip_prefix_ci(v, "SYSTEM:"))?;
            Some(OptCmd::Script(
                cmd.split(',').next().unwrap_or(cmd).to_string(),
            ))
        })
        .collect()
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
                let long = v.split_once('=').filter(|(o, _)| {
                    o.starts_with("--") && crate::models::abbreviates(o, "--open-files-in-pager")
                });
                let c = long
                    .map(|(_, c)| c)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::effects::{awk_print_files, wrapper_writes};
    use crate::envcmds::env_command;

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
        // round 20: `wq` runs no command but writes the opened file (`src/edits20.rs`)
        assert_eq!(cmds("vim -c wq f"), script("true > 'f'"));
        assert_eq!(cmds("vim -c q f"), vec![]);
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

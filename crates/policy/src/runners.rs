//! Runner models: programs that run another command (`busybox`, `trap`, `su -c`, `chroot`,
//! `parallel`, `ssh`, `docker exec`, `git -c alias.x=...`) and the parts of a plain run.

use crate::models::{acts, below, lit, no_paths, option_writes, recursive_reads};
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

impl Analyser<'_, '_> {
    /// Runners that run another command (`busybox rm`, `ssh host cmd`, `docker exec`, `trap`,
    /// `su -c`, `chroot`, `parallel`, `git -c alias.x=...`).
    pub(crate) fn runner(&mut self, name: &str, text: &str, argv: &[Word], depth: usize) -> Next {
        match name {
            "busybox" | "toybox" => match lit(argv, 1) {
                // round 21: toybox's shell is judged as the shell it is (`toybox sh -c CMD`)
                Some(applet) if !programs::is_shell(applet) || name == "toybox" => {
                    self.parts
                        .push(self.exec_part(PartKind::Wrapper, text, argv));
                    Next::Inner(argv[1..].to_vec(), false)
                }
                _ => Next::Plain,
            },
            "trap" => self.trap(text, argv, depth),
            "su" | "runuser" => self.su(name, text, argv, depth),
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
            "parallel" => self.parallel(text, argv, depth),
            "ssh" => {
                // `-o ProxyCommand=CMD` runs here
                self.option_commands(name, text, argv, depth);
                self.remote(text, argv, ssh_command_start(argv), depth)
            }
            "docker" | "podman" | "kubectl" | "oc" => {
                // the container runs the words as they are (no shell joins them, unlike ssh)
                match container_command_start(name, argv) {
                    Some(s) => {
                        self.parts.push(self.exec_part(PartKind::Exec, text, argv));
                        // `-v ~/.ssh:/root/.ssh`, `--env-file .env`
                        self.option_reads(name, text, &argv[..s.min(argv.len())]);
                        match argv.get(s..).filter(|rest| !rest.is_empty()) {
                            Some(rest) => Next::Inner(rest.to_vec(), false),
                            None => Next::Done,
                        }
                    }
                    None => Next::Plain,
                }
            }
            "docker-compose" | "podman-compose" => {
                // the same as `docker compose ...`
                let mut as_docker = vec![Word::literal("docker"), Word::literal("compose")];
                as_docker.extend(argv.iter().skip(1).cloned());
                match container_command_start("docker", &as_docker) {
                    Some(s) => {
                        self.parts.push(self.exec_part(PartKind::Exec, text, argv));
                        match argv.get(s - 1..).filter(|rest| !rest.is_empty()) {
                            Some(rest) => Next::Inner(rest.to_vec(), false),
                            None => Next::Done,
                        }
                    }
                    None => Next::Plain,
                }
            }
            "git" => {
                self.git_alias(argv, depth);
                self.chdir_effects("git", text, argv);
                match git_plain(argv) {
                    Some(plain) => Next::Inner(plain, false),
                    None => Next::Plain,
                }
            }
            _ => Next::Plain,
        }
    }

    /// `trap 'cmd' SIG`: the handler runs later, with variables as they are then.
    fn trap(&mut self, text: &str, argv: &[Word], depth: usize) -> Next {
        // the handler runs later, with variables as they are then
        let saved = std::mem::take(&mut self.vars);
        // `trap -- HANDLER SIGNALS`: `--` ends the options (round 19)
        let at = if argv.get(1).and_then(Word::lit) == Some("--") {
            2
        } else {
            1
        };
        if let Some(w) = argv.get(at) {
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

    /// `su -c 'cmd' user`, `runuser`: runs as another user; the command is judged too.
    fn su(&mut self, name: &str, text: &str, argv: &[Word], depth: usize) -> Next {
        let mut p = self.exec_part(PartKind::Exec, text, argv);
        p.uncertain = Some(format!("`{name}` runs as another user"));
        self.parts.push(p);
        if let Some(cmd) = argv.iter().find_map(|w| {
            w.lit().and_then(|v| {
                v.strip_prefix("--command=")
                    .or(v.strip_prefix("--session-command="))
            })
        }) {
            self.script(cmd, depth + 1);
            return Next::Done;
        }
        if name == "runuser"
            && let Some(dd) = argv.iter().position(|w| w.lit() == Some("--"))
            && dd + 1 < argv.len()
            && !argv
                .iter()
                .any(|w| matches!(w.lit(), Some("-c" | "--command")))
        {
            // `runuser -u USER -- CMD ARGS`: the words run as they are
            return Next::Inner(argv[dd + 1..].to_vec(), false);
        }
        if let Some(i) = argv
            .iter()
            .position(|w| matches!(w.lit(), Some("-c" | "--command" | "--session-command")))
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

    /// `parallel cmd ::: args`: the command is judged with its arguments unknown.
    fn parallel(&mut self, text: &str, argv: &[Word], depth: usize) -> Next {
        let mut p = self.exec_part(PartKind::Wrapper, text, argv);
        // GNU parallel prepends options from `~/.parallel/config` and `$PARALLEL`
        p.uncertain = Some("`parallel` also takes options from its configuration".into());
        self.parts.push(p);
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
                if let Some(runs) = crate::launchers::parallel_literal(&argv[s..end], &argv[end..])
                {
                    for r in runs {
                        self.script(&r, depth + 1);
                    }
                    return Next::Done;
                }
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

    /// A command run somewhere else: the runner is its own part (never allowed by a rule for
    /// the inner program) and the inner command is judged too.
    fn remote(&mut self, text: &str, argv: &[Word], start: Option<usize>, depth: usize) -> Next {
        self.parts.push(self.exec_part(PartKind::Exec, text, argv));
        if let Some(s) = start.filter(|s| *s < argv.len()) {
            // ssh joins its words and hands them to the remote shell; a word known only at
            // run time may be any words there
            let words: Vec<&str> = argv[s..]
                .iter()
                .map(|w| w.value.as_deref().unwrap_or("$__loop_gate_dynamic"))
                .collect();
            if argv[s..].iter().any(|w| w.value.is_none()) {
                self.opaque(
                    text,
                    "the remote command is not known before it runs".into(),
                );
            }
            self.script(&words.join(" "), depth + 1);
        }
        Next::Done
    }

    /// `git -c alias.x='!cmd' x`, `git -c alias.x=push x`: the alias body is judged as well.
    fn git_alias(&mut self, argv: &[Word], depth: usize) {
        for (i, w) in argv.iter().enumerate() {
            if let Some(v) = w.lit()
                && (v == "--config-env" || v.starts_with("--config-env="))
            {
                // `--config-env=KEY=VAR`: the value comes from the environment
                let kv = v
                    .strip_prefix("--config-env=")
                    .map(str::to_string)
                    .or_else(|| argv.get(i + 1).and_then(|w| w.value.clone()));
                let key = kv.as_deref().map(|kv| kv.split('=').next().unwrap_or(kv));
                let key = key.unwrap_or("alias.").to_ascii_lowercase();
                if key.starts_with("alias.") || runs_value(&key) {
                    self.script("$__loop_gate_dynamic", depth + 1);
                }
                continue;
            }
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
            let key = key.to_ascii_lowercase();
            if runs_value(&key) {
                // `core.pager`, `core.sshCommand`, `diff.x.command`, ...: git runs the value
                // through a shell
                self.script(val.trim_start_matches('!'), depth + 1);
                continue;
            }
            if !key.starts_with("alias.") {
                continue;
            }
            // the words after the alias's name are appended to its body
            let name = &key["alias.".len()..];
            let args: Vec<&str> = argv
                .iter()
                .position(|w| w.lit().is_some_and(|v| v.eq_ignore_ascii_case(name)))
                .map(|at| argv[at + 1..].iter().map(|w| w.text.as_str()).collect())
                .unwrap_or_default();
            let args = args.join(" ");
            match val.strip_prefix('!') {
                Some(cmd) => self.script(&format!("{cmd} {args}"), depth + 1),
                None => self.script(&format!("git {val} {args}"), depth + 1),
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
        depth: usize,
    ) {
        let mut p = self.exec_part(PartKind::Exec, text, argv);
        if matches!(name, "ls" | "du") {
            self.listed_globs(&mut p, argv);
        }
        p.open_ended = open_ended;
        if open_ended && !no_paths(name) {
            match self.piped.take() {
                // `find . -name '*.py' | xargs grep X`: the files find prints
                Some(found) => {
                    for w in &found {
                        p.paths.push(self.path_arg(w));
                    }
                }
                None => p.paths.push(PathArg::Unknown),
            }
        }
        let inline = programs::inline_code(name, argv);
        if p.uncertain.is_none() {
            p.uncertain = inline.clone().or_else(|| acts(name, argv));
        }
        self.parts.push(p);
        if inline.is_some() {
            self.code_parts(name, text, argv, depth);
        }
        self.option_commands(name, text, argv, depth);
        if name != "git" {
            self.chdir_effects(name, text, argv);
        }
        let mut writes = programs::write_targets(name, argv);
        let sink = |w: &Word| w.lit().is_some_and(programs::harmless_sink);
        writes.extend(option_writes(name, argv).into_iter().filter(|w| !sink(w)));
        for w in writes {
            self.side_part(PartKind::Write, name, text, &w);
        }
        self.option_reads(name, text, argv);
        self.round21_parts(name, text, argv, depth);
        self.round22_parts(name, text, argv);
        for r in crate::models::revision_reads(name, argv) {
            self.side_part(PartKind::Read, name, text, &r);
        }
        if name == "git" {
            // `git grep KEY -- '*.env'`: a quoted pathspec glob names files at any depth
            for g in crate::acts::pathspec_globs(argv) {
                self.side_part(PartKind::Read, name, text, &g);
            }
        }
        if crate::listers::lists_below(name, argv) {
            self.listing_outside(text, argv);
        } else if name == "find" {
            let mut roots = vec![argv[0].clone()];
            roots.extend(crate::find::find_roots(argv));
            self.listing_outside(text, &roots);
        }
        for m in crate::reads20::state_dir_mentions(name, argv) {
            self.side_part(PartKind::Write, name, text, &Word::literal(&m));
        }
        for w in recursive_reads(name, argv) {
            match self.path_arg(&w) {
                PathArg::Known(np) => {
                    let mut rp = Part::new(PartKind::Read, text);
                    rp.paths.push(PathArg::below(np.absolute));
                    self.parts.push(rp);
                }
                _ => self.side_part(PartKind::Read, name, text, &below(w)),
            }
        }
    }

    /// The strings of inline code (`python -c CODE`, or code read from standard input) judged
    /// as the commands and paths they may be (`os.system("git push")`, `open(".env")`), and
    /// Tcl's `spawn CMD` / `exec CMD` (`expect -c`).
    pub(crate) fn code_parts(&mut self, name: &str, text: &str, argv: &[Word], depth: usize) {
        let joined = argv.iter().skip(1).filter_map(Word::lit);
        let spawned: Vec<String> = joined.flat_map(crate::code22::code_lines).collect();
        for s in crate::code::code_strings(argv).into_iter().chain(spawned) {
            if !s.contains(char::is_whitespace) && s.starts_with(['.', '~', '/']) {
                // a path the code may open (`open(".env")`)
                self.side_part(PartKind::Read, name, text, &Word::literal(&s));
            } else if crate::shell::parses(&s) {
                self.script(&s, depth + 1);
            }
        }
        if matches!(name, "expect" | "tclsh" | "wish") {
            for cmd in crate::code::tcl_commands(argv) {
                self.script(&cmd, depth + 1);
            }
        }
    }

    pub(crate) fn side_part(&mut self, kind: PartKind, name: &str, text: &str, w: &Word) {
        let mut wp = Part::new(kind, text);
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

/// Subcommands that only read the repository: `-C DIR` before them changes nothing they
/// write.
pub(crate) const GIT_READERS: &[&str] = &[
    "status",
    "diff",
    "log",
    "show",
    "rev-parse",
    "ls-files",
    "blame",
    "grep",
    "describe",
    "shortlog",
    "branch",
];

/// `git --no-pager diff`, `git -P log`, `git -C DIR status`, `git -c color.ui=always diff`,
/// `git -c alias.st=status st`: global options that change neither what git runs nor where it
/// writes, dropped (and an alias to a plain subcommand replaced by it) so that the subcommand
/// is judged as itself. `None` when there is nothing to drop or an option is not such.
fn git_plain(argv: &[Word]) -> Option<Vec<Word>> {
    let mut aliases: Vec<(String, String)> = Vec::new();
    let mut moved = false;
    let mut i = 1;
    while let Some(v) = lit(argv, i) {
        if !v.starts_with('-') {
            break;
        }
        match v {
            "--no-pager"
            | "-P"
            | "-p"
            | "--paginate"
            | "--no-optional-locks"
            | "--literal-pathspecs"
            | "--glob-pathspecs"
            | "--noglob-pathspecs"
            | "--icase-pathspecs"
            | "--no-replace-objects"
            | "--no-advice" => i += 1,
            "-C" => {
                lit(argv, i + 1)?;
                moved = true;
                i += 2;
            }
            "-c" => {
                let kv = lit(argv, i + 1)?;
                match kv.split_once('=') {
                    Some((k, val))
                        if k.to_ascii_lowercase().starts_with("alias.")
                            && !val.trim_start().starts_with('!') =>
                    {
                        aliases.push((k[6..].to_ascii_lowercase(), val.to_string()));
                    }
                    // `core.pager=cat`: the command is judged by `git_alias`
                    Some((k, _)) if runs_value(&k.to_ascii_lowercase()) => {}
                    _ if crate::acts::safe_git_config(kv) => {}
                    _ => return None,
                }
                i += 2;
            }
            _ => return None,
        }
    }
    if i == 1 {
        return None;
    }
    let sub = lit(argv, i)?;
    let mut out = vec![argv[0].clone()];
    match aliases.iter().find(|(k, _)| k.eq_ignore_ascii_case(sub)) {
        Some((_, val)) => {
            let words = crate::words::split_selector(val);
            out.extend(words.iter().map(|s| Word::literal(s)));
            out.extend(argv[i + 1..].iter().cloned());
        }
        None => out.extend(argv[i..].iter().cloned()),
    }
    let plain_sub = lit(&out, 1)?;
    let writes = out.iter().any(|w| {
        w.lit()
            .is_none_or(|v| v.starts_with("--output") || v == "-o")
    });
    if moved && (!GIT_READERS.contains(&plain_sub) || writes) {
        return None;
    }
    Some(out)
}

/// Configuration keys whose value git runs as a shell command.
pub(crate) fn runs_value(key: &str) -> bool {
    matches!(
        key,
        "core.pager"
            | "core.editor"
            | "core.sshcommand"
            | "core.fsmonitor"
            | "core.askpass"
            | "sequence.editor"
            | "diff.external"
            | "diff.tool"
            | "credential.helper"
            | "gpg.program"
            | "interactive.difffilter"
            | "core.gitproxy"
            | "core.alternaterefscommand"
    ) || key.starts_with("pager.")
        || key.ends_with(".command")
        || key.ends_with(".cmd")
        || key.ends_with(".textconv")
        || key.ends_with(".driver")
        || key.ends_with(".clean")
        || key.ends_with(".smudge")
        || key.ends_with(".process")
        || key.ends_with(".program")
        || key.ends_with("cmd")
        || key.ends_with(".helper")
        || key.ends_with(".uploadpack")
        || key.ends_with(".receivepack")
        || key.ends_with("hook")
        || key.ends_with(".gitproxy")
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
    // argv[i] is the host; `--` after it ends ssh's options
    if lit(argv, i + 1) == Some("--") {
        return Some(i + 2);
    }
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
    let mut sub = lit(argv, i)?;
    if matches!(name, "docker" | "podman") && sub == "compose" {
        // `docker compose [-f FILE] exec|run SERVICE CMD...`
        i += 1;
        while let Some(v) = lit(argv, i) {
            if !v.starts_with('-') {
                break;
            }
            let valued = matches!(v, "-f" | "--file" | "-p" | "--project-name" | "--env-file");
            i += if valued { 2 } else { 1 };
        }
        sub = lit(argv, i)?;
    }
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
                "--index",
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

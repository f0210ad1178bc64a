//! One simple command: wrappers stripped, runners and builtins modelled, the parts recorded.

use crate::part::{Part, PartKind, PathArg};
use crate::programs;
use crate::shell::Analyser;
use crate::words::Word;

/// What the command loop does after a step.
enum Flow {
    /// Judge `argv` again (a wrapper was stripped).
    Again,
    /// The command is fully judged.
    Stop,
    /// Go on with the next step.
    On,
}

impl Analyser<'_, '_> {
    /// Judges one simple command (program + arguments), following wrappers and shells.
    pub(crate) fn exec(
        &mut self,
        text: &str,
        argv: Vec<Word>,
        depth: usize,
        heredoc: Option<&str>,
        env_note: Option<String>,
    ) {
        self.assign_defaults(text);
        let (mut argv, mut open_ended) = (argv, false);
        self.ifs_split(&mut argv);
        let secret = crate::secretvars::passes_secret(&argv, &self.vars);
        for note in env_note.into_iter().chain(secret) {
            self.opaque(text, note);
        }
        for round in 0..32 {
            let Some(prog) = argv.first().and_then(|w| w.lit()).map(str::to_string) else {
                let mut p = self.exec_part(PartKind::Exec, text, &argv);
                p.uncertain = Some(format!(
                    "the program `{}` is not known before it runs",
                    argv.first().map(|w| w.text.as_str()).unwrap_or("")
                ));
                self.parts.push(p);
                return;
            };
            let name = prog.rsplit('/').next().unwrap_or(&prog).to_string();
            self.run_written(&argv, depth);
            if name == "exec" && argv.len() == 1 {
                return; // `exec 3>FILE`: only the shell's redirections, judged where written
            }
            if round == 0 && self.called(&prog, &argv, depth, text) {
                return;
            }
            match self.strip_wrapper(&name, text, &mut argv, depth, &mut open_ended, heredoc) {
                Flow::Again => continue,
                Flow::Stop => return,
                Flow::On => {}
            }
            if programs::is_keyword(&prog) {
                self.keyword_suffixes(&prog, text, &argv, depth);
                return;
            }
            if let Some(body) = crate::stdincmds::stdin_script(&name, &argv, heredoc) {
                self.at(&name, text, &argv, depth, body.as_deref());
                return;
            }
            match self.runner(&name, text, &argv, depth) {
                crate::models::Next::Done => return,
                crate::models::Next::Inner(inner, more) => {
                    open_ended |= more;
                    argv = inner;
                    continue;
                }
                crate::models::Next::Plain => {}
            }
            self.runtime_assign(&name, &argv, heredoc);
            if programs::is_shell(&name) && open_ended {
                // `xargs -I{} sh -c 'cat {}'`: the words xargs adds become shell code
                self.opaque(
                    text,
                    "`xargs` puts words known only at run time into a shell script".into(),
                );
            }
            if programs::is_shell(&name) {
                self.shell(&name, text, &argv, depth, heredoc);
                return;
            }
            if self.source_stdin(&name, text, &argv, depth, heredoc) {
                return;
            }
            if self.unknown_stdin_code(&name, text, &argv, heredoc) {
                return;
            }
            if let Some(body) = heredoc
                && programs::stdin_code(&name, &argv)
            {
                // `python3 <<'EOF'`, `echo CODE | node`: the input is the program
                let mut p = self.exec_part(PartKind::Exec, text, &argv);
                p.uncertain = Some(format!("`{name}` runs code read from its input"));
                self.parts.push(p);
                let code = [Word::literal(&name), Word::literal(body)];
                self.code_parts(&name, text, &code, depth);
                return;
            }
            match self.builtin(&name, text, &mut argv, depth) {
                Flow::Stop => return,
                Flow::Again | Flow::On => {}
            }
            self.finish_exec(&name, text, &argv, open_ended, depth);
            return;
        }
        self.opaque(text, "too many nested wrappers".to_string());
    }

    /// `FOO=1 if ...` or `else git push` parsed as a command: every suffix that starts with a
    /// plain word is judged as if it ran, paid from the analysis budget (a suffix may hold a
    /// keyword again: `} sudo } sudo } git push`), so the re-readings cannot multiply.
    fn keyword_suffixes(&mut self, keyword: &str, text: &str, argv: &[Word], depth: usize) {
        self.opaque(
            text,
            format!("`{keyword}` used where a command was expected"),
        );
        for i in 1..argv.len().min(32) {
            if argv[i].lit().is_some_and(programs::is_keyword) {
                continue;
            }
            let bytes = argv[i..].iter().map(|w| w.text.len() + 1).sum();
            if !self.spend(bytes) {
                self.opaque(text, "too many words after a misplaced keyword".to_string());
                return;
            }
            self.exec(text, argv[i..].to_vec(), depth, None, None);
        }
    }

    /// A changed IFS splits every unquoted expansion its own way (`c=git,push; $c`): such
    /// words are known only at run time.
    fn ifs_split(&self, argv: &mut [Word]) {
        if !self.vars.contains_key("IFS") {
            return;
        }
        for w in argv {
            let t = &w.text;
            let quoted = t.len() >= 2 && t.starts_with('"') && t.ends_with('"');
            if !quoted && t.contains(['$', '`']) {
                w.value = None;
                w.pattern = None;
            }
        }
    }

    /// `at TIME`, `batch`: the commands on standard input run later.
    fn at(&mut self, name: &str, text: &str, argv: &[Word], depth: usize, heredoc: Option<&str>) {
        let mut p = self.exec_part(PartKind::Exec, text, argv);
        p.uncertain = Some(crate::stdincmds::note(name));
        p.runs_unknown_code = heredoc.is_none();
        self.parts.push(p);
        let from_file = matches!(name, "at" | "batch")
            && argv
                .iter()
                .any(|w| w.lit().is_some_and(|v| v.starts_with("-f")));
        match heredoc {
            Some(body) if !from_file => self.script(body, depth + 1),
            _ => self.script("$__loop_gate_dynamic", depth + 1),
        }
    }

    /// `source /dev/stdin <<< 'cmd'`: the here-string is the script. `true` when handled.
    fn source_stdin(
        &mut self,
        name: &str,
        text: &str,
        argv: &[Word],
        depth: usize,
        heredoc: Option<&str>,
    ) -> bool {
        let Some(body) = heredoc else { return false };
        let stdin = argv
            .get(1)
            .and_then(|w| w.lit())
            .is_some_and(|f| matches!(f, "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0" | "-"));
        if !matches!(name, "source" | ".") || !stdin {
            return false;
        }
        self.parts
            .push(self.exec_part(PartKind::Wrapper, text, argv));
        self.script(body, depth + 1);
        true
    }

    /// A wrapper (`sudo`, `env`, `nice`, `xargs`, `timeout`, ...): records its part and
    /// leaves in `argv` the command it runs.
    fn wrapper(
        &mut self,
        name: &str,
        text: &str,
        argv: &mut Vec<Word>,
        depth: usize,
        open_ended: &mut bool,
    ) -> Flow {
        let Some(skip) = programs::wrapper_inner(name, argv) else {
            return Flow::On;
        };
        if let Some(note) = skip.note.clone() {
            let mut p = self.exec_part(PartKind::Wrapper, text, argv);
            p.uncertain = Some(note);
            self.parts.push(p);
        }
        self.wrapper_effects(name, text, argv, &skip.scripts, depth);
        if skip.env_sensitive {
            self.opaque(
                text,
                format!("`{name}` sets a variable that changes what runs"),
            );
        }
        if let Some(code) = skip.code {
            // `script -c STRING`, `npm exec -c STRING`: the string is a script
            self.parts
                .push(self.exec_part(PartKind::Wrapper, text, argv));
            match code {
                Some(s) => self.script(&s, depth + 1),
                None => self.opaque(
                    text,
                    format!("the command given to `{name}` is not known before it runs"),
                ),
            }
            return Flow::Stop;
        }
        if skip.shell_string && skip.inner < argv.len() {
            // the rest is joined and run by `sh -c`
            // a word known only at run time may be any words of that string
            let words: Vec<&str> = argv[skip.inner..]
                .iter()
                .map(|w| w.value.as_deref().unwrap_or("$__loop_gate_dynamic"))
                .collect();
            self.parts
                .push(self.exec_part(PartKind::Wrapper, text, argv));
            if argv[skip.inner..].iter().any(|w| w.value.is_none()) {
                self.opaque(
                    text,
                    format!("the command given to `{name}` is not known before it runs"),
                );
            }
            self.script(&words.join(" "), depth + 1);
            return Flow::Stop;
        }
        if let Some(script) = skip.split_string.as_deref()
            && skip.inner >= argv.len()
            && script.contains([';', '|', '&', '<', '>', '$', '`', '(', ')', '\n'])
        {
            self.parts
                .push(self.exec_part(PartKind::Wrapper, text, argv));
            self.script(script, depth + 1);
            return Flow::Stop;
        }
        if let Some(script) = skip.split_string {
            // env -S 'A=1 sh -s': env's own arguments again (options, assignments, command)
            let mut words: Vec<Word> = std::iter::once(name.to_string())
                .chain(crate::words::split_selector(&script))
                .map(|s| Word::literal(&s))
                .collect();
            words.extend(argv.iter().skip(skip.inner).cloned());
            self.parts
                .push(self.exec_part(PartKind::Wrapper, text, argv));
            *argv = words;
            return Flow::Again;
        }
        if skip.inner < argv.len() {
            self.parts
                .push(self.exec_part(PartKind::Wrapper, text, argv));
            if self.env_chdir(name, text, argv, skip.inner, depth) {
                return Flow::Stop;
            }
            *open_ended |= skip.open_ended;
            *argv = argv.split_off(skip.inner);
            if argv.is_empty() {
                return Flow::Stop;
            }
            return Flow::Again;
        }
        if name == "xargs" {
            // xargs with no command runs echo
            self.parts
                .push(self.exec_part(PartKind::Wrapper, text, argv));
            *argv = vec![Word::literal("echo")];
            *open_ended = true;
            return Flow::Again;
        }
        Flow::On
    }

    /// Builtins and programs the shell treats specially (`eval`, `source`, `find`, `cd`).
    fn builtin(&mut self, name: &str, text: &str, argv: &mut Vec<Word>, depth: usize) -> Flow {
        match name {
            "eval" => {
                let joined: Option<Vec<&str>> = argv[1..].iter().map(|w| w.lit()).collect();
                let mut p = self.exec_part(PartKind::Exec, text, argv);
                p.uncertain = Some("eval runs a string as a command".to_string());
                self.parts.push(p);
                if let Some(j) = joined {
                    self.script(&j.join(" "), depth + 1);
                }
                return Flow::Stop;
            }
            "source" | "." => {
                self.source(name, text, argv, depth);
                return Flow::Stop;
            }
            "read" | "mapfile" | "readarray" => {
                // sets variables from its input (followed by `runtime_assign`)
                self.parts
                    .push(self.exec_part(PartKind::Wrapper, text, argv));
                return Flow::Stop;
            }
            "popd" | "dirs" => {
                if name == "popd" {
                    self.cd(Some(&Word::literal("-")));
                }
                self.parts
                    .push(self.exec_part(PartKind::Wrapper, text, argv));
                return Flow::Stop;
            }
            "find" => {
                if argv.iter().any(|w| w.lit() == Some("-delete")) {
                    let found = programs::find_found(argv);
                    let mut wp = Part::new(PartKind::Write, text);
                    let arg = self.path_arg(&found);
                    if matches!(arg, PathArg::Unknown | PathArg::Relative(_)) {
                        wp.uncertain = Some(
                            "`find -delete` removes files below a place not known before it runs"
                                .into(),
                        );
                    }
                    wp.paths.push(arg);
                    self.parts.push(wp);
                }
                let (outer, inners) = programs::find_exec(argv);
                for inner in inners {
                    self.exec(text, inner, depth, None, None);
                }
                *argv = outer;
            }
            _ if crate::values::dumps_environment(name, argv) => {
                self.environment_dump(text, argv);
                return Flow::Stop;
            }
            "set" | "shift" | "shopt" if name != "shopt" || crate::flow17::harmless_shopt(argv) => {
                // positional parameters and shell options (followed by `runtime_assign`)
                self.parts
                    .push(self.exec_part(PartKind::Wrapper, text, argv));
                return Flow::Stop;
            }
            "cd" | "pushd" => {
                self.cd(argv.get(1));
                self.parts
                    .push(self.exec_part(PartKind::Wrapper, text, argv));
                return Flow::Stop;
            }
            _ => {}
        }
        Flow::On
    }
}

impl Analyser<'_, '_> {
    /// [`Self::wrapper`], with the words `xargs` reads from literal text appended to the
    /// command it runs when it runs it once (`echo push | xargs git` runs `git push`).
    fn strip_wrapper(
        &mut self,
        name: &str,
        text: &str,
        argv: &mut Vec<Word>,
        depth: usize,
        open_ended: &mut bool,
        heredoc: Option<&str>,
    ) -> Flow {
        if let Some(words) = crate::reads20::rewritten(name, argv) {
            *argv = words; // `cmd.exe` is cmd (WSL), `deno eval CODE` is `deno -e CODE`
            return Flow::Again;
        }
        if let Some(sub) = crate::launchrows::git_dashed(name) {
            // `git-push` (git's exec-path, or on PATH) is `git push`
            argv.splice(0..1, [Word::literal("git"), Word::literal(sub)]);
            return Flow::Again;
        }
        if let Some(local) = crate::remote::local_view(name, argv) {
            // `scp x host:/srv/`: a remote path is judged as a path outside the workspace
            *argv = local;
            return Flow::Again;
        }
        let capsh = (name == "capsh")
            .then(|| crate::fetchers::capsh(argv))
            .flatten();
        if let Some(run) = capsh.or_else(|| crate::fetchers::uv_tool_run(argv)) {
            // `capsh -- -c CMD` is `bash -c CMD`; `uv tool run` is `uvx`
            if name == "capsh" {
                let why = "`capsh` runs its shell with other capabilities or as another user";
                self.opaque(text, why.to_string());
            }
            *argv = run;
            return Flow::Again;
        }
        let (appended, before) = (self.xargs_literal(name, argv, heredoc), *open_ended);
        let replace = (name == "xargs").then(|| xargs_replace(argv)).flatten();
        let flow = self.wrapper(name, text, argv, depth, open_ended);
        if !matches!(flow, Flow::Again) {
            return flow;
        }
        if let Some(r) = replace {
            // `xargs -I{} git {}`: each input line replaces `{}`; unknown lines make those
            // words unknown
            let lines: Option<Vec<&str>> = heredoc
                .filter(|t| !t.contains(['\'', '"', '\\', '$', '`']))
                .map(|t| {
                    t.lines()
                        .map(str::trim_start)
                        .filter(|l| !l.is_empty())
                        .collect()
                });
            match lines.filter(|l| l.len() <= 16) {
                Some(lines) => {
                    for line in lines {
                        let run = argv.iter().map(|w| replaced(w, &r, Some(line))).collect();
                        self.exec(text, run, depth, None, None);
                    }
                    return Flow::Stop;
                }
                None => {
                    // a shell's script keeps `{}` (judged as written, and opaque); names
                    // `find -print0` gives are paths, unknown only as program or subcommand
                    let shell = argv
                        .first()
                        .and_then(Word::lit)
                        .is_some_and(|p| programs::is_shell(p.rsplit('/').next().unwrap_or(p)));
                    let found = self.piped.is_some();
                    if !shell {
                        *argv = argv
                            .iter()
                            .enumerate()
                            .map(|(i, w)| {
                                if found && i > 1 {
                                    w.clone()
                                } else {
                                    replaced(w, &r, None)
                                }
                            })
                            .collect();
                    }
                }
            }
        } else if let Some(words) = appended {
            argv.extend(words);
            (*open_ended, self.piped) = (before, None);
        }
        Flow::Again
    }

    /// `echo src tests | xargs ls`: the words xargs adds are the literal text's, returned when
    /// xargs passes them all to one run (no `-n`, `-L`, `-I`, `-s`): the last arguments.
    fn xargs_literal(
        &mut self,
        name: &str,
        argv: &[Word],
        heredoc: Option<&str>,
    ) -> Option<Vec<Word>> {
        let text = heredoc.filter(|_| name == "xargs")?;
        self.piped = xargs_words(argv, text);
        let splits = argv.iter().skip(1).any(|w| {
            w.lit().is_none_or(|v| {
                [
                    "-n",
                    "-L",
                    "-l",
                    "-I",
                    "-i",
                    "-s",
                    "-x",
                    "--max",
                    "--replace",
                ]
                .iter()
                .any(|o| v.starts_with(o))
            })
        });
        if splits { None } else { self.piped.clone() }
    }

    /// What one command's input was is gone after it (`xargs echo <<< x; xargs cat < list`).
    pub(crate) fn after_command(&mut self) {
        self.read_ifs = None;
        self.piped = None;
    }

    /// `cat x | python3`, `ruby < task.rb`: code the gate cannot read, which may run a denied
    /// command (`--yolo` does not run it). `true` when handled.
    fn unknown_stdin_code(
        &mut self,
        name: &str,
        text: &str,
        argv: &[Word],
        heredoc: Option<&str>,
    ) -> bool {
        if heredoc.is_some() || !programs::stdin_code(name, argv) || version_only(argv) {
            return false;
        }
        let mut p = self.exec_part(PartKind::Exec, text, argv);
        p.uncertain = Some(format!("`{name}` runs code read from its input"));
        p.runs_unknown_code = true;
        self.parts.push(p);
        true
    }

    /// `export -p`, `declare -x` (a declaration command): every exported variable is printed.
    pub(crate) fn declaration_dump(&mut self, text: &str) {
        let words: Vec<Word> = text.split_whitespace().map(Word::literal).collect();
        if let Some(name) = words.first().and_then(|w| w.lit())
            && crate::values::dumps_environment(name, &words)
        {
            self.environment_dump(text, &words);
        } else if prints_declarations(&words) {
            // `declare -p NAME`, `declare -f`, `readonly` alone print what the shell holds
            self.parts
                .push(self.exec_part(PartKind::Exec, text, &words));
        }
    }

    /// `env`, `printenv`, `export -p`: the run, and a read of what `/proc/self/environ` holds.
    pub(crate) fn environment_dump(&mut self, text: &str, argv: &[Word]) {
        self.parts.push(self.exec_part(PartKind::Exec, text, argv));
        let mut p = Part::new(PartKind::Read, text);
        p.paths
            .push(self.path_arg(&Word::literal("/proc/self/environ")));
        self.parts.push(p);
    }
}

/// A declaration builtin that prints variables or functions instead of (only) assigning: an
/// option with `p`, `f` or `F`, or no word after the builtin.
fn prints_declarations(words: &[Word]) -> bool {
    let args: Vec<&str> = words.iter().skip(1).filter_map(Word::lit).collect();
    args.is_empty()
        || args.iter().any(|a| {
            a.strip_prefix('-')
                .is_some_and(|o| !o.starts_with('-') && o.contains(['p', 'f', 'F']))
        })
}

/// `python3 --version`, `node -v`: prints a version, reads no code.
fn version_only(argv: &[Word]) -> bool {
    argv.len() == 2
        && argv[1]
            .lit()
            .is_some_and(|v| matches!(v, "--version" | "-V" | "-v" | "--help" | "-h"))
}

/// The words `xargs` reads from literal text (split at blanks), when it reads them plainly
/// (no `-0`, `-d`, `-a`, `-E`) and the text has no quotes or escapes.
fn xargs_words(argv: &[Word], text: &str) -> Option<Vec<Word>> {
    let plain = argv.iter().skip(1).all(|w| {
        w.lit().is_some_and(|v| {
            !(v == "--null"
                || v.starts_with("--delimiter")
                || v.starts_with("--arg-file")
                || v.starts_with("--eof")
                || (v.starts_with('-')
                    && !v.starts_with("--")
                    && v.contains(['0', 'd', 'a', 'E', 'e'])))
        })
    });
    if !plain || text.contains(['\'', '"', '\\', '$', '`']) {
        return None;
    }
    Some(text.split_whitespace().map(Word::literal).collect())
}

/// The replace string of `xargs -I R`, `-iR`, `-i`, `--replace[=R]`.
fn xargs_replace(argv: &[Word]) -> Option<String> {
    let inner = programs::wrapper_inner("xargs", argv).map_or(argv.len(), |i| i.inner);
    let opts = argv.get(1..inner.min(argv.len()))?;
    opts.iter().enumerate().find_map(|(k, w)| match w.lit()? {
        "-I" => opts.get(k + 1).map(|n| n.text.clone()),
        "-i" | "--replace" => Some("{}".to_string()),
        v if v.starts_with("--replace=") => Some(v["--replace=".len()..].to_string()),
        v if v.starts_with("-I") || v.starts_with("-i") => Some(v[2..].to_string()),
        _ => None,
    })
}

/// `w` with the replace string `r` put in by `line`, or unknown when the line is not known.
fn replaced(w: &Word, r: &str, line: Option<&str>) -> Word {
    let has = |s: &str| !r.is_empty() && s.contains(r);
    match (w.value.as_deref(), line) {
        (Some(v), Some(l)) if has(v) => Word::literal(&v.replace(r, l)),
        (Some(v), None) if has(v) || has(&w.text) => Word {
            text: w.text.clone(),
            value: None,
            pattern: None,
        },
        _ => w.clone(),
    }
}

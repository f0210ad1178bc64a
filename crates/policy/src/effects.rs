//! What a program does besides its arguments: files a wrapper writes (`strace -o`, `script
//! FILE`), commands it takes from places the gate cannot read (`make -f -`, `sftp`), files an awk
//! print writes, and the judging of [`crate::optcmds::option_commands`] and the sed model.

use crate::optcmds::{OptCmd, option_commands};
use crate::words::Word;

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
        "strace" | "ltrace" | "perf" => (&["-o"], &["--output"]),
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

/// `print > "f"`, `printf ... | "cmd"`: a print statement with `>` or `|` before its end (a
/// comparison such as `NR > 1` outside a print is not one).
pub(crate) fn awk_print_redirects(program: &str) -> bool {
    program.match_indices("print").any(|(i, _)| {
        let rest = &program[i..];
        let end = rest.find([';', '}', '\n']).unwrap_or(rest.len());
        rest[..end].contains(['>', '|'])
    })
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
}

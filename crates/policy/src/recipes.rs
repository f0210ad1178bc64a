//! Round 16: `make` with a makefile given on the command line — read from standard input
//! (`-f -`, `-f /dev/stdin` with a here-string or here-document) or as `--eval=TEXT`/`-E TEXT`
//! (GNU make's `--help`): its recipes are the shell commands make may run. Every recipe line
//! (a line starting with a tab, or after `;` on a rule line) and every `$(shell CMD)` is judged
//! as a command, whichever target runs. A makefile read from a file stays unknown code (`ask`).

use crate::models::lit;
use crate::optcmds::{OptCmd, value_at};
use crate::words::Word;

/// Whether `make` reads its makefile from standard input.
pub(crate) fn reads_stdin(argv: &[Word]) -> bool {
    (1..argv.len()).any(|i| {
        let v = value_at(argv, i, &["-f"], &["--file", "--makefile"]);
        matches!(
            v,
            Some(Some(ref f)) if matches!(f.as_str(), "-" | "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
        )
    })
}

/// The commands of `--eval=TEXT` / `-E TEXT` makefile text.
pub(crate) fn eval(argv: &[Word]) -> Vec<OptCmd> {
    (1..argv.len())
        .filter(|&i| lit(argv, i).is_some())
        .filter_map(|i| value_at(argv, i, &["-E"], &["--eval"]))
        .map(|v| match v {
            Some(text) => OptCmd::Script(recipes(&text)),
            None => OptCmd::Unknown,
        })
        .collect()
}

/// The shell commands of a makefile's text, one per line (`$$` is `$`).
pub(crate) fn recipes(text: &str) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        let cmd = if let Some(r) = line.strip_prefix('\t') {
            Some(r)
        } else if !line.trim_start().starts_with('#') && line.contains(':') {
            line.split_once(';').map(|(_, r)| r)
        } else {
            None
        };
        if let Some(c) = cmd {
            out.push(
                c.trim_start_matches(['@', '-', '+', ' '])
                    .replace("$$", "$"),
            );
        }
        let mut rest = line;
        while let Some(i) = rest.find("$(shell ") {
            let inner = &rest[i + 8..];
            let end = inner.rfind(')').unwrap_or(inner.len());
            out.push(inner[..end].replace("$$", "$"));
            rest = &inner[end..];
        }
        if let Some((_, cmd)) = line.split_once("!=") {
            out.push(cmd.trim().replace("$$", "$"));
        }
    }
    out.join("\n")
}

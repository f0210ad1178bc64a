//! Programs that run commands read from their standard input beside `at`/`batch` (round 13):
//! `ssh HOST` with no command runs its input in the remote shell, `crontab -` installs the
//! jobs its input lists, and `ed` runs its input's `!CMD` lines and writes the files its `w
//! FILE` commands name. With a literal here-string or here-document that input is judged as the
//! script it is (a file an editor writes as `true > FILE`, a write like a redirection).

use crate::models::lit;
use crate::words::Word;

/// The script a program reads from its input: `None` when `name` is no such program (or reads
/// none here), `Some(None)` when it does but the input is not known.
pub(crate) fn stdin_script(
    name: &str,
    argv: &[Word],
    input: Option<&str>,
) -> Option<Option<String>> {
    match name {
        "at" | "batch" => Some(input.map(str::to_string)),
        "ssh" if input.is_some() && ssh_has_no_command(argv) => Some(input.map(str::to_string)),
        "crontab" if crontab_reads_input(argv) => Some(input.map(crontab_commands)),
        "ed" | "red" => input.map(|i| Some(crate::edits20::ed_script(argv, i))),
        "sftp" if input.is_some() => Some(input.map(crate::remote::sftp_script)),
        "make" | "gmake" if crate::recipes::reads_stdin(argv) => {
            Some(input.map(crate::recipes::recipes))
        }
        "just" if crate::launch17::just_reads_stdin(argv) => {
            Some(input.map(crate::launch17::just_recipes))
        }
        _ if crate::shells20::reads_stdin(name, argv) => {
            Some(input.map(|i| crate::shells20::stdin_text(name, i)))
        }
        "ftp" | "tnftp" | "pftp" if input.is_some() => Some(input.map(crate::remote::sftp_script)),
        _ => input
            .and_then(|i| crate::runrare::input_script(name, i))
            .map(Some),
    }
}

/// Why such a program is more than its own part.
pub(crate) fn note(name: &str) -> String {
    match name {
        "ssh" => "`ssh` runs the commands of its input on the remote host".to_string(),
        "crontab" => "`crontab` installs jobs that run later".to_string(),
        "ed" | "red" => "`ed` runs the commands of its input".to_string(),
        "pwsh" | "powershell" | "nu" | "xonsh" | "cmd" => {
            format!("`{name}` runs the commands of its input (another shell's code)")
        }
        "ftp" | "tnftp" | "pftp" => {
            format!("`{name}` copies the files its input names to or from another host")
        }
        "sftp" => "`sftp` copies the files its input names to or from another host".to_string(),
        "make" | "gmake" => format!("`{name}` runs the recipes of the makefile in its input"),
        "just" => "`just` runs the recipes of the justfile in its input".to_string(),
        _ => format!("`{name}` runs commands later"),
    }
}

/// ssh's options that take a value.
const SSH_VALUES: &[&str] = &[
    "-B", "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p",
    "-Q", "-R", "-S", "-W", "-w",
];

fn ssh_has_no_command(argv: &[Word]) -> bool {
    let mut i = 1;
    let mut positional = 0;
    while let Some(w) = argv.get(i) {
        match w.lit() {
            Some(v) if v.starts_with('-') && v.len() > 1 => {
                if v == "-N" {
                    return false;
                }
                i += usize::from(SSH_VALUES.contains(&v));
            }
            _ => positional += 1,
        }
        i += 1;
    }
    positional == 1
}

fn crontab_reads_input(argv: &[Word]) -> bool {
    let mut files = 0;
    let mut i = 1;
    while let Some(v) = lit(argv, i) {
        match v {
            "-l" | "-r" | "-e" | "-i" | "-h" | "-V" => return false,
            "-u" => i += 1,
            "-" => files += 1,
            v if v.starts_with('-') => {}
            _ => return false,
        }
        i += 1;
    }
    files <= 1
}

/// The commands of crontab lines (after five time fields or an `@reboot`-style one).
fn crontab_commands(table: &str) -> String {
    let mut out = Vec::new();
    for line in table.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let first = line.split_whitespace().next().unwrap_or("");
        if first.contains('=') && !first.starts_with('@') {
            continue; // an environment line
        }
        let skip = if first.starts_with('@') { 1 } else { 5 };
        let mut rest = line;
        for _ in 0..skip {
            rest = rest.trim_start();
            rest = rest.find(char::is_whitespace).map_or("", |e| &rest[e..]);
        }
        // `%` starts the command's standard input
        out.push(rest.split('%').next().unwrap_or("").trim().to_string());
    }
    out.join("\n")
}

/// ed's commands as a script: `!CMD` (also `r !CMD`, `e !CMD`, `w !CMD`) runs CMD, `w FILE`,
/// `W FILE`, `wq FILE` write FILE.
pub(crate) fn ed_script(input: &str) -> String {
    let mut out = Vec::new();
    for line in input.lines() {
        let c = line.trim_start_matches(|ch: char| "0123456789,.$;'+-/ ".contains(ch));
        if let Some(cmd) = c.strip_prefix('!') {
            out.push(cmd.to_string());
            continue;
        }
        out.extend(editor_write(c));
    }
    out.join("\n")
}

/// An ed or ex command that runs a shell or writes a file, as a shell line: `w! FILE` is
/// `true > 'FILE'`, `r !CMD` / `w !CMD` / `e !CMD` run CMD.
pub(crate) fn editor_write(c: &str) -> Option<String> {
    let c = c.trim();
    let verb_end = c
        .find(|ch: char| !ch.is_ascii_alphabetic())
        .unwrap_or(c.len());
    let (verb, rest) = c.split_at(verb_end);
    let rest = rest.strip_prefix('!').unwrap_or(rest).trim();
    if !matches!(
        verb,
        "w" | "W" | "wq" | "write" | "x" | "xit" | "sav" | "saveas" | "r" | "e" | "wa"
    ) {
        return None;
    }
    if let Some(cmd) = rest.strip_prefix('!') {
        return Some(cmd.to_string());
    }
    let file = rest.split_whitespace().next()?;
    if matches!(verb, "r" | "e") || file.contains('\'') {
        return None;
    }
    Some(format!("true > '{file}'"))
}

//! Round 15: more programs that run commands given as their arguments (read after
//! `src/runcmds.rs`): `concurrently CMD...` (every positional is a shell command), `salt TGT
//! cmd.run CMD`, `ansible HOSTS -a CMD` (the `command`, `shell` and `raw` modules; `command` is
//! the default), `yt-dlp --exec CMD`, `lftp -e/-c` and `dc -e` scripts whose `!` runs the rest of
//! the line, `duckdb`'s `.shell`/`.system` (as sqlite3's), and `aws ssm send-command --parameters
//! commands=CMD`.

use crate::models::lit;
use crate::optcmds::{OptCmd, scripts, value_at};
use crate::words::Word;

/// The commands `name` runs because of its arguments.
pub(crate) fn commands(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    match name {
        "concurrently" => concurrently(argv),
        "salt" | "salt-ssh" => salt(argv),
        "ansible" => ansible(argv),
        "yt-dlp" | "youtube-dl" => scripts(argv, 1, &[], &["--exec", "--exec-before-download"])
            .into_iter()
            .map(|c| match c {
                // `--exec [WHEN:]CMD`
                OptCmd::Script(s) => OptCmd::Script(exec_when(&s).to_string()),
                c => c,
            })
            .collect(),
        "lftp" => bangs(argv, &["-e", "-c"], &[]),
        "dc" => bangs(argv, &["-e"], &["--expression"]),
        "duckdb" => crate::runcmds::escapes(argv, &["-c", "-cmd", "-s"], &[".shell ", ".system "]),
        "aws" if lit(argv, 1) == Some("ssm") => ssm(argv),
        _ => crate::launch17::commands(name, argv),
    }
}

/// yt-dlp's `--exec` value may start with when it runs (`after_move:CMD`).
fn exec_when(s: &str) -> &str {
    match s.split_once(':') {
        Some((w, rest))
            if !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '_') =>
        {
            rest
        }
        _ => s,
    }
}

/// concurrently's options that take a value; every other word is a command.
const CONCURRENTLY: &[&str] = &[
    "-n",
    "--names",
    "-c",
    "--prefix-colors",
    "-p",
    "--prefix",
    "--kill-signal",
    "-s",
    "--success",
    "--restart-tries",
    "--restart-after",
    "-m",
    "--max-processes",
    "--default-input-target",
    "--names-separator",
    "--hide",
    "-t",
    "--timestamp-format",
    "-l",
    "--prefix-length",
];

fn concurrently(argv: &[Word]) -> Vec<OptCmd> {
    let mut out = Vec::new();
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        match w.lit() {
            Some(v) if v.starts_with('-') && v.len() > 1 => {
                if CONCURRENTLY.contains(&v) {
                    i += 1;
                }
            }
            _ => out.push(w.value.clone().map_or(OptCmd::Unknown, OptCmd::Script)),
        }
        i += 1;
    }
    out
}

/// `salt TARGET cmd.run|cmd.shell|cmd.exec_code... ARGS`: the words after the function.
fn salt(argv: &[Word]) -> Vec<OptCmd> {
    let at = argv
        .iter()
        .position(|w| w.lit().is_some_and(|v| v.starts_with("cmd.")));
    match at {
        Some(i) => argv[i + 1..]
            .iter()
            .find(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
            .map(|w| w.value.clone().map_or(OptCmd::Unknown, OptCmd::Script))
            .into_iter()
            .collect(),
        None => Vec::new(),
    }
}

/// `ansible HOSTS [-m command|shell|raw] -a CMD`.
fn ansible(argv: &[Word]) -> Vec<OptCmd> {
    let module = (1..argv.len())
        .find_map(|i| value_at(argv, i, &["-m"], &["--module-name"]))
        .unwrap_or_else(|| Some("command".to_string()));
    let runs = match module.as_deref() {
        Some(m) => matches!(
            m.trim_start_matches("ansible.builtin."),
            "command" | "shell" | "raw"
        ),
        None => true,
    };
    if !runs {
        return Vec::new();
    }
    (1..argv.len())
        .filter_map(|i| value_at(argv, i, &["-a"], &["--args"]))
        .map(|v| v.map_or(OptCmd::Unknown, OptCmd::Script))
        .collect()
}

/// Scripts of lftp or dc given in options: each `!` (not dc's comparisons `!<`, `!>`, `!=`)
/// runs the rest of its line (lftp: of its `;`-separated command).
fn bangs(argv: &[Word], short: &[&str], long: &[&str]) -> Vec<OptCmd> {
    let mut out = Vec::new();
    for v in (1..argv.len()).filter_map(|i| value_at(argv, i, short, long)) {
        let Some(text) = v else {
            out.push(OptCmd::Unknown);
            continue;
        };
        for line in text.split(['\n', ';']) {
            let mut rest = line;
            while let Some(at) = rest.find('!') {
                let after = &rest[at + 1..];
                if after.starts_with(['<', '>', '=']) {
                    rest = &after[1..];
                    continue;
                }
                out.push(OptCmd::Script(after.trim().to_string()));
                break;
            }
        }
    }
    out
}

/// `aws ssm send-command --parameters commands=CMD[,CMD]` (or `commands=["CMD"]`).
fn ssm(argv: &[Word]) -> Vec<OptCmd> {
    let mut out = Vec::new();
    for v in (1..argv.len()).filter_map(|i| value_at(argv, i, &[], &["--parameters"])) {
        let Some(text) = v else {
            out.push(OptCmd::Unknown);
            continue;
        };
        if let Some(cmds) = text.strip_prefix("commands=") {
            let cmds = cmds.trim_start_matches('[').trim_end_matches(']');
            out.extend(
                cmds.split(',')
                    .map(|c| OptCmd::Script(c.trim().trim_matches('"').to_string())),
            );
        } else if text.contains("commands") {
            out.push(OptCmd::Unknown);
        }
    }
    out
}

/// The commands a program runs from a known input (a here-string or here-document): `m4`'s
/// `syscmd(CMD)`/`esyscmd(CMD)`, database shells' escapes on their own lines (`sqlite3`/`duckdb`
/// `.shell`/`.system`, `psql \!`, `mysql system`/`\!`); `None` when the input runs none.
pub(crate) fn input_script(name: &str, input: &str) -> Option<String> {
    let prefixes: &[&str] = match name {
        "m4" | "gm4" => return m4_commands(input),
        "sqlite3" | "sqlite" | "duckdb" => &[".shell ", ".system "],
        "psql" => &["\\! ", "\\!"],
        "mysql" | "mariadb" => &["system ", "\\! "],
        _ => return crate::launch21::input_script(name, input),
    };
    let cmds: Vec<String> = input
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            prefixes
                .iter()
                .find_map(|p| l.strip_prefix(p))
                .map(|c| c.trim().to_string())
        })
        .collect();
    (!cmds.is_empty()).then(|| cmds.join("\n"))
}

/// m4's `syscmd(CMD)` and `esyscmd(CMD)` (with or without m4 quotes around CMD).
fn m4_commands(input: &str) -> Option<String> {
    let mut cmds = Vec::new();
    for key in ["esyscmd(", "syscmd("] {
        let mut rest = input;
        while let Some(at) = rest.find(key) {
            let after = &rest[at + key.len()..];
            let end = after.find(')').unwrap_or(after.len());
            let cmd = after[..end]
                .trim()
                .trim_start_matches('`')
                .trim_end_matches('\'');
            cmds.push(cmd.to_string());
            rest = &after[end..];
        }
    }
    (!cmds.is_empty()).then(|| cmds.join("\n"))
}

//! Round 13: programs that run commands given as their arguments (beside the option tables of
//! `src/optcmds.rs`): benchmark and watch tools (`hyperfine CMD...`, `cargo watch -x/-s`), a
//! debugger's `shell`/`!` commands and `--args PROG`, database shells' escapes (`sqlite3
//! .shell/.system`, `psql \!`, `mysql system`), `screen -X stuff`, `start-stop-daemon --exec`,
//! and git's other ways to push (`git send-pack`, `git subtree push`: judged as `git push`).

use crate::models::lit;
use crate::optcmds::{OptCmd, scripts, value_at};
use crate::words::Word;

/// The commands `name` runs because of its arguments.
pub(crate) fn commands(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    match name {
        "hyperfine" => hyperfine(argv),
        "cargo" if lit(argv, 1) == Some("watch") => cargo_watch(argv),
        "gdb" | "gdb-multiarch" | "cgdb" => gdb(argv),
        "sqlite3" | "sqlite" => escapes(argv, &["-cmd"], &[".shell ", ".system "]),
        "psql" => escapes(argv, &["-c", "--command"], &["\\! ", "\\!"]),
        "mysql" | "mariadb" => escapes(argv, &["-e", "--execute"], &["system ", "\\! "]),
        "screen" => screen_stuff(argv),
        "start-stop-daemon" => start_stop(argv),
        "git" => git_push(argv),
        "make" | "gmake" => crate::recipes::eval(argv),
        _ => crate::runrare::commands(name, argv),
    }
}

/// hyperfine: every positional is a benchmarked shell command, and so are the values of
/// `--prepare`, `--setup`, `--cleanup`, `--conclude`.
fn hyperfine(argv: &[Word]) -> Vec<OptCmd> {
    const CODE: &[&str] = &[
        "-p",
        "--prepare",
        "-s",
        "--setup",
        "-c",
        "--cleanup",
        "--conclude",
    ];
    const VALUES: &[&str] = &[
        "-w",
        "--warmup",
        "-m",
        "--min-runs",
        "-M",
        "--max-runs",
        "-r",
        "--runs",
        "-S",
        "--shell",
        "--style",
        "--sort",
        "-u",
        "--time-unit",
        "--output",
        "--input",
        "-n",
        "--command-name",
        "--export-json",
        "--export-csv",
        "--export-markdown",
        "--export-asciidoc",
        "--export-orgmode",
        "-D",
        "--parameter-step-size",
    ];
    let mut out = Vec::new();
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        let v = w.lit().unwrap_or("");
        let skip = match v {
            _ if CODE.contains(&v) => {
                out.push(script(argv.get(i + 1)));
                2
            }
            "-L" | "--parameter-list" => 3,
            "-P" | "--parameter-scan" => 4,
            _ if VALUES.contains(&v) => 2,
            _ if v.starts_with('-') && v.len() > 1 => 1,
            _ => {
                out.push(script(Some(w)));
                1
            }
        };
        i += skip;
    }
    out
}

fn script(w: Option<&Word>) -> OptCmd {
    match w.and_then(|w| w.value.clone()) {
        Some(s) => OptCmd::Script(s),
        None => OptCmd::Unknown,
    }
}

/// `cargo watch -x CMD` runs `cargo CMD`, `-s CMD` a shell command, `-- CMD` the words.
fn cargo_watch(argv: &[Word]) -> Vec<OptCmd> {
    let mut out: Vec<OptCmd> = scripts(argv, 2, &["-x"], &["--exec"])
        .into_iter()
        .map(|c| match c {
            OptCmd::Script(s) => OptCmd::Script(format!("cargo {s}")),
            c => c,
        })
        .collect();
    out.extend(scripts(argv, 2, &["-s"], &["--shell"]));
    if let Some(at) = argv.iter().position(|w| w.lit() == Some("--")) {
        out.push(OptCmd::Words(argv[at + 1..].to_vec()));
    }
    out
}

/// gdb's `-ex`/`-iex` commands that run a shell (`shell CMD`, `!CMD`, `pipe CMD | SH`), its
/// command files (unknown), and `--args PROG ARGS` (the program it debugs runs).
fn gdb(argv: &[Word]) -> Vec<OptCmd> {
    let mut out = Vec::new();
    for i in 1..argv.len() {
        let ex = ["-ex", "--ex", "-eval-command", "-iex", "-init-eval-command"];
        if let Some(v) = value_at(argv, i, &ex, &["--eval-command", "--init-eval-command"]) {
            match v {
                Some(c) => out.extend(shell_escape(&c, &["shell ", "!"])),
                None => out.push(OptCmd::Unknown),
            }
        }
        if value_at(argv, i, &["-x"], &["--command", "--init-command"]).is_some() {
            out.push(OptCmd::Unknown);
        }
        if lit(argv, i) == Some("--args") {
            out.push(OptCmd::Words(argv[i + 1..].to_vec()));
            break;
        }
    }
    out
}

/// The shell command after one of `prefixes` at the start of `c` (`shell git push`).
fn shell_escape(c: &str, prefixes: &[&str]) -> Option<OptCmd> {
    let c = c.trim_start();
    prefixes
        .iter()
        .find_map(|p| c.strip_prefix(p))
        .map(|rest| OptCmd::Script(rest.trim().to_string()))
}

/// A database shell's commands given as options (`psql -c`, `mysql -e`, `sqlite3 -cmd`) or,
/// for sqlite3, as arguments after the database: each line or statement that starts with a
/// shell escape runs the rest as a shell command.
pub(crate) fn escapes(argv: &[Word], opts: &[&str], prefixes: &[&str]) -> Vec<OptCmd> {
    let (short, long): (Vec<&str>, Vec<&str>) = opts.iter().partition(|o| !o.starts_with("--"));
    let mut texts: Vec<Option<String>> = (1..argv.len())
        .filter_map(|i| value_at(argv, i, &short, &long))
        .collect();
    if prefixes.contains(&".shell ") {
        // sqlite3 DB SQL...: the words after the database
        texts.extend(
            argv.iter()
                .skip(1)
                .filter(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
                .skip(1)
                .map(|w| w.value.clone()),
        );
    }
    let mut out = Vec::new();
    for t in texts {
        let Some(t) = t else {
            out.push(OptCmd::Unknown);
            continue;
        };
        for stmt in t.split(['\n', ';']) {
            out.extend(shell_escape(stmt, prefixes));
        }
    }
    out
}

/// `screen -X stuff STRING` types STRING into a session (`\n` is Enter): its lines run.
fn screen_stuff(argv: &[Word]) -> Vec<OptCmd> {
    let at = argv.iter().position(|w| w.lit() == Some("-X"));
    match at.map(|i| (lit(argv, i + 1), argv.get(i + 2))) {
        Some((Some("stuff"), Some(w))) => match w.value.as_deref() {
            Some(s) => vec![OptCmd::Script(s.replace("\\n", "\n").replace("\\r", "\n"))],
            None => vec![OptCmd::Unknown],
        },
        Some((Some("exec"), _)) => vec![OptCmd::Unknown],
        _ => Vec::new(),
    }
}

/// `start-stop-daemon --start --exec PROG -- ARGS` runs PROG ARGS (`--startas` wins).
fn start_stop(argv: &[Word]) -> Vec<OptCmd> {
    let starts = argv
        .iter()
        .any(|w| matches!(w.lit(), Some("-S" | "--start")));
    if !starts {
        return Vec::new();
    }
    // exact option names: `--start` is no abbreviation of `--startas` here
    let prog = |s: &str, l: &str| {
        (1..argv.len()).find_map(|i| match lit(argv, i)? {
            v if v == s || v == l => Some(argv.get(i + 1).and_then(|w| w.value.clone())),
            v => v
                .strip_prefix(l)
                .and_then(|r| r.strip_prefix('='))
                .map(|r| Some(r.to_string())),
        })
    };
    let Some(p) = prog("-a", "--startas").or_else(|| prog("-x", "--exec")) else {
        return Vec::new();
    };
    let Some(p) = p else {
        return vec![OptCmd::Unknown];
    };
    let mut words = vec![Word::literal(&p)];
    if let Some(at) = argv.iter().position(|w| w.lit() == Some("--")) {
        words.extend(argv[at + 1..].iter().cloned());
    }
    vec![OptCmd::Words(words)]
}

/// `git send-pack` (push's plumbing) and `git subtree push` (a split, then `git push`).
fn git_push(argv: &[Word]) -> Vec<OptCmd> {
    let mut i = 1;
    while let Some(v) = lit(argv, i).filter(|v| v.starts_with('-')) {
        i += if crate::programs::takes_value("git", v) {
            2
        } else {
            1
        };
    }
    let pushes = match lit(argv, i) {
        Some("send-pack") => true,
        Some("subtree") => argv[i + 1..].iter().any(|w| w.lit() == Some("push")),
        _ => false,
    };
    if !pushes {
        return Vec::new();
    }
    let mut words = vec![Word::literal("git"), Word::literal("push")];
    words.extend(
        argv[i + 1..]
            .iter()
            .filter(|w| w.lit() != Some("push"))
            .cloned(),
    );
    vec![OptCmd::Words(words)]
}

/// The commands of a launcher's arguments (`screen -X stuff CMD`) as shell scripts to judge
/// (`$__loop_gate_dynamic` for one known only at run time).
pub(crate) fn launcher_scripts(name: &str, argv: &[Word]) -> Vec<String> {
    commands(name, argv)
        .into_iter()
        .map(|c| match c {
            OptCmd::Script(s) => s,
            OptCmd::Words(w) => w
                .iter()
                .map(|w| w.value.clone())
                .collect::<Option<Vec<_>>>()
                .map_or_else(|| "$__loop_gate_dynamic".to_string(), |v| v.join(" ")),
            OptCmd::Unknown => "$__loop_gate_dynamic".to_string(),
        })
        .collect()
}

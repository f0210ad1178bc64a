//! Round 20's other shells (gate17's blind probe): the command interpreters of other systems that
//! an agent on Linux, WSL or Git Bash may start, from their documented usage. PowerShell
//! (`pwsh`, Windows PowerShell `powershell`: `-Command` takes the rest of the line, `-` reads
//! the script from standard input, `-EncodedCommand` is Base64 of UTF-16LE text, parameter names
//! are case-insensitive prefixes; a bare first argument is a script file for `pwsh` and the
//! command for `powershell`), nushell (`nu -c`/`--commands`/`-e`), xonsh (`xonsh -c`), `cmd.exe
//! /c|/k` (the rest of the line) and `wsl [-e] CMD` (the command in a Linux distribution).
//! Windows programs run from WSL by their `.exe` names (`git.exe`, `cmd.exe`) are those
//! programs. The code each runs is translated into the POSIX commands it amounts to
//! (`src/winsh20.rs`) and judged as such; the part stays at most `ask`.

use crate::models::lit;
use crate::programs::Inner;
use crate::words::Word;

/// A Windows program named by its file (`cmd.exe`, `PowerShell.EXE`, `/mnt/c/.../git.exe`): the
/// program it is, lower-cased (`None` when the name has no `.exe`).
pub(crate) fn windows_name(name: &str) -> Option<String> {
    let n = name.len().checked_sub(4)?;
    let (stem, ext) = (name.get(..n)?, name.get(n..)?);
    (ext.eq_ignore_ascii_case(".exe") && !stem.is_empty()).then(|| stem.to_ascii_lowercase())
}

/// Whether `name` is one of the programs this module reads: `cmd` only with `/c`, `/k` or `/r`
/// (a bare `cmd` is as often a placeholder or another program as cmd.exe).
pub(crate) fn handles(name: &str, argv: &[Word]) -> bool {
    match name {
        "wsl" => true,
        "cmd" => argv.iter().skip(1).any(|w| {
            w.lit().is_some_and(|v| {
                let v = v.to_ascii_lowercase();
                ["/c", "/k", "/r"].iter().any(|f| v.starts_with(f))
            })
        }),
        _ => dialect(name).is_some(),
    }
}

/// The interpreters this module reads.
fn dialect(name: &str) -> Option<&'static str> {
    Some(match name {
        "pwsh" | "powershell" => "pwsh",
        "nu" => "nu",
        "xonsh" => "xonsh",
        "cmd" => "cmd",
        _ => return crate::shells21::dialect(name),
    })
}

/// Where the code of one of these interpreters comes from.
#[derive(Debug, PartialEq)]
enum Source {
    /// Text on the command line (`None`: not known before it runs).
    Text(Option<String>),
    /// A script file or other input not known here.
    Unknown,
    /// Standard input.
    Stdin,
}

/// For `pwsh`, `powershell`, `nu`, `xonsh`, `cmd` and `wsl`: the code they run, as a launcher's
/// shell string (`None` when `name` is none of them or the code is read from standard input,
/// which `reads_stdin` then answers).
pub(crate) fn launcher(name: &str, argv: &[Word]) -> Option<Inner> {
    if name == "wsl" {
        return wsl(argv);
    }
    let d = dialect(name)?;
    let code = match source(name, argv) {
        Source::Stdin => return None,
        Source::Unknown => None,
        Source::Text(t) => t.map(|t| crate::winsh20::translate(d, &t)),
    };
    Some(Inner {
        inner: argv.len(),
        code: Some(code),
        note: Some(format!(
            "`{name}` runs code of another shell (judged as the commands it amounts to)"
        )),
        ..Inner::default()
    })
}

/// Whether one of these interpreters reads its code from standard input here.
pub(crate) fn reads_stdin(name: &str, argv: &[Word]) -> bool {
    name != "cmd" && dialect(name).is_some() && source(name, argv) == Source::Stdin
}

/// The POSIX commands code read from standard input amounts to.
pub(crate) fn stdin_text(name: &str, input: &str) -> String {
    crate::winsh20::translate(dialect(name).unwrap_or("nu"), input)
}

fn source(name: &str, argv: &[Word]) -> Source {
    match name {
        "pwsh" | "powershell" => powershell(name, argv),
        "cmd" => cmd(argv),
        _ => nu_or_xonsh(name, argv),
    }
}

/// The rest of the words from `i`, joined (`None` when one is not known).
fn rest(argv: &[Word], i: usize) -> Option<String> {
    let words: Option<Vec<&str>> = argv.get(i..)?.iter().map(|w| w.value.as_deref()).collect();
    words.map(|w| w.join(" "))
}

/// Whether `p` (lower-cased, without its dash) names PowerShell's parameter `full`, of which at
/// least `min` letters are given.
fn names(p: &str, full: &str, min: usize) -> bool {
    p.len() >= min && full.starts_with(p)
}

fn powershell(name: &str, argv: &[Word]) -> Source {
    const VALUES: &[(&str, usize)] = &[
        ("executionpolicy", 2),
        ("workingdirectory", 2),
        ("configurationname", 4),
        ("outputformat", 1),
        ("inputformat", 2),
        ("windowstyle", 1),
        ("settingsfile", 2),
        ("psconsolefile", 2),
        ("version", 1),
        ("custompipename", 2),
    ];
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        let Some(v) = w.lit() else {
            return Source::Text(None);
        };
        let Some(p) = v.strip_prefix(['-', '/']).map(str::to_ascii_lowercase) else {
            // a bare argument: the script file of `pwsh`, the command of `powershell`
            return match name {
                "powershell" => Source::Text(rest(argv, i)),
                _ => Source::Unknown,
            };
        };
        if p == "c" || p == "cwa" || names(&p, "command", 3) || names(&p, "commandwithargs", 8) {
            return match lit(argv, i + 1) {
                Some("-") => Source::Stdin,
                // the first argument is the command; the rest are its `$args` (round 21)
                _ if p.contains('w') || p == "cwa" => {
                    Source::Text(argv.get(i + 1).and_then(|w| w.value.clone()))
                }
                _ => Source::Text(rest(argv, i + 1)),
            };
        }
        if p == "ec" || p == "e" || names(&p, "encodedcommand", 2) {
            let text = argv.get(i + 1).and_then(|w| w.value.as_deref());
            return Source::Text(text.and_then(crate::winsh20::utf16_base64));
        }
        if p == "f" || names(&p, "file", 2) {
            return Source::Unknown;
        }
        let valued = p == "ep"
            || p == "wd"
            || p == "ex"
            || VALUES.iter().any(|(full, min)| names(&p, full, *min));
        i += if valued { 2 } else { 1 };
    }
    Source::Stdin
}

fn cmd(argv: &[Word]) -> Source {
    for (i, w) in argv.iter().enumerate().skip(1) {
        let Some(v) = w.lit() else {
            return Source::Text(None);
        };
        let lower = v.to_ascii_lowercase();
        if matches!(lower.as_str(), "/c" | "/k" | "/r") {
            return Source::Text(rest(argv, i + 1));
        }
        if let Some(glued) = ["/c", "/k"].iter().find_map(|f| lower.strip_prefix(f)) {
            // `cmd /c"git push"` (the quotes are cmd's)
            if glued.starts_with(['"', ' ']) {
                let first = v[2..].trim_matches('"').to_string();
                return Source::Text(rest(argv, i + 1).map(|r| format!("{first} {r}")));
            }
        }
        if !v.starts_with('/') {
            return Source::Unknown;
        }
    }
    Source::Stdin
}

fn nu_or_xonsh(name: &str, argv: &[Word]) -> Source {
    let code: &[&str] = match name {
        "nu" => &["-c", "--commands", "-e", "--execute"],
        _ => &["-c"],
    };
    let values: &[&str] = &[
        "--config",
        "--env-config",
        "-I",
        "--include-path",
        "--log-level",
        "--log-target",
        "--plugin-config",
        "-t",
        "--threads",
        "--rc",
        "-D",
        "--shell-type",
    ];
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        let Some(v) = w.lit() else {
            return Source::Text(None);
        };
        if code.contains(&v) {
            return Source::Text(argv.get(i + 1).and_then(|w| w.value.clone()));
        }
        if let Some(c) = v.strip_prefix("--commands=") {
            return Source::Text(Some(c.to_string()));
        }
        if v == "-" {
            return Source::Stdin;
        }
        if !v.starts_with('-') {
            return Source::Unknown;
        }
        i += if values.contains(&v) { 2 } else { 1 };
    }
    Source::Stdin
}

/// `wsl [OPTIONS] [-e|--exec] CMD...` (`-e`: the words are the command; otherwise the default
/// shell runs them joined); management options (`--list`, `--shutdown`) run no command.
fn wsl(argv: &[Word]) -> Option<Inner> {
    const VALUES: &[&str] = &[
        "-d",
        "--distribution",
        "-u",
        "--user",
        "--cd",
        "--shell-type",
        "--distribution-id",
    ];
    let note = Some("`wsl` runs the command in a Linux distribution".to_string());
    let mut i = 1;
    while let Some(v) = lit(argv, i) {
        if matches!(v, "-e" | "--exec") {
            return Some(Inner {
                inner: (i + 1).min(argv.len()),
                note,
                ..Inner::default()
            });
        }
        if v == "--" || !v.starts_with('-') {
            let start = if v == "--" { i + 1 } else { i };
            return Some(Inner {
                inner: start.min(argv.len()),
                shell_string: true,
                note,
                ..Inner::default()
            });
        }
        if !VALUES.contains(&v) && !matches!(v, "--system" | "--no-launch") {
            return None; // `--list`, `--install`, `--shutdown`: no command
        }
        i += if VALUES.contains(&v) { 2 } else { 1 };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &[&str]) -> Vec<Word> {
        s.iter().map(|w| Word::literal(w)).collect()
    }

    fn code(s: &[&str]) -> Option<String> {
        let argv = words(s);
        launcher(s[0], &argv).and_then(|i| i.code.flatten())
    }

    #[test]
    fn cmd_needs_its_switch() {
        assert!(handles("cmd", &words(&["cmd", "/C", "dir"])));
        assert!(!handles("cmd", &words(&["cmd", "<", "in.txt"])));
        assert!(!reads_stdin("cmd", &words(&["cmd"])));
    }

    #[test]
    fn windows_names() {
        assert_eq!(windows_name("cmd.exe").as_deref(), Some("cmd"));
        assert_eq!(
            windows_name("PowerShell.EXE").as_deref(),
            Some("powershell")
        );
        assert_eq!(windows_name("git"), None);
        assert_eq!(windows_name(".exe"), None);
    }

    #[test]
    fn powershell_sources() {
        assert_eq!(
            code(&["pwsh", "-NoProfile", "-Command", "git", "push"]).as_deref(),
            Some("git push")
        );
        assert_eq!(
            code(&["pwsh", "-ExecutionPolicy", "Bypass", "-c", "git push"]).as_deref(),
            Some("git push")
        );
        assert_eq!(
            code(&["powershell", "git", "push"]).as_deref(),
            Some("git push")
        );
        assert!(code(&["pwsh", "script.ps1"]).is_none());
        assert!(reads_stdin("pwsh", &words(&["pwsh", "-Command", "-"])));
        assert!(reads_stdin("pwsh", &words(&["pwsh", "-NoLogo"])));
        assert!(!reads_stdin("pwsh", &words(&["pwsh", "-File", "x.ps1"])));
    }

    #[test]
    fn cmd_nu_xonsh_wsl() {
        assert_eq!(
            code(&["cmd", "/d", "/c", "git", "push"]).as_deref(),
            Some("git push")
        );
        assert_eq!(
            code(&["nu", "--commands", "git push"]).as_deref(),
            Some("git push")
        );
        assert_eq!(
            code(&["xonsh", "-c", "git push"]).as_deref(),
            Some("git push")
        );
        let argv = words(&["wsl", "-d", "Ubuntu", "-e", "git", "push"]);
        assert_eq!(wsl(&argv).map(|i| i.inner), Some(4));
        assert!(wsl(&words(&["wsl", "--list"])).is_none());
    }
}

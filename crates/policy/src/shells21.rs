//! Round 21's other shells (gate18's blind probe), read with round 20's (`src/shells20.rs`):
//! more command interpreters that take a command string with `-c` and read their script from
//! standard input when given none, from their manuals: elvish, Oils (`oil`, `osh`, `ysh`), yash,
//! posh, Plan 9's `rc`, `es`, the C shells (`tcsh`, `csh`), ion, murex, busybox's `hush` and the
//! OpenBSD ksh ports (`oksh`, `loksh`). A simple command (`git push`, `rm -rf build`) is spelt
//! the same in each, so their code is judged as the POSIX commands it reads as; the part stays at
//! most `ask`. Also two PowerShell and nushell spellings of running a program: `Start-Process
//! FILE -ArgumentList ARGS` (aliases `saps`, `start`) and nushell's `run-external CMD ARGS`.

/// The interpreters this module adds to round 20's (their code is read word for word).
pub(crate) fn dialect(name: &str) -> Option<&'static str> {
    matches!(
        name,
        "elvish"
            | "oil"
            | "osh"
            | "ysh"
            | "yash"
            | "posh"
            | "rc"
            | "es"
            | "tcsh"
            | "csh"
            | "ion"
            | "murex"
            | "hush"
            | "oksh"
            | "loksh"
    )
    .then_some("posix")
}

/// PowerShell's `Start-Process FILE [-ArgumentList] ARGS`: the command it starts (`None` when
/// the statement is not `Start-Process` or names no file).
pub(crate) fn start_process(words: &[String]) -> Option<Vec<String>> {
    let first = words.first()?.to_ascii_lowercase();
    if !matches!(first.as_str(), "start-process" | "saps" | "start") {
        return None;
    }
    // parameters that take a value (besides the file and the arguments)
    const VALUED: &[&str] = &[
        "workingdirectory",
        "windowstyle",
        "verb",
        "credential",
        "redirectstandardoutput",
        "redirectstandarderror",
        "redirectstandardinput",
        "environment",
    ];
    let (mut file, mut args) = (None::<String>, Vec::new());
    let mut it = words.iter().skip(1);
    while let Some(w) = it.next() {
        let Some(p) = w.strip_prefix('-').map(str::to_ascii_lowercase) else {
            if file.is_none() {
                file = Some(w.clone());
            } else {
                args.extend(split_list(w));
            }
            continue;
        };
        if p.len() >= 2 && "filepath".starts_with(&p) {
            file = it.next().cloned();
        } else if p == "args" || (p.len() >= 2 && "argumentlist".starts_with(&p)) {
            args.extend(it.next().map(|v| split_list(v)).unwrap_or_default());
        } else if VALUED.iter().any(|v| p.len() >= 3 && v.starts_with(&p)) {
            it.next();
        }
    }
    let mut out = vec![file?];
    out.extend(args);
    Some(out)
}

/// An `-ArgumentList` value: a comma-separated list whose items may hold several words.
fn split_list(v: &str) -> Vec<String> {
    v.split(',')
        .flat_map(str::split_whitespace)
        .map(|s| s.trim_matches(['\'', '"']).to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// nushell's `run-external CMD ARGS` runs CMD: the words without the keyword.
pub(crate) fn nu_external(mut words: Vec<String>) -> Vec<String> {
    if words.first().is_some_and(|w| w == "run-external") {
        words.remove(0);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn start_process_spellings() {
        let got = start_process(&w(&[
            "Start-Process",
            "git",
            "-ArgumentList",
            "push",
            "-Wait",
        ]));
        assert_eq!(got, Some(w(&["git", "push"])));
        let got = start_process(&w(&["saps", "-FilePath", "rm", "-Args", "-rf,build"]));
        assert_eq!(got, Some(w(&["rm", "-rf", "build"])));
        let got = start_process(&w(&["start", "git", "push origin", "-NoNewWindow"]));
        assert_eq!(got, Some(w(&["git", "push", "origin"])));
        assert_eq!(start_process(&w(&["Get-Content", "x"])), None);
        assert_eq!(start_process(&w(&["Start-Process"])), None);
    }

    #[test]
    fn shells_and_externals() {
        assert_eq!(dialect("tcsh"), Some("posix"));
        assert_eq!(dialect("bash"), None);
        assert_eq!(
            nu_external(w(&["run-external", "git", "push"])),
            w(&["git", "push"])
        );
        assert_eq!(nu_external(w(&["ls"])), w(&["ls"]));
    }
}

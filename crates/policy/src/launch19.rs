//! Round 19's runners (`src/launchers.rs` reads the rows with the other tables): programs and
//! shell words that run a command and that no table named before round 19's blind probe, from
//! their usage lines: zsh's precommand modifiers (`noglob CMD`, `nocorrect CMD`), `repeat N
//! CMD`, `emulate MODE -c STRING`; `launchctl submit -l LABEL -- CMD` and `launchctl
//! asuser|bsexec ID CMD`; and the commands go's build flags run (`-toolexec CMD`: every tool
//! of the build is run through it; `go test|run -exec CMD`: the built binary is run through it;
//! `go vet -vettool=PROG`).

use crate::launchers::{Row, row, sub};
use crate::models::lit;
use crate::optcmds::OptCmd;
use crate::words::Word;

/// The rows, one per launcher (or per launcher's subcommand set).
pub(crate) const ROWS: &[Row] = &[
    row("noglob", &[]),
    row("nocorrect", &[]),
    Row {
        positional: Some(1),
        ..row("repeat", &[])
    },
    Row {
        code: &["-c"],
        positional: None,
        ..row("emulate", &["-o", "+o"])
    },
    sub("launchctl", &["submit"], &["-l", "-p", "-o", "-e"]),
    Row {
        positional: Some(1),
        ..sub("launchctl", &["asuser", "bsexec"], &[])
    },
];

/// Why the launcher itself is more than a wrapper.
pub(crate) fn note(name: &str) -> Option<&'static str> {
    Some(match name {
        "launchctl" => "starts the command as a service or as another user",
        _ => return None,
    })
}

/// The commands a program runs because of its options (after `src/launch17.rs`'s).
pub(crate) fn commands(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    match name {
        "go" => go_runs(argv),
        _ => crate::launch21::commands(name, argv),
    }
}

/// go's flags that name a program the build or the test run goes through: `-toolexec CMD`
/// (`CMD /path/to/compile ARGS`), `-exec CMD` (`CMD ./pkg.test ARGS`), `-vettool=PROG`.
fn go_runs(argv: &[Word]) -> Vec<OptCmd> {
    let mut out = Vec::new();
    for i in 2..argv.len() {
        let Some(v) = lit(argv, i) else { continue };
        let Some(v) = v.strip_prefix('-') else {
            continue;
        };
        let opt = v.strip_prefix('-').unwrap_or(v);
        let (flag, bundled) = match opt.split_once('=') {
            Some((f, val)) => (f, Some(val.to_string())),
            None => (opt, None),
        };
        let tail = match flag {
            "toolexec" => " ./compile",
            "exec" => " ./pkg.test",
            "vettool" => "",
            _ => continue,
        };
        let value = match bundled {
            Some(val) => Some(val),
            None => argv.get(i + 1).and_then(|w| w.value.clone()),
        };
        out.push(match value {
            Some(val) if !val.is_empty() => OptCmd::Script(format!("{val}{tail}")),
            _ => OptCmd::Unknown,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &[&str]) -> Vec<Word> {
        s.iter().map(|w| Word::literal(w)).collect()
    }

    #[test]
    fn go_flags_that_run_programs() {
        let got = go_runs(&words(&["go", "test", "-exec", "rm -rf b", "./..."]));
        assert_eq!(got, [OptCmd::Script("rm -rf b ./pkg.test".into())]);
        let got = go_runs(&words(&["go", "build", "-toolexec=sh -c x", "."]));
        assert_eq!(got, [OptCmd::Script("sh -c x ./compile".into())]);
        assert!(go_runs(&words(&["go", "test", "-run", "X", "./..."])).is_empty());
    }
}

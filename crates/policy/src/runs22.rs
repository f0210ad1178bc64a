//! Round 22 (gate19's blind probe): programs that run a command an option names, from their
//! manuals, after `src/launch21.rs`: ripgrep's `--hostname-bin PROG` (run with no arguments to
//! learn the host name for hyperlinks), LLDB's `-o`/`-O`/`--one-line[-before-file]` commands
//! (`platform shell CMD` runs CMD; `script ...` runs Python: unknown), gnuplot's `-e` statements
//! (`!CMD` and `system "CMD"` run CMD through the shell).

use crate::models::abbreviates;
use crate::optcmds::{OptCmd, value_at};
use crate::words::Word;

/// The commands `name` runs because of these options.
pub(crate) fn commands(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    let values = |short: &[&str], long: &[&str]| -> Vec<Option<String>> {
        (1..argv.len())
            .filter_map(|i| value_at(argv, i, short, long))
            .collect()
    };
    match name {
        "rg" => values(&[], &["--hostname-bin"])
            .into_iter()
            .map(|v| v.map_or(OptCmd::Unknown, |p| OptCmd::Words(vec![Word::literal(&p)])))
            .collect(),
        "lldb" => values(
            &["-o", "-O", "-k", "-K"],
            &[
                "--one-line",
                "--one-line-before-file",
                "--one-line-on-crash",
            ],
        )
        .into_iter()
        .filter_map(|v| match v {
            None => Some(OptCmd::Unknown),
            Some(c) => lldb_command(&c),
        })
        .collect(),
        "gnuplot" => values(&["-e"], &[])
            .into_iter()
            .flat_map(|v| match v {
                None => vec![OptCmd::Unknown],
                Some(c) => c
                    .split(';')
                    .filter_map(|s| s.trim().strip_prefix('!'))
                    .map(|s| OptCmd::Script(s.trim().to_string()))
                    .collect(),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// What one LLDB command runs: `platform shell CMD` (also `pl sh`), `script` (Python: unknown).
fn lldb_command(c: &str) -> Option<OptCmd> {
    let w: Vec<&str> = c.split_whitespace().collect();
    match w.as_slice() {
        [p, s, rest @ ..] if abbreviates(p, "platform") && abbreviates(s, "shell") => {
            Some(OptCmd::Script(rest.join(" ")))
        }
        [s, ..] if abbreviates(s, "script") => Some(OptCmd::Unknown),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<Word> {
        s.split_whitespace().map(Word::literal).collect()
    }

    #[test]
    fn hostname_bin_lldb_and_gnuplot() {
        assert_eq!(
            commands("rg", &words("rg --hostname-bin=/tmp/h x")),
            [OptCmd::Words(vec![Word::literal("/tmp/h")])]
        );
        let mut argv = words("lldb --batch -o");
        argv.push(Word::literal("platform shell git push"));
        assert_eq!(
            commands("lldb", &argv),
            [OptCmd::Script("git push".to_string())]
        );
        let mut argv = words("gnuplot -e");
        argv.push(Word::literal("set x; ! rm -rf build"));
        assert_eq!(
            commands("gnuplot", &argv),
            [OptCmd::Script("rm -rf build".to_string())]
        );
        assert!(commands("cat", &words("cat x")).is_empty());
    }
}

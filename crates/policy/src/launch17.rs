//! Round 17's runners (`src/launchers.rs` reads the rows with the other tables): programs that
//! run a command and that no table named before round 17's blind probe, from their usage lines:
//! `dagger run CMD` (a command in an engine session), `railway run [--] CMD` (with the
//! project's variables in its environment), `minikube ssh [--] CMD` (a shell string in the
//! cluster's node), `asdf env NAME CMD`; git's wrappers, whose arguments are git's (`pass git
//! ARGS` in the password store, `yadm ARGS` in the dotfiles repository, `hub ARGS`, `lab ARGS`,
//! `vcsh REPO ARGS`); and `just` reading its justfile from standard input (`--justfile
//! /dev/stdin`), whose recipe lines and backticks are the commands it may run.

use crate::launchers::{Row, sub};
use crate::models::lit;
use crate::optcmds::{OptCmd, value_at};
use crate::words::Word;

/// The rows, one per launcher (or per launcher's subcommand set).
pub(crate) const ROWS: &[Row] = &[
    sub(
        "dagger",
        &["run"],
        &["--progress", "-m", "--mod", "--workdir"],
    ),
    sub(
        "railway",
        &["run"],
        &["-s", "--service", "-e", "--environment"],
    ),
    Row {
        joined: true,
        ..sub(
            "minikube",
            &["ssh"],
            &["-n", "--node", "-p", "--profile", "--user"],
        )
    },
    Row {
        positional: Some(1),
        ..sub("asdf", &["env"], &[])
    },
];

/// Why the launcher itself is more than a wrapper.
pub(crate) fn note(name: &str) -> Option<&'static str> {
    Some(match name {
        "dagger" => "runs the command in a session of its container engine",
        "railway" => "runs the command with secrets in its environment",
        "minikube" => "runs the command on another host or in a container",
        _ => return None,
    })
}

/// git's wrappers: the git command their arguments make (`pass git push` is `git push` in the
/// password store, `yadm push` and `hub push` are `git push`).
pub(crate) fn commands(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    let from = match name {
        "pass" if lit(argv, 1) == Some("git") => 2,
        "yadm" | "hub" | "lab" if argv.len() > 1 => 1,
        "vcsh" if lit(argv, 1).is_some_and(|s| !VCSH_OWN.contains(&s) && !s.starts_with('-')) => 2,
        _ => return crate::launch19::commands(name, argv),
    };
    let mut words = vec![Word::literal("git")];
    words.extend(argv.iter().skip(from).cloned());
    vec![OptCmd::Words(words)]
}

/// vcsh's own commands (any other first word names a repository).
const VCSH_OWN: &[&str] = &[
    "clone",
    "init",
    "list",
    "list-tracked",
    "list-untracked",
    "delete",
    "enter",
    "foreach",
    "help",
    "commit",
    "pull",
    "push",
    "rename",
    "run",
    "status",
    "upgrade",
    "version",
    "which",
    "write-gitignore",
];

/// Whether `just` reads its justfile from standard input.
pub(crate) fn just_reads_stdin(argv: &[Word]) -> bool {
    (1..argv.len()).any(|i| {
        matches!(
            value_at(argv, i, &["-f"], &["--justfile"]),
            Some(Some(ref f)) if matches!(f.as_str(), "-" | "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
        )
    })
}

/// The shell commands of a justfile's text: every indented recipe line (its `@`/`-` prefixes
/// dropped) and every backtick, one per line.
pub(crate) fn just_recipes(text: &str) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with([' ', '\t']) && !line.trim().is_empty() {
            out.push(line.trim().trim_start_matches(['@', '-']).to_string());
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(cmd), Some(_)) = (parts.next(), parts.next()) {
            out.push(cmd.to_string());
        }
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<Word> {
        s.split(' ').map(Word::literal).collect()
    }

    #[test]
    fn wrappers_of_git_run_git() {
        let Some(OptCmd::Words(w)) = commands("pass", &words("pass git push")).pop() else {
            panic!("pass git runs git");
        };
        let w: Vec<&str> = w.iter().filter_map(Word::lit).collect();
        assert_eq!(w, ["git", "push"]);
        assert!(commands("pass", &words("pass show x")).is_empty());
        assert!(commands("vcsh", &words("vcsh list")).is_empty());
        assert_eq!(commands("vcsh", &words("vcsh dots push")).len(), 1);
    }

    #[test]
    fn justfile_recipes_are_its_commands() {
        assert_eq!(
            just_recipes("x:\n\tgit push\n  @rm -rf b\n"),
            "git push\nrm -rf b"
        );
        assert_eq!(just_recipes("v := `git push`\n"), "git push");
    }
}

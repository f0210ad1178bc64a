//! Round 21 (gate18's blind probe): build files a script writes with literal text and then runs
//! through their runner — a `Makefile` then `make`, a `justfile` then `just`, a `package.json`
//! then `npm test|run|install|start`, a `mise.toml` then `mise run`, a `build.rs` then `cargo
//! build|test|run`, a `setup.py` then `pip install .` or `python setup.py`. The text is
//! remembered as round 17's written scripts are (`src/flow17.rs`); here the commands it holds
//! are judged too: a makefile's recipes, a justfile's indented lines, and the strings of the
//! others (scripts, `run =` lines, `Command::new("git").arg("push")`, `os.system("...")`) as
//! inline code's strings are. The run itself stays judged as it was: this only adds.

use crate::models::{lit, option_values};
use crate::words::Word;

/// How a build file's text holds its commands.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Holds {
    /// Makefile recipes.
    Recipes,
    /// Indented recipe lines (justfile).
    Indented,
    /// String literals (package.json scripts, mise.toml `run`, build.rs, setup.py).
    Strings,
}

/// The build files `name` runs commands from, relative to where it runs.
fn build_files(name: &str, argv: &[Word]) -> Vec<(String, Holds)> {
    let sub = lit(argv, 1).unwrap_or("");
    let given = |short: &[&str], long: &[&str]| -> Vec<String> {
        option_values(argv, short, long)
            .iter()
            .filter_map(|w| w.lit().map(str::to_string))
            .collect()
    };
    let with = |files: Vec<String>, h: Holds| files.into_iter().map(|f| (f, h)).collect();
    match name {
        "make" | "gmake" => {
            let f = given(&["-f"], &["--file", "--makefile"]);
            let files = if f.is_empty() {
                vec!["GNUmakefile".into(), "makefile".into(), "Makefile".into()]
            } else {
                f
            };
            let dir = given(&["-C"], &["--directory"]).pop();
            let files = match dir {
                Some(d) => files.into_iter().map(|f| format!("{d}/{f}")).collect(),
                None => files,
            };
            with(files, Holds::Recipes)
        }
        "just" => {
            let f = given(&["-f"], &["--justfile"]);
            let files = if f.is_empty() {
                vec!["justfile".into(), "Justfile".into(), ".justfile".into()]
            } else {
                f
            };
            with(files, Holds::Indented)
        }
        "npm" | "pnpm" | "yarn" | "bun"
            if argv.len() == 1
                || matches!(
                    sub,
                    "run"
                        | "run-script"
                        | "test"
                        | "t"
                        | "start"
                        | "stop"
                        | "restart"
                        | "install"
                        | "i"
                        | "ci"
                        | "add"
                        | "publish"
                        | "pack"
                        | "rebuild"
                ) =>
        {
            with(vec!["package.json".into()], Holds::Strings)
        }
        "mise" if matches!(sub, "run" | "r" | "tasks") => with(
            vec![
                "mise.toml".into(),
                ".mise.toml".into(),
                "mise/config.toml".into(),
            ],
            Holds::Strings,
        ),
        "cargo"
            if matches!(
                sub,
                "build"
                    | "b"
                    | "test"
                    | "t"
                    | "run"
                    | "r"
                    | "check"
                    | "c"
                    | "bench"
                    | "clippy"
                    | "doc"
                    | "install"
            ) =>
        {
            with(vec!["build.rs".into()], Holds::Strings)
        }
        "pip" | "pip3" if sub == "install" => with(vec!["setup.py".into()], Holds::Strings),
        n if n.starts_with("python") && sub == "setup.py" => {
            with(vec!["setup.py".into()], Holds::Strings)
        }
        _ => Vec::new(),
    }
}

/// The commands a build file's text holds (`Strings`: its string literals, judged by the caller
/// as inline code's are).
fn commands(text: &str, holds: Holds) -> Vec<String> {
    match holds {
        Holds::Recipes => vec![crate::recipes::recipes(text)],
        Holds::Indented => text
            .lines()
            .filter(|l| l.starts_with([' ', '\t']))
            .map(|l| l.trim().trim_start_matches(['@', '-']).to_string())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect(),
        Holds::Strings => Vec::new(),
    }
}

impl crate::shell::Analyser<'_, '_> {
    /// The commands of build files this script wrote with literal text, when `argv` runs them.
    pub(crate) fn run_written_build(&mut self, name: &str, argv: &[Word], depth: usize) {
        for (file, holds) in build_files(name, argv) {
            let key = crate::flow17::written_key(self.cwd.as_deref(), &file);
            let Some(Some(Some(text))) = self.vars.get(&key).cloned().map(|v| v.map(|w| w.value))
            else {
                continue;
            };
            if holds == Holds::Strings {
                let code = [Word::literal(name), Word::literal(&text)];
                self.code_parts(name, &file, &code, depth);
                continue;
            }
            for cmd in commands(&text, holds) {
                if crate::shell::parses(&cmd) {
                    self.script(&cmd, depth + 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &[&str]) -> Vec<Word> {
        s.iter().map(|w| Word::literal(w)).collect()
    }

    #[test]
    fn runners_and_their_files() {
        let got = build_files("make", &words(&["make", "-C", "sub", "x"]));
        assert!(
            got.iter()
                .any(|(f, h)| f == "sub/Makefile" && *h == Holds::Recipes)
        );
        let got = build_files("npm", &words(&["npm", "test"]));
        assert_eq!(got, [("package.json".to_string(), Holds::Strings)]);
        assert!(build_files("npm", &words(&["npm", "view", "x"])).is_empty());
        assert!(build_files("cargo", &words(&["cargo", "fmt"])).is_empty());
        let lines = commands("x:\n    git push\n# c\n", Holds::Indented);
        assert_eq!(lines, ["git push"]);
    }
}

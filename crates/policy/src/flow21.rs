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
        Holds::Strings => {
            let mut out = crate::code21::spawn_lines(text);
            out.extend(script_values(text));
            out.extend(shell_calls(text));
            out
        }
    }
}

/// The values of a `package.json`'s `"scripts"` object and a `mise.toml`'s `run =` lines.
fn script_values(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(i) = text.find("\"scripts\"") {
        let rest = &text[i + 9..];
        let body = rest
            .find('{')
            .and_then(|o| rest[o..].find('}').map(|c| &rest[o + 1..o + c]))
            .unwrap_or("");
        // `"NAME": "CMD"` pairs: every second literal is a command
        let lits = crate::code::code_strings(&[Word::literal("x"), Word::literal(body)]);
        out.extend(
            lits.into_iter()
                .filter(|l| !l.contains(':') || l.contains(' ')),
        );
    }
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(v) = t
            .strip_prefix("run")
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('='))
        {
            out.extend(crate::code::code_strings(&[
                Word::literal("x"),
                Word::literal(v),
            ]));
        }
    }
    out
}

/// The string given alone to a call that runs it through a shell (`os.system("...")`,
/// `execSync("...")`, `subprocess.run("...", shell=True)`, `popen("...")`).
fn shell_calls(text: &str) -> Vec<String> {
    const CALLS: &[&str] = &[
        "system(",
        "execSync(",
        "exec(",
        "popen(",
        "run(",
        "call(",
        "check_call(",
        "check_output(",
        "Popen(",
        "spawn(",
    ];
    let mut out = Vec::new();
    for c in CALLS {
        let mut rest = text;
        while let Some(i) = rest.find(c) {
            rest = &rest[i + c.len()..];
            let q = rest.chars().next().unwrap_or(' ');
            if (q == '"' || q == '\'')
                && let Some(end) = rest[1..].find(q)
            {
                out.push(rest[1..1 + end].to_string());
            }
        }
    }
    out
}

impl crate::shell::Analyser<'_, '_> {
    /// `declare -l NAME=VALUE` / `-u` (also `typeset`, `local`): the value is stored lower- or
    /// upper-cased, as bash does (`declare -l s=PUSH; git "$s"` runs `git push`).
    pub(crate) fn declare_case(&mut self, node: tree_sitter::Node<'_>, src: &str) {
        let text = &src[node.byte_range()];
        let flags: String = text
            .split_whitespace()
            .skip(1)
            .take_while(|w| w.starts_with('-'))
            .flat_map(|w| w.chars().skip(1))
            .collect();
        let case = match (flags.rfind('l'), flags.rfind('u')) {
            (Some(l), Some(u)) => Some(l > u),
            (Some(_), None) => Some(true),
            (None, Some(_)) => Some(false),
            (None, None) => None,
        };
        let Some(lower) = case else { return };
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            let Some(n) = ch.child_by_field_name("name") else {
                continue;
            };
            let name = &src[n.byte_range()];
            let Some(Some(v)) = self.vars.get(name).map(|w| w.as_ref().and_then(Word::lit)) else {
                continue;
            };
            let v = if lower {
                v.to_lowercase()
            } else {
                v.to_uppercase()
            };
            self.vars.insert(name.to_string(), Some(Word::literal(&v)));
        }
    }

    /// The commands of build files this script wrote with literal text, when `argv` runs them.
    pub(crate) fn run_written_build(&mut self, name: &str, argv: &[Word], depth: usize) {
        for (file, holds) in build_files(name, argv) {
            let key = crate::flow17::written_key(self.cwd.as_deref(), &file);
            let Some(Some(Some(text))) = self.vars.get(&key).cloned().map(|v| v.map(|w| w.value))
            else {
                continue;
            };
            if holds == Holds::Strings {
                // a path the code names is judged as read (`fs::read(".env")`)
                for p in crate::code::code_strings(&[Word::literal(name), Word::literal(&text)]) {
                    if !p.contains(char::is_whitespace) && p.starts_with(['.', '~', '/']) {
                        self.side_part(
                            crate::part::PartKind::Read,
                            name,
                            &file,
                            &Word::literal(&p),
                        );
                    }
                }
            }
            for cmd in commands(&text, holds) {
                if crate::shell::parses(&cmd) {
                    self.script(&cmd, depth + 1);
                }
            }
        }
    }
}

/// printf's backslash escapes in a format (`\\`, `\n`, `\t`, `\xHH`, `\NNN` octal, `\0NNN`)
/// decoded; `None` for any other escape or a byte that is not ASCII.
pub(crate) fn printf_escapes(s: &str) -> Option<String> {
    let b: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != '\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let c = *b.get(i + 1)?;
        i += 2;
        let (radix, max) = match c {
            'x' => (16, 2),
            '0'..='7' => {
                i -= 1;
                (8, if c == '0' { 4 } else { 3 })
            }
            _ => {
                out.push(match c {
                    '\\' => '\\',
                    'n' => '\n',
                    't' => '\t',
                    'r' => '\r',
                    '"' => '"',
                    '\'' => '\'',
                    _ => return None,
                });
                continue;
            }
        };
        let digits: String = b[i..]
            .iter()
            .take(max)
            .take_while(|d| d.is_digit(radix))
            .collect();
        let v = u8::from_str_radix(&digits, radix)
            .ok()
            .filter(u8::is_ascii)?;
        out.push(char::from(v));
        i += digits.chars().count();
    }
    Some(out)
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
        assert_eq!(printf_escapes(r"\x2eenv").as_deref(), Some(".env"));
        assert_eq!(printf_escapes(r"\56env\n").as_deref(), Some(".env\n"));
        assert_eq!(printf_escapes(r"a\\b").as_deref(), Some("a\\b"));
        assert_eq!(printf_escapes(r"\c"), None);
        let lines = commands("x:\n    git push\n# c\n", Holds::Indented);
        assert_eq!(lines, ["git push"]);
    }
}

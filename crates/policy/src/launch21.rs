//! Round 21's runners (gate18's blind probe; `src/launchers.rs` reads the rows with the other
//! tables): the run verbs of language toolchains no table named, from their usage lines —
//! `mix cmd CMD` (Elixir), `stack exec [--] CMD [-- ARGS]`, `cabal exec [--] CMD`, `opam exec
//! [--] CMD`, `hatch env run [-- ] CMD`, `nix run nixpkgs#PROG [-- ARGS]` (the package's program
//! with the arguments) — and CMake's command mode (`cmake -E rm|remove|env|chdir|time|copy|
//! touch|make_directory|rename|create_symlink|cat|tar ...`), each judged as the POSIX command it
//! amounts to (`cmake -E rm -rf build` is `rm -rf build`).

use crate::launchers::{Row, sub};
use crate::models::lit;
use crate::optcmds::OptCmd;
use crate::words::Word;

/// The rows, one per launcher's subcommand set.
pub(crate) const ROWS: &[Row] = &[
    sub("mix", &["cmd"], &["--app", "--cd"]),
    sub(
        "stack",
        &["exec"],
        &[
            "--package",
            "--cwd",
            "--stack-yaml",
            "--resolver",
            "--rts-options",
        ],
    ),
    sub(
        "cabal",
        &["exec"],
        &["--project-file", "--builddir", "-w", "--with-compiler"],
    ),
    sub("opam", &["exec"], &["--switch", "--root", "--set-switch"]),
];

/// Why the launcher itself is more than a wrapper.
pub(crate) fn note(name: &str) -> Option<&'static str> {
    Some(match name {
        "mix" | "stack" | "cabal" | "opam" => {
            "prepares an environment first (project configuration, hooks, installs)"
        }
        _ => return None,
    })
}

/// The commands a program runs because of its subcommand (after `src/launch19.rs`'s).
pub(crate) fn commands(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    let words = match name {
        "stack" | "cabal" | "opam" if lit(argv, 1) == Some("exec") => exec_split(argv),
        "hatch" if lit(argv, 1) == Some("env") && lit(argv, 2) == Some("run") => {
            after_dashdash(argv, 3)
        }
        "nix" if lit(argv, 1) == Some("run") => nix_run(argv),
        "cmake" if lit(argv, 1) == Some("-E") => cmake_command(argv),
        "npm" | "pnpm" => return npm_script_definitions(argv),
        _ => return crate::runs22::commands(name, argv),
    };
    words.map(|w| vec![OptCmd::Words(w)]).unwrap_or_default()
}

fn words(v: &[&str]) -> Vec<Word> {
    v.iter().map(|s| Word::literal(s)).collect()
}

/// `npm pkg set scripts.NAME=CMD ...` and `npm set-script NAME CMD` store a command that npm runs
/// later (`npm run NAME`, or a lifecycle such as `postinstall`): each is judged as it is defined.
fn npm_script_definitions(argv: &[Word]) -> Vec<OptCmd> {
    match (lit(argv, 1), lit(argv, 2)) {
        (Some("pkg"), Some("set")) => argv[3..]
            .iter()
            .filter_map(|w| {
                let v = w.value.as_deref()?;
                let (k, cmd) = v.split_once('=')?;
                k.starts_with("scripts.")
                    .then(|| OptCmd::Script(cmd.to_string()))
            })
            .collect(),
        (Some("set-script"), Some(_)) => argv
            .get(3)
            .map(|w| w.value.clone().map_or(OptCmd::Unknown, OptCmd::Script))
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

/// `cmake -P /dev/stdin <<< SCRIPT`: the commands of the script's `execute_process(COMMAND A B
/// ... [COMMAND ...])` calls (each `COMMAND` starts one; the call's keywords end it).
pub(crate) fn input_script(name: &str, input: &str) -> Option<String> {
    if name != "cmake" {
        return None;
    }
    const KEYWORDS: &[&str] = &[
        "WORKING_DIRECTORY",
        "TIMEOUT",
        "RESULT_VARIABLE",
        "RESULTS_VARIABLE",
        "OUTPUT_VARIABLE",
        "ERROR_VARIABLE",
        "INPUT_FILE",
        "OUTPUT_FILE",
        "ERROR_FILE",
        "OUTPUT_QUIET",
        "ERROR_QUIET",
        "COMMAND_ECHO",
        "ECHO_OUTPUT_VARIABLE",
        "ECHO_ERROR_VARIABLE",
        "COMMAND_ERROR_IS_FATAL",
        "ENCODING",
    ];
    let mut cmds: Vec<String> = Vec::new();
    let mut rest = input;
    while let Some(i) = rest.to_ascii_lowercase().find("execute_process(") {
        let call = &rest[i + 16..];
        let end = call.find(')').unwrap_or(call.len());
        let mut cur: Option<Vec<String>> = None;
        for w in call[..end].split_whitespace() {
            let w = w.trim_matches('"');
            if w == "COMMAND" {
                cmds.extend(cur.take().map(|c| c.join(" ")));
                cur = Some(Vec::new());
            } else if KEYWORDS.contains(&w) {
                cmds.extend(cur.take().map(|c| c.join(" ")));
            } else if let Some(c) = cur.as_mut() {
                c.push(w.to_string());
            }
        }
        cmds.extend(cur.take().map(|c| c.join(" ")));
        rest = &call[end..];
    }
    (!cmds.is_empty()).then(|| cmds.join("\n"))
}

/// `stack exec CMD -- ARGS`: the `--` after the command only ends stack's options.
fn exec_split(argv: &[Word]) -> Option<Vec<Word>> {
    let cmd = (2..argv.len()).find(|&i| !lit(argv, i).is_some_and(|v| v.starts_with('-')))?;
    let dd = (cmd + 1..argv.len()).find(|&i| lit(argv, i) == Some("--"))?;
    let mut out = argv[cmd..dd].to_vec();
    out.extend(argv[dd + 1..].iter().cloned());
    Some(out)
}

/// The words after the first `--` at or after `from`.
fn after_dashdash(argv: &[Word], from: usize) -> Option<Vec<Word>> {
    let dd = (from..argv.len()).find(|&i| lit(argv, i) == Some("--"))?;
    let rest = argv[dd + 1..].to_vec();
    (!rest.is_empty()).then_some(rest)
}

/// `nix run nixpkgs#PROG -- ARGS` runs the package's program (named as the package).
fn nix_run(argv: &[Word]) -> Option<Vec<Word>> {
    let i = (2..argv.len()).find(|&i| !lit(argv, i).is_some_and(|v| v.starts_with('-')))?;
    let installable = lit(argv, i)?;
    let (flake, attr) = installable.split_once('#')?;
    if !matches!(flake, "nixpkgs" | "n" | "github:NixOS/nixpkgs") || attr.is_empty() {
        return None;
    }
    let prog = attr.rsplit('.').next().unwrap_or(attr);
    let mut out = words(&[prog]);
    if let Some(rest) = after_dashdash(argv, i + 1) {
        out.extend(rest);
    }
    Some(out)
}

/// `cmake -E TOOL ARGS`: the POSIX command the tool is.
fn cmake_command(argv: &[Word]) -> Option<Vec<Word>> {
    let tool = lit(argv, 2)?;
    let rest = argv.get(3..).unwrap_or_default();
    let mut out = match tool {
        "rm" | "remove" | "cat" | "touch" | "tar" => words(&[tool]),
        "touch_nocreate" => words(&["touch", "-c"]),
        "remove_directory" => words(&["rm", "-r"]),
        "copy" | "copy_if_different" | "copy_directory" | "copy_directory_if_different" => {
            words(&["cp", "-r"])
        }
        "make_directory" => words(&["mkdir", "-p"]),
        "rename" => words(&["mv"]),
        "create_symlink" => words(&["ln", "-s"]),
        "create_hardlink" => words(&["ln"]),
        "time" => Vec::new(),
        "chdir" => {
            return rest
                .get(1..)
                .map(<[Word]>::to_vec)
                .filter(|v| !v.is_empty());
        }
        "env" => {
            // `cmake -E env [--unset=NAME] [--modify ...] [NAME=VALUE]... [--] CMD ARGS`
            let start = rest.iter().position(|w| {
                !w.lit()
                    .is_some_and(|v| v.starts_with("--") || v.contains('='))
            });
            let dd = rest.iter().position(|w| w.lit() == Some("--"));
            let from = match (dd, start) {
                (Some(d), Some(s)) if d < s => d + 1,
                (_, Some(s)) => s,
                _ => return None,
            };
            return Some(rest[from..].to_vec()).filter(|v| !v.is_empty());
        }
        _ => return None,
    };
    out.extend(rest.iter().cloned());
    Some(out).filter(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(cmds: Vec<OptCmd>) -> Vec<String> {
        cmds.into_iter()
            .filter_map(|c| match c {
                OptCmd::Words(w) => Some(
                    w.iter()
                        .filter_map(|x| x.lit().map(str::to_string))
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn toolchain_run_verbs() {
        let got = commands("stack", &words(&["stack", "exec", "git", "--", "push"]));
        assert_eq!(texts(got), ["git push"]);
        let got = commands(
            "hatch",
            &words(&["hatch", "env", "run", "-e", "x", "--", "ls"]),
        );
        assert_eq!(texts(got), ["ls"]);
        let got = commands("nix", &words(&["nix", "run", "nixpkgs#git", "--", "push"]));
        assert_eq!(texts(got), ["git push"]);
        assert!(commands("nix", &words(&["nix", "run", ".#app"])).is_empty());
        assert!(commands("stack", &words(&["stack", "build"])).is_empty());
    }

    #[test]
    fn cmake_command_mode() {
        let t = |v: &[&str]| texts(commands("cmake", &words(v)));
        assert_eq!(t(&["cmake", "-E", "rm", "-rf", "build"]), ["rm -rf build"]);
        assert_eq!(
            t(&["cmake", "-E", "env", "A=1", "git", "push"]),
            ["git push"]
        );
        assert_eq!(
            t(&["cmake", "-E", "copy", "a", "/tmp/b"]),
            ["cp -r a /tmp/b"]
        );
        assert_eq!(t(&["cmake", "-E", "chdir", "/tmp", "ls"]), ["ls"]);
        assert!(t(&["cmake", "-E", "capabilities"]).is_empty());
        assert!(t(&["cmake", "-S", ".", "-B", "build"]).is_empty());
        let got = input_script(
            "cmake",
            "execute_process(COMMAND git push WORKING_DIRECTORY x)",
        );
        assert_eq!(got.as_deref(), Some("git push"));
        assert_eq!(input_script("cmake", "message(hi)"), None);
    }
}

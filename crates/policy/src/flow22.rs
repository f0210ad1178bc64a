//! Round 22 (gate19's blind probe): more files a script writes with literal text and then has a
//! program run, after round 21's build files (`src/flow21.rs`), from the programs' manuals:
//! `cargo test|run|bench|build|...` reads `.cargo/config.toml` (`runner`, `rustc-wrapper`,
//! `rustc-workspace-wrapper`, `rustc`, `rustdoc`, `linker` run; `target-dir`, `build-dir` are
//! written) and `cargo test|run|bench` run the code of the crate's `.rs` files; pytest runs
//! `conftest.py` and test modules; every Python start runs the `import` lines of `.pth` files and
//! `sitecustomize`/`usercustomize`; `go test` runs `_test.go` files (`go run`, every `.go` file);
//! rake runs its Rakefile, Gradle its build scripts, `deno task` the `tasks` of `deno.json`,
//! composer the `scripts` of `composer.json`, `task` a Taskfile's `cmds`, foreman, honcho and
//! overmind a `Procfile`, tox the `commands` of `tox.ini` (nox the sessions of `noxfile.py`),
//! pre-commit the `entry` of `.pre-commit-config.yaml`. Text appended with `>>` (or `tee -a`)
//! is remembered as what the file holds at least; a file written through `tee` from a literal
//! printer is remembered like a redirection; a shell reading such a file on its standard input
//! (`bash < out/p`) runs its text. Each command the text holds is judged; the run itself stays
//! judged as it was: this only adds.

use crate::models::lit;
use crate::shell::Analyser;
use crate::words::Word;

/// How a file's text holds the commands a program runs from it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Holds {
    /// Code: its string literals, argument lists and shell calls.
    Code,
    /// Rust code: only the programs it starts with their arguments (`Command::new("git")
    /// .arg("push")`): a test's other strings are data.
    RustCode,
    /// Cargo's configuration: the programs it names and the folders it writes.
    CargoConfig,
    /// `key: CMD` / `key = CMD` lines of known keys and `- CMD` items (Taskfile, tox, pre-commit).
    Keyed,
    /// `name: CMD` lines (Procfile).
    Procfile,
}

/// A test on a remembered file's path, and how the file holds its commands.
type Source = (fn(&str) -> bool, Holds);

/// Which remembered files `name` (with `argv`) runs commands from.
fn runs_from(name: &str, argv: &[Word]) -> Vec<Source> {
    let sub = lit(argv, 1).unwrap_or("");
    let python_module = |m: &str| {
        argv.windows(2)
            .any(|w| w[0].lit() == Some("-m") && w[1].lit() == Some(m))
    };
    let mut out: Vec<Source> = Vec::new();
    if name.starts_with("python") || matches!(name, "pytest" | "py.test" | "ipython") {
        out.push((startup_py, Holds::Code));
    }
    if matches!(name, "pytest" | "py.test") || python_module("pytest") {
        out.push((test_py, Holds::Code));
    }
    match name {
        "cargo"
            if !matches!(
                sub,
                "fmt" | "metadata" | "tree" | "search" | "help" | "version"
            ) =>
        {
            out.push((cargo_config, Holds::CargoConfig));
            if matches!(
                sub,
                "test" | "t" | "run" | "r" | "bench" | "nextest" | "llvm-cov"
            ) {
                out.push((rust_source, Holds::RustCode));
            }
        }
        "go" if sub == "test" => out.push((|p| p.ends_with("_test.go"), Holds::Code)),
        "go" if matches!(sub, "run" | "generate") => {
            out.push((|p| p.ends_with(".go"), Holds::Code))
        }
        "rake" => out.push((rakefile, Holds::Code)),
        "gradle" | "gradlew" => out.push((gradle_script, Holds::Code)),
        "deno" if sub == "task" => out.push((|p| base(p).starts_with("deno.json"), Holds::Code)),
        "composer" => out.push((|p| base(p) == "composer.json", Holds::Code)),
        "task" | "go-task" => out.push((taskfile, Holds::Keyed)),
        "foreman" | "honcho" | "overmind" | "hivemind" => {
            out.push((|p| base(p).starts_with("Procfile"), Holds::Procfile))
        }
        "tox" => out.push((|p| base(p) == "tox.ini", Holds::Keyed)),
        "nox" => out.push((|p| base(p) == "noxfile.py", Holds::Code)),
        "pre-commit" => out.push((|p| base(p) == ".pre-commit-config.yaml", Holds::Keyed)),
        _ => {}
    }
    out
}

fn base(p: &str) -> &str {
    p.rsplit('/').next().unwrap_or(p)
}

fn startup_py(p: &str) -> bool {
    p.ends_with(".pth") || matches!(base(p), "sitecustomize.py" | "usercustomize.py")
}

fn test_py(p: &str) -> bool {
    let b = base(p);
    b == "conftest.py"
        || (b.ends_with(".py") && (b.starts_with("test_") || b.ends_with("_test.py")))
}

fn cargo_config(p: &str) -> bool {
    p.ends_with(".cargo/config.toml") || p.ends_with(".cargo/config")
}

fn rust_source(p: &str) -> bool {
    p.ends_with(".rs")
}

fn rakefile(p: &str) -> bool {
    matches!(
        base(p),
        "Rakefile" | "rakefile" | "Rakefile.rb" | "rakefile.rb"
    ) || p.ends_with(".rake")
}

fn gradle_script(p: &str) -> bool {
    let b = base(p);
    b.ends_with(".gradle") || b.ends_with(".gradle.kts")
}

fn taskfile(p: &str) -> bool {
    matches!(
        base(p),
        "Taskfile.yml" | "Taskfile.yaml" | "taskfile.yml" | "taskfile.yaml" | "Taskfile.dist.yml"
    )
}

/// The string literals of a value (`"git push"`, `["git", "push"]` joined, or a bare word).
fn value_commands(v: &str) -> Vec<String> {
    let v = v.trim();
    if v.starts_with('[') {
        // `["git", "push"]`: the items side by side (one item: itself)
        let mut lits = crate::code22::word_lists(v);
        lits.truncate(1);
        if lits.is_empty() && !v.contains(',') {
            lits.push(v.trim_matches(['[', ']', ' ', '"', '\'']).to_string());
        }
        return lits;
    }
    let v = v.trim_matches(|c| c == '"' || c == '\'');
    (!v.is_empty()).then(|| v.to_string()).into_iter().collect()
}

/// The commands a file's text holds, and (cargo's configuration) the folders it writes.
fn commands(text: &str, holds: Holds) -> (Vec<String>, Vec<String>) {
    let mut cmds = Vec::new();
    let mut writes = Vec::new();
    match holds {
        Holds::Code => {
            let code = [Word::literal("x"), Word::literal(text)];
            cmds.extend(crate::code::code_strings(&code));
            cmds.extend(crate::code21::spawn_lines(text));
            cmds.extend(crate::code22::word_lists(text));
        }
        Holds::RustCode => cmds.extend(crate::code21::spawn_lines(text)),
        Holds::CargoConfig => {
            for line in text.lines() {
                let Some((k, v)) = line.split_once('=') else {
                    continue;
                };
                let k = k.trim().trim_matches('"');
                if crate::optcmds::CARGO_CONFIG_RUNS.contains(&k) {
                    cmds.extend(value_commands(v));
                } else if matches!(k, "target-dir" | "build-dir") {
                    writes.extend(value_commands(v));
                }
            }
        }
        Holds::Keyed => {
            const KEYS: &[&str] = &[
                "commands",
                "commands_pre",
                "commands_post",
                "entry",
                "cmd",
                "cmds",
                "command",
                "run",
                "script",
            ];
            let mut continued = false;
            for line in text.lines() {
                let t = line.trim();
                if continued && line.starts_with([' ', '\t']) && !t.starts_with('-') {
                    cmds.extend(value_commands(t));
                    continue;
                }
                continued = false;
                if let Some(item) = t.strip_prefix("- ") {
                    if !item.contains(": ") {
                        cmds.extend(value_commands(item));
                    }
                    continue;
                }
                let Some((k, v)) = t.split_once([':', '=']) else {
                    continue;
                };
                if KEYS.contains(&k.trim()) {
                    continued = v.trim().is_empty();
                    cmds.extend(value_commands(v));
                }
            }
        }
        Holds::Procfile => {
            for line in text.lines() {
                if let Some((_, v)) = line.split_once(':') {
                    cmds.extend(value_commands(v));
                }
            }
        }
    }
    (cmds, writes)
}

/// The path of a remembered file's key (`\0written:...\0PATH`, `...\0+` for appended text).
fn key_path(key: &str) -> Option<&str> {
    let rest = key.strip_prefix("\0written:")?;
    let rest = rest.strip_suffix("\0+").unwrap_or(rest);
    rest.rsplit('\0').next()
}

/// The last simple command of a list or pipeline (`a && cat <<EOF`: the `cat`).
pub(crate) fn last_command(node: tree_sitter::Node<'_>) -> Option<tree_sitter::Node<'_>> {
    match node.kind() {
        "command" => Some(node),
        "list" | "pipeline" => {
            let n = node.named_child_count();
            node.named_child(n.checked_sub(1)?).and_then(last_command)
        }
        _ => None,
    }
}

/// The remembered files among `vars` (a pipeline's stages run in subshells, but the files they
/// write stay written).
pub(crate) fn written_entries(
    vars: &std::collections::HashMap<String, Option<Word>>,
) -> Vec<(String, Option<Word>)> {
    vars.iter()
        .filter(|(k, _)| k.starts_with("\0written:"))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

impl Analyser<'_, '_> {
    /// The commands of files this script wrote (or appended to) with literal text, when `argv`
    /// runs them (see the module's comment).
    pub(crate) fn run_written_more(&mut self, name: &str, argv: &[Word], depth: usize) {
        let runs = runs_from(name, argv);
        if runs.is_empty() {
            return;
        }
        let mut found: Vec<(Holds, String, String)> = Vec::new();
        for (k, v) in &self.vars {
            let (Some(path), Some(Some(text))) = (key_path(k), v.as_ref().map(|w| w.lit())) else {
                continue;
            };
            for (test, holds) in &runs {
                if test(path) {
                    found.push((*holds, path.to_string(), text.to_string()));
                }
            }
        }
        found.sort();
        for (holds, path, text) in found {
            let (cmds, writes) = commands(&text, holds);
            for w in writes {
                self.side_part(
                    crate::part::PartKind::Write,
                    name,
                    &path,
                    &Word::literal(&w),
                );
            }
            for cmd in cmds {
                if cmd.contains(char::is_whitespace) && crate::shell::parses(&cmd) {
                    self.script(&cmd, depth + 1);
                }
            }
        }
    }

    /// `bash <(CMD)`, `sh <(CMD)`: the shell runs what CMD prints, as `CMD | bash` does.
    pub(crate) fn run_substituted_script(&mut self, name: &str, argv: &[Word], depth: usize) {
        if !crate::programs::is_shell(name) {
            return;
        }
        let Some(inner) = argv
            .get(1)
            .filter(|w| w.value.is_none())
            .and_then(|w| w.text.strip_prefix("<(")?.strip_suffix(')'))
        else {
            return;
        };
        let piped = format!("{inner} | {name}");
        if crate::shell::parses(&piped) {
            self.script(&piped, depth + 1);
        }
    }

    /// `>> FILE` with a literal printer's text: what FILE holds at least (kept under its own key
    /// beside the written text, which an append makes unknown).
    pub(crate) fn remember_appended(&mut self, key: &str, text: &str) {
        let more = format!("{key}\0+");
        let before = match self.vars.get(&more) {
            Some(Some(w)) => w.lit().unwrap_or("").to_string(),
            _ => String::new(),
        };
        self.vars
            .insert(more, Some(Word::literal(&format!("{before}{text}"))));
    }

    /// `printf TEXT | tee [-a] FILE...` (a pipeline's stage and the text the stage before it
    /// prints): each plain FILE holds TEXT (or at least TEXT).
    pub(crate) fn remember_tee(&mut self, stage: tree_sitter::Node<'_>, src: &str) {
        let Some(text) = self.piped_text.clone() else {
            return;
        };
        let body = match stage.kind() {
            "redirected_statement" => stage.named_child(0),
            _ => Some(stage),
        };
        let Some(cmd) = body.and_then(last_command) else {
            return;
        };
        let words: Vec<&str> = src[cmd.byte_range()].split_whitespace().collect();
        if words.first() != Some(&"tee")
            || words
                .iter()
                .any(|w| w.contains(['$', '`', '\'', '"', '*', '?']))
        {
            return;
        }
        let append = words.iter().any(|w| matches!(*w, "-a" | "--append"));
        for f in words.into_iter().skip(1) {
            if f.starts_with('-') {
                continue;
            }
            let key = crate::flow17::written_key(self.cwd.as_deref(), f);
            if append {
                self.vars.remove(&key);
                self.remember_appended(&key, &text);
            } else {
                self.vars.insert(key, Some(Word::literal(&text)));
            }
        }
    }

    /// `< FILE` where FILE was written with literal text above: that text, as the standard
    /// input of the command (`bash < out/p` runs it).
    pub(crate) fn written_input(
        &mut self,
        node: tree_sitter::Node<'_>,
        src: &str,
    ) -> Option<String> {
        let t = &src[node.byte_range()];
        if node.kind() != "file_redirect"
            || !t.starts_with('<')
            || t.starts_with("<&")
            || t.starts_with("<>")
        {
            return None;
        }
        let target = node.named_children(&mut node.walk()).last()?;
        let path = self.word(target, src).lit()?.to_string();
        let key = crate::flow17::written_key(self.cwd.as_deref(), &path);
        match self.vars.get(&key) {
            Some(Some(w)) => w.lit().map(str::to_string),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_their_commands() {
        let (c, w) = commands(
            "[build]\nrustc-wrapper = \"git push\"\ntarget-dir = \"/tmp/t\"\n",
            Holds::CargoConfig,
        );
        assert_eq!(
            (c, w),
            (vec!["git push".to_string()], vec!["/tmp/t".to_string()])
        );
        let (c, _) = commands(
            "[x]\nrunner = [\"rm\", \"-rf\", \"b\"]\n",
            Holds::CargoConfig,
        );
        assert_eq!(c, ["rm -rf b"]);
        let (c, _) = commands(
            "version: 3\ntasks:\n  x:\n    cmds:\n      - git push\n",
            Holds::Keyed,
        );
        assert_eq!(c, ["git push"]);
        let (c, _) = commands("[testenv]\ncommands =\n    git push\n", Holds::Keyed);
        assert_eq!(c, ["git push"]);
        let (c, _) = commands("web: git push\n", Holds::Procfile);
        assert_eq!(c, ["git push"]);
        assert!(test_py("tests/test_x.py") && !test_py("src/app.py"));
        assert_eq!(
            key_path("\0written:\0/w/.cargo/config.toml\0+"),
            Some("/w/.cargo/config.toml")
        );
    }
}

//! Round 20's reads and code (gate17's blind probe), after `src/outdb.rs`'s and
//! `programs::inline_code`'s tables: `dd if=FILE` reads FILE (dd(1); `of=` was a write already);
//! `deno eval CODE` runs inline code as `deno -e` does (`rewritten`); `jshell` with no script runs the Java
//! code of its input (jshell(1)). Also the state-directory paths inline code names (moved here
//! from `src/programs.rs`, which had reached its size limit).

use crate::words::Word;

/// Files a program reads because of its operands (`dd if=FILE`).
pub(crate) fn reads(name: &str, argv: &[Word]) -> Vec<Word> {
    match name {
        "dd" => argv
            .iter()
            .skip(1)
            .filter_map(|w| match w.value.as_deref() {
                Some(v) => v.strip_prefix("if=").map(Word::literal),
                // `if=$F`: a file known only at run time
                None => w.text.starts_with("if=").then(|| Word {
                    text: w.text.clone(),
                    value: None,
                    pattern: None,
                }),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// A command as the program it amounts to: a Windows program named by its file (`cmd.exe`,
/// `git.exe` from WSL) is that program; `deno eval CODE` is inline code as `deno -e CODE`.
pub(crate) fn rewritten(name: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let mut out = argv.to_vec();
    if let Some(program) = crate::shells20::windows_name(name) {
        *out.first_mut()? = Word::literal(&program);
        return Some(out);
    }
    if let Some(words) =
        crate::args21::config_file_last(argv).or_else(|| crate::args21::config_read_form(argv))
    {
        return Some(words); // round 21: `git config -f F --list` is `git config --list -f F`
    }
    if name == "deno" && argv.get(1).and_then(Word::lit) == Some("eval") {
        out[1] = Word::literal("-e");
        return Some(out);
    }
    crate::code22::toolchain_dropped(name, argv) // round 22: `cargo +stable test`
}

/// Interpreters beside `programs::stdin_code`'s that run the code on their standard input when
/// given no script.
pub(crate) fn stdin_interpreter(name: &str) -> bool {
    matches!(
        name,
        "jshell" | "groovysh" | "scala" | "kotlinc" | "ghci" | "irb" | "psysh"
    )
}

/// Paths with a `.loop` component (the loop's state directory) named anywhere in the inline
/// code of an interpreter (`python -c`, `node -e`, ...). What the code does to them is not
/// known, so each is judged as a write, which the built-in rule denies under `.loop/`.
pub(crate) fn state_dir_mentions(name: &str, argv: &[Word]) -> Vec<String> {
    if crate::programs::inline_code(name, argv).is_none() {
        return Vec::new();
    }
    let mut out: Vec<String> = Vec::new();
    for w in argv.iter().skip(1) {
        let text = w.value.as_deref().unwrap_or(&w.text);
        let tokens = text.split(|c: char| !(c.is_alphanumeric() || "._/~-".contains(c)));
        for token in tokens {
            if token.split('/').any(|c| c == ".loop") && !out.iter().any(|o| o == token) {
                out.push(token.to_string());
            }
        }
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
    fn dd_and_deno() {
        let got = reads("dd", &words(&["dd", "if=.env", "bs=1", "of=x"]));
        assert_eq!(got, [Word::literal(".env")]);
        assert!(reads("cat", &words(&["cat", "if=x"])).is_empty());
        let got = rewritten("deno", &words(&["deno", "eval", "1"]));
        assert_eq!(got, Some(words(&["deno", "-e", "1"])));
        assert!(rewritten("deno", &words(&["deno", "run", "x.ts"])).is_none());
        assert_eq!(
            rewritten("git.exe", &words(&["git.exe", "push"])),
            Some(words(&["git", "push"]))
        );
        assert!(stdin_interpreter("jshell"));
    }
}

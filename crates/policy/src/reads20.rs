//! Round 20's reads and code (gate17's blind probe), after `src/outdb.rs`'s and
//! `programs::inline_code`'s tables: `dd if=FILE` reads FILE (dd(1); `of=` was a write already);
//! `deno eval CODE` runs inline code as `deno -e` does; `jshell` with no script runs the Java
//! code of its input (jshell(1)).

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

/// Inline code given to a subcommand (`deno eval CODE`): why it cannot be analysed.
pub(crate) fn subcommand_code(name: &str, argv: &[Word]) -> Option<String> {
    let sub = argv.get(1).and_then(Word::lit)?;
    matches!((name, sub), ("deno", "eval")).then(|| format!("`{name} {sub}` runs inline code"))
}

/// Interpreters beside `programs::stdin_code`'s that run the code on their standard input when
/// given no script.
pub(crate) fn stdin_interpreter(name: &str) -> bool {
    matches!(
        name,
        "jshell" | "groovysh" | "scala" | "kotlinc" | "ghci" | "irb" | "psysh"
    )
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
        assert!(subcommand_code("deno", &words(&["deno", "eval", "1"])).is_some());
        assert!(subcommand_code("deno", &words(&["deno", "run", "x.ts"])).is_none());
        assert!(stdin_interpreter("jshell"));
    }
}

//! Round 22 (gate19's blind probe): inline code of more interpreters, from their manuals (read
//! with `programs::inline_code` and `runners::code_parts`): Racket (`-e`), babashka and Clojure
//! (`-e`), Kotlin (`-e`), Crystal (`eval`), Octave (`--eval`), gnuplot (`-e`), SBCL (`--eval`),
//! ECL (`-eval`), CLISP (`-x`), IPython (`-c`), ts-node and tsx (`-e`, `-p`), QuickJS (`-e`),
//! Gauche (`-e`), Swift (`-e`); also the POSIX shells `ksh93`, `lksh`, `pdksh`, `bosh` and
//! `posh`'s kin read as `sh`. Their code is judged by its string literals as every inline code's
//! is, and here also by the command lines literals written side by side make: a call's
//! arguments (`ProcessBuilder("git", "push")`, `(sh "git" "push")`, `system2("git", "push")`,
//! `(run-program "git" (list "push"))`) and word lists (`qw(git push)`, `%w[git push]`, Raku's
//! `run <git push>`).

/// The flags that give an interpreter of this module its code.
pub(crate) fn inline_flags(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "racket" | "bb" | "clojure" | "clj" | "kotlin" | "kotlinc" | "qjs" | "quickjs" | "gosh"
        | "swift" => &["-e", "--eval"],
        "ts-node" | "tsx" | "ts-node-esm" => &["-e", "--eval", "-p", "--print"],
        "crystal" => &["eval"],
        "octave" | "octave-cli" => &["--eval"],
        "gnuplot" => &["-e"],
        "sbcl" => &["--eval"],
        "ecl" => &["-eval"],
        "clisp" => &["-x"],
        "ipython" | "ipython3" => &["-c"],
        _ => return None,
    })
}

/// POSIX shells beside `programs::is_shell`'s.
pub(crate) fn more_shells(name: &str) -> bool {
    matches!(name, "ksh93" | "lksh" | "pdksh" | "bosh" | "jsh" | "pbosh")
}

/// An awk program with the text of its double-quoted strings left out (`print "system(x)"`
/// prints a word; it calls nothing).
pub(crate) fn outside_strings(code: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    let mut escaped = false;
    for c in code.chars() {
        if inside {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => {
                    inside = false;
                    out.push('"');
                }
                _ => escaped = false,
            }
            continue;
        }
        if c == '"' {
            inside = true;
        }
        out.push(c);
    }
    out
}

/// `cargo +TOOLCHAIN ...` with a toolchain given by its name (`+stable`, `+nightly-2024-01-01`):
/// the same command run by an installed toolchain, judged without the name (a toolchain given
/// by a path runs that folder's programs: left as it is).
pub(crate) fn toolchain_dropped(
    name: &str,
    argv: &[crate::words::Word],
) -> Option<Vec<crate::words::Word>> {
    let t = argv.get(1)?.lit()?;
    let named = t.strip_prefix('+').is_some_and(|n| {
        !n.is_empty()
            && !n.starts_with('.')
            && n.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-._".contains(c))
    });
    (name == "cargo" && named).then(|| {
        let mut out = argv.to_vec();
        out.remove(1);
        out
    })
}

/// The command lines inline code makes from a program and its arguments: round 21's
/// argument lists and this module's literals side by side and word lists.
pub(crate) fn code_lines(code: &str) -> Vec<String> {
    let mut lines = crate::code21::spawn_lines(code);
    lines.extend(word_lists(code));
    lines
}

/// A string literal at `i` (double or single quotes, backslash escapes kept as written).
fn literal(b: &[char], i: usize) -> Option<(String, usize)> {
    let q = *b.get(i)?;
    if q != '"' && q != '\'' {
        return None;
    }
    let mut j = i + 1;
    let mut s = String::new();
    while j < b.len() && b[j] != q {
        if b[j] == '\\' && j + 1 < b.len() {
            j += 1;
        }
        s.push(b[j]);
        j += 1;
    }
    (j < b.len()).then_some((s, j + 1))
}

/// Skips what may stand between two arguments of one call: blanks, commas, and the opening of
/// a list (`(list `, `'(`, `[`, `c(`, `listOf(`, `arrayOf(`, `{`).
fn between(b: &[char], mut i: usize) -> usize {
    loop {
        while i < b.len() && (b[i].is_whitespace() || b[i] == ',') {
            i += 1;
        }
        let rest: String = b[i..b.len().min(i + 9)].iter().collect();
        let open = [
            "(list ", "'(", "[", "c(", "listOf(", "arrayOf(", "{", "list(",
        ]
        .iter()
        .find(|o| rest.starts_with(**o));
        match open {
            Some(o) => i += o.chars().count(),
            None => return i,
        }
    }
}

/// The command lines of literals written side by side (two or more) and of word lists. At
/// most 16.
pub(crate) fn word_lists(code: &str) -> Vec<String> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() && out.len() < 16 {
        if let Some((first, next)) = literal(&b, i) {
            let mut line = vec![first];
            let mut j = between(&b, next);
            while let Some((s, n)) = literal(&b, j) {
                line.push(s);
                j = between(&b, n);
            }
            if line.len() > 1 {
                out.push(line.join(" "));
            }
            i = next.max(i + 1);
            continue;
        }
        let rest: String = b[i..b.len().min(i + 6)].iter().collect();
        let list = ["qw(", "%w[", "%w(", "%W[", "%W(", "run <", "shell <"]
            .iter()
            .find(|o| rest.starts_with(**o));
        if let Some(o) = list {
            let start = i + o.chars().count();
            let close = match o.chars().last() {
                Some('(') => ')',
                Some('[') => ']',
                _ => '>',
            };
            if let Some(len) = b[start..].iter().position(|c| *c == close) {
                let words: String = b[start..start + len].iter().collect();
                let words: Vec<&str> = words.split_whitespace().collect();
                if !words.is_empty() {
                    out.push(words.join(" "));
                }
                i = start + len;
                continue;
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_side_by_side_and_word_lists() {
        assert_eq!(
            word_lists("ProcessBuilder(\"git\", \"push\").start()"),
            ["git push"]
        );
        assert_eq!(
            word_lists("(sb-ext:run-program \"git\" (list \"push\") :search t)"),
            ["git push"]
        );
        assert_eq!(word_lists("system qw(git push)"), ["git push"]);
        assert_eq!(word_lists("system(*%w[rm -rf build])"), ["rm -rf build"]);
        assert_eq!(word_lists("run <git push>"), ["git push"]);
        assert!(word_lists("print(\"one\")").is_empty());
        assert_eq!(inline_flags("crystal"), Some(&["eval"][..]));
        assert!(inline_flags("cat").is_none() && more_shells("ksh93"));
        assert_eq!(
            outside_strings("BEGIN{print \"system(x)\"}"),
            "BEGIN{print \"\"}"
        );
        let w = |s: &str| {
            s.split(' ')
                .map(crate::words::Word::literal)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            toolchain_dropped("cargo", &w("cargo +stable test")),
            Some(w("cargo test"))
        );
        assert_eq!(toolchain_dropped("cargo", &w("cargo +/tmp/tc test")), None);
    }
}

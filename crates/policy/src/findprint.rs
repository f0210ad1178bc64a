//! Which `find` stages print nothing but the names of files they find, so that a later
//! `| xargs CMD` gets those names (`src/xsplit.rs`). No action prints every match; so does a
//! single `-print` ending the expression (`find . -path ./tests -prune -o -name '*.py' -print`,
//! 6 of 2,323 real harmless commands, `tests/data/harmless-real.toml`): it prints a subset of
//! what the expression without it prints, and `found_for_exec` already reads every file below
//! the root whenever `-o` or `-prune` is present. A `-print` anywhere else (`find . -print -name
//! '*.py'` prints every name) and the other actions keep the stage unknown. With `-o` and no
//! parentheses or negations, `A -o B -print` is `A -o (B -a -print)`: only the files matching
//! the operand after the last `-o` are printed, so its one `-name` narrows the names; without
//! an action each operand prints its own (`found`: the union).

use crate::words::Word;

/// The actions that print or act other than the implicit (or one trailing) `-print`.
const ACTIONS: [&str; 13] = [
    "-exec", "-execdir", "-ok", "-okdir", "-print", "-print0", "-printf", "-ls", "-fprint",
    "-fprint0", "-fprintf", "-fls", "-delete",
];

/// Whether `find ARGS` (every word a literal) prints only the names of the files it finds;
/// `-print0` likewise only as the last word (`find . -print0 -name '*.py'` prints every name).
pub(crate) fn prints_found(argv: &[Word]) -> bool {
    let body = match argv.split_last() {
        Some((last, body)) if matches!(last.lit(), Some("-print" | "-print0")) => body,
        _ => argv,
    };
    argv.first().and_then(Word::lit) == Some("find")
        && argv.iter().all(|w| w.lit().is_some())
        && body
            .iter()
            .all(|w| w.lit().is_some_and(|v| !ACTIONS.contains(&v)))
}

/// The names a stage `prints_found` approves prints (`found_for_exec`). With `-o` and no
/// parentheses or negations the expression is `A -o B -o C`: every operand prints what it
/// matches (the implicit `-print`), or only the last one does (a trailing `-print` binds to
/// it), so the names are the union of what each printing operand finds (`-name '*.md' -o
/// -name '*.rst'`: those two globs; an operand with no one `-name`: every file below the root).
pub(crate) fn found(argv: &[Word]) -> Vec<Word> {
    let lits: Vec<&str> = argv.iter().filter_map(Word::lit).collect();
    let grouped = lits
        .iter()
        .any(|v| matches!(*v, "(" | ")" | "!" | "-not" | "," | "-print0"));
    let roots = 1 + lits
        .iter()
        .skip(1)
        .take_while(|v| !v.starts_with('-'))
        .count();
    if grouped || lits.len() != argv.len() || argv.len() < roots {
        return crate::find::found_for_exec(argv);
    }
    let (head, expr) = argv.split_at(roots);
    let operands: Vec<&[Word]> = expr
        .split(|w| matches!(w.lit(), Some("-o" | "-or")))
        .collect();
    let trailing = lits.last() == Some(&"-print");
    let printing = match operands.split_last() {
        Some((last, _)) if trailing => vec![*last],
        _ => operands,
    };
    if printing.len() == 1 && !trailing {
        return crate::find::found_for_exec(argv);
    }
    printing
        .into_iter()
        .flat_map(|op| crate::find::found_for_exec(&[head, op].concat()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::prints_found;
    use crate::words::Word;

    fn argv(s: &str) -> Vec<Word> {
        s.split(' ').map(Word::literal).collect()
    }

    #[test]
    fn a_trailing_print_prints_only_found_names() {
        for s in [
            "find . -name *.py",
            "find . -name *.py -print",
            "find . -path ./tests -prune -o -type f -name *.py -print",
            "find -print",
            "find . -name *.py -print0",
        ] {
            assert!(prints_found(&argv(s)), "{s}");
        }
        for s in [
            "find . -print -name *.py",
            "find . -name *.py -print -print",
            "find . -print0 -name *.py",
            "find . -name *.py -printf %p",
            "find . -name *.py -exec cat {} +",
            "find . -delete",
            "find . -ls",
            "ls . -print",
        ] {
            assert!(!prints_found(&argv(s)), "{s}");
        }
    }
}

#[cfg(test)]
mod narrowing {
    use super::found;
    use crate::words::Word;

    fn patterns(s: &str) -> Vec<String> {
        let argv: Vec<Word> = s.split(' ').map(Word::literal).collect();
        found(&argv).into_iter().filter_map(|w| w.pattern).collect()
    }

    #[test]
    fn only_the_operand_after_the_last_or_prints() {
        let pruned = patterns("find . -path ./tests -prune -o -type f -name *.py -print");
        assert!(
            pruned
                .iter()
                .all(|p| p.starts_with("./**/") && p.ends_with(".py")),
            "{pruned:?}"
        );
        let two = patterns("find src -name *.py -o -name *.env -print");
        assert!(
            two.iter()
                .all(|p| p.ends_with(".env") || p.ends_with("env")),
            "{two:?}"
        );
        let union = patterns("find . -type f -name *.md -o -name *.rst -o -name *.txt");
        assert_eq!(union.len(), 9, "{union:?}");
        assert!(
            !union.iter().any(|p| p.ends_with("env") || p == "./**"),
            "{union:?}"
        );
        // every operand prints without a trailing -print; a group is not split
        for s in [
            "find . -path ./tests -prune -o -name *.py",
            "find . -name *.py -o -type f",
            "find . ( -name *.py -o -name *.env ) -print",
            "find . ! -name *.py -o -name *.rs",
        ] {
            assert!(patterns(s).contains(&"./**".to_string()), "{s}");
        }
    }
}

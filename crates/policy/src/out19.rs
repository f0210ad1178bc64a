//! Round 19: where more programs write (read after `src/out17.rs`), from their usage lines:
//! core dumps (`gdb -ex 'generate-core-file FILE'`, `gdb -ex 'gcore FILE'`, `gcore -o PREFIX`,
//! `coredumpctl dump -o FILE`), `docker context export NAME [FILE]`, and the archive of tar's
//! old-style option cluster (`tar czf ARCHIVE ...`: the letters that take a value take the
//! words after the cluster in order).

use crate::models::{lit, option_values};
use crate::words::Word;

/// The files `name` writes through its options or positionals; `None`: no entry here.
pub(crate) fn writes(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    Some(match name {
        "gdb" | "gdb-multiarch" => gdb_core_files(argv),
        "gcore" => option_values(argv, &["-o"], &[]),
        "coredumpctl" if matches!(sub, "dump" | "debug") => {
            option_values(argv, &["-o"], &["--output"])
        }
        "docker" | "podman" if sub == "context" && lit(argv, 2) == Some("export") => {
            // `docker context export NAME [FILE]` (`-` is standard output)
            let pos: Vec<&Word> = argv
                .iter()
                .skip(3)
                .filter(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
                .collect();
            pos.get(1)
                .filter(|w| w.lit() != Some("-"))
                .map(|w| vec![(*w).clone()])
                .unwrap_or_default()
        }
        _ => return None,
    })
}

/// The files of gdb's `generate-core-file FILE` / `gcore FILE` commands given with `-ex`/`-eval-command`.
fn gdb_core_files(argv: &[Word]) -> Vec<Word> {
    let cmds = option_values(argv, &["-ex"], &["-eval-command", "--eval-command"]);
    let mut out = Vec::new();
    for c in cmds {
        let Some(v) = c.value.as_deref() else {
            continue;
        };
        let mut it = v.split_whitespace();
        if matches!(it.next(), Some("generate-core-file" | "gcore"))
            && let Some(f) = it.next()
        {
            out.push(Word::literal(f));
        }
    }
    out
}

/// The archive tar writes when its options are one old-style cluster (`tar czf A.tgz DIR`:
/// no dash; each letter that takes a value takes the next word after the cluster in order).
pub(crate) fn tar_old_style_archive(argv: &[Word]) -> Option<Word> {
    let cluster = lit(argv, 1)?;
    if cluster.starts_with('-') || !cluster.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let mut next = 2;
    for c in cluster.chars() {
        if "fbCTXgKLNVH".contains(c) {
            if c == 'f' {
                return argv.get(next).cloned();
            }
            next += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<Word> {
        s.split(' ').map(Word::literal).collect()
    }

    #[test]
    fn old_style_tar_names_its_archive() {
        let a = tar_old_style_archive(&argv("tar cvzf /tmp/a.tgz src"));
        assert_eq!(a.as_ref().and_then(Word::lit), Some("/tmp/a.tgz"));
        let a = tar_old_style_archive(&argv("tar cbf 20 out.tar src"));
        assert_eq!(a.as_ref().and_then(Word::lit), Some("out.tar"));
        assert!(tar_old_style_archive(&argv("tar -czf x.tgz src")).is_none());
    }

    #[test]
    fn core_dumps_and_contexts() {
        let Some(w) = writes("gdb", "", &argv("gdb -p 1 -batch -ex gcore-x")) else {
            panic!("gdb has an entry");
        };
        assert!(w.is_empty());
        let Some(w) = writes(
            "docker",
            "context",
            &argv("docker context export prod ../p.ctx"),
        ) else {
            panic!("docker context export writes");
        };
        assert_eq!(w.first().and_then(Word::lit), Some("../p.ctx"));
    }
}

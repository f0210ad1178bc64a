//! `find`: what it finds (`{}` of `-exec`, the files `-delete` removes) and the commands its
//! `-exec`/`-execdir`/`-ok`/`-okdir` run.

use crate::words::Word;

/// A command that writes what it is given (`rm {}`, `chmod 600 {}`) keeps `{}` a glob of every
/// path below the start point (a write there may hit a denied path): only reads become a
/// recursive read.
fn written(mut inner: Vec<Word>) -> Vec<Word> {
    let name = inner.first().and_then(Word::lit).unwrap_or("");
    let name = name.rsplit('/').next().unwrap_or(name);
    let writes = !crate::programs::write_targets(name, &inner).is_empty()
        || !crate::models::option_writes(name, &inner).is_empty()
        || crate::models::acts(name, &inner).is_some();
    if writes {
        for w in inner.iter_mut().filter(|w| w.text == FOUND) {
            w.text = "{}".into();
        }
    }
    inner
}

/// `find`'s start points (after `-H`/`-L`/`-P`/`-D OPTS`/`-OLEVEL`, before the expression);
/// none is the current directory. Find names every path below them, like `ls -R` (round 11).
pub(crate) fn find_roots(argv: &[Word]) -> Vec<Word> {
    let mut i = 1;
    while let Some(v) = argv.get(i).and_then(Word::lit) {
        match v {
            "-H" | "-L" | "-P" => i += 1,
            "-D" => i += 2,
            _ if v.starts_with("-O") => i += 1,
            _ => break,
        }
    }
    let roots: Vec<Word> = argv
        .iter()
        .skip(i)
        .take_while(|w| {
            !w.lit()
                .is_some_and(|v| v.starts_with('-') || v == "(" || v == "!")
        })
        .cloned()
        .collect();
    if roots.is_empty() {
        return vec![Word::literal(".")];
    }
    roots
}

/// The text of `{}` given to `-exec`'s command when find names every file below its start.
const FOUND: &str = "{} (every file found)";

/// What `find` finds, as a word: everything below its start point (`{}` in `-exec`, the files
/// `-delete` removes).
pub fn find_found(argv: &[Word]) -> Word {
    // `{}` stands for what find finds: below its start points
    let roots: Vec<Option<&str>> = argv
        .iter()
        .skip(1)
        .take_while(|w| {
            !w.lit()
                .is_some_and(|v| v.starts_with('-') || v == "(" || v == "!")
        })
        .map(|w| w.lit())
        .collect();
    match roots.as_slice() {
        [] => Word {
            text: "{}".into(),
            value: None,
            pattern: Some("./**".into()),
        },
        [Some(root)] => Word {
            text: "{}".into(),
            value: None,
            pattern: Some(format!("{}/**", root.trim_end_matches('/'))),
        },
        _ => Word {
            text: "{}".into(),
            value: None,
            pattern: None,
        },
    }
}

/// A name glob as `find -name` and `grep --include` match it (a leading `*` matches a leading
/// dot too): the glob and, for one that starts with `*`, a dot-file glob covering those names
/// (`*.env` also names `.env`). `None` for a glob that cannot be relied on.
pub fn name_globs(g: &str) -> Option<Vec<String>> {
    if g.is_empty() || g.starts_with(['?', '[']) || g.contains(['/', '{', '[', '\\']) {
        return None;
    }
    match g.strip_prefix('*') {
        // `*.rs` names `.x.rs` and `.rs` (not `.dev.vars`); `*env` names `.env`, `.xenv`
        Some(rest) if rest.starts_with('.') => {
            Some(vec![g.to_string(), format!(".*{rest}"), rest.to_string()])
        }
        Some(rest) => Some(vec![g.to_string(), format!(".*{rest}")]),
        None => Some(vec![g.to_string()]),
    }
}

/// What `-exec` gets as `{}`: below the start point, only files named by the one `-name`
/// glob when there is one (`find . -name '*.py' -exec grep X {} +`).
pub(crate) fn found_for_exec(argv: &[Word]) -> Vec<Word> {
    // `{}` of `-exec`: read below the start point (`found_below`); `-delete` keeps the glob
    let found = Word {
        text: FOUND.into(),
        ..find_found(argv)
    };
    let (Some(name), Some(all)) = (find_name(argv), found.pattern.as_deref()) else {
        return vec![found];
    };
    let Some(globs) = name_globs(&name) else {
        return vec![found];
    };
    let root = all.trim_end_matches("/**");
    globs
        .into_iter()
        .map(|g| Word {
            text: "{}".into(),
            value: None,
            pattern: Some(format!("{root}/**/{g}")),
        })
        .collect()
}

/// The one `-name GLOB` every file `find` finds must match: none when there are several, or
/// the expression has alternatives or negations (`-o`, `!`, `-not`, parentheses).
fn find_name(argv: &[Word]) -> Option<String> {
    let mut name = None;
    for (i, w) in argv.iter().enumerate() {
        match w.lit()? {
            "-o" | "-or" | "!" | "-not" | "(" | ")" | "," | "-prune" => return None,
            "-name" => {
                let g = argv.get(i + 1)?.lit()?;
                if name.is_some() || g.is_empty() || g.contains(['/', '[', '{', '\\']) {
                    return None;
                }
                name = Some(g.to_string());
            }
            "-exec" | "-execdir" | "-ok" | "-okdir" => break,
            _ => {}
        }
    }
    name
}

impl crate::shell::Analyser<'_, '_> {
    /// `{}` of `find DIR -exec` with no name glob: every file below DIR, judged like a
    /// recursive read of DIR (`grep -r x DIR`), so the caller's listing of DIR decides.
    pub(crate) fn found_below(&self, w: &Word) -> Option<crate::part::PathArg> {
        if w.text == crate::xsplit::SPLIT {
            // names xargs split at blanks (`find | xargs CMD`): judged by the listing
            let abs = w
                .pattern
                .as_deref()
                .and_then(|p| crate::path::normalise(p, self.cwd.as_deref(), self.ctx.home));
            return Some(abs.map_or(crate::part::PathArg::Unknown, crate::xsplit::split_arg));
        }
        let dir = (w.text == FOUND && w.value.is_none())
            .then_some(w.pattern.as_deref()?.strip_suffix("/**")?)?;
        if dir.contains(['*', '?', '[', '{']) {
            return None;
        }
        match self.path_arg(&Word::literal(dir)) {
            crate::part::PathArg::Known(np) => Some(crate::part::PathArg::below(np.absolute)),
            _ => None,
        }
    }
}

/// Splits `find ... -exec CMD {} ;` into the find part and the commands it runs.
pub fn find_exec(argv: &[Word]) -> (Vec<Word>, Vec<Vec<Word>>) {
    let found = found_for_exec(argv);
    let mut outer = Vec::new();
    let mut inners = Vec::new();
    let mut i = 0;
    while i < argv.len() {
        let v = argv[i].lit();
        if matches!(v, Some("-exec" | "-execdir" | "-ok" | "-okdir")) {
            let mut inner = Vec::new();
            i += 1;
            while i < argv.len() && !matches!(argv[i].lit(), Some(";" | "+")) {
                if argv[i].lit() == Some("{}") {
                    inner.extend(found.iter().cloned());
                } else if argv[i].lit().is_some_and(|v| v.contains("{}")) {
                    // `sh -c 'cat {}'`: a found name inside a word is known only at run time
                    inner.push(Word {
                        text: argv[i].text.clone(),
                        value: None,
                        pattern: None,
                    });
                } else {
                    inner.push(argv[i].clone());
                }
                i += 1;
            }
            if !inner.is_empty() {
                inners.push(written(inner));
            }
            i += 1;
            continue;
        }
        outer.push(argv[i].clone());
        i += 1;
    }
    (outer, inners)
}

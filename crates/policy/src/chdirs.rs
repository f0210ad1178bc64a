//! Programs that work in another directory first (`git -C DIR`, `--git-dir`, `--work-tree`,
//! `make -C DIR`, `tar -C DIR` on create, `env -C DIR CMD`): the directory they work in is
//! read or written as the program's model says.

use crate::models::{lit, option_values};
use crate::part::{Part, PartKind, PathArg};
use crate::words::Word;

/// `DIR` joined to the directory a previous `-C` moved to (`""`: where the command runs).
fn join(base: &str, dir: &str) -> String {
    if base.is_empty() || dir.starts_with(['/', '~']) {
        dir.to_string()
    } else {
        format!("{}/{dir}", base.trim_end_matches('/'))
    }
}

/// A word whose value is not known: a path that cannot be known before the command runs.
fn unknown(w: &Word) -> Word {
    Word {
        text: w.text.clone(),
        value: None,
        pattern: None,
    }
}

/// git's global options that name where it works: the `-C` directories (joined in order) and
/// `--git-dir`/`--work-tree` (below them), and the subcommand after them.
pub fn git_dirs(argv: &[Word]) -> (Vec<Word>, Option<String>) {
    let mut out = Vec::new();
    let (mut base, mut known) = (String::new(), true);
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        let Some(v) = w.lit() else {
            break;
        };
        if !v.starts_with('-') {
            break;
        }
        let (opt, attached) = match v.split_once('=') {
            Some((o, val)) => (o, Some(Word::literal(val))),
            None => (v, None),
        };
        let takes = crate::programs::takes_value("git", opt);
        let value = attached.or_else(|| takes.then(|| argv.get(i + 1).cloned()).flatten());
        match (opt, value) {
            ("-C", Some(d)) => match d.lit() {
                Some(d) if known => base = join(&base, d),
                _ => (known, base) = (false, unknown(&d).text),
            },
            ("--git-dir" | "--work-tree", Some(d)) => match d.lit() {
                Some(d) if known => out.push(Word::literal(&join(&base, d))),
                _ => out.push(unknown(&d)),
            },
            _ => {}
        }
        i += if takes && !v.contains('=') { 2 } else { 1 };
    }
    if !known {
        out.push(unknown(&Word::literal(&base)));
    } else if !base.is_empty() {
        out.push(Word::literal(&base));
    }
    (out, lit(argv, i).map(str::to_string))
}

/// The `-C DIR` of `env`, when it runs a command there.
pub fn env_dir(name: &str, argv: &[Word]) -> Option<Word> {
    if name != "env" {
        return None;
    }
    let inner = crate::programs::wrapper_inner(name, argv)?.inner;
    option_values(&argv[..inner.min(argv.len())], &["-C"], &["--chdir"]).pop()
}

/// `tar -c -C DIR MEMBER`: each member is below the `-C` before it.
pub fn tar_members(argv: &[Word], members: Vec<Word>) -> Vec<Word> {
    let mut dir = String::new();
    let mut known = true;
    let mut pending = members.into_iter().peekable();
    let mut out = Vec::new();
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        let v = w.lit();
        let moved = match v {
            Some("-C" | "--directory") => argv.get(i + 1).inspect(|_| i += 1).cloned(),
            Some(v) if v.starts_with("--directory=") => Some(Word::literal(&v[12..])),
            _ => None,
        };
        i += 1;
        if let Some(d) = moved {
            match d.lit() {
                Some(d) if known => dir = join(&dir, d),
                _ => known = false,
            }
            continue;
        }
        let Some(m) = pending.next_if(|m| m.text == w.text) else {
            continue;
        };
        out.push(match m.lit() {
            Some(p) if dir.is_empty() || p.starts_with(['/', '~']) => m,
            Some(p) if known => Word::literal(&join(&dir, p)),
            _ => unknown(&m),
        });
    }
    out.extend(pending);
    out
}

impl crate::shell::Analyser<'_, '_> {
    /// Whether `w` is where the command runs already (or the workspace root): working there
    /// reads and writes nothing more than the program does without the option.
    fn here(&self, w: &Word) -> bool {
        match self.path_arg(w) {
            PathArg::Known(np) => {
                let ws = self.ctx.workspace.trim_end_matches('/');
                np.absolute == ws || self.cwd.as_deref() == Some(np.absolute.as_str())
            }
            _ => false,
        }
    }

    /// Every file below DIR read (like `grep -r x DIR`), and DIR written when `writes`.
    fn works_in(&mut self, name: &str, text: &str, dir: &Word, writes: bool) {
        if self.here(dir) {
            return;
        }
        match self.path_arg(dir) {
            PathArg::Known(np) => {
                let mut rp = Part::new(PartKind::Read, text);
                rp.paths.push(PathArg::below(np.absolute));
                self.parts.push(rp);
            }
            _ => {
                let all = crate::models::below(dir.clone());
                self.side_part(PartKind::Read, name, text, &all);
            }
        }
        if writes {
            self.side_part(PartKind::Write, name, text, dir);
        }
    }

    /// The directories `git -C`/`--git-dir`/`--work-tree` and `make -C` work in: read every
    /// file below (status, log, grep print names and contents), written unless the git
    /// subcommand only reads.
    pub(crate) fn chdir_effects(&mut self, name: &str, text: &str, argv: &[Word]) {
        let (dirs, writes) = match name {
            "git" => {
                let (dirs, sub) = git_dirs(argv);
                let reads = sub.is_some_and(|s| crate::runners::GIT_READERS.contains(&s.as_str()));
                (dirs, !reads)
            }
            "make" | "gmake" => (option_values(argv, &["-C"], &["--directory"]), true),
            _ => return,
        };
        for d in &dirs {
            self.works_in(name, text, d, writes);
        }
    }

    /// `env -C DIR CMD`: CMD (from `inner` on) is judged as run in DIR (its relative paths are
    /// below DIR); `false` when `name` changes no directory.
    pub(crate) fn env_chdir(
        &mut self,
        name: &str,
        text: &str,
        argv: &mut Vec<Word>,
        inner: usize,
        depth: usize,
    ) -> bool {
        let Some(dir) = env_dir(name, argv) else {
            return false;
        };
        let saved = self.cwd.clone();
        self.cd(Some(&dir));
        self.exec(text, argv.split_off(inner), depth + 1, None, None);
        self.cwd = saved;
        true
    }
}

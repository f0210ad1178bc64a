//! Round 22 (gate19's blind probe): bash's `hash` builtin. `hash -p PATH NAME` makes a later
//! `NAME ARGS` run PATH with ARGS (bash's manual: "the full pathname of the command is PATH"):
//! judged as a function `NAME() { PATH "$@"; }` the script defines (`hash -p /usr/bin/git ls; ls
//! push` runs `git push`); `hash -p` with a name or path known only at run time is `ask`. Every
//! other form (`hash`, `hash -r`, `hash -d NAME`, `hash -t NAME`, `hash -l`, `hash NAME`) only
//! prints or updates bash's table of program locations: nothing the gate guards.

use crate::part::PartKind;
use crate::shell::Analyser;
use crate::words::Word;

impl Analyser<'_, '_> {
    /// Judges `hash ARGS` (see the module's comment).
    pub(crate) fn hash_builtin(&mut self, text: &str, argv: &[Word]) {
        self.parts
            .push(self.exec_part(PartKind::Wrapper, text, argv));
        let Some(i) = argv.iter().position(|w| w.lit() == Some("-p")) else {
            return;
        };
        let path = argv.get(i + 1).and_then(Word::lit);
        let names: Option<Vec<&str>> = argv
            .get(i + 2..)
            .and_then(|n| n.iter().map(Word::lit).collect());
        match (path, names) {
            (Some(p), Some(names)) if !names.is_empty() => {
                for n in names {
                    let body = format!("{{ '{}' \"$@\"; }}", p.replace('\'', "'\\''"));
                    self.define(n, &body, Vec::new());
                }
            }
            _ => self.opaque(
                text,
                "`hash -p` binds a name to a program not known before it runs".to_string(),
            ),
        }
    }
}

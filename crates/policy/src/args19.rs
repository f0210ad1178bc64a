//! Round 19: the positional parameters of `sh -c STRING ARG0 ARGS...`. The words after the
//! string are `$0`, `$1`, ... of the script (`bash -c 'git $1' x push` runs `git push`); when
//! they are literals the script is judged with them known, otherwise with them unknowable
//! (never with the caller's own `$1`).

use crate::shell::Analyser;
use crate::words::Word;

impl Analyser<'_, '_> {
    /// Judges the `-c` script of a shell with its positional parameters.
    pub(crate) fn inline_script(&mut self, script: &str, argv: &[Word], depth: usize) {
        let Some(at) = argv
            .iter()
            .rposition(|w| w.value.as_deref() == Some(script))
        else {
            self.script(script, depth);
            return;
        };
        let rest = &argv[at + 1..];
        if rest.is_empty() {
            self.script(script, depth);
            return;
        }
        let words: Option<Vec<Word>> = rest.iter().map(|w| w.lit().map(Word::literal)).collect();
        let saved = self.vars.clone();
        self.vars
            .insert("0".into(), words.as_ref().and_then(|w| w.first().cloned()));
        self.set_list("", "", words.map(|w| w[1..].to_vec()));
        self.script(script, depth);
        self.vars = saved;
    }
}

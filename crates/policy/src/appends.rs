//! Round 13's data flow: appending assignments (`a+=(x)`, `f+=.local`) and values taken from
//! secret-named variables of the environment (`t=$GH_TOKEN; echo "$t"` passes the secret).

use tree_sitter::Node;

use crate::secretvars::{passes_secret, tainted_key};
use crate::shell::Analyser;
use crate::words::Word;

impl Analyser<'_, '_> {
    /// `NAME+=(WORDS)` appends to an array, `NAME+=WORD` to a string: known when the old value
    /// and the new words are (at most 64 elements), else forgotten.
    pub(crate) fn append(&mut self, name: &str, value: Node<'_>, src: &str) {
        if value.kind() == "array" {
            let mut c = value.walk();
            let new: Option<Vec<Word>> = value
                .named_children(&mut c)
                .map(|ch| self.word(ch, src).lit().map(Word::literal))
                .collect();
            let all = match (self.known_list(name), new) {
                (Some(mut old), Some(new)) if self.unsure == 0 => {
                    old.extend(new);
                    Some(old).filter(|w| w.len() <= 64)
                }
                _ => None,
            };
            self.set_list(&format!("{name}["), name, all);
            return;
        }
        let new = self.word(value, src);
        let old = match self.vars.get(name) {
            Some(Some(w)) => w.lit().map(str::to_string),
            _ => None,
        };
        let joined = match (old, new.lit()) {
            (Some(o), Some(n)) if self.unsure == 0 => Some(Word::literal(&format!("{o}{n}"))),
            _ => None,
        };
        // `$a` is `${a[0]}`: an array's elements are no longer the ones assigned whole
        self.vars.insert(name.to_string(), joined);
        self.taint(name, &src[value.byte_range()]);
    }

    /// The elements of an array assigned whole with known values (`a=(x y)`), in order.
    fn known_list(&self, name: &str) -> Option<Vec<Word>> {
        let n: usize = match self.vars.get(&format!("{name}[#]")) {
            Some(Some(w)) => w.lit()?.parse().ok()?,
            _ => return None,
        };
        let first = self.vars.get(name).cloned().flatten();
        let words: Vec<Word> = (0..n)
            .map(|i| self.vars.get(&format!("{name}[{i}]")).cloned().flatten())
            .collect::<Option<_>>()?;
        // `$a` still the first element: no `a+=x` or `a=x` since
        (words.first().map(Word::lit) == first.as_ref().map(Word::lit) || words.is_empty())
            .then_some(words)
    }

    /// Records whether `NAME`'s new value (the text `value`) expands a secret-named variable
    /// of the environment, or one holding such a value, so that expanding `NAME` is judged so.
    pub(crate) fn taint(&mut self, name: &str, value: &str) {
        let w = Word {
            text: value.to_string(),
            value: None,
            pattern: None,
        };
        let key = tainted_key(name);
        if value.contains('$') && passes_secret(&[w], &self.vars).is_some() {
            self.vars.insert(key, None);
        } else {
            self.vars.remove(&key);
        }
    }
}

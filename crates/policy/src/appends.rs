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
            if let Some(all) = self.append_globs(name, value, src) {
                // a glob among the old or the new words (round 18, `src/arrayglobs.rs`)
                return self.record_globs(name, all);
            }
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

    /// The words `name` holds after `name+=(WORDS)` when the old words or the new hold a glob
    /// and all are known (at most 64).
    fn append_globs(&self, name: &str, value: Node<'_>, src: &str) -> Option<Vec<Word>> {
        let old = self.current_globs(name);
        let new = match self.glob_elements(value, src) {
            Some(new) => new,
            None if old.is_some() => {
                let mut c = value.walk();
                value
                    .named_children(&mut c)
                    .map(|ch| self.word(ch, src).lit().map(Word::literal))
                    .collect::<Option<Vec<Word>>>()?
            }
            None => return None,
        };
        let mut all = match old {
            Some(old) => old,
            None => self.known_list(name)?,
        };
        all.extend(new);
        (self.unsure == 0 && all.len() <= 64).then_some(all)
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

    /// `a[KEY]=VALUE`: the element is known in an array declared associative (`declare -A`)
    /// when KEY and VALUE are literal; otherwise it, `$a` and the whole list are forgotten.
    pub(crate) fn assign_element(&mut self, name: &str, value: Option<Node<'_>>, src: &str) {
        let base = name.split('[').next().unwrap_or(name).to_string();
        let key = name[base.len()..]
            .trim_start_matches('[')
            .trim_end_matches(']');
        let assoc = self.vars.contains_key(&crate::fields::assoc_marker(&base));
        let known = match value {
            Some(v) if assoc && self.unsure == 0 && crate::fields::assoc_key(key) => {
                self.word(v, src).lit().map(Word::literal)
            }
            None if assoc && self.unsure == 0 => Some(Word::literal("")),
            _ => None,
        };
        self.vars.insert(base, None);
        self.vars.insert(name.to_string(), known);
    }

    /// `m=([k]=v ...)`: every item a `[KEY]=VALUE` of literals gives the element `m[KEY]`;
    /// `false` (nothing done) when the items are plain words.
    pub(crate) fn assoc_items(&mut self, name: &str, node: Node<'_>, src: &str) -> bool {
        let mut c = node.walk();
        let items: Vec<Option<(String, String)>> = node
            .named_children(&mut c)
            .map(|ch| {
                // the raw item (`[k]` would read as a glob class): plain characters only
                let t = &src[ch.byte_range()];
                if t.contains(['$', '`', '"', '\'', '\\', '*', '?', '~', '{']) {
                    return None;
                }
                let (k, v) = t.strip_prefix('[')?.split_once("]=")?;
                crate::fields::assoc_key(k).then(|| (k.to_string(), v.to_string()))
            })
            .collect();
        let first = &src[node.byte_range()];
        if !first.trim_start_matches('(').trim_start().starts_with('[') {
            return false;
        }
        self.set_list(&format!("{name}["), name, None);
        let prefix = format!("{name}[");
        self.vars.retain(|k, _| !k.starts_with(&prefix));
        // an item not known may set any key: then no element is known
        let known: Option<Vec<(String, String)>> = items.into_iter().collect();
        for (k, v) in known.into_iter().flatten().filter(|_| self.unsure == 0) {
            self.vars
                .insert(format!("{name}[{k}]"), Some(Word::literal(&v)));
        }
        true
    }

    /// `declare -n NAME=TARGET`: an assignment to NAME assigns TARGET, which is then forgotten
    /// (round 18: `f=README.md; declare -n r=f; r=.env; cat "$f"` was allowed).
    pub(crate) fn nameref(&mut self, name: &str, value: Option<Node<'_>>, src: &str) {
        let target = value
            .map(|v| self.word(v, src))
            .and_then(|w| w.lit().map(str::to_string))
            .filter(|t| crate::words::is_name(t.split('[').next().unwrap_or(t)));
        self.vars
            .insert(nameref_key(name), target.as_deref().map(Word::literal));
        self.through_nameref(name);
    }

    /// Forgets what a nameref `name` points to before `name` is assigned (every variable when
    /// the target is not known).
    pub(crate) fn through_nameref(&mut self, name: &str) {
        match self.vars.get(&nameref_key(name)).cloned() {
            Some(Some(t)) => {
                let t = t.lit().unwrap_or_default();
                let base = t.split('[').next().unwrap_or(t).to_string();
                self.set_list(&format!("{base}["), &base, None);
            }
            Some(None) => {
                for v in self.vars.values_mut() {
                    *v = None;
                }
            }
            None => {}
        }
    }
}

/// The key under which a script records the target of the nameref `name`.
pub(crate) fn nameref_key(name: &str) -> String {
    format!("\u{1}nameref:{name}")
}

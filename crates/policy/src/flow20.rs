//! Round 20's data flow (gate17's blind probe): a nameref is read through (`declare -n r=f;
//! f=.env; cat "$r"` reads `.env`; `local -n r=$1` in a function called with a literal name
//! too): `$r` is the value its target has where `$r` is used, as bash gives it. Round 18 kept
//! what a nameref points to only to forget the target when the nameref is assigned. A
//! backquoted substitution of one literal printer prints what its `$(...)` form prints.

use std::collections::HashMap;

use crate::words::Word;

/// The variable the nameref `name` points to, after at most 8 hops (`None`: `name` is no
/// nameref, or its target is not known, or the chain is longer or circular).
pub(crate) fn nameref_target(name: &str, vars: &HashMap<String, Option<Word>>) -> Option<String> {
    let mut cur = name.to_string();
    for _ in 0..8 {
        match vars.get(&crate::appends::nameref_key(&cur)) {
            Some(Some(t)) => cur = t.lit()?.to_string(),
            Some(None) => return None,
            None => return (cur != name).then_some(cur),
        }
    }
    None
}

/// The command inside `` `...` `` when it holds no backslash (inside backquotes a backslash
/// escapes `` ` ``, `$` and `\\`, which the `$(...)` form would read otherwise): `git \`echo
/// push\`` prints as `git $(echo push)` does.
pub(crate) fn backquoted(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('`')?.strip_suffix('`')?;
    (!inner.contains(['\\', '`'])).then_some(inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backquotes() {
        assert_eq!(backquoted("`echo push`"), Some("echo push"));
        assert_eq!(backquoted("`echo \\`x\\``"), None);
        assert_eq!(backquoted("$(echo x)"), None);
    }

    #[test]
    fn targets_followed() {
        let mut vars = HashMap::new();
        vars.insert(crate::appends::nameref_key("r"), Some(Word::literal("f")));
        vars.insert(crate::appends::nameref_key("q"), Some(Word::literal("r")));
        vars.insert(crate::appends::nameref_key("u"), None);
        assert_eq!(nameref_target("r", &vars).as_deref(), Some("f"));
        assert_eq!(nameref_target("q", &vars).as_deref(), Some("f"));
        assert_eq!(nameref_target("u", &vars), None);
        assert_eq!(nameref_target("f", &vars), None);
        vars.insert(crate::appends::nameref_key("f"), Some(Word::literal("r")));
        assert_eq!(nameref_target("r", &vars), None);
    }
}

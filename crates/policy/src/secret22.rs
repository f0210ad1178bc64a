//! Round 22 (gate19's blind probe): secret-named environment variables reached through another
//! name, beside `src/secretvars.rs`: bash's indirect expansion `${!t}` where `t` holds a
//! secret-named variable's name (`t=GITHUB_TOKEN; echo "${!t}"`), and a nameref to one
//! (`declare -n t=NPM_TOKEN; echo "$t"`). Like a direct `$GITHUB_TOKEN`, the part is never
//! approved by an allow rule (at most `ask`).

use std::collections::HashMap;

use crate::secretvars::secret_name;
use crate::words::{Word, is_name};

/// The secret-named variable of the environment a word reaches through `name`: the value of
/// `name` for `${!name}`, the target of a nameref `name` otherwise.
fn reached(name: &str, indirect: bool, vars: &HashMap<String, Option<Word>>) -> Option<String> {
    let target = if indirect {
        vars.get(name)?.as_ref()?.lit()?.to_string()
    } else {
        crate::flow20::nameref_target(name, vars)?
    };
    let known = matches!(vars.get(&target), Some(Some(_)));
    (is_name(&target) && secret_name(&target) && !known).then_some(target)
}

/// Why a command passes a secret through an indirection, if it does.
pub(crate) fn indirect(argv: &[Word], vars: &HashMap<String, Option<Word>>) -> Option<String> {
    for w in argv {
        let t = &w.text;
        for (i, _) in t.match_indices('$') {
            let rest = t[i + 1..].strip_prefix('{').unwrap_or(&t[i + 1..]);
            let (indirect, rest) = match rest.strip_prefix('!') {
                Some(r) => (true, r),
                None => (false, rest),
            };
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            if let Some(target) = reached(&rest[..end], indirect, vars) {
                return Some(format!(
                    "`{}` passes `${target}`, a secret-named variable of the environment",
                    &rest[..end]
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indirection_and_namerefs() {
        let mut vars = HashMap::new();
        vars.insert("t".to_string(), Some(Word::literal("GITHUB_TOKEN")));
        vars.insert("u".to_string(), Some(Word::literal("HOME")));
        let w = |s: &str| Word {
            text: s.to_string(),
            value: None,
            pattern: None,
        };
        assert!(indirect(&[Word::literal("echo"), w("\"${!t}\"")], &vars).is_some());
        assert!(indirect(&[Word::literal("echo"), w("\"${!u}\"")], &vars).is_none());
        vars.insert(
            crate::appends::nameref_key("r"),
            Some(Word::literal("NPM_TOKEN")),
        );
        assert!(indirect(&[Word::literal("echo"), w("\"$r\"")], &vars).is_some());
    }
}

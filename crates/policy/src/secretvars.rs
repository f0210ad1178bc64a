//! Environment variables that hold secrets by name (`$GITHUB_TOKEN`, `$AWS_SECRET_ACCESS_KEY`):
//! a command that expands one the script never assigned passes a secret from the environment
//! (`echo $GITHUB_TOKEN` prints it), so its part is never approved by an allow rule (round 11).

use std::collections::HashMap;

use crate::words::Word;

/// Pieces of a variable name that mark it as holding a secret.
const SECRET_PIECES: &[&str] = &[
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "CREDENTIAL",
    "APIKEY",
    "API_KEY",
    "PRIVATE_KEY",
    "ACCESS_KEY",
];

/// Whether the name of an environment variable says it holds a secret.
pub(crate) fn secret_name(name: &str) -> bool {
    let up = name.to_ascii_uppercase();
    SECRET_PIECES.iter().any(|p| up.contains(p))
        || ["_KEY", "_PAT", "_PASS", "_PWD"]
            .iter()
            .any(|s| up.ends_with(s) && up != "OLD_PWD")
        || up == "KEY"
        // registry and CI auth (`DOCKER_AUTH_CONFIG`, `NPM_CONFIG__AUTH`), not `GIT_AUTHOR_*`
        || up.contains("_AUTH_")
        || up.ends_with("_AUTH")
        || up.starts_with("AUTH_")
}

/// The key under which the variables are recorded that a script assigned from a secret-named
/// one (`t=$GH_TOKEN`): expanding them passes the secret too.
pub(crate) fn tainted_key(name: &str) -> String {
    format!("\u{1}secret:{name}")
}

/// The variable names a word's text expands (`$NAME`, `${NAME...}`), as written.
fn expanded_names(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices('$').filter_map(move |(i, _)| {
        let rest = text[i + 1..].strip_prefix('{').unwrap_or(&text[i + 1..]);
        let rest = rest.strip_prefix('!').unwrap_or(rest);
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let name = &rest[..end];
        // `${X:+word}`, `${X+word}` expand to `word`, never to the value
        let alt = text[i + 1..].starts_with('{')
            && (rest[end..].starts_with(":+") || rest[end..].starts_with('+'));
        (crate::words::is_name(name) && !alt).then_some(name)
    })
}

/// Why a command passes a secret from the environment: the first secret-named variable one of
/// its words expands that the script did not assign (a word whose value is known expands none).
pub(crate) fn passes_secret(argv: &[Word], vars: &HashMap<String, Option<Word>>) -> Option<String> {
    let program = argv.first().and_then(Word::lit).unwrap_or("");
    if let Some(n) = jq_env_reads(program.rsplit('/').next().unwrap_or(program), argv) {
        return Some(format!(
            "`{program}` reads `{n}`, a secret-named variable of the environment"
        ));
    }
    argv.iter()
        .filter(|w| w.value.is_none())
        .flat_map(|w| expanded_names(&w.text))
        .find(|n| (secret_name(n) && !vars.contains_key(*n)) || vars.contains_key(&tainted_key(n)))
        .map(|n| format!("`${n}` passes a secret-named variable of the environment"))
        .or_else(|| crate::secret22::indirect(argv, vars))
}

/// jq's and yq's programs read the environment by name (`$ENV.NAME`, `env.NAME`, `$ENV["NAME"]`,
/// yq's `env(NAME)`, `strenv(NAME)`): the first secret-named one a literal argument reads.
fn jq_env_reads(program: &str, argv: &[Word]) -> Option<String> {
    if !matches!(program, "jq" | "gojq" | "jaq" | "yq") {
        return None;
    }
    const READS: &[&str] = &["$ENV.", "env.", "$ENV[\"", "env[\"", "env(", "strenv("];
    argv[1..].iter().filter_map(Word::lit).find_map(|text| {
        READS.iter().find_map(|r| {
            text.match_indices(r).find_map(|(i, _)| {
                let rest = text[i + r.len()..].trim_start_matches(['"', ' ']);
                let end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                let name = &rest[..end];
                secret_name(name).then(|| name.to_string())
            })
        })
    })
}

impl crate::shell::Analyser<'_, '_> {
    /// A here-document or here-string that expands a secret-named variable of the environment
    /// (`cat <<EOF` with `$NPM_TOKEN` in its body) passes it to the command: an opaque part.
    /// A quoted delimiter (`<<'EOF'`) or single quotes expand nothing (no expansion nodes).
    pub(crate) fn secret_redirect(&mut self, node: tree_sitter::Node<'_>, src: &str) {
        let mut stack = vec![node];
        let mut found = None;
        while let Some(n) = stack.pop() {
            if matches!(n.kind(), "simple_expansion" | "expansion") {
                let w = Word {
                    text: src[n.byte_range()].to_string(),
                    value: None,
                    pattern: None,
                };
                found = found.or_else(|| passes_secret(&[w], &self.vars));
            }
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
        if let Some(note) = found {
            self.opaque(&src[node.byte_range()], note);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_hold_secrets() {
        for n in [
            "GITHUB_TOKEN",
            "AWS_SECRET_ACCESS_KEY",
            "DB_PASSWORD",
            "OPENAI_API_KEY",
            "GH_PAT",
            "key",
        ] {
            assert!(secret_name(n), "{n}");
        }
        for n in [
            "HOME",
            "PATH",
            "PWD",
            "USER",
            "CARGO_HOME",
            "KEYBOARD",
            "OLD_PWD",
        ] {
            assert!(!secret_name(n), "{n}");
        }
    }

    #[test]
    fn expanded_names_are_found() {
        let got: Vec<&str> = expanded_names("a$X-${Y:-z}\"$1${!R}").collect();
        assert_eq!(got, ["X", "Y", "R"]);
    }
}

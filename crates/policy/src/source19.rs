//! Round 19: more literal text a script prints and runs. `source <(CMD)` and `. <(CMD)` run
//! what `CMD` prints: when it is one literal printer, that text is judged as the script it is
//! (`. <(echo git push)`). And `printf FORMAT ARGS...` whose format has only `%s` (and `%%`)
//! conversions prints the arguments through the format, reusing it while arguments remain, as
//! bash's `printf` does (`$(printf 'git %s' push)`, `source <(printf 'rm -rf %s\n' build)`).

use crate::part::PartKind;
use crate::shell::Analyser;
use crate::words::Scope;
use crate::words::Word;

impl Analyser<'_, '_> {
    /// `source FILE`/`. FILE` runs the commands in a file; the text of `source <(echo CMD)`
    /// is judged too (round 19).
    pub(crate) fn source(&mut self, name: &str, text: &str, argv: &[Word], depth: usize) {
        let mut p = self.exec_part(PartKind::Exec, text, argv);
        p.uncertain = Some(format!("`{name}` runs the commands in a file"));
        // commands the gate cannot read, a denied one too: `--yolo` does not run them
        p.runs_unknown_code = true;
        self.parts.push(p);
        if let Some(t) = self.sourced_text(argv) {
            self.script(&t, depth + 1);
        }
    }

    /// The script `source <(CMD)` runs, when `CMD` prints literal text.
    pub(crate) fn sourced_text(&self, argv: &[Word]) -> Option<String> {
        let w = argv.get(1)?;
        let inner = w.text.strip_prefix("<(")?.strip_suffix(')')?;
        let subst = format!("$({inner})");
        let scope = Scope {
            home: self.ctx.home,
            pwd: self.cwd.as_deref(),
            vars: Some(&self.vars),
            top: Some(self.ctx.workspace),
        };
        crate::printed::printed(&subst)
            .or_else(|| crate::flow17::substitution_prints(&subst, &scope))
    }
}

/// What `printf FORMAT ARGS...` prints when the format's only conversions are `%s` and `%%`
/// and its only escapes `\n` and `\t`; `None` otherwise.
pub(crate) fn printf_output(words: &[String]) -> Option<String> {
    let (Some("printf"), Some(format)) = (words.first().map(String::as_str), words.get(1)) else {
        return None;
    };
    let pieces: Vec<&str> = format.split("%%").collect();
    let slots = pieces.iter().map(|p| p.matches('%').count()).sum::<usize>();
    let only_s = pieces.iter().all(|p| {
        p.match_indices('%')
            .all(|(i, _)| p[i + 1..].starts_with('s'))
    });
    if !only_s || format.len() > 256 {
        return None;
    }
    let args = &words[2..];
    let mut out = String::new();
    let mut next = 0;
    loop {
        let mut parts = Vec::new();
        for p in &pieces {
            let mut s = String::new();
            for (k, chunk) in p.split("%s").enumerate() {
                if k > 0 {
                    s.push_str(args.get(next).map_or("", String::as_str));
                    next += 1;
                }
                s.push_str(chunk);
            }
            parts.push(s);
        }
        out.push_str(&parts.join("%"));
        if slots == 0 || next >= args.len() || out.len() > 4096 {
            break;
        }
    }
    let t = out.replace("\\n", "\n").replace("\\t", "\t");
    (!t.contains('\\')).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn printf_through_its_format() {
        assert_eq!(
            printf_output(&w(&["printf", "git %s", "push"])).as_deref(),
            Some("git push")
        );
        assert_eq!(
            printf_output(&w(&["printf", "rm -rf %s\\n", "a", "b"])).as_deref(),
            Some("rm -rf a\nrm -rf b\n")
        );
        assert_eq!(
            printf_output(&w(&["printf", "100%% %s", "x"])).as_deref(),
            Some("100% x")
        );
        assert_eq!(printf_output(&w(&["printf", "%d", "1"])), None);
        assert_eq!(printf_output(&w(&["printf", "%s\\x41", "1"])), None);
    }
}

//! Files a network, mail or crypto tool reads because an option or an item names them: an
//! upload is a read of what it sends (`curl -T F`, `-d @F`, `-F n=@F`, `-K F`, `wget
//! --post-file=F`, httpie's `@F` and `n@F`, `mail -A F`, `openssl -in F`). Each is judged as a
//! read of that path, so a secret sent that way is denied like `cat` of it. A data table per
//! program, tested by examples (`tests/data/adversarial-gate10.py`).

use crate::models::option_values;
use crate::words::Word;

/// The file named by a data argument (`@F`, `name@F`, `name=@F`, `name:=@F`, `name=<F`), with
/// `;type=...` and the like cut off; `@-` (standard input) names none.
fn data_file(v: &str, names: bool) -> Option<String> {
    let at = if names {
        // `name@F` (curl's `--data-urlencode`, httpie's file field), `name=@F`, `name=<F`
        let i = v.find(['@', '<'])?;
        let name = &v[..i];
        if name.contains(['/', ' ']) || (name.contains('=') && !name.ends_with('=')) {
            return None;
        }
        &v[i + 1..]
    } else {
        v.strip_prefix('@')?
    };
    let f = at.split(';').next().unwrap_or(at).trim_matches('"');
    (!f.is_empty() && f != "-").then(|| f.to_string())
}

fn files(values: Vec<Word>, names: bool) -> impl Iterator<Item = Word> {
    values
        .into_iter()
        .filter_map(move |w| match w.value.as_deref() {
            Some(v) => data_file(v, names).map(|f| Word::literal(&f)),
            // a value known only at run time may name any file
            None => Some(Word { pattern: None, ..w }),
        })
}

/// The paths `name` reads because of its options or data items.
pub fn option_reads(name: &str, argv: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    match name {
        "curl" => {
            let plain = [
                "--config",
                "--netrc-file",
                "--cert",
                "--key",
                "--proxy-cert",
                "--proxy-key",
                "--upload-file",
            ];
            out.extend(option_values(argv, &["-K", "-E", "-T"], &plain));
            let data = [
                "--data",
                "--data-ascii",
                "--data-binary",
                "--json",
                "--header",
            ];
            out.extend(files(option_values(argv, &["-d", "-H"], &data), false));
            let named = ["--data-urlencode", "--form", "--variable"];
            out.extend(files(option_values(argv, &["-F"], &named), true));
            out.retain(|w| w.value.as_deref() != Some("-"));
        }
        "wget" => out.extend(option_values(
            argv,
            &["-i"],
            &[
                "--post-file",
                "--body-file",
                "--input-file",
                "--load-cookies",
                "--certificate",
                "--private-key",
                "--config",
            ],
        )),
        "http" | "https" | "xh" | "xhs" | "httpie" => {
            let items = argv.iter().skip(1).filter(|w| {
                !w.lit().is_some_and(|v| v.starts_with('-')) && !w.text.contains("://")
            });
            out.extend(files(items.cloned().collect(), true));
        }
        "mail" | "mailx" | "s-nail" | "bsd-mailx" | "mutt" | "neomutt" => {
            out.extend(option_values(argv, &["-A", "-a"], &["--attach"]));
        }
        "openssl" => {
            let opts = ["-in", "-inkey", "-key", "-cert", "-kfile", "-infiles"];
            out.extend(option_values(argv, &[], &opts));
            for w in option_values(argv, &[], &["-pass", "-passin", "-passout"]) {
                if let Some(f) = w.value.as_deref().and_then(|v| v.strip_prefix("file:")) {
                    out.push(Word::literal(f));
                }
            }
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(s: &str) -> Vec<String> {
        let argv: Vec<Word> = crate::words::split_selector(s)
            .iter()
            .map(|s| Word::literal(s))
            .collect();
        let name = argv[0].lit().unwrap_or("").to_string();
        option_reads(&name, &argv)
            .iter()
            .map(|w| w.value.clone().unwrap_or_default())
            .collect()
    }

    #[test]
    fn files_sent_by_options() {
        assert_eq!(reads("curl -d @a.json https://h/"), ["a.json"]);
        assert_eq!(reads("curl -d a=1 -d @- https://h/"), Vec::<String>::new());
        assert_eq!(
            reads("curl -F 'f=@x.bin;type=image/png' https://h/"),
            ["x.bin"]
        );
        assert_eq!(reads("curl -F 'n=<t.txt' -F k=v https://h/"), ["t.txt"]);
        assert_eq!(reads("curl --data-urlencode n@t.txt https://h/"), ["t.txt"]);
        assert_eq!(
            reads("curl --data-urlencode 'a=x@y' https://h/"),
            Vec::<String>::new()
        );
        assert_eq!(
            reads("curl -sT up.bin -K c.cfg https://h/"),
            ["up.bin", "c.cfg"]
        );
        assert_eq!(reads("wget --post-file=b.txt https://h/"), ["b.txt"]);
        assert_eq!(
            reads("http POST https://h/ @b.json f@x.bin a=1 u:=@j.json"),
            ["b.json", "x.bin", "j.json"]
        );
        assert_eq!(reads("mail -s hi -A r.pdf a@b"), ["r.pdf"]);
        assert_eq!(reads("openssl enc -in a -pass file:p.txt"), ["a", "p.txt"]);
    }
}

//! A model of `sed` scripts: which commands only print (`p`, `=`, `s///g`, `1,20p`, `/re/d`)
//! and which run commands, write or read other files (`e`, `w`, `W`, `r`, `R`, `s///e`,
//! `s///w`). `sed` is judged a reader only when every script it runs only prints; `-i` writes
//! the files it names, which are judged as writes (`models::option_writes`).

/// Why `sed` with these arguments is more than a reader (or an editor of the files it names):
/// a script file, or a script command that runs, writes or reads something. `None`: it only
/// prints or edits its files.
pub fn sed_acts(args: &[Option<&str>]) -> Option<&'static str> {
    match sed_effects(args) {
        Err(why) => Some(why),
        Ok(e) if e.iter().any(|e| matches!(e, Effect::Run(_))) => {
            Some("the `sed` script runs commands (`e`, `s///e`)")
        }
        Ok(_) => None,
    }
}

/// What a `sed` script does besides printing: files it writes (`w`, `W`, `s///w`) or reads
/// (`r`, `R`) and commands it runs (`e CMD`; `e` and `s///e` run text known only at run time,
/// given here with `$__loop_gate_dynamic` for the unknown part).
#[derive(Debug, PartialEq)]
pub enum Effect {
    /// A file written.
    Write(String),
    /// A file read.
    Read(String),
    /// A shell command run.
    Run(String),
}

/// The effects of `sed` with these arguments; `Err(why)` when they cannot be known (a script
/// file, an unknown option, a script known only at run time, a script not understood).
pub fn sed_effects(args: &[Option<&str>]) -> Result<Vec<Effect>, &'static str> {
    let mut scripts: Vec<&str> = Vec::new();
    let mut has_e = false;
    let mut i = 0;
    let mut positional = Vec::new();
    while i < args.len() {
        let Some(v) = args[i] else {
            // a word known only at run time may be an option or a script
            return Err("a `sed` argument is not known before it runs");
        };
        i += 1;
        if v == "--" {
            positional.extend(args[i..].iter().flatten());
            break;
        }
        if v == "-i" || v.starts_with("--in-place") {
            // editing in place writes the files named: judged as writes to those paths
            continue;
        }
        if v == "-f" || v.starts_with("--file") {
            return Err("`sed -f` runs a script from a file");
        }
        if v == "-e" || v == "--expression" {
            has_e = true;
            match args.get(i) {
                Some(Some(s)) => scripts.push(s),
                _ => return Err("a `sed` script is not known before it runs"),
            }
            i += 1;
            continue;
        }
        if let Some(s) = v.strip_prefix("--expression=") {
            has_e = true;
            scripts.push(s);
            continue;
        }
        if v.starts_with("--") {
            if !matches!(
                v,
                "--quiet"
                    | "--silent"
                    | "--regexp-extended"
                    | "--posix"
                    | "--separate"
                    | "--null-data"
                    | "--zero-terminated"
                    | "--unbuffered"
                    | "--debug"
                    | "--sandbox"
            ) && !v.starts_with("--line-length")
            {
                return Err("`sed` has an option that is not known here");
            }
            continue;
        }
        if let Some(flags) = v.strip_prefix('-').filter(|f| !f.is_empty()) {
            match bundle(flags, args.get(i).copied().flatten()) {
                Err(why) => return Err(why),
                Ok(Bundle::Flags) => {}
                Ok(Bundle::Script(s)) => {
                    has_e = true;
                    scripts.push(s);
                }
                Ok(Bundle::NextIsScript(s)) => {
                    has_e = true;
                    scripts.push(s);
                    i += 1;
                }
            }
            continue;
        }
        positional.push(v);
    }
    if !has_e {
        match positional.first() {
            Some(s) => scripts.push(s),
            None => return Ok(Vec::new()),
        }
    }
    let mut out = Vec::new();
    for s in scripts {
        if !effects(s, &mut out) {
            return Err("the `sed` script is not understood here");
        }
    }
    Ok(out)
}

/// The rest of the line from `i` (a file name or command of `w`, `r`, `e`: `;` belongs to it).
fn rest_of_line(b: &[u8], i: usize) -> (String, usize) {
    let mut j = i;
    while j < b.len() && b[j] == b' ' {
        j += 1;
    }
    let end = b[j..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| j + p);
    (String::from_utf8_lossy(&b[j..end]).into_owned(), end)
}

/// What a bundle of one-letter flags (`-nE`, `-es/a/b/`, `-i.bak`) holds.
enum Bundle<'a> {
    /// Only flags.
    Flags,
    /// `-eSCRIPT`.
    Script(&'a str),
    /// `-e SCRIPT`: the next argument.
    NextIsScript(&'a str),
}

/// Reads a flag bundle; `Err(why)` when it acts or is unknown. `next` is the argument after it.
fn bundle<'a>(flags: &'a str, next: Option<&'a str>) -> Result<Bundle<'a>, &'static str> {
    for (k, c) in flags.char_indices() {
        match c {
            'n' | 'r' | 'E' | 's' | 'z' | 'u' => {}
            // `-i[SUFFIX]`, `-l N`: the rest of the bundle is the value
            'i' | 'l' => break,
            'f' => return Err("`sed -f` runs a script from a file"),
            'e' => {
                let rest = &flags[k + 1..];
                if !rest.is_empty() {
                    return Ok(Bundle::Script(rest));
                }
                return match next {
                    Some(s) => Ok(Bundle::NextIsScript(s)),
                    None => Err("a `sed` script is not known before it runs"),
                };
            }
            _ => return Err("`sed` has an option that is not known here"),
        }
    }
    Ok(Bundle::Flags)
}

/// Reads a sed script, adding what it does besides printing, deleting or transforming lines
/// (`e`, `w`, `W`, `r`, `R`, `s` flags `e` and `w`) to `out`; `false` when it is not understood.
fn effects(script: &str, out: &mut Vec<Effect>) -> bool {
    let b = script.as_bytes();
    let mut i = 0;
    loop {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b';' || b[i] == b'}') {
            i += 1;
        }
        if i >= b.len() {
            return true;
        }
        // addresses: N, $, /re/, \cREc, first~step, addr,+N, addr,~N, then `!`
        for _ in 0..2 {
            match address(b, i) {
                Some(j) => i = j,
                None => return false,
            }
            if b.get(i) == Some(&b',') {
                i += 1;
                if matches!(b.get(i), Some(b'+' | b'~')) {
                    i += 1;
                }
                continue;
            }
            break;
        }
        while i < b.len() && (b[i] == b' ' || b[i] == b'!') {
            i += 1;
        }
        let Some(&c) = b.get(i) else { return true };
        i += 1;
        match c {
            b'p' | b'P' | b'=' | b'l' | b'd' | b'D' | b'n' | b'N' | b'g' | b'G' | b'h' | b'H'
            | b'x' | b'z' | b'F' | b'{' | b'q' | b'Q' => {
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
            b'#' | b':' | b'b' | b't' | b'T' | b'a' | b'i' | b'c' => {
                // comments, labels and text: to the end of the line (labels also to `;`); the
                // text of `a`, `i`, `c` goes on past each newline escaped by a backslash
                // (`a\` then lines ending in `\`: GNU sed's multi-line text), never commands
                let stop_at_semicolon = matches!(c, b':' | b'b' | b't' | b'T');
                let text = matches!(c, b'a' | b'i' | b'c');
                while i < b.len() && !(stop_at_semicolon && b[i] == b';') {
                    if b[i] == b'\n' && !(text && escaped(b, i)) {
                        break;
                    }
                    i += 1;
                }
            }
            b'w' | b'W' | b'r' | b'R' | b'e' => {
                let (arg, end) = rest_of_line(b, i);
                i = end;
                out.push(match c {
                    b'w' | b'W' => Effect::Write(arg),
                    b'r' | b'R' => Effect::Read(arg),
                    // `e` alone runs the pattern space
                    _ if arg.is_empty() => Effect::Run("$__loop_gate_dynamic".into()),
                    _ => Effect::Run(arg),
                });
            }
            b's' | b'y' => {
                let Some(&d) = b.get(i) else { return false };
                if d == b'\\' || d == b'\n' {
                    return false;
                }
                i += 1;
                let start = i;
                let mut parts = [0usize; 2];
                for p in &mut parts {
                    match delimited(b, i, d) {
                        Some(j) => i = j,
                        None => return false,
                    }
                    *p = i;
                }
                if c == b's' {
                    i = s_flags(b, i, start, parts, out);
                }
            }
            _ => return false,
        }
    }
}

/// The flags of an `s` command from `i` (`start` and `parts`: where its regex and replacement
/// begin and end); adds what `e` and `w FILE` do to `out` and returns where the flags end.
fn s_flags(
    b: &[u8],
    mut i: usize,
    start: usize,
    parts: [usize; 2],
    out: &mut Vec<Effect>,
) -> usize {
    let regex = String::from_utf8_lossy(&b[start..parts[0] - 1]).into_owned();
    let repl = String::from_utf8_lossy(&b[parts[0]..parts[1] - 1]).into_owned();
    while let Some(&f) = b.get(i) {
        match f {
            b'g' | b'p' | b'i' | b'I' | b'm' | b'M' | b'0'..=b'9' => i += 1,
            // the line as replaced runs: all of it is known only when the regex takes the
            // whole line and the replacement is plain text
            b'e' => {
                i += 1;
                let whole = matches!(regex.as_str(), ".*" | "^.*" | "^.*$");
                let plain = !repl.contains(['\\', '&']);
                out.push(Effect::Run(if whole && plain {
                    repl.clone()
                } else {
                    format!("{repl} $__loop_gate_dynamic")
                }));
            }
            b'w' | b'W' => {
                let (arg, end) = rest_of_line(b, i + 1);
                out.push(Effect::Write(arg));
                return end;
            }
            _ => break,
        }
    }
    i
}

/// Skips an address at `i` (none is fine); `None` when it cannot be read.
fn address(b: &[u8], mut i: usize) -> Option<usize> {
    match b.get(i) {
        Some(b'0'..=b'9') => {
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'~') {
                i += 1;
            }
            Some(i)
        }
        Some(b'$') => Some(i + 1),
        Some(b'/') => {
            let mut j = delimited(b, i + 1, b'/')?;
            while matches!(b.get(j), Some(b'I' | b'M')) {
                j += 1;
            }
            Some(j)
        }
        Some(b'\\') => {
            let d = *b.get(i + 1)?;
            let mut j = delimited(b, i + 2, d)?;
            while matches!(b.get(j), Some(b'I' | b'M')) {
                j += 1;
            }
            Some(j)
        }
        _ => Some(i),
    }
}

/// Whether the byte at `i` follows an odd run of backslashes (is escaped).
fn escaped(b: &[u8], i: usize) -> bool {
    b[..i].iter().rev().take_while(|&&c| c == b'\\').count() % 2 == 1
}

/// Skips text up to and including the unescaped delimiter `d`.
fn delimited(b: &[u8], mut i: usize, d: u8) -> Option<usize> {
    while i < b.len() {
        if b[i] == b'\\' {
            i += 2;
            continue;
        }
        if b[i] == d {
            return Some(i + 1);
        }
        if b[i] == b'\n' && d != b'\n' {
            return None;
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acts(s: &str) -> Option<&'static str> {
        let v: Vec<String> = crate::words::split_selector(s);
        let args: Vec<Option<&str>> = v.iter().skip(1).map(|x| Some(x.as_str())).collect();
        sed_acts(&args)
    }

    fn effects(s: &str) -> Vec<Effect> {
        let v: Vec<String> = crate::words::split_selector(s);
        let args: Vec<Option<&str>> = v.iter().skip(1).map(|x| Some(x.as_str())).collect();
        sed_effects(&args).unwrap_or_default()
    }

    #[test]
    fn files_and_commands() {
        let w = |s: &str| Effect::Write(s.into());
        let r = |s: &str| Effect::Read(s.into());
        let run = |s: &str| Effect::Run(s.into());
        assert_eq!(effects("sed 's/x/y/w out.txt' f"), [w("out.txt")]);
        assert_eq!(effects("sed -n '1w /tmp/o;x' f"), [w("/tmp/o;x")]);
        assert_eq!(effects("sed '$r .env' f"), [r(".env")]);
        assert_eq!(effects("sed '1e git push' f"), [run("git push")]);
        assert_eq!(effects("sed 's/.*/id/e' f"), [run("id")]);
        assert_eq!(
            effects("sed 's/^/rm -rf /e' f"),
            [run("rm -rf  $__loop_gate_dynamic")]
        );
        assert_eq!(effects("sed 'e' f"), [run("$__loop_gate_dynamic")]);
        assert_eq!(effects("sed -n 's/a/b/p' f"), []);
    }

    #[test]
    fn readers_and_actors() {
        for c in [
            "sed -n 1,20p f",
            "sed -n '5p' f",
            "sed -n '/fn main/,/^}/p' src/main.rs",
            "sed 's/a/b/g' f",
            "sed -e 's|x|y|' -e '/^#/d' f",
            "sed -n '$p' f",
            "sed -nE 's/^([a-z]+).*/\\1/p' f",
            "sed '1~2d' f",
            "sed -n '10,+5p' f",
            "sed 'y/abc/xyz/' f",
            "sed -n '/a/{p;q}' f",
            "sed '/x/!d' f",
            "sed -n l f",
            "sed '1i header' f",
            // multi-line text of `a\`, `i\`, `c\` (each line ends in a backslash but the last)
            "sed -i '12i\\\n    def run(self):\\\n        exec(cmd)' f.py",
            "sed '3a\\\nwrite the file\\\nread it' f",
            "sed -n '\\,a/b,p' f",
            "sed -i s/a/b/ f",
            "sed -i.bak s/a/b/ f",
            "sed --in-place=.b s/a/b/ f",
            // files written or read are judged as the paths they are (`Effect`)
            "sed 's/x/y/w out' f",
            "sed -n 'w /etc/x' f",
            "sed '1r .env' f",
            "sed 'R /etc/shadow' f",
            "sed -e p -e 'W x' f",
            "sed 's/a/b/gw x' f",
        ] {
            assert_eq!(acts(c), None, "{c}");
        }
        for c in [
            "sed -f prog.sed f",
            "sed -i 's/x/y/e' f",
            "sed '1e git push' f",
            "sed 's/x/y/e' f",
            "sed '/a/{e id\n}' f",
            // the text ends at the first newline not escaped: what follows is commands
            "sed '1a\\\ntext\n1e git push' f",
            "sed --unknown-option p f",
        ] {
            assert!(acts(c).is_some(), "{c}");
        }
    }
}

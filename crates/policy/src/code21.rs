//! Round 21: inline code that starts a program with its arguments in a list beside it (gate18's
//! blind probe; read after `src/code.rs`'s string literals): Deno's `new Deno.Command("rm",
//! {args: ["-rf", "build"]})`, Node's `spawn("git", ["push"])`, `execFile`, `execFileSync`,
//! `spawnSync`, Python's `os.execvp("git", ["git", "push"])`. The program's literal and the
//! literals of the list are joined into the command line they make (`rm -rf build`), which
//! `code::code_strings` judged only apart.

/// The command lines a program literal and the argument list after it make. At most 16.
pub(crate) fn spawn_lines(code: &str) -> Vec<String> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() && out.len() < 16 {
        let Some((prog, next)) = literal(&b, i) else {
            i += 1;
            continue;
        };
        i = next;
        if let Some((args, end)) = chained_args(&b, next) {
            // Rust's `Command::new("git").arg("push").args(["-f"])`
            let mut line = vec![prog];
            line.extend(args);
            out.push(line.join(" "));
            i = end;
            continue;
        }
        let Some(open) = list_start(&b, next) else {
            continue;
        };
        let (args, end) = list(&b, open);
        if args.is_empty() {
            continue;
        }
        // `execvp("git", ["git", "push"])`: the list repeats the program as its first item
        let skip = usize::from(args.first() == Some(&prog));
        let mut line = vec![prog];
        line.extend(args.into_iter().skip(skip));
        out.push(line.join(" "));
        i = end;
    }
    out
}

/// After `new("PROG"`: the literals of the `.arg("X")` and `.args([..])` calls chained to it,
/// and the index after the last; `None` when no such call follows.
fn chained_args(b: &[char], mut i: usize) -> Option<(Vec<String>, usize)> {
    let text = |from: usize, s: &str| {
        let n = s.chars().count();
        b.get(from..from + n)
            .is_some_and(|w| w.iter().copied().eq(s.chars()))
    };
    if b.get(i) != Some(&')') {
        return None;
    }
    i += 1;
    let mut args = Vec::new();
    loop {
        let mut j = i;
        while j < b.len() && b[j].is_whitespace() {
            j += 1;
        }
        if text(j, ".arg(") {
            let (s, next) = literal(b, j + 5)?;
            if b.get(next) != Some(&')') {
                break;
            }
            args.push(s);
            i = next + 1;
        } else if text(j, ".args(") {
            let mut k = j + 6;
            if b.get(k) == Some(&'&') {
                k += 1;
            }
            if b.get(k) != Some(&'[') {
                break;
            }
            let (items, end) = list(b, k);
            if items.is_empty() {
                break;
            }
            args.extend(items);
            i = end + usize::from(b.get(end) == Some(&')'));
        } else {
            break;
        }
    }
    (!args.is_empty()).then_some((args, i))
}

/// The string literal starting at `i` (`"..."` or `'...'`) and the index after it.
fn literal(b: &[char], i: usize) -> Option<(String, usize)> {
    let q = *b.get(i)?;
    if q != '"' && q != '\'' {
        return None;
    }
    let mut s = String::new();
    let mut j = i + 1;
    while j < b.len() && b[j] != q {
        if b[j] == '\\' && j + 1 < b.len() {
            j += 1;
        }
        s.push(b[j]);
        j += 1;
    }
    (j < b.len()).then_some((s, j + 1))
}

/// After a literal: `, [` or `, {args: [` (blanks allowed) — the index of the `[`.
fn list_start(b: &[char], mut i: usize) -> Option<usize> {
    let skip = |b: &[char], mut i: usize| {
        while i < b.len() && b[i].is_whitespace() {
            i += 1;
        }
        i
    };
    i = skip(b, i);
    if b.get(i) != Some(&',') {
        return None;
    }
    i = skip(b, i + 1);
    if b.get(i) == Some(&'{') {
        i = skip(b, i + 1);
        let key: String = b.get(i..i + 4)?.iter().collect();
        if key != "args" {
            return None;
        }
        i = skip(b, i + 4);
        if b.get(i) != Some(&':') {
            return None;
        }
        i = skip(b, i + 1);
    }
    (b.get(i) == Some(&'[')).then_some(i)
}

/// The literals of the list opening at `open` (only literals, commas and blanks), and the index
/// after it; empty when it holds anything else.
fn list(b: &[char], open: usize) -> (Vec<String>, usize) {
    let mut out = Vec::new();
    let mut i = open + 1;
    while i < b.len() {
        match b[i] {
            ']' => return (out, i + 1),
            ',' => i += 1,
            c if c.is_whitespace() => i += 1,
            _ => match literal(b, i) {
                Some((s, next)) => {
                    out.push(s);
                    i = next;
                }
                None => return (Vec::new(), i),
            },
        }
    }
    (Vec::new(), i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_with_argument_lists() {
        let got = spawn_lines(r#"new Deno.Command("rm",{args:["-rf","build"]}).outputSync()"#);
        assert_eq!(got, ["rm -rf build"]);
        let got = spawn_lines(r#"require('child_process').spawnSync('git', ['push'])"#);
        assert_eq!(got, ["git push"]);
        let got = spawn_lines(r#"os.execvp("git", ["git", "push"])"#);
        assert_eq!(got, ["git push"]);
        let got =
            spawn_lines(r#"Command::new("git").arg("push").args(&["-f", "origin"]).status()"#);
        assert_eq!(got, ["git push -f origin"]);
        assert!(spawn_lines(r#"console.log("a", b)"#).is_empty());
        assert!(spawn_lines(r#"f("x", [y])"#).is_empty());
    }
}

//! Prints `verdict<TAB>rule<TAB>reason<TAB>may_deny<TAB>parts` for every command of every data
//! file in `crates/policy/tests/data/*.toml` (under the test policy and the fuzz policy) and for
//! every input of the fuzz samples given (the `policy_shell` check's two commands; the
//! `rules_toml` check's requests under the loaded layer). Run it before and after a change and
//! `diff` the outputs: an empty diff means no verdict, rule or reason changed.
//! `cargo run --release -p loopwright-fuzz-checks --example verdict_dump -- [shell DIR] [rules DIR] > out.tsv`

#![allow(clippy::print_stdout, clippy::print_stderr)]

use loopwright_fuzz_checks::policy::{policy as fuzz_policy, shaped};
use loopwright_policy::{Decision, Layer, LayerKind, Policy, Request, ToolRole};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../policy/tests/data");

fn layer(kind: LayerKind, file: &str) -> Layer {
    let path = format!("{DATA}/{file}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Layer::parse(kind, file, &text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn builtin() -> Layer {
    Layer::builtin().unwrap_or_else(|e| panic!("built-in layer: {e}"))
}

fn line(tag: &str, input: &str, d: &Decision) {
    let rule = d
        .rule
        .as_ref()
        .map(|r| format!("{}:{}:{}", r.layer.as_str(), r.file, r.index))
        .unwrap_or_default();
    println!(
        "{tag}\t{input:?}\t{}\t{rule}\t{:?}\t{}\t{:?}",
        d.verdict.as_str(),
        d.reason,
        d.may_deny,
        d.parts
    );
}

fn request(tool: &str, input: &str, home: &str) -> Request {
    let role = match tool {
        "read_file" => ToolRole::Read,
        "write_file" | "edit_file" => ToolRole::Write,
        "web_fetch" => ToolRole::Other,
        _ => ToolRole::Shell,
    };
    let r = if role == ToolRole::Shell {
        Request::shell(input, "/work/app")
    } else {
        Request::file(role, tool, input, "/work/app")
    };
    r.with_home(home)
}

/// Every string of a data file with the key it sits under.
fn strings(value: &toml::Value, key: &str, out: &mut Vec<(String, String)>) {
    match value {
        toml::Value::String(s) => out.push((key.to_string(), s.clone())),
        toml::Value::Array(a) => a.iter().for_each(|v| strings(v, key, out)),
        toml::Value::Table(t) => t.iter().for_each(|(k, v)| strings(v, k, out)),
        _ => {}
    }
}

fn data_files(policies: &[(&str, Policy)]) {
    let mut files: Vec<_> = std::fs::read_dir(DATA)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    files.sort();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(table) = toml::from_str::<toml::Value>(&text) else {
            continue;
        };
        let mut items = Vec::new();
        strings(&table, "", &mut items);
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        for (key, input) in items {
            for (pname, policy) in policies {
                let d = policy.check(&request(&key, &input, "/home/dev"));
                line(&format!("{name}:{key}:{pname}"), &input, &d);
            }
        }
    }
}

fn sample(dir: &str) -> Vec<Vec<u8>> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

fn shell_sample(dir: &str) {
    let policy = fuzz_policy();
    for data in sample(dir) {
        let Some((suffix, command, _)) = shaped(&data) else {
            continue;
        };
        for cmd in [suffix, command] {
            let d = policy.check(&Request::shell(&cmd, "/workspace").with_home("/home/user"));
            line("fuzz-shell", &cmd, &d);
        }
    }
}

fn rules_sample(dir: &str) {
    for data in sample(dir) {
        let text = String::from_utf8_lossy(&data);
        let layer = match Layer::parse(LayerKind::Project, ".loop/gate.toml", &text) {
            Ok(l) => l,
            Err(e) => {
                println!("fuzz-rules\t{text:?}\terror\t{e}");
                continue;
            }
        };
        let policy = Policy::load([builtin(), layer]);
        for (tool, cmd) in [
            ("shell", "cat .env"),
            ("shell", "git status && cat ~/.ssh/id_rsa"),
            ("read_file", "config/.env.local"),
            ("shell", "git status; ls -la | wc -l"),
        ] {
            let d = policy.check(&request(tool, cmd, "/home/user"));
            line("fuzz-rules", &format!("{text:?} {cmd}"), &d);
        }
    }
}

fn main() {
    let test = Policy::load([
        builtin(),
        layer(LayerKind::User, "user-gate.toml"),
        layer(LayerKind::Project, "project-gate.toml"),
    ]);
    let newuser = Policy::load([builtin(), layer(LayerKind::Project, "newuser-gate.toml")]);
    let fuzz = fuzz_policy().clone();
    data_files(&[("test", test), ("newuser", newuser), ("fuzz", fuzz)]);
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        match (pair[0].as_str(), pair.get(1)) {
            ("shell", Some(dir)) => shell_sample(dir),
            ("rules", Some(dir)) => rules_sample(dir),
            _ => eprintln!("usage: verdict_dump [shell DIR] [rules DIR]"),
        }
    }
}

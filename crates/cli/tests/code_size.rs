//! The size limits of the workspace (issue 12), measured on the parsed source of every crate:
//! no file under `crates/*/src` longer than 600 lines without its test modules, no function
//! longer than 100 lines (80 in the CLI, which is argument handling and printing only).
//! Test modules (`#[cfg(test)]`) and `#[test]` functions are not counted.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use syn::spanned::Spanned;
use syn::visit::Visit;

const MAX_FILE_LINES: usize = 600;
const MAX_FN_LINES: usize = 100;
const MAX_CLI_FN_LINES: usize = 80;

/// Breaches found when this check was written, to be split by their crates' owners. The list may
/// only shrink: a new breach fails, and so does a listed one that is gone (delete its line).
const KNOWN: &[&str] = &[
    "crates/policy/src/models.rs: file",
    "crates/policy/src/models.rs: fn runner",
    "crates/policy/src/programs.rs: fn wrapper_inner",
    "crates/policy/src/shell.rs: file",
    "crates/policy/src/shell.rs: fn exec",
];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/cli is two levels below the root")
        .to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn is_test_attr(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let path = a.path();
        if path.is_ident("test") {
            return true;
        }
        if !path.is_ident("cfg") {
            return false;
        }
        let mut test = false;
        let _ = a.parse_nested_meta(|m| {
            test |= m.path.is_ident("test");
            Ok(())
        });
        test
    })
}

fn lines_of(span: proc_macro2::Span) -> usize {
    span.end().line + 1 - span.start().line
}

/// Functions and their lengths, and the lines taken by test modules.
#[derive(Default)]
struct Measure {
    fns: Vec<(String, usize, usize)>,
    test_lines: usize,
}

impl Measure {
    fn function(&mut self, name: String, attrs: &[syn::Attribute], whole: proc_macro2::Span) {
        if !is_test_attr(attrs) {
            self.fns.push((name, whole.start().line, lines_of(whole)));
        }
    }
}

impl<'a> Visit<'a> for Measure {
    fn visit_item_mod(&mut self, m: &'a syn::ItemMod) {
        if is_test_attr(&m.attrs) {
            self.test_lines += lines_of(m.span());
        } else {
            syn::visit::visit_item_mod(self, m);
        }
    }

    fn visit_item_fn(&mut self, f: &'a syn::ItemFn) {
        self.function(f.sig.ident.to_string(), &f.attrs, f.span());
        syn::visit::visit_item_fn(self, f);
    }

    fn visit_impl_item_fn(&mut self, f: &'a syn::ImplItemFn) {
        self.function(f.sig.ident.to_string(), &f.attrs, f.span());
        syn::visit::visit_impl_item_fn(self, f);
    }

    fn visit_trait_item_fn(&mut self, f: &'a syn::TraitItemFn) {
        if f.default.is_some() {
            self.function(f.sig.ident.to_string(), &f.attrs, f.span());
        }
        syn::visit::visit_trait_item_fn(self, f);
    }
}

/// Every breach of the limits: its key (as in [`KNOWN`]) and what it is.
fn breaches() -> Vec<(String, String)> {
    let root = workspace_root();
    let mut files = Vec::new();
    let Ok(crates) = std::fs::read_dir(root.join("crates")) else {
        return vec![("crates".into(), "no crates/ directory".into())];
    };
    let mut crates: Vec<PathBuf> = crates.filter_map(|e| Some(e.ok()?.path())).collect();
    crates.sort();
    for c in crates {
        rust_files(&c.join("src"), &mut files);
    }
    // A `tests.rs` beside the code is a test module of its own.
    files.retain(|f| f.file_name().is_none_or(|n| n != "tests.rs"));
    let mut found = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        let text = std::fs::read_to_string(f).expect("source file is readable");
        let ast = match syn::parse_file(&text) {
            Ok(a) => a,
            Err(e) => {
                found.push((format!("{rel}: parse"), format!("does not parse: {e}")));
                continue;
            }
        };
        let mut m = Measure::default();
        m.visit_file(&ast);
        let lines = text.lines().count().saturating_sub(m.test_lines);
        if lines > MAX_FILE_LINES {
            found.push((
                format!("{rel}: file"),
                format!("{lines} lines without tests (max {MAX_FILE_LINES})"),
            ));
        }
        let max = if rel.starts_with("crates/cli/") {
            MAX_CLI_FN_LINES
        } else {
            MAX_FN_LINES
        };
        for (name, line, n) in m.fns {
            if n > max {
                found.push((
                    format!("{rel}: fn {name}"),
                    format!("line {line}: {n} lines (max {max})"),
                ));
            }
        }
    }
    found
}

#[test]
fn files_and_functions_stay_small() {
    let found = breaches();
    let new: Vec<String> = found
        .iter()
        .filter(|(k, _)| !KNOWN.contains(&k.as_str()))
        .map(|(k, what)| format!("{k} ({what})"))
        .collect();
    assert!(new.is_empty(), "split these:\n{}", new.join("\n"));
    let gone: Vec<&&str> = KNOWN
        .iter()
        .filter(|k| !found.iter().any(|(f, _)| f == **k))
        .collect();
    assert!(gone.is_empty(), "fixed, delete from KNOWN: {gone:?}");
}

#[test]
fn the_measure_sees_functions_and_skips_tests() {
    let src = "fn a() {\n    1;\n}\n#[cfg(test)]\nmod tests {\n    fn b() {}\n}\nimpl X {\n    fn c(&self) {\n    }\n}\n";
    let mut m = Measure::default();
    m.visit_file(&syn::parse_file(src).unwrap());
    let fns: Vec<(String, usize)> = m.fns.into_iter().map(|(n, _, l)| (n, l)).collect();
    assert_eq!(fns, [("a".to_string(), 3), ("c".to_string(), 2)]);
    assert_eq!(m.test_lines, 4);
}

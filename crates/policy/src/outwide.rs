//! Round 14: where more programs of daily use write (read after `src/outputs.rs`), swept by
//! family from their usage lines: compressors writing beside their input (`lzma`, `lzip`,
//! `pigz`, `pbzip2`, `lzop`), image and media converters' last argument (`convert`, `magick`,
//! `ffmpeg`), in-place editors and formatters (`yq -i`, `sponge`, `mogrify`, `prettier
//! --write`, `black`, `ruff format`, `gofmt -w`, `rustfmt`, `clang-format -i`, `eslint --fix`,
//! `tidy -m`), bundlers and compilers' output options (`tsc --outDir`, `esbuild --outfile`,
//! `terser -o`, `webpack --output-path`, `vite build --outDir`, `rollup -o`, `babel -d`, `sass IN
//! OUT`, `protoc --X_out`), document tools (`pandoc`-likes: `gs -o`, `inkscape -o`, `dot -o`,
//! `asciidoctor -o`, `sphinx-build SRC OUT`, `mkdocs build -d`, `hugo -d`, `wkhtmltopdf`,
//! `pdftotext`, `qpdf`), reports (`pytest --junitxml`, `coverage html -d`, `eslint -o`),
//! downloaders and copies (`aria2c -d`/`-o`, `curl --output-dir`, `gh release download -D`,
//! `docker cp`, `kubectl cp`, `rclone copy`, `aws s3 cp`, `gsutil cp`), environments and
//! packages (`virtualenv DIR`, `uv venv DIR`, `helm package -d`, `docker build -o`), `mktemp`,
//! `tcpdump -w`, `age -o`, `sops --output`, `upx -o`; pytest's `--cov-report=html:DIR`.

use std::collections::HashSet;

use crate::models::{has_flag, lit, option_values, positionals};
use crate::words::Word;

/// The files `name` writes through its options or positionals; `None`: no entry here.
pub(crate) fn writes(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let pos = || positionals(argv, &HashSet::new());
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    Some(match name {
        "lzma" | "unlzma" | "lzip" | "plzip" | "pigz" | "unpigz" | "pbzip2" | "lbzip2"
        | "bunzip2" | "lzop" => {
            let mut v = opt(&["-o"], &["--output"]);
            let stdout = has_flag(argv, 'c', &["--stdout", "--to-stdout"])
                || has_flag(argv, 't', &["--test"])
                || has_flag(argv, 'l', &["--list"]);
            if v.is_empty() && !stdout {
                v = pos();
            }
            v
        }
        // the output is the last argument (`convert IN... OUT`, `ffmpeg -i IN OUT`)
        "magick" if matches!(sub, "identify" | "-identify" | "compare" | "mogrify") => match sub {
            "mogrify" => pos().into_iter().skip(1).collect(),
            _ => Vec::new(),
        },
        "convert" | "magick" | "montage" | "composite" | "wkhtmltopdf" => last(argv),
        // ffmpeg's outputs are the words no option takes (`-i IN` is read)
        "ffmpeg" => last(argv)
            .into_iter()
            .filter(|_| argv.len() < 3 || argv[argv.len() - 2].lit() != Some("-i"))
            .collect(),
        "mogrify" => pos(),
        "compare" => pos().into_iter().nth(2).into_iter().collect(),
        "pdftotext" | "pdftohtml" | "pdftoppm" | "pdfimages" => {
            pos().into_iter().nth(1).into_iter().collect()
        }
        "qpdf"
            if !argv
                .iter()
                .any(|w| matches!(w.lit(), Some("--check" | "--show-npages" | "--json"))) =>
        {
            last(argv)
        }
        "sponge" => pos().into_iter().take(1).collect(),
        "yq" if has_flag(argv, 'i', &["--inplace", "--in-place"]) => {
            let mut p = pos();
            if p.first()
                .and_then(Word::lit)
                .is_some_and(|s| matches!(s, "e" | "eval" | "ea" | "eval-all"))
            {
                p.remove(0);
            }
            p.into_iter().skip(1).collect()
        }
        "prettier" if has_flag(argv, 'w', &["--write"]) => pos(),
        "eslint" => {
            let mut v = opt(&["-o"], &["--output-file"]);
            if argv.iter().any(|w| w.lit() == Some("--fix")) {
                v.extend(pos());
            }
            v
        }
        "black" | "autopep8" | "isort" | "rustfmt" if !checks(argv) => pos(),
        "ruff" if sub == "format" && !checks(argv) => pos().into_iter().skip(1).collect(),
        "ruff" if sub == "check" && argv.iter().any(|w| w.lit() == Some("--fix")) => {
            pos().into_iter().skip(1).collect()
        }
        "gofmt" | "goimports" if has_flag(argv, 'w', &[]) => pos(),
        "clang-format" if has_flag(argv, 'i', &[]) => pos(),
        "tidy" => {
            let mut v = opt(&["-o"], &["-output"]);
            if has_flag(argv, 'm', &["-modify"]) {
                v.extend(pos());
            }
            v
        }
        _ => return builds(name, sub, argv),
    })
}

/// Bundlers', compilers', document generators' and reports' output options.
fn builds(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    Some(match name {
        "tsc" => opt(
            &[],
            &[
                "--outDir",
                "--outFile",
                "--out",
                "--declarationDir",
                "--tsBuildInfoFile",
            ],
        ),
        "esbuild" => opt(&[], &["--outfile", "--outdir", "--metafile"]),
        "uglifyjs" | "terser" | "swc" | "babel" | "stylus" | "lessc" | "sass" | "node-sass" => {
            let mut v = opt(
                &["-o", "-d"],
                &["--output", "--out-file", "--out-dir", "--source-map-file"],
            );
            if matches!(name, "sass" | "lessc" | "node-sass") {
                v.extend(sass_outputs(argv));
            }
            v
        }
        "webpack" | "webpack-cli" => opt(&["-o"], &["--output-path"]),
        "vite" | "parcel" => opt(&[], &["--outDir", "--dist-dir", "--out-dir"]),
        "rollup" => opt(&["-o", "-d"], &["--file", "--dir"]),
        "protoc" => protoc_outputs(argv),
        "gs" | "ghostscript" => {
            let mut v = opt(&["-o"], &[]);
            v.extend(prefixed(argv, "-sOutputFile="));
            v
        }
        "inkscape" => opt(&["-o"], &["--export-filename", "--export-png"]),
        "rsvg-convert" | "mmdc" | "dot" | "neato" | "circo" | "fdp" | "upx" | "age"
        | "age-keygen" => opt(&["-o"], &["--output"]),
        "plantuml" => opt(&["-o"], &["-output"]),
        "asciidoctor" | "asciidoc" => opt(&["-o", "-D"], &["--out-file", "--destination-dir"]),
        "sphinx-build" => args(
            argv,
            &["-b", "-d", "-c", "-D", "-A", "-t", "-j", "-w", "-M"],
        )
        .into_iter()
        .nth(1)
        .into_iter()
        .collect(),
        "mkdocs" | "jekyll" | "hugo" | "zola" => opt(
            &["-d", "-o"],
            &["--site-dir", "--destination", "--output-dir"],
        ),
        "coverage" => opt(&["-d", "-o"], &["--directory", "--data-file"]),
        "nyc" | "c8" => opt(&[], &["--report-dir", "--temp-dir"]),
        "tcpdump" => opt(&["-w"], &[]),
        "sops" => opt(&[], &["--output"]),
        "aria2c" => aria_outputs(argv),
        "helm" if matches!(sub, "package" | "pull" | "fetch" | "template") => {
            opt(&["-d"], &["--destination", "--untardir", "--output-dir"])
        }
        "docker" | "podman" | "buildah" if matches!(sub, "build" | "buildx") => {
            build_outputs(&opt(&["-o"], &["--output"]))
        }
        "docker" | "podman" | "kubectl" | "oc" if sub == "cp" => local_last(argv),
        "rclone" if matches!(sub, "copy" | "sync" | "move" | "copyto" | "moveto") => {
            local_last(argv)
        }
        "gsutil" if matches!(sub, "cp" | "mv" | "rsync") => local_last(argv),
        "aws"
            if lit(argv, 1) == Some("s3") && matches!(lit(argv, 2), Some("cp" | "mv" | "sync")) =>
        {
            local_last(argv)
        }
        "gh" if matches!(sub, "release" | "run") => opt(&["-D", "-O"], &["--dir", "--output"]),
        "gh" if sub == "repo" && lit(argv, 2) == Some("clone") => {
            positionals(argv, &HashSet::new())
                .into_iter()
                .nth(3)
                .into_iter()
                .collect()
        }
        "virtualenv" => positionals(argv, &HashSet::new())
            .into_iter()
            .take(1)
            .collect(),
        "uv" if sub == "venv" => args(argv, &["-p", "--python", "--prompt"])
            .into_iter()
            .nth(1)
            .into_iter()
            .collect(),
        "mktemp" => mktemp_outputs(argv),
        _ => return crate::outrare::writes(name, sub, argv),
    })
}

/// pytest's reports and temporary folders (`--junitxml=F`, `--cov-report=html:DIR`).
pub(crate) fn pytest_writes(argv: &[Word]) -> Vec<Word> {
    let mut v = option_values(
        argv,
        &[],
        &[
            "--junitxml",
            "--junit-xml",
            "--basetemp",
            "--html",
            "--result-log",
        ],
    );
    for w in option_values(argv, &[], &["--cov-report"]) {
        v.extend(
            w.lit()
                .and_then(|s| s.split_once(':'))
                .map(|(_, p)| Word::literal(p)),
        );
    }
    v
}

/// Whether a formatter only checks (`--check`, `--diff`): it writes nothing.
fn checks(argv: &[Word]) -> bool {
    argv.iter()
        .any(|w| matches!(w.lit(), Some("--check" | "--diff" | "--dry-run" | "-n")))
}

/// The last word, unless it is an option or standard output.
fn last(argv: &[Word]) -> Vec<Word> {
    argv.iter()
        .skip(1)
        .last()
        .filter(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
        .cloned()
        .into_iter()
        .collect()
}

/// The last positional when it is a local path (`docker cp C:/x DEST`, `rclone copy r:b DEST`,
/// `aws s3 cp s3://b/k DEST`): a remote holds a `:` (`HOST:`, `POD:`, `SCHEME://`).
fn local_last(argv: &[Word]) -> Vec<Word> {
    let p = positionals(argv, &HashSet::new());
    p.last()
        .filter(|w| w.lit().is_none_or(|v| !v.contains(':')))
        .cloned()
        .into_iter()
        .collect()
}

/// The positionals from the second word on, skipping the values of `values`.
fn args(argv: &[Word], values: &[&str]) -> Vec<Word> {
    let mut out = Vec::new();
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        match w.lit() {
            Some(v) if values.contains(&v) => i += 1,
            Some(v) if v.starts_with('-') && v.len() > 1 => {}
            _ => out.push(w.clone()),
        }
        i += 1;
    }
    out
}

/// The values of options spelt `PREFIXvalue` in one word (`-sOutputFile=x.pdf`).
fn prefixed(argv: &[Word], prefix: &str) -> Vec<Word> {
    argv.iter()
        .filter_map(|w| w.lit()?.strip_prefix(prefix).map(Word::literal))
        .collect()
}

/// `sass IN OUT`, `sass IN:OUT ...`, `lessc IN OUT`: the outputs.
fn sass_outputs(argv: &[Word]) -> Vec<Word> {
    let p = positionals(argv, &HashSet::new());
    let pairs: Vec<Word> = p
        .iter()
        .filter_map(|w| w.lit()?.split_once(':').map(|(_, o)| Word::literal(o)))
        .collect();
    if pairs.is_empty() {
        p.into_iter().nth(1).into_iter().collect()
    } else {
        pairs
    }
}

/// `protoc --go_out=DIR`, `--python_out=opts:DIR`, `-o FILE`, `--descriptor_set_out=FILE`.
fn protoc_outputs(argv: &[Word]) -> Vec<Word> {
    let mut v = option_values(argv, &["-o"], &["--descriptor_set_out", "--dependency_out"]);
    for w in argv.iter().skip(1).filter_map(Word::lit) {
        if let Some((opt, val)) = w.split_once('=')
            && opt.starts_with("--")
            && opt.ends_with("_out")
        {
            v.push(Word::literal(val.rsplit(':').next().unwrap_or(val)));
        }
    }
    v
}

/// `aria2c -d DIR -o NAME`: the name is below the directory.
fn aria_outputs(argv: &[Word]) -> Vec<Word> {
    let dirs = option_values(argv, &["-d"], &["--dir"]);
    let outs = option_values(argv, &["-o", "-l"], &["--out", "--log", "--save-session"]);
    match (dirs.first().and_then(Word::lit), outs.is_empty()) {
        (Some(d), false) => outs
            .iter()
            .map(|o| match o.lit() {
                Some(o) if !o.starts_with('/') => Word::literal(&format!("{d}/{o}")),
                _ => o.clone(),
            })
            .collect(),
        _ => dirs.into_iter().chain(outs).collect(),
    }
}

/// `docker build -o DIR` or `-o type=local,dest=DIR`.
fn build_outputs(values: &[Word]) -> Vec<Word> {
    values
        .iter()
        .filter_map(|w| match w.lit() {
            Some(v) if v.contains('=') => v
                .split(',')
                .find_map(|kv| kv.strip_prefix("dest="))
                .map(Word::literal),
            _ => Some(w.clone()),
        })
        .collect()
}

/// `mktemp [-p DIR] [TEMPLATE]`: the file it creates (in `$TMPDIR` with `-t` or no template:
/// left to the caller's other rules).
fn mktemp_outputs(argv: &[Word]) -> Vec<Word> {
    let dir = option_values(argv, &["-p"], &["--tmpdir"]);
    let template = args(argv, &["-p", "--suffix"]).into_iter().next();
    match (dir.first(), template) {
        (Some(d), t) => {
            let name = t.as_ref().and_then(Word::lit).unwrap_or("tmp.XXXXXXXXXX");
            match d.lit() {
                Some(d) => vec![Word::literal(&format!("{d}/{name}"))],
                None => vec![d.clone()],
            }
        }
        (None, Some(t)) if !has_flag(argv, 't', &[]) => vec![t],
        _ => Vec::new(),
    }
}

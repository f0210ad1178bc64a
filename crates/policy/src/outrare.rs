//! Round 15: where more programs write (read after `src/outwide.rs`), from the usage lines of
//! the programs round 15's blind probe found unlisted: language toolchains' output and cache
//! options (`dotnet -o`, `mvn -Dmaven.repo.local=`, `gradle --project-cache-dir`, `cabal
//! --installdir`, `stack --local-bin-path`, `ghc -o/-outputdir`, `swift build --scratch-path`,
//! `zig -femit-bin=`/`--prefix`, `dart compile -o`, `gem build --output`/`install
//! --install-dir`, `composer --working-dir`, bazel's output roots, `mypy --cache-dir`, `go test
//! -c -o`), the user files that configuration and login commands write (`npm config set`, `pip
//! config set`, `cargo login`, `poetry config`, `docker login`, `go env -w`, the kubeconfig of
//! `eksctl`/`aws eks`/`gcloud container`/`az aks`), database clients (`psql -o/-L` and `\o`,
//! `\w`, `\g`, `\copy ... to` in `-c`; `pg_restore -f`; `mongodump --out/--archive=`;
//! `mongoexport --out`; `mysql --tee`; duckdb's database and `COPY ... TO`, sqlite3's
//! `writefile()`, ClickHouse's `INTO OUTFILE`), media and document tools (`exiftool -o` and tag
//! writes, `pdftk ... output`, `pdfunite`, `mutool -o`, `sox`, `lame`, `cwebp`/`pngquant`/
//! `gifsicle -o`, `optipng -out/-dir`, `jpegoptim -d`, `libreoffice --outdir`, `typst compile IN
//! OUT`, `latexmk -outdir=`, `pdflatex -output-directory=`, `enscript -o`, `mdbook -d`), archive
//! tools (`cpio -D`, `pax`, `bsdtar -C/-f`, `rar`/`unrar`, `unar -o`, `zipsplit -b`, `unsquashfs
//! -d`, `mksquashfs`, `xorriso -outdev`, `atool -X`, `cabextract -d`, `jar cf`), network tools
//! (`http --download -o`, `xh -o`, `wget2 -O/-o/-P`, `smbclient -c 'get R L'`, `nmap -oN`,
//! `iperf3 --logfile`) and `kak -f FILES`.

use std::collections::HashSet;

use crate::models::{has_flag, option_values, positionals};
use crate::words::Word;

/// The files `name` writes through its options or positionals; `None`: no entry here.
pub(crate) fn writes(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    Some(match name {
        "dotnet" => opt(&["-o"], &["--output", "--artifacts-path"]),
        "mvn" | "mvnw" | "./mvnw" => prefixed(argv, &["-Dmaven.repo.local="]),
        "gradle" | "gradlew" | "./gradlew" => {
            opt(&["-g"], &["--project-cache-dir", "--gradle-user-home"])
        }
        "cabal" => opt(&[], &["--installdir", "--builddir", "--store-dir"]),
        "stack" => opt(&[], &["--local-bin-path", "--stack-root"]),
        "ghc" | "ghc-9" => exact(
            argv,
            &[
                "-o",
                "-outputdir",
                "-odir",
                "-hidir",
                "-dumpdir",
                "-stubdir",
            ],
        ),
        "swift" | "swiftc" => opt(&["-o"], &["--scratch-path", "--build-path"]),
        "dart" if sub == "compile" => opt(&["-o"], &["--output"]),
        "gem" => opt(
            &["-o", "-i", "-n"],
            &["--output", "--install-dir", "--bindir"],
        ),
        "composer" => opt(&["-d"], &["--working-dir"]),
        "bazel" | "bazelisk" => prefixed(
            argv,
            &[
                "--output_base=",
                "--output_user_root=",
                "--disk_cache=",
                "--repository_cache=",
            ],
        ),
        "mypy" | "dmypy" => opt(
            &[],
            &[
                "--cache-dir",
                "--junit-xml",
                "--html-report",
                "--txt-report",
                "--xml-report",
            ],
        ),
        "go" if sub == "test" => opt(&["-o"], &[]),
        "go" if sub == "env" && has_flag(argv, 'w', &[]) => home("~/.config/go/env"),
        "kustomize" => opt(&["-o"], &["--output"]),
        "ansible-vault" => opt(&[], &["--output"]),
        "skopeo" if matches!(sub, "copy" | "sync") => pos(argv)
            .into_iter()
            .skip(2)
            .filter_map(|w| local_image(&w))
            .collect(),
        "crane" if matches!(sub, "export" | "pull") => pos(argv)
            .into_iter()
            .skip(2)
            .next_back()
            .into_iter()
            .collect(),
        _ => return configs(name, sub, argv),
    })
}

/// Writes of programs an earlier table already claims (`zig -o`; `cargo`, `npm`, `pip`'s
/// other options): `src/models.rs` adds them to that table's.
pub(crate) fn shadowed(name: &str, sub: &str, argv: &[Word]) -> Vec<Word> {
    match name {
        "zig" => {
            let mut v = option_values(
                argv,
                &["-p"],
                &["--prefix", "--cache-dir", "--global-cache-dir"],
            );
            v.extend(prefixed(
                argv,
                &["-femit-bin=", "-femit-h=", "-femit-docs="],
            ));
            v
        }
        "npm" | "pnpm" | "yarn" | "pip" | "pip3" | "cargo" => {
            configs(name, sub, argv).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

/// Configuration and login commands: the user files they write.
fn configs(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    // the action after the scope's options (`pip config --user set`)
    let second = argv
        .iter()
        .skip(2)
        .filter_map(Word::lit)
        .find(|w| !w.starts_with('-'))
        .unwrap_or("");
    let sets = matches!(second, "set" | "delete" | "rm" | "unset" | "edit");
    Some(match name {
        "npm" | "pnpm"
            if (sub == "config" && sets) || matches!(sub, "set" | "login" | "adduser") =>
        {
            home("~/.npmrc")
        }
        "yarn" if sub == "config" && sets => home("~/.yarnrc"),
        "pip" | "pip3" if sub == "config" && sets => home("~/.config/pip/pip.conf"),
        "cargo" if sub == "login" => home("~/.cargo/credentials.toml"),
        "poetry" if sub == "config" && !argv.iter().any(|w| w.lit() == Some("--local")) => {
            home("~/.config/pypoetry/auth.toml")
        }
        "docker" if sub == "login" => home("~/.docker/config.json"),
        "podman" | "buildah" | "skopeo" if sub == "login" => home("~/.config/containers/auth.json"),
        "helm" if sub == "registry" && second == "login" => {
            home("~/.config/helm/registry/config.json")
        }
        "eksctl" if sub == "utils" && second == "write-kubeconfig" => kubeconfig(argv),
        "aws" if sub == "eks" && second == "update-kubeconfig" => kubeconfig(argv),
        "gcloud"
            if sub == "container" && argv.iter().any(|w| w.lit() == Some("get-credentials")) =>
        {
            kubeconfig(argv)
        }
        "az" if sub == "aks" && second == "get-credentials" => {
            let f = option_values(argv, &["-f"], &["--file"]);
            if f.is_empty() {
                home("~/.kube/config")
            } else {
                f
            }
        }
        _ => return crate::outdb::writes(name, sub, argv),
    })
}

/// An image reference that is a local path (`dir:/tmp/img`, `oci:DIR:tag`, `docker-archive:F`).
fn local_image(w: &Word) -> Option<Word> {
    let v = w.lit()?;
    let (transport, rest) = v.split_once(':')?;
    matches!(transport, "dir" | "oci" | "oci-archive" | "docker-archive")
        .then(|| Word::literal(rest.split(':').next().unwrap_or(rest)))
}

/// `--kubeconfig FILE`, else the user's kubeconfig.
fn kubeconfig(argv: &[Word]) -> Vec<Word> {
    let v = option_values(argv, &[], &["--kubeconfig"]);
    if v.is_empty() {
        home("~/.kube/config")
    } else {
        v
    }
}

fn home(path: &str) -> Vec<Word> {
    vec![Word::literal(path)]
}

/// The values of single-dash long options given exactly (`-outputdir DIR`, `-outputdir=DIR`).
pub(crate) fn exact(argv: &[Word], names: &[&str]) -> Vec<Word> {
    let mut out = Vec::new();
    for (i, w) in argv.iter().enumerate().skip(1) {
        let Some(v) = w.lit() else { continue };
        if names.contains(&v) {
            out.extend(argv.get(i + 1).cloned());
        } else if let Some((o, val)) = v.split_once('=')
            && names.contains(&o)
        {
            out.push(Word::literal(val));
        }
    }
    out
}

/// The values of options spelt `PREFIXVALUE` (`-femit-bin=PATH`).
pub(crate) fn prefixed(argv: &[Word], prefixes: &[&str]) -> Vec<Word> {
    argv.iter()
        .skip(1)
        .filter_map(Word::lit)
        .filter_map(|v| prefixes.iter().find_map(|p| v.strip_prefix(p)))
        .filter(|v| !v.is_empty())
        .map(Word::literal)
        .collect()
}

/// The positionals (option values not told apart).
pub(crate) fn pos(argv: &[Word]) -> Vec<Word> {
    positionals(argv, &HashSet::new())
}

/// Round 15's recursive readers (after `src/models.rs`'s): `diff -r`/`colordiff -r` read every
/// file below both of their directories.
pub(crate) fn recursive_reads(name: &str, argv: &[Word], pos: Vec<Word>) -> Vec<Word> {
    match name {
        "diff" | "colordiff" if has_flag(argv, 'r', &["--recursive"]) => pos,
        _ => Vec::new(),
    }
}

/// A pipeline stage that is a plain `git ls-files` (what `$(git ls-files)` is taken to be:
/// tracked paths, `src/models.rs`).
pub(crate) fn tracked_stage(text: &str) -> bool {
    crate::models::listed_tracked(&Word {
        text: format!("$({})", text.trim()),
        value: None,
        pattern: None,
    })
}

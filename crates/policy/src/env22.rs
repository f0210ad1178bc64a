//! Round 22's environment variables (gate19's blind probe), after `src/env20.rs` and
//! `src/env21.rs`: from the programs' manuals, variables that make a program run another one
//! (`PS4` under `xtrace` expands its command substitutions; `CC`, `CXX`, `AR`, `PKG_CONFIG`,
//! `PROTOC`, `CMAKE` are run by build scripts under `cargo test`; `KUBE_EDITOR`, `SUDO_EDITOR`;
//! rustdoc's `--runtool`; rustc's `-Z codegen-backend=PATH` and linker plugins or `-B` search
//! folders in `-C link-arg(s)`; `CARGO_TARGET_<triple>_RUSTFLAGS` as `RUSTFLAGS`), that make it
//! write somewhere (cargo's `CARGO_BUILD_BUILD_DIR`, insta's directories, the caches and prefixes
//! of uv, Poetry, Gradle, NuGet, Composer, Mix, Hex, Stack, cabal, conda; `PYTHONPYCACHEPREFIX`,
//! `GOCOVERDIR`, `COVERAGE_FILE`; the write options inside `MAVEN_OPTS`, `PYTEST_ADDOPTS`,
//! `RUSTDOCFLAGS --persist-doctests` and rustc's `--emit=KIND=PATH`), or that change which code or
//! configuration it loads (`HOME` and `XDG_CONFIG_HOME` before git, `GIT_INDEX_FILE`, the module
//! search paths of Python, Perl, Ruby and Node, JVM agents, `CURL_HOME`, `WGETRC`, `GOENV`,
//! `GOFLAGS`, pytest's add-ons): judged as those commands, writes, or at most `ask`.

/// Variables beside `programs::sensitive_env`'s that change which code or configuration a
/// program loads (at most `ask`).
pub(crate) fn sensitive(name: &str) -> bool {
    matches!(
        name,
        "HOME"
            | "XDG_CONFIG_HOME"
            | "GIT_INDEX_FILE"
            | "GIT_WORK_TREE"
            | "GIT_OBJECT_DIRECTORY"
            | "GIT_ALTERNATE_OBJECT_DIRECTORIES"
            | "GIT_TEMPLATE_DIR"
            | "PYTHONPATH"
            | "PYTHONHOME"
            | "PERL5LIB"
            | "PERLLIB"
            | "PERL5DB"
            | "RUBYLIB"
            | "NODE_PATH"
            | "JAVA_TOOL_OPTIONS"
            | "_JAVA_OPTIONS"
            | "JDK_JAVA_OPTIONS"
            | "CURL_HOME"
            | "WGETRC"
            | "GOENV"
            | "GOFLAGS"
            | "PYTEST_ADDOPTS"
            | "PYTEST_PLUGINS"
            | "GCONV_PATH"
    )
}

/// Variables whose every value is harmless although their name looks like a sensitive one:
/// `GIT_CONFIG_NOSYSTEM` only stops git reading the system's configuration file.
pub(crate) fn harmless(name: &str) -> bool {
    name == "GIT_CONFIG_NOSYSTEM"
}

/// The command substitutions (`$(...)`, backquotes) a value holds, joined by `;`.
fn substitutions(value: &str) -> Option<String> {
    let c: Vec<char> = value.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if c[i] == '`' {
            let end = c[i + 1..]
                .iter()
                .position(|&x| x == '`')
                .map_or(c.len(), |e| i + 1 + e);
            out.push(c[i + 1..end].iter().collect::<String>());
            i = end + 1;
        } else if c[i] == '$' && c.get(i + 1) == Some(&'(') && c.get(i + 2) != Some(&'(') {
            let mut depth = 0usize;
            let mut end = c.len();
            for (j, &ch) in c.iter().enumerate().skip(i + 1) {
                match ch {
                    '(' => depth += 1,
                    ')' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            end = j;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            out.push(c[(i + 2).min(end)..end].iter().collect::<String>());
            i = end + 1;
        } else {
            i += 1;
        }
    }
    let out: Vec<String> = out.into_iter().filter(|s| !s.trim().is_empty()).collect();
    (!out.is_empty()).then(|| out.join("; "))
}

/// Whether a prompt variable's value (as written) holds a command substitution, which bash
/// runs each time it prints the prompt (`PS4` before each traced command under `set -x`).
pub(crate) fn prompt_runs(name: &str, value: &str) -> bool {
    matches!(name, "PS0" | "PS1" | "PS2" | "PS3" | "PS4") && substitutions(value).is_some()
}

/// Compilers and build tools a build script may be pointed at by their usual names (`CC=clang`,
/// `CC=/usr/bin/gcc-13`, `AR=llvm-ar`): the tool the build would run anyway, not a command of
/// the user's choosing.
fn known_tool(value: &str) -> bool {
    let v = value.trim();
    if v.contains(char::is_whitespace) {
        return false;
    }
    let (dir, base) = v.rsplit_once('/').unwrap_or(("", v));
    if !matches!(dir, "" | "/usr/bin" | "/usr/local/bin" | "/bin") {
        return false;
    }
    let base = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-');
    const TOOLS: &[&str] = &[
        "cc",
        "gcc",
        "g++",
        "c++",
        "clang",
        "clang++",
        "clang-cl",
        "cl",
        "icc",
        "icx",
        "tcc",
        "ar",
        "llvm-ar",
        "gcc-ar",
        "ranlib",
        "llvm-ranlib",
        "ld",
        "ld.lld",
        "lld",
        "mold",
        "ld.gold",
        "pkg-config",
        "pkgconf",
        "protoc",
        "cmake",
        "nasm",
        "yasm",
        "sccache",
        "ccache",
        "musl-gcc",
        "emcc",
    ];
    TOOLS.contains(&base)
        || ["-gcc", "-g++", "-ar", "-clang", "-ld", "-pkg-config"]
            .iter()
            .any(|s| base.ends_with(s))
}

/// The words of a flag variable (`RUSTFLAGS`, `RUSTDOCFLAGS`, ...), cargo's `\x1f` separator
/// included.
fn words(value: &str) -> Vec<&str> {
    value
        .split(['\u{1f}', ' ', '\t', '\n'])
        .filter(|w| !w.is_empty())
        .collect()
}

/// The value of flag `flag` among `words` (`--flag V` or `--flag=V`), for each time it appears.
fn flag_values(words: &[&str], flag: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if *w == flag {
            out.extend(words.get(i + 1).map(|v| v.to_string()));
        } else if let Some(v) = w.strip_prefix(flag).and_then(|r| r.strip_prefix('=')) {
            out.push(v.to_string());
        }
    }
    out
}

/// rustc's `-C X`/`-Z X` joined to `-CX`/`-ZX`.
fn joined(words: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = words.iter();
    while let Some(w) = it.next() {
        match *w {
            "-C" | "-Z" | "--codegen" => {
                out.push(format!("{}{}", &w[..2], it.next().unwrap_or(&"")))
            }
            _ => out.push(w.to_string()),
        }
    }
    out
}

/// Whether `name` holds rustc's or rustdoc's flags (`CARGO_TARGET_<triple>_RUSTFLAGS` too).
fn rust_flags(name: &str) -> bool {
    matches!(
        name,
        "RUSTFLAGS" | "CARGO_BUILD_RUSTFLAGS" | "RUSTDOCFLAGS" | "CARGO_ENCODED_RUSTFLAGS"
    ) || target_flags(name)
}

fn target_flags(name: &str) -> bool {
    name.starts_with("CARGO_TARGET_") && name.ends_with("_RUSTFLAGS")
}

/// The program rustc's or rustdoc's flags make the build run: rustdoc's `--runtool PROG
/// [--runtool-arg A]...`, a codegen backend given by its path, a linker plugin, a `-B` folder
/// the linker is looked up in.
fn flag_command(value: &str) -> Option<String> {
    let w = words(value);
    if let Some(tool) = flag_values(&w, "--runtool").pop() {
        let mut line = vec![tool];
        line.extend(flag_values(&w, "--runtool-arg"));
        return Some(line.join(" "));
    }
    for f in joined(&w) {
        if let Some(p) = f
            .strip_prefix("-Zcodegen-backend=")
            .filter(|p| p.contains('/'))
        {
            return Some(p.to_string());
        }
        let Some(args) = f
            .strip_prefix("-Clink-arg=")
            .or_else(|| f.strip_prefix("-Clink-args="))
        else {
            continue;
        };
        let parts: Vec<&str> = args.split([' ', ',']).filter(|a| !a.is_empty()).collect();
        for (i, a) in parts.iter().enumerate() {
            let plugin = a
                .strip_prefix("-fplugin=")
                .or_else(|| a.strip_prefix("--plugin="))
                .or_else(|| a.strip_prefix("-plugin="))
                .or_else(|| {
                    matches!(*a, "-plugin" | "--plugin")
                        .then(|| parts.get(i + 1).copied())
                        .flatten()
                });
            if let Some(p) = plugin.filter(|p| p.contains('/')) {
                return Some(p.to_string());
            }
            if let Some(dir) = a.strip_prefix("-B").filter(|d| !d.is_empty()) {
                return Some(format!("{}/ld", dir.trim_end_matches('/')));
            }
        }
    }
    None
}

/// The command a variable's value makes a program run, beside `env20::command`'s and
/// `env21::command`'s.
pub(crate) fn command(name: &str, value: &str) -> Option<String> {
    match name {
        "PS0" | "PS1" | "PS2" | "PS3" | "PS4" => substitutions(value),
        // bash sources `BASH_ENV` before a script, an interactive `sh` sources `ENV`
        "BASH_ENV" | "ENV" if !value.trim().is_empty() => Some(format!(". '{value}'")),
        "KUBE_EDITOR" | "SUDO_EDITOR" | "FCEDIT" | "SVN_EDITOR" | "HGEDITOR" | "CVSEDITOR"
        | "TIG_EDITOR" => Some(value.to_string()),
        "CC" | "CXX" | "AR" | "LD" | "RANLIB" | "PKG_CONFIG" | "PROTOC" | "CMAKE" | "NASM"
        | "HOST_CC" | "HOST_CXX" | "TARGET_CC" | "TARGET_CXX" | "TARGET_AR" => {
            (!value.trim().is_empty() && !known_tool(value)).then(|| value.to_string())
        }
        _ if (name.starts_with("CC_") || name.starts_with("CXX_") || name.starts_with("AR_"))
            && !value.trim().is_empty()
            && !known_tool(value) =>
        {
            Some(value.to_string())
        }
        _ if target_flags(name) => crate::env20::command("RUSTFLAGS", value),
        _ if rust_flags(name) => flag_command(value),
        _ => None,
    }
}

/// The paths a variable's value makes a program write (folders it creates files in).
pub(crate) fn writes(name: &str, value: &str) -> Vec<String> {
    if value.trim().is_empty() {
        return Vec::new();
    }
    let dir = matches!(
        name,
        "CARGO_BUILD_BUILD_DIR"
            | "INSTA_WORKSPACE_ROOT"
            | "INSTA_PENDING_DIR"
            | "UV_PROJECT_ENVIRONMENT"
            | "UV_PYTHON_INSTALL_DIR"
            | "VIRTUAL_ENV"
            | "POETRY_VIRTUALENVS_PATH"
            | "POETRY_CACHE_DIR"
            | "PIPENV_CACHE_DIR"
            | "GRADLE_USER_HOME"
            | "NUGET_PACKAGES"
            | "DOTNET_CLI_HOME"
            | "COMPOSER_HOME"
            | "COMPOSER_VENDOR_DIR"
            | "COMPOSER_CACHE_DIR"
            | "MIX_HOME"
            | "MIX_BUILD_PATH"
            | "MIX_DEPS_PATH"
            | "MIX_ARCHIVES"
            | "HEX_HOME"
            | "STACK_ROOT"
            | "CABAL_DIR"
            | "GOCOVERDIR"
            | "PYTHONPYCACHEPREFIX"
            | "COVERAGE_FILE"
            | "CONDA_PKGS_DIRS"
            | "CONDA_ENVS_PATH"
            | "PUB_CACHE"
            | "PLAYWRIGHT_BROWSERS_PATH"
            | "CYPRESS_CACHE_FOLDER"
    );
    if dir {
        return vec![value.to_string()];
    }
    let w = words(value);
    match name {
        "MAVEN_OPTS" => w
            .iter()
            .filter_map(|f| f.strip_prefix("-Dmaven.repo.local="))
            .map(str::to_string)
            .collect(),
        "PYTEST_ADDOPTS" => {
            let mut out = flag_values(&w, "--basetemp");
            out.extend(flag_values(&w, "--junitxml"));
            out.extend(flag_values(&w, "--junit-xml"));
            out.extend(flag_values(&w, "--debug"));
            out.extend(
                flag_values(&w, "-o")
                    .iter()
                    .filter_map(|o| o.strip_prefix("cache_dir=").map(str::to_string)),
            );
            out
        }
        _ if target_flags(name) => crate::env21::flag_writes("RUSTFLAGS", value)
            .into_iter()
            .chain(rustc_writes(&w))
            .collect(),
        _ if rust_flags(name) => {
            let mut out = flag_values(&w, "--persist-doctests");
            out.extend(rustc_writes(&w));
            out
        }
        _ => Vec::new(),
    }
}

/// rustc's `--emit=KIND=PATH[,KIND=PATH]` and `--out-dir DIR`.
fn rustc_writes(w: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = flag_values(w, "--emit")
        .iter()
        .flat_map(|e| e.split(',').map(str::to_string).collect::<Vec<_>>())
        .filter_map(|k| k.split_once('=').map(|(_, p)| p.to_string()))
        .filter(|p| p != "-")
        .collect();
    out.extend(flag_values(w, "--out-dir"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_writes_and_loads() {
        assert_eq!(command("PS4", "+$(git push) ").as_deref(), Some("git push"));
        assert_eq!(command("PS4", "`rm -rf b` ").as_deref(), Some("rm -rf b"));
        assert_eq!(command("PS4", "+ ${LINENO}: "), None);
        assert_eq!(command("CC", "git push").as_deref(), Some("git push"));
        assert_eq!(command("CC", "clang"), None);
        assert_eq!(command("CC", "/usr/bin/gcc-13"), None);
        assert_eq!(command("CC", "/tmp/cc").as_deref(), Some("/tmp/cc"));
        assert_eq!(
            command(
                "RUSTDOCFLAGS",
                "-Zunstable-options --runtool git --runtool-arg push"
            )
            .as_deref(),
            Some("git push")
        );
        assert_eq!(
            command("RUSTFLAGS", "-Z codegen-backend=/tmp/cg.so").as_deref(),
            Some("/tmp/cg.so")
        );
        assert_eq!(command("RUSTFLAGS", "-Zcodegen-backend=cranelift"), None);
        assert_eq!(
            command("RUSTFLAGS", "-C link-arg=-B/tmp/bin").as_deref(),
            Some("/tmp/bin/ld")
        );
        assert_eq!(writes("INSTA_PENDING_DIR", "/tmp/p"), ["/tmp/p"]);
        assert_eq!(
            writes("MAVEN_OPTS", "-Dmaven.repo.local=/tmp/m2"),
            ["/tmp/m2"]
        );
        assert_eq!(
            writes("PYTEST_ADDOPTS", "--basetemp=/tmp/pt -q"),
            ["/tmp/pt"]
        );
        assert_eq!(
            writes("RUSTFLAGS", "--emit=asm=/tmp/o.s,link"),
            ["/tmp/o.s"]
        );
        assert!(writes("RUSTFLAGS", "-D warnings").is_empty());
        assert!(
            sensitive("PYTHONPATH") && !sensitive("RUST_LOG") && harmless("GIT_CONFIG_NOSYSTEM")
        );
    }
}

//! `loop gate check --action commit|merge|auto-merge`: the changeset policy of `gate.yaml`
//! (loop-gate 1.0.0's format). Exit 0 allowed, 2 escalate, 1 error.

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use anyhow::{Context, Result, bail};
use clap::Args;
use loopwright_policy::changeset::{Action, GateFile, normalise_path, parse_name_status_z};

/// Flags of the changeset mode of `loop gate check`.
#[derive(Debug, Args)]
pub struct ChangesetArgs {
    /// Judge a changeset instead of a tool call: commit, merge or auto-merge
    #[arg(long, value_name = "ACTION")]
    pub action: Option<String>,
    /// Changed paths, comma-separated (repeatable); relative to the current directory
    #[arg(long, value_name = "A,B", value_delimiter = ',', action = clap::ArgAction::Append)]
    pub paths: Vec<String>,
    /// Read the changed paths from `git diff -z --name-status BASE` plus untracked files;
    /// renames and copies count both paths. Without BASE: HEAD (the uncommitted changes, new
    /// files included), but on a clean tree the branch's commits since it left its upstream or
    /// the default branch
    #[arg(long, value_name = "BASE", num_args = 0..=1, default_missing_value = "")]
    pub git: Option<String>,
    /// The changeset policy (default: gate.yaml in the current directory, else the repository
    /// root)
    #[arg(long = "gate-file", value_name = "FILE")]
    pub gate_file: Option<PathBuf>,
}

fn git(dir: &Path, args: &[&str]) -> Result<Vec<u8>> {
    let out = Process::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .context("cannot run git")?;
    if !out.status.success() {
        bail!(
            "git {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(out.stdout)
}

fn repo_root(cwd: &Path) -> Option<PathBuf> {
    let out = git(cwd, &["rev-parse", "--show-toplevel"]).ok()?;
    let s = String::from_utf8_lossy(&out).trim().to_string();
    (!s.is_empty()).then(|| PathBuf::from(s))
}

/// Runs the changeset mode; returns the exit code.
pub fn run(a: &ChangesetArgs, json: bool) -> Result<u8> {
    let (Some(action), true) = (&a.action, a.git.is_some() || !a.paths.is_empty()) else {
        bail!("check requires --action and --paths (or --git [BASE]).")
    };
    let action: Action = action.parse()?;
    let cwd = std::env::current_dir().context("cannot read the current directory")?;
    let cwd = std::fs::canonicalize(&cwd).unwrap_or(cwd);
    let root = repo_root(&cwd);
    if a.git.is_some() && root.is_none() {
        bail!("--git: {} is not inside a git repository", cwd.display());
    }
    let root_dir = root.clone().unwrap_or_else(|| cwd.clone());
    let gate_path = match &a.gate_file {
        Some(f) => f.clone(),
        None if !cwd.join("gate.yaml").exists() && root_dir.join("gate.yaml").exists() => {
            root_dir.join("gate.yaml")
        }
        None => PathBuf::from("gate.yaml"),
    };
    let label = gate_path.display().to_string();
    let Ok(text) = std::fs::read_to_string(&gate_path) else {
        bail!(
            "Gate config not found: {label}. Create one (see templates/gate.yaml.template) or pass --gate-file <path>."
        )
    };
    let gate = GateFile::parse(&label, &text)?;
    let cwd_s = cwd.to_string_lossy().into_owned();
    let root_s = root_dir.to_string_lossy().into_owned();
    let mut paths: Vec<Result<String, String>> = a
        .paths
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .map(|p| normalise_path(p, &cwd_s, &root_s))
        .collect();
    if a.git.is_none() && paths.is_empty() {
        bail!("--paths must contain at least one non-empty path.");
    }
    if let Some(base) = &a.git {
        let base = if base.is_empty() {
            let (base, why) = default_base(&root_dir)?;
            eprintln!("loop gate: --git compares with {base} ({why})");
            base
        } else {
            base.clone()
        };
        let base = &base;
        paths.extend(
            git_paths(&root_dir, base)?
                .iter()
                .map(|p| normalise_path(p, &root_s, &root_s)),
        );
    }
    let d = gate.check(action, &paths);
    if json {
        println!("{}", serde_json::to_string_pretty(&d)?);
    } else {
        println!("{}", d.line());
    }
    Ok(if d.allowed { 0 } else { 2 })
}

/// What `--git` without BASE compares with, and why: HEAD while `git status` shows anything
/// (the change about to be committed, new files included); on a clean tree, the commits of the
/// branch since it left its upstream or the default branch (a change under review in CI), else
/// HEAD (an empty change); the empty tree before the first commit.
fn default_base(root: &Path) -> Result<(String, &'static str)> {
    let empty_tree = || -> Result<String> {
        Ok(trimmed(git(
            root,
            &["hash-object", "-t", "tree", "/dev/null"],
        )?))
    };
    let Ok(head) = git(root, &["rev-parse", "--verify", "-q", "HEAD"]).map(trimmed) else {
        return Ok((empty_tree()?, "no commit yet: every file"));
    };
    let uncommitted = !git(root, &["status", "--porcelain", "-z"])?.is_empty();
    if uncommitted {
        return Ok(("HEAD".into(), "uncommitted changes"));
    }
    for upstream in [
        "@{upstream}",
        "origin/HEAD",
        "origin/main",
        "origin/master",
        "main",
        "master",
    ] {
        if let Ok(base) = git(root, &["merge-base", "HEAD", upstream]).map(trimmed)
            && !base.is_empty()
            && base != head
        {
            return Ok((base, "the branch's commits"));
        }
    }
    Ok((
        "HEAD".into(),
        "nothing uncommitted and no branch of its own: pass a BASE to judge commits",
    ))
}

fn trimmed(out: Vec<u8>) -> String {
    String::from_utf8_lossy(&out).trim().to_string()
}

/// Every path `git diff -z --name-status -M -C --find-copies-harder BASE` names (both sides of
/// renames and copies, a copy of an unchanged file included), then the untracked files.
fn git_paths(root: &Path, base: &str) -> Result<Vec<String>> {
    if base.starts_with('-') {
        bail!("--git: `{base}` is not a revision");
    }
    let diff = git(
        root,
        &[
            "diff",
            "-z",
            "--name-status",
            "-M",
            "-C",
            "--find-copies-harder",
            "--no-ext-diff",
            base,
            "--",
        ],
    )?;
    let untracked = git(root, &["ls-files", "-z", "--others", "--exclude-standard"])?;
    let mut listed = parse_name_status_z(&diff);
    listed.extend(
        untracked
            .split(|b| *b == 0)
            .filter(|f| !f.is_empty())
            .map(|f| String::from_utf8_lossy(f).into_owned()),
    );
    Ok(listed)
}

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
    /// Read the changed paths from `git diff -z --name-status BASE` (default HEAD) plus
    /// untracked files; renames and copies count both paths
    #[arg(long, value_name = "BASE", num_args = 0..=1, default_missing_value = "HEAD")]
    pub git: Option<String>,
    /// The changeset policy (default: gate.yaml in the repository root, else the current
    /// directory)
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
    let Some(action) = &a.action else {
        bail!("--action is required (commit | merge | auto-merge)")
    };
    let action: Action = action
        .parse()
        .map_err(|e: String| anyhow::anyhow!("--action: {e}"))?;
    let cwd = std::env::current_dir().context("cannot read the current directory")?;
    let cwd = std::fs::canonicalize(&cwd).unwrap_or(cwd);
    let root = repo_root(&cwd);
    if a.git.is_some() && root.is_none() {
        bail!("--git: {} is not inside a git repository", cwd.display());
    }
    if a.git.is_none() && a.paths.is_empty() {
        bail!("give the changed paths with --paths A,B or --git [BASE]");
    }
    let root_dir = root.clone().unwrap_or_else(|| cwd.clone());
    let gate_path = match &a.gate_file {
        Some(f) => f.clone(),
        None => {
            let in_root = root_dir.join("gate.yaml");
            if in_root.exists() {
                in_root
            } else {
                cwd.join("gate.yaml")
            }
        }
    };
    let text = std::fs::read_to_string(&gate_path)
        .with_context(|| format!("--gate-file {}: cannot read", gate_path.display()))?;
    let label = gate_path.display().to_string();
    let gate = GateFile::parse(&label, &text)?;
    for k in &gate.unknown_keys {
        eprintln!("loop gate: {label}: unknown key `{k}` ignored");
    }
    let cwd_s = cwd.to_string_lossy().into_owned();
    let root_s = root_dir.to_string_lossy().into_owned();
    let mut paths: Vec<Result<String, String>> = a
        .paths
        .iter()
        .filter(|p| !p.trim().is_empty())
        .map(|p| normalise_path(p.trim(), &cwd_s, &root_s))
        .collect();
    if let Some(base) = &a.git {
        if base.starts_with('-') {
            bail!("--git: `{base}` is not a revision");
        }
        let diff = git(
            &root_dir,
            &[
                "diff",
                "-z",
                "--name-status",
                "-M",
                "--no-ext-diff",
                base,
                "--",
            ],
        )?;
        let untracked = git(
            &root_dir,
            &["ls-files", "-z", "--others", "--exclude-standard"],
        )?;
        let mut listed = parse_name_status_z(&diff);
        listed.extend(
            untracked
                .split(|b| *b == 0)
                .filter(|f| !f.is_empty())
                .map(|f| String::from_utf8_lossy(f).into_owned()),
        );
        paths.extend(listed.iter().map(|p| normalise_path(p, &root_s, &root_s)));
    }
    let d = gate.check(action, &paths);
    if json {
        println!("{}", serde_json::to_string_pretty(&d)?);
    } else if d.allowed {
        println!(
            "allow: {} of {} file(s) passes {label}",
            action_name(action),
            d.files.len()
        );
    } else {
        println!("escalate: {} needs a person", action_name(action));
        for r in &d.reasons {
            println!("  {r}");
        }
    }
    Ok(if d.allowed { 0 } else { 2 })
}

fn action_name(a: Action) -> &'static str {
    match a {
        Action::Commit => "commit",
        Action::Merge => "merge",
        Action::AutoMerge => "auto-merge",
    }
}

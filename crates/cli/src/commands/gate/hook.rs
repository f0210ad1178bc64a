//! `loop gate hook claude-code|codex`: our verdicts inside the agents people already run.
//!
//! Reads the agent's `PreToolUse` JSON on stdin and prints its decision JSON on stdout; always
//! exits 0 so the agent reads the decision. Input that cannot be read fails closed: `ask` for
//! Claude Code, `deny` for Codex (whose `PreToolUse` hooks cannot ask).

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use clap::{Args, ValueEnum};
use loopwright_policy::{Decision, Policy, Verdict};
use serde_json::{Value, json};

use loopwright_agent::gate::{Gate, plain_decision};
use loopwright_agent::policy_gate::{PolicyGate, home_dir, load_layers};

use super::hook_calls::{Call, Place, calls};

/// Which agent's hook protocol to speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Agent {
    /// Claude Code: `hookSpecificOutput.permissionDecision` allow / deny / ask.
    ClaudeCode,
    /// Codex: `PreToolUse` (deny; allow with `updatedInput`) and `PermissionRequest`.
    Codex,
}

/// Arguments of `loop gate hook`.
#[derive(Debug, Args)]
pub struct HookArgs {
    /// The agent calling the hook
    #[arg(value_enum)]
    pub agent: Agent,
    /// Extra rule file (highest precedence after all denies); repeatable
    #[arg(long, value_name = "FILE")]
    pub rules: Vec<PathBuf>,
    /// Workspace root (default: $CLAUDE_PROJECT_DIR, else the payload's `cwd`)
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
}

/// At most this much input is read.
const MAX_INPUT: u64 = 8 << 20;

fn reason(d: &Decision) -> String {
    let r = match &d.rule {
        Some(r) => format!("{} (rule {} #{})", d.reason, r.file, r.index),
        None => d.reason.clone(),
    };
    format!("loop gate: {}: {r}", d.verdict)
}

/// What the hook answers: a decision with its reason, or none (the agent's own prompt decides).
enum Answer {
    Decided(Decision, String),
    Defer(&'static str),
}

fn judge(a: &HookArgs, payload: &Value) -> Result<Answer, String> {
    let tool = payload
        .get("tool_name")
        .and_then(Value::as_str)
        .ok_or("the payload has no `tool_name`")?;
    let input = payload.get("tool_input").cloned().unwrap_or(Value::Null);
    let ws = a
        .workspace
        .clone()
        .or_else(|| std::env::var_os("CLAUDE_PROJECT_DIR").map(PathBuf::from));
    let process_cwd = std::env::current_dir().map_err(|e| format!("the current directory: {e}"))?;
    let cwd = match payload.get("cwd").and_then(Value::as_str) {
        Some(c) if !c.is_empty() => PathBuf::from(c),
        _ => process_cwd.clone(),
    };
    // a workspace named by flag or environment must exist; one taken from the payload's `cwd`
    // may name a folder of another machine (a recorded payload): judged where it would be
    let ws = match ws {
        Some(ws) => std::fs::canonicalize(process_cwd.join(&ws))
            .map_err(|e| format!("workspace {}: {e}", ws.display()))?,
        None => resolve_existing(&process_cwd.join(&cwd))
            .map_err(|e| format!("workspace {}: {e}", cwd.display()))?,
    };
    let layers = load_layers(&ws, &a.rules).map_err(|e| e.to_string())?;
    let ws_s = ws.to_string_lossy().into_owned();
    // a relative `cwd` starts at the workspace; the part of it that exists is taken with links
    // resolved
    let cwd = ws.join(&cwd);
    let cwd = resolve_existing(&cwd).unwrap_or(cwd);
    let cwd_s = cwd.to_string_lossy().into_owned();
    let home = home_dir();
    let at = Place {
        workspace: &ws_s,
        cwd: &cwd_s,
        home: home.as_deref(),
    };
    let d = match calls(tool, &input, &at)? {
        Call::Defer(why) => return Ok(Answer::Defer(why)),
        Call::Inert(why) => plain_decision(Verdict::Allow, why),
        Call::Judge(reqs) => {
            let gate = PolicyGate::new(Policy::load(layers));
            reqs.iter()
                .map(|r| gate.decide(r))
                .max_by_key(|d| d.verdict)
                .ok_or("the call stands for no request")?
        }
    };
    let r = reason(&d);
    Ok(Answer::Decided(d, r))
}

/// `path` (absolute) with the links of the part that exists resolved and the rest taken as
/// written (`.` dropped, `..` removing the component before it): a folder that does not exist
/// holds no links and no rule file.
fn resolve_existing(path: &Path) -> std::io::Result<PathBuf> {
    match std::fs::canonicalize(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        r => return r,
    }
    let mut resolved = PathBuf::new();
    let mut exists = true;
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if !exists => {
                resolved.pop();
            }
            part => {
                resolved.push(part);
                if exists {
                    match std::fs::canonicalize(&resolved) {
                        Ok(p) => resolved = p,
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => exists = false,
                        Err(e) => return Err(e),
                    }
                }
            }
        }
    }
    Ok(resolved)
}

fn claude_output(verdict: Verdict, reason: &str) -> Value {
    json!({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": verdict.as_str(),
            "permissionDecisionReason": reason,
        }
    })
}

fn codex_output(event: &str, verdict: Verdict, reason: &str, input: &Value) -> Value {
    match (event, verdict) {
        ("PermissionRequest", Verdict::Allow) => json!({
            "hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}
        }),
        ("PermissionRequest", Verdict::Deny) => json!({
            "hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": reason}}
        }),
        // codex asks the person itself
        ("PermissionRequest", Verdict::Ask) => json!({ "systemMessage": reason }),
        (_, Verdict::Deny) => json!({
            "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": reason}
        }),
        // codex accepts `allow` only together with the (unchanged) input
        (_, Verdict::Allow) => json!({
            "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "permissionDecisionReason": reason, "updatedInput": input}
        }),
        // PreToolUse cannot ask: codex's own approval policy decides
        (_, Verdict::Ask) => json!({ "systemMessage": reason }),
    }
}

/// Runs the hook: always exit 0 with a decision on stdout.
pub fn run(a: &HookArgs) -> u8 {
    let mut raw = String::new();
    let read = std::io::stdin().take(MAX_INPUT).read_to_string(&mut raw);
    let payload: Result<Value, String> = match read {
        Err(e) => Err(format!("cannot read the hook input: {e}")),
        Ok(_) => serde_json::from_str::<Value>(&raw)
            .map_err(|e| format!("the hook input is not JSON: {e}"))
            .and_then(|v| {
                if v.is_object() {
                    Ok(v)
                } else {
                    Err("the hook input is not a JSON object".to_string())
                }
            }),
    };
    let outcome = payload.and_then(|p| judge(a, &p).map(|r| (p, r)));
    let out = match (a.agent, outcome) {
        (Agent::ClaudeCode, Ok((_, Answer::Decided(d, r)))) => claude_output(d.verdict, &r),
        // no `hookSpecificOutput`: Claude Code's own permission flow runs
        (Agent::ClaudeCode, Ok((_, Answer::Defer(_)))) => json!({}),
        (Agent::ClaudeCode, Err(e)) => {
            eprintln!("loop gate hook: {e}");
            claude_output(
                Verdict::Ask,
                &format!("loop gate: ask: {e} (failing closed)"),
            )
        }
        (Agent::Codex, Ok((p, answer))) => {
            let event = p
                .get("hook_event_name")
                .and_then(Value::as_str)
                .unwrap_or("PreToolUse");
            let input = p.get("tool_input").cloned().unwrap_or(Value::Null);
            match answer {
                Answer::Decided(d, r) => codex_output(event, d.verdict, &r, &input),
                // codex's own approval policy decides
                Answer::Defer(why) => codex_output(event, Verdict::Ask, why, &input),
            }
        }
        (Agent::Codex, Err(e)) => {
            eprintln!("loop gate hook: {e}");
            codex_output(
                "PreToolUse",
                Verdict::Deny,
                &format!("loop gate: deny: {e} (failing closed)"),
                &Value::Null,
            )
        }
    };
    println!("{out}");
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_existing_resolves_what_exists_and_keeps_the_rest() {
        let Ok(tmp) = std::env::temp_dir().canonicalize() else {
            panic!("no temp dir")
        };
        let cases = [
            ("/", "/".to_string()),
            (
                "/nonexistent-loop-x/a/../b/./c",
                "/nonexistent-loop-x/b/c".to_string(),
            ),
            ("/nonexistent-loop-x/../..", "/".to_string()),
        ];
        for (given, want) in cases {
            match resolve_existing(Path::new(given)) {
                Ok(p) => assert_eq!(p, PathBuf::from(&want), "{given}"),
                Err(e) => panic!("{given}: {e}"),
            }
        }
        let below = tmp.join("nonexistent-loop-y").join("z");
        match resolve_existing(&below) {
            Ok(p) => assert_eq!(p, below),
            Err(e) => panic!("{}: {e}", below.display()),
        }
    }
}

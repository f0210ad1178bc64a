//! The tools of `loop mcp serve`, as plain functions over JSON arguments: each returns a text
//! for the model and a structured result matching its `outputSchema`. Every text we return is
//! capped; every path we are given is kept inside the workspace (ledgers) or the spill
//! directory (spill reads).

use std::path::{Path, PathBuf};

use loopwright_guard::breaker::{BreakerConfig, decide};
use loopwright_guard::cost::{EstimateRequest, Registry, estimate};
use loopwright_guard::prune::{PruneConfig, prune_attempts};
use loopwright_guard::report::{decision_json, inject_text};
use loopwright_guard::summary::summarize;
use loopwright_observe::{Cap, CompressOptions, cap_head_tail, shape_output};
use loopwright_policy::{Policy, Request};
use loopwright_protocol::json as pjson;
use loopwright_protocol::ledger::{Ledger, Outcome};
use loopwright_protocol::tool::ToolRole;
use loopwright_store::ledger_file::{NewAttempt, append_attempt, decode};
use loopwright_store::spill::{Range, SpillStore, parse_range, read_range};
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// Default cap on any text we return, in characters.
pub const DEFAULT_MAX_OUTPUT_CHARS: usize = 20_000;
/// Smallest and largest cap a caller may ask for.
pub const OUTPUT_CHARS_RANGE: (usize, usize) = (600, 100_000);
/// The ledger used when a call names none (the loop-context default).
pub const DEFAULT_LEDGER: &str = "loop-ledger.json";
/// Room kept for the spill pointer, in characters.
const POINTER_RESERVE: usize = 400;

/// Why a call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ToolError {
    /// No tool of that name (an MCP "invalid params" error).
    #[error("unknown tool `{0}`")]
    UnknownTool(String),
    /// The arguments do not fit the tool's schema (an MCP "invalid params" error).
    #[error("{tool}: invalid arguments: {message}")]
    InvalidArguments {
        /// The tool.
        tool: &'static str,
        /// What is wrong, naming the argument.
        message: String,
    },
    /// The tool ran and failed (a result with `isError`).
    #[error("{tool}: {message}")]
    Failed {
        /// The tool.
        tool: &'static str,
        /// Why.
        message: String,
    },
}

/// A tool's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput {
    /// The text content (capped).
    pub text: String,
    /// The structured content (matches the tool's `outputSchema`).
    pub structured: Value,
}

/// What the tools work on.
#[derive(Debug, Clone)]
pub struct LoopTools {
    /// The workspace root (canonical).
    pub workspace: PathBuf,
    /// The permission rules `loop_gate_check` applies.
    pub policy: Policy,
    /// The home directory, for `~` in rules.
    pub home: Option<String>,
    /// Where `loop_compress` spills and `loop_spill_read` reads.
    pub spill_dir: PathBuf,
    /// The role of a tool `loop_gate_check` is given by name without a `role` (the caller
    /// knows its tools: `loop mcp serve` passes the built-in tools' roles).
    pub role_of: fn(&str) -> ToolRole,
}

fn args<T: for<'de> Deserialize<'de>>(
    tool: &'static str,
    a: &Map<String, Value>,
) -> Result<T, ToolError> {
    serde_json::from_value(Value::Object(a.clone())).map_err(|e| ToolError::InvalidArguments {
        tool,
        message: e.to_string(),
    })
}

fn failed(tool: &'static str) -> impl Fn(String) -> ToolError {
    move |message| ToolError::Failed { tool, message }
}

fn max_chars(tool: &'static str, v: Option<usize>) -> Result<usize, ToolError> {
    let n = v.unwrap_or(DEFAULT_MAX_OUTPUT_CHARS);
    let (lo, hi) = OUTPUT_CHARS_RANGE;
    if (lo..=hi).contains(&n) {
        Ok(n)
    } else {
        Err(ToolError::InvalidArguments {
            tool,
            message: format!("`max_chars` must be in {lo}..={hi} (got {n})"),
        })
    }
}

fn to_serde(v: &pjson::Value) -> Value {
    serde_json::from_str(&pjson::to_string_pretty(v)).unwrap_or(Value::Null)
}

fn cap(text: &str, n: usize) -> (String, bool) {
    let c = cap_head_tail(text, Cap::Chars(n));
    let cut = c.was_cut();
    (c.text, cut)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CompressArgs {
    text: String,
    command: Option<String>,
    #[serde(default)]
    keep: Vec<String>,
    max_chars: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpillReadArgs {
    path: String,
    lines: Option<String>,
    bytes: Option<String>,
    max_chars: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GateArgs {
    command: Option<String>,
    tool: Option<String>,
    role: Option<String>,
    path: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BreakerArgs {
    ledger: Option<String>,
    max_iterations: Option<f64>,
    token_budget: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordArgs {
    ledger: Option<String>,
    action: String,
    outcome: String,
    error: Option<String>,
    tokens_used: Option<f64>,
    goal: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InjectArgs {
    ledger: Option<String>,
    window: Option<f64>,
    max_trace_lines: Option<f64>,
    max_iterations: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CostArgs {
    pattern_id: String,
    level: Option<String>,
    cadence: Option<String>,
}

impl LoopTools {
    /// Runs tool `name` with `arguments`.
    ///
    /// # Errors
    /// [`ToolError`]: unknown tool or bad arguments (protocol errors), or a failed run.
    pub fn call(
        &self,
        name: &str,
        arguments: &Map<String, Value>,
    ) -> Result<ToolOutput, ToolError> {
        match name {
            "loop_compress" => self.compress(args("loop_compress", arguments)?),
            "loop_spill_read" => self.spill_read(args("loop_spill_read", arguments)?),
            "loop_gate_check" => self.gate_check(args("loop_gate_check", arguments)?),
            "loop_check_breaker" => self.check_breaker(args("loop_check_breaker", arguments)?),
            "loop_ledger_record" => self.ledger_record(args("loop_ledger_record", arguments)?),
            "loop_context_inject" => self.context_inject(args("loop_context_inject", arguments)?),
            "loop_estimate_cost" => estimate_cost(args("loop_estimate_cost", arguments)?),
            _ => Err(ToolError::UnknownTool(name.chars().take(100).collect())),
        }
    }

    fn compress(&self, a: CompressArgs) -> Result<ToolOutput, ToolError> {
        const T: &str = "loop_compress";
        let n = max_chars(T, a.max_chars)?;
        let mut opts = CompressOptions::default().with_keep(&a.keep).map_err(|e| {
            ToolError::InvalidArguments {
                tool: T,
                message: e.to_string(),
            }
        })?;
        if let Some(c) = &a.command {
            opts = opts.with_command(c);
        }
        let shaped = shape_output(
            a.text.as_bytes(),
            &opts,
            Some(Cap::Chars(n)),
            POINTER_RESERVE,
        );
        let mut text = shaped.text;
        let mut spill = Value::Null;
        if shaped.needs_spill {
            let file = SpillStore::new(&self.spill_dir)
                .write(a.text.as_bytes())
                .map_err(|e| failed(T)(e.to_string()))?;
            if !text.ends_with('\n') {
                text.push('\n');
            }
            let shown_path = file.path.display().to_string();
            text.push_str(
                &loopwright_observe::plan::Pointer {
                    path: &shown_path,
                    bytes: file.bytes,
                    lines: file.lines,
                }
                .render(),
            );
            spill = json!({"path": file.path.display().to_string(), "bytes": file.bytes, "lines": file.lines});
        }
        let s = &shaped.stats;
        let structured = json!({
            "text": text,
            "folded_lines": s.folded_lines,
            "cut_chars": shaped.cut_chars,
            "lines_in": s.lines_in,
            "bytes_in": s.bytes_in,
            "chars_out": text.chars().count(),
            "spill": spill,
        });
        Ok(ToolOutput { text, structured })
    }

    /// `path` as a file inside the spill directory.
    fn spill_path(&self, path: &str) -> Result<PathBuf, ToolError> {
        const T: &str = "loop_spill_read";
        let p = Path::new(path);
        let joined = if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.workspace.join(p)
        };
        let outside = || ToolError::InvalidArguments {
            tool: T,
            message: format!(
                "`path` {path} is not a spill file under {}",
                self.spill_dir.display()
            ),
        };
        let file = std::fs::canonicalize(&joined)
            .map_err(|e| failed(T)(format!("cannot open {path}: {e}")))?;
        let dir = std::fs::canonicalize(&self.spill_dir).map_err(|_| outside())?;
        if file.starts_with(&dir) && file.is_file() {
            Ok(file)
        } else {
            Err(outside())
        }
    }

    fn spill_read(&self, a: SpillReadArgs) -> Result<ToolOutput, ToolError> {
        const T: &str = "loop_spill_read";
        let n = max_chars(T, a.max_chars)?;
        let bad =
            |field: &str, e: loopwright_store::spill::SpillError| ToolError::InvalidArguments {
                tool: T,
                message: format!("`{field}`: {e}"),
            };
        let range = match (&a.lines, &a.bytes) {
            (Some(_), Some(_)) => {
                return Err(ToolError::InvalidArguments {
                    tool: T,
                    message: "give `lines` or `bytes`, not both".into(),
                });
            }
            (Some(l), None) => {
                let (x, y) = parse_range(l).map_err(|e| bad("lines", e))?;
                Range::Lines(x, y)
            }
            (None, Some(b)) => {
                let (x, y) = parse_range(b).map_err(|e| bad("bytes", e))?;
                Range::Bytes(x, y)
            }
            (None, None) => Range::Lines(None, None),
        };
        let file = self.spill_path(&a.path)?;
        let mut buf = Vec::new();
        let read = read_range(&file, range, &mut buf).map_err(|e| failed(T)(e.to_string()))?;
        let (mut text, cut) = cap(&String::from_utf8_lossy(&buf), n);
        if cut {
            text.push_str(&format!(
                "\n[cut to {n} characters: read a smaller range with `lines` or `bytes`]\n"
            ));
        }
        let structured = json!({"path": file.display().to_string(), "bytes_read": read, "text": text, "cut": cut});
        Ok(ToolOutput { text, structured })
    }

    fn gate_check(&self, a: GateArgs) -> Result<ToolOutput, ToolError> {
        const T: &str = "loop_gate_check";
        let bad = |m: &str| ToolError::InvalidArguments {
            tool: T,
            message: m.to_owned(),
        };
        let (tool, default_role) = match &a.tool {
            Some(t) => (t.clone(), (self.role_of)(t)),
            None => ("shell".to_string(), ToolRole::Shell),
        };
        if tool.trim().is_empty() {
            return Err(bad("`tool` is empty"));
        }
        let role = match a.role.as_deref() {
            Some(r) => ToolRole::parse(r)
                .ok_or_else(|| bad("`role` must be read, write, shell or other"))?,
            None => default_role,
        };
        let mut req = Request {
            tool: tool.clone(),
            role,
            workspace: self.workspace.to_string_lossy().into_owned(),
            home: self.home.clone(),
            ..Request::default()
        };
        if role == ToolRole::Shell {
            req.command =
                Some(a.command.ok_or_else(|| {
                    bad("`command` is required for a shell tool (`tool` shell, the default, or `role` shell)")
                })?);
        } else if a.command.is_some() {
            return Err(bad(
                "`command` is for a shell tool; other tools take `path`",
            ));
        } else if let Some(p) = a.path {
            req.resolved_path = resolve(&p, &self.workspace, self.home.as_deref());
            req.path = Some(p);
        }
        let d = self.policy.check(&req);
        let structured = serde_json::to_value(&d).map_err(|e| failed(T)(e.to_string()))?;
        let mut text = format!("{}: {}\n", d.verdict.as_str(), d.reason);
        if d.parts.len() > 1 {
            for p in &d.parts {
                text.push_str(&format!(
                    "  {:<5} {:<7} {}  ({})\n",
                    p.verdict.as_str(),
                    p.kind,
                    p.text.replace('\n', "\\n"),
                    p.reason
                ));
            }
        }
        let (text, _) = cap(&text, DEFAULT_MAX_OUTPUT_CHARS);
        Ok(ToolOutput { text, structured })
    }

    /// `path` (default [`DEFAULT_LEDGER`]) as a file inside the workspace.
    fn ledger_path(&self, tool: &'static str, path: Option<&str>) -> Result<PathBuf, ToolError> {
        let path = path.unwrap_or(DEFAULT_LEDGER);
        let p = Path::new(path);
        let joined = if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.workspace.join(p)
        };
        let outside = || ToolError::InvalidArguments {
            tool,
            message: format!(
                "`ledger` {path} is not a file inside the workspace {}",
                self.workspace.display()
            ),
        };
        let name = joined.file_name().ok_or_else(outside)?.to_owned();
        let parent = joined.parent().ok_or_else(outside)?;
        let parent = std::fs::canonicalize(parent).map_err(|_| outside())?;
        if !parent.starts_with(&self.workspace) {
            return Err(outside());
        }
        Ok(parent.join(name))
    }

    fn read_ledger(&self, tool: &'static str, path: &Path) -> Result<Ledger, ToolError> {
        let bytes = std::fs::read(path)
            .map_err(|e| failed(tool)(format!("cannot read ledger {}: {e}", path.display())))?;
        let value = pjson::parse(&decode(bytes)).map_err(|e| {
            failed(tool)(format!("ledger {} is not valid JSON: {e}", path.display()))
        })?;
        Ledger::from_owned(value)
            .map_err(|e| failed(tool)(format!("ledger {}: {e}", path.display())))
    }

    fn check_breaker(&self, a: BreakerArgs) -> Result<ToolOutput, ToolError> {
        const T: &str = "loop_check_breaker";
        let path = self.ledger_path(T, a.ledger.as_deref())?;
        let ledger = self.read_ledger(T, &path)?;
        let mut cfg = BreakerConfig {
            token_budget: a.token_budget,
            ..BreakerConfig::default()
        };
        if let Some(m) = a.max_iterations {
            cfg.max_iterations = m;
        }
        let d = decide(&ledger, &cfg);
        let structured = to_serde(&decision_json(&d));
        let text = format!(
            "{}: {} (trigger {}, {} iterations of {}, {} tokens)\n",
            if d.escalate { "ESCALATE" } else { "CONTINUE" },
            d.reason,
            d.trigger.as_str(),
            d.iterations,
            cfg.max_iterations,
            d.tokens_used
        );
        let (text, _) = cap(&text, DEFAULT_MAX_OUTPUT_CHARS);
        Ok(ToolOutput { text, structured })
    }

    fn ledger_record(&self, a: RecordArgs) -> Result<ToolOutput, ToolError> {
        const T: &str = "loop_ledger_record";
        let outcome = Outcome::parse(&a.outcome).ok_or_else(|| ToolError::InvalidArguments {
            tool: T,
            message: format!(
                "`outcome` must be success, failure or noop (got `{}`)",
                a.outcome
            ),
        })?;
        let path = self.ledger_path(T, a.ledger.as_deref())?;
        let now = loopwright_store::ledger_file::now_iso();
        let attempt = NewAttempt {
            action: a.action,
            outcome,
            error: a.error,
            tokens_used: a.tokens_used,
            timestamp: now.clone(),
        };
        let done = append_attempt(&path, a.goal.as_deref(), &now, &attempt)
            .map_err(|e| failed(T)(e.to_string()))?;
        let d = decide(&done.ledger, &BreakerConfig::default());
        let structured = json!({
            "ledger": path.display().to_string(),
            "iteration": done.iteration,
            "decision": to_serde(&decision_json(&d)),
        });
        let text = format!(
            "recorded iteration {} in {}; breaker: {}\n",
            done.iteration,
            path.display(),
            d.reason
        );
        Ok(ToolOutput { text, structured })
    }

    fn context_inject(&self, a: InjectArgs) -> Result<ToolOutput, ToolError> {
        const T: &str = "loop_context_inject";
        let path = self.ledger_path(T, a.ledger.as_deref())?;
        let ledger = self.read_ledger(T, &path)?;
        let mut breaker = BreakerConfig::default();
        if let Some(m) = a.max_iterations {
            breaker.max_iterations = m;
        }
        let mut prune = PruneConfig::default();
        if let Some(w) = a.window {
            prune.window = w;
        }
        if let Some(m) = a.max_trace_lines {
            prune.max_trace_lines = m;
        }
        let s = summarize(&ledger, breaker.similarity_threshold);
        let d = decide(&ledger, &breaker);
        let pruned = prune_attempts(&ledger, &prune);
        let (text, cut) = cap(
            &inject_text(&ledger.goal, &s, &d, &pruned, breaker.max_iterations),
            DEFAULT_MAX_OUTPUT_CHARS,
        );
        let structured = json!({"text": text, "cut": cut, "escalate": d.escalate});
        Ok(ToolOutput { text, structured })
    }
}

fn estimate_cost(a: CostArgs) -> Result<ToolOutput, ToolError> {
    const T: &str = "loop_estimate_cost";
    let registry =
        Registry::embedded().map_err(|e| failed(T)(format!("built-in pattern registry: {e}")))?;
    let req = EstimateRequest {
        pattern: &a.pattern_id,
        level: a.level.as_deref(),
        cadence: a.cadence.as_deref(),
        ..EstimateRequest::default()
    };
    let e = estimate(&registry, &req).map_err(|e| ToolError::InvalidArguments {
        tool: T,
        message: e.to_string(),
    })?;
    let structured = to_serde(&e.to_json_value());
    let (text, _) = cap(&e.to_text(), DEFAULT_MAX_OUTPUT_CHARS);
    Ok(ToolOutput { text, structured })
}

use loopwright_store::paths::resolve_existing as resolve;

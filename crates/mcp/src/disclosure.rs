//! Progressive tool disclosure, as pure logic: when the schemas of the non-core tools cost
//! more than a share of the context window, they are deferred. The model then sees a sorted
//! one-line catalogue (for the stable prefix) and two tools that never change during a run:
//! `tool_search` (exact name first, then BM25 over names, descriptions and parameter names;
//! the best five with their full schemas) and `tool_call`, a proxy whose arguments are
//! validated against the target's schema before the call is judged as the target tool.
//!
//! Nothing here changes the `tools` array after it is built: found tools come back as tool
//! results, so the cached prefix of every request stays byte-identical.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

/// The name of the search tool.
pub const SEARCH_TOOL: &str = "tool_search";
/// The name of the proxy tool.
pub const CALL_TOOL: &str = "tool_call";
/// How many tools one search returns.
pub const SEARCH_RESULTS: usize = 5;
/// The default share of the window the deferrable schemas may take before they are deferred.
pub const DEFAULT_WINDOW_SHARE: f64 = 0.10;
/// Longest catalogue line description, in characters.
const CATALOGUE_DESCRIPTION_CHARS: usize = 100;

/// When to defer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DisclosureMode {
    /// Defer when the schemas exceed the threshold.
    #[default]
    Auto,
    /// Always defer the non-core tools.
    Always,
    /// Never defer.
    Never,
}

impl DisclosureMode {
    /// Parses `auto`, `always` or `never`.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "auto" => Some(Self::Auto),
            "always" => Some(Self::Always),
            "never" => Some(Self::Never),
            _ => None,
        }
    }
}

/// The disclosure settings.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DisclosureConfig {
    /// When to defer.
    pub mode: DisclosureMode,
    /// Defer when the schemas cost more tokens than this (default: 10% of the window).
    pub threshold_tokens: Option<usize>,
}

impl DisclosureConfig {
    /// Whether tools whose schemas cost `schema_tokens` are deferred in a `window_tokens` window.
    pub fn should_defer(&self, schema_tokens: usize, window_tokens: usize) -> bool {
        match self.mode {
            DisclosureMode::Never => false,
            DisclosureMode::Always => true,
            DisclosureMode::Auto => {
                let limit = self
                    .threshold_tokens
                    .unwrap_or((window_tokens as f64 * DEFAULT_WINDOW_SHARE) as usize);
                schema_tokens > limit
            }
        }
    }
}

/// One tool as the model would see it.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    /// Its model-facing name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The JSON schema of its arguments.
    pub input_schema: Value,
}

impl ToolSpec {
    /// The tool as one JSON object (`name`, `description`, `input_schema`), as sent to a model.
    pub fn to_json(&self) -> Value {
        json!({"name": self.name, "description": self.description, "input_schema": self.input_schema})
    }
}

/// The tokens the tools' definitions cost per request, by `count` (a tokenizer or an estimate).
pub fn schema_tokens(tools: &[ToolSpec], count: &dyn Fn(&str) -> usize) -> usize {
    tools.iter().map(|t| count(&t.to_json().to_string())).sum()
}

/// Why a `tool_search` or `tool_call` was refused (the text is for the model).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisclosureError {
    /// A required argument is missing or has the wrong type.
    #[error("{tool}: argument `{field}` {problem}")]
    BadArgument {
        /// `tool_search` or `tool_call`.
        tool: &'static str,
        /// The argument.
        field: &'static str,
        /// What is wrong with it.
        problem: String,
    },
    /// `tool_call` named no deferred tool.
    #[error("tool_call: no deferred tool named `{name}`; use tool_search to find one{hint}")]
    UnknownTool {
        /// The name given (cut to 100 characters).
        name: String,
        /// ` (did you mean ...?)` or empty.
        hint: String,
    },
    /// The arguments do not match the target's schema.
    #[error("tool_call: arguments for `{name}` do not match its schema: {problems}")]
    InvalidArguments {
        /// The target.
        name: String,
        /// Every problem, `; `-separated.
        problems: String,
    },
}

/// A validated `tool_call`: the target and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct ProxiedCall {
    /// The target's model-facing name (judged by the policy as that tool).
    pub name: String,
    /// The arguments for it.
    pub arguments: Map<String, Value>,
}

/// The deferred tools of a run, sorted by name, with their search index.
#[derive(Debug, Clone)]
pub struct Deferred {
    tools: Vec<ToolSpec>,
    index: Bm25,
}

impl Deferred {
    /// Defers `tools` (sorted by name; a later duplicate name is dropped).
    pub fn new(mut tools: Vec<ToolSpec>) -> Self {
        tools.sort_by(|a, b| a.name.cmp(&b.name));
        tools.dedup_by(|a, b| a.name == b.name);
        let docs = tools.iter().map(document).collect();
        Deferred {
            index: Bm25::new(docs),
            tools,
        }
    }

    /// The deferred tools, sorted by name.
    pub fn tools(&self) -> &[ToolSpec] {
        &self.tools
    }

    /// The catalogue for the stable prefix: one line per tool, sorted by name.
    pub fn catalogue(&self) -> String {
        let mut out = format!(
            "Deferred tools ({}): their schemas are not loaded. Call `{SEARCH_TOOL}` with a query \
             to get a tool's full schema, then `{CALL_TOOL}` with its name and arguments.\n",
            self.tools.len()
        );
        for t in &self.tools {
            out.push_str("- ");
            out.push_str(&t.name);
            let line = one_line(&t.description);
            if !line.is_empty() {
                out.push_str(": ");
                out.push_str(&line);
            }
            out.push('\n');
        }
        out
    }

    /// The best [`SEARCH_RESULTS`] tools for `query`: an exact name first, then by BM25 score
    /// (ties by name); tools matching no query term are left out.
    pub fn search(&self, query: &str) -> Vec<&ToolSpec> {
        let q = query.trim();
        let mut out: Vec<usize> = Vec::new();
        if let Some(i) = self.tools.iter().position(|t| t.name == q) {
            out.push(i);
        }
        let terms = tokens(q);
        let mut scored: Vec<(f64, usize)> = self
            .index
            .scores(&terms)
            .into_iter()
            .enumerate()
            .filter(|(i, s)| *s > 0.0 && !out.contains(i))
            .map(|(i, s)| (s, i))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        out.extend(scored.into_iter().map(|(_, i)| i));
        out.truncate(SEARCH_RESULTS);
        out.into_iter().map(|i| &self.tools[i]).collect()
    }

    /// Runs a `tool_search` call: the tool result text (a JSON array of full definitions).
    ///
    /// # Errors
    /// When `query` is missing or not a string.
    pub fn run_search(&self, args: &Value) -> Result<String, DisclosureError> {
        let query = args.get("query").and_then(Value::as_str).ok_or_else(|| {
            DisclosureError::BadArgument {
                tool: SEARCH_TOOL,
                field: "query",
                problem: "is required (a string: a tool name or words describing the task)".into(),
            }
        })?;
        let found: Vec<Value> = self.search(query).iter().map(|t| t.to_json()).collect();
        if found.is_empty() {
            return Ok(format!(
                "No deferred tool matches `{}`. Try other words; the catalogue lists every deferred tool.",
                one_line(query)
            ));
        }
        Ok(serde_json::to_string_pretty(&found).unwrap_or_default())
    }

    /// Checks a `tool_call`: the target exists and the arguments match its schema.
    ///
    /// # Errors
    /// [`DisclosureError`] with a text for the model.
    pub fn check_call(&self, args: &Value) -> Result<ProxiedCall, DisclosureError> {
        let name = args.get("name").and_then(Value::as_str).ok_or_else(|| {
            DisclosureError::BadArgument {
                tool: CALL_TOOL,
                field: "name",
                problem: "is required (the name of a deferred tool)".into(),
            }
        })?;
        let arguments = match args.get("arguments") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(m)) => m.clone(),
            Some(_) => {
                return Err(DisclosureError::BadArgument {
                    tool: CALL_TOOL,
                    field: "arguments",
                    problem: "must be an object".into(),
                });
            }
        };
        let Ok(i) = self.tools.binary_search_by(|t| t.name.as_str().cmp(name)) else {
            let hint = self
                .search(name)
                .first()
                .map(|t| format!(" (did you mean `{}`?)", t.name))
                .unwrap_or_default();
            return Err(DisclosureError::UnknownTool {
                name: name.chars().take(100).collect(),
                hint,
            });
        };
        let target = &self.tools[i];
        validate(&target.input_schema, &Value::Object(arguments.clone())).map_err(|problems| {
            DisclosureError::InvalidArguments {
                name: target.name.clone(),
                problems,
            }
        })?;
        Ok(ProxiedCall {
            name: target.name.clone(),
            arguments,
        })
    }
}

/// The definition of `tool_search`.
pub fn search_tool_spec() -> ToolSpec {
    ToolSpec {
        name: SEARCH_TOOL.into(),
        description: format!(
            "Find deferred tools by name or by words describing what you need. Returns up to \
             {SEARCH_RESULTS} tools with their full schemas; call one with `{CALL_TOOL}`."
        ),
        input_schema: json!({
            "type": "object",
            "properties": {"query": {"type": "string", "description": "A tool name or a few keywords"}},
            "required": ["query"],
            "additionalProperties": false
        }),
    }
}

/// The definition of `tool_call`.
pub fn call_tool_spec() -> ToolSpec {
    ToolSpec {
        name: CALL_TOOL.into(),
        description: format!(
            "Call a deferred tool by name. Get its schema with `{SEARCH_TOOL}` first; the arguments \
             are checked against it."
        ),
        input_schema: json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "The deferred tool's name"},
                "arguments": {"type": "object", "description": "Its arguments"}
            },
            "required": ["name"],
            "additionalProperties": false
        }),
    }
}

/// Validates `value` against `schema`; `Err` lists every problem. A schema that does not
/// compile accepts any object (the server will judge the arguments itself).
fn validate(schema: &Value, value: &Value) -> Result<(), String> {
    let Ok(validator) = jsonschema::validator_for(schema) else {
        return Ok(());
    };
    let problems: Vec<String> = validator
        .iter_errors(value)
        .take(8)
        .map(|e| {
            let at = e.instance_path().to_string();
            if at.is_empty() {
                e.to_string()
            } else {
                format!("{at}: {e}")
            }
        })
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

fn one_line(text: &str) -> String {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let mut s: String = first
        .chars()
        .filter(|c| !c.is_control())
        .take(CATALOGUE_DESCRIPTION_CHARS)
        .collect();
    if first.chars().count() > CATALOGUE_DESCRIPTION_CHARS {
        s.push('…');
    }
    s
}

/// Lower-case words, with `snake_case`, `kebab-case` and `camelCase` split apart.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if c.is_uppercase() && prev_lower && !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = c.is_lowercase() || c.is_ascii_digit();
            cur.extend(c.to_lowercase());
        } else {
            prev_lower = false;
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The searchable words of a tool: its name (twice: names matter most), its description and
/// its parameter names and their descriptions.
fn document(t: &ToolSpec) -> Vec<String> {
    let mut words = tokens(&t.name);
    words.extend(tokens(&t.name));
    words.extend(tokens(&t.description));
    if let Some(props) = t.input_schema.get("properties").and_then(Value::as_object) {
        for (k, v) in props {
            words.extend(tokens(k));
            if let Some(d) = v.get("description").and_then(Value::as_str) {
                words.extend(tokens(d));
            }
        }
    }
    words
}

/// Okapi BM25 over a fixed set of documents (k1 = 1.2, b = 0.75).
#[derive(Debug, Clone)]
struct Bm25 {
    docs: Vec<BTreeMap<String, usize>>,
    lengths: Vec<usize>,
    df: BTreeMap<String, usize>,
    avg_len: f64,
}

impl Bm25 {
    fn new(docs: Vec<Vec<String>>) -> Self {
        let lengths: Vec<usize> = docs.iter().map(Vec::len).collect();
        let mut df: BTreeMap<String, usize> = BTreeMap::new();
        let docs: Vec<BTreeMap<String, usize>> = docs
            .into_iter()
            .map(|d| {
                let mut tf = BTreeMap::new();
                for w in d {
                    *tf.entry(w).or_insert(0) += 1;
                }
                for w in tf.keys() {
                    *df.entry(w.clone()).or_insert(0) += 1;
                }
                tf
            })
            .collect();
        let avg_len = if lengths.is_empty() {
            1.0
        } else {
            (lengths.iter().sum::<usize>() as f64 / lengths.len() as f64).max(1.0)
        };
        Bm25 {
            docs,
            lengths,
            df,
            avg_len,
        }
    }

    fn scores(&self, terms: &[String]) -> Vec<f64> {
        const K1: f64 = 1.2;
        const B: f64 = 0.75;
        let n = self.docs.len() as f64;
        self.docs
            .iter()
            .zip(&self.lengths)
            .map(|(tf, &len)| {
                terms
                    .iter()
                    .filter_map(|t| {
                        let f = *tf.get(t)? as f64;
                        let df = *self.df.get(t)? as f64;
                        let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
                        Some(
                            idf * f * (K1 + 1.0)
                                / (f + K1 * (1.0 - B + B * len as f64 / self.avg_len)),
                        )
                    })
                    .sum()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;

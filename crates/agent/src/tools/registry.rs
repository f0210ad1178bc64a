//! The tool registry: every tool the model can call, from every source, declared once.
//!
//! A [`Tool`] carries its spec (name, description, JSON schema, [`ToolRole`]), says which
//! permission [`Request`] its arguments make, describes a call in one line, and runs. A
//! [`ToolSource`] yields tools: the built-in tools are the first source; MCP servers,
//! sub-agents and deferred tools are more sources, added with [`ToolRegistry::from_sources`]
//! without touching dispatch. The engine only ever asks the registry.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use loopwright_policy::Request;
use loopwright_protocol::event::Event;
use loopwright_protocol::tool::{ToolCall, ToolRole, ToolSpec};
use serde_json::Value;

use super::{ToolContext, ToolOutput, clip};

/// What a running tool may use besides its arguments.
#[derive(Debug, Clone, Copy)]
pub struct RunContext<'a> {
    /// Workspace, spill store, timeouts, cancel flag.
    pub tools: &'a ToolContext,
    /// The run's verify command, if any.
    pub verify: Option<&'a str>,
    /// Time left to the run; a command never outlives it.
    pub run_left: Option<Duration>,
    /// The session's events so far (for tools that read the session, like `recall`).
    pub events: &'a [Event],
}

/// One tool the model can call.
pub trait Tool: Send + Sync {
    /// Name, description, schema and role.
    fn spec(&self) -> &ToolSpec;

    /// The permission request these (schema-valid) arguments make in `workspace`; `None` for
    /// a tool that touches nothing outside the session log (it is never gated).
    fn request(&self, args: &Value, workspace: &Path) -> Option<Request>;

    /// A one-line description of a call for progress lines and ledgers: `shell: cargo test`.
    fn describe(&self, args: &Value) -> String {
        describe_generic(&self.spec().name, args)
    }

    /// Runs a schema-valid, permitted call.
    fn run(&self, call: &ToolCall, cx: &RunContext<'_>) -> ToolOutput;

    /// Events the call adds to the session log just before its result (e.g. the record of a
    /// sub-agent), taken once after [`Tool::run`] returns. None by default.
    fn take_events(&self, _call_id: &str) -> Vec<loopwright_protocol::event::EventKind> {
        Vec::new()
    }
}

/// A source of tools (built-in, an MCP server, sub-agents, deferred tools).
pub trait ToolSource {
    /// The source's name, for error messages.
    fn name(&self) -> &str;
    /// The tools it offers.
    fn tools(&self) -> Vec<Arc<dyn Tool>>;
}

/// Why a registry cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    /// Two tools have the same name.
    #[error("tool `{name}` of source `{source_name}` is already defined")]
    Duplicate {
        /// The tool name.
        name: String,
        /// The source that defined it a second time.
        source_name: String,
    },
    /// A schema does not compile.
    #[error("schema of tool `{name}`: {message}")]
    Schema {
        /// The tool name.
        name: String,
        /// The compiler's message.
        message: String,
    },
}

/// Why a call cannot run; the text is what the model reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// No tool of that name.
    #[error("unknown tool `{name}`; the tools are: {known}")]
    Unknown {
        /// The name the model used.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// The arguments are not a JSON object (a model sent a string).
    #[error("invalid arguments for `{name}`: not a JSON object: {raw}")]
    NotObject {
        /// The tool.
        name: String,
        /// The start of what was sent.
        raw: String,
    },
    /// The arguments do not match the schema.
    #[error("invalid arguments for `{name}`: {errors}. Fix the arguments and call the tool again.")]
    Schema {
        /// The tool.
        name: String,
        /// Every schema error, `; `-separated, each naming its field.
        errors: String,
    },
    /// The arguments matched the schema but not the tool's typed arguments.
    #[error("invalid arguments for `{name}`: {message}")]
    Args {
        /// The tool.
        name: String,
        /// The deserializer's message.
        message: String,
    },
}

struct Entry {
    tool: Arc<dyn Tool>,
    validator: jsonschema::Validator,
}

/// Every tool of a run, with its schema validator compiled once.
pub struct ToolRegistry {
    entries: Vec<Entry>,
}

impl std::fmt::Debug for ToolRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolRegistry")
            .field("tools", &self.names())
            .finish()
    }
}

impl ToolRegistry {
    /// The registry of the built-in tools.
    ///
    /// # Errors
    /// When a built-in schema does not compile (a bug).
    pub fn builtin() -> Result<Self, RegistryError> {
        Self::from_sources(&[&super::builtin::BuiltinTools])
    }

    /// A registry of every tool of `sources`, in order.
    ///
    /// # Errors
    /// [`RegistryError::Duplicate`] when two tools share a name, [`RegistryError::Schema`]
    /// when a schema does not compile.
    pub fn from_sources(sources: &[&dyn ToolSource]) -> Result<Self, RegistryError> {
        let mut entries: Vec<Entry> = Vec::new();
        for source in sources {
            for tool in source.tools() {
                let name = tool.spec().name.clone();
                if entries.iter().any(|e| e.tool.spec().name == name) {
                    return Err(RegistryError::Duplicate {
                        name,
                        source_name: source.name().to_string(),
                    });
                }
                let validator =
                    jsonschema::validator_for(&tool.spec().parameters).map_err(|e| {
                        RegistryError::Schema {
                            name: name.clone(),
                            message: e.to_string(),
                        }
                    })?;
                entries.push(Entry { tool, validator });
            }
        }
        Ok(ToolRegistry { entries })
    }

    /// The specs sent to the model, in registry order.
    pub fn specs(&self) -> Vec<ToolSpec> {
        self.entries.iter().map(|e| e.tool.spec().clone()).collect()
    }

    /// The names, in registry order.
    pub fn names(&self) -> Vec<&str> {
        self.entries
            .iter()
            .map(|e| e.tool.spec().name.as_str())
            .collect()
    }

    /// The tool called `name`.
    pub fn get(&self, name: &str) -> Option<&dyn Tool> {
        self.entry(name).map(|e| e.tool.as_ref())
    }

    /// The role of the tool called `name` ([`ToolRole::Other`] when unknown).
    pub fn role_of(&self, name: &str) -> ToolRole {
        self.get(name).map_or(ToolRole::Other, |t| t.spec().role)
    }

    fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.tool.spec().name == name)
    }

    /// The tool of `call` when it exists and the arguments match its schema.
    ///
    /// # Errors
    /// The [`CallError`] the model reads.
    pub fn check(&self, call: &ToolCall) -> Result<&dyn Tool, CallError> {
        let Some(entry) = self.entry(&call.name) else {
            return Err(CallError::Unknown {
                name: call.name.clone(),
                known: self.names().join(", "),
            });
        };
        if let Value::String(raw) = &call.arguments {
            return Err(CallError::NotObject {
                name: call.name.clone(),
                raw: clip(raw, 200),
            });
        }
        let errors: Vec<String> = entry
            .validator
            .iter_errors(&call.arguments)
            .map(|e| {
                let at = e.instance_path().to_string();
                if at.is_empty() {
                    e.to_string()
                } else {
                    format!("{at}: {e}")
                }
            })
            .collect();
        if errors.is_empty() {
            Ok(entry.tool.as_ref())
        } else {
            Err(CallError::Schema {
                name: call.name.clone(),
                errors: errors.join("; "),
            })
        }
    }

    /// A one-line description of `call` (generic for unknown tools).
    pub fn describe(&self, call: &ToolCall) -> String {
        match self.get(&call.name) {
            Some(t) => t.describe(&call.arguments),
            None => describe_generic(&call.name, &call.arguments),
        }
    }
}

/// `name: <the argument that says what the call does>`: the first of `command`, `path`,
/// `pattern`, `summary`, `id`, else the whole arguments, clipped to 120 bytes; `@offset` when
/// an offset is given.
pub fn describe_generic(name: &str, args: &Value) -> String {
    let key = ["command", "path", "pattern", "summary", "id"]
        .iter()
        .find_map(|k| args.get(k));
    describe_with(name, key, args)
}

/// `name: <key>` as [`describe_generic`] writes it, for a chosen key value.
pub fn describe_with(name: &str, key: Option<&Value>, args: &Value) -> String {
    let detail = match key {
        Some(Value::String(s)) => s.replace('\n', " "),
        Some(v) => v.to_string(),
        None if args.is_null() => String::new(),
        None => args.to_string(),
    };
    let mut out = format!("{name}: {}", clip(&detail, 120));
    if let Some(offset) = args.get("offset") {
        out.push_str(&format!(" @{offset}"));
    }
    out
}

/// Deserializes schema-valid arguments into a tool's typed arguments.
///
/// # Errors
/// [`CallError::Args`].
pub fn parse_args<T: serde::de::DeserializeOwned>(call: &ToolCall) -> Result<T, CallError> {
    serde_json::from_value(call.arguments.clone()).map_err(|e| CallError::Args {
        name: call.name.clone(),
        message: e.to_string(),
    })
}

//! Which calls a rule applies to: tool names (`tool = "write_file"`, globs like `mcp__git__*`)
//! and roles (`role = "write"`). Both given: both must match.

use globset::{Glob, GlobMatcher};
use loopwright_protocol::tool::ToolRole;

use crate::rule::{OneOrMany, RuleError};

/// A rule's `tool` and `role` selectors, compiled.
#[derive(Debug, Clone, Default)]
pub(crate) struct CallSelector {
    /// Tool names (`"*"` left out).
    pub(crate) names: Vec<String>,
    /// The names with glob characters, compiled (`*` crosses everything: tool names have no
    /// separators).
    globs: Vec<GlobMatcher>,
    /// Roles (`"*"` left out).
    pub(crate) roles: Vec<ToolRole>,
}

fn values(v: Option<&OneOrMany>) -> Vec<String> {
    v.map(OneOrMany::to_vec)
        .unwrap_or_default()
        .into_iter()
        .filter(|t| t != "*")
        .collect()
}

impl CallSelector {
    /// Compiles `tool` and `role`; the error names the bad field.
    pub(crate) fn compile(
        tool: Option<&OneOrMany>,
        role: Option<&OneOrMany>,
    ) -> Result<CallSelector, RuleError> {
        let names = values(tool);
        let mut globs = Vec::new();
        for t in names.iter().filter(|t| t.contains(['*', '?', '[', '{'])) {
            let g = Glob::new(t).map_err(|e| RuleError::Glob {
                field: "tool",
                message: e.to_string(),
            })?;
            globs.push(g.compile_matcher());
        }
        let mut roles = Vec::new();
        for r in values(role) {
            roles.push(ToolRole::parse(&r).ok_or(RuleError::Role { value: r })?);
        }
        Ok(CallSelector {
            names,
            globs,
            roles,
        })
    }

    /// True when the rule names neither a tool nor a role (it applies to every call).
    pub(crate) fn is_any(&self) -> bool {
        self.names.is_empty() && self.roles.is_empty()
    }

    /// Whether the rule applies to a part of a call of tool `name` doing `role`.
    pub(crate) fn matches(&self, name: &str, role: ToolRole) -> bool {
        (self.roles.is_empty() || self.roles.contains(&role))
            && (self.names.is_empty()
                || self.names.iter().any(|t| t == name)
                || self.globs.iter().any(|g| g.is_match(name)))
    }
}

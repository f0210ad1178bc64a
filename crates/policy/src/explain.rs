//! `Policy::explain`: the merged rule chain as text.

use crate::policy::Policy;
use crate::rule::Location;

impl Policy {
    /// The merged chain as text, one rule a line, most important first.
    pub fn explain(&self) -> String {
        let mut s = String::new();
        for (n, (r, rule)) in self.chain.iter().enumerate() {
            let mut sel = Vec::new();
            let spec = &rule.spec;
            if let Some(t) = &spec.tool {
                sel.push(format!("tool={}", t.to_vec().join(",")));
            }
            if let Some(t) = &spec.role {
                sel.push(format!("role={}", t.to_vec().join(",")));
            }
            if let Some(c) = &spec.command {
                sel.push(format!("command={:?}", c.to_vec().join("|")));
            }
            if let Some(c) = &spec.exact {
                sel.push(format!("exact={c:?}"));
            }
            if let Some(c) = &spec.glob {
                sel.push(format!("glob={c:?}"));
            }
            if let Some(p) = &spec.path {
                sel.push(format!("path={}", p.to_vec().join(",")));
            }
            if let Some(w) = spec.workspace {
                sel.push(format!(
                    "workspace={}",
                    if w == Location::Inside {
                        "inside"
                    } else {
                        "outside"
                    }
                ));
            }
            if sel.is_empty() {
                sel.push("(everything)".into());
            }
            s.push_str(&format!(
                "{:>3}. {:<5} {}  # {}  [{} {} #{}]\n",
                n + 1,
                rule.verdict.as_str(),
                sel.join(" "),
                spec.reason.as_deref().unwrap_or("-"),
                r.layer.as_str(),
                r.file,
                r.index
            ));
        }
        s.push_str("  *. ask   (no rule matches)\n");
        if !self.writable_roots.is_empty() {
            s.push_str(&format!(
                "writable roots: {}\n",
                self.writable_roots.join(", ")
            ));
        }
        s
    }
}
